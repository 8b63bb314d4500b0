"""The sweep: record what time alone produced (deemed grants, lapses, expiries) as system events,
body by body, in batches.

Bodies are taken 500 at a time: their settings gathered together (bodysettings.prefetch) and, on
PostgreSQL, an advisory lock on each taken in one query; a body another sweeper holds is skipped, so
sweepers started side by side (`adhiniyam sweep --shard I/N`, or the same one twice) never collide.
Each body is then one transaction:
  1. the body's due cases (open, the stored next deadline passed) locked in one query — cases before
     the ledger, the order every writer of a case takes them in — and their events in one;
  2. each case evaluated (no trace) under the body's cached settings; its corrections
     (records.corrections: a case whose recorded outcome its events no longer produce reads its whole
     events first) and new system events chained in order (services.time_events, the same as every
     write), the body's ledger locked when the first is;
  3. sent together (a psycopg pipeline on PostgreSQL): the cases updated in one statement, the routes
     that flip in one (prepared.UpdateMany), the ledger written once, the events inserted in one; then
     the outbox cursors of the cases that got events moved in one, and their notices written.
On PostgreSQL `adhiniyam sweep` runs two threads, each on its own connection, that take the bodies in
turn: while one waits on the database the other evaluates (`--threads`).
Every case stored moves to its next version, as after any write: an action that read the case before
(services.record reads before its transaction) gets 409 rather than route flags this sweep changed.
The events are those that sweeping each case alone records (`services.sweep_case`; the tests compare,
with one thread and with two). A case the engine refuses is counted as an error and left as it was; a
body that fails is rolled back whole and the sweep goes on with the next.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections import Counter, namedtuple
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import BooleanField, F, Func, IntegerField, Value
from django.db.models.functions import Cast, Mod

from adhiniyam.notify import outbox as notify_outbox
from adhiniyam.progress import Progress

from . import bodysettings
from . import corrections as C
from . import engine as E
from . import services as S
from .errors import LawRefused, ServiceError
from .models import Body, Case, CaseEvent, CaseRoute
from .prepared import Prepared, UpdateMany, insert

log = logging.getLogger("adhiniyam.records.sweep")

LOCK_CLASS = 0x5357          # the advisory-lock namespace of the sweep ("SW"); the body id is the key
DERIVED = S.DERIVED
_DERIVED_FIELDS = [Case._meta.get_field(name) for name in DERIVED]
EVENT_FIELDS = ["case_id", "seq", "type", "on_date", "on_at", "by_role", "system", "data", "recorded_at"]


@dataclass
class Summary:
    bodies: int = 0
    skipped: int = 0                       # held by another sweeper
    cases_checked: int = 0
    events_recorded: int = 0
    errors: int = 0
    recorded: Counter = field(default_factory=Counter)    # event type -> count

    def add(self, other: Summary) -> None:
        for name in ("bodies", "skipped", "cases_checked", "events_recorded", "errors"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.recorded.update(other.recorded)

    def as_dict(self) -> dict:
        return {"bodies": self.bodies, "skipped": self.skipped, "cases_checked": self.cases_checked,
                "events_recorded": self.events_recorded, "errors": self.errors, "recorded": dict(self.recorded)}

    def line(self) -> str:
        kinds = ", ".join(f"{n} {t}" for t, n in self.recorded.most_common())
        return (f"swept {self.bodies} bodies: {self.cases_checked} cases past their next deadline, "
                f"{self.events_recorded} system events recorded{f' ({kinds})' if kinds else ''}, "
                f"{self.errors} errors" + (f", {self.skipped} bodies skipped (another sweeper had them)"
                                           if self.skipped else ""))


def bodies_of_shard(shard: int = 0, of: int = 1):
    """The bodies that keep cases, in id order; with `of` > 1, those whose id is `shard` modulo `of`."""
    qs = Body.objects.exclude(act_id="").order_by("pk")
    return qs if of == 1 else qs.alias(shard=Mod("id", of)).filter(shard=shard)


def _due(today: dt.date):
    """Open cases whose stored next deadline has passed: the engine's next deadline is a last day, so
    time can change the case from the day after it."""
    return Case.objects.filter(closed=False, next_deadline__lt=today)


def sweep(as_of: dt.datetime | None = None, bodies=None, stdout=None, batch: int = 500, threads: int = 1) -> Summary:
    """Sweep the bodies given (a queryset or list; default every body) that have cases due, `batch` bodies
    at a time: their settings gathered and their advisory locks taken together. Progress, body by body, on
    `stdout` (a bar on a terminal, lines in a log). `threads` > 1 (PostgreSQL): the bodies are swept by that
    many threads, each on its own connection, so one evaluates while another waits on the database (not
    inside a transaction: there the sweep keeps to the transaction's connection)."""
    today = (as_of.date() if isinstance(as_of, dt.datetime) else as_of) if as_of else E.today()
    scope = bodies_of_shard() if bodies is None else bodies
    ids = _due(today).values_list("body_id", flat=True).distinct()
    if isinstance(scope, list):
        wanted = {b.pk for b in scope}
        ids = sorted(pk for pk in ids if pk in wanted)
    else:
        ids = sorted(ids.filter(body__in=scope.values("pk")))
    summary = Summary()
    # SQLite: one writer at a time anyway; inside a transaction only its own connection sees its data
    threads = threads if connection.vendor == "postgresql" and not connection.in_atomic_block else 1
    with Progress("sweep", total=len(ids), stream=stdout) as progress:
        for start in range(0, len(ids), batch):
            with _locked(ids[start:start + batch], summary) as chunk:
                bodysettings.prefetch(chunk)
                _sweep_bodies(chunk, today, as_of, summary, batch, stdout, progress, threads)
    return summary


def _sweep_bodies(chunk: list[Body], today: dt.date, as_of, summary: Summary, batch: int, stdout,
                  progress: Progress, threads: int) -> None:
    """The bodies of a chunk swept one by one, or taken in turn by `threads` threads (each with its own
    connection, closed when the chunk is done; each adds to its own summary, merged into `summary`)."""
    if threads <= 1:
        for body in chunk:
            _sweep_one(body, today, as_of, summary, batch, stdout, progress)
        return
    todo, lock, parts = iter(chunk), threading.Lock(), [Summary() for _ in range(threads)]

    def work(part: Summary) -> None:
        try:
            while (body := next(todo, None)) is not None:     # next() on a shared iterator: under the GIL
                _sweep_one(body, today, as_of, part, batch, stdout, progress, lock)
        finally:
            connection.close()

    with ThreadPoolExecutor(threads, thread_name_prefix="sweep") as pool:
        list(pool.map(work, parts))
    for part in parts:
        summary.add(part)


def _sweep_one(body: Body, today: dt.date, as_of, summary: Summary, batch: int, stdout, progress: Progress,
               lock: threading.Lock | None = None) -> None:
    try:
        sweep_body(body, today, as_of, summary, batch)
    except Exception as exc:  # one body's failure must not stop the sweep of the others
        summary.errors += 1
        log.exception("sweep failed for body %s", body.code)
        if stdout:
            stdout.write(f"body {body.code}: {exc}\n")
    with lock or nullcontext():
        progress.advance(note=body.code)


@contextmanager
def _locked(ids: list[int], summary: Summary):
    """The bodies of `ids` read afresh (their settings versions too), each under a PostgreSQL advisory lock
    taken for all of them in one query and released after; a body another sweeper holds is left out."""
    if connection.vendor != "postgresql":       # SQLite: one writer at a time anyway
        yield list(Body.objects.filter(pk__in=ids).order_by("pk"))
        return
    lock = Func(Value(LOCK_CLASS), Cast(F("id"), IntegerField()), function="pg_try_advisory_lock",
                output_field=BooleanField())
    rows = list(Body.objects.filter(pk__in=ids).annotate(locked=lock).order_by("pk"))
    held = [b for b in rows if b.locked]
    summary.skipped += len(rows) - len(held)
    try:
        yield held
    finally:
        if held:
            with connection.cursor() as cur:
                cur.execute("SELECT pg_advisory_unlock(%s, id::integer) FROM records_body WHERE id = ANY(%s)",
                            [LOCK_CLASS, [b.pk for b in held]])


def sweep_body(body: Body, today: dt.date, as_of, summary: Summary, batch: int = 500) -> None:
    with transaction.atomic():
        summary.bodies += 1
        # locked in the order the cases fell due, which is the order the chain records them in
        cases = _DUE_CASES(body.pk, today.isoformat())
        events: dict[int, list] = {c.pk: [] for c in cases}
        for row in _DUE_EVENTS(body.pk, body.pk, today.isoformat()):     # what the engine reads, as plain rows
            if row[0] in events:
                events[row[0]].append(EventRow(*row))
        ledger = None
        for start in range(0, len(cases), batch):
            ledger = _sweep_batch(body, ledger, cases[start:start + batch], events, today, as_of, summary)


def refresh(cases, as_of: dt.datetime | None = None, batch: int = 500) -> Summary:
    """Derive again the stored answer (status, deadlines, routes) of the open cases among `cases` (a queryset),
    recording what time alone produced, now that the law or the calendar they are decided under changed:
    body by body as the sweep does (the cases locked, their events read together, the writes in batches),
    in the caller's transaction. A case the engine refuses is counted as an error and left as it was."""
    today = (as_of.date() if isinstance(as_of, dt.datetime) else as_of) if as_of else E.today()
    summary, by_body = Summary(), {}
    for pk, body_id in cases.filter(closed=False).values_list("pk", "body_id"):
        by_body.setdefault(body_id, []).append(pk)
    bodies = Body.objects.in_bulk(list(by_body))
    bodysettings.prefetch(list(bodies.values()))
    with transaction.atomic():
        for body_id, ids in sorted(by_body.items()):
            locked = list(Case.objects.filter(body_id=body_id, pk__in=ids).order_by("next_deadline", "pk")
                          .defer("derived").select_for_update())
            events: dict[int, list] = {c.pk: [] for c in locked}
            for row in CaseEvent.objects.filter(body_id=body_id, case_id__in=ids).order_by("case_id", "seq") \
                    .values_list(*EVENT_FIELDS):
                events[row[0]].append(EventRow(*row))
            summary.bodies += 1
            ledger = None
            for start in range(0, len(locked), batch):
                ledger = _sweep_batch(bodies[body_id], ledger, locked[start:start + batch], events, today, as_of,
                                      summary)
    return summary


EventRow = namedtuple("EventRow", EVENT_FIELDS)
_DUE_CASES = Prepared(lambda body_id, today: _due(today).filter(body_id=body_id).order_by("next_deadline", "pk")
                      .defer("derived").select_for_update(), -101, "0001-01-01")
_DUE_EVENTS = Prepared(lambda body_id, same_body, today: CaseEvent.objects.filter(
    body_id=body_id, case_id__in=_due(today).filter(body_id=same_body).values("pk")).order_by("case_id", "seq")
    .values_list(*EVENT_FIELDS), -101, -102, "0001-01-01")


def _sweep_batch(body: Body, ledger, cases: list[Case], events: dict, today: dt.date, as_of, summary: Summary):
    """Sweep some of a body's due cases; returns the body's ledger, locked once the first event is due."""
    new_events, routes, stored, notices = [], [], [], []
    ledger_of = S.LedgerOnDemand(body, ledger)        # cases before the ledger, as every writer takes them
    for case in cases:
        case.body = body
        summary.cases_checked += 1
        rows = events[case.pk]
        try:
            pack, procedure, result = _evaluate(case, rows, as_of)
            if C.stale(rows, result, today):          # a correction is due (rare): it reads the whole events
                rows = S.events_of(case)
            recorded = S.time_events(case, rows, result, pack, today)
        except ServiceError as exc:
            summary.errors += 1
            log.warning("sweep: case %s (%s) refused: %s", case.number, case.pk, exc)
            continue
        case.version += 1               # the case as stored changed (its answer, maybe routes and events)
        since = notify_outbox.advance(case, rows)   # the outbox's cursor, stored with the case
        if recorded:
            S.chain(recorded, ledger_of())          # in the order the cases fell due
            notices.append((case, procedure, result, rows, since))
            new_events += recorded
            summary.recorded.update(ev.type for ev in recorded)
        S.set_derived(case, procedure, result)
        case.updated_at = case.derived_as_of
        stored.append(case)
        routes += [(S.engaged(role, result, rows), case.pk, role) for role in S.authorities(procedure, case.act_id)]
    ledger = ledger_of.ledger
    with _pipeline():                   # the writes sent together; the events' INSERT answers their ids
        _CASES(body.pk, [[getattr(c, f.attname) for f in _DERIVED_FIELDS] + [c.pk] for c in stored])
        # a route flips only when its authority's engagement changed (the others are left as they are)
        _ROUTES(body.pk, [[active, pk, role] for active, pk, role in routes])
        if new_events:
            S.write_ledger(ledger)
        insert(new_events)
    for notice in notices:              # the notices of the events just recorded, in the body's transaction
        notify_outbox.notices_after(*notice)
    summary.events_recorded += len(new_events)
    return ledger


_CASES = UpdateMany(Case, DERIVED, ["id"])
_ROUTES = UpdateMany(CaseRoute, ["active"], ["case", "role"], only_changed=True)


@contextmanager
def _pipeline():
    """On PostgreSQL the statements inside are sent together and answered together (a psycopg pipeline):
    the writes of a batch cost one round trip to the server. Elsewhere they simply run in turn."""
    if connection.vendor == "postgresql":
        with connection.connection.pipeline():
            yield
    else:
        yield


def _evaluate(case: Case, rows: list[CaseEvent], as_of):
    """The case's pack and procedure, and the engine's answer for it now."""
    pack = S.get_pack(case.act_id, case.pack_version)
    procedure = S.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    try:
        _p, result = E.evaluate(case, rows, as_of=as_of, trace=False)
    except E.law().LawError as exc:
        raise LawRefused.from_law(exc) from exc
    return pack, procedure, result
