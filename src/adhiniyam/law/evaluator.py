"""The evaluator: a case's events and a date in, what the Act says out.

`evaluate(pack, procedure, body, events, as_of)` replays the events in order. Between them the
procedure's timers run; a timer whose last day passes while it still runs "expires" at the start
of the next day (for hours, the moment after its last minute) and its `on_expiry` happens: a
deemed grant, a right to proceed, a lapse. The result is the status, the deadlines, the deemed
outcomes with their conditions, the actions open to each role, any amounts, and a trace in which
every step cites a section and shows its date arithmetic. Same input, same output, always.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, time, timedelta
from functools import lru_cache

from . import time as lt
from .calendar import Closure, OfficeCalendar
from .errors import CaseClosed, InvalidData, NotAllowed, OutOfOrder, UnknownEvent
from .pack import Pack, Procedure, Timer, jurisdiction_doc

_EPS = timedelta(microseconds=1)


# ---------------------------------------------------------------------------------------------
# Inputs


@dataclass(frozen=True)
class Event:
    """Something that happened in a case: its type, when, by which role, and its data."""

    type: str
    on: date | datetime
    by: str | None = None
    data: dict = field(default_factory=dict)


@dataclass
class BodySettings:
    """What a body has chosen or recorded that the law leaves to it."""

    state: str | None = None
    versions: dict = field(default_factory=dict)
    interpretations: dict = field(default_factory=dict)
    closures: list = field(default_factory=list)  # [{date, reason, source}] for the body's own office
    weekly_off: tuple | None = None  # None: the State's default from jurisdictions.yaml
    location: tuple | None = None  # (lat, lon)
    offices: dict = field(default_factory=dict)  # office name -> {closures, weekly_off} for other offices
    lighter_later_law: bool = False  # apply a later, lighter penalty to an earlier offence
    areas: list = field(default_factory=list)  # [{area, sections, resolution_on, public_notice_on}] declarations
    instruments: list = field(default_factory=list)  # checked Instruments: bye-laws, notifications, fee schedules

    def calendar(self, office: str = "body") -> OfficeCalendar:
        cache = self.__dict__.setdefault("_calendars", {})
        cal = cache.get(office)
        if cal is None:
            spec = self.offices.get(office) or ({"closures": self.closures, "weekly_off": self.weekly_off}
                                                if office in ("body", None) or not self.offices else {})
            weekly = spec.get("weekly_off") or self.weekly_off
            if weekly is None:
                weekly = tuple((jurisdiction_doc()["states"].get(self.state) or {}).get("weekly_off", ["sun"]))
            closures = tuple(Closure(_to_date(c["date"]), c.get("reason", "closed"), c.get("source", "recorded by the body"))
                             for c in (spec.get("closures") or []))
            cal = OfficeCalendar(self.state, tuple(weekly), closures, name=office or "body")
            cache[office] = cal
        return cal


def _to_date(v) -> date:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    return date.fromisoformat(str(v))


@lru_cache(maxsize=4096)
def _day_start(d: date) -> datetime:
    return datetime.combine(d, time())


def _moment(v) -> datetime:
    return v if isinstance(v, datetime) else _day_start(v)


# ---------------------------------------------------------------------------------------------
# Outputs


@dataclass
class Step:
    on: str
    text: str
    cites: list = field(default_factory=list)


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
    basis: dict = field(default_factory=dict)  # the arithmetic as data, for words in any language


@dataclass
class Deemed:
    outcome: str
    on: date
    cites: list
    quote: str
    conditions: list


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
    readings: dict
    trace: list[Step]
    system_events: list

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
# Running state


class _TimerState:
    __slots__ = ("timer", "start", "period", "pauses", "open_pause", "stopped", "expired", "explain_start",
                 "extension_note", "_last")

    def __init__(self, timer: Timer):
        self.timer = timer
        self.start = None  # date or datetime the period runs from
        self.period = None
        self.pauses = []  # (from, to, days)
        self.open_pause = None
        self.stopped = None
        self.expired = None
        self.explain_start = ""
        self.extension_note = ""
        self._last = None


class _Case:
    def __init__(self, pack: Pack, proc: Procedure, body: BodySettings, trace: bool):
        self.pack, self.proc, self.body, self.tracing = pack, proc, body, trace
        self.status = None
        self.closed = False
        self.facts: dict = {}
        self.counts: Counter = Counter()
        self.first: dict = {}
        self.last: dict = {}
        self.timers = {tid: _TimerState(t) for tid, t in proc.timers.items()}
        self.deemed: list[Deemed] = []
        self.trace: list[Step] = []
        self.system_events: list = []
        self.findings: dict = {}
        self.readings: dict = {}
        self.opened_on: date | None = None
        self.events: list[Event] = []
        self.listing = False  # True while listing the actions open on the as-of date

    # -- trace ------------------------------------------------------------------------------
    def step(self, on, text, cites=()):
        if self.tracing:
            self.trace.append(Step(lt.fmt(on) if on is not None else "", text, list(cites)))

    # -- interpretations ----------------------------------------------------------------------
    def reading(self, iid: str) -> str:
        r = self.readings.get(iid)
        if r is not None:
            return r
        it = self.pack.interpretations.get(iid) or jurisdiction_doc()["_interpretations"].get(iid)
        if it is None:
            raise KeyError(f"no interpretation {iid!r}")
        r = str(self.body.interpretations.get(iid, it.default))
        if r not in it.readings:
            raise InvalidData(f"the body's reading {r!r} of {iid} is not one of {', '.join(it.readings)}")
        self.readings[iid] = r
        return r

    # -- timers ------------------------------------------------------------------------------
    def last_day(self, ts: _TimerState):
        """The timer's last day (or moment, for hours), or None while its clock is stopped."""
        if ts.start is None or ts.open_pause is not None:
            return None
        if ts._last is not None:
            return ts._last
        t = ts.timer
        if t.direction == "before":
            end = lt.latest_before(ts.start, ts.period) if t.counting == "clear" else (
                ts.start - ts.period.delta() if ts.period.is_hours else lt.as_date(ts.start) - ts.period.delta())
        else:
            end = lt.last_day(ts.start, ts.period)
            for (_a, _b, days) in ts.pauses:
                end = end + timedelta(days=days)
            if t.office and not ts.period.is_hours:
                cal = self.body.calendar(t.office)
                why = cal.closed_because(end)
                if why:
                    new_end = cal.next_open_day(end)
                    if self.tracing:
                        ts.extension_note = (f"; the {t.office} office is closed on {lt.fmt(end)} ({why}), so the next "
                                             f"open day, {lt.fmt(new_end)}, is in time (General Clauses Act s.10)")
                    end = new_end
                else:
                    ts.extension_note = ""
        ts._last = end
        return end

    def expiry_moment(self, ts: _TimerState):
        end = self.last_day(ts)
        if end is None:
            return None
        if isinstance(end, datetime):
            return end + _EPS
        return _day_start(end + timedelta(days=1))

    def running(self, ts: _TimerState) -> bool:
        return ts.start is not None and ts.stopped is None and ts.expired is None

    def resolve_period(self, t: Timer, on):
        spec = t.period
        ((k, v),) = spec.items()
        if k == "param":
            return lt.Period.parse(self.param(v, on))
        if k == "field":
            ev, _, fname = v.partition(".")
            raw = self.last.get(ev, (None, {}))[1].get(fname)
            if raw is None:
                raise InvalidData(f"{t.title}: the period must be stated in the {ev.replace('_', ' ')} ({fname})", t.cites)
            p = lt.Period.parse(raw)
            for bound, cmp in (("min", lambda a, b: a < b), ("max", lambda a, b: a > b)):
                lim = getattr(t, bound)
                if lim is not None:
                    limp = lt.Period.parse(lim)
                    # compare where the two periods end from the same start, never by approximate days
                    if p.is_hours != limp.is_hours:
                        a, b = p.approx_days(), limp.approx_days()
                    else:
                        start = on if p.is_hours and isinstance(on, datetime) else lt.as_date(on)
                        if p.is_hours and not isinstance(start, datetime):
                            start = _moment(start)
                        a, b = lt.last_day(start, p), lt.last_day(start, limp)
                    if cmp(a, b):
                        word = "not less than" if bound == "min" else "not more than"
                        raise InvalidData(f"{t.title}: the period fixed ({p}) must be {word} {limp}", t.cites)
            return p
        return lt.Period(v, k)

    def start_timer(self, ts: _TimerState, on, how: str):
        t = ts.timer
        if t.when and not self.holds_all(t.when, _moment(on)):
            self.tracing and self.step(on, f"{t.title}: does not start ({self.last_failure})", t.cites)
            return
        start = on
        note = how
        if t.on_receipt and not isinstance(on, datetime):
            if self.reading("gca.receipt_on_closed_day") == "next_open_day":
                cal = self.body.calendar("body")
                why = cal.closed_because(on)
                if why:
                    start = cal.next_open_day(on)
                    if self.tracing:
                        note = _concat(note, f"; the office was closed on {lt.fmt(on)} ({why}), so receipt counts from "
                                             f"the next open day, {lt.fmt(start)} (reading gca.receipt_on_closed_day = next_open_day)")
        ts.start, ts.period, ts.pauses, ts.open_pause = start, self.resolve_period(t, start), [], None
        ts.stopped = ts.expired = None
        ts._last = None
        ts.explain_start = note
        if self.tracing:
            end = self.last_day(ts)
            self.tracing and self.step(on, f"{t.title} ({t.quote!r}): {self.arithmetic(ts, end)}", t.cites)

    def basis(self, ts: _TimerState, end) -> dict:
        """The arithmetic of a last day as data (what `arithmetic` says in English): the day it runs
        from, the period, the plain last day, the days the clock stood still, and the last day."""
        if end is None:
            return {"from": ts.start, "stopped": True}
        t = ts.timer
        base = lt.last_day(ts.start, ts.period) if t.direction == "after" else end
        pauses = [[a, b, days] for (a, b, days) in ts.pauses]
        plain = lt.as_date(base) + timedelta(days=sum(p[2] for p in pauses)) if not ts.period.is_hours else base
        return {"from": ts.start, "period": ts.period.as_dict(), "counting": t.counting, "direction": t.direction,
                "base": base, "pauses": pauses, "end": end,
                "office_closed": (t.direction == "after" and not ts.period.is_hours and lt.as_date(end) != plain)}

    def arithmetic(self, ts: _TimerState, end) -> str:
        t = ts.timer
        if end is None:
            return f"runs from {lt.fmt(ts.start)}; the clock is stopped"
        if t.direction == "before":
            word = "clear days, both ends excluded" if t.counting == "clear" else "the event day excluded"
            return f"latest day = {lt.fmt(ts.start)} − {ts.period} ({word}) = {lt.fmt(end)}"
        base = lt.last_day(ts.start, ts.period)
        how = ts.explain_start() if callable(ts.explain_start) else ts.explain_start
        s = f"{how}: {lt.explain_last_day(ts.start, ts.period, base)}"
        for (a, b, days) in ts.pauses:
            s += f"; clock stopped from {lt.fmt(a)} to {lt.fmt(b)}: + {days} day{'s' if days != 1 else ''}"
        if ts.pauses:
            s += f" = {lt.fmt(lt.last_day(ts.start, ts.period) + timedelta(days=sum(p[2] for p in ts.pauses)))}"
        s += ts.extension_note
        if t.counting == "clear":
            s += f"; clear days: the act may be done from {lt.fmt(end + timedelta(days=1) if not isinstance(end, datetime) else end)}"
        return s

    def start_spec_date(self, spec):
        """When a start spec is met: (date, how) or None; `how` is a thunk giving the words."""
        if isinstance(spec, str):
            got = self.first.get(spec)
            if got is None:
                return None
            on = got[0]
            return on, lambda: f"from the {self.proc.events[spec].title.lower()} on {lt.fmt(on)}"
        ((k, v),) = spec.items()
        if k in ("last_day_of", "day_after"):
            ots = self.timers[v]
            if ots.expired is None:
                return None
            last_d = lt.as_date(self.last_day(ots))
            if k == "day_after" or self.reading("gca.date_of_expiry") == "day_after":
                d = last_d + timedelta(days=1)
                return d, lambda: f"from {lt.fmt(d)}, the day after the {ots.timer.title.lower()} ended"
            return last_d, lambda: (f"from {lt.fmt(last_d)}, the last day of the {ots.timer.title.lower()} "
                                    f"(reading gca.date_of_expiry = last_day)")
        if k == "field":
            ev, _, fname = v.partition(".")
            if ev not in self.last:
                return None
            raw = self.last[ev][1].get(fname)
            if raw is None:
                return None
            d = raw if isinstance(raw, (date, datetime)) else _parse_when(raw)
            return d, lambda: f"from {lt.fmt(d)} ({fname.replace('_', ' ')})"
        found = [self.start_spec_date(s) for s in v]
        if k == "earliest":
            got = [x for x in found if x is not None]
            if not got:
                return None
            return min(got, key=lambda x: _moment(x[0]))
        if any(x is None for x in found):
            return None
        return max(found, key=lambda x: _moment(x[0]))

    def start_dependents_on_event(self, trigger):
        """Start every timer whose start has just been met by `trigger` (an event type, or a timer id
        that has just expired)."""
        for ts in self.timers.values():
            if ts.start is not None or trigger not in ts.timer.depends_on:
                continue
            got = self.start_spec_date(ts.timer.start)
            if got is not None:
                self.start_timer(ts, got[0], got[1])

    # -- conditions ---------------------------------------------------------------------------
    last_failure_cond: dict = {}

    @property
    def last_failure(self) -> str:
        return self.failure_words(self.last_failure_cond)

    def holds_all(self, conds, at: datetime, ev_on=None) -> bool:
        for c in conds:
            if not self.holds(c, at, ev_on):
                self.last_failure_cond = c
                return False
        return True

    def holds(self, c, at: datetime, ev_on=None) -> bool:
        k, v = c.key, c.value
        if k == "status":
            return self.status in v
        if k == "not_status":
            return self.status not in v
        if k == "happened":
            return self.counts[v] > 0
        if k == "not_happened":
            return self.counts[v] == 0
        if k == "running":
            return self.running(self.timers[v])
        if k in ("within", "after"):
            ts = self.timers[v]
            if ts.start is None:
                return False
            end = self.last_day(ts)
            if end is None:  # clock stopped: still within
                return k == "within"
            when = ev_on if ev_on is not None else at
            if isinstance(end, datetime):  # hours: "not less than four hours" is met at the fourth hour itself
                ok = _moment(when) < end if ts.timer.counting == "clear" else _moment(when) <= end
            else:
                ok = lt.as_date(when) <= end
            return ok if k == "within" else not ok
        if k == "reading":
            return all(self.reading(i) in r for i, r in v.items())
        if k == "from_last_day":
            ts = self.timers[v]
            end = self.last_day(ts) if ts.start is not None else None
            if end is None:
                return False
            when = ev_on if ev_on is not None else at
            return _moment(when) >= _moment(end)
        if k == "by_day":
            when = ev_on if ev_on is not None else at
            if self.listing and not isinstance(when, datetime):
                return True  # open today; the clock time is checked when the entry is recorded
            return self.by_day(when) == bool(v)
        if k == "notified":
            from .instruments import notified

            when = lt.as_date(ev_on if ev_on is not None else at)
            inst = notified(self.body.instruments, v, when, self.facts.get("area"))
            if inst is not None:
                self.tracing and self.step(when, f"{self.pack.switches[v].get('title', v)} is in force here: {inst.label()}",
                                           [self.pack.switches[v]["cites"]])
            return inst is not None
        if k == "in_declared_area":
            return self.in_declared_area(v, ev_on if ev_on is not None else at)
        if k == "any":
            return any(self.holds(x, at, ev_on) for x in v)
        if k == "all":
            return all(self.holds(x, at, ev_on) for x in v)
        if k == "not":
            return not self.holds(v, at, ev_on)
        if k == "count_below":
            return all(self.counts[e] < n for e, n in v.items())
        if k == "started":
            return self.timers[v].start is not None
        if k == "stopped":
            return self.timers[v].stopped is not None
        if k == "expired":
            return self.timers[v].expired is not None
        if k == "fact":
            return all(self.facts.get(f) == val for f, val in v.items())
        if k == "fact_at_least":
            return all(self.facts.get(f) is not None and self.facts[f] >= val for f, val in v.items())
        if k == "fact_below":
            return all(self.facts.get(f) is not None and self.facts[f] < val for f, val in v.items())
        if k == "version":
            return all(self.proc.versions.get(p) in r for p, r in v.items())
        raise ValueError(f"unknown condition {c.raw!r}")

    # -- the replay ---------------------------------------------------------------------------
    def expire(self, ts: _TimerState, moment: datetime):
        t = ts.timer
        ts.expired = moment
        end = self.last_day(ts)
        day = moment.date() if not isinstance(end, datetime) else moment
        oe = t.on_expiry
        if oe is None:
            self.tracing and self.step(day, f"{t.title}: the period ended on {lt.fmt(end)} without it being done", t.cites)
            self.start_dependents_on_event(t.id)
            return
        branch = oe
        if t.expiry_when and not self.holds_all(t.expiry_when, moment):
            branch = oe.get("otherwise") or {}
            self.tracing and self.step(day, f"{t.title} ended on {lt.fmt(end)}, but {self.last_failure}", t.cites)
        if branch.get("status"):
            self.status = branch["status"]
        if branch.get("closes"):
            self.closed = True
        if branch.get("event"):
            self.system_events.append((branch["event"], lt.as_date(day)))
        d = branch.get("deemed")
        if d:
            conds = [c if isinstance(c, dict) else {"text": c} for c in d.get("conditions") or []]
            self.deemed.append(Deemed(d.get("outcome", "granted"), lt.as_date(day), _aslist(d.get("cites")),
                                      d.get("quote", ""), conds))
            self.tracing and self.step(day, f"{t.title} ended on {lt.fmt(end)} with no decision communicated: deemed {d.get('outcome', 'granted')} "
                           f"on {lt.fmt(day)} ({d.get('quote', '')!r})", _aslist(d.get("cites")) or t.cites)
        elif branch is oe:
            self.tracing and self.step(day, f"{t.title} ended on {lt.fmt(end)}: {branch.get('status', 'it lapsed')}", _aslist(oe.get("cites")) or t.cites)
        self.start_dependents_on_event(t.id)

    def apply(self, ev: Event):
        proc = self.proc
        et = proc.events.get(ev.type)
        if et is None:
            raise UnknownEvent(f"{proc.title} has no event {ev.type!r}; its events are: {', '.join(proc.events)}", proc.cites)
        at = _moment(ev.on)
        if not self.events:
            if not et.opens:
                raise OutOfOrder(f"a {proc.title.lower()} case begins with {' or '.join(proc.opening_events)}, not {ev.type}", proc.cites)
        elif et.opens and not et.reopens:
            raise OutOfOrder(f"{et.title} opens a case and has already happened on {lt.fmt(self.events[0].on)}", et.cites)
        if self.closed and not et.reopens:
            raise CaseClosed(f"the case is closed (status: {self.status_label()}); {et.title.lower()} cannot be recorded", et.cites)
        if ev.by is not None and et.by and ev.by not in et.by:
            raise NotAllowed(f"{et.title} is for {', '.join(proc.roles.get(r, r) for r in et.by)}, not {proc.roles.get(ev.by, ev.by)}", et.cites)
        data = self.check_data(et, ev.data)
        # the event's own data are facts for its own conditions (a refusal's ground, an entry's time)
        self.facts.update(et.facts)
        self.facts.update(data)
        if et.when and not self.holds_all(et.when, at, ev.on):
            c = self.last_failure_cond
            raise NotAllowed(f"{et.title} on {lt.fmt(ev.on)} is not allowed: {self.failure_words(c)}", c.cites or et.cites)
        # accepted
        self.events.append(ev)
        if self.opened_on is None:
            self.opened_on = lt.as_date(ev.on)
        self.counts[ev.type] += 1
        self.first.setdefault(ev.type, (ev.on, data))
        self.last[ev.type] = (ev.on, data)
        self.facts.update(et.facts)
        self.facts.update(data)
        if et.status:
            self.status = et.status
        self.tracing and self.step(ev.on, f"{et.title}" + (f" — status: {self.status_label()}" if et.status else ""), et.cites)
        for cid, chk in proc.checks.items():
            if chk["on"] == ev.type:
                self.run_check(cid, chk, ev)
        for ts in self.timers.values():
            t = ts.timer
            if ts.start is not None and ev.type in t.restart_on:
                self.start_timer(ts, ev.on, lambda: f"afresh from the {et.title.lower()} on {lt.fmt(ev.on)}")
                continue
            if ev.type in t.stop_on and ts.start is not None and ts.stopped is None:
                if self.running(ts):
                    ts.stopped = ev.on
                    self.tracing and self.step(ev.on, f"{t.title}: done in time ({et.title.lower()})", t.cites)
                    continue
                if t.on_expiry is None and t.kind != "window":  # a duty discharged late
                    ts.stopped = ev.on
                    self.tracing and self.step(ev.on, f"{t.title}: done late — the period ended on {lt.fmt(self.last_day(ts))}", t.cites)
                    continue
            if self.running(ts):
                for pz in t.pauses:
                    if ev.type == pz.start and ts.open_pause is None:
                        if pz.when and not self.holds_all(pz.when, at, ev.on):
                            self.tracing and self.step(ev.on, f"{t.title}: the clock does not stop — {self.failure_words(self.last_failure_cond)}", t.cites)
                        else:
                            ts.open_pause = (ev.on, pz)
                            ts._last = None
                            self.tracing and self.step(ev.on, f"{t.title}: clock stopped from {lt.fmt(ev.on)}", t.cites)
                    elif ev.type == pz.end and ts.open_pause is not None and ts.open_pause[1] is pz:
                        a = ts.open_pause[0]
                        rname = self.reading(pz.days["reading"]) if isinstance(pz.days, dict) else pz.days
                        days = lt.pause_length(a, ev.on, rname)
                        ts.pauses.append((a, ev.on, days))
                        ts.open_pause = None
                        ts._last = None
                        if self.tracing:
                            self.tracing and self.step(ev.on, f"{t.title}: clock runs again; the days from {lt.fmt(a)} to {lt.fmt(ev.on)} "
                                             f"take out {days} (counting {rname}); {self.arithmetic(ts, self.last_day(ts))}", t.cites)
        self.start_dependents_on_event(ev.type)
        if et.closes:
            self.closed = True

    def param(self, name: str, on):
        """A parameter's value on `on`, through the Act and the local instruments, with the trace."""
        from .instruments import resolve

        value, words, cites = resolve(self.pack, self.body.instruments, name, lt.as_date(on), self.facts.get("area"))
        self.tracing and self.step(on, f"{self.pack.parameters[name].get('title', name)}: {words}", [cites])
        return value

    def by_day(self, when) -> bool:
        from .sun import by_day

        if self.body.location is None:
            raise InvalidData("the body's location (latitude and longitude) is needed to tell sunrise from sunset")
        if not isinstance(when, datetime):
            raise InvalidData(f"the clock time is needed on {lt.fmt(when)} to tell whether it was between sunrise and sunset")
        ok, words = by_day(self.body.location[0], self.body.location[1], when)
        self.tracing and self.step(when, words)
        return ok

    def in_declared_area(self, section: str, when) -> bool:
        """Whether the case's property lies in an area whose declaration names `section` and whose
        public notice was given on or before `when` (a controlled rural area, a notified area)."""
        area = self.facts.get("area")
        d = lt.as_date(when)
        for decl in self.body.areas:
            if decl.get("area") != area or section not in (decl.get("sections") or []):
                continue
            notice = decl.get("public_notice_on")
            if notice is not None and _to_date(notice) <= d:
                self.tracing and self.step(when, f"{area} is declared for {section} (resolution of {decl.get('resolution_on')}, "
                                                 f"public notice on {notice})")
                return True
        return False

    def failure_words(self, c) -> str:
        return c.error or _describe(c, self)

    def check_data(self, et, data: dict) -> dict:
        data = dict(data or {})
        unknown = set(data) - set(et.fields)
        if unknown:
            raise InvalidData(f"{et.title} does not take {', '.join(sorted(unknown))}; it takes: {', '.join(et.fields) or 'nothing'}", et.cites)
        out = {}
        for name, f in et.fields.items():
            v = data.get(name, f.default)
            if v is None:
                if f.required:
                    raise InvalidData(f"{et.title} needs {f.title or name.replace('_', ' ')}", et.cites)
                continue
            out[name] = _coerce(et, f, v)
        return out

    def run_check(self, cid, chk, ev):
        if chk.get("_when") and not self.holds_all(chk["_when"], _moment(ev.on), ev.on):
            return
        rule = chk["rule"]
        fact = rule["fact"]
        v = self.facts.get(fact)
        if v is None:
            raise InvalidData(f"{cid}: {fact.replace('_', ' ')} is needed to apply {', '.join(_aslist(chk['cites']))}", chk["cites"])
        ok, words = True, ""
        for op in ("at_least", "at_most", "equals", "in"):
            if op in rule:
                lim = rule[op]
                if isinstance(lim, dict) and "param" in lim:
                    lim = self.param(lim["param"], ev.on)
                ok = (v >= lim if op == "at_least" else v <= lim if op == "at_most" else v == lim if op == "equals"
                      else v in lim)
                words = f"{fact.replace('_', ' ')} = {v}, must be {op.replace('_', ' ')} {lim}"
        self.findings[cid] = ok
        self.tracing and self.step(ev.on, f"check {cid}: {words}: {'satisfied' if ok else 'NOT satisfied'} ({chk.get('quote', '')!r})", _aslist(chk["cites"]))
        if not ok and chk.get("refuse"):
            raise NotAllowed(f"{chk.get('title', cid.replace('_', ' '))}: {words} ({chk.get('quote', '')})", _aslist(chk["cites"]))

    def status_label(self) -> str:
        return self.proc.statuses.get(self.status, self.status or "")


