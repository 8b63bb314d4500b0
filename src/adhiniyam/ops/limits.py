"""Limits on what the public can send, counted in the database so they hold across server processes.

  client_address(request)  the client's address, as ADHINIYAM_PROXIES says to read it (django-axes' resolver,
                           so the sign-in limit and the posting limits agree on who the client is)
  require_length(field, value, most)
                           text the public sends, refused (422) over its length, never cut short
  count_post(scope, body, user)
                           one more anonymous (per address) or signed-in (per account) post of a kind
                           (complaint, objection) at a body, refused with 429 over settings.ADHINIYAM_POST_LIMITS
  lockout_response(...)    django-axes' answer to a locked-out sign-in: 429 with Retry-After, as
                           application/problem+json on the API and a page on the web

The request being served is kept for the services that count posts (ClientMiddleware; its address is
worked out only when a post asks for it), so the public form, the API and Open311 are limited in the one
place a complaint is made.
"""

from __future__ import annotations

import contextvars
import datetime as dt
import json

from django.conf import settings
from django.db.models import F
from django.http import HttpResponse
from django.utils import timezone

from adhiniyam.records.errors import Invalid, ServiceError

_request: contextvars.ContextVar = contextvars.ContextVar("adhiniyam_client_request", default=None)


class TooMany(ServiceError):
    status, code, title = 429, "too_many_posts", "Too many posts"


def client_address(request) -> str:
    from axes.helpers import get_client_ip_address
    return get_client_ip_address(request) or "unknown"


def current_address() -> str | None:
    """The address of the client whose request is being served, or None outside a request (CLI, demo).
    Worked out when first asked for (only an anonymous post asks), and kept on the request."""
    request = _request.get()
    if request is None:
        return None
    if not hasattr(request, "adhiniyam_client_address"):
        request.adhiniyam_client_address = client_address(request)
    return request.adhiniyam_client_address


class ClientMiddleware:
    """Keeps the request being served for current_address()."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _request.set(request)
        try:
            return self.get_response(request)
        finally:
            _request.reset(token)


def _window_start(now: dt.datetime, seconds: int) -> dt.datetime:
    epoch = int(now.timestamp())
    return dt.datetime.fromtimestamp(epoch - epoch % seconds, tz=dt.UTC)


def count_post(scope: str, body, user) -> None:
    """Count one post of `scope` at `body` by this user (signed in) or from this request's address
    (anonymous), in the caller's transaction, and refuse it over the limit. The count is a row per
    window, raised by one UPDATE; a refused post rolls its increment back with the rest of the write.
    Outside a request an anonymous post has no address and is not counted (the demo, imports); the body's
    own office staff, entering what people bring to the counter, are not counted."""
    from adhiniyam.records import access

    from .models import PostCount

    signed_in = user is not None and user.is_authenticated
    if signed_in and access.office_staff(user, body):
        return
    who = "account" if signed_in else "address"
    key = f"user:{user.pk}" if who == "account" else current_address()
    if key is None:
        return
    most, seconds = settings.ADHINIYAM_POST_LIMITS[scope][who]
    start = _window_start(timezone.now(), seconds)
    row, _created = PostCount.objects.get_or_create(body_id=body.pk, scope=scope, key=key[:100], window_start=start)
    PostCount.objects.filter(pk=row.pk).update(count=F("count") + 1)
    if PostCount.objects.get(pk=row.pk).count > most:
        wait = int((start + dt.timedelta(seconds=seconds) - timezone.now()).total_seconds()) + 1
        whose = "from your account" if who == "account" else "from your address"
        raise TooMany(f"{body.name} has taken {most} {scope}s {whose} in the last {seconds // 60} minutes, the "
                      f"most it takes; try again in {max(1, wait // 60)} minutes. Nothing was recorded.",
                      retry_after=wait)


def require_length(field: str, value: str, most: int) -> None:
    """Text the public sends, refused over its limit (never cut short silently): 422 naming the field."""
    if len((value or "").strip()) > most:
        raise Invalid(f"{field}: at most {most} characters ({len(value.strip())} sent). Say it more briefly, or "
                      "attach long material as a document.", code="too_long",
                      errors=[{"field": field, "message": f"at most {most} characters"}])


def lockout_response(request, original_response=None, credentials=None) -> HttpResponse:
    window = int(settings.AXES_COOLOFF_TIME.total_seconds())
    detail = (f"Too many failed sign-ins for this account from this address. Wait {max(1, window // 60)} minutes "
              "and try again, or ask the body's administrator to reset your password.")
    if request.path.startswith("/api/"):
        body = {"type": "/problems/too-many-sign-ins", "title": "Too many failed sign-ins", "status": 429,
                "detail": detail, "code": "too_many_sign_ins", "instance": request.path}
        response = HttpResponse(json.dumps(body), status=429, content_type="application/problem+json")
    else:
        response = HttpResponse(f"<!doctype html><title>Too many sign-ins</title><p>{detail}</p>",
                                status=429, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(window)
    return response
