"""Two clerks write to one case at the same moment: one wins, the other gets 409 and nothing of theirs
is stored. Real threads and real row locks, so PostgreSQL only (SQLite's test database is in memory)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection


@pytest.mark.django_db(transaction=True)
def test_concurrent_writes_to_one_case(world, open_case):
    if connection.vendor != "postgresql":
        pytest.skip("needs a server database with row locks (run with DATABASE_URL from .ci/postgres.sh)")
    from django.db import connections

    from adhiniyam.records.errors import StaleVersion
    from adhiniyam.records.models import Case, CaseEvent
    from adhiniyam.records.services import EventInput, append_event

    case = open_case()
    users = world["users"]
    barrier = threading.Barrier(2)
    outcomes = []

    def write(user, ev):
        try:
            barrier.wait()
            append_event(user, case["id"], ev, 1)
            outcomes.append("ok")
        except StaleVersion:
            outcomes.append("409")
        finally:
            connections.close_all()

    # both today, as they are entered (records.dating)
    t1 = threading.Thread(target=write, args=(users["secretary"], EventInput(
        "observations_dispatched", None, {"observations": "plans unsigned"})))
    t2 = threading.Thread(target=write, args=(users["applicant"], EventInput("application_withdrawn", None, {})))
    t1.start(), t2.start()
    t1.join(), t2.join()
    assert sorted(outcomes) == ["409", "ok"]
    assert Case.objects.get(pk=case["id"]).version == 2
    assert CaseEvent.objects.filter(case_id=case["id"]).count() == 2
