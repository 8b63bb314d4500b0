"""A timer's running state and its date arithmetic: when it started, for how long, what stopped
its clock, and the words that explain its last day."""

from __future__ import annotations

from datetime import datetime, timedelta

from . import time as lt
from .model import Timer

_TICK = timedelta(microseconds=1)


class TimerState:
    __slots__ = ("timer", "start", "period", "pauses", "open_pause", "stopped", "expired", "how",
                 "extension_note", "cached_last", "cached_expiry", "month_rule")

    def __init__(self, timer: Timer):
        self.timer = timer
        self.start = None  # date or datetime the period runs from
        self.period = None
        self.pauses = []  # (from, to, days)
        self.open_pause = None
        self.stopped = None
        self.expired = None
        self.how = ""  # the words for where the period runs from (a str, or a function giving them)
        self.extension_note = ""
        self.cached_last = None
        self.cached_expiry = None  # (last day, the moment it expires) for the last day last computed
        self.month_rule = lt.DEFAULT_MONTH_RULE  # how a month from a month's end ends (reading gca.month_end)

    def begin(self, start, period, how, month_rule: str = lt.DEFAULT_MONTH_RULE) -> None:
        self.start, self.period, self.pauses, self.open_pause = start, period, [], None
        self.month_rule = month_rule
        self.stopped = self.expired = None
        self.cached_last = None
        self.how = how

    def running(self) -> bool:
        return self.start is not None and self.stopped is None and self.expired is None


def words(how) -> str:
    return how() if callable(how) else how


def last_day(ts: TimerState, body, tracing: bool, office: str | None):
    """The timer's last day (or moment, for hours), or None while its clock is stopped; `office`:
    whose closed days extend it (GCA s.10), if any."""
    if ts.start is None or ts.open_pause is not None:
        return None
    if ts.cached_last is not None:
        return ts.cached_last
    t = ts.timer
    if t.direction == "before":
        if t.counting == "clear":
            end = lt.latest_before(ts.start, ts.period)
        else:
            end = ts.start - ts.period.delta() if ts.period.is_hours else lt.as_date(ts.start) - ts.period.delta()
    else:
        end = lt.last_day(counted_from(ts), ts.period, ts.month_rule)
        for (_a, _b, days) in ts.pauses:
            end = end + timedelta(days=days)
        ts.extension_note = ""
        if office and not ts.period.is_hours:
            end = _office_extension(ts, office, body.calendar(office), end, tracing)
    ts.cached_last = end
    return end


def counted_from(ts: TimerState):
    """The day the count runs from: the trigger, excluded ("from"); with `counting: inclusive` the
    trigger day is itself the first day of the period, so the count runs from the day before."""
    if ts.timer.counting == "inclusive" and not ts.period.is_hours:
        return lt.as_date(ts.start) - timedelta(days=1)
    return ts.start


def _office_extension(ts: TimerState, office: str, cal, end, tracing: bool):
    why = cal.closed_because(end)
    if not why:
        opened = tracing and cal.open_although(end)
        if opened:
            ts.extension_note = f"; the {office} office was open on {lt.fmt(end)} ({opened}), so that day is the last"
        return end
    new_end = cal.next_open_day(end)
    if tracing:
        ts.extension_note = (f"; the {office} office is closed on {lt.fmt(end)} ({why}), so the next "
                             f"open day, {lt.fmt(new_end)}, is in time (General Clauses Act s.10)")
    return new_end


def expiry_moment(end, on_last_day: bool = False):
    """The moment a timer with last day `end` expires: the next day's start (for hours, the moment after);
    with `on_last_day` (`outcome_on: last_day`, "revoked on the corresponding date"), the last day's start."""
    if end is None:
        return None
    if isinstance(end, datetime):
        return end + _TICK
    return lt.moment(end if on_last_day else end + lt.ONE_DAY)


def arithmetic(ts: TimerState, end) -> str:
    """How the last day was reached, in words."""
    t = ts.timer
    if end is None:
        return f"runs from {lt.fmt(ts.start)}; the clock is stopped"
    if t.direction == "before":
        word = "clear days, both ends excluded" if t.counting == "clear" else "the event day excluded"
        return f"latest day = {lt.fmt(ts.start)} − {ts.period} ({word}) = {lt.fmt(end)}"
    start = counted_from(ts)
    base = lt.last_day(start, ts.period, ts.month_rule)
    s = f"{words(ts.how)}: {lt.explain_last_day(start, ts.period, base, ts.month_rule)}"
    if start != ts.start:
        s += f" (the day {lt.fmt(ts.start)} itself counted as the first day)"
    for (a, b, days) in ts.pauses:
        s += f"; clock stopped from {lt.fmt(a)} to {lt.fmt(b)}: + {days} day{'s' if days != 1 else ''}"
    if ts.pauses:
        s += f" = {lt.fmt(base + timedelta(days=sum(p[2] for p in ts.pauses)))}"
    s += ts.extension_note
    if t.counting == "clear":
        s += f"; clear days: the act may be done from {lt.fmt(end + timedelta(days=1) if not isinstance(end, datetime) else end)}"
    readings = list(t.readings)
    if lt.month_rules_differ(ts.start, ts.period):
        readings.append(("gca.month_end", ts.month_rule))
    if readings:
        s += "; " + ", ".join(f"reading {i} = {r}" for i, r in readings)
    return s


def basis(ts: TimerState, end) -> dict:
    """The arithmetic of the last day as data, for words in any language (the i18n branch reads it)."""
    if end is None:
        return {"from": ts.start, "stopped": True}
    t = ts.timer
    base = lt.last_day(counted_from(ts), ts.period, ts.month_rule) if t.direction == "after" else end
    pauses = [[a, b, days] for (a, b, days) in ts.pauses]
    plain = lt.as_date(base) + timedelta(days=sum(p[2] for p in pauses)) if not ts.period.is_hours else base
    start = counted_from(ts) if t.direction == "after" else ts.start
    return {"from": start, "period": ts.period.as_dict(), "counting": t.counting, "direction": t.direction,
            "base": base, "pauses": pauses, "end": end,
            "office_closed": (t.direction == "after" and not ts.period.is_hours and lt.as_date(end) != plain)}


def compare_bound(p: lt.Period, limit: lt.Period, on) -> int:
    """-1, 0 or 1 as period `p` ends before, with or after `limit` from the same start — compared
    where the two end, never by approximate days (unless one is in hours and the other not)."""
    if p.is_hours != limit.is_hours:
        a, b = p.approx_days(), limit.approx_days()
    else:
        start = lt.moment(on) if p.is_hours else lt.as_date(on)
        a, b = lt.last_day(start, p), lt.last_day(start, limit)
    return (a > b) - (a < b)
