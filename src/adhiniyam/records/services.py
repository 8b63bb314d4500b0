"""Writes of the records service. Each is one transaction: it asks the engine first, and stores
nothing if the engine (or a check here) refuses.

  create_case    open a case with its opening event
  append_event   record one action in a case (optimistic concurrency on Case.version)
  sweep_case     record what time alone produced in one case (deemed grants, lapses, expiries) as system
                 events; the nightly sweep does the same for a body's due cases in batches (sweep.py)
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from adhiniyam.notify import outbox as notify_outbox

from . import access, bodysettings
from . import corrections as C
from . import dating as D
from . import engine as E
from . import roles as R
from .audit import digest
from .errors import EngineUnavailable, Forbidden, Invalid, LawRefused, NotFound, ServiceError, StaleVersion
from .models import DUE_NEVER, Body, BodyLedger, Case, CaseEvent, CaseRoute, Person, Property, new_case_id
from .prepared import Prepared, Update, insert, new

log = logging.getLogger("adhiniyam.records")


@dataclass
class EventInput:
    type: str
    on: dt.date | dt.datetime | None = None   # when it happened; None: now, on the server's clock
    data: dict[str, Any] = field(default_factory=dict)
    by: str | None = None             # the Act's role the user acts as; inferred when one fits
    late_reason: str = ""             # why an entry dated before today is entered late (office staff)


def _law_error_class():
    try:
        return E.law().LawError
    except Exception:  # pragma: no cover - engine missing
        return ()


def get_pack(act_id: str, version: str | None = None):
    """The installed pack, or the version a case is bound to."""
    if not act_id:
        raise Invalid("This body keeps no cases: it names no Act. Choose a panchayat or municipality.")
    try:
        return E.load_pack(act_id, version)
    except ImportError as exc:
        raise EngineUnavailable(f"The law engine could not be loaded ({exc}).") from exc
    except Exception as exc:
        raise EngineUnavailable(f"The law pack '{act_id}' could not be loaded: {exc}") from exc


def get_procedure(pack, procedure_id: str, snapshot: dict | None = None, on: dt.date | None = None):
    if procedure_id not in pack.procedures:
        raise NotFound(f"The {pack.title} has no procedure '{procedure_id}'. Offered: "
                       f"{', '.join(sorted(pack.procedures))}.", code="unknown_procedure")
    LawError = _law_error_class()
    try:
        return E.procedure(pack, procedure_id, snapshot, on)
    except LawError as exc:
        raise LawRefused.from_law(exc) from exc


def _canonical_data(data: dict) -> dict:
    try:
        return json.loads(json.dumps(data or {}, default=_json_default))
    except (TypeError, ValueError) as exc:
        raise Invalid(f"The event's data cannot be stored: {exc}") from exc


def _json_default(value):
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not a plain value")


def _pick_role(requested: str | None, event_type, can_act: dict[str, str], allowed, title: str) -> str:
    """The Act's role an entry is made as: the one asked for, else the one of the user's roles that may do
    it now (`allowed()`: each role's actions now, asked only when several of the user's roles could),
    preferring a role the user holds in their own right to one held only to record a party's paper
    (access.for_party)."""
    can = list(can_act)
    candidates = sorted((r for r in event_type.by if r in can), key=lambda r: access.for_party(can_act[r]))
    if requested:
        if requested not in event_type.by:
            raise Forbidden(f"'{title}' is done by {', '.join(event_type.by)} under the Act, not by {requested}.",
                            code="wrong_role")
        if requested not in can:
            raise Forbidden(f"You cannot act as {requested} here. You may act as: "
                            f"{', '.join(can) or 'no role in this case'}.", code="not_your_role")
        return requested
    if not candidates:
        raise Forbidden(f"'{title}' is done by {', '.join(event_type.by)}; you may act as "
                        f"{', '.join(can) or 'no role in this case'}.", code="not_your_role")
    if len(candidates) > 1 and allowed is not None:
        now = allowed() or {}
        for r in candidates:
            if event_type.id in (now.get(r) or []):
                return r
    return candidates[0]


_LEDGER = Prepared(lambda body_id: BodyLedger.objects.select_for_update().filter(body_id=body_id)[:1], -101)
_EVENTS = Prepared(lambda body_id, case_id: CaseEvent.objects.filter(body_id=body_id, case_id=case_id)
                   .select_related("actor").order_by("seq"), -101, -102)


def events_of(case: Case) -> list[CaseEvent]:
    """The case's events in order, with their actors."""
    return _EVENTS(case.body_id, case.pk)


