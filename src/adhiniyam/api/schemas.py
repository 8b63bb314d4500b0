"""Shapes of the API's requests and answers (the OpenAPI description is generated from these)."""

from __future__ import annotations

from typing import Annotated, Any

from ninja import Schema
from pydantic import (
    AfterValidator,
    Field,
    ModelWrapValidatorHandler,
    ValidationInfo,
    WithJsonSchema,
    model_validator,
)


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("must not contain a NUL character")
    return value


NO_NUL = "^[^\\x00]*$"


def Text(max_length: int, min_length: int = 0):  # noqa: N802 (a type, as pydantic's constr)
    """Text as the database can keep it: no NUL character (PostgreSQL cannot store one), within the column.
    The schema says both, and the same declaration refuses what breaks them."""
    return Annotated[str, Field(min_length=min_length, max_length=max_length, json_schema_extra={"pattern": NO_NUL}),
                     AfterValidator(_no_nul)]


Name = Text(200, min_length=1)
ShortText = Text(200)
Code = Text(60)
Phone = Text(20)
CaseTitle = Text(300)
Address = Text(2000)
Note = Text(4000)
Label = Text(100, min_length=1)
Place = Text(300)
Purpose = Text(300, min_length=1)
PropertyAddress = Text(2000, min_length=1)
LongPhone = Text(30)
LateReason = Text(1000)          # why an entry dated before today is entered late (records.dating)
# A complaint's description: some words, at most the 4,000 characters Open311 GeoReport v2 allows.
COMPLAINT_TEXT_MAX = 4000
ComplaintText = Annotated[str, Field(min_length=1, max_length=COMPLAINT_TEXT_MAX,
                                    pattern=r"^[^\x00]*[^\x00\s][^\x00]*$")]
# An e-mail address as Django's EmailValidator takes it (or nothing).
_LABEL = "[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
Email = Annotated[str, Field(max_length=254, pattern=(
    rf"^$|^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*@({_LABEL}\.)+[A-Za-z]{{2,63}}$"))]
# An amount of rupees: more than zero, to the paisa, within the ledger's fourteen digits.
Amount = Annotated[float, Field(ge=0.01, le=999_999_999_999.99)]


# A date as the API takes it (read by adhiniyam.api.dates.parse_on, which refuses anything else with 422
# bad_date): a calendar date, or a date and clock time where the Act counts hours — with an offset
# (RFC 3339) or, as a convenience the schema does not promise, local time without one. Years from 1900.
_FROM_1900 = "^(19|[2-9][0-9])[0-9]{2}-"
When = Annotated[str, WithJsonSchema({
    "anyOf": [{"type": "string", "format": "date", "pattern": _FROM_1900},
              {"type": "string", "format": "date-time", "pattern": _FROM_1900}],
    "description": "YYYY-MM-DD, or YYYY-MM-DDTHH:MM[:SS]±HH:MM where hours count (local time if the offset is "
                   "left out)", "examples": ["2026-03-02", "2026-03-02T10:30:00+05:30"]})]
Day = Annotated[str, WithJsonSchema({"type": "string", "format": "date", "pattern": _FROM_1900,
                                     "description": "YYYY-MM-DD", "examples": ["2026-03-02"]})]
# An id of the law pack (procedure, event type, role): letters, digits and underscores.
PackId = Annotated[str, Field(min_length=1, max_length=100, pattern=r"^[A-Za-z][A-Za-z0-9_]*$")]

# Paging of lists: the schema declares the bounds and the same declaration refuses what is outside them.
MAX_PAGE = 200
Limit = Annotated[int, Field(ge=1, le=MAX_PAGE, description=f"How many to return, 1 to {MAX_PAGE}")]
Offset = Annotated[int, Field(ge=0, le=2**31 - 1, description="How many to skip (0 or more)")]


class In(Schema):
    """A request's shape. ninja's Schema reads every input through a wrapper for Django objects (their
    managers, files, callables), attribute by attribute; a request's JSON object is a dict of plain values,
    which is validated as it is (some µs a field less, issue 21), and anything else as Schema does."""

    @model_validator(mode="wrap")
    @classmethod
    def _run_root_validator(cls, values: Any, handler: ModelWrapValidatorHandler, info: ValidationInfo) -> Any:
        if type(values) is dict and not cls._ninja_resolvers:
            return handler(values)
        return super()._run_root_validator(values, handler, info)


class Problem(Schema):
    type: str
    title: str
    status: int
    detail: str
    code: str
    instance: str | None = None
    cites: list[str] | None = None
    errors: list[dict] | None = None


class TokenIn(In):
    username: Annotated[str, Field(min_length=1, max_length=150)]
    password: Annotated[str, Field(min_length=1, max_length=4096)]
    name: Label = "api"
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
    openings: list[ClosureOut] = []     # State holidays or weekly days off on which the office was open
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


class PersonIn(In):
    name: Name
    name_local: ShortText = ""
    phone: Phone = ""
    email: Email = ""
    address: Address = ""


class PropertyIn(In):
    address: PropertyAddress
    survey_number: Code = ""
    ward: Code = ""


class EventIn(In):
    type: PackId = Field(description="Event type of the procedure, e.g. application_received")
    on: When | None = Field(None, description=(
        "When it happened: YYYY-MM-DD, or YYYY-MM-DDTHH:MM where hours count. Leave it out for now. A citizen's "
        "own submission is always dated by the server's clock on receipt (another day is refused); office "
        "staff may give an earlier day, with late_reason, up to the body's limit"))
    by: PackId | None = Field(None, description="The Act's role you act as (e.g. secretary); inferred when one fits")
    data: dict[str, Any] = {}
    late_reason: LateReason = Field(
        "", description="Office staff: why an entry dated before today is entered late (required then)")


class CaseCreateIn(In):
    procedure: PackId
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
