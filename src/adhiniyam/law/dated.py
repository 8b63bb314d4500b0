"""One shape for every dated value: a parameter's values, a penalty's versions, a provision's versions.

    values:
      - {from: unknown, value: 5000, cites: …, quote: …}     # commencement unknown
      - {from: 2019-08-01, value: 10000, cites: …, quote: …}  # an amendment, in force from that day
      - {from: 2024-01-01, to: 2025-01-01, value: 0}          # `to`: the first day it no longer applies

An entry is in force on a day when its `from` is unknown or on or before the day, and its `to` (if
any) is after it. Of several in force, the one with the latest known `from` prevails (an
amendment displaces what it amends); two entries of one date are a conflict.
"""

from __future__ import annotations

from datetime import date

UNKNOWN = ("unknown", None)


def as_date(v) -> date:
    return v if isinstance(v, date) else date.fromisoformat(str(v))


def start_of(entry, key: str = "from") -> date | None:
    v = entry.get(key)
    return None if v in UNKNOWN else as_date(v)


def in_force(entry, on: date | None, key: str = "from") -> bool:
    start, end = start_of(entry, key), entry.get("to")
    if on is None:
        return True
    return (start is None or start <= on) and (end in UNKNOWN or on < as_date(end))


def pick(entries, on: date | None, key: str = "from"):
    """The entries in force on `on`, latest known start first (None when none is)."""
    found = [e for e in entries if in_force(e, on, key)]
    found.sort(key=lambda e: start_of(e, key) or date.min, reverse=True)
    return found


def check(entries, where, err) -> None:
    """Refuse malformed dates in a dated list (`err(obj, message)` makes the error)."""
    for e in entries:
        for k in ("from", "to", "commencement"):
            v = e.get(k) if isinstance(e, dict) else None
            if v in UNKNOWN or isinstance(v, date):
                continue
            try:
                date.fromisoformat(str(v))
            except ValueError:
                raise err(e, f"{where}: `{k}` is a date like 2019-08-01 or `unknown`, not {v!r}") from None