def _ledger(body: Body) -> BodyLedger:
    """The body's ledger, locked for this transaction (made on first use)."""
    ledger = next(iter(_LEDGER(body.pk)), None)
    if ledger is None:
        BodyLedger.objects.get_or_create(body=body)
        ledger = BodyLedger.objects.select_for_update().get(body=body)
    return ledger


class LedgerOnDemand:
    """The body's ledger, locked the first time it is asked for (a sweep of a case that records nothing
    leaves it alone); `ledger` when the caller holds it already."""

    def __init__(self, body: Body, ledger: BodyLedger | None = None):
        self.body, self.ledger = body, ledger

    def __call__(self) -> BodyLedger:
        self.ledger = self.ledger or _ledger(self.body)
        return self.ledger


def _entry(case: Case, *, seq: int, type: str, dating: D.Dating, by_role: str, actor, data: dict, system: bool,
           pack_version: str) -> CaseEvent:
    """A new event of the case (not yet stored): `chain` gives it its place in the body's hash chain."""
    return new(CaseEvent, body_id=case.body_id, case=case, seq=seq, type=type, on_date=dating.day, on_at=dating.at,
               by_role=by_role, actor=actor, system=system, data=data, pack_version=pack_version,
               recorded_at=dating.entered_at, clock_dated=dating.clock_dated, late_reason=dating.late_reason)


def chain(events: list[CaseEvent], ledger: BodyLedger) -> None:
    """New events linked onto the body's hash chain in turn, with its ledger locked: each one's place and
    hash (of the one before it and itself); the ledger's count and head move on."""
    for ev in events:
        ledger.event_count += 1
        ev.chain_seq, ev.prev_hash = ledger.event_count, ledger.head_hash
        ev.hash = digest(ev.prev_hash, ev)
        ledger.head_hash = ev.hash


def _append(case: Case, ledger: BodyLedger, **fields) -> CaseEvent:
    ev = _entry(case, **fields)
    chain([ev], ledger)
    ev.save(force_insert=True)
    ledger.save(update_fields=["event_count", "head_hash", "updated_at"])
    return ev


def _outcomes(result, today: dt.date) -> set[tuple[str, dt.date]]:
    """The outcomes time alone has produced by `today` (deemed grant, lapse, expiry): (event type, day)."""
    days = ((etype, E.deadline_date(on)) for etype, on in result.system_events or [])
    return {(etype, day) for etype, day in days if day is not None and day <= today}


def _arisen(result, today: dt.date) -> set[tuple[str, dt.date]]:
    """Every outcome of time arisen by `today`: the events time records, and the deemed outcomes (a pack may
    declare a deemed grant without an event for it)."""
    recorded = _outcomes(result, today)
    days = {day for _etype, day in recorded}
    deemed = {(f"deemed {d.outcome}", E.deadline_date(d.on)) for d in result.deemed or []}
    return recorded | {(what, day) for what, day in deemed if day is not None and day <= today and day not in days}


def new_outcomes(rows, result, today: dt.date) -> list[tuple[str, dt.date]]:
    """The outcomes time alone produced up to today (deemed grant, lapse, expiry) not yet recorded in `rows`."""
    have = {(r.type, r.on_date) for r in rows if r.system}
    return sorted(_outcomes(result, today) - have, key=lambda x: x[1])


def time_events(case: Case, rows: list, result, pack, today: dt.date) -> list[CaseEvent]:
    """What this answer makes the records say of time, as events (not yet chained nor stored) appended to
    `rows`: first a correction for each recorded outcome the case's events no longer produce
    (records.corrections, which refuses a late entry the body's reading does not let defeat it), then each
    outcome time alone produced up to today, once."""
    def append(type: str, day: dt.date, **fields) -> CaseEvent:
        ev = _entry(case, seq=len(rows) + 1, type=type, dating=D.Dating(day, None, E.now_aware(), False, ""),
                    pack_version=str(pack.version), **fields)
        rows.append(ev)
        return ev

    recorded = C.supersede(case, rows, result, today, append)
    for etype, day in new_outcomes(rows, result, today):
        recorded.append(append(etype, day, by_role="system", actor=None, system=True,
                               data={"source": "time", "status": result.status}))
    return recorded


