"""Writes of the records service. Each is one transaction: it asks the engine first, and stores
nothing if the engine (or a check here) refuses.

  create_case    open a case with its opening event
  append_event   record one action in a case (optimistic concurrency on Case.version)
  sweep_case     record what time alone produced (deemed grants, lapses, expiries) as system events
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from adhiniyam.notify import outbox as notify_outbox
from adhiniyam.progress import track

from . import access
from . import corrections as C
from . import dating as D
from . import engine as E
from . import roles as R
from .audit import digest
from .errors import EngineUnavailable, Forbidden, Invalid, LawRefused, NotFound, StaleVersion
from .models import DUE_NEVER, Body, BodyLedger, Case, CaseEvent, CaseRoute, Person, Property

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


def _pick_role(requested: str | None, event_type, can_act: dict[str, str], allowed: dict | None, title: str) -> str:
    """The Act's role an entry is made as: the one asked for, else the one that fits, preferring a role the
    user holds in their own right to one held only to record a party's paper (access.for_party)."""
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
    if allowed:
        for r in candidates:
            if event_type.id in (allowed.get(r) or []):
                return r
    return candidates[0]


def _ledger(body: Body) -> BodyLedger:
    ledger = BodyLedger.objects.select_for_update().filter(body=body).first()
    if ledger is None:
        BodyLedger.objects.get_or_create(body=body)
        ledger = BodyLedger.objects.select_for_update().get(body=body)
    return ledger


def _append(case: Case, ledger: BodyLedger, *, seq: int, type: str, dating: D.Dating, by_role: str, actor,
            data: dict, system: bool, pack_version: str) -> CaseEvent:
    ledger.event_count += 1
    ev = CaseEvent(body_id=case.body_id, case=case, seq=seq, chain_seq=ledger.event_count, type=type,
                   on_date=dating.day, on_at=dating.at, by_role=by_role, actor=actor, system=system, data=data,
                   pack_version=pack_version, recorded_at=dating.entered_at, clock_dated=dating.clock_dated,
                   late_reason=dating.late_reason, prev_hash=ledger.head_hash)
    ev.hash = digest(ev.prev_hash, ev)
    ev.save(force_insert=True)
    ledger.head_hash = ev.hash
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


def _record_system_events(case: Case, ledger: BodyLedger | None, rows: list[CaseEvent], result, pack,
                          today: dt.date) -> list[CaseEvent]:
    """Record, once, each outcome that time alone produced up to today (deemed grant, lapse, expiry), after a
    correction for each recorded one the case's events no longer produce (records.corrections)."""
    def append(type: str, day: dt.date, **fields) -> CaseEvent:
        nonlocal ledger
        ledger = ledger or _ledger(case.body)
        dating = D.Dating(day, None, E.now_aware(), False, "")
        ev = _append(case, ledger, seq=len(rows) + 1, type=type, dating=dating, pack_version=str(pack.version), **fields)
        rows.append(ev)
        return ev

    recorded = C.supersede(case, rows, result, today, append)
    have = {(r.type, r.on_date) for r in rows if r.system}
    for etype, day in sorted(_outcomes(result, today) - have, key=lambda x: x[1]):
        recorded.append(append(etype, day, by_role="system", actor=None, system=True,
                               data={"source": "time", "status": result.status}))
    return recorded


def _store_derived(case: Case, pack, procedure, result, rows: list[CaseEvent], routes: list[CaseRoute] | None = None):
    notify_outbox.record(case, procedure, result, rows)     # notices of this write's new events, in its transaction
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
    derived = E.as_json(result.to_dict())
    derived.pop("trace", None)          # reads derive the trace afresh; the row keeps the answer
    case.derived = derived
    case.derived_as_of = timezone.now()
    # routes to authorities: active while they are engaged (may act now, acted, or owe a duty)
    acted = {r.by_role for r in rows}
    duties = {d.who for d in (result.deadlines or []) if getattr(d, "who", None)}
    for route in (routes if routes is not None else case.routes.all()):
        active = bool((result.allowed or {}).get(route.role)) or route.role in acted or route.role in duties
        if active != route.active:
            if route.pk:
                CaseRoute.objects.filter(pk=route.pk).update(active=active)
            else:
                CaseRoute.objects.filter(case=case, role=route.role).update(active=active)
            route.active = active


def _create_routes(case: Case, procedure) -> list[CaseRoute]:
    """Route the case to the nearest office above (or at) its body for each authority the procedure names."""
    roles = [r for r in procedure.roles if R.kind_of(case.act_id, r) == R.AUTHORITY]
    if not roles:
        return []
    offices = access.offices_above(case.body, roles)
    routes = [CaseRoute(body_id=case.body_id, case=case, role=role, office_body_id=offices[role])
              for role in roles if role in offices]
    CaseRoute.objects.bulk_create(routes)
    return routes


def _engine_event(type: str, dating: D.Dating, by: str, data: dict):
    """The entry as the engine's Event: when it happened and the day it was entered (contract 4)."""
    on = E.local_naive(dating.at) if dating.at else dating.day
    return E.law().Event(type=type, on=on, by=by, data=data, recorded_on=timezone.localdate(dating.entered_at))


def _evaluate(case: Case, rows: list, ev_in=None, **kw):
    """The engine's answer for the case's events (and a new entry), or its refusal as a LawRefused."""
    LawError = _law_error_class()
    try:
        return E.evaluate(case, rows, extra=ev_in, trace=False, **kw)[1]
    except LawError as exc:
        raise LawRefused.from_law(exc) from exc


def _check_parties(body: Body, applicant: Person | None, property: Property | None):
    if applicant is not None and applicant.body_id != body.pk:
        raise Invalid("The applicant is registered with another body; register them with this body first.")
    if property is not None and property.body_id != body.pk:
        raise Invalid("The property is in another body's records.")


