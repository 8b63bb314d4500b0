from django.core.management.base import BaseCommand, CommandError

from adhiniyam.ops.backup import BackupError, restore


class Command(BaseCommand):
    help = ("restore PATH: load a backup into an empty database in one transaction; it is kept only if every "
            "table has its rows and every body's audit chain verifies and ends where the backup says.")

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--force", action="store_true", help="erase a database that is not empty first")

    def handle(self, *args, **opts):
        try:
            manifest = restore(opts["path"], force=opts["force"], stream=self.stdout)
        except BackupError as exc:
            raise CommandError(f"restore refused, nothing changed: {exc}") from exc
        events = sum(c["events"] for c in manifest["chains"].values())
        self.stdout.write(f"restored {opts['path']}: {sum(manifest['counts'].values())} rows; audit chain intact: "
                          f"{events} events checked")
