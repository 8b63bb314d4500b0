"""Security middleware: headers with a content security policy, request sizes, API errors as problems.

SecurityHeadersMiddleware
    Content-Security-Policy (no inline scripts, nothing from other origins, no framing),
    Permissions-Policy, X-Content-Type-Options, Referrer-Policy, Cross-Origin-Opener-Policy, and
    `Cache-Control: no-store` on the API (case files are personal data; no shared cache may keep them).
    Django's own SecurityMiddleware (HTTPS redirect and HSTS, from the settings) and
    XFrameOptionsMiddleware stay in place; this one fills what they leave unset.

ApiMessageMiddleware
    Django's messages middleware, passed over by an API request that carries a bearer token.

Failed sign-ins are limited by django-axes (settings.AXES_*; the lockout answer is ops.limits).
"""

from __future__ import annotations

import json

from django.contrib.messages.middleware import MessageMiddleware
from django.http import HttpResponse

from adhiniyam.api.auth import bearer_token

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
        if request.path.startswith("/api/") and "Cache-Control" not in response.headers:
            response.headers["Cache-Control"] = "no-store"
        return response


class RequestLimitsMiddleware:
    """Refuses, by its Content-Length and before anything reads it, a request body over the limit: a
    multipart upload over the document limit (ADHINIYAM_MAX_UPLOAD_BYTES) plus DATA_UPLOAD_MAX_MEMORY_SIZE
    for its form fields, any other body over DATA_UPLOAD_MAX_MEMORY_SIZE. 413 with what to do:
    application/problem+json on the API, a short page elsewhere."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        from django.conf import settings

        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        upload = request.META.get("CONTENT_TYPE", "").startswith("multipart/form-data")
        if upload and limit is not None:
            limit += settings.ADHINIYAM_MAX_UPLOAD_BYTES
        if limit is None or length <= limit:
            return self.get_response(request)
        detail = (f"The request is {length} bytes; the limit is {limit} bytes"
                  + (f" (a document may be {settings.ADHINIYAM_MAX_UPLOAD_BYTES // (1024 * 1024)} MB). Send a "
                     "smaller file." if upload else ". Send less text, or attach long material as a document "
                     "(PDF) to the case."))
        if not request.path.startswith("/api/"):
            return HttpResponse(f"<!doctype html><title>Too large</title><p>{detail}</p>", status=413,
                                content_type="text/html; charset=utf-8")
        body = {"type": "/problems/request-too-large", "title": "The request is too large", "status": 413,
                "detail": detail, "code": "request_too_large", "instance": request.path}
        return HttpResponse(json.dumps(body), status=413, content_type="application/problem+json")


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


class ApiMessageMiddleware(MessageMiddleware):
    """Django's messages middleware, except for an API request carrying a bearer token: the API gives no
    messages (they are the web pages'), and their storage, made and updated for nothing, cost 1 % of an API
    write's instructions (issue 21). CSRF stays Django's for every request (ninja checks it itself where
    the web session authenticates an API request)."""

    def __call__(self, request):
        if self.async_mode or not request.path.startswith("/api/") or bearer_token(request) is None:
            return super().__call__(request)
        return self.get_response(request)
