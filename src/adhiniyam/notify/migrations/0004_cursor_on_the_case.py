"""The outbox's cursor moves onto the case's row (Case.notified_seq, records 0011): a write stores it with
the case, one statement less a write (issue 21). Each case's cursor is copied; a case without one keeps 0,
as the outbox made a missing cursor at 0."""

from django.db import migrations
from django.db.models import OuterRef, Subquery


def to_the_case(apps, schema_editor):
    Case, Cursor = apps.get_model("records", "Case"), apps.get_model("notify", "Cursor")
    seq = Cursor.objects.filter(body_id=OuterRef("body_id"), case_id=OuterRef("pk")).values("seq")[:1]
    Case.objects.filter(pk__in=Cursor.objects.values("case_id")).update(notified_seq=Subquery(seq))


def to_the_cursors(apps, schema_editor):
    Case, Cursor = apps.get_model("records", "Case"), apps.get_model("notify", "Cursor")
    Cursor.objects.bulk_create([Cursor(body_id=b, case_id=c, seq=s) for c, b, s in
                                Case.objects.values_list("pk", "body_id", "notified_seq").iterator()], batch_size=2000)


class Migration(migrations.Migration):

    dependencies = [
        ('notify', '0003_body_indexes_they_lead'),
        ('records', '0011_case_notified_seq'),
    ]

    operations = [
        migrations.RunPython(to_the_case, to_the_cursors),
        migrations.DeleteModel(
            name='Cursor',
        ),
    ]
