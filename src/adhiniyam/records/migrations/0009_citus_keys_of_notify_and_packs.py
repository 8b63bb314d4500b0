"""The tables of adhiniyam.notify and adhiniyam.packs (added after 0007) made distributable by body, as 0007
did for the others: on PostgreSQL their primary keys become (body_id, id) and their foreign keys to
distributed tables (body_id, x_id) → (body_id, id) (records/distribution.py `keys()` gave these). SQLite
keeps its single-column keys."""

from django.db import migrations

KEYS = [
    'ALTER TABLE "notify_bodynotifysettings" DROP CONSTRAINT "notify_bodynotifysettings_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "notify_preference" DROP CONSTRAINT "notify_preference_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "notify_notification" DROP CONSTRAINT "notify_notification_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "notify_cursor" DROP CONSTRAINT "notify_cursor_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "packs_packupgrade" DROP CONSTRAINT "packs_packupgrade_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "notify_preference" ADD CONSTRAINT "notify_preference_person_id_body_fk" FOREIGN KEY (body_id, "person_id") REFERENCES "records_person" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "notify_notification" ADD CONSTRAINT "notify_notification_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "notify_notification" ADD CONSTRAINT "notify_notification_event_id_body_fk" FOREIGN KEY (body_id, "event_id") REFERENCES "records_caseevent" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "notify_cursor" ADD CONSTRAINT "notify_cursor_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
]


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for statement in KEYS:
            schema_editor.execute(statement)


class Migration(migrations.Migration):

    dependencies = [
        ("records", "0008_case_joined_on_body"),
        ("notify", "0002_citus_keys"),
        ("packs", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
