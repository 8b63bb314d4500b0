"""Two versions of the law engine compared in one process, on the same cases, in alternating rounds.

    git archive <rev> src | tar -x -C /tmp/before
    .venv/bin/python bench/engine_ab.py /tmp/before/src src [--cases 4000] [--rounds 21]

The machine is shared, and its speed drifts by ±15 % from one minute to the next — more than most
changes to the engine are worth. Here each tree's `adhiniyam/law` (with its `acts`) is imported as a
package of its own, both evaluate the same synthetic Goa s.66 cases of `bench/engine.py` without the
trace, round after round in alternating order, and the best round of each is compared: a drift hits
both alike. One process, one core.
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from engine import synthetic_cases  # noqa: E402  (the same cases as the engine benchmark)


def load_tree(src: str, i: int, tmp: Path):
    """The engine of source tree `src` (a folder holding `adhiniyam/`), as the package `engine_v<i>.law`."""
    root = tmp / f"v{i}" / f"engine_v{i}"
    root.mkdir(parents=True)
    (root / "__init__.py").touch()
    for sub in ("law", "acts"):
        shutil.copytree(Path(src) / "adhiniyam" / sub, root / sub)
    sys.path.insert(0, str(root.parent))
    return importlib.import_module(f"engine_v{i}.law")


def prepared(law, cases):
    """The cases in the tree's own classes (the bodies shared, as a body's settings are in the product)."""
    bodies: dict = {}
    out = []
    for body, evs, as_of in cases:
        b = bodies.setdefault(id(body), law.BodySettings(state=body.state, versions=body.versions,
                                                         interpretations=body.interpretations))
        out.append((b, [law.Event(e.type, e.on, e.by, e.data) for e in evs], as_of))
    return out


def one_round(law, pack, cases) -> float:
    t = time.process_time()
    for body, evs, as_of in cases:
        try:
            law.evaluate(pack, "building_permission", body, evs, as_of, trace=False)
        except law.LawError:
            pass
    return time.process_time() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--cases", type=int, default=4000)
    ap.add_argument("--rounds", type=int, default=21)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    cases = synthetic_cases(args.cases, 1)
    with tempfile.TemporaryDirectory() as tmp:
        laws = [load_tree(src, i, Path(tmp)) for i, src in enumerate((args.before, args.after))]
        packs = [law.load_pack("goa_panchayat_raj_1994") for law in laws]
        mine = [prepared(law, cases) for law in laws]
        for i in (0, 1):
            one_round(laws[i], packs[i], mine[i])  # warm: calendars, compiled versions
        best = [float("inf")] * 2
        for r in range(args.rounds):
            for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                best[i] = min(best[i], one_round(laws[i], packs[i], mine[i]))
    for name, b in zip((args.before, args.after), best, strict=True):
        print(f"{name}: {args.cases / b:,.0f} evaluations per CPU-second without trace (best of {args.rounds} rounds)")
    print(f"after / before: {best[0] / best[1]:.3f}")


if __name__ == "__main__":
    main()
