"""A body's settings are cached in each server process and never stale: a change made by another process
(here the command line, as an administrator's edit in the admin would be) is used by the very next write
the server answers, on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from robustness_harness import Database, PgCluster, Server

CHOOSE_BDO_ROUTE = """
import django; django.setup()
from adhiniyam.records.models import Body, ProvisionChoice
ProvisionChoice.objects.create(body=Body.objects.get(code="ga-taleigao"), provision="sec_66__subsec_2",
                               version="sec_66__subsec_2__bdo_route", reason="resolution of the panchayat")
"""

CLOSE_A_DAY = """
import django, datetime; django.setup()
from adhiniyam.records.models import Body, Closure
Closure.objects.create(body=Body.objects.get(code="ga-taleigao"), on=datetime.date(2026, 1, 5),
                       reason="local holiday", source="order of the panchayat")
"""


@pytest.fixture(scope="module")
def pg():
    cluster = PgCluster()
    yield cluster
    cluster.stop()


def _open(server, token) -> dict:
    status, case, _h = server.request("POST", "/api/bodies/ga-taleigao/cases", token, {
        "procedure": "building_permission",
        "event": {"type": "application_received", "on": "2026-01-05", "data": {"complete": True},
                  "late_reason": "received at the counter on 5 January, entered today"}})
    assert status == 201, case
    return case


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_change_in_another_process_is_used_by_the_next_write(kind, pg):
    db = Database(kind, pg if kind == "postgresql" else None)
    token = db.migrate_and_seed()["tokens"]["clerk"]
    server = Server(db, workers=1).start()       # one worker: the process that cached the settings answers
    try:
        first = _open(server, token)
        assert first["versions"]["sec_66__subsec_2"] == "sec_66__subsec_2__fifteen_days"
        assert first["next_deadline"] == "2026-01-20"
        db.python(CHOOSE_BDO_ROUTE)
        second = _open(server, token)
        assert second["versions"]["sec_66__subsec_2"] == "sec_66__subsec_2__bdo_route"
        assert second["next_deadline"] == "2026-02-04"     # thirty days from receipt, the BDO route
        db.python(CLOSE_A_DAY)
        third = _open(server, token)
        # received on a day the office was closed: the period runs from the next open day
        assert third["next_deadline"] == "2026-02-05"
        status, again, _h = server.request("GET", f"/api/cases/{first['id']}", token)
        assert status == 200 and again["versions"]["sec_66__subsec_2"] == "sec_66__subsec_2__fifteen_days"
    finally:
        server.stop()
        db.drop()
