from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from adhiniyam.api.models import ApiToken


class Command(BaseCommand):
    help = ("token create USER [--name NAME] [--days N]: issue an API bearer token (printed once), lasting N days "
            "(default ADHINIYAM_TOKEN_DAYS, 30; at most 365).")

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["create"])
        parser.add_argument("username")
        parser.add_argument("--name", default="cli")
        parser.add_argument("--days", type=int, default=None)

    def handle(self, *args, **o):
        user = get_user_model().objects.filter(username=o["username"]).first()
        if user is None:
            raise CommandError(f"no user {o['username']!r}")
        if o["days"] is not None and not 1 <= o["days"] <= 365:
            raise CommandError("--days: from 1 to 365")
        _token, raw = ApiToken.issue(user, o["name"], o["days"])
        self.stdout.write(raw)
