from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from adhiniyam.api.models import ApiToken


class Command(BaseCommand):
    help = "token create USER [--name NAME]: issue an API bearer token (printed once)."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["create"])
        parser.add_argument("username")
        parser.add_argument("--name", default="cli")

    def handle(self, *args, **o):
        user = get_user_model().objects.filter(username=o["username"]).first()
        if user is None:
            raise CommandError(f"no user {o['username']!r}")
        _token, raw = ApiToken.issue(user, o["name"])
        self.stdout.write(raw)
