"""The outbox: notifications written in the same transaction as the events that cause them.

Every write path calls it with the case locked or at the version it read: `advance(case, rows)` moves the
case's cursor (`Case.notified_seq`, the last event the outbox has looked at, stored with the case's row by
the write) to its last event and says where it stood; `notices_after` then writes a row per message and
recipient for the events after it, and enqueues the delivery task in the same transaction (the task queue
is a table of the same database), so an event and its notices commit or vanish together. A cause is
written once: the row's key names it and the recipient. `record` does both, for a write that stores the
case after it.
"""

from __future__ import annotations

from django.utils import timezone

from . import messages as M
from .delivery import enqueue
from .models import Notification


def advance(case, rows) -> int:
    """The case's cursor moved on to its last event (rows: every event of the case, in order; not yet
    stored: the caller writes the case's row). Returns where it stood: the events after it are news."""
    since = case.notified_seq
    case.notified_seq = rows[-1].seq if rows else 0
    return since


def record(case, procedure, result, rows) -> list[Notification]:
    """The notices that the case's new events call for, written, and its cursor moved on (stored with the
    case by the caller)."""
    return notices_after(case, procedure, result, rows, advance(case, rows))


def notices_after(case, procedure, result, rows, since: int) -> list[Notification]:
    """The notices of the case's events after `since`, written."""
    written = []
    for ev in rows:
        if ev.seq > since:
            for notice in M.for_event(case, procedure, result, ev):
                written += write(notice)
    return written


def write(notice: M.Notice) -> list[Notification]:
    """One notice to one recipient: a row per channel the recipient takes, each enqueued once."""
    now = timezone.now()
    out = []
    for channel, address, subject, text in notice.channels():
        key = f"{notice.cause}:{channel}:{address}"
        row, created = Notification.objects.get_or_create(
            body_id=notice.body_id, key=key[:300],
            defaults={"case": notice.case, "event": notice.event, "kind": notice.kind, "channel": channel,
                      "to_address": address, "to_name": notice.recipient.name[:200], "recipient": notice.recipient.key,
                      "language": notice.recipient.language, "subject": subject[:300], "text": text,
                      "next_attempt_at": now, "created_at": now})
        if created:
            enqueue(row)
            out.append(row)
    return out


def for_case(case, user, staff: bool) -> list[Notification]:
    """The case's notices, newest first, for its page: all of them for the body's staff, a person's own
    for anyone else."""
    rows = Notification.objects.filter(body_id=case.body_id, case=case).order_by("-created_at", "-pk")
    if not staff:
        mine = [f"user:{user.pk}"] + [f"person:{pk}" for pk in user.people.values_list("pk", flat=True)]
        rows = rows.filter(recipient__in=mine)
    return list(rows)