def _record_system_events(case: Case, ledger: BodyLedger | None, rows: list[CaseEvent], result, pack,
                          today: dt.date) -> list[CaseEvent]:
    """Record the time_events of this answer, each inserted, the ledger (locked on first need) written once."""
    recorded = time_events(case, rows, result, pack, today)
    if recorded:
        ledger = ledger or _ledger(case.body)
        chain(recorded, ledger)
        for ev in recorded:
            ev.save(force_insert=True)
        ledger.save(update_fields=["event_count", "head_hash", "updated_at"])
    return recorded


def set_derived(case: Case, procedure, result):
    """The engine's answer on the case row's derived fields (not yet stored)."""
    case.status = result.status
    case.status_label = result.status_label or procedure.statuses.get(result.status, result.status or "")
    case.closed = bool(result.closed)
    # next_deadline: the engine's next moment at which time alone may change the case (the sweep's key);
    # due: the earliest last day of any duty still owed, overdue ones included (the inbox's order).
    case.next_deadline = E.deadline_date(result.next_deadline)
    owed = sorted(((E.deadline_date(d.last_day), d.who or "") for d in (result.deadlines or [])
                   if d.last_day is not None and not getattr(d, "suspended", False)), key=lambda x: x[0])
    if case.closed:
        owed = []
    if owed and (case.next_deadline is None or owed[0][0] <= case.next_deadline):
        case.due, case.next_deadline_who = owed[0]
    else:
        case.due = case.next_deadline or DUE_NEVER
        case.next_deadline_who = next((who for day, who in owed if day == case.next_deadline), "")
    case.derived = E.answer(result)
    case.derived_as_of = timezone.now()


def authorities(procedure, act_id: str) -> list[str]:
    """The procedure's roles that are authorities above the body (a case is routed to each)."""
    return [r for r in procedure.roles if R.kind_of(act_id, r) == R.AUTHORITY]


def engaged(role: str, result, rows: list[CaseEvent]) -> bool:
    """Whether a route to an authority is active: it may act now, has acted, or owes a duty."""
    return (bool((result.allowed or {}).get(role)) or any(r.by_role == role for r in rows)
            or any(getattr(d, "who", None) == role for d in result.deadlines or []))


def route_changes(routes: list[CaseRoute], result, rows: list[CaseEvent]) -> list[CaseRoute]:
    """The routes whose `active` flips with this answer (flipped in memory, not yet stored)."""
    changed = []
    for route in routes:
        active = engaged(route.role, result, rows)
        if active != route.active:
            route.active = active
            changed.append(route)
    return changed


def _store_derived(case: Case, pack, procedure, result, rows: list[CaseEvent], routes: list[CaseRoute] | None = None):
    notify_outbox.record(case, procedure, result, rows)     # notices of this write's new events, in its transaction
    set_derived(case, procedure, result)
    for route in route_changes(routes if routes is not None else list(case.routes.all()), result, rows):
        if route.pk:
            CaseRoute.objects.filter(pk=route.pk).update(active=route.active)
        else:
            CaseRoute.objects.filter(case=case, role=route.role).update(active=route.active)


@dataclass
class Written:
    """What a write stored and what the engine answered, for the write's own response (present.written)."""
    case: Case
    rows: list[CaseEvent]                      # every event of the case, in order, the new ones included
    routes: list[tuple[CaseRoute, Any]]        # (route, its office: a Body or an OfficeAbove, with code and name)
    result: Any                                # the engine's Evaluation, without trace
    procedure: Any
    pack: Any


def _engine_event(type: str, dating: D.Dating, by: str, data: dict):
    """A new entry as the engine's Event: when it happened and the day it was entered (contract 4; as
    engine.to_engine_event reads it back from the stored row)."""
    on = E.local_naive(dating.at) if dating.at else dating.day
    return E.law().Event(type=type, on=on, by=by, data=data, recorded_on=timezone.localdate(dating.entered_at))


