import datetime as dt
import logging

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from adhiniyam.api import idempotency
from adhiniyam.records.models import Body
from adhiniyam.records.sweep import bodies_of_shard, sweep

log = logging.getLogger("adhiniyam.records.sweep")


def _shard(text: str) -> tuple[int, int]:
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise CommandError(f"--shard {text!r}: write I/N, e.g. 0/4 for the first of four sweepers") from None
    if n < 1 or not 0 <= i < n:
        raise CommandError(f"--shard {text!r}: I must be from 0 to N-1")
    return i, n


def _purge() -> tuple[str, bool]:
    """The API's expired Idempotency-Keys deleted, once a night: by the sweeper of shard 0 (the keys are not a
    body's, nor a shard's) and not when --body limits the sweep. Returns the summary line's end, and whether
    it failed (the sweep's work is committed; the rows wait for the next night)."""
    try:
        forgotten = idempotency.purge()
    except DatabaseError as exc:
        log.exception("sweep: the purge of expired idempotency keys failed")
        return f"; expired idempotency keys not deleted ({exc})", True
    return f"; {forgotten} idempotency keys older than {settings.IDEMPOTENCY_KEEP_DAYS} days forgotten", False


class Command(BaseCommand):
    help = ("Record what time alone produced (deemed grants, lapses, expiries) as system events. Only cases "
            "whose stored next deadline has passed are looked at; running it twice records nothing new. Each "
            "body is one transaction under an advisory lock, so several sweepers can run side by side. The "
            "sweeper of shard 0, when no --body is given, also deletes the API's Idempotency-Keys older "
            "than ADHINIYAM_IDEMPOTENCY_DAYS (by the real clock, whatever --as-of says).")

    def add_arguments(self, parser):
        parser.add_argument("--as-of", help="YYYY-MM-DD: sweep as of the end of this day (default: now)")
        parser.add_argument("--body", action="append", help="body code (repeatable); default: every body")
        parser.add_argument("--shard", default="0/1", help="I/N: only the bodies whose id is I modulo N "
                                                           "(run N sweepers, 0/N to N-1/N); shard 0 also "
                                                           "deletes the expired idempotency keys")
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
        purged, failed = _purge() if shard == 0 and not opts["body"] else ("", False)
        self.stdout.write(summary.line() + purged)
        if summary.errors or failed:
            raise SystemExit(1)
