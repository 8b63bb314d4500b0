import datetime as dt

from django.core.management.base import BaseCommand

from adhiniyam.records.models import Body
from adhiniyam.records.services import sweep


class Command(BaseCommand):
    help = ("Record what time alone produced (deemed grants, lapses, expiries) as system events. Only cases "
            "whose stored next deadline has passed are looked at; running it twice records nothing new.")

    def add_arguments(self, parser):
        parser.add_argument("--as-of", help="YYYY-MM-DD: sweep as of the end of this day (default: now)")
        parser.add_argument("--body", action="append", help="body code (repeatable); default: every body")

    def handle(self, *args, **opts):
        as_of = None
        if opts["as_of"]:
            as_of = dt.datetime.combine(dt.date.fromisoformat(opts["as_of"]), dt.time(23, 59, 59))
        bodies = Body.objects.filter(code__in=opts["body"]) if opts["body"] else None
        stats = sweep(as_of=as_of, bodies=bodies, stdout=self.stdout)
        self.stdout.write(f"swept {stats['bodies']} bodies: {stats['cases_checked']} cases past their next deadline, "
                          f"{stats['events_recorded']} system events recorded, {stats['errors']} errors")
        if stats["errors"]:
            raise SystemExit(1)
