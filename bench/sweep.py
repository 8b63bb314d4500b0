"""Time `adhiniyam sweep` twice on an existing database: the first run records what time produced,
the second (same day) should find nothing due and do almost no work.

    .venv/bin/python bench/queries.py --cases 100000 --bodies 1000 --keep    # prints DATABASE_URL=…
    DATABASE_URL=… .venv/bin/python bench/sweep.py --days 1                  # a nightly sweep
    DATABASE_URL=… .venv/bin/python bench/sweep.py --days 30                 # a month's backlog

(bench/queries.py --sweep does the same right after loading.) Each run is the real command in its
own process, as cron would start it; the time includes starting Python and loading the law packs.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import subprocess
import sys
import time
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--days", type=int, default=1, help="sweep as of today + DAYS")
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    if not os.environ.get("DATABASE_URL"):
        print("set DATABASE_URL to the database to sweep (see bench/queries.py --keep)", file=sys.stderr)
        return 2
    as_of = (dt.date.today() + dt.timedelta(days=args.days)).isoformat()
    env = {k: v for k, v in os.environ.items() if k != "ADHINIYAM_CLOCK"}
    env.setdefault("ADHINIYAM_DEBUG", "0")
    env.setdefault("ADHINIYAM_SECRET_KEY", "bench")
    for run in range(1, args.runs + 1):
        t = time.perf_counter()
        r = subprocess.run([str(Path(sys.executable).parent / "adhiniyam"), "sweep", "--as-of", as_of], env=env,
                           capture_output=True, text=True)
        line = (r.stdout.strip().splitlines() or [r.stderr[-300:]])[-1]
        print(f"sweep #{run} as of {as_of}: {time.perf_counter() - t:.1f} s — {line}")
        if r.returncode:
            return r.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
