"""Legal time: periods and how an Indian court counts them.

The rules, as the General Clauses Acts state them (the central Act of 1897 is the model the
State Acts follow; the jurisdiction decides which Act is cited):

* "from" a day excludes that day, "to" a day includes it (GCA s.9): fifteen days from
  2 March end at the end of 17 March; what happens "after expiry" happens on 18 March.
* A month is a calendar month (GCA s.3(35)), counted by the corresponding date from the
  trigger in one step, never month by month and never as thirty days: one month from
  31 January ends on the last day of February (State of H.P. v. Himachal Techno Engineers,
  (2010) 12 SCC 210).
  Where the trigger falls at a month's end the courts have counted it more than one way; the
  jurisdiction-wide reading `gca.month_end` chooses (`MONTH_RULES`).
* Clear days, "not less than" and "at least" exclude both the first and the last day.
* Hours run from the clock time of service.

Everything here is pure: dates in, dates out, and a sentence saying how.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache

from dateutil.relativedelta import relativedelta

UNITS = ("days", "weeks", "months", "years", "hours", "financial_years")
_SINGULAR = {"days": "day", "weeks": "week", "months": "month", "years": "year", "hours": "hour",
             "financial_years": "financial year"}
_PLURAL = {"financial_years": "financial years"}


@dataclass(frozen=True, slots=True)
class Period:
    """A length of legal time: a count of one unit."""

    count: int
    unit: str

    def __post_init__(self):
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit of time {self.unit!r}; use one of {', '.join(UNITS)}")
        if not isinstance(self.count, int) or isinstance(self.count, bool) or self.count < 0:
            raise ValueError(f"a period needs a whole, non-negative count, not {self.count!r}")

    @classmethod
    def parse(cls, spec) -> Period:
        """`{days: 15}` or a Period."""
        if isinstance(spec, Period):
            return spec
        if not isinstance(spec, dict) or len(spec) != 1:
            raise ValueError(f"a period is one unit and a count, like {{days: 15}}, not {spec!r}")
        ((unit, count),) = spec.items()
        return cls(count, unit)

    @property
    def is_hours(self) -> bool:
        return self.unit == "hours"

    def delta(self):
        if self.unit == "days":
            return timedelta(days=self.count)
        if self.unit == "weeks":
            return timedelta(weeks=self.count)
        if self.unit == "hours":
            return timedelta(hours=self.count)
        if self.unit == "months":
            return relativedelta(months=self.count)
        if self.unit == "financial_years":
            raise ValueError("a financial year ends on 31 March, not after a fixed length: use last_day")
        return relativedelta(years=self.count)

    def approx_days(self) -> float:
        """Only for comparing bounds (`not less than six weeks`); never for counting."""
        return self.count * {"days": 1, "weeks": 7, "months": 30.44, "years": 365.25, "hours": 1 / 24,
                             "financial_years": 365.25}[self.unit]

    def __str__(self) -> str:
        word = _SINGULAR[self.unit] if self.count == 1 else _PLURAL.get(self.unit, self.unit)
        return f"{self.count} {word}"

    def as_dict(self) -> dict:
        return {self.unit: self.count}


def fmt(d) -> str:
    """A date as a clerk writes it: 17 March 2026 (with the clock time where there is one)."""
    if isinstance(d, datetime):
        return f"{d.day} {d:%B %Y, %H:%M}"
    return f"{d.day} {d:%B %Y}"


def as_date(d) -> date:
    return d.date() if isinstance(d, datetime) else d


def to_date(v) -> date:
    """A date from a date, a datetime or an ISO string."""
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    return date.fromisoformat(str(v))


def parse_when(v):
    """An ISO date, or a date and clock time (`2026-03-02T10:30`)."""
    s = str(v)
    return datetime.fromisoformat(s) if "T" in s or " " in s.strip() else date.fromisoformat(s)


def moment(d) -> datetime:
    """A date as the moment its day begins; a datetime as itself."""
    return d if isinstance(d, datetime) else _day_start(d)


ONE_DAY = timedelta(days=1)


@lru_cache(maxsize=4096)
def _day_start(d: date) -> datetime:
    return datetime.combine(d, time())


# How a period of months or years ends where the trigger is at a month's end (reading gca.month_end):
MONTH_RULES = {
    # the corresponding date, clipped to the month's last day: 31 Jan + 1 month = 28 Feb, 30 Apr -> 30 May
    "corresponding_date": "the corresponding date, or the month's last day where there is none",
    # Halsbury (3rd ed.) vol. 37 para 143, Rameshchandra Ambalal Joshi (SC 2014): reckoned from the next
    # day, ending the day before that day's corresponding date (or at the month's end): 30 Apr -> 31 May
    "day_before_corresponding": "reckoned from the next day, ending the day before its corresponding date",
    # the days past the end of a shorter month carried into the next: 30 Jan + 1 month = 2 Mar (2026)
    "roll_over": "the corresponding date, the days past a shorter month's end carried into the next month",
}
DEFAULT_MONTH_RULE = "corresponding_date"


def add_months(d: date, months: int, rule: str = DEFAULT_MONTH_RULE) -> date:
    """`d` + `months` calendar months in one step, ending as `rule` says (MONTH_RULES).

    >>> add_months(date(2026, 1, 31), 1), add_months(date(2026, 4, 30), 1, "day_before_corresponding")
    (datetime.date(2026, 2, 28), datetime.date(2026, 5, 31))
    >>> add_months(date(2026, 1, 30), 1, "roll_over")
    datetime.date(2026, 3, 2)
    """
    if rule == "day_before_corresponding":
        nxt = d + timedelta(days=1)
        corr = nxt + relativedelta(months=months)
        return corr - timedelta(days=1) if corr.day == nxt.day else corr
    corr = d + relativedelta(months=months)
    if rule == "roll_over" and corr.day != d.day:
        return corr + timedelta(days=d.day - corr.day)
    return corr


def last_day(trigger, period: Period, month_rule: str = DEFAULT_MONTH_RULE):
    """The last day of a period running *from* `trigger` (the trigger day excluded).

    Days and weeks: trigger + n days. Months and years: the corresponding date, in one step
    from the trigger (31 Jan + 1 month = 28/29 Feb); at a month's end as `month_rule` says.
    Hours: the clock time, `trigger` + n hours (a datetime is returned).
    """
    if period.is_hours:
        if not isinstance(trigger, datetime):
            raise ValueError("a period in hours runs from a clock time; give the time of service")
        return trigger + period.delta()
    if period.unit == "financial_years":
        return financial_year_end(as_date(trigger), period.count)
    if period.unit in ("months", "years"):
        return add_months(as_date(trigger), period.count * (12 if period.unit == "years" else 1), month_rule)
    if period.unit == "days":  # the commonest period, without the call
        return as_date(trigger) + timedelta(days=period.count)
    return as_date(trigger) + period.delta()


def financial_year_end(trigger: date, count: int = 1) -> date:
    """The 31 March that ends the `count`-th financial year (1 April to 31 March) counted *from* `trigger`
    (the trigger day excluded): from 10 January 2026 or from 30 March 2026, 31 March 2026; from 31 March
    2026, 31 March 2027."""
    first = trigger.year if (trigger.month, trigger.day) < (3, 31) else trigger.year + 1
    return date(first + count - 1, 3, 31)


def month_rules_differ(trigger, period: Period) -> bool:
    """Whether the month-end readings give different last days for this trigger and period."""
    if period.unit not in ("months", "years"):
        return False
    return len({last_day(trigger, period, r) for r in MONTH_RULES}) > 1


def explain_last_day(trigger, period: Period, result, month_rule: str = DEFAULT_MONTH_RULE) -> str:
    if period.is_hours:
        return f"{fmt(trigger)} + {period} = {fmt(result)}"
    if period.unit == "financial_years":
        return f"{fmt(as_date(trigger))} to the end of the financial year (31 March), {period} = {fmt(result)}"
    if period.unit in ("months", "years"):
        return (f"{fmt(as_date(trigger))} + {period} (calendar {period.unit} counted in one step: "
                f"{MONTH_RULES[month_rule]}) = {fmt(result)}")
    return f"{fmt(as_date(trigger))} + {period} (the first day excluded) = {fmt(result)}"


def first_day_after(trigger, period: Period):
    """The first day on which something may be done after `period` of *clear* days
    ("not less than", "at least"): both the trigger day and the last day of the period are
    excluded, so it is the day after the period's last day."""
    end = last_day(trigger, period)
    return end if period.is_hours else end + timedelta(days=1)


