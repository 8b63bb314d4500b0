import datetime as dt

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Count

from adhiniyam.notify.delivery import QUEUE, requeue_stale
from adhiniyam.notify.models import Notification
from adhiniyam.records.models import Body


class Command(BaseCommand):
    help = ("notify work: deliver the outbox (a django-tasks database worker; rows a killed worker left are "
            "taken up again). notify remind [--as-of DATE]: deadlines approaching and the officers' daily "
            "digest (run daily, after the sweep). notify status: the outbox by state.")

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["work", "remind", "status"])
        parser.add_argument("--as-of", help="remind: YYYY-MM-DD (default: today)")
        parser.add_argument("--body", action="append", help="remind: body code (repeatable); default: every body")
        parser.add_argument("--batch", action="store_true", help="work: stop when the queue is empty")
        parser.add_argument("--interval", type=float, default=1.0, help="work: seconds between looks at the queue")

    def handle(self, *args, **o):
        getattr(self, "_" + o["action"])(o)

    def _work(self, o):
        self.stdout.write(f"taken up again: {requeue_stale()} notifications")
        call_command("db_worker", queue_name=QUEUE, interval=o["interval"], batch=o["batch"], startup_delay=False,
                     reload=False, verbosity=o["verbosity"])

    def _remind(self, o):
        from adhiniyam.notify.reminders import run
        try:
            today = dt.date.fromisoformat(o["as_of"]) if o["as_of"] else None
        except ValueError:
            raise CommandError(f"--as-of {o['as_of']!r} is not a date (YYYY-MM-DD)") from None
        bodies = None
        if o["body"]:
            bodies = list(Body.objects.filter(code__in=o["body"]))
            unknown = set(o["body"]) - {b.code for b in bodies}
            if unknown:
                raise CommandError(f"no body {', '.join(sorted(unknown))}")
        s = run(today, bodies)
        self.stdout.write(f"{s['bodies']} bodies: {s['reminders']} reminders and {s['digests']} digests written, "
                          f"{s['requeued']} stalled notifications taken up again")

    def _status(self, o):
        for row in Notification.objects.values("status").annotate(n=Count("id")).order_by("status"):
            self.stdout.write(f"{row['status']:8} {row['n']}")
