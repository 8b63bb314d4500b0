"""Office calendars: the days an office is closed, each with its source.

A body's calendar is its State's public holidays (from the `holidays` package) plus its weekly
days off plus local closures it records itself (a local festival, a flood, an election), each with
where it comes from. The closed-office extension (GCA s.10) and the rule that a receipt on a
closed day counts from the next open day both ask this calendar.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache

import holidays

WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
# "2sat" = second Saturday of the month, "4sat" = fourth Saturday, and so on.


@dataclass(frozen=True)
class Closure:
    on: date
    reason: str
    source: str


@lru_cache(maxsize=256)
def _state_holidays(state: str, year: int) -> dict[date, str]:
    return dict(holidays.India(subdiv=state, years=year).items())


def _weekly_rule(rule: str, d: date) -> bool:
    if rule in WEEKDAYS:
        return d.weekday() == WEEKDAYS[rule]
    if len(rule) == 4 and rule[0].isdigit() and rule[1:] in WEEKDAYS:
        nth = int(rule[0])
        return d.weekday() == WEEKDAYS[rule[1:]] and (d.day - 1) // 7 + 1 == nth
    raise ValueError(f"unknown weekly day off {rule!r}; use mon…sun, or 2sat/4sat for the second/fourth Saturday")


@dataclass
class OfficeCalendar:
    """When one office (a Panchayat, a municipal office, the Block Development Office) is closed."""

    state: str | None = None
    weekly_off: tuple[str, ...] = ("sun",)
    closures: tuple[Closure, ...] = ()
    openings: tuple[Closure, ...] = ()  # a holiday on which the office was nevertheless open
    name: str = "office"
    weekly_source: str = "the body's calendar"
    _local: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        for rule in self.weekly_off:
            _weekly_rule(rule, date(2026, 1, 1))  # validate early
        self._local = {c.on: c for c in self.closures}
        self._open = {c.on: c for c in self.openings}
        self._memo = {}

    def closed_because(self, d: date) -> str | None:
        """Why the office is closed on `d` (with the source), or None when it is open."""
        try:
            return self._memo[d]
        except KeyError:
            why = self._memo[d] = self._closed_because(d)
            return why

    def _closed_because(self, d: date) -> str | None:
        if d in self._open:
            return None
        if d in self._local:
            c = self._local[d]
            return f"{c.reason} (source: {c.source})"
        return self.usually_closed_because(d)

    def open_although(self, d: date) -> str | None:
        """Why the office is open on `d` although the State's holidays or its weekly days off close it: the
        opening recorded, with its source (None on any other day)."""
        c = self._open.get(d)
        usually = self.usually_closed_because(d) if c else None
        return f"{c.reason} (source: {c.source}), on a day otherwise closed: {usually}" if usually else None

    def usually_closed_because(self, d: date) -> str | None:
        """Why the State's holidays or the weekly days off close the office on `d`, whatever the office
        records itself (its closures and openings); None when they do not."""
        if self.state:
            name = _state_holidays(self.state, d.year).get(d)
            if name:
                return f"{name} (public holiday, {self.state}; source: holidays package {holidays.__version__})"
        for rule in self.weekly_off:
            if _weekly_rule(rule, d):
                return f"weekly day off ({rule}; source: {self.weekly_source})"
        return None

    def is_open(self, d: date) -> bool:
        return self.closed_because(d) is None

    def next_open_day(self, d: date, limit: int = 60) -> date:
        """`d` itself if the office is open that day, else the next day it is open."""
        for _ in range(limit):
            if self.is_open(d):
                return d
            d += timedelta(days=1)
        raise ValueError(f"the {self.name} calendar has no open day within {limit} days of {d}")