def _concat(how, extra: str):
    return lambda: (how() if callable(how) else how) + extra


def _aslist(v):
    if v is None:
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _describe(c, case: _Case | None = None) -> str:
    k, v = c.key, c.value
    if k == "status":
        cur = case.status_label() if case else ""
        return f"the case must be {' or '.join(sorted(v))}" + (f" (it is: {cur})" if case else "")
    if k == "not_status":
        return f"the case must not be {' or '.join(sorted(v))}"
    if k == "not_happened":
        return f"{v.replace('_', ' ')} has already been recorded"
    if k == "happened":
        return f"{v.replace('_', ' ')} has not been recorded"
    if k in ("within", "running"):
        if case is not None:
            ts = case.timers[v]
            end = case.last_day(ts)
            if ts.start is None:
                return f"the {ts.timer.title.lower()} has not begun"
            if end is not None:
                return f"the {ts.timer.title.lower()} ended on {lt.fmt(end)}"
        return f"it must be within the {v.replace('_', ' ')}"
    if k == "after":
        return f"it may only be done after the {v.replace('_', ' ')} ends"
    return f"condition {k}: {v} does not hold"


def _parse_when(v):
    s = str(v)
    return datetime.fromisoformat(s) if "T" in s or " " in s.strip() else date.fromisoformat(s)


