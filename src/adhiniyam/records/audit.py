"""The audit trail: every event is chained by SHA-256 to the previous event of the same body.

hash = sha256(prev_hash || canonical JSON of the event's recorded content). Changing a stored
event's content breaks its own hash; deleting or inserting one breaks the next event's link or the
body's chain head (`BodyLedger.head_hash`, `event_count`). `adhiniyam audit verify` walks each
body's chain and reports the first broken link.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass

from django.utils import timezone

GENESIS = "0" * 64


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _utc(value: dt.datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def content(event) -> dict:
    """What the hash covers. The dating of an entry (dated on receipt by the clock, or entered late with a
    reason) is covered when it is there, so events recorded before those fields existed keep their hashes."""
    out = {
        "body": event.body_id,
        "case": event.case_id,
        "seq": event.seq,
        "chain_seq": event.chain_seq,
        "type": event.type,
        "on_date": event.on_date.isoformat(),
        "on_at": _utc(event.on_at),
        "by_role": event.by_role,
        "actor": event.actor_id,
        "system": bool(event.system),
        "data": event.data,
        "pack_version": event.pack_version,
        "recorded_at": _utc(event.recorded_at),
    }
    if event.clock_dated:
        out["clock_dated"] = True
    if event.late_reason:
        out["late_reason"] = event.late_reason
    return out


def digest(prev_hash: str, event) -> str:
    return hashlib.sha256((prev_hash + canonical(content(event))).encode("utf-8")).hexdigest()


@dataclass
class Break:
    body: str
    chain_seq: int | None
    event_id: int | None
    case_number: str | None
    problem: str

    def __str__(self) -> str:
        where = f"body {self.body}"
        if self.chain_seq is not None:
            where += f", link {self.chain_seq} (event id {self.event_id}, case {self.case_number})"
        return f"{where}: {self.problem}"


def verify_body(body) -> tuple[int, Break | None]:
    """Walk one body's chain. Returns (links checked, first break or None)."""
    from .models import BodyLedger, CaseEvent

    expected_prev, n = GENESIS, 0
    rows = (CaseEvent.objects.filter(body_id=body.pk).order_by("chain_seq")
            .select_related("case").only("case__number", *[f.name for f in CaseEvent._meta.concrete_fields]))
    for ev in rows.iterator(chunk_size=2000):
        n += 1
        label = (body.code, ev.chain_seq, ev.pk, ev.case.number)
        if ev.chain_seq != n:
            return n, Break(*label, f"link {n} is missing (next stored link is {ev.chain_seq}): an event was removed")
        if ev.prev_hash != expected_prev:
            return n, Break(*label, "does not point to the previous event's hash: an event before it was "
                                    "changed, removed or inserted")
        recomputed = digest(ev.prev_hash, ev)
        if recomputed != ev.hash:
            return n, Break(*label, f"content does not match its hash (type {ev.type!r}, on {ev.on_date}): "
                                    "the stored event was changed after it was recorded")
        expected_prev = ev.hash
    ledger = BodyLedger.objects.filter(body_id=body.pk).first()
    count = ledger.event_count if ledger else 0
    head = ledger.head_hash if ledger else GENESIS
    if count != n or head != expected_prev:
        return n, Break(body.code, None, None, None,
                        f"chain head says {count} events ending in {head[:12]}…, the table holds {n} ending in "
                        f"{expected_prev[:12]}…: events at the end were removed or added outside the service")
    return n, None


def verify(bodies=None):
    """Verify every body's chain (or those given). Yields (body, links, first break or None)."""
    from .models import Body
    for body in (bodies if bodies is not None else Body.objects.order_by("pk")):
        links, broken = verify_body(body)
        yield body, links, broken


def late_entries(bodies=None):
    """The entries made on a later day than they happened (records.dating), oldest entry first: each
    carries its reason, its actor and when it was entered, all inside the hash chain."""
    from .models import CaseEvent
    qs = CaseEvent.objects.filter(system=False).exclude(late_reason="").select_related("case", "actor")
    if bodies is not None:
        qs = qs.filter(body_id__in=[b.pk for b in bodies])
    return qs.order_by("recorded_at", "pk")


def now():
    return timezone.now()
