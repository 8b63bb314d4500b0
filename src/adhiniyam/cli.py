"""The one command-line entry point: `adhiniyam`.

`adhiniyam law …` runs the law engine's commands (no database needed); the product's other commands
belong to the records service (adhiniyam.site.manage), and so does every Django management command
(`adhiniyam django help` lists them). `adhiniyam --help` lists the product's commands first.
"""

from __future__ import annotations

import sys

# The product's commands, each with its line for `adhiniyam --help` (tests/service/test_cli.py checks that
# every command of our apps is here and every one here exists).
COMMANDS = {
    "law": "the law engine: scenario tests, evaluate a case file, coverage, check the packs (no database)",
    "demo": "create five demonstration bodies with users and cases, then serve on 127.0.0.1:8000",
    "serve": "apply migrations and serve the site (development server; production: docs/deploy.md)",
    "sweep": "record what time alone produced (deemed grants, lapses) — run it nightly",
    "audit": "audit verify: walk each body's hash chain of events, report the first broken link",
    "createbody": "create a body (panchayat, municipality, block, district, State) under its Act",
    "token": "token create USER: issue an API bearer token",
    "roles": "roles check: every role of every law pack and the kind of user who acts as it",
    "instruments": "import, export or list bye-laws, rules, notifications and fee schedules",
    "backup": "write every record, the audit chain heads and the documents to one .tar.gz",
    "restore": "load a backup into an empty database, kept only if every audit chain verifies",
    "migrate": "create or update the database tables",
    "collectstatic": "write the static files, compressed, where the server serves them (docs/deploy.md)",
    "createsuperuser": "create an administrator account",
    "notify": "notify work | remind | status: deliver the outbox (e-mail, SMS), reminders and the daily digest",
    "law_impact": "what a new law-pack version changes in open cases (also: adhiniyam law impact --from --to)",
    "check": "Django's system checks (`check --deploy` with the production environment)",
    "django": "every other Django management command: `adhiniyam django help`",
}


def usage() -> str:
    width = max(map(len, COMMANDS)) + 2
    lines = ["usage: adhiniyam COMMAND [options]", "",
             "Statutory work of Indian local bodies, computed from their Acts.", "", "commands:"]
    lines += [f"  {name:<{width}}{line}" for name, line in COMMANDS.items()]
    lines += ["", "`adhiniyam help COMMAND` or `adhiniyam COMMAND --help` explains one command.",
              "Settings come from the environment (ADHINIYAM_*, DATABASE_URL): docs/deploy.md."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help") or argv == ["help"]:
        print(usage())
        return 0
    if argv[0] == "help":                       # adhiniyam help COMMAND
        argv = [argv[1], "--help"] if argv[1] in ("law", "django") else argv
    if argv[:2] == ["law", "impact"]:           # needs the records (open cases), so the service runs it
        argv = ["law_impact"] + argv[2:]
    elif argv[0] == "law":
        from .law.cli import main as law_main

        return law_main(argv[1:])
    if argv[0] == "django":                     # Django's own commands, under one entry
        argv = argv[1:] or ["help"]
        if argv[0] in ("-h", "--help"):
            argv = ["help"]
    try:
        from .site.manage import main as site_main
    except ImportError as e:  # the service's dependencies are not installed
        print(f"adhiniyam: the records service is not available ({e}); `adhiniyam law …` works without it", file=sys.stderr)
        return 2
    return site_main(argv)


if __name__ == "__main__":
    sys.exit(main())
