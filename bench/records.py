"""Records-service benchmark: inbox latency and case-creation throughput at scale.

    .venv/bin/python bench/records.py [--bodies 100] [--cases 100000] [--create 2000] [--queries 500]
    source .ci/postgres.sh && .venv/bin/python bench/records.py ...     # the same on PostgreSQL

Without DATABASE_URL it uses a fresh SQLite file in a temporary folder (or --sqlite PATH). On
PostgreSQL the database must hold no benchmark bodies yet (use a throwaway one, as above).

1. N village panchayats under one State (Goa Act), one clerk.
2. Bulk load: M - C building-permission cases at every stage (pending, observations out, complied,
   refused, appealed, granted, deemed), opened over the last six months; each evaluated by the law
   engine as of a week ago, stored with its derived status, due date and hash-chained events.
3. Case creation through the service, one transaction per case as the API does it (engine check,
   hash chain, derived fields): C cases, then C/2 actions (observations dispatched).
4. Inbox: open cases of one body by due date, first 50 — as a query, and through the API with a
   bearer token (auth, scoping, JSON). The query plan is printed.
5. The sweep over every body (a week of deemed grants and lapses to record), again (nothing to do),
   and audit verify over every event.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bodies", type=int, default=100)
    ap.add_argument("--cases", type=int, default=100_000)
    ap.add_argument("--create", type=int, default=2000, help="cases created through the service (timed)")
    ap.add_argument("--queries", type=int, default=500, help="inbox queries timed")
    ap.add_argument("--sqlite", help="SQLite file (default: a fresh one in a temporary folder)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="adhiniyam-bench-"))
    os.environ.setdefault("ADHINIYAM_VAR", str(tmp))
    if not os.environ.get("DATABASE_URL"):
        os.environ["ADHINIYAM_DB_PATH"] = args.sqlite or str(tmp / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")
    os.environ["ADHINIYAM_DEBUG"] = "0"
    os.environ["ADHINIYAM_HTTPS"] = "0"          # the test client speaks plain HTTP
    os.environ.setdefault("ADHINIYAM_SECRET_KEY", "bench")
    import django
    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", interactive=False, verbosity=0)
    vendor = connection.vendor
    with connection.cursor() as cur:
        cur.execute("show server_version" if vendor == "postgresql" else "select sqlite_version()")
        version = cur.fetchone()[0]
    print(f"# records benchmark: {vendor} {version}, {args.bodies} bodies, {args.cases} cases, "
          f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at start")

    from adhiniyam.records.models import Body
    if Body.objects.filter(code__startswith="bench-").exists():
        print("this database already holds benchmark bodies; use a fresh one", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    bodies, clerk, token = setup(args.bodies)
    bulk = max(0, args.cases - args.create)
    t = time.perf_counter()
    loaded_events = bulk_load(bodies, bulk, rng)
    load_s = time.perf_counter() - t
    with connection.cursor() as cur:      # planner statistics, as autovacuum / a nightly ANALYZE keeps them
        cur.execute("ANALYZE")
    print(f"bulk load: {bulk} cases, {loaded_events} events in {load_s:.1f} s "
          f"({bulk / load_s:,.0f} cases/s, engine evaluation included)")

    create_rate, create_lat, act_rate, act_lat = creation(bodies, clerk, args.create, rng)
    print(f"create_case through the service: {create_rate:,.0f} cases/s "
          f"(p50 {pct(create_lat, 50):.1f} ms, p95 {pct(create_lat, 95):.1f} ms per case)")
    print(f"append_event through the service: {act_rate:,.0f} actions/s "
          f"(p50 {pct(act_lat, 50):.1f} ms, p95 {pct(act_lat, 95):.1f} ms)")

    q_lat, api_lat, plan = inbox(bodies, token, args.queries, rng)
    print(f"inbox query (50 open cases of one body by due date): p50 {pct(q_lat, 50):.2f} ms, "
          f"p95 {pct(q_lat, 95):.2f} ms, p99 {pct(q_lat, 99):.2f} ms")
    print(f"inbox via the API (GET /api/bodies/<code>/cases, bearer token): p50 {pct(api_lat, 50):.1f} ms, "
          f"p95 {pct(api_lat, 95):.1f} ms")
    print("inbox query plan:\n    " + "\n    ".join(plan))

    from adhiniyam.records.audit import verify
    from adhiniyam.records.sweep import sweep
    t = time.perf_counter()
    stats = sweep(bodies=bodies).as_dict()
    sweep_s = time.perf_counter() - t
    print(f"sweep: {stats['cases_checked']} cases past their next deadline, {stats['events_recorded']} system "
          f"events recorded, in {sweep_s:.2f} s; again (idempotent): ", end="")
    t = time.perf_counter()
    stats2 = sweep(bodies=bodies).as_dict()
    print(f"{stats2['cases_checked']} cases, {stats2['events_recorded']} events, {time.perf_counter() - t:.2f} s")
    t = time.perf_counter()
    links = sum(n for _b, n, brk in verify(bodies))
    print(f"audit verify: {links} events in {time.perf_counter() - t:.1f} s")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


def setup(n):
    from django.contrib.auth import get_user_model

    from adhiniyam.api.models import ApiToken
    from adhiniyam.records.models import Body, BodyLedger, Membership, Office
    state = Body.objects.create(code="bench-ga", name="Goa (benchmark)", kind="state", state="GA")
    Office.objects.create(body=state, role="director", title="Director of Panchayats")
    block = Body.objects.create(code="bench-block", name="Block (benchmark)", kind="block", state="GA", parent=state)
    Office.objects.create(body=block, role="bdo", title="Block Development Officer")
    bodies = [Body.objects.create(code=f"bench-{i:04d}", name=f"Village Panchayat {i}", kind="gram_panchayat",
                                  state="GA", parent=block, act_id="goa_panchayat_raj_1994") for i in range(n)]
    BodyLedger.objects.bulk_create([BodyLedger(body=b) for b in bodies])
    clerk = get_user_model().objects.create_user("bench-clerk", password="x")
    Membership.objects.create(user=clerk, body=state, role="clerk")
    Membership.objects.create(user=clerk, body=state, role="deciding_officer")
    return bodies, clerk, ApiToken.issue(clerk, "bench")[1]


STORIES = [
    [],
    [("observations_dispatched", 2, "secretary", {"observations": "site plan unsigned"})],
    [("observations_dispatched", 3, "secretary", {"observations": "NOC missing"}),
     ("observations_complied", 6, "applicant", {})],
    [("permission_refused", 9, "secretary", {"reasons": "setback not kept"})],
    [("permission_refused", 8, "secretary", {"reasons": "setback not kept"}),
     ("appeal_to_director", 12, "applicant", {})],
    [("permission_granted", 10, "secretary", {})],
]


def bulk_load(bodies, n, rng, batch=5000):
    from django.db import transaction
    from django.utils import timezone

    from adhiniyam.law import BodySettings, Event, LawError, evaluate, load_pack
    from adhiniyam.records import engine as E
    from adhiniyam.records.audit import digest
    from adhiniyam.records.models import DUE_NEVER, BodyLedger, Case, CaseEvent, CaseRoute, new_case_id
    pack = load_pack("goa_panchayat_raj_1994")
    settings = BodySettings(state="GA")
    # the stored state is as of a week ago, as if the sweep had not run for a week: step 5 catches up
    now = E.now_local() - dt.timedelta(days=7)
    today = now.date()
    heads = {b.pk: ["0" * 64, 0, 0] for b in bodies}   # head hash, events, cases
    by_code = {b.pk: b for b in bodies}
    total_events = 0
    for start in range(0, n, batch):
        cases, stories = [], []
        for i in range(start, min(n, start + batch)):
            body = bodies[i % len(bodies)]
            opened = today - dt.timedelta(days=rng.randint(0, 180))
            story = rng.choice(STORIES) if rng.random() < 0.8 else []
            events = [Event("application_received", opened, "applicant", {"complete": rng.random() < 0.9})]
            for etype, after, by, data in story:
                day = opened + dt.timedelta(days=after)
                if day <= today:
                    events.append(Event(etype, day, by, data))
            try:
                result = evaluate(pack, "building_permission", settings, events, now, trace=False)
            except LawError:
                events = events[:1]
                result = evaluate(pack, "building_permission", settings, events, now, trace=False)
            h = heads[body.pk]
            h[2] += 1
            nd = E.deadline_date(result.next_deadline)
            owed = sorted(E.deadline_date(d.last_day) for d in result.deadlines if d.last_day and not d.suspended)
            due = min([x for x in [nd] + owed[:1] if x] or [DUE_NEVER]) if not result.closed else DUE_NEVER
            derived = E.as_json(result.to_dict())
            derived.pop("trace", None)
            cases.append(Case(id=new_case_id(body.pk, h[2]), body=body, number=f"{body.code.upper()}/{opened.year}/{h[2]:06d}",
                              act_id=pack.id, procedure="building_permission", pack_version=str(pack.version),
                              settings_snapshot={"versions": {}, "interpretations": {}}, title="Building permission",
                              opened_on=opened, status=result.status, status_label=result.status_label,
                              closed=result.closed, next_deadline=nd, due=due, derived=derived,
                              derived_as_of=timezone.now()))
            stories.append((events, result))
        with transaction.atomic():
            Case.objects.bulk_create(cases, batch_size=1000)
            rows, routes = [], []
            for case, (events, result) in zip(cases, stories, strict=True):
                h = heads[case.body_id]
                items = [(e.type, e.on, e.by, e.data, False) for e in events]
                items += [(t, E.deadline_date(on), "system", {"source": "time"}, True)
                          for t, on in result.system_events if E.deadline_date(on) <= today]
                for seq, (etype, on, by, data, system) in enumerate(items, 1):
                    h[1] += 1
                    ev = CaseEvent(body_id=case.body_id, case=case, seq=seq, chain_seq=h[1], type=etype, on_date=on,
                                   by_role=by, system=system, data=data, pack_version=case.pack_version,
                                   recorded_at=timezone.now(), prev_hash=h[0])
                    ev.hash = digest(ev.prev_hash, ev)
                    h[0] = ev.hash
                    rows.append(ev)
                for role, office in (("bdo", "bench-block"), ("director", "bench-ga")):
                    routes.append(CaseRoute(body_id=case.body_id, case=case, role=role, office_body_id=_office(office),
                                            active=bool(result.allowed.get(role))))
            CaseEvent.objects.bulk_create(rows, batch_size=2000)
            CaseRoute.objects.bulk_create(routes, batch_size=2000)
            total_events += len(rows)
    for pk, (head, events, ncases) in heads.items():
        BodyLedger.objects.filter(body_id=pk).update(head_hash=head, event_count=events, case_count=ncases)
    _ = by_code
    return total_events


_OFFICES: dict[str, int] = {}


def _office(code):
    from adhiniyam.records.models import Body
    if code not in _OFFICES:
        _OFFICES[code] = Body.objects.get(code=code).pk
    return _OFFICES[code]


def creation(bodies, clerk, n, rng):
    from adhiniyam.records import engine as E
    from adhiniyam.records.services import EventInput, append_event, create_case
    today = E.today()
    lat, made = [], []
    t0 = time.perf_counter()
    for _ in range(n):
        body = bodies[rng.randrange(len(bodies))]
        t = time.perf_counter()
        case = create_case(clerk, body, "building_permission",
                           EventInput("application_received", today - dt.timedelta(days=rng.randint(0, 3)),
                                      {"complete": True}, by="applicant"))
        lat.append((time.perf_counter() - t) * 1000)
        made.append(case)
    rate = n / (time.perf_counter() - t0)
    alat = []
    t0 = time.perf_counter()
    for case in made[: n // 2]:
        t = time.perf_counter()
        append_event(clerk, case.pk, EventInput("observations_dispatched", today,
                                                {"observations": "site plan unsigned"}, by="secretary"), case.version)
        alat.append((time.perf_counter() - t) * 1000)
    arate = len(alat) / (time.perf_counter() - t0) if alat else 0
    return rate, lat, arate, alat


def inbox(bodies, token, n, rng):
    from django.db import connection
    from django.test import Client

    from adhiniyam.records.models import Case
    lat = []
    for _ in range(n):
        body = bodies[rng.randrange(len(bodies))]
        t = time.perf_counter()
        rows = list(Case.objects.filter(body_id=body.pk, closed=False).order_by("due", "pk")
                    .values("id", "number", "status", "due", "next_deadline_who")[:50])
        lat.append((time.perf_counter() - t) * 1000)
        assert rows
    qs = Case.objects.filter(body_id=bodies[0].pk, closed=False).order_by("due", "pk").values("id")[:50]
    sql, params = qs.query.sql_with_params()
    with connection.cursor() as cur:
        cur.execute(("EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN ") + sql, params)
        plan = [" ".join(str(c) for c in row) for row in cur.fetchall()]
    client = Client()
    api = []
    for _ in range(max(20, n // 5)):
        body = bodies[rng.randrange(len(bodies))]
        t = time.perf_counter()
        r = client.get(f"/api/bodies/{body.code}/cases", {"limit": 50}, HTTP_AUTHORIZATION=f"Bearer {token}")
        api.append((time.perf_counter() - t) * 1000)
        assert r.status_code == 200, r.content[:300]
    return lat, api, plan


if __name__ == "__main__":
    sys.exit(main())