def _coerce(et, f, v):
    t = f.type
    try:
        if t == "bool":
            if not isinstance(v, bool):
                raise ValueError
        elif t == "int":
            if isinstance(v, bool) or not isinstance(v, int):
                v = int(str(v))
        elif t in ("number", "money"):
            if isinstance(v, bool):
                raise ValueError
            v = float(v) if not isinstance(v, (int, float)) else v
            if v < 0:
                raise ValueError
        elif t == "date":
            v = v if isinstance(v, date) and not isinstance(v, datetime) else date.fromisoformat(str(v))
        elif t == "datetime":
            v = v if isinstance(v, datetime) else datetime.fromisoformat(str(v))
        elif t == "period":
            v = lt.Period.parse(v).as_dict()
        elif t == "choice":
            if v not in f.choices:
                raise ValueError
        elif t == "list":
            if not isinstance(v, list) or (f.choices and any(x not in f.choices for x in v)):
                raise ValueError
        else:  # text
            if not isinstance(v, str) or "\x00" in v:
                raise ValueError
    except (ValueError, TypeError):
        want = {"choice": f"one of {', '.join(map(str, f.choices))}", "period": "a period like {days: 30}",
                "date": "a date like 2026-03-17", "datetime": "a date and time like 2026-03-17T10:30",
                "text": "text (without NUL characters)"}.get(t, f"a {t}")
        raise InvalidData(f"{et.title}: {f.name.replace('_', ' ')} must be {want}, not {v!r}", et.cites) from None
    if f.min is not None and v < f.min or f.max is not None and v > f.max:
        raise InvalidData(f"{et.title}: {f.name.replace('_', ' ')} must be between {f.min} and {f.max}", et.cites)
    return v


