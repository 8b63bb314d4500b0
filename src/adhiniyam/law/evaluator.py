"""The evaluator: a case's events and a date in, what the Act says out.

`evaluate(pack, procedure, body, events, as_of)` replays the events in order. Between them the
procedure's timers run; a timer whose last day passes while it still runs "expires" at the start
of the next day (for hours, the moment after its last minute) and its `on_expiry` happens: a
deemed grant, a right to proceed, a lapse. The result is the status, the deadlines, the deemed
outcomes with their conditions, the actions open to each role, any amounts, the readings that
shaped it, and a trace in which every step cites a section and shows its date arithmetic. Same
input, same output, always.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime, timedelta

from . import registers
from . import time as lt
from . import timers as tm
from .amounts import amount, missing
from .calendar import Closure, OfficeCalendar
from .case import Case, Step
from .conditions import first_failure
from .errors import InvalidData, NoRule, OutOfOrder
from .model import Deemed
from .pack import Pack
from .penalties import compute

_EPS = timedelta(microseconds=1)
__all__ = ["BodySettings", "Deadline", "Deemed", "Evaluation", "Event", "Step", "evaluate"]


# ---------------------------------------------------------------------------------------------
# Inputs


@dataclass(frozen=True)
class Event:
    """Something that happened in a case: its type, when it happened (`on`: the legal date; a
    datetime where hours count), by which role, its data, and when it was entered (`recorded_on`).
    An event entered on a later day than it happened is a back-dated entry: legal input, marked
    "recorded late" in the result and the trace."""

    type: str
    on: date | datetime
    by: str | None = None
    data: dict = field(default_factory=dict)
    recorded_on: date | datetime | None = None


@dataclass
class BodySettings:
    """What a body has chosen or recorded that the law leaves to it."""

    state: str | None = None
    versions: dict = field(default_factory=dict)
    interpretations: dict = field(default_factory=dict)
    closures: list = field(default_factory=list)  # [{date, reason, source}] for the body's own office
    openings: list = field(default_factory=list)  # [{date, reason, source}]: a holiday in the data on which it was open
    weekly_off: tuple | None = None  # None: the State's default from jurisdictions.yaml
    location: tuple | None = None  # (lat, lon)
    offices: dict = field(default_factory=dict)  # office name -> {closures, openings, weekly_off} for other offices
    lighter_later_law: bool = False  # apply a later, lighter penalty to an earlier offence
    areas: list = field(default_factory=list)  # [{area, sections, resolution_on, public_notice_on}] declarations
    instruments: list = field(default_factory=list)  # checked Instruments: bye-laws, notifications, fee schedules
    _calendars: dict = field(default_factory=dict, repr=False, compare=False)

    def calendar(self, office: str = "body") -> OfficeCalendar:
        cal = self._calendars.get(office)
        if cal is None:
            cal = self._calendars[office] = self._make_calendar(office)
        return cal

    def _make_calendar(self, office) -> OfficeCalendar:
        """The body's own office, or another office a timer names: as the body records it, else — for
        an office of the State (jurisdictions.yaml `offices:`) — the State's own calendar for it, else
        the body's calendar; weekly days off default to the office's in the State's calendar, else the
        State's. `openings` are days the data shows as holidays on which the office was open."""
        state = registers.jurisdictions()["states"].get(self.state) or {}
        of_state = (state.get("offices") or {}).get(office) if office not in ("body", None) else None
        state_source = f"the State's calendar for that office: {(of_state or {}).get('source', 'jurisdictions.yaml')}"
        if office in self.offices:
            spec = self.offices[office]
        elif of_state is not None:
            spec = of_state
        elif office in ("body", None) or not self.offices:
            spec = {"closures": self.closures, "openings": self.openings, "weekly_off": self.weekly_off}
        else:
            spec = {}
        weekly, source = spec.get("weekly_off"), (state_source if spec is of_state else "the body's calendar")
        if not weekly and of_state is not None:
            weekly, source = of_state.get("weekly_off"), state_source
        weekly = weekly or (self.weekly_off if of_state is None else None) or state.get("weekly_off", ["sun"])
        return OfficeCalendar(self.state, tuple(weekly), _days(spec.get("closures"), "closed"), _days(spec.get("openings"), "open"),
                              name=office or "body", weekly_source=source)


def _days(entries, reason: str) -> tuple:
    """Closures or openings as recorded: [{date, reason, source}]."""
    return tuple(Closure(lt.to_date(c["date"]), c.get("reason", reason), c.get("source", "recorded by the body"))
                 for c in entries or [])


# ---------------------------------------------------------------------------------------------
# Outputs


