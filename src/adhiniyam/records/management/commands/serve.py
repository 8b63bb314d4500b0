from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Apply migrations, then serve the site (Django's server) on 127.0.0.1:8000 or the address given."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--no-migrate", action="store_true")
        parser.add_argument("--reload", action="store_true", help="restart when code changes (development)")

    def handle(self, *args, **opts):
        if not opts["no_migrate"]:
            call_command("migrate", interactive=False, verbosity=0)
        call_command("runserver", opts["addrport"], use_reloader=opts["reload"])
