"""Authentication: bearer tokens for API clients, the Django session (with CSRF) for the web."""

from __future__ import annotations

from django.utils import timezone
from ninja.security import HttpBearer, SessionAuth

from .models import ApiToken, hash_token


class TokenAuth(HttpBearer):
    openapi_scheme = "bearer"

    def authenticate(self, request, token: str):
        if not token:
            return None
        row = ApiToken.objects.select_related("user").filter(key_hash=hash_token(token)).first()
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
