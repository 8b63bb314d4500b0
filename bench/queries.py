"""Inbox and deadline queries at scale, and the sweep over the same cases, on PostgreSQL.

    .venv/bin/python bench/queries.py --cases 10000 --bodies 100
    .venv/bin/python bench/queries.py --cases 100000 --bodies 1000
    .venv/bin/python bench/queries.py --cases 1000000 --bodies 10000 --sweep

Each run makes a fresh database (on DATABASE_URL's server, or on a throwaway cluster started with
.ci/postgres.sh), loads N building-permission cases at every stage over B village panchayats with
bench/records.py's loader (each case evaluated by the law engine, its events hash-chained, derived
status and due date stored), ANALYZEs, then times each query `--queries` times on random bodies:

  inbox            a body's open cases by due date, first 50            (the officer's inbox)
  inbox_api        the same through GET /api/bodies/<code>/cases         (auth, scoping, JSON; in process)
  overdue          a body's open cases whose due date has passed
  due_within_7     a body's open cases due in the next seven days
  by_status        a body's open cases in one status, by due date
  applicant        one applicant's cases at a body                       (the citizen's list)
  appellate        open cases routed to one office (the BDO's inbox: joins case routes across bodies)
  sweep_due        the sweep's selection for one body (next deadline passed)

With --sweep it then runs `adhiniyam sweep --as-of <today + --sweep-days>` (a subprocess, as an
operator would) twice: the first records what time produced in those days (deemed grants, appeal
windows closing…); the second, for the same day, finds nothing due and should do almost no work.
(The loader already recorded everything due up to today, so a sweep "as of today" finds nothing.)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "robustness"))
sys.path.insert(0, str(ROOT / "bench"))

from robustness_harness import Database, PgCluster  # noqa: E402


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def timed(fn, n):
    lat = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        lat.append((time.perf_counter() - t) * 1000)
    return {"p50": round(pct(lat, 50), 2), "p95": round(pct(lat, 95), 2), "p99": round(pct(lat, 99), 2),
            "n": n}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--bodies", type=int, default=100)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--sweep", action="store_true", help="also run `adhiniyam sweep` twice")
    ap.add_argument("--sweep-days", type=int, default=30, help="sweep as of this many days ahead")
    ap.add_argument("--replicate", type=int, default=1,
                    help="after loading, copy every body with its cases and routes K-1 more times in SQL "
                         "(for query timings at sizes the engine-driven loader cannot reach in minutes; "
                         "copies carry no events, so the sweep is not run on them)")
    ap.add_argument("--keep", action="store_true", help="keep the database (prints its URL)")
    ap.add_argument("--json", help="write the results here as JSON")
    args = ap.parse_args()

    pg = PgCluster()
    db = Database("postgresql", pg)
    os.environ.update({k: v for k, v in db.env.items() if k in ("DATABASE_URL", "ADHINIYAM_VAR",
                                                                 "DJANGO_SETTINGS_MODULE", "ADHINIYAM_SECRET_KEY")})
    os.environ["ADHINIYAM_DEBUG"] = "0"
    os.environ["ADHINIYAM_HTTPS"] = "0"          # the test client speaks plain HTTP
    os.environ.pop("ADHINIYAM_CLOCK", None)
    sys.path.insert(0, str(ROOT / "src"))
    import django
    django.setup()
    import records as R  # bench/records.py: setup() and bulk_load()
    from django.db import connection
    out = {"cases": args.cases, "bodies": args.bodies, "cpus": os.cpu_count(),
           "python": platform.python_version(), "load_at_start": round(os.getloadavg()[0], 1)}
    try:
        t = time.perf_counter()
        bodies, clerk, token = R.setup(args.bodies)
        out["setup_s"] = round(time.perf_counter() - t, 1)
        rng = random.Random(1)
        t = time.perf_counter()
        events = R.bulk_load(bodies, args.cases, rng, batch=5000)
        out["load_s"] = round(time.perf_counter() - t, 1)
        out["events"] = events
        if args.replicate > 1:
            t = time.perf_counter()
            bodies = replicate(bodies, args.replicate)
            out["replicate_s"] = round(time.perf_counter() - t, 1)
            out["cases"], out["bodies"] = args.cases * args.replicate, len(bodies)
            print(f"# replicated ×{args.replicate} in SQL: {out['cases']} cases over {out['bodies']} bodies "
                  f"in {out['replicate_s']} s (copies have no events)")
            args.sweep = False
        with connection.cursor() as cur:
            cur.execute("ANALYZE")
            cur.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
            out["db_size"] = cur.fetchone()[0]
        print(f"# {args.cases} cases, {events} events over {args.bodies} bodies loaded in {out['load_s']} s "
              f"(setup {out['setup_s']} s); database {out['db_size']}; load average {out['load_at_start']}")
        out["queries"] = measure(bodies, token, args.queries, rng)
        for name, m in out["queries"].items():
            print(f"  {name:14} p50 {m['p50']:7.2f} ms  p95 {m['p95']:7.2f} ms  p99 {m['p99']:7.2f} ms")
        if args.sweep:
            import datetime as dt

            from adhiniyam.records import engine as E
            as_of = (E.today() + dt.timedelta(days=args.sweep_days)).isoformat()
            connection.close()
            out["sweep"] = []
            env = {k: v for k, v in db.env.items() if k != "ADHINIYAM_CLOCK"}
            for attempt in (1, 2):
                t = time.perf_counter()
                r = subprocess.run([str(Path(sys.executable).parent / "adhiniyam"), "sweep", "--as-of", as_of], env=env,
                                   capture_output=True, text=True, timeout=3600)
                secs = round(time.perf_counter() - t, 1)
                line = (r.stdout.strip().splitlines() or [r.stderr[-300:]])[-1]
                out["sweep"].append({"run": attempt, "as_of": as_of, "seconds": secs, "output": line,
                                     "rc": r.returncode})
                print(f"  sweep #{attempt} as of {as_of}: {secs} s — {line}")
        out["load_at_end"] = round(os.getloadavg()[0], 1)
        if args.json:
            Path(args.json).write_text(json.dumps(out, indent=1))
    finally:
        if args.keep:
            print(f"kept: DATABASE_URL={db.url}")
        else:
            connection.close()
            db.drop()
            pg.stop()
    return 0


def replicate(bodies, k):
    """Copy each loaded body, its cases and their routes k-1 times, in SQL (PostgreSQL)."""
    from django.db import connection, transaction

    from adhiniyam.records.models import Body, Case
    block = bodies[0].parent_id
    cols = [f.column for f in Case._meta.concrete_fields if f.column not in ("id", "body_id", "number")]
    col_list = ", ".join(cols)
    src_cols = ", ".join(f"c.{c}" for c in cols)
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute("""
            CREATE TEMP TABLE body_map AS
            SELECT b.id AS orig, b.code || '-r' || g AS code, g AS k
            FROM records_body b CROSS JOIN generate_series(1, %s) g WHERE b.parent_id = %s""", [k - 1, block])
        cur.execute("""
            INSERT INTO records_body (code, name, name_local, kind, parent_id, path, state, act_id, latitude,
                                      longitude, weekly_off, active, settings_version, created_at)
            SELECT m.code, b.name || ' (copy ' || m.k || ')', '', b.kind, b.parent_id, 'copy', b.state, b.act_id,
                   NULL, NULL, b.weekly_off, b.active, (random() * 1e15)::bigint, now()
            FROM body_map m JOIN records_body b ON b.id = m.orig""")
        cur.execute("""UPDATE records_body c SET path = p.path || c.id || '/' FROM records_body p
                       WHERE c.path = 'copy' AND p.id = c.parent_id""")
        cur.execute("ALTER TABLE body_map ADD COLUMN new integer")
        cur.execute("UPDATE body_map m SET new = b.id FROM records_body b WHERE b.code = m.code")
        cur.execute("INSERT INTO records_bodyledger (body_id, case_count, event_count, head_hash, updated_at) "
                    "SELECT new, 0, 0, repeat('0', 64), now() FROM body_map")
        cur.execute(f"""
            INSERT INTO records_case (body_id, number, {col_list})
            SELECT m.new, c.number || '-R' || m.k, {src_cols}
            FROM body_map m JOIN records_case c ON c.body_id = m.orig""")
        cur.execute("""
            INSERT INTO records_caseroute (body_id, case_id, role, office_body_id, active)
            SELECT nc.body_id, nc.id, r.role, r.office_body_id, r.active
            FROM body_map m JOIN records_case oc ON oc.body_id = m.orig
            JOIN records_case nc ON nc.body_id = m.new AND nc.number = oc.number || '-R' || m.k
            JOIN records_caseroute r ON r.case_id = oc.id""")
    return list(Body.objects.filter(parent_id=block).order_by("pk"))


def measure(bodies, token, n, rng):
    import datetime as dt

    from django.test import Client

    from adhiniyam.records import engine as E
    from adhiniyam.records.models import Case, CaseRoute
    today = E.today()
    pick = lambda: bodies[rng.randrange(len(bodies))]   # noqa: E731
    applicants = list(Case.objects.exclude(applicant_user=None).values_list("body_id", "applicant_user_id")[:200])
    block = bodies[0].parent_id

    def inbox():
        b = pick()
        list(Case.objects.filter(body_id=b.pk, closed=False).order_by("due", "pk")
             .values("id", "number", "status", "due", "next_deadline_who")[:50])

    client = Client()

    def inbox_api():
        r = client.get(f"/api/bodies/{pick().code}/cases", {"limit": 50}, HTTP_AUTHORIZATION=f"Bearer {token}")
        assert r.status_code == 200, r.content[:200]

    def overdue():
        list(Case.objects.filter(body_id=pick().pk, closed=False, due__lt=today).order_by("due", "pk")
             .values("id", "due")[:50])

    def due_within_7():
        list(Case.objects.filter(body_id=pick().pk, closed=False, due__gte=today,
                                 due__lte=today + dt.timedelta(days=7)).order_by("due", "pk").values("id")[:50])

    def by_status():
        list(Case.objects.filter(body_id=pick().pk, closed=False, status="pending").order_by("due", "pk")
             .values("id")[:50])

    def applicant():
        if applicants:
            body_id, user_id = applicants[rng.randrange(len(applicants))]
        else:
            body_id, user_id = pick().pk, 0
        list(Case.objects.filter(body_id=body_id, applicant_user_id=user_id).order_by("due", "pk").values("id")[:50])

    def appellate():
        ids = CaseRoute.objects.filter(office_body_id=block, role="bdo", active=True).values("case_id")
        list(Case.objects.filter(pk__in=ids, closed=False).order_by("due", "pk").values("id")[:50])

    def sweep_due():
        list(Case.objects.filter(body_id=pick().pk, closed=False, next_deadline__lte=today)
             .order_by("next_deadline", "pk").values_list("pk", flat=True))

    fns = {"inbox": inbox, "inbox_api": inbox_api, "overdue": overdue, "due_within_7": due_within_7,
           "by_status": by_status, "applicant": applicant, "appellate": appellate, "sweep_due": sweep_due}
    for fn in fns.values():       # warm the cache and the connection
        fn()
    return {name: timed(fn, n if name != "inbox_api" else max(50, n // 3)) for name, fn in fns.items()}


if __name__ == "__main__":
    sys.exit(main())
