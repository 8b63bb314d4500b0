"""Authentication: bearer tokens for API clients, the Django session (with CSRF) for the web."""

from __future__ import annotations

import functools
import logging

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from ninja.security import HttpBearer, SessionAuth

from adhiniyam.records.access import remember_memberships
from adhiniyam.records.prepared import Prepared, maker

from .models import ApiToken, hash_token


def _fields(model, prefix: str = "") -> list[str]:
    return [prefix + f.attname for f in model._meta.concrete_fields]


def _parts():
    User, Body, Membership = get_user_model(), apps.get_model("records", "Body"), apps.get_model("records", "Membership")
    return [(ApiToken, ""), (User, "user__"), (Membership, "user__memberships__"), (Body, "user__memberships__body__")]


_TOKEN = Prepared(lambda key_hash: ApiToken.objects.filter(key_hash=key_hash).values_list(
    *(n for model, prefix in _parts() for n in _fields(model, prefix))), "\x00key")


@functools.cache
def _makers() -> list:
    """For the token, its user, a membership and its body: (db, row) -> its instance, None if the row has
    none (a user without memberships), made once rather than on every request."""
    out, start = [], 0
    for model, _prefix in _parts():
        end = start + len(model._meta.concrete_fields)
        out.append(functools.partial(_make, maker(model), start, end))
        start = end
    return out


def _make(make, start: int, end: int, row):
    values = row[start:end]
    return None if values[0] is None else make("default", values)


def token_user(raw: str) -> ApiToken | None:
    """The token, its user and the user's memberships with their bodies, in one query (the memberships
    are kept on the user for access.memberships). Each related object is set as select_related sets it
    (the relation's cache: its id is the row's already)."""
    rows = _TOKEN(hash_token(raw))
    if not rows:
        return None
    token_of, user_of, membership_of, body_of = _makers()
    token, user = token_of(rows[0]), user_of(rows[0])
    set_token_user, set_member_user, set_member_body = _relations()
    set_token_user(token, user)
    held = []
    for row in rows:
        m = membership_of(row)
        if m is not None:
            set_member_body(m, body_of(row))
            set_member_user(m, user)
            held.append(m)
    remember_memberships(user, held)
    return token


@functools.cache
def _relations() -> tuple:
    """(instance, related) -> None for the token's user, a membership's user and its body."""
    Membership = apps.get_model("records", "Membership")
    return tuple(model._meta.get_field(name).set_cached_value
                 for model, name in ((ApiToken, "user"), (Membership, "user"), (Membership, "body")))


def bearer_token(request) -> str | None:
    """The token of `Authorization: Bearer <token>` as ninja's HttpBearer reads it (the scheme in any case,
    the token after the first space), or None for no header or another scheme; read from request.META, since
    request.headers copies every header of the request into a new mapping (1 % of an API write's
    instructions, issue 21)."""
    scheme, _space, token = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    return token if scheme.lower() == "bearer" else None


class TokenAuth(HttpBearer):
    openapi_scheme = "bearer"

    def __call__(self, request):
        """HttpBearer's reading of the header, by bearer_token."""
        token = bearer_token(request)
        if token is None:
            value = request.META.get("HTTP_AUTHORIZATION")
            if value and settings.DEBUG:
                logging.getLogger("django").error(f"Unexpected auth - '{value}'")     # as HttpBearer logs it
            return None
        return self.authenticate(request, token)

    def authenticate(self, request, token: str):
        if not token:
            return None
        row = token_user(token)
        if row is None or not row.usable() or not row.user.is_active:
            return None
        now = timezone.now()
        if row.last_used_at is None or (now - row.last_used_at).total_seconds() > 300:
            ApiToken.objects.filter(pk=row.pk).update(last_used_at=now)
        request.user = row.user
        request.api_token = row
        return row.user


class WebSession(SessionAuth):
    """The logged-in web user (unsafe methods need the CSRF token, as everywhere in Django)."""


AUTH = [TokenAuth(), WebSession()]


def revoke_tokens_on_password_change(sender, instance, update_fields=None, **kwargs):
    """pre_save of the user: a changed password or a deactivation revokes every token the user holds, in
    the transaction of the change (connected in ApiConfig.ready)."""
    if instance.pk is None or (update_fields is not None and not {"password", "is_active"} & set(update_fields)):
        return
    old = sender.objects.filter(pk=instance.pk).values("password", "is_active").first()
    if old is None:
        return
    if old["password"] != instance.password:
        ApiToken.revoke_all(instance, "password changed")
    elif old["is_active"] and not instance.is_active:
        ApiToken.revoke_all(instance, "user deactivated")
