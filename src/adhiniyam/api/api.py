"""The REST API (django-ninja). OpenAPI at /api/openapi.json, interactive docs at /api/docs.

Every answer is scoped to the caller's bodies and role (adhiniyam.records.access); every error is
application/problem+json.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Literal

from django.contrib.auth import authenticate
from django.http import FileResponse, HttpResponse
from django.utils import timezone
from ninja import File, Form, Query, Router, Status
from ninja.files import UploadedFile

from adhiniyam.records import access, documents, present, services
from adhiniyam.records import engine as E
from adhiniyam.records.errors import Forbidden, Invalid, NotFound, ServiceError
from adhiniyam.records.models import Case, Document, DocumentKind, Membership, Person, Property, Role

from . import openapi, problems
from .auth import AUTH
from .dates import parse_day, parse_on
from .models import ApiToken
from .schemas import (
    NO_NUL,
    ActionIn,
    BodyDetailOut,
    BodyOut,
    CaseCreateIn,
    CaseList,
    CaseOut,
    Day,
    DocumentOut,
    Limit,
    MeOut,
    Offset,
    PersonIn,
    PersonOut,
    Problem,
    ProcedureOut,
    PropertyIn,
    PropertyOut,
    TokenIn,
    TokenInfoOut,
    TokenOut,
    When,
)

api = openapi.DeclaredProblemsAPI(
    title="Adhiniyam records API",
    version="1",
    description=(
        "Cases of Indian local bodies, decided by their Acts. Authenticate with `Authorization: Bearer <token>` "
        "(POST /api/auth/token) or the web session. Errors are application/problem+json; `detail` says what "
        "to do. Writing to a case needs the case's `version`; a stale version gets 409. A write may carry an "
        "`Idempotency-Key` header: a retry with the same key gets the first answer and stores nothing new. "
        "`DELETE /api/auth/token` revokes the token that sends it: a client (or a fuzzer) that calls it signs "
        "itself out."),
    auth=AUTH,
    urls_namespace="api",
)
problems.install(api)

ERRORS = {401: Problem, 403: Problem, 404: Problem, 409: Problem, 422: Problem, 503: Problem}


# ------------------------------------------------------------------------------------ auth

auth_router = Router(tags=["auth"])


@auth_router.post("/token", auth=None, response={201: TokenOut, 401: Problem, 422: Problem, 429: Problem})
def create_token(request, payload: TokenIn):
    """Exchange a username and password for a bearer token (shown once; only its hash is stored). It lasts
    `days` (at most 365; default the server's, 30) and is revoked when the password changes or the user is
    deactivated. Five wrong passwords for an account from one address lock it out from there for a while (429)."""
    if request.content_type != "application/json":      # the sign-in limits read the request as a form
        raise Invalid("Send the username and password as JSON (Content-Type: application/json).",
                      code="json_required")
    user = authenticate(request, username=payload.username, password=payload.password)
    if user is None or not user.is_active:
        raise ServiceError("The username or password is wrong.", code="bad_credentials", status=401)
    token, raw = ApiToken.issue(user, payload.name, payload.days)
    return Status(201, {"token": raw, "prefix": token.prefix, "user": user.username,
                        "expires_at": token.expires_at.isoformat()})


@auth_router.delete("/token", response={204: None})
def revoke_token(request):
    """Revoke the token used for this request."""
    row = getattr(request, "api_token", None)
    if row is not None:
        ApiToken.objects.filter(pk=row.pk).update(revoked=True, revoked_reason="revoked by its user")
    return Status(204, None)


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def _token_out(row, current) -> dict:
    return {"id": row.pk, "name": row.name, "prefix": row.prefix, "created_at": row.created_at.isoformat(),
            "expires_at": row.expires_at.isoformat(), "last_used_at": _iso(row.last_used_at), "revoked": row.revoked,
            "revoked_reason": row.revoked_reason, "current": current is not None and row.pk == current.pk}


@auth_router.get("/tokens", response={200: list[TokenInfoOut], **ERRORS})
def list_tokens(request):
    """Your API tokens (never the tokens themselves: their first characters), newest first."""
    current = getattr(request, "api_token", None)
    return [_token_out(t, current) for t in ApiToken.objects.filter(user=request.user).order_by("-created_at")[:200]]


@auth_router.delete("/tokens/{token_id}", response={204: None, **ERRORS})
def revoke_one_token(request, token_id: int):
    """Revoke one of your tokens (another user's token is not found)."""
    if not ApiToken.objects.filter(pk=token_id, user=request.user).update(revoked=True,
                                                                           revoked_reason="revoked by its user"):
        raise NotFound(f"No token {token_id} of yours.")
    return Status(204, None)


@api.get("/me", response=MeOut, tags=["auth"])
def me(request):
    user = request.user
    return {"username": user.username, "name": user.get_full_name(), "superuser": user.is_superuser,
            "memberships": [{"body": m.body.code, "role": m.role, "office": m.office} for m in access.memberships(user)]}


api.add_router("/auth", auth_router)

# ------------------------------------------------------------------------------------ bodies

bodies = Router(tags=["bodies"])


def body_out(body) -> dict:
    ancestors = body.ancestors(include_self=False)
    return {"code": body.code, "name": body.name, "name_local": body.name_local, "kind": body.kind,
            "state": body.state, "act_id": body.act_id, "parent": ancestors[0].code if ancestors else None,
            "ancestors": [a.code for a in ancestors], "latitude": body.latitude, "longitude": body.longitude,
            "weekly_off": list(body.weekly_off or [])}


@bodies.get("", response=list[BodyOut])
def list_bodies(request, act: str | None = None, state: str | None = None):
    """The bodies you can see, in hierarchy order."""
    qs = access.visible_bodies(request.user).order_by("path")
    if act:
        qs = qs.filter(act_id=act)
    if state:
        qs = qs.filter(state=state.upper())
    return [body_out(b) for b in qs[:1000]]


@bodies.get("/{code}", response={200: BodyDetailOut, **ERRORS})
def get_body(request, code: str):
    """A body with its offices, calendar, chosen provision versions and readings, and where its cases
    route to for each authority of its Act."""
    body = access.body_for(request.user, code)
    out = body_out(body)
    out["offices"] = [{"role": o.role, "title": o.title, "body": body.code} for o in body.offices.all()]
    routes = {}
    if body.act_id:
        pack = services.get_pack(body.act_id)
        roles = set()
        for pid in pack.procedures:
            try:
                roles |= set(services.get_procedure(pack, pid).roles)
            except Exception:
                continue
        from adhiniyam.records import roles as R
        for role in sorted(r for r in roles if R.kind_of(body.act_id, r) == R.AUTHORITY):
            office_body = access.route(body, role)
            office = office_body.offices.get(role=role) if office_body else None
            routes[role] = {"role": role, "title": office.title, "body": office_body.code} if office else None
    out["routes"] = routes
    days = body.closures.order_by("on")
    for key, open_ in (("closures", False), ("openings", True)):
        out[key] = [{"on": c.on.isoformat(), "reason": c.reason, "source": c.source} for c in days if c.open is open_]
    snap = E.settings_snapshot(body)
    out["versions"], out["interpretations"] = snap["versions"], snap["interpretations"]
    out["my_roles"] = [{"body": m.body.code, "role": m.role, "office": m.office}
                       for m in access.covering(request.user, body)]
    return out


@bodies.get("/{code}/procedures", response={200: list[ProcedureOut], **ERRORS})
def body_procedures(request, code: str):
    """What the body's Act offers: each procedure with its roles, statuses and actions (with fields)."""
    body = access.body_for(request.user, code)
    pack = services.get_pack(body.act_id)
    snap = E.settings_snapshot(body)
    return [present.procedure_out(pack, services.get_procedure(pack, pid, snap, E.today()))
            for pid in sorted(pack.procedures)]


@bodies.get("/{code}/cases", response={200: CaseList, **ERRORS})
def body_inbox(request, code: str, status: str | None = None, procedure: str | None = None,
               closed: bool | None = False, due_before: Day | None = None, limit: Limit = 50, offset: Offset = 0):
    """The inbox: the body's cases by next statutory deadline (open cases by default)."""
    body = access.body_for(request.user, code)
    return _case_list(request, body, status, procedure, closed, due_before, limit, offset)


def _case_list(request, body, status, procedure, closed, due_before, limit, offset):
    if body is not None:
        scope = access.body_case_scope(request.user, body)
        if scope is None:
            raise Forbidden(f"You have no role at {body.name} that shows its cases.")
        qs = Case.objects.filter(body=body).filter(scope)
    else:
        qs = access.visible_cases(request.user)
    if closed is not None:
        qs = qs.filter(closed=closed)
    if status:
        qs = qs.filter(status=status)
    if procedure:
        qs = qs.filter(procedure=procedure)
    if due_before is not None:
        qs = qs.filter(due__lte=parse_day(due_before, "due_before"))
    rows = present.summaries(qs.order_by("due", "pk")[offset:offset + limit + 1])
    more = len(rows) > limit
    return {"items": rows[:limit], "next_offset": offset + limit if more else None}


api.add_router("/bodies", bodies)

# ------------------------------------------------------------------------------------ cases

cases = Router(tags=["cases"])


@cases.get("", response={200: CaseList, **ERRORS})
def list_cases(request, body: str | None = None, status: str | None = None, procedure: str | None = None,
               closed: bool | None = None, due_before: Day | None = None, limit: Limit = 50, offset: Offset = 0):
    """Cases you can see, by next deadline; filter by body, status, procedure, open/closed, due date."""
    b = access.body_for(request.user, body) if body else None
    return _case_list(request, b, status, procedure, closed, due_before, limit, offset)


@cases.post("", response={201: CaseOut, **ERRORS})
def create_case(request, body: str, payload: CaseCreateIn, explain: bool = False):
    """Open a case at a body (`?body=code`) with the procedure's opening event. The answer is the case as
    the write left it; `explain=true` adds the explanation."""
    b = access.body_for(request.user, body)
    return _create(request, b, payload, explain)


@bodies.post("/{code}/cases", response={201: CaseOut, **ERRORS})
def create_case_at_body(request, code: str, payload: CaseCreateIn, explain: bool = False):
    """Open a case at this body with the procedure's opening event. The answer is the case as the write
    left it; `explain=true` adds the explanation."""
    b = access.body_for(request.user, code)
    return _create(request, b, payload, explain)


def _create(request, body, payload: CaseCreateIn, explain: bool):
    on = parse_on(payload.event.on, "event.on") if payload.event.on is not None else None
    ev = services.EventInput(type=payload.event.type, on=on, data=payload.event.data, by=payload.event.by,
                             late_reason=payload.event.late_reason)
    written = services.open_application(
        request.user, body, payload.procedure, ev, applicant_id=payload.applicant_id,
        applicant=payload.applicant.dict() if payload.applicant is not None else None,
        property_id=payload.property_id, property=payload.property.dict() if payload.property is not None else None,
        title=payload.title)
    return _written(present.written(request.user, written, explain))


def _written(out: dict) -> HttpResponse:
    """A write's answer (201), built by present.written in the shape of CaseOut; sent as it is, since the
    read of the same case is the one the schema checks (tests/service/test_api_cases.py compares them)."""
    return HttpResponse(json.dumps(out, ensure_ascii=False), status=201, content_type="application/json")


@cases.get("/{case_id}", response={200: CaseOut, **ERRORS})
def read_case(request, case_id: int, as_of: When | None = None, explain: bool = True):
    """A case as of now (or `as_of`): status, deadlines, deemed outcomes with conditions, the actions open
    to each role and to you, amounts, and the explanation citing the Act (`explain=false` leaves it out)."""
    case = access.case_for(request.user, case_id)
    when = None
    if as_of is not None:
        parsed = parse_on(as_of, "as_of")
        when = (timezone.localtime(parsed).replace(tzinfo=None) if isinstance(parsed, dt.datetime)
                else dt.datetime.combine(parsed, dt.time(23, 59, 59)))
    return present.case_out(request.user, case, as_of=when, explain=explain)


@cases.post("/{case_id}/actions", response={201: CaseOut, **ERRORS})
def post_action(request, case_id: int, payload: ActionIn, explain: bool = False):
    """Record an action (an event of the procedure). Send the case's `version`; if someone recorded
    something since you read the case you get 409 and nothing is stored. The answer is the case as the
    write left it; `explain=true` adds the explanation."""
    on = parse_on(payload.on) if payload.on is not None else None
    ev = services.EventInput(type=payload.type, on=on, data=payload.data, by=payload.by, late_reason=payload.late_reason)
    return _written(present.written(request.user, services.record(request.user, case_id, ev, payload.version),
                                    explain))


@cases.get("/{case_id}/documents", response={200: list[DocumentOut], **ERRORS})
def case_documents(request, case_id: int):
    case = access.case_for(request.user, case_id)
    return [present.document_out(d) for d in case.documents.order_by("pk")]


@cases.post("/{case_id}/documents", response={201: DocumentOut, **ERRORS})
def upload_document(request, case_id: int, kind: Form[Literal[tuple(DocumentKind.values)]], file: File[UploadedFile],
                    title: str = Form("", max_length=300, pattern=NO_NUL)):
    """Attach a document (PDF, PNG or JPEG, judged by content; size limit from the settings)."""
    case = access.case_for(request.user, case_id)
    access.require_writer(request.user, case.body)
    if not access.may_add_to_case(request.user, case):
        raise Forbidden("Only the applicant, the body's clerks and officers, or an authority the case is routed "
                        "to may add a document to the case file.")
    doc = documents.store(request.user, body=case.body, case=case, person=case.applicant, kind=kind, upload=file,
                          title=title)
    return Status(201, present.document_out(doc))


api.add_router("/cases", cases)


@api.get("/documents/{doc_id}", url_name="document_download", tags=["cases"], response={200: None, **ERRORS})
def download_document(request, doc_id: int):
    """The stored file of a document on a case you can see."""
    doc = Document.objects.filter(pk=doc_id).select_related("case").first()
    if doc is None or (doc.case_id and not access.visible_cases(request.user).filter(pk=doc.case_id).exists()) or \
            (not doc.case_id and not access.visible_bodies(request.user).filter(pk=doc.body_id).exists()):
        raise NotFound(f"No document {doc_id} that you can see.")
    return FileResponse(doc.file.open("rb"), content_type=doc.content_type, as_attachment=False,
                        filename=doc.original_name)


# ------------------------------------------------------------------------------------ people

people = Router(tags=["people"])


@bodies.get("/{code}/people", response={200: list[PersonOut], **ERRORS})
def list_people(request, code: str, q: str = ""):
    """People in a body's records (staff only), by name."""
    body = access.body_for(request.user, code)
    if not request.user.is_superuser and not any(m.role != Role.APPLICANT
                                                 for m in access.covering(request.user, body)):
        raise Forbidden("Only the body's staff can search its people.")
    qs = Person.objects.filter(body=body)
    if q:
        qs = qs.filter(name__icontains=q)
    return [{"id": p.pk, "name": p.name} for p in qs.order_by("name")[:100]]


def _require_staff(user, body):
    if not user.is_superuser and not access.covering(user, body, {Role.CLERK, Role.DECIDING_OFFICER,
                                                                  Role.ADMINISTRATOR}):
        raise Forbidden("Only the body's clerks, officers and administrators can do this.")


@bodies.post("/{code}/people", response={201: PersonOut, **ERRORS})
def add_person(request, code: str, payload: PersonIn):
    """Register an applicant, owner or occupier with the body."""
    body = access.body_for(request.user, code)
    _require_staff(request.user, body)
    person = Person.objects.create(body=body, **payload.dict())
    return Status(201, {"id": person.pk, "name": person.name})


@bodies.get("/{code}/properties", response={200: list[PropertyOut], **ERRORS})
def list_properties(request, code: str, survey_number: str = "", q: str = ""):
    """Properties in the body's records, by survey number or address."""
    body = access.body_for(request.user, code)
    _require_staff(request.user, body)
    qs = Property.objects.filter(body=body)
    if survey_number:
        qs = qs.filter(survey_number=survey_number)
    if q:
        qs = qs.filter(address__icontains=q)
    return [present.property_out(p) for p in qs.order_by("pk")[:100]]


@bodies.post("/{code}/properties", response={201: PropertyOut, **ERRORS})
def add_property(request, code: str, payload: PropertyIn, owner_id: int | None = None):
    """Record a property (address, survey number, ward), optionally with its owner."""
    body = access.body_for(request.user, code)
    _require_staff(request.user, body)
    owner = None
    if owner_id is not None:
        owner = Person.objects.filter(body=body, pk=owner_id).first()
        if owner is None:
            raise NotFound(f"No person {owner_id} in {body.name}'s records.")
    prop = Property.objects.create(body=body, owner=owner, **payload.dict())
    return Status(201, present.property_out(prop))


@bodies.post("/{code}/properties/{property_id}/verify", response={200: PropertyOut, **ERRORS})
def verify_property(request, code: str, property_id: int):
    """Verify a property a citizen declared on an application (the office has checked it is theirs): the
    certificate of a deemed outcome on it may then be issued. The body's clerks, officers and administrators."""
    body = access.body_for(request.user, code)
    _require_staff(request.user, body)
    return present.property_out(services.verify_property(request.user, body, property_id))


_ = (Membership, Query, people)

# enforcement and governance (adhiniyam.enforcement), mounted at /api/enforcement
from adhiniyam.enforcement.api import router as enforcement_router  # noqa: E402

api.add_router("/enforcement", enforcement_router)
