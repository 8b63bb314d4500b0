"""Dates as the API receives them: YYYY-MM-DD, or YYYY-MM-DDTHH:MM where the law counts hours."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from adhiniyam.records.errors import Invalid


def parse_on(value: str, field: str = "on"):
    text = (value or "").strip()
    try:
        if "T" in text or " " in text:
            moment = dt.datetime.fromisoformat(text)
            return moment if timezone.is_aware(moment) else timezone.make_aware(moment)
        return dt.date.fromisoformat(text)
    except ValueError:
        raise Invalid(f"{field}: '{value}' is not a date. Write dates as YYYY-MM-DD (e.g. 2026-03-02), or "
                      "YYYY-MM-DDTHH:MM for a clock time.", code="bad_date",
                      errors=[{"field": field, "message": "use YYYY-MM-DD"}]) from None


def parse_day(value: str, field: str) -> dt.date:
    """A calendar date (a clock time given is read as its day)."""
    on = parse_on(value, field)
    return timezone.localtime(on).date() if isinstance(on, dt.datetime) else on
