"""The outbox: notifications written in the same transaction as the events that cause them.

`record(case, procedure, result, rows)` is the one call from the records service's write path (at
the end of every write, with the case locked): it looks at the case's events after its cursor,
writes a row per message and recipient, and enqueues the delivery task in the same transaction
(the task queue is a table of the same database), so an event and its notices commit or vanish
together. A cause is written once: the row's key names it and the recipient. The sweep calls
`record_many` for a batch of one body's cases: the same, with their cursors moved in one statement.
"""

from __future__ import annotations

from django.utils import timezone

from adhiniyam.records.prepared import Update, UpdateMany, insert, new

from . import messages as M
from .delivery import enqueue
from .models import Cursor, Notification

_MOVE = Update(Cursor, ["seq"], ["body", "case", "seq"])
_MOVE_MANY = UpdateMany(Cursor, ["seq"], ["case", "seq"], returning="case")


def record(case, procedure, result, rows, since: int | None = None) -> list[Notification]:
    """Write the notices that this write's new events call for (rows: every event of the case, in order).
    `since`: the case's last event before this write (0: the write opened the case), when the caller
    knows it: the cursor is then made, or moved on from there, in one statement; a cursor found elsewhere
    (events recorded without notices) is read and the events after it looked at, as without `since`."""
    last = rows[-1].seq if rows else 0
    moved = new(Cursor, body_id=case.body_id, case_id=case.pk, seq=last)
    if since == 0:
        insert([moved])
    elif since is None or not _MOVE(moved, seq=since):
        cursor, _created = Cursor.objects.get_or_create(body_id=case.body_id, case=case)
        since = cursor.seq
        if last > since:
            Cursor.objects.filter(body_id=case.body_id, pk=cursor.pk).update(seq=last)
    return notices_after(case, procedure, result, rows, since)


def record_many(writes: list[tuple]) -> None:
    """`record` for many cases of one body, each (case, procedure, result, rows, since): the cursors that
    are where their `since` says moved on in one statement (the sweep's batches), the others as `record`."""
    body_id = writes[0][0].body_id
    moved = set(_MOVE_MANY(body_id, [[rows[-1].seq, case.pk, since] for case, _p, _r, rows, since in writes]))
    for case, procedure, result, rows, since in writes:
        if case.pk in moved:
            notices_after(case, procedure, result, rows, since)
        else:
            record(case, procedure, result, rows)


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


def start_at(case, seq: int) -> None:
    """Mark a case's events up to `seq` as already looked at (a case opened before notifications existed)."""
    Cursor.objects.update_or_create(case=case, defaults={"body_id": case.body_id, "seq": seq})

