"""The records service's half of the `adhiniyam` command.

The lead's `adhiniyam.cli` handles `adhiniyam law …` and passes every other subcommand here:
`adhiniyam serve`, `migrate`, `demo`, `sweep`, `audit verify`, `createbody`, `token`, and any
Django management command (`adhiniyam shell`, `adhiniyam createsuperuser`, …).
"""

from __future__ import annotations

import os
import sys

ALIASES: dict[str, str] = {}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")
    from django.core.management import execute_from_command_line

    if not argv or argv[0] in {"-h", "--help", "help"}:
        argv = ["help"] + argv[1:]
    elif argv[0] in ALIASES:
        argv = [ALIASES[argv[0]]] + argv[1:]
    try:
        execute_from_command_line(["adhiniyam"] + argv)
    except SystemExit as exc:  # Django exits on errors; turn that into a return code
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
