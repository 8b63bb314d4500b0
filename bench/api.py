"""API benchmark through the real server: gunicorn on SQLite and PostgreSQL, 1 and 8 concurrent clients
creating cases and posting actions, beside two floors measured in the same run on the same stack.

    .venv/bin/python bench/api.py [--db sqlite,postgresql] [--clients 1,8] [--seconds 10] [--repeat 3]
    DATABASE_URL=postgres://… .venv/bin/python bench/api.py      # that server (a fresh database on it)

Without DATABASE_URL a throwaway PostgreSQL cluster is started with .ci/postgres.sh (fsync off, as
in CI: this measures the application, not the disk). Each client is a thread making keep-alive-free
HTTP requests (urllib), spread over `--bodies` village panchayats so that clients do not queue on one
body's ledger row. Three kinds of work, each run for `--seconds` at each level:
  floor   POST /ops/floor                    a Django view doing one INSERT in one transaction
  raw     POST /ops/floor/raw                the same create and action as the API with the fewest
                                             statements in raw SQL, the real engine and hash chain
                                             (src/adhiniyam/ops/floor.py), no checks, no response model
  api     POST /api/bodies/<code>/cases      create (engine check, hash chain, derived fields, routes),
          POST /api/cases/<id>/actions       then observations dispatched on it, with the version
With `--cpu N` the same three kinds run in one process through Django's test client instead (no HTTP, no
client threads), N of each a round, and the server's CPU time per request is printed: the figure that the
load from other work on a shared machine moves least.
A write is a create or an action; `writes/floor` is the API's writes a second over the floor's requests
a second at the same level. Every figure is the median of `--repeat` rounds (the kinds alternate within
a round, so load from other work on the machine falls on all of them). The load average is printed, and
for each kind the CPU a request or write cost the application (gunicorn), the database server (postgres)
and the clients, and how much of the machine stood idle (from /proc; other work on the machine counts
against the idle share, not the three costs).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
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
from adhiniyam.records.models import Body, BodyLedger, Membership, Office
state = Body.objects.create(code="b-ga", name="Goa", kind="state", state="GA")
Office.objects.create(body=state, role="director", title="Director of Panchayats")
block = Body.objects.create(code="b-block", name="Block", kind="block", state="GA", parent=state)
Office.objects.create(body=block, role="bdo", title="Block Development Officer")
codes = []
for i in range({bodies}):
    b = Body.objects.create(code=f"b-vp-{{i:03d}}", name=f"Village Panchayat {{i}}", kind="gram_panchayat",
                            state="GA", parent=block, act_id="goa_panchayat_raj_1994")
    codes.append([b.code, b.pk])
BodyLedger.objects.bulk_create([BodyLedger(body_id=pk) for _c, pk in codes])
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


HZ = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, float]]:
    """Every process: pid -> (parent's pid, CPU seconds used so far), from /proc."""
    out = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                stat = (p / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            out[int(p.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / HZ)
    return out


def cpu_seconds(server: Server, pg) -> dict[str, dict[int, float]]:
    """CPU seconds used so far by each process of the application (gunicorn and its workers), of the
    database server (the cluster's postmaster and its children) and of this one (the clients); and the
    machine's idle seconds."""
    procs = _processes()
    postmaster = int((Path(pg.dir) / "data" / "postmaster.pid").read_text().split()[0]) if pg and pg.dir else -1
    out = {"app": {}, "database": {}, "clients": {os.getpid(): procs.get(os.getpid(), (0, 0.0))[1]}}
    for pid, (parent, used) in procs.items():
        for part, root in (("app", server.proc.pid), ("database", postmaster)):
            if root in (pid, parent):
                out[part][pid] = used
    out["idle"] = {0: int(Path("/proc/stat").read_text().split()[4]) / HZ}
    return out


def _used(before: dict, after: dict, part: str) -> float:
    """CPU seconds `part`'s processes used between two cpu_seconds (those alive at both)."""
    return sum(after[part][pid] - t for pid, t in before[part].items() if pid in after[part])


def _work(server: Server, seed: dict, i: int, n: int, kind: str, record):
    """One unit of a client's work: a floor request, or a create and an action (API or raw floor)."""
    code, body_id = seed["codes"][i % len(seed["codes"])]
    if kind == "floor":
        record("floor", *server.request("POST", f"/ops/floor?body={i}", None, {})[:2])
        return
    if kind == "raw":
        status, out = record("create", *server.request("POST", f"/ops/floor/raw?body={body_id}", seed["clerk"], {})[:2])
        if status == 201:
            record("action", *server.request("POST", f"/ops/floor/raw?body={body_id}&case={out['id']}",
                                             seed["secretary"], {})[:2])
        return
    payload = {"procedure": "building_permission", "title": f"bench {i}-{n}",
               "event": {"type": "application_received", "data": {"complete": True}},
               "applicant": {"name": f"Applicant {i}-{n}"}}
    status, case = record("create", *server.request("POST", f"/api/bodies/{code}/cases", seed["clerk"], payload)[:2])
    if status == 201:
        record("action", *server.request("POST", f"/api/cases/{case['id']}/actions", seed["secretary"],
                                         {"type": "observations_dispatched",
                                          "data": {"observations": "site plan unsigned"}, "version": 1})[:2])


def run_level(server: Server, seed: dict, clients: int, seconds: float, kind: str, pg=None) -> dict:
    stop = time.time() + seconds
    lat: dict[str, list[float]] = {"floor": [], "create": [], "action": []}
    errors: list = []
    lock = threading.Lock()

    def client(i):
        n, last = 0, [time.perf_counter()]

        def record(name, status, body):
            now = time.perf_counter()
            with lock:
                if status == 201:
                    lat[name].append((now - last[0]) * 1000)
                else:
                    errors.append((name, status, body))
            last[0] = now
            return status, body

        while time.time() < stop:
            n += 1
            last[0] = time.perf_counter()
            _work(server, seed, i, n, kind, record)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    cpu0, t0 = cpu_seconds(server, pg), time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed, cpu1 = time.perf_counter() - t0, cpu_seconds(server, pg)
    out = {"clients": clients, "kind": kind, "seconds": round(elapsed, 1), "errors": len(errors),
           "first_errors": [str(e)[:300] for e in errors[:3]]}
    units = len(lat["floor"]) if kind == "floor" else len(lat["create"]) + len(lat["action"])
    out["cpu_ms"] = {k: 1000 * _used(cpu0, cpu1, k) / max(units, 1) for k in ("app", "database", "clients")}
    out["idle"] = _used(cpu0, cpu1, "idle") / (elapsed * (os.cpu_count() or 1))
    for name, values in lat.items():
        if values:
            out[name] = {"n": len(values), "per_s": len(values) / elapsed, "p50": pct(values, 50),
                         "p95": pct(values, 95), "p99": pct(values, 99)}
    if "create" in out and "action" in out:
        writes = lat["create"] + lat["action"]
        out["writes"] = {"n": len(writes), "per_s": len(writes) / elapsed, "p50": pct(writes, 50),
                         "p95": pct(writes, 95), "p99": pct(writes, 99)}
    return out


KINDS = ("floor", "raw", "api")


def median_of(rounds: list[dict], name: str, key: str) -> float:
    return statistics.median(r[name][key] for r in rounds if name in r)


def bench_database(kind: str, args, pg) -> list[dict]:
    db = Database(kind, pg)
    try:
        seed = json.loads(db.python(SEED.format(bodies=args.bodies)).strip().splitlines()[-1])
        server = Server(db, workers=args.workers, extra_env={"ADHINIYAM_BENCH_FLOOR": "1",
                                                              "ADHINIYAM_LOG_LEVEL": "WARNING"}).start()
        try:
            for k in KINDS:          # warm every worker (law packs load on first use)
                run_level(server, seed, args.workers * 2, 2, k)
            before = sorted(round(rss_mb(pid), 1) for pid in workers(server))
            rows = []
            for clients in [int(c) for c in args.clients.split(",")]:
                rounds = {k: [] for k in KINDS}
                loads = []
                for _ in range(args.repeat):
                    loads.append(os.getloadavg()[0])
                    for k in KINDS:
                        r = run_level(server, seed, clients, args.seconds, k, pg if kind == "postgresql" else None)
                        if r["errors"]:
                            print(f"  {kind} {k} {clients} clients: {r['errors']} errors, e.g. {r['first_errors']}")
                        rounds[k].append(r)
                rows.append(summarise(kind, clients, rounds, loads))
                print_row(rows[-1])
                sys.stdout.flush()
            after = sorted(round(rss_mb(pid), 1) for pid in workers(server))
            print(f"  {kind}: worker RSS MB before {before}, after {after}")
        finally:
            server.stop()
    finally:
        db.drop()
    return rows


def summarise(kind: str, clients: int, rounds: dict, loads: list[float]) -> dict:
    row = {"db": kind, "clients": clients, "load": statistics.median(loads)}
    for name, source in (("floor", "floor"), ("raw", "raw"), ("api", "api")):
        part = "floor" if name == "floor" else "writes"
        row[name] = {key: median_of(rounds[source], part, key) for key in ("per_s", "p50", "p95")}
    for name in ("create", "action"):
        row["api_" + name] = {key: median_of(rounds["api"], name, key) for key in ("per_s", "p50", "p95")}
    row["cpu_ms"] = {k: {part: statistics.median(r["cpu_ms"][part] for r in rounds[k]) for part in rounds[k][0]["cpu_ms"]}
                     for k in KINDS}
    row["idle"] = {k: statistics.median(r["idle"] for r in rounds[k]) for k in KINDS}
    row["api_over_floor"] = statistics.median(
        a["writes"]["per_s"] / f["floor"]["per_s"] for a, f in zip(rounds["api"], rounds["floor"], strict=True))
    row["raw_over_floor"] = statistics.median(
        a["writes"]["per_s"] / f["floor"]["per_s"] for a, f in zip(rounds["raw"], rounds["floor"], strict=True))
    return row


def print_row(r: dict):
    def m(x):
        return f"{x['per_s']:7.1f}/s p50 {x['p50']:6.1f} p95 {x['p95']:6.1f} ms"
    print(f"{r['db']:10} {r['clients']:>2} clients (load {r['load']:.1f}): floor {m(r['floor'])} | "
          f"raw writes {m(r['raw'])} | API writes {m(r['api'])} (create p95 {r['api_create']['p95']:.1f}, "
          f"action p95 {r['api_action']['p95']:.1f}) | API/floor {100 * r['api_over_floor']:.1f} %, "
          f"raw/floor {100 * r['raw_over_floor']:.1f} %")
    for k in KINDS:
        c = r["cpu_ms"][k]
        print(f"{'':14}{k:5} CPU ms a {'request' if k == 'floor' else 'write'}: application {c['app']:.2f}, "
              f"database {c['database']:.2f}, clients {c['clients']:.2f}; machine idle {100 * r['idle'][k]:.0f} %")


CPU = """
import django, json, os, statistics, time
os.environ.update(ADHINIYAM_BENCH_FLOOR="1", ADHINIYAM_LOG_LEVEL="WARNING")
django.setup()
from django.test import Client
seed, n, repeat, only = json.loads({seed!r}), {n}, {repeat}, {only!r}
client = Client(raise_request_exception=True)


def post(path, token, payload):
    extra = {{"HTTP_AUTHORIZATION": "Bearer " + token}} if token else {{}}
    r = client.post(path, json.dumps(payload), content_type="application/json", **extra)
    assert r.status_code in (200, 201), (path, r.status_code, r.content[:300])
    return r.json()


def floor(i):
    post(f"/ops/floor?body={{i}}", None, {{}})


def raw(i):
    body_id = seed["codes"][i % len(seed["codes"])][1]
    case = post(f"/ops/floor/raw?body={{body_id}}", seed["clerk"], {{}})
    post(f"/ops/floor/raw?body={{body_id}}&case={{case['id']}}", seed["secretary"], {{}})


def api(i):
    code = seed["codes"][i % len(seed["codes"])][0]
    case = post(f"/api/bodies/{{code}}/cases", seed["clerk"], {{
        "procedure": "building_permission", "title": f"cpu {{i}}", "applicant": {{"name": f"Applicant {{i}}"}},
        "event": {{"type": "application_received", "data": {{"complete": True}}}}}})
    post(f"/api/cases/{{case['id']}}/actions", seed["secretary"], {{
        "type": "observations_dispatched", "data": {{"observations": "site plan unsigned"}},
        "version": case["version"]}})


kinds = {{k: v for k, v in {{"floor": (floor, 1), "raw": (raw, 2), "api": (api, 2)}}.items() if k in only}}
for i in range(30):
    for work, _per in kinds.values():
        work(i)
ms = {{k: [] for k in kinds}}
i = 1000
for _ in range(repeat):                     # the kinds alternate, so other work on the machine falls on each
    for k, (work, per) in kinds.items():
        t = time.process_time()
        for _ in range(n):
            i += 1
            work(i)
        ms[k].append(1000 * (time.process_time() - t) / (n * per))
print(json.dumps({{k: statistics.median(v) for k, v in ms.items()}}))
"""


def bench_cpu(kind: str, args, pg) -> dict:
    """CPU milliseconds a request costs the server process, in process (Django's test client, no HTTP): the
    figure the load on a shared machine moves least. Per write for the API and the raw floor."""
    db = Database(kind, pg)
    try:
        seed = db.python(SEED.format(bodies=args.bodies)).strip().splitlines()[-1]
        load = os.getloadavg()[0]
        code = CPU.format(seed=seed, n=args.cpu, repeat=args.repeat, only=args.kinds.split(","))
        ms = json.loads(db.python(code, timeout=3600).strip().splitlines()[-1])
    finally:
        db.drop()
    row = {"db": kind, "mode": "cpu", "load": load, "cpu_ms": ms}
    parts = [f"{k} {v:.2f} ms" + (" a write" if k != "floor" else "") for k, v in ms.items()]
    for k in ("api", "raw"):
        if k in ms:
            row[f"{k}_over_floor"] = ms["floor"] / ms[k]
            parts.append(f"{k}/floor {100 * row[f'{k}_over_floor']:.1f} %")
    print(f"{kind:10} CPU per request, in process (load {load:.1f}): " + " | ".join(parts))
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", default="sqlite,postgresql")
    ap.add_argument("--clients", default="1,8")
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, default=5, help="gunicorn sync workers (default 2 × cores + 1)")
    ap.add_argument("--bodies", type=int, default=32)
    ap.add_argument("--json", help="write the results here as JSON")
    ap.add_argument("--cpu", type=int, default=0, metavar="N",
                    help="instead: CPU time per request in process, N requests of each kind a round")
    ap.add_argument("--kinds", default="floor,raw,api", help="with --cpu: the kinds to run (floor is needed)")
    args = ap.parse_args()
    kinds = args.db.split(",")
    how = (f"in process, {args.cpu} requests of each kind a round" if args.cpu else
           f"gunicorn {args.workers} sync workers, {args.seconds:g} s a level")
    print(f"# API benchmark: {how}, {', '.join(kinds)}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}, median of {args.repeat}, "
          f"load average {os.getloadavg()[0]:.1f} at start")
    pg = PgCluster() if "postgresql" in kinds else None
    rows = []
    try:
        for kind in kinds:
            rows += [bench_cpu(kind, args, pg)] if args.cpu else bench_database(kind, args, pg)
    finally:
        if pg:
            pg.stop()
    print(f"# load average at the end {os.getloadavg()[0]:.1f}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
