from django.core.management.base import BaseCommand, CommandError

from adhiniyam.records.models import Body, BodyKind, Office


class Command(BaseCommand):
    help = "Create a body (tenant): createbody CODE NAME --kind gram_panchayat --state GA --act goa_panchayat_raj_1994"

    def add_arguments(self, parser):
        parser.add_argument("code")
        parser.add_argument("name")
        parser.add_argument("--kind", required=True, choices=BodyKind.values)
        parser.add_argument("--state", required=True)
        parser.add_argument("--act", default="", help="law pack id (adhiniyam law list)")
        parser.add_argument("--parent", help="parent body code")
        parser.add_argument("--lat", type=float)
        parser.add_argument("--lon", type=float)
        parser.add_argument("--office", action="append", default=[], metavar="ROLE=TITLE",
                            help="an authority seated here, e.g. bdo='Block Development Officer, Tiswadi'")

    def handle(self, *args, **o):
        if Body.objects.filter(code=o["code"]).exists():
            raise CommandError(f"a body with code {o['code']!r} exists")
        parent = None
        if o["parent"]:
            parent = Body.objects.filter(code=o["parent"]).first()
            if parent is None:
                raise CommandError(f"no parent body {o['parent']!r}")
        if o["act"]:
            from adhiniyam.law import list_packs
            if o["act"] not in list_packs():
                raise CommandError(f"no law pack {o['act']!r}; there are: {', '.join(list_packs())}")
        body = Body(code=o["code"], name=o["name"], kind=o["kind"], state=o["state"].upper(), act_id=o["act"],
                    parent=parent, latitude=o["lat"], longitude=o["lon"])
        body.full_clean(exclude=["path"])
        body.save()
        for spec in o["office"]:
            role, _, title = spec.partition("=")
            Office.objects.create(body=body, role=role.strip(), title=title.strip() or role)
        self.stdout.write(f"created body {body.code} (id {body.pk}, path {body.path})")