def _evaluate(case: Case, rows: list, settings, extra=None):
    """The engine's answer for the case's events (and a new entry), or its refusal as a LawRefused."""
    try:
        return E.evaluate(case, rows, extra=extra, trace=False, settings=settings)[1]
    except _law_error_class() as exc:
        raise LawRefused.from_law(exc) from exc


def _check_parties(body: Body, applicant: Person | None, property: Property | None):
    if applicant is not None and applicant.body_id != body.pk:
        raise Invalid("The applicant is registered with another body; register them with this body first.")
    if property is not None and property.body_id != body.pk:
        raise Invalid("The property is in another body's records.")


def open_case(user, body: Body, procedure_id: str, opening: EventInput, *, applicant: Person | None = None,
              property: Property | None = None, title: str = "", snapshot: dict | None = None) -> Written:
    """Open a case. `snapshot` (provision versions and readings) defaults to the body's current choices;
    the demo and imports of old files may pass the choices that were in force. The entry is dated by
    records.dating. The engine answers before the transaction, so a writer holds the database only while
    it writes: the ledger locked, the case inserted with its derived fields, its events and routes inserted,
    the ledger updated."""
    access.require_writer(user, body)
    pack = get_pack(body.act_id)
    facts = bodysettings.facts(body)
    snapshot = snapshot if snapshot is not None else facts.snapshot()
    procedure = get_procedure(pack, procedure_id, snapshot, D.day_of(opening.on))
    et = procedure.events.get(opening.type)
    if et is None or not getattr(et, "opens", False):
        openers = [e for e, t in procedure.events.items() if getattr(t, "opens", False)]
        raise Invalid(f"A '{procedure.title}' case opens with {', '.join(openers)}, not '{opening.type}'.",
                      code="not_an_opening_event")
    dating = D.date_entry(user, body, opening.on, opening.late_reason)
    by = _pick_role(opening.by, et, access.opening_roles(user, body, body.act_id, et), None, et.title)
    data = _canonical_data(opening.data)
    _check_parties(body, applicant, property)
    case = new(Case, body=body, act_id=body.act_id, procedure=procedure_id, pack_version=str(pack.version),
               settings_snapshot=snapshot, title=title or procedure.title + (f" — {applicant.name}" if applicant else ""),
               applicant=applicant, applicant_user=applicant.user if applicant else None, property=property,
               opened_on=dating.day, created_by=user if user.is_authenticated else None)
    if applicant is not None:
        case.applicant_here = applicant          # the same person, for the answer (no query)
    if property is not None:
        case.property_here = property
    result = _evaluate(case, [], facts.engine_settings(body, snapshot), _engine_event(opening.type, dating, by, data))
    today = E.today()
    D.require_for_late_outcomes(user, body, dating, sorted(_arisen(result, today), key=lambda x: x[1]))
    set_derived(case, procedure, result)
    with transaction.atomic():
        for party in (applicant, property):     # new records of the applicant and the property, given with it
            if party is not None and party.pk is None:
                insert([party])
        if property is not None and property.owner is applicant:
            property.owner_id = applicant.pk if applicant is not None else None
        case.applicant, case.property = applicant, property     # their ids now given, the objects kept (no query)
        ledger = _ledger(body)
        ledger.case_count += 1
        case.id = new_case_id(body.pk, ledger.case_count)
        case.number = f"{body.code.upper()}/{dating.day.year}/{ledger.case_count:06d}"
        rows = [_entry(case, seq=1, type=opening.type, dating=dating, by_role=by, actor=user, data=data,
                       system=False, pack_version=str(pack.version))]
        time_events(case, rows, result, pack, today)
        chain(rows, ledger)
        since = notify_outbox.advance(case, rows)      # the outbox's cursor, stored with the case
        insert([case])
        insert(rows)
        routes = [(new(CaseRoute, body_id=body.pk, case=case, role=role, office_body_id=office.body_id,
                       active=engaged(role, result, rows)), office)
                  for role in authorities(procedure, body.act_id) if (office := facts.offices.get(role))]
        insert([route for route, _office in routes])
        notify_outbox.notices_after(case, procedure, result, rows, since)   # notices of the new events
        write_ledger(ledger)
    return Written(case, rows, routes, result, procedure, pack)


