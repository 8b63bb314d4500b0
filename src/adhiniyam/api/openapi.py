"""The OpenAPI description made to tell the truth about errors, in one place for every operation.

django-ninja describes each operation from its decorator. What the decorators do not say, this adds
to every operation of the schema it generates:

- every error answer is `application/problem+json` (RFC 9457) with the `Problem` schema — the
  content type the server sends (adhiniyam.api.problems), never `application/json`;
- the error status codes the server can give for any operation of that kind: 401 and 403 where the
  operation needs a signed-in caller, 404 where the path names something, 422 where the request carries
  parameters or a body, 400 (a body that is not JSON) and 413 (a body over the size limit,
  adhiniyam.ops.middleware.RequestLimitsMiddleware) where it carries a body.

A decorator may still declare a code of its own (429 on the token exchange, 409 on a stale version);
it is kept, and given the problem content type too.
"""

from __future__ import annotations

from typing import Any

from ninja import NinjaAPI

from .schemas import Problem

PROBLEM_TYPE = "application/problem+json"
PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}
METHODS = ("get", "put", "post", "patch", "delete", "head", "options")

DESCRIPTIONS = {
    "400": "The request body is not well-formed (not JSON, or not the declared form encoding)",
    "401": "Not signed in: send 'Authorization: Bearer <token>' or sign in",
    "403": "Your role does not allow this",
    "404": "Nothing here that you can see",
    "409": "The case changed since you read it (send its current version), or it is closed",
    "413": "The request body is over the size limit",
    "422": "Wrong or missing data, or the Act does not allow this at this stage; `detail` says which",
    "429": "Too many attempts; wait for the time in Retry-After",
    "503": "The law engine is not available",
}


def _codes_for(path: str, operation: dict[str, Any]) -> set[str]:
    codes: set[str] = set()
    if operation.get("security"):
        codes |= {"401", "403"}
    if "{" in path:
        codes.add("404")
    if operation.get("parameters") or operation.get("requestBody"):
        codes.add("422")
    if operation.get("requestBody"):
        codes |= {"400", "413"}
    return codes


def _problem(code: str, existing: dict[str, Any] | None) -> dict[str, Any]:
    description = (existing or {}).get("description") or DESCRIPTIONS.get(code, "Error")
    if description in ("Bad Request", "Unauthorized", "Forbidden", "Not Found", "Conflict", "OK",
                       "Unprocessable Content", "Unprocessable Entity", "Service Unavailable"):
        description = DESCRIPTIONS.get(code, description)
    return {"description": description, "content": {PROBLEM_TYPE: {"schema": PROBLEM_REF}}}


def complete(schema: dict[str, Any]) -> dict[str, Any]:
    """Declare problem+json errors and the generic status codes on every operation of `schema`."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.setdefault("Problem", Problem.model_json_schema(ref_template="#/components/schemas/{model}"))
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            responses = {str(code): answer for code, answer in operation.get("responses", {}).items()}
            operation["responses"] = responses
            for code in _codes_for(path, operation) | {c for c in responses if c[:1] in "45"}:
                responses[code] = _problem(code, responses.get(code))
    return schema


class DeclaredProblemsAPI(NinjaAPI):
    """A NinjaAPI whose OpenAPI description is completed by `complete` (the records API and the local-law
    API are both one)."""

    def get_openapi_schema(self, **kwargs):
        return complete(super().get_openapi_schema(**kwargs))
