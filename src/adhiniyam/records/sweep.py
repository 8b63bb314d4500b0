"""The sweep: record what time alone produced (deemed grants, lapses, expiries) as system events,
body by body, in batches.

Each body is one transaction:
  1. a PostgreSQL advisory lock on the body, taken with the body's settings version in one query; a
     body another sweeper holds is skipped, so sweepers started side by side (`adhiniyam sweep --shard
     I/N`, or the same one twice) never collide;
  2. the body's due cases (open, the stored next deadline passed) locked in one query — cases before
     the ledger, the order every writer of a case takes them in;
  3. the body's ledger locked once;
  4. per batch of cases: their events in one query and their routes in one; each case evaluated (no
     trace) under the body's cached settings; the new system events chained in order; then the events
     inserted in one statement, the cases updated in one and the routes that flip in at most two;
  5. the ledger written once.
The events are those that sweeping each case alone records (`services.sweep_case`; the test compares).
A case the engine refuses is counted as an error and left as it was; a body that fails is rolled back
whole and the sweep goes on with the next.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections import Counter
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import BooleanField, F, Func, IntegerField, Value
from django.db.models.functions import Cast, Mod

from . import engine as E
from . import services as S
from .errors import LawRefused, ServiceError
from .models import Body, Case, CaseEvent, CaseRoute

log = logging.getLogger("adhiniyam.records.sweep")

LOCK_CLASS = 0x5357          # the advisory-lock namespace of the sweep ("SW"); the body id is the key
DERIVED = ["status", "status_label", "closed", "next_deadline", "due", "next_deadline_who", "derived",
           "derived_as_of", "version", "updated_at"]


@dataclass
class Summary:
    bodies: int = 0
    skipped: int = 0                       # held by another sweeper
    cases_checked: int = 0
    events_recorded: int = 0
    errors: int = 0
    recorded: Counter = field(default_factory=Counter)    # event type -> count

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


def sweep(as_of: dt.datetime | None = None, bodies=None, stdout=None, batch: int = 500,
          progress=None) -> Summary:
    """Sweep every body (or those given). `progress(body, summary)` is called after each body."""
    today = (as_of.date() if isinstance(as_of, dt.datetime) else as_of) if as_of else E.today()
    summary = Summary()
    for body in (bodies if bodies is not None else bodies_of_shard()):
        try:
            sweep_body(body, today, as_of, summary, batch)
        except Exception as exc:  # one body's failure must not stop the sweep of the others
            summary.errors += 1
            log.exception("sweep failed for body %s", body.code)
            if stdout:
                stdout.write(f"body {body.code}: {exc}\n")
        if progress:
            progress(body, summary)
    return summary


def _lock(body: Body) -> bool:
    """Take the body's advisory lock for this transaction (PostgreSQL), reading its settings version."""
    qs = Body.objects.filter(pk=body.pk)
    if connection.vendor != "postgresql":       # SQLite: one writer at a time anyway
        body.settings_version = qs.values_list("settings_version", flat=True).get()
        return True
    got = Func(Value(LOCK_CLASS), Cast(F("id"), IntegerField()), function="pg_try_advisory_xact_lock",
               output_field=BooleanField())
    locked, body.settings_version = qs.annotate(locked=got).values_list("locked", "settings_version").get()
    return locked


def sweep_body(body: Body, today: dt.date, as_of, summary: Summary, batch: int = 500) -> None:
    with transaction.atomic():
        if not _lock(body):
            summary.skipped += 1
            return
        summary.bodies += 1
        # the engine's next deadline is a last day: time can change the case from the day after it
        ids = list(Case.objects.filter(body=body, closed=False, next_deadline__lt=today)
                   .order_by("next_deadline", "pk").select_for_update().values_list("pk", flat=True))
        if not ids:
            return
        ledger = S._ledger(body)
        head = (ledger.event_count, ledger.head_hash)
        for start in range(0, len(ids), batch):
            _sweep_batch(body, ledger, ids[start:start + batch], today, as_of, summary)
        if (ledger.event_count, ledger.head_hash) != head:
            ledger.save(update_fields=["event_count", "head_hash", "updated_at"])


def _sweep_batch(body: Body, ledger, ids: list[int], today: dt.date, as_of, summary: Summary) -> None:
    cases = Case.objects.in_bulk(ids)
    events: dict[int, list[CaseEvent]] = {pk: [] for pk in ids}
    for ev in CaseEvent.objects.filter(body=body, case_id__in=ids).order_by("case_id", "seq"):
        events[ev.case_id].append(ev)
    routes: dict[int, list[CaseRoute]] = {pk: [] for pk in ids}
    for route in CaseRoute.objects.filter(body=body, case_id__in=ids):
        routes[route.case_id].append(route)
    new_events, changed_routes = [], []
    for pk in ids:                            # in the order the cases fell due, as the chain records them
        case = cases[pk]
        case.body = body
        summary.cases_checked += 1
        try:
            recorded, flipped = _sweep_one(case, ledger, events[pk], routes[pk], today, as_of)
        except ServiceError as exc:
            summary.errors += 1
            log.warning("sweep: case %s (%s) refused by the engine: %s", case.number, pk, exc)
            del cases[pk]
            continue
        new_events += recorded
        changed_routes += flipped
        summary.recorded.update(ev.type for ev in recorded)
    CaseEvent.objects.bulk_create(new_events)
    Case.objects.bulk_update(list(cases.values()), DERIVED)
    for active in (True, False):
        flip = [r.pk for r in changed_routes if r.active is active]
        if flip:
            CaseRoute.objects.filter(body=body, pk__in=flip).update(active=active)
    summary.events_recorded += len(new_events)


def _sweep_one(case: Case, ledger, rows: list[CaseEvent], routes: list[CaseRoute], today: dt.date, as_of):
    """One case's new system events (chained, not stored) and flipped routes; its derived fields set."""
    pack = S.get_pack(case.act_id)
    procedure = S.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    try:
        _p, result = E.evaluate(case, rows, as_of=as_of, trace=False)
    except E.law().LawError as exc:
        raise LawRefused.from_law(exc) from exc
    recorded = S.system_events(case, ledger, rows, result, pack, S.new_outcomes(rows, result, today))
    if recorded:
        case.version += 1
    S.set_derived(case, procedure, result)
    case.updated_at = case.derived_as_of
    return recorded, S.route_changes(routes, result, rows)
