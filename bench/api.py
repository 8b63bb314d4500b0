"""API benchmark through the real server: gunicorn on PostgreSQL (or SQLite), 1, 8 and 32 concurrent
clients creating cases and posting actions, beside a floor measured in the same run — a minimal
Django view doing one insert in one transaction on the same stack (/ops/floor).

    .venv/bin/python bench/api.py [--clients 1,8,32] [--seconds 20] [--workers 5] [--bodies 32]
    DATABASE_URL=postgres://… .venv/bin/python bench/api.py      # that server (a fresh database on it)
    .venv/bin/python bench/api.py --sqlite                         # SQLite instead

Without DATABASE_URL a throwaway PostgreSQL cluster is started with .ci/postgres.sh (fsync off, as
in CI: this measures the application, not the disk). Each client is a thread with its own
keep-alive-free HTTP requests (urllib), spread over `--bodies` village panchayats so that clients do
not queue on one body's ledger row. For each level it prints throughput and p50/p95/p99 latency of:
  floor   POST /ops/floor                              (one INSERT, one transaction)
  create  POST /api/bodies/<code>/cases                (engine check, hash chain, derived fields)
  action  POST /api/cases/<id>/actions                 (observations dispatched, with the version)
and the resident memory (RSS) of every gunicorn worker before and after the run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "robustness"))

from robustness_harness import Database, PgCluster, Server  # noqa: E402

SEED = """
import django, json; django.setup()
from django.contrib.auth import get_user_model
from adhiniyam.api.models import ApiToken
from adhiniyam.records.models import Body, Membership, Office
state = Body.objects.create(code="b-ga", name="Goa", kind="state", state="GA")
Office.objects.create(body=state, role="director", title="Director of Panchayats")
block = Body.objects.create(code="b-block", name="Block", kind="block", state="GA", parent=state)
Office.objects.create(body=block, role="bdo", title="Block Development Officer")
codes = []
for i in range({bodies}):
    b = Body.objects.create(code=f"b-vp-{{i:03d}}", name=f"Village Panchayat {{i}}", kind="gram_panchayat",
                            state="GA", parent=block, act_id="goa_panchayat_raj_1994")
    codes.append(b.code)
clerk = get_user_model().objects.create(username="bench-clerk")
Membership.objects.create(user=clerk, body=state, role="clerk")
sec = get_user_model().objects.create(username="bench-secretary")
Membership.objects.create(user=sec, body=state, role="deciding_officer", office="secretary")
print(json.dumps({{"codes": codes, "clerk": ApiToken.issue(clerk, "bench")[1],
                   "secretary": ApiToken.issue(sec, "bench")[1]}}))
"""


def pct(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def workers(server: Server) -> list[int]:
    out = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                if int((p / "stat").read_text().split(") ")[1].split()[1]) == server.proc.pid:
                    out.append(int(p.name))
            except (OSError, IndexError, ValueError):
                continue
    return out


def run_level(server: Server, seed: dict, clients: int, seconds: float, kind: str) -> dict:
    stop = time.time() + seconds
    lat: dict[str, list[float]] = {"floor": [], "create": [], "action": []}
    errors: list = []
    lock = threading.Lock()

    def client(i):
        code = seed["codes"][i % len(seed["codes"])]
        n = 0
        while time.time() < stop:
            n += 1
            if kind == "floor":
                t = time.perf_counter()
                status, body, _h = server.request("POST", f"/ops/floor?body={i}", None, {})
                dt_ms = (time.perf_counter() - t) * 1000
                with lock:
                    (lat["floor"] if status == 201 else errors).append(dt_ms if status == 201 else (status, body))
                continue
            payload = {"procedure": "building_permission", "title": f"bench {i}-{n}",
                       "event": {"type": "application_received", "on": "2026-01-05", "data": {"complete": True}},
                       "applicant": {"name": f"Applicant {i}-{n}"}}
            t = time.perf_counter()
            status, case, _h = server.request("POST", f"/api/bodies/{code}/cases", seed["clerk"], payload)
            dt_ms = (time.perf_counter() - t) * 1000
            if status != 201:
                with lock:
                    errors.append((status, case))
                continue
            with lock:
                lat["create"].append(dt_ms)
            t = time.perf_counter()
            status, body, _h = server.request("POST", f"/api/cases/{case['id']}/actions", seed["secretary"],
                                              {"type": "observations_dispatched", "on": "2026-01-07",
                                               "data": {"observations": "site plan unsigned"}, "version": 1})
            dt_ms = (time.perf_counter() - t) * 1000
            with lock:
                (lat["action"] if status == 201 else errors).append(dt_ms if status == 201 else (status, body))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    out = {"clients": clients, "kind": kind, "seconds": round(elapsed, 1), "errors": len(errors),
           "first_errors": [str(e)[:200] for e in errors[:3]]}
    for name, values in lat.items():
        if values:
            out[name] = {"n": len(values), "per_s": round(len(values) / elapsed, 1),
                         "p50": round(pct(values, 50), 1), "p95": round(pct(values, 95), 1),
                         "p99": round(pct(values, 99), 1)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", default="1,8,32")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--workers", type=int, default=5, help="gunicorn sync workers (default 2 × cores + 1)")
    ap.add_argument("--bodies", type=int, default=32)
    ap.add_argument("--sqlite", action="store_true")
    ap.add_argument("--json", help="write the results here as JSON")
    args = ap.parse_args()

    pg = None if args.sqlite else PgCluster()
    db = Database("sqlite" if args.sqlite else "postgresql", pg)
    try:
        seed = json.loads(db.python(SEED.format(bodies=args.bodies)).strip().splitlines()[-1])
        server = Server(db, workers=args.workers, extra_env={"ADHINIYAM_BENCH_FLOOR": "1",
                                                              "ADHINIYAM_LOG_LEVEL": "WARNING"}).start()
        print(f"# API benchmark: gunicorn {args.workers} sync workers, {db.kind}, {os.cpu_count()} CPUs, "
              f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f} at start")
        # warm every worker (law packs load on first use)
        run_level(server, seed, args.workers * 2, 3, "cases")
        before = {pid: round(rss_mb(pid), 1) for pid in workers(server)}
        results = []
        for clients in [int(c) for c in args.clients.split(",")]:
            for kind in ("floor", "cases"):
                r = run_level(server, seed, clients, args.seconds, kind)
                results.append(r)
                parts = [f"{name} {m['per_s']:.1f}/s p50 {m['p50']} ms p95 {m['p95']} ms p99 {m['p99']} ms"
                         for name, m in r.items() if isinstance(m, dict)]
                print(f"{clients:>3} clients {kind:6}: " + "; ".join(parts) + f"; errors {r['errors']}")
                sys.stdout.flush()
        after = {pid: round(rss_mb(pid), 1) for pid in workers(server)}
        print(f"worker RSS MB before: {sorted(before.values())}; after: {sorted(after.values())}; "
              f"load average at the end {os.getloadavg()[0]:.1f}")
        server.stop()
        if args.json:
            Path(args.json).write_text(json.dumps({"results": results, "rss_before": before, "rss_after": after},
                                                  indent=1))
    finally:
        db.drop()
        if pg:
            pg.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
