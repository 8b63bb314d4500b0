"""The enforcement API (django-ninja), mounted on the records API at /api/enforcement.

Complaints, notices under the body's Act with their preconditions, default and the options the Act
gives, default works and the demand for their cost, offences with the penalty the engine computes,
demands, payments with numbered receipts, ledgers, the Sarpanch's emergency expenditure, and
registers as they stood on any date. Errors are application/problem+json (the records API's handlers).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.db.models import Q
from ninja import Router, Schema, Status
from pydantic import Field

from adhiniyam.api.dates import parse_day, parse_on
from adhiniyam.api.schemas import (
    Amount,
    CaseTitle,
    Code,
    ComplaintText,
    Day,
    Email,
    LongPhone,
    Note,
    PackId,
    PersonIn,
    Place,
    Problem,
    PropertyIn,
    Purpose,
    ShortText,
    When,
)
from adhiniyam.records import access, present
from adhiniyam.records.errors import NotFound
from adhiniyam.records.models import Person

from . import services as S
from .models import Complaint, Demand

router = Router(tags=["enforcement"])
ERRORS = {401: Problem, 403: Problem, 404: Problem, 409: Problem, 422: Problem, 503: Problem}


class ComplaintIn(Schema):
    category: PackId
    description: ComplaintText
    address: Place = ""
    latitude: float | None = Field(None, ge=-90, le=90)
    longitude: float | None = Field(None, ge=-180, le=180)
    reporter_name: ShortText = ""
    reporter_email: Email = ""
    reporter_phone: LongPhone = ""


class ComplaintActionIn(Schema):
    type: Literal["acknowledged", "closed", "reopened"]
    note: Note = Field("", description="The office's own note (never shown to the public)")
    public_note: Note = Field("", description="What the public sees as the complaint's status note (Open311 "
                                               "status_notes); left empty, the public reads the status in words")


class CaseOpenIn(Schema):
    procedure: PackId
    on: When = Field(description="Date (YYYY-MM-DD) or clock time (YYYY-MM-DDTHH:MM) of service or of the offence")
    data: dict[str, Any] = {}
    person_id: int | None = None
    person: PersonIn | None = None
    property_id: int | None = None
    property: PropertyIn | None = None
    complaint_id: int | None = None
    title: CaseTitle = ""


class DefaultWorksIn(Schema):
    on: When
    amount: Amount
    version: int
    note: Note = ""


class DemandIn(Schema):
    on: When
    amount: Amount
    note: Note = ""


class PaymentIn(Schema):
    amount: Amount
    paid_on: When
    mode: Code = "cash"
    reference: ShortText = ""


class EmergencyIn(Schema):
    spent_on: When
    amount: Amount
    purpose: Purpose
    emergency: bool = Field(False, description="an emergency (s.64(1)(d))")
    public_interest: bool = Field(False, description="in public interest (s.64(1)(d))")


def _complaint(user, complaint_id: int) -> Complaint:
    c = Complaint.objects.select_related("body").filter(pk=complaint_id).first()
    if c is None or not access.visible_bodies(user).filter(pk=c.body_id).exists():
        raise NotFound(f"No complaint {complaint_id} that you can see.")
    return c


# ------------------------------------------------------------------------------------ complaints

@router.get("/bodies/{code}/complaint-categories", response={200: list[dict], **ERRORS})
def complaint_categories(request, code: str):
    """The body's complaint categories, each with the procedures of its Act that could apply."""
    body = access.body_for(request.user, code)
    return [{"code": c.code, "name": c.name, "description": c.description,
             "procedures_that_could_apply": S._procedures_out(body, c.procedures)} for c in S.categories(body)]


@router.post("/bodies/{code}/complaints", response={201: dict, **ERRORS})
def file_complaint(request, code: str, payload: ComplaintIn):
    """File a complaint at a body in one of its categories."""
    body = access.body_for(request.user, code)
    c = S.file_complaint(body, channel="api", user=request.user, **payload.dict())
    return Status(201, S.complaint_out(c))


