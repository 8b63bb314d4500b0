import datetime as dt
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from adhiniyam.ops.backup import BackupError, backup


class Command(BaseCommand):
    help = ("backup [PATH]: write every record, the audit chain heads and the stored documents to one .tar.gz "
            "(default var/backups/adhiniyam-<UTC time>.tar.gz), read as one consistent snapshot.")

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?")

    def handle(self, *args, **opts):
        path = Path(opts["path"] or Path(settings.VAR_DIR) / "backups" /
                    f"adhiniyam-{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%SZ}.tar.gz")
        try:
            manifest = backup(path, stream=self.stdout)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        rows = sum(manifest["counts"].values())
        events = sum(c["events"] for c in manifest["chains"].values())
        self.stdout.write(f"backup written: {path} ({rows} rows, {events} audit events in "
                          f"{len(manifest['chains'])} chains, {len(manifest['documents'])} documents)")