# ---------------------------------------------------------------------------------------------


def evaluate(pack: Pack, procedure: str, body: BodySettings | None, events: list[Event], as_of, trace: bool = True) -> Evaluation:
    """What the Act says about a case on `as_of`, given its events. Raises a LawError for an event
    the law does not allow, an unknown event, events out of order, or bad data."""
    body = body or BodySettings(state=pack.state)
    if body.state is None:
        body.state = pack.state
    if not events:
        src = pack.procedure(procedure)
        raise OutOfOrder(f"a case needs its opening event ({' or '.join(src.opening_events)})", src.cites)
    opened = lt.as_date(events[0].on)
    proc = pack.procedure(procedure, body.versions, opened)
    case = _Case(pack, proc, body, trace)
    horizon = _moment(as_of) + _EPS if isinstance(as_of, datetime) else datetime.combine(as_of + timedelta(days=1), time())
    prev = None
    for ev in events:
        m = _moment(ev.on)
        if prev is not None and m < prev:
            raise OutOfOrder(f"{ev.type.replace('_', ' ')} on {lt.fmt(ev.on)} is dated before the event recorded before it ({lt.fmt(events[events.index(ev) - 1].on)}); events are recorded in the order they happened", proc.cites)
        if m >= horizon:
            raise OutOfOrder(f"{ev.type.replace('_', ' ')} is dated {lt.fmt(ev.on)}, after the date of evaluation ({lt.fmt(as_of)})", proc.cites)
        prev = m
    for v in proc.versions.items():
        case.step(opened, f"{v[0]} is applied in its version {v[1]}", [v[1]])
    i = 0
    while True:
        nxt_exp, nxt_ts = None, None
        for ts in case.timers.values():
            if ts.start is not None and ts.stopped is None and ts.expired is None:
                em = case.expiry_moment(ts)
                if em is not None and (nxt_exp is None or em < nxt_exp):
                    nxt_exp, nxt_ts = em, ts
        ev_m = _moment(events[i].on) if i < len(events) else None
        if nxt_exp is not None and nxt_exp < horizon and (ev_m is None or nxt_exp <= ev_m):
            case.expire(nxt_ts, nxt_exp)
            continue
        if ev_m is not None:
            case.apply(events[i])
            i += 1
            continue
        break
    return _result(case, as_of, horizon)


