"""Run by test_partitioned.py in a fresh, migrated PostgreSQL database: hash-partition every distributed
table by body_id (declarative partitioning, the same rule as Citus: every unique key must include
body_id), go through the hot paths with the real service — open a case, act on it, read it, the inbox,
the sweep — recording every statement, and EXPLAIN each one. Prints one JSON line: for each statement,
the partitions of each partitioned table its plan touches."""

from __future__ import annotations

import datetime as dt
import json
import os
import re

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")

import django  # noqa: E402

django.setup()

MODULUS = 4


def partition(cur, tables: list[str]) -> None:
    """Replace each table by one hash-partitioned on body_id, with the same columns, keys and indexes
    (LIKE … INCLUDING ALL: PostgreSQL refuses a unique key without body_id here), foreign keys and triggers."""
    cur.execute("""SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
                   WHERE contype = 'f' AND (conrelid::regclass::text = ANY(%s) OR confrelid::regclass::text = ANY(%s))""",
                [tables, tables])
    foreign = cur.fetchall()
    cur.execute("""SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal
                   AND t.tgrelid::regclass::text = ANY(%s)""", [tables])
    triggers = [r[0] for r in cur.fetchall()]
    for table, name, _definition in foreign:
        cur.execute(f'ALTER TABLE "{table}" DROP CONSTRAINT "{name}"')
    for t in tables:
        cur.execute(f'ALTER TABLE "{t}" RENAME TO "{t}_flat"')
        cur.execute(f'CREATE TABLE "{t}" (LIKE "{t}_flat" INCLUDING ALL) PARTITION BY HASH (body_id)')
        for i in range(MODULUS):
            cur.execute(f'CREATE TABLE "{t}_p{i}" PARTITION OF "{t}" FOR VALUES WITH (MODULUS {MODULUS}, REMAINDER {i})')
        cur.execute(f'INSERT INTO "{t}" SELECT * FROM "{t}_flat"')
        cur.execute(f'DROP TABLE "{t}_flat"')
    for table, name, definition in foreign:
        cur.execute(f'ALTER TABLE "{table}" ADD CONSTRAINT "{name}" {definition}')
    for definition in triggers:
        cur.execute(definition)


def exercise(statements: list) -> dict:
    """The hot paths, through the API and the sweep, each statement recorded (sql, first parameters)."""
    from django.db import connection
    from django.test import Client
    from robustness_kit import Api, make_world, open_case

    from adhiniyam.records.sweep import sweep

    with connection.cursor():
        pass
    world = make_world()
    api = Api(Client(), world["tokens"])
    open_case(api, "clerk")                       # warm: packs and the body's settings

    def record(execute, sql, params, many, context):
        statements.append((sql, list(params[0] if many and params else params or [])))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        case = open_case(api, "clerk")
        r = api.act("secretary", case["id"], {"type": "observations_dispatched", "on": "2026-01-07",
                                              "data": {"observations": "site plan"}, "version": case["version"]})
        assert r.status_code == 201, r.content
        assert api.get("secretary", f"/api/cases/{case['id']}").status_code == 200
        assert api.get("secretary", "/api/bodies/ga-taleigao/cases").status_code == 200
        fresh = open_case(api, "clerk")
        assert sweep(as_of=dt.datetime(2026, 3, 1, 23, 59)).events_recorded
    return {"case": case["id"], "fresh": fresh["id"]}


def main():
    from django.db import connection

    from adhiniyam.records import distribution as D
    tables = [m._meta.db_table for m in D.distributed_models()]
    with connection.cursor() as cur:
        partition(cur, tables)
    statements: list = []
    exercise(statements)
    pattern = re.compile(r"\b(" + "|".join(re.escape(t) for t in tables) + r")_p(\d+)\b")
    out = []
    with connection.cursor() as cur:
        for sql, params in statements:
            if not re.match(r"\s*(SELECT|UPDATE|DELETE|INSERT)", sql, re.I):
                continue
            cur.execute("EXPLAIN " + sql, params)
            plan = "\n".join(r[0] for r in cur.fetchall())
            touched: dict[str, set] = {}
            for table, n in pattern.findall(plan):
                touched.setdefault(table, set()).add(int(n))
            out.append({"sql": sql[:300], "partitions": {t: sorted(p) for t, p in touched.items()},
                        "plan": plan[:1500]})
    print(json.dumps({"tables": tables, "statements": out}))


if __name__ == "__main__":
    main()
