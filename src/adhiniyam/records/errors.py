"""Errors of the records service, each with words a clerk can act on. The API turns them into
application/problem+json; the commands print them."""

from __future__ import annotations


class ServiceError(Exception):
    status = 400
    code = "bad_request"
    title = "The request cannot be carried out"

    def __init__(self, detail: str, *, code: str | None = None, cites: list[str] | None = None,
                 errors: list[dict] | None = None, status: int | None = None, **extra):
        super().__init__(detail)
        self.detail = detail
        if code:
            self.code = code
        if status:
            self.status = status
        self.cites = list(cites or [])
        self.errors = errors or []
        self.extra = extra

    def problem(self) -> dict:
        out = {"type": f"/problems/{self.code.replace('_', '-')}", "title": self.title, "status": self.status,
               "detail": self.detail, "code": self.code}
        if self.cites:
            out["cites"] = self.cites
        if self.errors:
            out["errors"] = self.errors
        out.update(self.extra)
        return out


class NotFound(ServiceError):
    status, code, title = 404, "not_found", "Not found"


class Forbidden(ServiceError):
    status, code, title = 403, "forbidden", "You may not do this"


class Invalid(ServiceError):
    status, code, title = 422, "invalid", "The request has wrong or missing data"


class StaleVersion(ServiceError):
    status, code, title = 409, "stale_version", "The case changed since you read it"


class LawRefused(ServiceError):
    """The law engine refused the action; carries its code, message and citations."""

    status, title = 422, "The law does not allow this"
    STATUS = {"case_closed": 409, "out_of_order": 422, "not_allowed": 422, "unknown_event": 422,
              "invalid_data": 422, "no_rule": 422, "conflict": 422}

    @classmethod
    def from_law(cls, exc) -> LawRefused:
        code = getattr(exc, "code", "law_error")
        return cls(getattr(exc, "message", str(exc)), code=code, cites=list(getattr(exc, "cites", []) or []),
                   status=cls.STATUS.get(code, 422))


class EngineUnavailable(ServiceError):
    status, code, title = 503, "engine_unavailable", "The law engine is not available"