@router.get("/bodies/{code}/complaints", response={200: list[dict], **ERRORS})
def list_complaints(request, code: str, status: str | None = None, category: str | None = None,
                    limit: Annotated[int, Field(ge=1, le=500)] = 100):
    """The body's complaints, newest first (staff and auditors)."""
    body = access.body_for(request.user, code)
    S.require_reader(request.user, body)
    qs = Complaint.objects.filter(body=body).select_related("body")
    if status:
        qs = qs.filter(status=status)
    if category:
        qs = qs.filter(category=category)
    return [S.complaint_out(c) for c in qs.order_by("-received_at", "-pk")[:limit]]


@router.get("/complaints/{complaint_id}", response={200: dict, **ERRORS})
def read_complaint(request, complaint_id: int):
    c = _complaint(request.user, complaint_id)
    S.require_reader(request.user, c.body)
    return S.complaint_out(c)


@router.post("/complaints/{complaint_id}/actions", response={201: dict, **ERRORS})
def complaint_action(request, complaint_id: int, payload: ComplaintActionIn):
    """Acknowledge, close (with a note) or reopen a complaint. A case opened on it is recorded when the
    notice or offence is opened with `complaint_id`."""
    c = _complaint(request.user, complaint_id)
    c = S.act_on_complaint(request.user, c, payload.type, payload.note, public_note=payload.public_note)
    return Status(201, S.complaint_out(Complaint.objects.get(pk=c.pk)))


# ------------------------------------------------------------------------------------ notices

@router.get("/bodies/{code}/notice-provisions", response={200: list[dict], **ERRORS})
def notice_provisions(request, code: str):
    """The notices the body's Act provides for: fields, preconditions, compliance periods, options on default."""
    body = access.body_for(request.user, code)
    return S.notice_provisions(body)


def _case_payload(payload: CaseOpenIn) -> dict:
    return {"person_id": payload.person_id, "person": payload.person.dict() if payload.person else None,
            "property_id": payload.property_id, "property": payload.property.dict() if payload.property else None,
            "complaint_id": payload.complaint_id, "title": payload.title}


@router.post("/bodies/{code}/notices", response={201: dict, **ERRORS})
def issue_notice(request, code: str, payload: CaseOpenIn):
    """Serve a notice under a provision of the body's Act. The compliance period runs from `on` (give a
    clock time where the Act counts hours)."""
    body = access.body_for(request.user, code)
    case = S.issue_notice(request.user, body, payload.procedure, parse_on(payload.on), payload.data,
                          **_case_payload(payload))
    return Status(201, _notice_out(request.user, case.pk))


def _notice_out(user, case_id: int, as_of=None) -> dict:
    case = access.case_for(user, case_id)
    out = present.case_out(user, case, as_of=as_of)
    out["on_default"] = S.default_options(case, None)
    out["demands"] = [S.demand_out(d) for d in case.demands.order_by("pk")]
    return out


@router.get("/notices/{case_id}", response={200: dict, **ERRORS})
def read_notice(request, case_id: int):
    """A notice case with its compliance deadline, and — in default — the options the Act gives."""
    return _notice_out(request.user, case_id)


@router.post("/notices/{case_id}/default-works", response={201: dict, **ERRORS})
def default_works(request, case_id: int, payload: DefaultWorksIn):
    """The body did the work on default: recorded as the case's event where the Act has one, and the
    cost raised as a demand recoverable as the Act says."""
    _case, demand = S.record_default_works(request.user, case_id, on=parse_on(payload.on), amount=payload.amount,
                                           version=payload.version, note=payload.note)
    return Status(201, {"demand": S.demand_out(demand), "case": _notice_out(request.user, case_id)})


class ProsecuteIn(Schema):
    on: When
    offence: PackId | None = None
    data: dict[str, Any] = {}  # the facts of the offence its elements require (an offence is a finding about facts)