@dataclass
class Deadline:
    name: str
    title: str
    who: str | None
    last_day: date | datetime | None
    expired: bool
    suspended: bool
    cites: list
    quote: str
    explanation: str
    basis: dict = field(default_factory=dict)  # the arithmetic as data, for words in any language (when traced)


@dataclass
class Evaluation:
    procedure: str
    status: str | None
    status_label: str
    closed: bool
    deadlines: list[Deadline]
    next_deadline: date | None
    deemed: list[Deemed]
    allowed: dict
    amounts: dict
    findings: dict
    versions: dict
    readings: dict  # every reading that shaped the result: interpretation id -> reading
    trace: list[Step]
    system_events: list
    late_entries: list = field(default_factory=list)  # [{event, on, recorded_on}] entered after the day they happened
    offence: dict | None = None  # date_of_act, elements shown, exceptions that do not apply, preconditions, qualities

    def deadline(self, name: str) -> Deadline | None:
        return next((d for d in self.deadlines if d.name == name), None)

    def to_dict(self) -> dict:
        def enc(o):
            if isinstance(o, (date, datetime)):
                return o.isoformat()
            if isinstance(o, dict):
                return {k: enc(v) for k, v in o.items()}
            if isinstance(o, (list, tuple)):
                return [enc(v) for v in o]
            return o

        return enc(asdict(self))


# ---------------------------------------------------------------------------------------------


def _horizon(as_of) -> datetime:
    return lt.moment(as_of) + _EPS if isinstance(as_of, datetime) else lt.moment(as_of + lt.ONE_DAY)


def _check_order(events, horizon, as_of, cites) -> list:
    """The moment of each event, checked: a date, in the order they happened, none after the as-of date."""
    prev = None
    moments = []
    for i, ev in enumerate(events):
        if not isinstance(ev.on, date):
            raise InvalidData(f"{ev.type.replace('_', ' ')}: `on` must be a date like 2026-03-02, not {ev.on!r}", cites)
        m = lt.moment(ev.on)
        if prev is not None and m < prev:
            raise OutOfOrder(f"{ev.type.replace('_', ' ')} on {lt.fmt(ev.on)} is dated before the event recorded before it "
                             f"({lt.fmt(events[i - 1].on)}); events are recorded in the order they happened", cites)
        if m >= horizon:
            raise OutOfOrder(f"{ev.type.replace('_', ' ')} is dated {lt.fmt(ev.on)}, after the date of evaluation ({lt.fmt(as_of)})", cites)
        moments.append(m)
        prev = m
    return moments


def evaluate(pack: Pack, procedure: str, body: BodySettings | None, events: list[Event], as_of, trace: bool = True) -> Evaluation:
    """What the Act says about a case on `as_of`, given its events. Raises a LawError for an event
    the law does not allow, an unknown event, events out of order, bad data, or an unknown reading."""
    body = body or BodySettings(state=pack.state)
    if body.state is None:
        body.state = pack.state
    registers.validate_choices(pack, body.interpretations)
    if not events:
        src = pack.procedure(procedure)
        raise OutOfOrder(f"a case needs its opening event ({' or '.join(src.opening_events)})", src.cites)
    if not isinstance(as_of, date):
        raise InvalidData(f"the date of evaluation must be a date like 2026-03-02, not {as_of!r}")
    decisive = _decisive_date(pack, procedure, events[0])
    choices = _choices(body, decisive)
    proc = pack.procedure(procedure, body.versions, decisive, choices)
    horizon = _horizon(as_of)
    moments = _check_order(events, horizon, as_of, proc.cites)
    case = Case(pack, proc, body, trace, choices)
    if trace:
        _opening_steps(case, lt.as_date(events[0].on))
    _replay(case, events, moments, horizon)
    return _result(case, as_of, horizon)


def _choices(body: BodySettings, on) -> dict:
    """The body's readings: its own choices, over those adopted by its instruments in force on `on`."""
    if not body.instruments:
        return body.interpretations
    from .instruments import adopted

    return {**adopted(body.instruments, on), **body.interpretations}


def _decisive_date(pack: Pack, procedure: str, first: Event):
    """The date that picks the versions in force: the date of the act for an offence (the record's
    offence date where it states one), else the day the case opened."""
    if not isinstance(first.on, date):
        return None
    src = pack.source(procedure)
    if src.kind == "offence":
        field = src.raw.get("date_of_act", "offence_date")
        stated = (first.data or {}).get(field) if isinstance(field, str) else None
        try:
            return lt.to_date(stated) if stated else lt.as_date(first.on)
        except ValueError:
            return lt.as_date(first.on)  # the field's own check says what is wrong with it
    return lt.as_date(first.on)