def _result(case: _Case, as_of, horizon) -> Evaluation:
    proc = case.proc
    deadlines, nexts = [], []
    for ts in case.timers.values():
        t = ts.timer
        if ts.start is None or ts.stopped is not None:
            continue
        if ts.expired is not None and (t.on_expiry is not None or t.kind == "window"):
            continue
        end = case.last_day(ts)
        deadlines.append(Deadline(t.id, t.title, t.who, end, ts.expired is not None, ts.open_pause is not None,
                                  t.cites, t.quote, case.arithmetic(ts, end) if case.tracing else "", case.basis(ts, end)))
        if end is not None and ts.expired is None and t.kind != "window":
            nexts.append(lt.as_date(end))
    allowed = {}
    case.listing = True
    if not case.closed:
        at = horizon - _EPS
        on = as_of
        for et in proc.events.values():
            if et.opens or et.system:
                continue
            if et.when and not case.holds_all(et.when, at, on):
                continue
            for r in et.by:
                allowed.setdefault(r, []).append(et.id)
    amounts = {}
    if proc.penalty is not None:
        from .penalties import compute

        amounts = compute(case, proc.penalty, as_of)
    if proc.raw.get("fee") is not None:
        from .errors import NoRule
        from .penalties import amount

        try:
            amounts["fee"], words = amount(case, proc.raw["fee"], case.opened_on)
        except (NoRule, InvalidData) as why:  # no fee schedule in force, or the size is not recorded
            words = f"not computed: {why.message}"
        case.tracing and case.step(case.opened_on, f"fee: {words}", proc.cites)
    return Evaluation(proc.id, case.status, case.status_label(), case.closed, deadlines, min(nexts) if nexts else None,
                      case.deemed, allowed, amounts, case.findings, dict(proc.versions), dict(case.readings), case.trace,
                      case.system_events)
