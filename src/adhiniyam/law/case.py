"""A case being replayed: its status, facts, timers and trace, and the steps of the replay (an event
applied, a timer expired). `evaluator.evaluate` drives it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from . import registers
from . import time as lt
from . import timers as tm
from .checks import run_check
from .conditions import first_failure
from .errors import CaseClosed, InvalidData, NotAllowed, OutOfOrder, UnknownEvent
from .fields import coerce
from .model import Deemed, Procedure
from .timers import TimerState


@dataclass(slots=True)
class Step:
    on: str
    text: str
    cites: list = field(default_factory=list)


class Case:
    def __init__(self, pack, proc: Procedure, body, tracing: bool, choices: dict | None = None):
        self.pack, self.proc, self.body, self.tracing = pack, proc, body, tracing
        self.choices = body.interpretations if choices is None else choices  # the body's readings
        self.status = None
        self.closed = False
        self.facts: dict = {}
        self.counts: dict = dict.fromkeys(proc.events, 0)  # event id -> times recorded
        self.first: dict = {}
        self.last: dict = {}
        self.history: list = []  # (event type, on, data) of every accepted event
        self.timers = {tid: TimerState(t) for tid, t in proc.timers.items()}
        self.deemed: list = []
        self.trace: list[Step] = []
        self.system_events: list = []
        self.findings: dict = {}
        self.readings: dict = dict(proc.readings)
        self.late: list = []
        self.offices: dict = {}  # timer id -> the office whose closed days extend it
        self.answers: dict = {}  # interpretation id -> (the question that answers it here, its reading)
        self.offence: dict | None = None
        self.opened_on: date | None = None
        self.events: list = []
        self.listing = False  # True while listing the actions open on the as-of date
        self.acting = None  # the role recording the event being judged (None: not known)

    # -- trace --------------------------------------------------------------------------------
    def step(self, on, text, cites=()) -> None:
        if self.tracing:
            self.trace.append(Step(lt.fmt(on) if on is not None else "", text, list(cites)))

    def status_label(self) -> str:
        return self.proc.statuses.get(self.status, self.status or "")

    # -- readings and parameters ----------------------------------------------------------------
    def reading(self, iid: str) -> str:
        """The body's reading of `iid` for this procedure (a provision's own question where it
        overrides a jurisdiction-wide one); remembered for the result."""
        got = self.answers.get(iid)
        if got is None:
            got = self.answers[iid] = self.pack.reading_for(self.proc.id, iid, self.choices)
            self.readings[got[0]] = got[1]
        return got[2]

    def chosen_note(self) -> str:
        """The body's readings that differ from the pack's default and shaped this case, named in a
        refusal as they are in a result's `readings` (a refusal has no result to show them)."""
        chosen = [(i, r) for i, r in self.readings.items() if (it := registers.find(self.pack, i)) is not None and r != it.default]
        return f" (read as the body reads {', '.join(f'{i} = {r}' for i, r in chosen)})" if chosen else ""

    def param(self, name: str, on):
        """A parameter's value on `on`, through the Act and the local instruments, with the trace."""
        from .instruments import resolve

        value, words, cites = resolve(self.pack, self.body.instruments, name, lt.as_date(on), self.facts.get("area"))
        self.step(on, f"{self.pack.parameters[name].get('title', name)}: {words}", [cites])
        return value

    def period_param(self, name: str, on) -> lt.Period:
        """A parameter that is a length of time: stated as one (`unit: period`, {days: 14}), or as a count
        of its unit (`unit: days`, 14 — "14 days' notice")."""
        value = self.param(name, on)
        unit = self.pack.parameters[name].get("unit")
        if isinstance(value, int) and not isinstance(value, bool) and unit in lt.UNITS:
            return lt.Period(value, unit)
        return lt.Period.parse(value)

    # -- timers ---------------------------------------------------------------------------------
    def last_day(self, ts: TimerState):
        if ts.cached_last is not None and ts.open_pause is None:
            return ts.cached_last
        return tm.last_day(ts, self.body, self.tracing, self.office_of(ts.timer))

    def expiry_moment(self, ts: TimerState):
        if ts.open_pause is not None:  # the clock is stopped: no last day yet
            return None
        end = self.last_day(ts)
        got = ts.cached_expiry
        if got is None or got[0] is not end:  # computed again only when the last day has changed
            got = ts.cached_expiry = (end, tm.expiry_moment(end, ts.timer.outcome_on == "last_day"))
        return got[1]

    def office_of(self, t) -> str | None:
        """Whose closed days extend the timer (GCA s.10): the office it names; for the body's own
        silence before a deemed outcome, the body's office only on reading
        gca.closed_office_for_silence_periods = yes."""
        if t.office or not t.on_expiry or not t.on_expiry.get("deemed"):
            return t.office
        if t.id not in self.offices:
            self.offices[t.id] = "body" if self.reading("gca.closed_office_for_silence_periods") == "yes" else None
        return self.offices[t.id]

    def running(self, ts: TimerState) -> bool:
        return ts.running()

    def start_timer(self, ts: TimerState, on, how) -> None:
        t = ts.timer
        failed = first_failure(t.when, self, lt.moment(on)) if t.when else None
        if failed is not None:
            if self.tracing:
                self.step(on, f"{t.title}: does not start ({failed.failure(self)})", t.cites)
            return
        start, how = self._receipt(t, on, how)
        period = self.resolve_period(t, start)
        if period is None:  # an order outside the Act's bounds, read as void: it runs for no time
            return
        if period.is_hours and not isinstance(start, datetime):
            raise InvalidData(f"{t.title}: a period in hours runs from a clock time; give the time of the event it runs "
                              f"from (at: {lt.as_date(start).isoformat()}T10:30), not only the date {lt.fmt(start)}", t.cites)
        ts.begin(start, period, how, self.month_rule(start, period))
        if self.tracing:
            self.step(on, f"{t.title} ({t.quote!r}): {tm.arithmetic(ts, self.last_day(ts))}", t.cites)

    def month_rule(self, start, period) -> str:
        """How a period of months from this start ends: the reading gca.month_end, consulted (and so
        listed among the readings that shaped the result) only where its readings disagree."""
        if lt.month_rules_differ(start, period):
            return self.reading("gca.month_end")
        return lt.DEFAULT_MONTH_RULE

    def _receipt(self, t, on, how):
        """A period from receipt at an office closed that day runs from the next open day (reading)."""
        if not t.on_receipt or isinstance(on, datetime):
            return on, how
        start = self.received_on(on)
        if start == on:
            opened = self.tracing and self.reading("gca.receipt_on_closed_day") == "next_open_day" and \
                self.body.calendar("body").open_although(on)
            return on, (lambda: f"{tm.words(how)}; the office was open on {lt.fmt(on)} ({opened}), so receipt "
                                f"counts from that day") if opened else how
        return start, lambda: (f"{tm.words(how)}; the office was closed on {lt.fmt(on)} "
                               f"({self.body.calendar('body').closed_because(on)}), so receipt counts from "
                               f"the next open day, {lt.fmt(start)} (reading gca.receipt_on_closed_day = next_open_day)")

    def received_on(self, on):
        """The day a paper delivered at the body's office on `on` counts as received: the next open
        day where the office was closed, on the reading gca.receipt_on_closed_day = next_open_day."""
        if self.reading("gca.receipt_on_closed_day") != "next_open_day":
            return on
        cal = self.body.calendar("body")
        return cal.next_open_day(on) if cal.closed_because(on) else on

    def resolve_period(self, t, on, spec=None):
        if t.fixed_period is not None:
            return t.fixed_period
        ((k, v),) = (spec or t.period).items()
        if k == "param":
            return self.period_param(v, on)
        if k == "first_stated":  # the first period the record states, else the next ({param: …}, a literal)
            for one in v[:-1]:
                if "field" not in one or self._stated_period(one["field"]) is not None:
                    return self.resolve_period(t, on, one)
            return self.resolve_period(t, on, v[-1])
        if k != "field":
            return lt.Period(v, k)
        raw = self._stated_period(v)
        if raw is None:
            ev, _, fname = v.partition(".")
            raise InvalidData(f"{t.title}: the period must be stated in the {ev.replace('_', ' ')} ({fname})", t.cites)
        return self._bounded(t, lt.Period.parse(raw), on)

    def _stated_period(self, ref):
        ev, _, fname = ref.partition(".")
        return self.last.get(ev, (None, {}))[1].get(fname)

    def _bounded(self, t, p, on):
        """A period fixed by an officer, held to the Act's bounds ("not less than", "not longer than"):
        outside them it is refused, has effect up to the bound (cap / raise), has no effect (void,
        None), or runs as fixed (keep) — each but refuse with the finding `<timer>_capped`,
        `_raised`, `_void` or `_outside_limit`."""
        for bound, sign, word, how in (("min", -1, "not less than", t.below_min), ("max", 1, "not more than", t.beyond_max)):
            lim = getattr(t, bound)
            if lim is None:
                continue
            limp = self.period_param(lim["param"], on) if "param" in lim else lt.Period.parse(lim)
            if tm.compare_bound(p, limp, on) != sign:
                continue
            if how == "refuse":
                raise InvalidData(f"{t.title}: the period fixed ({p}) must be {word} {limp}" + _reading_note(t.readings), t.cites)
            finding, effect, result = {
                "cap": ("capped", f"it has effect for {limp} only", limp),
                "raise": ("raised", f"it runs for {limp}, the least the Act allows", limp),
                "void": ("void", "it is of no effect", None),
                "keep": ("outside_limit", f"it runs for the {p} fixed", p),
            }[how]
            self.findings[f"{t.id}_{finding}"] = True
            self.step(on, f"{t.title}: the period fixed ({p}) is outside the Act's limit ({word} {limp}); {effect} "
                          f"({t.quote!r})" + _reading_note(t.readings), t.cites)
            return result
        return p

    def start_spec_date(self, spec):
        """When a start spec is met: (date, how) or None; `how` gives the words."""
        if isinstance(spec, str):
            got = self.first.get(spec)
            if got is None:
                return None
            on = got[0]
            return on, lambda: f"from the {self.proc.events[spec].title.lower()} on {lt.fmt(on)}"
        ((k, v),) = spec.items()
        if k in ("last_day_of", "day_after"):
            return self._after_timer(k, v)
        if k in ("field", "date_of"):
            return self._field_date(v, fallback=k == "date_of")
        if k == "first_stated":  # the first of these, in order, that the record states
            return next((x for x in (self.start_spec_date(s) for s in v) if x is not None), None)
        found = [self.start_spec_date(s) for s in v]
        if k == "earliest":
            got = [x for x in found if x is not None]
            return min(got, key=lambda x: lt.moment(x[0])) if got else None
        if any(x is None for x in found):
            return None
        return max(found, key=lambda x: lt.moment(x[0]))

    def _after_timer(self, k, v):
        ots = self.timers[v]
        if ots.expired is None:
            return None
        last_d, title = lt.as_date(self.last_day(ots)), ots.timer.title
        if k == "day_after" or self.reading("gca.date_of_expiry") == "day_after":
            d = last_d + timedelta(days=1)
            return d, lambda: f"from {lt.fmt(d)}, the day after the {title.lower()} ended"
        return last_d, lambda: f"from {lt.fmt(last_d)}, the last day of the {title.lower()} (reading gca.date_of_expiry = last_day)"

    def _field_date(self, v, fallback=False):
        """The date an event's field states; with `fallback` (`date_of:`), the event's own date when the
        record states none (an order communicated the day it was made)."""
        ev, _, fname = v.partition(".")
        if ev not in self.last:
            return None
        raw = self.last[ev][1].get(fname)
        if raw is None and fallback:
            raw, fname = self.last[ev][0], f"the {self.proc.events[ev].title.lower()}"
        if raw is None:
            return None
        d = raw if isinstance(raw, (date, datetime)) else lt.parse_when(raw)
        return d, lambda: f"from {lt.fmt(d)} ({fname.replace('_', ' ')})"

    def start_dependents(self, trigger) -> None:
        """Start every timer whose start has just been met by `trigger` (an event type, or a timer
        id that has just expired)."""
        for tid in self.proc.dependents.get(trigger, ()):
            ts = self.timers[tid]
            if ts.start is not None:
                continue
            got = self.start_spec_date(ts.timer.start)
            if got is not None:
                self.start_timer(ts, got[0], got[1])

    # -- places and daylight --------------------------------------------------------------------
    def by_day(self, when, twilight: bool = False) -> bool:
        from .sun import by_day

        if self.body.location is None:
            raise InvalidData("the body's location (latitude and longitude) is needed to tell sunrise from sunset")
        if not isinstance(when, datetime):
            raise InvalidData(f"the clock time is needed on {lt.fmt(when)} to tell whether it was between sunrise and sunset")
        ok, words = by_day(self.body.location[0], self.body.location[1], when, twilight=twilight)
        self.step(when, words)
        return ok

    def in_declared_area(self, section: str, when, since: str = "public_notice_on") -> bool:
        """Whether the case's property lies in an area whose declaration names `section` and applies
        on `when`: from the day its public notice was given (or, `since="resolution_on"`, from its
        resolution) — a controlled rural area, a notified area."""
        area = self.facts.get("area")
        d = lt.as_date(when)
        for decl in self.body.areas:
            if decl.get("area") != area or section not in (decl.get("sections") or []):
                continue
            applies = decl.get(since)
            if applies is not None and lt.to_date(applies) <= d:
                self.step(when, f"{area} is declared for {section} on {lt.fmt(d)} (resolution of {decl.get('resolution_on')}, "
                                f"public notice on {decl.get('public_notice_on')}; applying from the "
                                f"{'resolution' if since == 'resolution_on' else 'public notice'})")
                return True
        return False

    # -- the replay -------------------------------------------------------------------------------
    def expire(self, ts: TimerState, moment: datetime) -> None:
        t = ts.timer
        ts.expired = moment
        end = self.last_day(ts)
        day = moment.date() if not isinstance(end, datetime) else moment
        oe = t.on_expiry
        if oe is None:
            if self.tracing:
                self.step(day, f"{t.title}: the period ended on {lt.fmt(end)} without it being done", t.cites)
            self.start_dependents(t.id)
            return
        branch = oe
        failed = first_failure(t.expiry_when, self, moment) if t.expiry_when else None
        if failed is not None:
            branch = oe.get("otherwise") or {}
            if self.tracing:
                self.step(day, f"{t.title} ended on {lt.fmt(end)}, but {failed.failure(self)}", t.cites)
        self._outcome(t, oe, branch, day, end)
        self.start_dependents(t.id)

    def _outcome(self, t, oe, branch, day, end) -> None:
        if branch.get("status"):
            self.status = branch["status"]
        if branch.get("closes"):
            self.closed = True
        if branch.get("event"):
            self.system_events.append((branch["event"], lt.as_date(day)))
        d = branch.get("deemed")
        if d:
            conds = [c if isinstance(c, dict) else {"text": c} for c in d.get("conditions") or []]
            cites = _aslist(d.get("cites"))
            self.deemed.append(Deemed(d.get("outcome", "granted"), lt.as_date(day), cites, d.get("quote", ""), conds))
            if self.tracing:
                self.step(day, f"{t.title} ended on {lt.fmt(end)} with no decision communicated: deemed "
                               f"{d.get('outcome', 'granted')} on {lt.fmt(day)} ({d.get('quote', '')!r})", cites or t.cites)
        elif branch is oe and self.tracing:
            self.step(day, f"{t.title} ended on {lt.fmt(end)}: {branch.get('status', 'it lapsed')}", _aslist(oe.get("cites")) or t.cites)

    def apply(self, ev) -> None:
        proc = self.proc
        et = proc.events.get(ev.type)
        if et is None and proc.aliases:  # an old name of the event (names are public)
            et = proc.events.get(proc.aliases.get("events", {}).get(ev.type))
        if et is None:
            raise UnknownEvent(f"{proc.title} has no event {ev.type!r}; its events are: {', '.join(proc.events)}", proc.cites)
        self._admit(et, ev)
        data = self.check_data(et, ev.data)
        # the event's own data are facts for its own conditions (a refusal's ground, an entry's time)
        self.facts.update(et.facts)
        self.facts.update(data)
        if proc.offence is not None and (et.id == proc.offence.event if proc.offence.event else et.opens):
            from .offences import judge

            self.offence = judge(self, proc.offence, et, ev, data)
        self.acting = ev.by
        failed = first_failure(et.when, self, ev.on) if et.when else None
        self.acting = None
        if failed is not None:
            raise NotAllowed(f"{et.title} on {lt.fmt(ev.on)} is not allowed: {failed.failure(self)}{self.chosen_note()}",
                             failed.cites or et.cites)
        self._accept(et, ev, data)

    def _admit(self, et, ev) -> None:
        proc = self.proc
        if not self.events:
            if not et.opens:
                raise OutOfOrder(f"a {proc.title.lower()} case begins with {' or '.join(proc.opening_events)}, not {ev.type}", proc.cites)
        elif et.opens and not et.reopens:
            raise OutOfOrder(f"{et.title} opens a case and has already happened on {lt.fmt(self.events[0].on)}", et.cites)
        if self.closed and not et.reopens:
            raise CaseClosed(f"the case is closed (status: {self.status_label()}); {et.title.lower()} cannot be recorded", et.cites)
        if ev.by is not None and et.by and ev.by not in et.by:
            raise NotAllowed(f"{et.title} is for {', '.join(proc.roles.get(r, r) for r in et.by)}, not {proc.roles.get(ev.by, ev.by)}", et.cites)

    def _accept(self, et, ev, data) -> None:
        self.events.append(ev)
        if self.opened_on is None:
            self.opened_on = lt.as_date(ev.on)
        self.counts[et.id] += 1
        self.first.setdefault(et.id, (ev.on, data))
        self.last[et.id] = (ev.on, data)
        self.history.append((et.id, ev.on, data))
        if et.status:
            self.status = et.status
        if self.tracing:
            self.step(ev.on, et.title + (f" — status: {self.status_label()}" if et.status else "") + _reading_note(et.readings), et.cites)
        if getattr(ev, "recorded_on", None) is not None:
            self._note_late(et, ev)
        for cid, chk in self.proc.checks_on.get(et.id, ()):
            run_check(self, cid, chk, ev)
        for tid in self.proc.touches.get(et.id, ()):
            self._event_on_timer(self.timers[tid], et, ev)
        self.start_dependents(et.id)
        if et.closes:
            self.closed = True

    def _note_late(self, et, ev) -> None:
        rec = ev.recorded_on
        if lt.as_date(rec) <= lt.as_date(ev.on):
            return
        self.late.append({"event": et.id, "on": ev.on, "recorded_on": rec})
        self.step(rec, f"{et.title}: recorded late — it happened on {lt.fmt(ev.on)} and was entered on {lt.fmt(rec)}; "
                       f"the law's periods run from {lt.fmt(ev.on)}", et.cites)

    def _event_on_timer(self, ts: TimerState, et, ev) -> None:
        t = ts.timer
        if ts.start is not None and et.id in t.restart_on:
            title, on = et.title.lower(), ev.on
            if et.id in t.restart_dates:  # afresh from another date of the act (its communication), else its own
                on = self.last[et.id][1].get(t.restart_dates[et.id]) or ev.on
            self.start_timer(ts, on, lambda: f"afresh from the {title} on {lt.fmt(on)}")
            return
        if et.id in t.stop_on and ts.start is not None and ts.stopped is None:
            if et.id in t.stop_dates and self._done_late(ts, et, ev):
                return
            if ts.running():
                ts.stopped = ev.on
                if self.tracing:
                    self.step(ev.on, f"{t.title}: done in time ({et.title.lower()})", t.cites)
                return
            if t.on_expiry is None and t.kind != "window":  # a duty discharged late
                ts.stopped = ev.on
                if self.tracing:
                    self.step(ev.on, f"{t.title}: done late — the period ended on {lt.fmt(self.last_day(ts))}", t.cites)
                return
        if ts.running():
            for pz in t.pauses:
                self._pause(ts, pz, et, ev)

    def _done_late(self, ts: TimerState, et, ev) -> bool:
        """An act the timer waits for that is done on another date of its event (an order made on
        `on` and delivered on `delivered_on`): done late when that date is past the last day."""
        field = ts.timer.stop_dates[et.id]
        done = self.last[et.id][1].get(field) or ev.on  # not stated: done the day it was made
        if lt.moment(done) < lt.moment(ev.on):
            raise InvalidData(f"{et.title}: {field.replace('_', ' ')} ({lt.fmt(done)}) is before the order was made ({lt.fmt(ev.on)})", et.cites)
        end = self.last_day(ts)
        if end is None or lt.as_date(done) <= lt.as_date(end):
            return False
        self.step(ev.on, f"{ts.timer.title}: {et.title.lower()} on {lt.fmt(ev.on)}, but its {field.replace('_', ' ')} is "
                         f"{lt.fmt(done)}, after the last day ({lt.fmt(end)}): not done in time ({ts.timer.quote!r})", ts.timer.cites)
        return True

    def _pause(self, ts: TimerState, pz, et, ev) -> None:
        t = ts.timer
        if et.id == pz.start and pz.during:
            self._pause_during(ts, pz, ev)
        elif et.id == pz.start and ts.open_pause is None:
            failed = first_failure(pz.when, self, ev.on) if pz.when else None
            if failed is not None:
                if self.tracing:
                    self.step(ev.on, f"{t.title}: the clock does not stop — {failed.failure(self)}", t.cites)
                return
            ts.open_pause = (ev.on, pz)
            ts.cached_last = None
            if self.tracing:
                self.step(ev.on, f"{t.title}: clock stopped from {lt.fmt(ev.on)}", t.cites)
        elif et.id == pz.end and ts.open_pause is not None and ts.open_pause[1] is pz:
            a = ts.open_pause[0]
            how = self.reading(pz.days["reading"]) if isinstance(pz.days, dict) else pz.days
            days = lt.pause_length(a, ev.on, how)
            ts.pauses.append((a, ev.on, days))
            ts.open_pause = None
            ts.cached_last = None
            if self.tracing:
                note = f" (reading {pz.days['reading']} = {how})" if isinstance(pz.days, dict) else ""
                self.step(ev.on, f"{t.title}: clock runs again; the days from {lt.fmt(a)} to {lt.fmt(ev.on)} "
                                 f"take out {days} (counting {how}{note}); {tm.arithmetic(ts, self.last_day(ts))}", t.cites)

    def _pause_during(self, ts: TimerState, pz, ev) -> None:
        """The clock stops from the act for as long as the other timer it starts runs (as the Act bounds it)."""
        other = self.proc.timers[pz.during]
        failed = first_failure(pz.when, self, ev.on) if pz.when else None
        period = self.resolve_period(other, ev.on) if failed is None else None
        if period is None:
            return
        end = lt.last_day(ev.on, period)
        days = lt.days_between(ev.on, end)
        ts.pauses.append((ev.on, end, days))
        ts.cached_last = None
        if self.tracing:
            self.step(ev.on, f"{ts.timer.title}: clock stopped while {other.title.lower()} runs, {lt.fmt(ev.on)} to "
                             f"{lt.fmt(end)}: + {days} days; {tm.arithmetic(ts, self.last_day(ts))}", ts.timer.cites)

    def check_data(self, et, data: dict) -> dict:
        if not data and not et.fields:
            return {}
        data = dict(data or {})
        renamed = self.proc.aliases.get("fields") if self.proc.aliases else None
        for old in [k for k in data if k in renamed] if renamed else ():
            data[renamed[old]] = data.pop(old)
        unknown = data.keys() - et.fields.keys()
        if unknown:
            raise InvalidData(f"{et.title} does not take {', '.join(sorted(unknown))}; it takes: {', '.join(et.fields) or 'nothing'}", et.cites)
        out = {}
        for name, f in et.fields.items():
            v = data.get(name, f.default)
            if v is None:
                if f.required:
                    raise InvalidData(f"{et.title} needs {f.title or name.replace('_', ' ')}", et.cites)
                continue
            out[name] = coerce(et, f, v)
        return out


def _reading_note(readings) -> str:
    return "".join(f" (reading {i} = {r})" for i, r in readings)


def _aslist(v):
    if v is None:
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]
