"""The nightly sweep by body, in batches: the same events as sweeping each case alone, one body per
transaction under an advisory lock, shards that split the bodies, and a statement count that does not
grow with the cases due."""

from __future__ import annotations

import datetime as dt
import io
from collections import Counter

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from adhiniyam.records import dating as D
from adhiniyam.records import engine as E
from adhiniyam.records import services
from adhiniyam.records.audit import verify
from adhiniyam.records.models import Body, Case, CaseEvent, CaseRoute
from adhiniyam.records.sweep import LOCK_CLASS, bodies_of_shard, sweep

pytestmark = pytest.mark.django_db

AS_OF = dt.datetime(2026, 3, 10, 23, 59, 59)


def act(api, who, case, type_, on, data=None):
    r = api.act(who, case["id"], {"type": type_, "on": on, "data": data or {}, "version": case["version"]})
    assert r.status_code == 201, r.content
    return r.json()


@pytest.fixture
def cases(api, open_case):
    """Building applications at both Goa panchayats at several stages, all due by 10 March 2026."""
    made = []
    for body in ("ga-taleigao", "ga-merces"):
        for on in ("2026-01-02", "2026-01-05", "2026-01-08"):
            made.append(open_case("block_clerk", on=on, body=body))
    observed = act(api, "secretary", made[1], "observations_dispatched", "2026-01-07",
                   {"observations": "site plan unsigned"})
    act(api, "clerk", observed, "observations_complied", "2026-01-09")
    act(api, "secretary", made[2], "permission_refused", "2026-01-09", {"reasons": "setback not kept"})
    return made


@pytest.fixture
def api(api, world):
    """The service fixtures' API, with a clerk at Merces as well."""
    from django.contrib.auth import get_user_model

    from adhiniyam.api.models import ApiToken
    from adhiniyam.records.models import Membership
    user = get_user_model().objects.create_user("block_clerk", password="pass-admin-clerk")
    Membership.objects.create(user=user, body=world["block"], role="clerk")
    api.tokens["block_clerk"] = ApiToken.issue(user, "test")[1]
    return api


def _state() -> dict:
    events = [(e.case_id, e.seq, e.chain_seq, e.type, e.on_date, e.by_role, e.system, e.data, e.pack_version)
              for e in CaseEvent.objects.order_by("body_id", "chain_seq")]
    rows = [(c.pk, c.status, c.closed, c.next_deadline, c.due, c.next_deadline_who, c.version,
             c.derived) for c in Case.objects.order_by("pk")]
    routes = list(CaseRoute.objects.order_by("case_id", "role").values_list("case_id", "role", "active"))
    return {"events": events, "cases": rows, "routes": routes}


class Undo(Exception):
    pass


def _swept_by(path) -> dict:
    """The database after `path` swept it, then undone (so the other path starts from the same data)."""
    try:
        with transaction.atomic():
            path()
            state = _state()
            raise Undo
    except Undo:
        return state


def _one_by_one():
    today = AS_OF.date()
    for body in bodies_of_shard():
        for pk in (Case.objects.filter(body=body, closed=False, next_deadline__lt=today)
                   .order_by("next_deadline", "pk").values_list("pk", flat=True)):
            services.sweep_case(pk, AS_OF)


def test_batches_record_the_same_events_as_case_by_case(cases, settings):
    settings.ADHINIYAM_CLOCK = "2026-03-11T06:00"
    before = _state()
    old = _swept_by(_one_by_one)
    new = _swept_by(lambda: sweep(as_of=AS_OF, batch=2))
    assert old["events"] != before["events"]            # time produced something to record
    assert {e[3] for e in old["events"] if e[6]} >= {"permission_deemed_granted"}
    for key in old:
        for a, b in zip(old[key], new[key], strict=True):
            assert a == b, (key, a, b)
    summary = sweep(as_of=AS_OF, batch=2)
    assert summary.cases_checked >= 5 and summary.events_recorded == len(old["events"]) - len(before["events"])
    assert summary.recorded["permission_deemed_granted"] >= 3 and not summary.errors
    assert all(broken is None for _b, _n, broken in verify())
    again = sweep(as_of=AS_OF)
    assert (again.cases_checked, again.events_recorded) == (0, 0)


@pytest.mark.django_db(transaction=True)
def test_threads_record_the_same_events_as_case_by_case(cases, settings):
    """`adhiniyam sweep` on PostgreSQL sweeps with two threads, each on its own connection (outside a
    transaction, as cron runs it: the cases here are committed); their summaries add up."""
    settings.ADHINIYAM_CLOCK = "2026-03-11T06:00"
    before = _state()
    old = _swept_by(_one_by_one)
    summary = sweep(as_of=AS_OF, threads=2)
    new = _state()
    assert old["events"] != before["events"]
    for key in old:
        for a, b in zip(old[key], new[key], strict=True):
            assert a == b, (key, a, b)
    recorded = [e for e in new["events"] if e not in before["events"]]
    assert summary.bodies == 2 and summary.events_recorded == len(recorded) and not summary.errors
    assert summary.recorded == Counter(e[3] for e in recorded)
    assert all(broken is None for _b, _n, broken in verify())


