"""Sweep benchmark on PostgreSQL: milliseconds per due case for the project's sweep, beside a raw-SQL batch
doing the fewest statements and the old case-by-case path, each on a copy of the same database.

    .venv/bin/python bench/sweep.py [--cases 100000] [--bodies 1000] [--replicate 10] [--days 7]

1. A fresh database (a throwaway cluster from .ci/postgres.sh unless DATABASE_URL names a server):
   `--cases` building applications over `--bodies` village panchayats, each made by the law engine
   (bench/records.py's loader: every stage, events hash-chained, stored as of a week ago), then copied
   in SQL `--replicate` − 1 more times into new bodies with their events, routes and ledgers (the
   million of issue 21: 100,000 engine-made cases × 10).
2. Three copies of it (CREATE DATABASE … TEMPLATE), each read into memory (pg_prewarm; `--cold`: not) and
   swept as of the loader's day + `--days` by one process pinned to one core:
     project   `adhiniyam sweep` (records/sweep.py: per body, in batches), timed as cron would see it
               (process start and law packs included) and the sweep alone
     raw       the same work in raw SQL per body: due cases locked, their events in one query, the
               engine, events in one INSERT, cases in one UPDATE … FROM (VALUES …), the ledger once
     old       services.sweep_case per due case (the path before issue 21), over the first
               `--old-bodies` bodies only (it costs ~8 ms a case)
   `--repeat` rounds, the kinds alternating. Printed: cases due, events recorded, seconds, ms per due case,
   each round's load average, and the medians (the project over the raw batch).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "robustness"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "src"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=100_000, help="engine-made cases")
    ap.add_argument("--bodies", type=int, default=1000)
    ap.add_argument("--replicate", type=int, default=10, help="copies in SQL (1: none)")
    ap.add_argument("--days", type=int, default=7, help="sweep as of the loader's day + DAYS")
    ap.add_argument("--repeat", type=int, default=3, help="rounds (each kind on a fresh copy); medians printed")
    ap.add_argument("--old-bodies", type=int, default=100, help="bodies the old path sweeps")
    ap.add_argument("--run", choices=["project", "raw", "old"], help=argparse.SUPPRESS)   # a worker process
    ap.add_argument("--as-of", help=argparse.SUPPRESS)
    ap.add_argument("--threads", type=int, default=2, help="the project's sweep: threads, as `adhiniyam sweep` "
                    "runs by default")
    ap.add_argument("--keep", action="store_true", help="keep the loaded database and its server (prints its URL)")
    ap.add_argument("--cold", action="store_true", help="sweep each copy cold (by default it is read into memory "
                    "first with pg_prewarm)")
    ap.add_argument("--json")
    args = ap.parse_args()
    if args.run:
        return worker(args)
    from robustness_harness import Database, PgCluster
    pg = PgCluster()
    db = Database("postgresql", pg)
    os.environ.update({k: v for k, v in db.env.items() if k in ("DATABASE_URL", "ADHINIYAM_VAR",
                                                                 "DJANGO_SETTINGS_MODULE", "ADHINIYAM_SECRET_KEY")})
    os.environ["ADHINIYAM_DEBUG"] = "0"
    os.environ.pop("ADHINIYAM_CLOCK", None)
    import django
    django.setup()
    from django.db import connection
    print(f"# sweep benchmark: PostgreSQL, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f} at start")
    copies = []
    try:
        import records as R  # bench/records.py
        t = time.perf_counter()
        bodies, _clerk, _token = R.setup(args.bodies)
        events = R.bulk_load(bodies, args.cases, random.Random(1), batch=5000)
        print(f"# loaded {args.cases:,} engine-made cases, {events:,} events over {args.bodies} bodies in "
              f"{time.perf_counter() - t:.0f} s")
        if args.replicate > 1:
            t = time.perf_counter()
            replicate(bodies[0].parent_id, args.replicate)
            print(f"# copied ×{args.replicate} in SQL (cases, events, routes, ledgers): "
                  f"{args.cases * args.replicate:,} cases over {args.bodies * args.replicate:,} bodies in "
                  f"{time.perf_counter() - t:.0f} s")
        print(f"# outbox cursors made for {outbox_cursors():,} cases")
        with connection.cursor() as cur:
            cur.execute("ANALYZE")
        from adhiniyam.records import engine as E
        as_of = (E.today() - dt.timedelta(days=7) + dt.timedelta(days=args.days)).isoformat()
        connection.close()
        if args.keep:
            print(f"kept: DATABASE_URL={db.url} (as of {as_of}); stop the server with .ci/postgres.sh stop")
            return 0
        results: dict[str, list[dict]] = {"project": [], "raw": [], "old": []}
        for round_ in range(1, args.repeat + 1):
            for run in results:              # the kinds alternate, so load from other work falls on each
                r = sweep_copy(db, pg, copies, run, as_of, args.old_bodies, warm=not args.cold, threads=args.threads)
                if r is None:
                    return 1
                results[run].append(r)
                print(f"{run:8} round {round_}: {r['due']:,} cases due over {r['bodies']:,} bodies, {r['events']:,} "
                      f"events recorded, {r['seconds']:.1f} s sweeping ({r['process_s']:.1f} s with process start, "
                      f"{r['cpu']:.1f} s CPU) — {r['ms']:.3f} ms per due case, {r['cpu_ms']:.3f} ms CPU (load {r['load']:.1f})")
                sys.stdout.flush()
        med = {run: statistics.median(r["ms"] for r in rs) for run, rs in results.items()}
        for run, rs in results.items():
            print(f"{run:8} median of {len(rs)}: {med[run]:.3f} ms per due case "
                  f"({statistics.median(r['cpu_ms'] for r in rs):.3f} ms CPU), "
                  f"{statistics.median(r['seconds'] for r in rs):.1f} s sweeping, "
                  f"{statistics.median(r['process_s'] for r in rs):.1f} s with process start")
        print(f"project / raw batch per due case: {med['project'] / med['raw']:.2f}; "
              f"old / project: {med['old'] / med['project']:.1f}×")
        print(f"# load average at the end {os.getloadavg()[0]:.1f}")
        if args.json:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps(results, indent=1))
    finally:
        from django.db import connection
        connection.close()
        for copy in copies:
            drop_database(copy)
        if not args.keep:
            db.drop()
            pg.stop()
    return 0


def sweep_copy(db, pg, copies: list, run: str, as_of: str, old_bodies: int, warm: bool = True,
               threads: int = 2) -> dict | None:
    """One sweep (`run`) on a fresh copy of the loaded database (its tables and indexes read into memory
    first unless not `warm`), by a process pinned to one core."""
    copy = copy_database(db, pg)
    copies.append(copy)
    if warm:
        warm_database(copy)
    env = {**db.env, "DATABASE_URL": copy[1]}
    env.pop("ADHINIYAM_CLOCK", None)
    cmd = [sys.executable, __file__, "--run", run, "--as-of", as_of, "--old-bodies", str(old_bodies),
           "--threads", str(threads)]
    t = time.perf_counter()
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=7200,
                         preexec_fn=lambda: os.sched_setaffinity(0, {0}))
    wall = time.perf_counter() - t
    drop_database(copies.pop())
    if out.returncode:
        print(f"{run}: failed\n{out.stdout[-2000:]}\n{out.stderr[-3000:]}")
        return None
    r = json.loads(out.stdout.strip().splitlines()[-1])
    r.update(process_s=wall, ms=1000 * r["seconds"] / max(1, r["due"]), cpu_ms=1000 * r["cpu"] / max(1, r["due"]),
             load=os.getloadavg()[0])
    return r


def drop_database(copy: tuple[str, str, str]) -> None:
    import psycopg
    admin, _url, name = copy
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def warm_database(copy: tuple[str, str, str]) -> None:
    """Every table and index of the copy read into PostgreSQL's buffers (pg_prewarm; what does not fit stays
    in the OS's page cache), so the sweep is timed on a warm database, not on the disk."""
    import psycopg
    with psycopg.connect(copy[1], autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_prewarm")
        conn.execute("SELECT pg_prewarm(c.oid::regclass, 'read') FROM pg_class c WHERE c.relkind IN ('r', 'i') "
                     "AND c.relnamespace = 'public'::regnamespace")
        conn.execute("SELECT pg_prewarm(c.oid::regclass) FROM pg_class c WHERE c.relkind IN ('r', 'i') "
                     "AND c.relnamespace = 'public'::regnamespace")


def copy_database(db, pg) -> tuple[str, str, str]:
    import psycopg
    base = urlparse(pg.url)
    admin = urlunparse(base._replace(path="/postgres"))
    name = "adh_sweep_" + uuid.uuid4().hex[:8]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{db.name}"')
    return admin, urlunparse(base._replace(path=f"/{name}")), name


def replicate(block: int, k: int) -> None:
    """Copy each body under the block with its cases, events, routes and ledger k-1 times, in SQL."""
    from django.db import connection, transaction

    from adhiniyam.records.models import Body, Case, CaseEvent
    case_cols = [f.column for f in Case._meta.concrete_fields if f.column not in ("id", "body_id", "number")]
    ev_cols = [f.column for f in CaseEvent._meta.concrete_fields if f.column not in ("id", "body_id", "case_id")]
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute("""CREATE TEMP TABLE body_map AS SELECT b.id AS orig, b.code || '-r' || g AS code, g AS k
                       FROM records_body b CROSS JOIN generate_series(1, %s) g WHERE b.parent_id = %s""", [k - 1, block])
        body_cols = [f.column for f in Body._meta.concrete_fields
                     if f.column not in ("id", "code", "name", "path", "settings_version", "created_at")]
        cur.execute(f"""INSERT INTO records_body (code, name, path, settings_version, created_at, {", ".join(body_cols)})
                        SELECT m.code, b.name || ' (copy ' || m.k || ')', 'copy', (random() * 1e15)::bigint, now(),
                               {", ".join("b." + c for c in body_cols)}
                        FROM body_map m JOIN records_body b ON b.id = m.orig""")
        cur.execute("""UPDATE records_body c SET path = p.path || c.id || '/' FROM records_body p
                       WHERE c.path = 'copy' AND p.id = c.parent_id""")
        cur.execute("ALTER TABLE body_map ADD COLUMN new bigint")
        cur.execute("UPDATE body_map m SET new = b.id FROM records_body b WHERE b.code = m.code")
        cur.execute("""INSERT INTO records_bodyledger (body_id, case_count, event_count, head_hash, updated_at)
                       SELECT m.new, l.case_count, l.event_count, l.head_hash, now()
                       FROM body_map m JOIN records_bodyledger l ON l.body_id = m.orig""")
        cur.execute(f"""INSERT INTO records_case (body_id, number, {", ".join(case_cols)})
                        SELECT m.new, c.number || '-R' || m.k, {", ".join("c." + c for c in case_cols)}
                        FROM body_map m JOIN records_case c ON c.body_id = m.orig""")
        cur.execute("""CREATE TEMP TABLE case_map AS SELECT oc.id AS orig, nc.id AS new, nc.body_id
                       FROM body_map m JOIN records_case oc ON oc.body_id = m.orig
                       JOIN records_case nc ON nc.body_id = m.new AND nc.number = oc.number || '-R' || m.k""")
        cur.execute(f"""INSERT INTO records_caseevent (body_id, case_id, {", ".join(ev_cols)})
                        SELECT cm.body_id, cm.new, {", ".join("e." + c for c in ev_cols)}
                        FROM case_map cm JOIN records_caseevent e ON e.case_id = cm.orig""")
        cur.execute("""INSERT INTO records_caseroute (body_id, case_id, role, office_body_id, active)
                       SELECT cm.body_id, cm.new, r.role, r.office_body_id, r.active
                       FROM case_map cm JOIN records_caseroute r ON r.case_id = cm.orig""")


def outbox_cursors() -> int:
    """Each case's outbox cursor (Case.notified_seq) at its last event, as every case the records service
    writes has it. The loader and the copies write cases in bulk, without it."""
    from django.db import connection, transaction
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute("""UPDATE records_case SET notified_seq = (
                           SELECT COALESCE(MAX(e.seq), 0) FROM records_caseevent e
                           WHERE e.body_id = records_case.body_id AND e.case_id = records_case.id)
                       WHERE notified_seq = 0""")
        return cur.rowcount


# ------------------------------------------------------------------------------ the worker process


def worker(args) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")
    import django
    django.setup()
    from adhiniyam.law import load_pack
    from adhiniyam.records.models import Body, Case
    as_of = dt.datetime.combine(dt.date.fromisoformat(args.as_of), dt.time(23, 59, 59))
    load_pack("goa_panchayat_raj_1994")
    bodies = list(Body.objects.exclude(act_id="").order_by("pk"))
    if args.run == "old":
        bodies = bodies[:args.old_bodies]
    due = Case.objects.filter(body__in=bodies, closed=False, next_deadline__lt=as_of.date()).count()
    t, cpu = time.perf_counter(), time.process_time()
    if args.run == "project":
        from adhiniyam.records.sweep import sweep
        summary = sweep(as_of=as_of, bodies=bodies, stdout=sys.stderr, threads=args.threads)
        events = summary.events_recorded
        if summary.errors:
            print(f"{summary.errors} errors", file=sys.stderr)
            return 1
    elif args.run == "raw":
        events = sum(raw_body(body, as_of) for body in bodies)
    else:
        from adhiniyam.records.services import sweep_case
        events = 0
        for body in bodies:
            for pk in (Case.objects.filter(body=body, closed=False, next_deadline__lt=as_of.date())
                       .order_by("next_deadline", "pk").values_list("pk", flat=True)):
                events += len(sweep_case(pk, as_of))
    seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
    print(json.dumps({"due": due, "events": events, "seconds": seconds, "cpu": cpu, "bodies": len(bodies)}))
    return 0


def raw_body(body, as_of: dt.datetime) -> int:
    """One body swept with the fewest statements, in raw SQL (the floor the project is measured against)."""
    from types import SimpleNamespace

    from django.db import connection, transaction
    from django.utils import timezone

    from adhiniyam.law import BodySettings, Event, evaluate, load_pack
    from adhiniyam.records import engine as E
    from adhiniyam.records.audit import digest
    pack = load_pack(body.act_id)
    settings = BodySettings(state=body.state)
    today = as_of.date()
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute("SELECT id, version FROM records_case WHERE body_id = %s AND NOT closed AND next_deadline < %s "
                    "ORDER BY next_deadline, id FOR UPDATE", [body.pk, today])
        cases = cur.fetchall()
        if not cases:
            return 0
        cur.execute("SELECT head_hash, event_count FROM records_bodyledger WHERE body_id = %s FOR UPDATE", [body.pk])
        head, count = cur.fetchone()
        cur.execute("SELECT case_id, seq, type, on_date, by_role, data, system FROM records_caseevent "
                    "WHERE body_id = %s AND case_id = ANY(%s) ORDER BY case_id, seq", [body.pk, [c[0] for c in cases]])
        rows: dict[int, list] = {}
        for r in cur.fetchall():
            rows.setdefault(r[0], []).append(r)
        inserts, updates = [], []
        for case_id, version in cases:
            evs = rows.get(case_id, [])
            result = evaluate(pack, "building_permission", settings,
                              [Event(t, on, by, json.loads(data) if isinstance(data, str) else data)
                               for _c, _s, t, on, by, data, system in evs if not system],
                              as_of, trace=False)
            have = {(t, on) for _c, _s, t, on, _b, _d, system in evs if system}
            new = sorted({(t, E.deadline_date(on)) for t, on in result.system_events
                          if E.deadline_date(on) <= today} - have, key=lambda x: x[1])
            for n, (etype, day) in enumerate(new, len(evs) + 1):
                count += 1
                ev = SimpleNamespace(body_id=body.pk, case_id=case_id, seq=n, chain_seq=count, type=etype, on_date=day,
                                     on_at=None, by_role="system", actor_id=None, system=True,
                                     data={"source": "time", "status": result.status}, pack_version=str(pack.version),
                                     recorded_at=timezone.now(), clock_dated=False, late_reason="")
                ev.hash = digest(head, ev)
                inserts += [body.pk, case_id, n, count, etype, day, "system", True, json.dumps(ev.data),
                            ev.pack_version, ev.recorded_at, head, ev.hash]
                head = ev.hash
            nd = E.deadline_date(result.next_deadline)
            derived = E.as_json(result.to_dict())
            updates += [case_id, result.status, bool(result.closed), nd, json.dumps(derived), version + bool(new)]
        if inserts:
            values = ", ".join(["(%s, %s, %s, %s, %s, %s, NULL, %s, NULL, %s, %s::jsonb, %s, %s, false, '', %s, %s)"] *
                               (len(inserts) // 13))
            cur.execute("INSERT INTO records_caseevent (body_id, case_id, seq, chain_seq, type, on_date, on_at, "
                        "by_role, actor_id, system, data, pack_version, recorded_at, clock_dated, late_reason, "
                        "prev_hash, hash) VALUES "
                        + values, inserts)
        values = ", ".join(["(%s::bigint, %s, %s::boolean, %s::date, %s::jsonb, %s::integer)"] * len(cases))
        cur.execute("UPDATE records_case c SET status = v.status, closed = v.closed, next_deadline = v.nd, "
                    "derived = v.derived, version = v.version, updated_at = now() FROM (VALUES " + values +
                    ") AS v(id, status, closed, nd, derived, version) WHERE c.body_id = %s AND c.id = v.id",
                    updates + [body.pk])
        cur.execute("UPDATE records_bodyledger SET head_hash = %s, event_count = %s WHERE body_id = %s",
                    [head, count, body.pk])
    return len(inserts) // 13


if __name__ == "__main__":
    sys.exit(main())
