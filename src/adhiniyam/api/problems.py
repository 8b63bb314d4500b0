"""Errors as application/problem+json (RFC 9457), each with a `detail` a clerk can act on."""

from __future__ import annotations

import json
import logging

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.http.multipartparser import MultiPartParserError
from ninja.errors import AuthenticationError, HttpError, ValidationError

from adhiniyam.records.errors import ServiceError

log = logging.getLogger("adhiniyam.api")
CONTENT_TYPE = "application/problem+json"


def problem_response(request, status: int, title: str, detail: str, code: str, **extra) -> HttpResponse:
    body = {"type": f"/problems/{code.replace('_', '-')}", "title": title, "status": status, "detail": detail,
            "code": code, "instance": request.path}
    body.update({k: v for k, v in extra.items() if v not in (None, [], {})})
    return HttpResponse(json.dumps(body, ensure_ascii=False, default=str), status=status, content_type=CONTENT_TYPE)


def _field(loc) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "form", "file", "payload")]
    return ".".join(parts) or "request"


def _readable(err: dict) -> str:
    field, msg, kind = _field(err.get("loc", ())), err.get("msg", "is wrong"), err.get("type", "")
    if kind == "missing":
        return f"{field}: this is required"
    if "date" in kind:
        return f"{field}: {msg} — write dates as YYYY-MM-DD, e.g. 2026-03-02"
    if kind in ("json_invalid",):
        return f"the request body is not valid JSON ({msg})"
    return f"{field}: {msg}"


def install(api):
    @api.exception_handler(ServiceError)
    def service_error(request, exc: ServiceError):
        p = exc.problem()
        return problem_response(request, p.pop("status"), p.pop("title"), p.pop("detail"), p.pop("code"),
                                **{k: v for k, v in p.items() if k != "type"})

    @api.exception_handler(ValidationError)
    def validation_error(request, exc: ValidationError):
        errors = [{"field": _field(e.get("loc", ())), "message": _readable(e)} for e in exc.errors]
        detail = "; ".join(e["message"] for e in errors) or "The request is not in the expected form."
        return problem_response(request, 422, "The request has wrong or missing data", detail, "invalid_request",
                                errors=errors)

    @api.exception_handler(AuthenticationError)
    def auth_error(request, exc):
        return problem_response(request, 401, "Not signed in",
                                "Sign in, or send 'Authorization: Bearer <token>' (get a token from "
                                "POST /api/auth/token or `adhiniyam token create USER`).", "unauthenticated")

    @api.exception_handler(PermissionDenied)
    def forbidden(request, exc):
        return problem_response(request, 403, "You may not do this", str(exc) or "Your role does not allow this.",
                                "forbidden")

    @api.exception_handler(Http404)
    def not_found(request, exc):
        return problem_response(request, 404, "Not found", str(exc) or "Nothing here: check the address.",
                                "not_found")

    @api.exception_handler(HttpError)
    def http_error(request, exc: HttpError):
        return problem_response(request, exc.status_code, "Request refused", str(exc), "http_error")

    @api.exception_handler(MultiPartParserError)
    def bad_multipart(request, exc):
        return problem_response(request, 400, "The request body is not well-formed",
                                f"The multipart form cannot be read ({exc}). Send the file as multipart/form-data "
                                "with its boundary, as a browser or an HTTP library does.", "bad_multipart")

    @api.exception_handler(Exception)
    def crash(request, exc):
        log.exception("unhandled error on %s", request.path)
        return problem_response(request, 500, "Internal error",
                                "The server failed while doing this; nothing was recorded. The error is logged "
                                "for the administrator — try again or report the time of the failure.",
                                "internal_error")