def _opening_steps(case: Case, opened) -> None:
    """The versions in force and the readings that shaped the procedure, named at the start of the trace."""
    for prov, vid in case.proc.versions.items():
        case.step(opened, f"{prov} is applied in its version {vid}", [vid])
    for iid, r in case.proc.readings.items():
        it = registers.find(case.pack, iid)
        case.step(opened, f"reading {iid} = {r}: {it.readings[r]}", _cites_of(it))


def _cites_of(it) -> list:
    return [it.cites] if isinstance(it.cites, str) else list(it.cites or [])


def _replay(case: Case, events, moments, horizon) -> None:
    i = 0
    while True:
        nxt_exp, nxt_ts = None, None
        for ts in case.timers.values():
            if ts.start is not None and ts.stopped is None and ts.expired is None:
                em = case.expiry_moment(ts)
                if em is not None and (nxt_exp is None or em < nxt_exp):
                    nxt_exp, nxt_ts = em, ts
        ev_m = moments[i] if i < len(events) else None
        if nxt_exp is not None and nxt_exp < horizon and (ev_m is None or nxt_exp <= ev_m):
            case.expire(nxt_ts, nxt_exp)
        elif ev_m is not None:
            case.apply(events[i])
            i += 1
        else:
            return


def _deadlines(case: Case):
    deadlines, nexts = [], []
    for ts in case.timers.values():
        t = ts.timer
        if ts.start is None or ts.stopped is not None:
            continue
        if ts.expired is not None and (t.on_expiry is not None or t.kind == "window"):
            continue
        end = case.last_day(ts)
        deadlines.append(Deadline(t.id, t.title, t.who, end, ts.expired is not None, ts.open_pause is not None,
                                  t.cites, t.quote, tm.arithmetic(ts, end) if case.tracing else "",
                                  tm.basis(ts, end) if case.tracing else {}))
        if end is not None and ts.expired is None and t.kind != "window":
            nexts.append(lt.as_date(end))
    return deadlines, (min(nexts) if nexts else None)


def _allowed(case: Case, as_of) -> dict:
    allowed: dict = {}
    if case.closed:
        return allowed
    case.listing = True
    for et, per_role in case.proc.listed:
        if per_role:  # a power only some roles may use: judged for each role
            for r in et.by:
                case.acting = r
                if not _fails_today(et, case, as_of):
                    allowed.setdefault(r, []).append(et.id)
            case.acting = None
            continue
        if et.when and _fails_today(et, case, as_of):
            continue
        for r in et.by:
            allowed.setdefault(r, []).append(et.id)
    return allowed


def _fails_today(et, case: Case, as_of) -> bool:
    """Whether an action is closed on the as-of date. A condition that needs the entry's own data (the date
    an order intimates, a clock time) cannot fail before the entry is made: it is passed over, the other
    conditions decide, and the data is judged when the entry is recorded."""
    for c in et.when:
        try:
            if not c.test(case, c.value, as_of):
                return True
        except InvalidData:  # it needs the entry's data: the others decide
            continue
    return False


def _amounts(case: Case, as_of) -> dict:
    proc = case.proc
    out = {}
    if proc.penalty is not None:
        out = compute(case, proc.penalty, as_of)
    named = dict(proc.raw.get("amounts") or {})
    if proc.raw.get("fee") is not None:
        named["fee"] = {"amount": proc.raw["fee"], "cites": proc.cites, "on": case.opened_on}
    for name, spec in named.items():
        _named_amount(case, name, spec, out, spec.get("on") or lt.as_date(as_of))
    return out


def _named_amount(case: Case, name: str, spec: dict, out: dict, on) -> None:
    """An amount the procedure names (a fee, a surplus, interest), when the facts it needs are recorded."""
    need = missing(case, spec["amount"])
    failed = first_failure(case.proc.amount_when.get(name) or (), case, on)
    if failed is not None:
        words = f"not computed: {failed.failure(case)}"
    elif need:
        words = f"not computed: the {need.replace('_', ' ')} is not recorded"
    else:
        try:
            out[name], words = amount(case, spec["amount"], on)
        except (NoRule, InvalidData) as why:  # no fee schedule in force, or a fact is of no use
            words = f"not computed: {why.message}"
    if case.tracing:
        quote = f" ({spec['quote']!r})" if spec.get("quote") else ""
        case.step(on, f"{name.replace('_', ' ')}: {words}{quote}", [spec["cites"]] if isinstance(spec["cites"], str) else spec["cites"])


def _result(case: Case, as_of, horizon) -> Evaluation:
    proc = case.proc
    deadlines, nxt = _deadlines(case)
    allowed = _allowed(case, as_of)
    amounts = _amounts(case, as_of)
    return Evaluation(proc.id, case.status, case.status_label(), case.closed, deadlines, nxt, case.deemed, allowed,
                      amounts, case.findings, dict(proc.versions), dict(case.readings), case.trace, case.system_events,
                      case.late, case.offence)