@router.post("/notices/{case_id}/prosecute", response={201: dict, **ERRORS})
def prosecute(request, case_id: int, payload: ProsecuteIn):
    """On default, open the offence case the Act gives against the person served (first or subsequent
    counted from the register)."""
    case, note = S.prosecute_on_default(request.user, case_id, on=parse_on(payload.on), offence=payload.offence,
                                        data=payload.data)
    out = _notice_out(request.user, case.pk)
    out["earlier_convictions"] = note
    return Status(201, out)


# ------------------------------------------------------------------------------------ offences

@router.post("/bodies/{code}/offences", response={201: dict, **ERRORS})
def record_offence(request, code: str, payload: CaseOpenIn):
    """Record an offence. Earlier convictions of the same person under the same provision are counted
    from the register (not entered), so the engine applies the first or subsequent penalty."""
    body = access.body_for(request.user, code)
    case, note = S.record_offence(request.user, body, payload.procedure, parse_on(payload.on), payload.data,
                                  **_case_payload(payload))
    out = _notice_out(request.user, case.pk)
    out["earlier_convictions"] = note
    return Status(201, out)


class ConvictIn(Schema):
    on: When
    version: int
    type: PackId | None = Field(None, description="convicted | conviction | penalty_imposed (the procedure's own)")


@router.post("/offences/{case_id}/conviction", response={201: dict, **ERRORS})
def convict(request, case_id: int, payload: ConvictIn):
    """Record the conviction or the penalty imposed; earlier convictions are counted where the Act asks."""
    case = S.record_conviction(request.user, case_id, on=parse_on(payload.on), version=payload.version,
                               type=payload.type)
    return Status(201, _notice_out(request.user, case.pk))


@router.post("/offences/{case_id}/demand", response={201: dict, **ERRORS})
def penalty_demand(request, case_id: int, payload: DemandIn):
    """Raise the fine or penalty imposed as a demand (refused above the maximum the engine computes)."""
    d = S.raise_penalty_demand(request.user, case_id, on=parse_day(payload.on, "on"), amount=payload.amount,
                               note=payload.note)
    return Status(201, S.demand_out(d))


class PaidEventIn(Schema):
    on: When
    amount: Amount
    version: int
    person_id: int | None = None
    person: PersonIn | None = None
    mode: Code = "cash"


@router.post("/cases/{case_id}/paid-event", response={201: dict, **ERRORS})
def paid_event(request, case_id: int, payload: PaidEventIn):
    """Record the event on which the Act makes an amount payable (pound fees and expenses on a claim, Goa
    s.112-D), with its receipt."""
    case, p = S.record_paid_event(request.user, case_id, on=parse_on(payload.on), amount=payload.amount,
                                  version=payload.version, person_id=payload.person_id,
                                  person=payload.person.dict() if payload.person else None, mode=payload.mode)
    return Status(201, {"receipt_number": p.receipt_number, "amount": S.q(p.amount), "paid_on": p.paid_on.isoformat(),
                        "demand": S.demand_out(Demand.objects.get(pk=p.demand_id)),
                        "case": present.case_out(request.user, access.case_for(request.user, case_id))})


# ------------------------------------------------------------------------------------ demands and ledgers

@router.post("/demands/{demand_id}/payments", response={201: dict, **ERRORS})
def pay(request, demand_id: int, payload: PaymentIn):
    """Receive a payment against a demand; returns the numbered receipt."""
    p = S.record_payment(request.user, demand_id, amount=payload.amount, paid_on=parse_day(payload.paid_on, "paid_on"),
                         mode=payload.mode, reference=payload.reference)
    d = Demand.objects.get(pk=p.demand_id)
    return Status(201, {"receipt_number": p.receipt_number, "amount": S.q(p.amount), "paid_on": p.paid_on.isoformat(),
                        "demand": S.demand_out(d)})


@router.get("/demands/{demand_id}", response={200: dict, **ERRORS})
def read_demand(request, demand_id: int):
    d = Demand.objects.select_related("body").filter(pk=demand_id).first()
    if d is None or not access.visible_bodies(request.user).filter(pk=d.body_id).exists():
        raise NotFound(f"No demand {demand_id} that you can see.")
    S.require_reader(request.user, d.body)
    return S.demand_out(d)


