"""Routing by body, proven on PostgreSQL without Citus: every distributed table hash-partitioned by body_id
(PostgreSQL refuses the partitioned copy if any unique key lacks body_id), the hot paths run on it
through the real service (open a case, act, read it, the inbox, the sweep), and EXPLAIN of each of their
statements touches one partition of each table at most (robustness_partitioned.py) — but one: the
sweep's first look, once a night, for the bodies that have cases due, which asks every shard by design."""

from __future__ import annotations

import json

import pytest
from robustness_harness import Database, PgCluster


@pytest.fixture(scope="module")
def pg():
    cluster = PgCluster()
    yield cluster
    cluster.stop()


def test_each_hot_statement_touches_one_partition(pg):
    db = Database("postgresql", pg)
    try:
        out = json.loads(db.python("import robustness_partitioned; robustness_partitioned.main()").strip()
                         .splitlines()[-1])
    finally:
        db.drop()
    statements = out["statements"]
    touched = {t for s in statements for t in s["partitions"]}
    assert {"records_case", "records_caseevent", "records_caseroute", "records_bodyledger"} <= touched
    wide = [s for s in statements if any(len(p) > 1 for p in s["partitions"].values())]
    nightly = [s for s in wide if s["sql"].startswith('SELECT DISTINCT "records_case"."body_id"')]
    assert len(nightly) == 1
    wide.remove(nightly[0])
    assert not wide, "statements that touch more than one partition:\n" + "\n\n".join(
        f"{s['sql']}\n{s['plan']}" for s in wide)
    assert len(statements) >= 20