def open_application(user, body: Body, procedure_id: str, opening: EventInput, *, applicant_id: int | None = None,
                     applicant: dict | None = None, property_id: int | None = None, property: dict | None = None,
                     title: str = "") -> Written:
    """Open a case for an applicant and a property named by id (among those access.people_for and
    access.properties_for let this user name: someone else's id is not found, as an unknown one) or given
    as new records, stored in the case's transaction. A citizen opens only for themself (their own record,
    made on first use) and a property they give is their declaration until the office verifies it; the
    body's office staff open for anyone."""
    staff = access.office_staff(user, body)
    person = None
    if applicant_id is not None:
        person = access.people_for(user, body).filter(pk=applicant_id).first()
        if person is None:
            raise NotFound(f"No person {applicant_id} in {body.name}'s records.")
    elif applicant is not None:
        person = new(Person, body=body, user=None if staff else user, **applicant)
    elif not staff:
        person = (Person.objects.filter(body=body, user=user).first()
                  or new(Person, body=body, user=user, name=user.get_full_name() or user.username, email=user.email))
    place = None
    if property_id is not None:
        place = access.properties_for(user, body).filter(pk=property_id).first()
        if place is None:
            raise NotFound(f"No property {property_id} in {body.name}'s records.")
    elif property is not None:
        place = new(Property, body=body, owner=person, declared_by=None if staff else user, **property)
    return open_case(user, body, procedure_id, opening, applicant=person, property=place, title=title)


def create_case(user, body: Body, procedure_id: str, opening: EventInput, **kwargs) -> Case:
    """Open a case (open_case), answering the case."""
    return open_case(user, body, procedure_id, opening, **kwargs).case


def record(user, case_id: int, action: EventInput, expected_version: int) -> Written:
    """Record one action in a case, dated by records.dating. The case, its events and routes are read and the
    engine answers before the transaction (_answer), so a writer holds the database (SQLite's one write lock,
    the rows' locks on PostgreSQL) only while it writes: the case updated if still at the version read (else
    StaleVersion, as when someone recorded first), with the outbox's cursor; the ledger locked, the event (and
    any correction or outcome of time it brings) chained and inserted, the routes that flip updated, the
    ledger updated."""
    case = access.case_for(user, case_id)
    access.require_writer(user, case.body)
    if expected_version != case.version:
        raise _stale(case, case.version, expected_version)
    try:
        pack, procedure, rows, routes, new, result = _answer(user, case, action)
    except ServiceError:
        # The reads are not one snapshot: a refusal may come of events someone recorded after the case was
        # read. Then the case has moved on, and the answer is the one its version gives.
        now = _version_now(case)
        if now != case.version:
            raise _stale(case, now, expected_version) from None
        raise
    set_derived(case, procedure, result)
    since = notify_outbox.advance(case, rows)
    with transaction.atomic():
        _save_derived(case)                 # first: the case's row taken, and nothing recorded since it was read
        ledger = _ledger(case.body)
        chain(new, ledger)
        insert(new)
        flipped = route_changes(routes, result, rows)
        for active in (True, False):
            flip = [r.pk for r in flipped if r.active is active]
            if flip:
                CaseRoute.objects.filter(body_id=case.body_id, pk__in=flip).update(active=active)
        notify_outbox.notices_after(case, procedure, result, rows, since)   # notices of the new events
        write_ledger(ledger)
    return Written(case, rows, [(r, r.office_body) for r in routes], result, procedure, pack)