@router.get("/bodies/{code}/ledger", response={200: dict, **ERRORS})
def body_ledger(request, code: str, as_of: Day | None = None):
    """Every demand of the body with what was paid, as of a date."""
    body = access.body_for(request.user, code)
    S.require_reader(request.user, body)
    return S.ledger(Demand.objects.filter(body=body), parse_day(as_of, "as_of") if as_of is not None else None)


@router.get("/people/{person_id}/ledger", response={200: dict, **ERRORS})
def person_ledger(request, person_id: int, as_of: Day | None = None):
    """A person's demands and payments, as of a date (the body's staff, or the person themself)."""
    p = Person.objects.select_related("body").filter(pk=person_id).first()
    if p is None or not access.visible_bodies(request.user).filter(pk=p.body_id).exists():
        raise NotFound(f"No person {person_id} that you can see.")
    if p.user_id != request.user.pk:
        S.require_reader(request.user, p.body)
    out = S.ledger(Demand.objects.filter(Q(body_id=p.body_id) & Q(person=p)), parse_day(as_of, "as_of") if as_of is not None else None)
    out["person"] = {"id": p.pk, "name": p.name}
    return out


# ------------------------------------------------------------------------------------ governance

@router.post("/bodies/{code}/emergency-expenditure", response={201: dict, **ERRORS})
def emergency_expenditure(request, code: str, payload: EmergencyIn):
    """Expenditure by the Sarpanch in an emergency, refused above the monthly cap of the Act."""
    body = access.body_for(request.user, code)
    e = S.record_emergency_expenditure(request.user, body, spent_on=parse_day(payload.spent_on, "spent_on"),
                                       amount=payload.amount, purpose=payload.purpose, emergency=payload.emergency,
                                       public_interest=payload.public_interest)
    return Status(201, {"id": e.pk, "spent_on": e.spent_on.isoformat(), "amount": S.q(e.amount), "cap": S.q(e.cap),
                        "cites": S.section_label(e.cites), "case_id": e.case_id,
                        "case": e.case.number if e.case_id else None})


# ------------------------------------------------------------------------------------ inspections, pound, public notices, meetings

def _kind_routes(group: str, doc: str):
    @router.get(f"/bodies/{{code}}/{group.replace('_', '-')}/provisions", response={200: list[dict], **ERRORS},
                operation_id=f"enforcement_{group}_provisions", summary=f"Procedures of the Act: {group}")
    def provisions(request, code: str):
        body = access.body_for(request.user, code)
        return S.notice_provisions(body, kinds=S.OTHER_KINDS[group])

    @router.post(f"/bodies/{{code}}/{group.replace('_', '-')}", response={201: dict, **ERRORS},
                 operation_id=f"enforcement_{group}_open", summary=doc)
    def open_case(request, code: str, payload: CaseOpenIn):
        body = access.body_for(request.user, code)
        case = S.open_of_kind(request.user, body, group, payload.procedure, parse_on(payload.on), payload.data,
                              **_case_payload(payload))
        return Status(201, present.case_out(request.user, access.case_for(request.user, case.pk)))


_kind_routes("inspections", "Plan an entry or inspection under the Act (times the Act forbids are refused on entry)")
_kind_routes("pound", "Open a pound case (impounding) with the Act's periods for claim and sale")
_kind_routes("public_notices", "Publish a public notice of the Act, with its objection period")
_kind_routes("meetings", "Open a meeting or resolution procedure (notice periods, majorities of the Act)")


# ------------------------------------------------------------------------------------ registers

@router.get("/bodies/{code}/registers/{name}", response={200: dict, **ERRORS})
def register(request, code: str, name: Literal[S.REGISTER_NAMES], as_of: Day | None = None):
    """A register (complaints, notices, offences, pound, licences, public_notices, applications, demands)
    as it stood at the end of `as_of` (default today)."""
    body = access.body_for(request.user, code)
    return S.register(request.user, body, name, parse_day(as_of, "as_of") if as_of is not None else None)
