"""adhiniyam instruments import FILE | export [--state UK] [--act ACT] [-o FILE] | list BODY [--on DATE] | verify

Import and export a whole State's bye-laws, rules, notifications, district orders, resolutions and fee
schedules (and the named areas they apply to) in the exchange format of docs/law-packs.md. An import is
all or nothing: if any instrument is out of power, the file is refused, each bad one named with the
reason and the section, and nothing is stored.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import Body


class Command(BaseCommand):
    help = "Import, export or list local instruments (bye-laws, rules, notifications, fee schedules)"

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="cmd", required=True)
        imp = sub.add_parser("import", help="import a YAML file of a State's instruments and areas (all or nothing)")
        imp.add_argument("file")
        imp.add_argument("--check", action="store_true", help="check the whole file; store nothing")
        exp = sub.add_parser("export", help="write a State's instruments and areas as YAML")
        exp.add_argument("--state", help="ISO code, e.g. UK (default: every State that has instruments)")
        exp.add_argument("--act", help="only instruments under this Act (law pack id)")
        exp.add_argument("-o", "--output", help="file to write (default: standard output)")
        sub.add_parser("verify", help="check every stored instrument again against the law packs as they now stand")
        ls = sub.add_parser("list", help="the instruments binding a body")
        ls.add_argument("body", help="body code")
        ls.add_argument("--on", help="only those in force on this date (YYYY-MM-DD)")

    def handle(self, *args, **o):
        from adhiniyam.locallaw import services as S
        from adhiniyam.locallaw.models import Instrument

        if o["cmd"] == "import":
            path = Path(o["file"])
            if not path.exists():
                raise CommandError(f"no file {path}")
            try:
                counts = S.import_text(path.read_text(encoding="utf-8"), dry_run=o["check"], stream=self.stdout)
            except ServiceError as exc:
                for e in exc.errors or []:
                    who = e.get("instrument") or e.get("area") or "?"
                    cites = f" [{', '.join(e['cites'])}]" if e.get("cites") else ""
                    msg = e["message"][len(who) + 2:] if e["message"].startswith(f"{who}: ") else e["message"]
                    self.stderr.write(f"refused {who}: {msg}{cites}")
                raise CommandError(exc.detail if not exc.errors else
                                   f"{path}: {len(exc.errors)} entr{'y' if len(exc.errors) == 1 else 'ies'} refused; "
                                   "nothing was stored") from None
            what = "checked (nothing stored)" if o["check"] else "imported"
            self.stdout.write(f"{path}: {what}: {counts.get('created', 0)} new, {counts.get('updated', 0)} changed, "
                              f"{counts.get('unchanged', 0)} unchanged instruments; {counts.get('areas', 0)} areas; "
                              f"{counts.get('cases_refreshed', 0)} open cases derived again")
            return
        if o["cmd"] == "export":
            states = [o["state"].upper()] if o["state"] else sorted(set(
                Instrument.objects.values_list("state", flat=True)))
            text = "---\n".join(S.export_state(s, o["act"]) for s in states) if states else ""
            if o["output"]:
                Path(o["output"]).write_text(text, encoding="utf-8")
                self.stdout.write(f"wrote {o['output']} ({', '.join(states) or 'no State has instruments'})")
            else:
                sys.stdout.write(text)
            return
        if o["cmd"] == "verify":
            bad = S.verify()
            for e in bad:
                cites = f" [{', '.join(e['cites'])}]" if e.get("cites") else ""
                self.stderr.write(f"out of power now: {e['state']} {e['instrument']}: {e['message']}{cites}")
            if bad:
                raise CommandError(f"{len(bad)} stored instrument(s) no longer pass the Act's check")
            self.stdout.write(f"{Instrument.objects.count()} instruments checked against the law packs: all in power")
            return
        body = Body.objects.filter(code=o["body"]).first()
        if body is None:
            raise CommandError(f"no body {o['body']!r}")
        on = None
        if o["on"]:
            try:
                on = dt.date.fromisoformat(o["on"])
            except ValueError:
                raise CommandError(f"--on {o['on']!r}: write the date as YYYY-MM-DD") from None
        for row in S.instrument_rows(body):
            if on is not None and not row.engine().in_force(on):
                continue
            sets = ", ".join(f"{k}={v}" for k, v in (row.sets or {}).items())
            sw = ", ".join(row.switches_on or [])
            self.stdout.write(f"{row.commencement} {row.layer:8} {row.kind:14} {row.ident}: {row.title} "
                              f"({row.made_by}, under {row.under}){' sets ' + sets if sets else ''}"
                              f"{' switches on ' + sw if sw else ''}{' in ' + row.area if row.area else ''}"
                              f"{' — repealed ' + str(row.repeal) if row.repeal else ''}")