def latest_before(event, period: Period):
    """The latest day to act so that `period` of clear days falls *before* `event`
    (a notice of "at least seven clear days before the meeting"): both the day of acting and
    the day of the event are excluded from the count."""
    if period.is_hours:
        if not isinstance(event, datetime):
            raise ValueError("a period in hours runs to a clock time")
        return event - period.delta()
    return as_date(event) - period.delta() - timedelta(days=1)


def days_between(a: date, b: date) -> int:
    return (as_date(b) - as_date(a)).days


def pause_length(start, end, reading: str) -> int:
    """Days a stopped clock takes out, for a pause from `start` to `end`.

    * ``from_to``: GCA s.9 applied to the pause itself, the first day excluded and the last
      included: end - start days. The clock runs on the day of dispatch and stands still from the
      next day up to and including the day of compliance.
    * ``inclusive``: both the day of dispatch and the day of compliance are taken out.
    * ``exclusive``: only the days strictly between them are taken out ("between" as clear days).
    """
    n = days_between(start, end)
    if reading == "from_to":
        return max(0, n)
    if reading == "inclusive":
        return max(0, n + 1)
    if reading == "exclusive":
        return max(0, n - 1)
    raise ValueError(f"unknown way of counting a pause {reading!r}; use from_to, inclusive or exclusive")
