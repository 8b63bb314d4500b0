"""Idempotency-Key on API writes: a client that retries a write whose answer it lost (a dropped connection,
a server killed after the commit) sends the same key and gets the first answer again; nothing new is stored.

For a signed-in caller's POST, PUT, PATCH or DELETE to an API (/api/, /local-law/api/) with an
`Idempotency-Key` header:
  - the key was used before by this caller at this body, for the same request: the stored answer, with
    `Idempotent-Replayed: true`;
  - the same key with a different request (method, address or body): 422 `idempotency_key_reused`, unless
    the API refuses that request anyway (405 for a method it does not declare, 404, 422 on its data);
  - otherwise the view runs in one transaction with the storing of its answer (only a 2xx answer is
    kept; a refused write changed nothing and may simply be sent again).
Two requests with one key at once: the second waits for the first's row (the unique index) and gets
its answer. Keys are kept per body (`IdempotentRequest.body_id`), beside the write they guard.

A key is kept for settings.IDEMPOTENCY_KEEP_DAYS (env ADHINIYAM_IDEMPOTENCY_DAYS, default 7 days) from the
first answer. After that it is forgotten: the same key is a new request (its old row deleted in the new
write's transaction, so this holds whenever the purge last ran), and the nightly `adhiniyam sweep` deletes
the older rows (`purge`, 5,000 a transaction). The age is measured on the clock that stamps the rows'
created_at (django.utils.timezone.now), never the fixed clock of tests and demos (ADHINIYAM_CLOCK):
keeping a key is about the store, not the law's dates.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json

from django.apps import apps
from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.urls import Resolver404, resolve
from django.utils import timezone

from .models import ApiToken, IdempotentRequest, hash_token

HEADER = "Idempotency-Key"
_META_KEY = "HTTP_IDEMPOTENCY_KEY"   # the header as WSGI gives it (request.headers copies every header)
API_PREFIXES = ("/api/", "/local-law/api/")      # the records API (with enforcement) and the local-law API
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
NOT_KEPT = {"/api/auth/token"}            # the sign-in answer carries a new secret: never stored for replay
# URL parameters that name the body a write is at: parameter -> (app, model, field holding the body's id)
BODY_OF = {"code": ("records", "Body", "pk"), "case_id": ("records", "Case", "body_id"),
           "doc_id": ("records", "Document", "body_id"), "person_id": ("records", "Person", "body_id"),
           "property_id": ("records", "Property", "body_id"),
           "complaint_id": ("enforcement", "Complaint", "body_id"), "demand_id": ("enforcement", "Demand", "body_id")}


PARAMETER = {"in": "header", "name": HEADER, "required": False,
             "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[\\x20-\\x7e]+$"},
             "description": "Send a new key (e.g. a UUID) with a write, and the same key to retry it: a repeated key "
                            "gets the first answer and stores nothing new; with another request, 422. A key is "
                            "kept for {days} days from its first answer; after that it is forgotten and the "
                            "same key is a new write."}
PURGE_BATCH = 5_000                       # rows deleted a transaction by `purge`


def declare(schema: dict) -> dict:
    """The OpenAPI description of the header on every write of the API (the sign-in excepted)."""
    parameter = {**PARAMETER, "description": PARAMETER["description"].format(days=settings.IDEMPOTENCY_KEEP_DAYS)}
    for path, ops in schema.get("paths", {}).items():
        for method, op in ops.items():
            if method.upper() in WRITES and path not in NOT_KEPT:
                op.setdefault("parameters", []).append(dict(parameter))
    return schema


def kept_since() -> dt.datetime:
    """The moment a stored answer must be younger than to be replayed: IDEMPOTENCY_KEEP_DAYS ago."""
    return timezone.now() - dt.timedelta(days=settings.IDEMPOTENCY_KEEP_DAYS)


def purge(batch: int = PURGE_BATCH) -> int:
    """Delete the stored answers older than the retention period, `batch` rows at a time, each batch its own
    short transaction; returns how many were deleted. A batch's ids are read first (index
    idempotency_created), then deleted by primary key: as one DELETE with a subquery, PostgreSQL scanned
    the whole table for every batch."""
    expired = IdempotentRequest.objects.filter(created_at__lt=kept_since()).values_list("pk", flat=True)
    total = 0
    while True:
        with transaction.atomic():
            ids = list(expired[:batch])
            deleted, _ = IdempotentRequest.objects.filter(pk__in=ids).delete()
        total += deleted
        if len(ids) < batch:
            return total


def _problem(request, status: int, code: str, detail: str) -> HttpResponse:
    body = {"type": f"/problems/{code.replace('_', '-')}", "title": "Idempotency-Key refused", "status": status,
            "detail": detail, "code": code, "instance": request.path}
    return HttpResponse(json.dumps(body), status=status, content_type="application/problem+json")


def _caller(request):
    auth = request.META.get("HTTP_AUTHORIZATION", "")
    if auth.lower().startswith("bearer "):
        row = ApiToken.objects.select_related("user").filter(key_hash=hash_token(auth[7:].strip())).first()
        return row.user if row is not None and row.usable() and row.user.is_active else None
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


def _body_id(request) -> int:
    try:
        kwargs = dict(resolve(request.path_info).kwargs)
    except Resolver404:
        return 0
    if request.GET.get("body"):                # POST /api/cases?body=<code>
        kwargs.setdefault("code", request.GET["body"])
    for name, (app, model, field) in BODY_OF.items():
        if kwargs.get(name) is None:
            continue
        lookup = {"code": kwargs[name]} if name == "code" else {"pk": kwargs[name]}
        try:
            found = apps.get_model(app, model).objects.filter(**lookup).values_list(field, flat=True).first()
        except (ValueError, TypeError):
            found = None
        return int(found or 0)
    return 0


def _fingerprint(request) -> str:
    h = hashlib.sha256()
    for part in (request.method, request.get_full_path(), request.META.get("CONTENT_TYPE", "")):
        h.update(part.encode("utf-8") + b"\0")
    h.update(request.body)
    return h.hexdigest()


def _stored(found: dict) -> IdempotentRequest | None:
    """The answer kept for this caller's key at this body, unless it is older than the retention period: then
    its row is deleted (in the caller's transaction, so it stays if the new request is refused) and None."""
    row = IdempotentRequest.objects.filter(**found).first()
    if row is not None and row.created_at < kept_since():
        row.delete()
        return None
    return row


def _replay(row: IdempotentRequest) -> HttpResponse:
    response = HttpResponse(row.content, status=row.status, content_type=row.content_type)
    response["Idempotent-Replayed"] = "true"
    return response


class IdempotencyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        key = request.META.get(_META_KEY)
        if (key is None or request.method not in WRITES or not request.path.startswith(API_PREFIXES)
                or request.path in NOT_KEPT):
            return self.get_response(request)
        user = _caller(request)
        if user is None:                       # the view answers 401; an anonymous key names no one
            return self.get_response(request)
        if not 1 <= len(key) <= 255 or not key.isascii() or not key.isprintable():
            return _problem(request, 422, "bad_idempotency_key",
                            f"{HEADER} must be 1 to 255 printable ASCII characters, e.g. a UUID.")
        found = {"body_id": _body_id(request), "user": user, "key": key}
        fingerprint = _fingerprint(request)
        try:
            with transaction.atomic():
                row = _stored(found)
                if row is None:
                    response = self.get_response(request)
                    if 200 <= response.status_code < 300 and not response.streaming:
                        IdempotentRequest.objects.create(
                            **found, fingerprint=fingerprint, status=response.status_code,
                            content_type=response.get("Content-Type", "application/json"),
                            content=response.content.decode("utf-8"))
                    else:
                        transaction.set_rollback(True)     # a refused write keeps nothing, as without a key
                    return response
        except IntegrityError:                 # the same key, sent twice at once: the other one won
            row = IdempotentRequest.objects.get(**found)
        if row.fingerprint != fingerprint:
            return self._reused(request, row)
        return _replay(row)

    def _reused(self, request, row: IdempotentRequest) -> HttpResponse:
        """A key sent before with another request. A request the API would refuse anyway (a method it does not
        declare: 405; an unknown address; bad data) gets that answer; one it would carry out gets 422. The view
        runs in a transaction that is rolled back either way, so nothing is stored."""
        with transaction.atomic():
            response = self.get_response(request)
            transaction.set_rollback(True)
        if response.status_code >= 400:
            return response
        return _problem(request, 422, "idempotency_key_reused",
                        f"This {HEADER} was used for another request ({row.created_at:%d %B %Y %H:%M}). Use a "
                        "new key for a new write; send the same key only to retry the very same request.")