def create_case(user, body: Body, procedure_id: str, opening: EventInput, *, applicant: Person | None = None,
                property: Property | None = None, title: str = "", snapshot: dict | None = None) -> Case:
    """Open a case. `snapshot` (provision versions and readings) defaults to the body's current choices;
    the demo and imports of old files may pass the choices that were in force."""
    access.require_writer(user, body)
    pack = get_pack(body.act_id)
    snapshot = snapshot if snapshot is not None else E.settings_snapshot(body)
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
    with transaction.atomic():
        ledger = _ledger(body)
        ledger.case_count += 1
        case = Case(body=body, number=f"{body.code.upper()}/{dating.day.year}/{ledger.case_count:06d}",
                    act_id=body.act_id, procedure=procedure_id, pack_version=str(pack.version),
                    settings_snapshot=snapshot,
                    title=title or f"{procedure.title}" + (f" — {applicant.name}" if applicant else ""),
                    applicant=applicant, applicant_user=applicant.user if applicant else None, property=property,
                    opened_on=dating.day, status="", created_by=user if user.is_authenticated else None)
        case.body = body
        result = _evaluate(case, [], _engine_event(opening.type, dating, by, data), body=body)
        D.require_for_late_outcomes(user, body, dating, sorted(_arisen(result, E.today()), key=lambda x: x[1]))
        case.save(force_insert=True)
        ledger.save(update_fields=["case_count"])
        ev = _append(case, ledger, seq=1, type=opening.type, dating=dating, by_role=by, actor=user, data=data,
                     system=False, pack_version=str(pack.version))
        rows = [ev]
        _record_system_events(case, ledger, rows, result, pack, E.today())
        routes = _create_routes(case, procedure)
        _store_derived(case, pack, procedure, result, rows, routes)
        case.save()
    return case


def append_event(user, case_id: int, action: EventInput, expected_version: int) -> tuple[Case, CaseEvent]:
    """Record one action in a case."""
    with transaction.atomic():
        case = access.case_for(user, case_id, lock=True)
        access.require_writer(user, case.body)
        if expected_version != case.version:
            raise StaleVersion(f"Case {case.number} is at version {case.version}; you sent version "
                               f"{expected_version}. Someone recorded something since you read it: reload the "
                               "case, check what changed, and try again.", current_version=case.version)
        pack = get_pack(case.act_id, case.pack_version)
        procedure = get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
        et = procedure.events.get(action.type)
        if et is None:
            raise LawRefused(f"'{action.type}' is not an action of '{procedure.title}'. Actions: "
                             f"{', '.join(procedure.events)}.", code="unknown_event")
        rows = list(case.events.order_by("seq"))
        settings = E.body_settings(case.body, case.settings_snapshot)
        current = _evaluate(case, rows, settings=settings)
        by = _pick_role(action.by, et, access.acting_roles(user, case, procedure), current.allowed, et.title)
        dating = D.date_entry(user, case.body, action.on, action.late_reason)
        data = _canonical_data(action.data)
        result = _evaluate(case, rows, _engine_event(action.type, dating, by, data), settings=settings)
        today = E.today()
        D.require_for_late_outcomes(user, case.body, dating,
                                    sorted(_arisen(result, today) - _arisen(current, today), key=lambda x: x[1]))
        ledger = _ledger(case.body)
        ev = _append(case, ledger, seq=len(rows) + 1, type=action.type, dating=dating, by_role=by, actor=user,
                     data=data, system=False, pack_version=str(pack.version))
        rows.append(ev)
        _record_system_events(case, ledger, rows, result, pack, today)
        _store_derived(case, pack, procedure, result, rows)
        _save_derived(case)
    return case, ev


def _save_derived(case: Case):
    """Store the engine's new answer on the case, bumping its version (optimistic concurrency)."""
    old = case.version
    case.version = old + 1
    case.updated_at = timezone.now()
    updated = Case.objects.filter(pk=case.pk, version=old).update(
        status=case.status, status_label=case.status_label, closed=case.closed,
        next_deadline=case.next_deadline, due=case.due, next_deadline_who=case.next_deadline_who, derived=case.derived,
        derived_as_of=case.derived_as_of, version=case.version, updated_at=case.updated_at)
    if updated != 1:
        raise StaleVersion(f"Case {case.number} changed while your action was being recorded; reload it.")


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
        if recorded:
            case.version += 1
        _store_derived(case, pack, procedure, result, rows)
        case.updated_at = timezone.now()
        case.save()
    return recorded


def sweep(as_of: dt.datetime | None = None, bodies=None, stdout=None) -> dict:
    """Sweep every case whose stored next deadline has passed (per body, on the inbox index)."""
    today = (as_of.date() if isinstance(as_of, dt.datetime) else as_of) if as_of else E.today()
    stats = {"bodies": 0, "cases_checked": 0, "events_recorded": 0, "errors": 0}
    bodies = list(bodies if bodies is not None else Body.objects.exclude(act_id="").order_by("pk"))
    for body in track(bodies, "sweep", stream=stdout, note=lambda b: b.code):
        stats["bodies"] += 1
        # the engine's next deadline is a last day: time can change the case from the day after it
        ids = list(Case.objects.filter(body=body, closed=False, next_deadline__lt=today)
                   .order_by("next_deadline", "pk").values_list("pk", flat=True))
        for pk in ids:
            stats["cases_checked"] += 1
            try:
                stats["events_recorded"] += len(sweep_case(pk, as_of))
            except Exception as exc:  # one bad case must not stop the sweep of the others
                stats["errors"] += 1
                log.exception("sweep failed for case %s", pk)
                if stdout:
                    stdout.write(f"case {pk}: {exc}\n")
    return stats
