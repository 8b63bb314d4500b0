"""Who may date what. The date an entry is given decides periods that create rights against the body (a
deemed grant from the date of receipt), so it is not the sender's to choose:

  a party's own submission   (the citizen, through the portal or the API) is dated by the server's clock
                             when it is received. A date other than that day is refused, never moved.
  office staff               (clerk, deciding officer, an authority's officer) give the day it happened.
                             A day before today is a back-dated entry (a paper received at the counter
                             last week): it needs a written reason and may go back at most the body's
                             `late_entry_days`. It is stored with its `on_date` beside `recorded_at` and
                             its `late_reason`, and shown as "recorded late" wherever it is shown.
  a back-dated entry that creates an outcome time has already produced (a deemed grant, a lapse) needs,
                             by the records service's reading records.late_entry.outcome_already_arisen
                             (readings.yaml), a deciding officer of the body.
"""

from __future__ import annotations

import contextvars
import datetime as dt
from contextlib import contextmanager
from dataclasses import dataclass

from django.utils import timezone

from . import access
from . import engine as E
from .errors import Forbidden, Invalid
from .readings import LATE_OUTCOME, reading

REASON_MAX = 1000
_replaying = contextvars.ContextVar("adhiniyam_replaying_history", default=False)


@contextmanager
def replaying_history():
    """Inside this block every entry is taken as made on the day it happened (at its clock time, else noon):
    the demo builds a past the system was not there for. Nothing else uses it (not the API, the web or the
    sweep), so nowhere else can an entry choose when it was made."""
    token = _replaying.set(True)
    try:
        yield
    finally:
        _replaying.reset(token)


def long_date(day: dt.date) -> str:
    return f"{day.day} {day:%B %Y}"


def day_of(on) -> dt.date:
    """The legal day of a date or moment given (None: today on the service's clock)."""
    return E.today() if on is None else _split(on)[0]


def _split(on) -> tuple[dt.date, dt.datetime | None]:
    if isinstance(on, dt.datetime):
        aware = on if timezone.is_aware(on) else timezone.make_aware(on)
        return timezone.localtime(aware).date(), aware
    return on, None


def _entered_at(on) -> dt.datetime:
    now = E.now_aware()
    if on is None or not _replaying.get():
        return now
    day, at = _split(on)
    return min(at or timezone.make_aware(dt.datetime.combine(day, dt.time(12))), now)


@dataclass(frozen=True)
class Dating:
    day: dt.date                     # when it happened (the legal date)
    at: dt.datetime | None           # its clock time, where the law counts hours
    entered_at: dt.datetime          # when it was entered (the server's clock)
    clock_dated: bool                # dated by the server's clock on receipt
    late_reason: str                 # why an entry dated before the day it was entered was entered late

    @property
    def late(self) -> bool:
        return self.day < timezone.localdate(self.entered_at)


def _plausible(day: dt.date, entered: dt.date):
    if day > entered:
        raise Invalid(f"The date {day.isoformat()} is in the future. Record an event on or after the day it "
                      "happened, with the date it happened.", code="future_date")
    if day.year < 1900:
        raise Invalid(f"The date {day.isoformat()} is not plausible; use YYYY-MM-DD.", code="bad_date")


def date_entry(user, body, on, late_reason: str = "") -> Dating:
    """The dating of an entry `user` makes at `body` now, or the refusal of the date given."""
    entered_at = _entered_at(on)
    entered = timezone.localdate(entered_at)
    if on is None:
        return Dating(entered, None, entered_at, True, "")
    day, at = _split(on)
    _plausible(day, entered)
    if not access.office_staff(user, body):
        if day != entered:
            raise Invalid(f"An application or paper you send is dated by the office's clock when it is received: "
                          f"today, {long_date(entered)}, not {long_date(day)}. Send it without a date. A paper you "
                          "handed in at the office on an earlier day is entered by the office, with that day.",
                          code="dated_on_receipt", errors=[{"field": "on", "message": "leave it out"}])
        return Dating(entered, entered_at if at else None, entered_at, True, "")
    if day == entered:
        return Dating(day, at, entered_at, False, "")
    reason = (late_reason or "").strip()
    if not reason:
        raise Invalid(f"This entry is dated {long_date(day)}, before today ({long_date(entered)}): a back-dated "
                      "entry needs a written reason (late_reason), e.g. \"paper received at the counter on that "
                      "day, entered today\".", code="late_reason_required",
                      errors=[{"field": "late_reason", "message": "required for a date before today"}])
    if len(reason) > REASON_MAX:
        raise Invalid(f"late_reason: at most {REASON_MAX} characters.", code="late_reason_too_long",
                      errors=[{"field": "late_reason", "message": f"at most {REASON_MAX} characters"}])
    if (entered - day).days > body.late_entry_days:
        raise Invalid(f"{body.name} lets office staff date an entry at most {body.late_entry_days} days back; "
                      f"{long_date(day)} is {(entered - day).days} days before today. The body's administrator "
                      "sets this limit.", code="too_late_to_enter",
                      errors=[{"field": "on", "message": f"at most {body.late_entry_days} days back"}])
    return Dating(day, at, entered_at, False, reason)


def require_for_late_outcomes(user, body, dating: Dating, arisen: list[tuple[str, dt.date]]):
    """A back-dated entry that creates outcomes time has already produced (`arisen`): allowed by the body's
    reading of records.late_entry.outcome_already_arisen, else refused (403), changing nothing."""
    if not arisen or not dating.late:
        return
    if reading(body, LATE_OUTCOME) == "office_staff" or access.deciding_officer(user, body):
        return
    what = "; ".join(f"{etype.replace('_', ' ')} on {long_date(day)}" for etype, day in arisen)
    raise Forbidden(f"Entered now with the date {long_date(dating.day)}, this would record at once an outcome "
                    f"that has already arisen ({what}). At {body.name} such an entry is made by a deciding "
                    f"officer (reading {LATE_OUTCOME} = deciding_officer): ask the deciding officer to enter it "
                    "with its reason.", code="late_entry_needs_deciding_officer")
