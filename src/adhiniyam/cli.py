"""The one command-line entry point: `adhiniyam`.

`adhiniyam law …` runs the law engine's commands (no database needed); every other subcommand
belongs to the records service (serve, migrate, demo, sweep, audit, createbody, …).
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:2] == ["law", "impact"]:    # needs the records (open cases), so the service runs it
        argv = ["law_impact"] + argv[2:]
    elif argv and argv[0] == "law":
        from .law.cli import main as law_main

        return law_main(argv[1:])
    try:
        from .site.manage import main as site_main
    except ImportError as e:  # the service's dependencies are not installed
        print(f"adhiniyam: the records service is not available ({e}); `adhiniyam law …` works without it", file=sys.stderr)
        return 2
    return site_main(argv)


if __name__ == "__main__":
    sys.exit(main())
