"""On PostgreSQL, the database itself refuses UPDATE and DELETE of case events (defence in depth:
the model refuses them already, and the hash chain shows any change that gets past both). SQLite is
left without a trigger, because Django's test flush on SQLite deletes rows one table at a time."""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION records_caseevent_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'case events are append-only: record a new event instead of changing or deleting one'
        USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER records_caseevent_append_only BEFORE UPDATE OR DELETE ON records_caseevent
    FOR EACH ROW EXECUTE FUNCTION records_caseevent_append_only();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS records_caseevent_append_only ON records_caseevent;
DROP FUNCTION IF EXISTS records_caseevent_append_only();
"""


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARD)


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARD)


class Migration(migrations.Migration):
    dependencies = [("records", "0002_inbox_partial_indexes")]
    operations = [migrations.RunPython(forward, backward)]