def _answer(user, case: Case, action: EventInput) -> tuple:
    """What `record` reads and the engine answers for the action, or the refusal: (pack, procedure, the case's
    events with the new ones, its routes, the new events: the entry and any correction or outcome of time it
    brings, not yet chained, the engine's answer with it)."""
    pack = get_pack(case.act_id, case.pack_version)
    procedure = get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    et = procedure.events.get(action.type)
    if et is None:
        raise LawRefused(f"'{action.type}' is not an action of '{procedure.title}'. Actions: "
                         f"{', '.join(procedure.events)}.", code="unknown_event")
    rows, routes = events_of(case), access.routes_of(case)
    settings = E.body_settings(case.body, case.settings_snapshot)
    current = functools.cache(lambda: _evaluate(case, rows, settings))    # the answer before this entry
    by = _pick_role(action.by, et, access.acting_roles(user, case, procedure, routes),
                    lambda: current().allowed, et.title)
    dating = D.date_entry(user, case.body, action.on, action.late_reason)
    data = _canonical_data(action.data)
    result = _evaluate(case, rows, settings, _engine_event(action.type, dating, by, data))
    today = E.today()
    if dating.late:
        D.require_for_late_outcomes(user, case.body, dating, sorted(_arisen(result, today) - _arisen(current(), today),
                                                                    key=lambda x: x[1]))
    new = [_entry(case, seq=len(rows) + 1, type=action.type, dating=dating, by_role=by, actor=user, data=data,
                  system=False, pack_version=str(pack.version))]
    rows = rows + new
    new += time_events(case, rows, result, pack, today)
    return pack, procedure, rows, routes, new, result


def _stale(case: Case, current: int, sent: int) -> StaleVersion:
    return StaleVersion(f"Case {case.number} is at version {current}; you sent version {sent}. Someone recorded "
                        "something since you read it: reload the case, check what changed, and try again.",
                        current_version=current)


def append_event(user, case_id: int, action: EventInput, expected_version: int) -> tuple[Case, CaseEvent]:
    """Record one action (record), answering the case and the event recorded."""
    written = record(user, case_id, action, expected_version)
    return written.case, next(r for r in reversed(written.rows) if not r.system)


DERIVED = ["status", "status_label", "closed", "next_deadline", "due", "next_deadline_who", "derived",
           "derived_as_of", "version", "updated_at", "notified_seq"]
_CASE_DERIVED = Update(Case, DERIVED, ["body", "id", "version"])
_LEDGER_HEAD = Update(BodyLedger, ["case_count", "event_count", "head_hash", "updated_at"], ["body"])


def write_ledger(ledger: BodyLedger):
    """The body's ledger (locked by this transaction) written back: its counts and chain head (every write,
    and the sweep's batches)."""
    ledger.updated_at = timezone.now()
    _LEDGER_HEAD(ledger)


def _version_now(case: Case) -> int | None:
    return Case.objects.filter(body_id=case.body_id, pk=case.pk).values_list("version", flat=True).first()


def _save_derived(case: Case):
    """Store the engine's new answer on the case, bumping its version, if it is still at the version it was
    read at (optimistic concurrency): else StaleVersion, with the version it is at now."""
    old = case.version
    case.version = old + 1
    case.updated_at = timezone.now()
    if _CASE_DERIVED(case, version=old) != 1:
        case.version = old
        raise _stale(case, _version_now(case), old)


def verify_property(user, body: Body, property_id: int) -> Property:
    """The office verifies a property a citizen declared on an application (once; later calls change nothing)."""
    with transaction.atomic():
        prop = Property.objects.select_for_update().filter(body=body, pk=property_id).first()
        if prop is None:
            raise NotFound(f"No property {property_id} in {body.name}'s records.")
        if prop.verified_at is None and prop.declared_by_id is not None:
            prop.verified_at, prop.verified_by = E.now_aware(), user
            prop.save(update_fields=["verified_at", "verified_by"])
    return prop


def sweep_case(case_id: int, as_of: dt.datetime | None = None) -> list[CaseEvent]:
    """Record what time alone produced in one case, once. Returns the events recorded."""
    recorded: list[CaseEvent] = []
    with transaction.atomic():
        case = Case.objects.select_for_update(of=("self",)).select_related("body").get(pk=case_id)
        rows = list(case.events.order_by("seq"))
        pack = get_pack(case.act_id, case.pack_version)
        procedure = get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
        _p, result = E.evaluate(case, rows, as_of=as_of, trace=False)
        today = (as_of.date() if isinstance(as_of, dt.datetime) else as_of) if as_of else E.today()
        recorded = _record_system_events(case, None, rows, result, pack, today)
        case.version += 1                   # its answer, routes and maybe events changed (as sweep.py)
        _store_derived(case, pack, procedure, result, rows)
        case.updated_at = timezone.now()
        case.save()
    return recorded
