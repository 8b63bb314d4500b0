from django.core.management.base import BaseCommand

from adhiniyam.records import roles as R


class Command(BaseCommand):
    help = "roles check: list every role of every law pack with the kind of user who acts as it; flag unmapped ones."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["check"])

    def handle(self, *args, **o):
        from adhiniyam.law import list_packs, load_pack
        unknown = 0
        for act in list_packs():
            pack = load_pack(act)
            seen = {}
            for pid in pack.procedures:
                try:
                    seen.update(pack.procedure(pid).roles)
                except Exception as exc:
                    self.stdout.write(f"{act}: {pid}: cannot load ({exc})")
            for role, label in sorted(seen.items()):
                mark = "" if R.known(act, role) else "   <-- not in the table; treated as the body's office"
                unknown += not R.known(act, role)
                self.stdout.write(f"{act:32} {role:28} {R.kind_of(act, role):10} {label}{mark}")
        self.stdout.write(f"{unknown} unmapped roles")
