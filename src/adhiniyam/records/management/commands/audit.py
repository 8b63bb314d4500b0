from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from adhiniyam.records.audit import late_entries, verify
from adhiniyam.records.models import Body


class Command(BaseCommand):
    help = ("audit verify: walk each body's hash chain of events and report the first broken link. "
            "audit late: list the entries made on a later day than they happened (who, when, why).")

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["verify", "late"])
        parser.add_argument("--body", action="append", help="body code (repeatable); default: every body")

    def handle(self, *args, **opts):
        bodies = Body.objects.filter(code__in=opts["body"]).order_by("pk") if opts["body"] else None
        if opts["action"] == "late":
            return self.late(bodies)
        total, broken = 0, None
        for body, links, brk in verify(bodies):
            total += links
            if opts["verbosity"] > 1:
                self.stdout.write(f"{body.code}: {links} links{'' if brk is None else ' — BROKEN'}")
            if brk is not None:
                broken = brk
                break
        if broken is not None:
            self.stderr.write(f"BROKEN: {broken}")
            raise CommandError("audit chain broken; first broken link reported above")
        self.stdout.write(f"audit chain intact: {total} events checked")

    def late(self, bodies):
        rows = list(late_entries(bodies))
        for ev in rows:
            entered = timezone.localtime(ev.recorded_at)
            self.stdout.write(f"{ev.case.number}  {ev.type}  happened {ev.on_date}  entered {entered:%Y-%m-%d %H:%M}"
                              f"  by {ev.actor.username if ev.actor else '?'}: {ev.late_reason}")
        self.stdout.write(f"{len(rows)} entries recorded late")
