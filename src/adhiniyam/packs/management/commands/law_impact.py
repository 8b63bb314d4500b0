from django.core.management.base import BaseCommand, CommandError

from adhiniyam.packs import impact, store
from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import Body


class Command(BaseCommand):
    help = ("law impact --from OLD --to NEW [--body CODE] [--act ACT]: re-evaluate every open case under two "
            "stored versions of its law pack and list those whose status, deadlines, deemed outcomes or amounts "
            "differ, side by side, with the rules that changed. Versions by hash (a prefix will do) or 'installed'.")

    def add_arguments(self, parser):
        parser.add_argument("--from", dest="old", required=True)
        parser.add_argument("--to", dest="new", required=True)
        parser.add_argument("--body", help="one body's cases (its code); default: every body")
        parser.add_argument("--act", help="the law pack (needed with 'installed', or when a prefix is ambiguous)")

    def handle(self, *args, **o):
        try:
            body = None
            if o["body"]:
                body = Body.objects.filter(code=o["body"]).first()
                if body is None:
                    raise CommandError(f"no body {o['body']!r}")
            act = o["act"] or (body.act_id if body else None)
            old, new = store.resolve(act, o["old"]), store.resolve(act, o["new"])
            if old.act_id != new.act_id:
                raise CommandError(f"{old.version} is a version of {old.act_id}, {new.version} of {new.act_id}")
            rows = impact.compare(old.act_id, old.version, new.version, body)
        except ServiceError as exc:
            raise CommandError(exc.detail) from exc
        self.stdout.write(f"{old.act_id}: {old.version} → {new.version}"
                          f"{' at ' + body.code if body else ''}: {len(rows)} open cases differ")
        for r in rows:
            self.stdout.write(f"\n{r.case.number}  {r.case.procedure}  (bound to {r.case.pack_version})")
            for what in r.differs:
                self.stdout.write(f"  {what:40} {_value(r.old, what):24} → {_value(r.new, what)}")
            for rule in r.rules:
                self.stdout.write(f"    rule changed: {rule}")


def _value(out: impact.Outcome, what: str) -> str:
    kind, _, name = what.partition(" ")
    if kind == "status":
        return out.status or "—"
    if kind == "refused":
        return out.error or "accepted"
    return str({"deadline": out.deadlines, "deemed": out.deemed, "amount": out.amounts}[kind].get(name, "—"))
