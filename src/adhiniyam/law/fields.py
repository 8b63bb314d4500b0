"""Event fields: the data an event carries, checked against its declared type."""

from __future__ import annotations

from datetime import date, datetime

from . import time as lt
from .errors import InvalidData

WANT = {"choice": None, "period": "a period like {days: 30}", "date": "a date like 2026-03-17",
        "datetime": "a date and time like 2026-03-17T10:30", "text": "text (without NUL characters)",
        "int": "a whole number, not negative", "number": "a number, not negative", "money": "an amount in rupees, not negative",
        "periods": "a list of periods like [{from: 2026-03-01, to: 2026-03-05}]", "list": "a list", "bool": "true or false"}


def _number(v, whole: bool, negative_allowed: bool):
    if isinstance(v, bool):
        raise ValueError
    if whole:
        v = v if isinstance(v, int) else int(str(v))
    elif not isinstance(v, (int, float)):
        v = float(v)
    if v < 0 and not negative_allowed:  # a count or an amount of the law is never negative
        raise ValueError
    return v


def _periods(v):
    """Days of use as periods: [(from, to)], each `to` on or after its `from`."""
    if not isinstance(v, list):
        raise ValueError
    out = []
    for p in v:
        a, b = lt.to_date(p["from"]), lt.to_date(p["to"])
        if b < a:
            raise ValueError
        out.append((a, b))
    return sorted(out)


def _convert(f, v):
    t = f.type
    if t == "bool":
        if not isinstance(v, bool):
            raise ValueError
        return v
    if t in ("int", "number", "money"):
        return _number(v, t == "int", f.min is not None and f.min < 0)
    if t == "date":
        return v if isinstance(v, date) and not isinstance(v, datetime) else date.fromisoformat(str(v))
    if t == "datetime":
        return v if isinstance(v, datetime) else datetime.fromisoformat(str(v))
    if t == "period":
        return lt.Period.parse(v).as_dict()
    if t == "periods":
        return _periods(v)
    if t == "choice":
        if v not in f.choices:
            raise ValueError
        return v
    if t == "list":
        if not isinstance(v, list) or (f.choices and any(x not in f.choices for x in v)):
            raise ValueError
        return v
    if not isinstance(v, str) or "\x00" in v:  # text
        raise ValueError
    return v


def coerce(et, f, v):
    """The field's value as the engine uses it, or InvalidData saying what was expected."""
    try:
        v = _convert(f, v)
    except (ValueError, TypeError, KeyError):
        want = WANT.get(f.type) or f"one of {', '.join(map(str, f.choices))}"
        raise InvalidData(f"{et.title}: {f.name.replace('_', ' ')} must be {want}, not {v!r}", et.cites) from None
    if f.min is not None and v < f.min or f.max is not None and v > f.max:
        raise InvalidData(f"{et.title}: {f.name.replace('_', ' ')} must be between {f.min} and {f.max}", et.cites)
    return v
