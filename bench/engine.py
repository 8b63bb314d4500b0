"""Engine benchmark: case evaluations per second on one core.

    .venv/bin/python bench/engine.py [--cases 100000] [--seed 1]

Generates synthetic Goa s.66 building-permission cases at every stage (pending, observations
outstanding, complied, deemed, intimated, refused, appealed; both versions of s.66(2)) and
evaluates each as of one date, first without the trace (what the sweep and the inbox need), then
with it (what a case page needs). One process, one core.

The machine is shared, so each run also measures a floor: per case, the least Python work any
evaluation does (walk its events, add a period to each date, build a small dict per event). The
ratio to the floor is comparable between runs on a loaded machine; the evaluations per second are
the figure the target (at least 20,000 a second without the trace) is stated in.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from datetime import date, timedelta

from adhiniyam.law import BodySettings, Event, LawError, evaluate, load_pack


def synthetic_cases(n: int, seed: int):
    rnd = random.Random(seed)
    bodies = [BodySettings(state="GA"),
              BodySettings(state="GA", versions={"sec_66__subsec_2": "sec_66__subsec_2__bdo_route"}),
              BodySettings(state="GA", interpretations={"goa.s66.observation_pause_days": "inclusive"})]
    cases = []
    for _ in range(n):
        body = rnd.choice(bodies)
        d0 = date(2026, 1, 1) + timedelta(days=rnd.randrange(300))
        evs = [Event("application_received", d0, "applicant")]
        bdo = body.versions.get("sec_66__subsec_2") == "sec_66__subsec_2__bdo_route"
        stage = rnd.randrange(6)
        if bdo:
            if stage == 1:
                evs.append(Event("permission_refused", d0 + timedelta(days=rnd.randrange(1, 29)), "secretary", {"reasons": "x"}))
            elif stage >= 2:
                evs.append(Event("forwarded_to_bdo", d0 + timedelta(days=31 + rnd.randrange(3)), "secretary"))
        else:
            if stage in (1, 2, 3):
                d1 = d0 + timedelta(days=rnd.randrange(1, 7))
                evs.append(Event("observations_dispatched", d1, "secretary", {"observations": "site plan"}))
                if stage >= 2:
                    evs.append(Event("observations_complied", d1 + timedelta(days=rnd.randrange(1, 20)), "applicant"))
            elif stage == 4:
                evs.append(Event("permission_refused", d0 + timedelta(days=rnd.randrange(1, 14)), "secretary", {"reasons": "x"}))
                if rnd.random() < 0.5:
                    evs.append(Event("appeal_to_director", evs[-1].on + timedelta(days=rnd.randrange(1, 25)), "applicant"))
            elif stage == 5:
                evs.append(Event("intimation_given", d0 + timedelta(days=16 + rnd.randrange(10)), "applicant", {"fee_paid": 5000}))
        as_of = max(e.on for e in evs) + timedelta(days=rnd.randrange(0, 40))
        cases.append((body, evs, as_of))
    return cases


def run(pack, cases, trace: bool) -> tuple[float, float, tuple]:
    """(wall-clock seconds, CPU seconds, (deemed, refused)) for evaluating every case."""
    t0, c0 = time.perf_counter(), time.process_time()
    deemed = refused = 0
    for body, evs, as_of in cases:
        try:
            r = evaluate(pack, "building_permission", body, evs, as_of, trace=trace)
        except LawError:  # an action the law did not allow then (e.g. an intimation before the deemed date)
            refused += 1
            continue
        deemed += bool(r.deemed)
    return time.perf_counter() - t0, time.process_time() - c0, (deemed, refused)


def floor(cases) -> float:
    t0 = time.perf_counter()
    for _body, evs, as_of in cases:
        out = []
        for e in evs:
            out.append({"type": e.type, "last": e.on + timedelta(days=15), "late": e.on > as_of})
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    pack = load_pack("goa_panchayat_raj_1994")
    cases = synthetic_cases(args.cases, args.seed)
    run(pack, cases[:2000], False)  # warm the caches (calendars, compiled versions)
    t_floor = floor(cases)
    t_plain, cpu_plain, (deemed, refused) = run(pack, cases, False)
    t_trace, cpu_trace, _ = run(pack, cases, True)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"cases: {args.cases:,} synthetic Goa s.66 cases ({deemed:,} with a deemed grant, {refused:,} refused as unlawful), one core")
    print(f"without trace: {args.cases / t_plain:,.0f} evaluations/s ({t_plain * 1e6 / args.cases:.1f} µs each; "
          f"{args.cases / cpu_plain:,.0f} per CPU-second)")
    print(f"with trace:    {args.cases / t_trace:,.0f} evaluations/s ({t_trace * 1e6 / args.cases:.1f} µs each; "
          f"{args.cases / cpu_trace:,.0f} per CPU-second)")
    print(f"floor:         {args.cases / t_floor:,.0f} cases/s; evaluation without trace = {t_plain / t_floor:.1f} × the floor, "
          f"with trace = {t_trace / t_floor:.1f} ×")
    print(f"a million open cases re-evaluated without trace: {t_plain / args.cases * 1e6:.0f} s")


if __name__ == "__main__":
    main()
