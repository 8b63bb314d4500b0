"""Security middleware: headers with a content security policy, and login rate limiting.

SecurityHeadersMiddleware
    Content-Security-Policy (no inline scripts, nothing from other origins, no framing),
    Permissions-Policy, X-Content-Type-Options, Referrer-Policy, Cross-Origin-Opener-Policy,
    Strict-Transport-Security on HTTPS, and `Cache-Control: no-store` on the API (case files are
    personal data; no shared cache may keep them). Django's own SecurityMiddleware and
    XFrameOptionsMiddleware stay in place; this one fills what they leave unset.

LoginRateLimitMiddleware
    Counts failed sign-ins (web forms /login/, /signin/, /admin/login/ and POST /api/auth/token) in the
    database, so the limit holds across every server process. After `ADHINIYAM_LOGIN_MAX_FAILURES` failures (default
    5) for one username from one address, or 4× that from one address, within
    `ADHINIYAM_LOGIN_WINDOW_SECONDS` (default 900), further attempts get 429 with Retry-After, and
    the password is not even checked. A successful sign-in clears the username's count.
"""

from __future__ import annotations

import datetime as dt
import json
import os

from django.http import HttpResponse
from django.utils import timezone

# One inline handler is allowed by its hash: the receipt's Print button (enforcement/receipt.html,
# onclick="window.print()"); every other script must come from the site's own files.
PRINT_HANDLER = "'sha256-MguIPR6qNR8D3B+eAlK+bIRTZe8t3wkOY4B/56Me9FU='"
CSP = (f"default-src 'self'; script-src 'self' 'unsafe-hashes' {PRINT_HANDLER}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
       "frame-ancestors 'none'")
PERMISSIONS = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"


class SecurityHeadersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if request.is_secure():
            response.headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        if request.path.startswith("/api/") and "Cache-Control" not in response.headers:
            response.headers["Cache-Control"] = "no-store"
        return response


def _int_env(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


LOGIN_PATHS = {"/login/": "web", "/signin/": "web", "/admin/login/": "web", "/api/auth/token": "api"}


class LoginRateLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    @staticmethod
    def limits() -> tuple[int, int]:
        return (_int_env("ADHINIYAM_LOGIN_MAX_FAILURES", 5), _int_env("ADHINIYAM_LOGIN_WINDOW_SECONDS", 900))

    @staticmethod
    def _username(request, kind: str) -> str:
        if kind == "api":
            try:
                payload = json.loads(request.body or b"{}")
            except (ValueError, UnicodeDecodeError):
                return ""
            return str(payload.get("username", ""))[:150] if isinstance(payload, dict) else ""
        return str(request.POST.get("username", ""))[:150]

    @staticmethod
    def _failed(response, kind: str) -> bool:
        if kind == "api":
            return response.status_code == 401
        # Django's LoginView answers a wrong password with the form again (200); success redirects.
        return response.status_code == 200

    def __call__(self, request):
        kind = LOGIN_PATHS.get(request.path)
        if kind is None or request.method != "POST":
            return self.get_response(request)
        from .models import LoginFailure

        ip = request.META.get("REMOTE_ADDR", "") or "unknown"
        username = self._username(request, kind).strip().lower()
        user_key, ip_key = f"user:{username}|ip:{ip}", f"ip:{ip}"
        most, window = self.limits()
        since = timezone.now() - dt.timedelta(seconds=window)
        per_user = LoginFailure.objects.filter(key=user_key, at__gte=since).count()
        per_ip = LoginFailure.objects.filter(key=ip_key, at__gte=since).count()
        if per_user >= most or per_ip >= 4 * most:
            return self._too_many(request, kind, window)
        response = self.get_response(request)
        if self._failed(response, kind):
            LoginFailure.objects.bulk_create([LoginFailure(key=user_key), LoginFailure(key=ip_key)])
        elif 200 <= response.status_code < 400:
            LoginFailure.objects.filter(key=user_key).delete()
        return response

    @staticmethod
    def _too_many(request, kind: str, window: int) -> HttpResponse:
        minutes = max(1, window // 60)
        detail = (f"Too many failed sign-ins from this address. Wait {minutes} minutes and try again, "
                  "or ask the body's administrator to reset your password.")
        if kind == "api":
            body = {"type": "/problems/too-many-sign-ins", "title": "Too many failed sign-ins", "status": 429,
                    "detail": detail, "code": "too_many_sign_ins", "instance": request.path}
            response = HttpResponse(json.dumps(body), status=429, content_type="application/problem+json")
        else:
            response = HttpResponse(f"<!doctype html><title>Too many sign-ins</title><p>{detail}</p>",
                                    status=429, content_type="text/html; charset=utf-8")
        response["Retry-After"] = str(window)
        return response


class RequestLimitsMiddleware:
    """Refuses, before any view reads it, a request body larger than Django will hold in memory
    (DATA_UPLOAD_MAX_MEMORY_SIZE; uploads of files are streamed and limited by the documents service):
    413 application/problem+json with what to do, instead of a server error deep inside the view."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        from django.conf import settings

        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        ctype = request.META.get("CONTENT_TYPE", "")
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit is not None and length > limit and not ctype.startswith("multipart/form-data"):
            detail = (f"The request body is {length} bytes; the limit is {limit} bytes. Send less text, or "
                      "attach long material as a document (PDF) to the case.")
            body = {"type": "/problems/request-too-large", "title": "The request is too large", "status": 413,
                    "detail": detail, "code": "request_too_large", "instance": request.path}
            return HttpResponse(json.dumps(body), status=413, content_type="application/problem+json")
        return self.get_response(request)


class ApiProblemsMiddleware:
    """Every error the API gives is application/problem+json, including those made before a view runs
    (405 for a method the path does not take, Django's own 404 for a path under /api/ that no route
    matches). Answers that are already problem+json pass untouched."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (response.status_code >= 400 and request.path.startswith("/api/")
                and not response.get("Content-Type", "").startswith("application/problem+json")):
            from http import HTTPStatus
            try:
                title = HTTPStatus(response.status_code).phrase
            except ValueError:
                title = "Request refused"
            detail = {405: f"{request.method} is not accepted here; this address takes "
                           f"{response.get('Allow', 'other methods')}. See /api/docs.",
                      404: "Nothing at this address. See /api/docs for the API's addresses."}.get(
                response.status_code, f"{title}. See /api/docs.")
            body = {"type": f"/problems/http-{response.status_code}", "title": title,
                    "status": response.status_code, "detail": detail, "code": f"http_{response.status_code}",
                    "instance": request.path}
            problem = HttpResponse(json.dumps(body), status=response.status_code,
                                   content_type="application/problem+json")
            for header in ("Allow", "Retry-After", "WWW-Authenticate"):
                if response.has_header(header):
                    problem[header] = response[header]
            return problem
        return response