def test_the_batch_sweep_corrects_a_recorded_outcome_as_case_by_case(cases, settings):
    """A recorded outcome of time that the case's events no longer produce (here a deemed grant stored on
    a day the law does not give, as a changed rule would leave it) is superseded by a correction
    (records.corrections) in the batch sweep exactly as in sweeping the case alone, and the outcome is
    then recorded on its day."""
    settings.ADHINIYAM_CLOCK = "2026-03-11T06:00"
    case = Case.objects.select_related("body").get(pk=cases[0]["id"])
    with transaction.atomic():
        services._append(case, services._ledger(case.body), seq=case.events.count() + 1,
                         type="permission_deemed_granted", dating=D.Dating(dt.date(2026, 1, 3), None, E.now_aware(),
                                                                           False, ""),
                         by_role="system", actor=None, data={"source": "time"}, system=True,
                         pack_version=case.pack_version)
    old = _swept_by(_one_by_one)
    new = _swept_by(lambda: sweep(as_of=AS_OF, batch=2))
    corrections = [e for e in old["events"] if e[0] == case.pk and e[3] == "record_corrected"]
    assert len(corrections) == 1 and corrections[0][7]["supersedes"] == 2 and corrections[0][6] is True
    assert corrections[0][7]["superseded_on"] == "2026-01-03" and corrections[0][7]["now_on"]
    for key in old:
        for a, b in zip(old[key], new[key], strict=True):
            assert a == b, (key, a, b)
    sweep(as_of=AS_OF, batch=2)
    assert all(broken is None for _b, _n, broken in verify())


def test_statements_do_not_grow_with_the_cases_due(cases, world, settings):
    settings.ADHINIYAM_CLOCK = "2026-03-11T06:00"
    taleigao = Body.objects.get(code="ga-taleigao")
    due = Case.objects.filter(body=taleigao, closed=False, next_deadline__lt=AS_OF.date()).count()
    assert due >= 2
    with CaptureQueriesContext(connection) as q:
        summary = sweep(as_of=AS_OF, bodies=[taleigao])
    assert summary.cases_checked == due
    # the bodies with cases due (2); then per body: lock + version, due cases, ledger, events, routes,
    # insert events, update cases (one statement for many rows), routes that flip (none here), ledger, the
    # new events' ids (for their notices)
    writes = [x["sql"] for x in q.captured_queries if not x["sql"].startswith(("SAVEPOINT", "RELEASE"))]
    own = [x for x in writes if "notify_" not in x]
    assert len(own) <= 11, "\n".join(writes)
    # adhiniyam.notify's outbox: a few statements for each case that recorded an event (none for the others)
    changed = len({ev.case_id for ev in CaseEvent.objects.filter(body=taleigao, system=True)})
    assert len(writes) - len(own) <= 5 * changed, "\n".join(writes)


def test_shards_split_the_bodies_and_the_command_says_what_it_recorded(cases, settings):
    settings.ADHINIYAM_CLOCK = "2026-03-11T06:00"
    every = set(bodies_of_shard().values_list("pk", flat=True))
    halves = [set(bodies_of_shard(i, 2).values_list("pk", flat=True)) for i in (0, 1)]
    assert halves[0] | halves[1] == every and not halves[0] & halves[1]
    out = io.StringIO()
    call_command("sweep", "--as-of", "2026-03-10", "--shard", "0/2", stdout=out)
    call_command("sweep", "--as-of", "2026-03-10", "--shard", "1/2", stdout=out)
    text = out.getvalue()
    assert "permission_deemed_granted" in text and "0 errors" in text
    assert Case.objects.filter(status="deemed_granted").count() >= 3
    for bad in ("2/2", "x", "1/0"):
        with pytest.raises(Exception, match="--shard"):
            call_command("sweep", "--shard", bad, stdout=io.StringIO())


@pytest.mark.skipif(connection.vendor != "postgresql", reason="advisory locks are PostgreSQL's")
def test_a_body_another_sweeper_holds_is_skipped(cases, settings):
    import psycopg
    settings.ADHINIYAM_CLOCK = "2026-03-11T06:00"
    taleigao = Body.objects.get(code="ga-taleigao")
    s = connection.settings_dict
    other = psycopg.connect(dbname=s["NAME"], user=s["USER"], password=s["PASSWORD"], host=s["HOST"],
                            port=s["PORT"] or None, autocommit=True)
    try:
        other.execute("SELECT pg_advisory_lock(%s, %s)", [LOCK_CLASS, taleigao.pk])
        summary = sweep(as_of=AS_OF)
        assert summary.skipped == 1
        assert not Case.objects.filter(body=taleigao, status="deemed_granted").exists()
        assert Case.objects.filter(body__code="ga-merces", status="deemed_granted").exists()
    finally:
        other.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_CLASS, taleigao.pk])   # answered: released now
        other.close()                  # (a close alone returns before the server has ended the session)
    assert sweep(as_of=AS_OF).skipped == 0
