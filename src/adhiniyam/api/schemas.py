"""Shapes of the API's requests and answers (the OpenAPI description is generated from these)."""

from __future__ import annotations

from typing import Annotated, Any

from ninja import Schema
from pydantic import AfterValidator, Field


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("must not contain a NUL character")
    return value


# Text as the database can keep it: no NUL character (PostgreSQL cannot store one), within the column.
Name = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(_no_nul)]
ShortText = Annotated[str, Field(max_length=200), AfterValidator(_no_nul)]
Code = Annotated[str, Field(max_length=60), AfterValidator(_no_nul)]
Phone = Annotated[str, Field(max_length=20), AfterValidator(_no_nul)]
CaseTitle = Annotated[str, Field(max_length=300), AfterValidator(_no_nul)]
Address = Annotated[str, Field(max_length=2000), AfterValidator(_no_nul)]


class Problem(Schema):
    type: str
    title: str
    status: int
    detail: str
    code: str
    instance: str | None = None
    cites: list[str] | None = None
    errors: list[dict] | None = None


class TokenIn(Schema):
    username: str
    password: str
    name: Annotated[str, Field(max_length=100), AfterValidator(_no_nul)] = "api"
    days: int | None = Field(None, ge=1, le=365, description="How long the token lasts (default: the server's, 30 days)")


class TokenOut(Schema):
    token: str
    prefix: str
    user: str
    expires_at: str


class TokenInfoOut(Schema):
    id: int
    name: str
    prefix: str
    created_at: str
    expires_at: str
    last_used_at: str | None
    revoked: bool
    revoked_reason: str = ""
    current: bool = Field(description="the token this request was made with")


class MembershipOut(Schema):
    body: str
    role: str
    office: str = ""


class MeOut(Schema):
    username: str
    name: str
    superuser: bool
    memberships: list[MembershipOut]


class OfficeOut(Schema):
    role: str
    title: str
    body: str


class ClosureOut(Schema):
    on: str
    reason: str
    source: str


class BodyOut(Schema):
    code: str
    name: str
    name_local: str = ""
    kind: str
    state: str
    act_id: str = ""
    parent: str | None = None
    ancestors: list[str] = []
    latitude: float | None = None
    longitude: float | None = None
    weekly_off: list[str] = []


class BodyDetailOut(BodyOut):
    offices: list[OfficeOut] = []
    routes: dict[str, OfficeOut | None] = {}
    closures: list[ClosureOut] = []
    versions: dict[str, Any] = {}
    interpretations: dict[str, str] = {}
    my_roles: list[MembershipOut] = []


class FieldOut(Schema):
    type: str
    required: bool
    title: str = ""
    choices: list[Any] = []
    default: Any = None


class EventTypeOut(Schema):
    id: str
    title: str
    by: list[str]
    opens: bool
    closes: bool
    cites: list[str] = []
    fields: dict[str, FieldOut] = {}


class ProcedureOut(Schema):
    id: str
    title: str
    kind: str
    cites: list[str] = []
    quote: str = ""
    roles: dict[str, str]
    role_kinds: dict[str, str]
    statuses: dict[str, str]
    opening_events: list[str]
    events: list[EventTypeOut]


class PersonIn(Schema):
    name: Name
    name_local: ShortText = ""
    phone: Phone = ""
    email: ShortText = ""
    address: Address = ""


class PropertyIn(Schema):
    address: Annotated[str, Field(min_length=1, max_length=2000), AfterValidator(_no_nul)]
    survey_number: Code = ""
    ward: Code = ""


class EventIn(Schema):
    type: str = Field(description="Event type of the procedure, e.g. application_received")
    on: str | None = Field(None, description=(
        "When it happened: YYYY-MM-DD, or YYYY-MM-DDTHH:MM where hours count. Leave it out for now. A citizen's "
        "own submission is always dated by the server's clock on receipt (another day is refused); office "
        "staff may give an earlier day, with late_reason, up to the body's limit"))
    by: str | None = Field(None, description="The Act's role you act as (e.g. secretary); inferred when one fits")
    data: dict[str, Any] = {}
    late_reason: Annotated[str, Field(max_length=1000), AfterValidator(_no_nul)] = Field(
        "", description="Office staff: why an entry dated before today is entered late (required then)")


class CaseCreateIn(Schema):
    procedure: str
    event: EventIn
    applicant_id: int | None = None
    applicant: PersonIn | None = None
    property_id: int | None = None
    property: PropertyIn | None = None
    title: CaseTitle = ""


class ActionIn(EventIn):
    version: int = Field(description="The case's version as you last read it; a stale version gets 409")


class PersonOut(Schema):
    id: int
    name: str


class PropertyOut(Schema):
    id: int
    address: str
    survey_number: str = ""
    verified: bool = True
    declared_on_application: bool = False


class CaseEventOut(Schema):
    seq: int
    type: str
    title: str
    on: str
    by: str
    actor: str | None = None
    system: bool
    data: dict[str, Any]
    recorded_at: str
    dated_by: str = Field(description="law (an outcome of time), clock (the server's clock on receipt) or office")
    recorded_late: bool = Field(description="entered on a later day than it happened")
    late_reason: str = ""
    hash: str


class ActionOut(Schema):
    type: str
    title: str
    as_role: str
    fields: dict[str, FieldOut] = {}


class RouteOut(Schema):
    role: str
    office: str
    office_name: str
    active: bool


class DocumentOut(Schema):
    id: int
    kind: str
    title: str
    content_type: str
    size: int
    sha256: str
    uploaded_at: str
    url: str


class CaseSummary(Schema):
    id: int
    number: str
    body: str
    procedure: str
    title: str
    status: str
    status_label: str
    closed: bool
    opened_on: str
    next_deadline: str | None
    next_deadline_who: str = ""
    due: str | None = None
    overdue: bool = False
    version: int


class CaseList(Schema):
    items: list[CaseSummary]
    next_offset: int | None = None


class CaseOut(CaseSummary):
    act_id: str
    pack_version: str
    pack_current: bool
    as_of: str
    applicant: PersonOut | None = None
    property: PropertyOut | None = None
    deadlines: list[dict[str, Any]]
    deemed: list[dict[str, Any]]
    allowed: dict[str, list[str]]
    my_actions: list[ActionOut]
    my_roles: dict[str, str]
    amounts: dict[str, Any]
    findings: dict[str, Any]
    versions: dict[str, Any]
    readings: dict[str, Any]
    explanation: list[dict[str, Any]]
    routes: list[RouteOut]
    events: list[CaseEventOut]
    documents: list[DocumentOut]
    warnings: list[str] = []
