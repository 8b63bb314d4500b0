"""The schema distributable by body (Citus): on PostgreSQL, every distributed table's primary key becomes
(body_id, id) and every foreign key between distributed tables (body_id, x_id) → (body_id, id), after
0006 and the enforcement and web apps dropped the single-column ones (records/distribution.py says
which tables are distributed; these statements are what its `keys()` gave when this was written).
SQLite, which is never sharded, keeps its single-column primary keys."""

from django.db import migrations

KEYS = [
    'ALTER TABLE "records_closure" DROP CONSTRAINT "records_closure_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_provisionchoice" DROP CONSTRAINT "records_provisionchoice_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_interpretationchoice" DROP CONSTRAINT "records_interpretationchoice_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_person" DROP CONSTRAINT "records_person_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_property" DROP CONSTRAINT "records_property_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_case" DROP CONSTRAINT "records_case_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_caseevent" DROP CONSTRAINT "records_caseevent_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_caseroute" DROP CONSTRAINT "records_caseroute_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_document" DROP CONSTRAINT "records_document_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "enforcement_counter" DROP CONSTRAINT "enforcement_counter_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "enforcement_complaint" DROP CONSTRAINT "enforcement_complaint_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "enforcement_complaintaction" DROP CONSTRAINT "enforcement_complaintaction_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "enforcement_demand" DROP CONSTRAINT "enforcement_demand_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "enforcement_payment" DROP CONSTRAINT "enforcement_payment_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "enforcement_emergencyexpenditure" DROP CONSTRAINT "enforcement_emergencyexpenditure_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "web_objection" DROP CONSTRAINT "web_objection_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "locallaw_namedarea" DROP CONSTRAINT "locallaw_namedarea_pkey", ADD PRIMARY KEY (body_id, id)',
    'ALTER TABLE "records_property" ADD CONSTRAINT "records_property_owner_id_body_fk" FOREIGN KEY (body_id, "owner_id") REFERENCES "records_person" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "records_property" ADD CONSTRAINT "records_property_occupier_id_body_fk" FOREIGN KEY (body_id, "occupier_id") REFERENCES "records_person" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "records_case" ADD CONSTRAINT "records_case_applicant_id_body_fk" FOREIGN KEY (body_id, "applicant_id") REFERENCES "records_person" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "records_case" ADD CONSTRAINT "records_case_property_id_body_fk" FOREIGN KEY (body_id, "property_id") REFERENCES "records_property" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "records_caseevent" ADD CONSTRAINT "records_caseevent_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "records_caseroute" ADD CONSTRAINT "records_caseroute_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "records_document" ADD CONSTRAINT "records_document_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "records_document" ADD CONSTRAINT "records_document_person_id_body_fk" FOREIGN KEY (body_id, "person_id") REFERENCES "records_person" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "enforcement_complaintaction" ADD CONSTRAINT "enforcement_complaintaction_complaint_id_body_fk" FOREIGN KEY (body_id, "complaint_id") REFERENCES "enforcement_complaint" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "enforcement_complaintaction" ADD CONSTRAINT "enforcement_complaintaction_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "enforcement_demand" ADD CONSTRAINT "enforcement_demand_person_id_body_fk" FOREIGN KEY (body_id, "person_id") REFERENCES "records_person" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "enforcement_demand" ADD CONSTRAINT "enforcement_demand_property_id_body_fk" FOREIGN KEY (body_id, "property_id") REFERENCES "records_property" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "enforcement_demand" ADD CONSTRAINT "enforcement_demand_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "enforcement_demand" ADD CONSTRAINT "enforcement_demand_case_event_id_body_fk" FOREIGN KEY (body_id, "case_event_id") REFERENCES "records_caseevent" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "enforcement_payment" ADD CONSTRAINT "enforcement_payment_demand_id_body_fk" FOREIGN KEY (body_id, "demand_id") REFERENCES "enforcement_demand" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "enforcement_emergencyexpenditure" ADD CONSTRAINT "enforcement_emergencyexpenditure_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
    'ALTER TABLE "web_objection" ADD CONSTRAINT "web_objection_case_id_body_fk" FOREIGN KEY (body_id, "case_id") REFERENCES "records_case" (body_id, id) DEFERRABLE INITIALLY DEFERRED',
]


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for statement in KEYS:
            schema_editor.execute(statement)


class Migration(migrations.Migration):

    dependencies = [
        ("records", "0006_citus_unique_keys"),
        ("enforcement", "0004_citus_foreign_keys"),
        ("web", "0002_citus_foreign_keys"),
        ("locallaw", "0001_initial"),
        ("notify", "0002_citus_keys"),          # its single-column keys dropped before the primary keys change
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop, elidable=False)]
