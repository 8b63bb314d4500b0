from django.core.management import call_command
from django.core.management.base import BaseCommand

from adhiniyam.records import demo
from adhiniyam.records.models import Body


class Command(BaseCommand):
    help = ("Create five demonstration bodies (one per Act) with users for every role and cases at every stage, "
            "print the sign-in details, then serve on http://127.0.0.1:8000.")

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--no-serve", action="store_true", help="create the data and stop")
        parser.add_argument("--cases", type=int, default=40, help="cases per body (default 40)")

    def handle(self, *args, **o):
        call_command("migrate", interactive=False, verbosity=0)
        if Body.objects.filter(code__in=[p.body[0] for p in demo.PLACES]).exists():
            self.stdout.write("Demonstration data already present; not creating it again.")
            creds = [("admin", demo.PASSWORD, "superuser")]
            from django.contrib.auth import get_user_model
            for u in get_user_model().objects.filter(username__contains="-").order_by("username"):
                creds.append((u.username, demo.PASSWORD, ", ".join(f"{m.role} at {m.body.code}"
                                                                   for m in u.memberships.all())))
        else:
            self.stdout.write("Creating the demonstration data: five bodies, one per Act, with their cases "
                              "(about half a minute)")
            creds = demo.build(self.stdout, per_body=o["cases"], verbose=o["verbosity"] > 1)
            self._enforcement_and_local_law()
            from adhiniyam.notify.demo import deliver_outbox
            deliver_outbox(self.stdout)
        where = o["addrport"]
        self.stdout.write(f"\nSign in at http://{where}/ (web) or get an API token: POST /api/auth/token\n")
        self.stdout.write(demo.credentials_table(creds) + "\n")
        self.stdout.write(f"API docs: http://{where}/api/docs   admin: http://{where}/admin/\n")
        if not o["no_serve"]:
            call_command("runserver", o["addrport"], use_reloader=False)

    def _enforcement_and_local_law(self):
        """Complaints, notices in default, demands, offences, the pound and meetings (enforcement), and
        bye-laws, notifications and fee schedules (local law), for the same demo bodies."""
        from adhiniyam.enforcement.demo import populate as enforcement_demo
        from adhiniyam.locallaw.demo import populate as local_law_demo

        bodies = list(Body.objects.filter(code__in=[p.body[0] for p in demo.PLACES]))
        local_law_demo(bodies, stdout=self.stdout)
        for code, added in enforcement_demo(bodies).items():
            self.stdout.write(f"{code}: {added}\n")
