import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from adhiniyam.records.models import Body
from adhiniyam.records.sweep import bodies_of_shard, sweep


def _shard(text: str) -> tuple[int, int]:
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise CommandError(f"--shard {text!r}: write I/N, e.g. 0/4 for the first of four sweepers") from None
    if n < 1 or not 0 <= i < n:
        raise CommandError(f"--shard {text!r}: I must be from 0 to N-1")
    return i, n


class Command(BaseCommand):
    help = ("Record what time alone produced (deemed grants, lapses, expiries) as system events. Only cases "
            "whose stored next deadline has passed are looked at; running it twice records nothing new. Each "
            "body is one transaction under an advisory lock, so several sweepers can run side by side.")

    def add_arguments(self, parser):
        parser.add_argument("--as-of", help="YYYY-MM-DD: sweep as of the end of this day (default: now)")
        parser.add_argument("--body", action="append", help="body code (repeatable); default: every body")
        parser.add_argument("--shard", default="0/1", help="I/N: only the bodies whose id is I modulo N "
                                                           "(run N sweepers, 0/N to N-1/N)")
        parser.add_argument("--batch", type=int, default=500, help="cases read and written together")
        parser.add_argument("--threads", type=int, default=2,
                            help="PostgreSQL: bodies swept by this many threads, each on its own connection, so "
                                 "that one evaluates while another waits on the database (default 2; SQLite: 1)")

    def handle(self, *args, **opts):
        as_of = None
        if opts["as_of"]:
            try:
                day = dt.date.fromisoformat(opts["as_of"])
            except ValueError:
                raise CommandError(f"--as-of {opts['as_of']!r} is not a date; write YYYY-MM-DD") from None
            as_of = dt.datetime.combine(day, dt.time(23, 59, 59))
        shard, of = _shard(opts["shard"])
        bodies = bodies_of_shard(shard, of)
        if opts["body"]:
            bodies = bodies.filter(code__in=opts["body"])
            missing = set(opts["body"]) - set(Body.objects.filter(code__in=opts["body"]).values_list("code", flat=True))
            if missing:
                raise CommandError(f"no body {', '.join(sorted(missing))}")
        summary = sweep(as_of=as_of, bodies=list(bodies), stdout=self.stdout, batch=max(1, opts["batch"]),
                        threads=max(1, opts["threads"]))
        self.stdout.write(summary.line())
        if summary.errors:
            raise SystemExit(1)
