"""Corrections: an outcome of time the records hold (a deemed grant, a lapse, an expiry the sweep
recorded) that the case's events no longer produce is superseded, never deleted.

A late entry is the usual cause: observations sent on 24 December but entered on 10 January stop the
clock from 24 December, so the deemed grant recorded on 5 January did not arise then. The write that
enters such a paper records, in its own transaction, a `record_corrected` event for each outcome it
defeats: which record (its seq, type and day) no longer stands, when the same outcome now arises (if it
does), and the paper that changed it — its type and day, who entered it, when and why. The superseded
record stays in the hash chain and the timeline (struck through, web.recordevents); the people concerned
are told (adhiniyam.notify, kind "correction").

Whether a back-dated entry may defeat an outcome that has already arisen is the records service's
reading records.late_entry.defeat_outcome_already_arisen (readings.yaml): by default only a deciding
officer of the body may make such an entry, with its written reason; else it is refused and nothing
is stored. A correction with no late paper behind it (the case evaluated again under a new law-pack
version, say) is recorded by the system.

`supersede(case, rows, result, today, append)` is the one call, from the records service's write path
where it records the outcomes of time (services._record_system_events)."""

from __future__ import annotations

import datetime as dt

from . import access
from . import engine as E
from .errors import Forbidden
from .readings import LATE_DEFEAT, reading

CORRECTION = "record_corrected"


def superseded_seqs(rows) -> set[int]:
    """The seqs of the records that a correction has superseded."""
    return {r.data.get("supersedes") for r in rows if r.type == CORRECTION}


def stale(rows, result, today: dt.date) -> list:
    """The recorded outcomes of time, not yet superseded, that the case's events no longer produce."""
    produced = {(etype, E.deadline_date(on)) for etype, on in result.system_events or []}
    gone = superseded_seqs(rows)
    return [r for r in rows if r.system and r.type not in E.RECORD_EVENTS and r.seq not in gone
            and (r.type, r.on_date) not in produced]


def _now_on(result, etype: str, after: dt.date) -> str | None:
    """When the same outcome arises as the record now stands (the first such day, if any)."""
    days = sorted(d for t, on in result.system_events or [] if t == etype and (d := E.deadline_date(on)))
    return next((d.isoformat() for d in days if d != after), None)


def _cause(rows, defeated: list):
    """The entry that changed the record: this write's entry, made by a person after the records it
    defeats (none when the case was evaluated again without one: a new law-pack version, say)."""
    entry = next((r for r in reversed(rows) if not r.system), None)
    if entry is None or entry.type in E.RECORD_EVENTS or entry.seq < max(r.seq for r in defeated):
        return None
    return entry


def require(case, entry, defeated: list) -> None:
    """A back-dated entry that defeats outcomes already arisen, allowed by the body's reading, else refused
    (403), changing nothing: the caller's transaction rolls back."""
    if not defeated or entry is None or not entry.recorded_late:
        return
    body = case.body
    chosen = reading(body, LATE_DEFEAT)
    what = "; ".join(f"{r.type.replace('_', ' ')} on {r.on_date:%d %B %Y}" for r in defeated)
    if chosen == "never":
        raise Forbidden(f"This entry, dated {entry.on_date:%d %B %Y} and entered late, would defeat an outcome the "
                        f"law has already given ({what}). At {body.name} such an outcome stands once it has arisen "
                        f"(reading {LATE_DEFEAT} = never): the entry is not recorded.",
                        code="late_entry_cannot_defeat_outcome")
    if chosen == "deciding_officer" and not access.deciding_officer(entry.actor, body):
        raise Forbidden(f"This entry, dated {entry.on_date:%d %B %Y} and entered late, would defeat an outcome the "
                        f"law has already given ({what}). At {body.name} such an entry is made by a deciding "
                        f"officer with its written reason (reading {LATE_DEFEAT} = deciding_officer): ask the "
                        "deciding officer to enter it.", code="late_entry_needs_deciding_officer")


def _data(record, result, entry) -> dict:
    data = {"supersedes": record.seq, "superseded_type": record.type, "superseded_on": record.on_date.isoformat(),
            "now_on": _now_on(result, record.type, record.on_date)}
    if entry is not None:
        actor = entry.actor
        data.update(late_type=entry.type, late_seq=entry.seq, late_on=entry.on_date.isoformat(),
                    late=entry.recorded_late, entered_at=entry.recorded_at.isoformat(),
                    entered_by=(actor.get_full_name() or actor.username) if actor else "",
                    reason=entry.late_reason)
    return data


def supersede(case, rows, result, today: dt.date, append) -> list:
    """Record a correction for each recorded outcome the case's events no longer produce (after checking
    that the entry behind it may defeat it). `append(type, day, by_role=, actor=, data=, system=)` chains one
    event onto the case and appends it to `rows`. Returns the corrections recorded."""
    defeated = stale(rows, result, today)
    if not defeated:
        return []
    entry = _cause(rows, defeated)
    require(case, entry, defeated)
    return [append(CORRECTION, today, by_role=entry.by_role if entry else "system",
                   actor=entry.actor if entry else None, data=_data(r, result, entry), system=entry is None)
            for r in defeated]
