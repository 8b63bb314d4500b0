"""The schema as Citus would distribute it by body: the models, and on PostgreSQL the catalog, hold no
key that Citus (or PostgreSQL's partitioning by body_id) would refuse (records/distribution.py)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection

from adhiniyam.records import distribution as D
from adhiniyam.records.models import Body, body_of_case, new_case_id


def test_every_table_is_distributed_reference_or_local():
    named = D.REFERENCE | D.LOCAL
    distributed = {m._meta.label for m in D.distributed_models()}
    assert {"records.Case", "records.CaseEvent", "records.CaseRoute", "records.BodyLedger"} <= distributed
    for model in apps.get_models():
        label = model._meta.label
        if model._meta.managed and not model._meta.auto_created and model._meta.app_label not in ("auth",):
            assert label in distributed or label in named, f"{label}: say whether it is distributed by body, " \
                                                           "a reference table or local (records/distribution.py)"


def test_distributed_models_have_no_key_citus_would_refuse():
    for model in D.distributed_models():
        label = model._meta.label
        for f in model._meta.concrete_fields:
            assert not (f.unique and not f.primary_key and f.name != "body"), \
                f"{label}.{f.name} is unique on its own: Citus needs the body in every unique key"
        for c in model._meta.constraints:
            if hasattr(c, "fields") and c.fields:
                assert "body" in c.fields, f"{label}: constraint {c.name} {c.fields} does not name the body"
        for group in model._meta.unique_together:
            assert "body" in group, f"{label}: unique_together {group} does not name the body"
        for f in D.foreign_keys(model):
            assert not f.db_constraint, (f"{label}.{f.name} → {f.related_model._meta.label}: a single-column "
                                         "foreign key between distributed tables (declare db_constraint=False; "
                                         "the migration adds the (body_id, …) key)")


def test_reference_tables_point_only_at_reference_tables():
    distributed = set(D.distributed_models())
    for label in D.REFERENCE:
        try:
            model = apps.get_model(label)
        except LookupError:
            continue
        for f in model._meta.concrete_fields:
            assert not (f.is_relation and f.related_model in distributed), \
                f"{label}.{f.name}: a reference table cannot point at a distributed one"


def test_a_case_id_names_its_body():
    assert body_of_case(new_case_id(270_000, 1)) == 270_000
    assert new_case_id(2_000_000, 99_999) < 2 ** 53           # exact as a JSON number
    assert body_of_case(12345) is None                          # an id from before ids named their body


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="the keys are PostgreSQL's (SQLite is not sharded)")
def test_the_catalog_keys_every_distributed_table_by_body():
    with connection.cursor() as cur:
        cur.execute("""
            SELECT c.conrelid::regclass::text, c.contype, c.conname,
                   array(SELECT a.attname FROM unnest(c.conkey) k JOIN pg_attribute a
                         ON a.attrelid = c.conrelid AND a.attnum = k),
                   c.confrelid::regclass::text
            FROM pg_constraint c WHERE c.contype IN ('p', 'u', 'f') AND c.connamespace = 'public'::regnamespace""")
        rows = cur.fetchall()
        cur.execute("""SELECT i.indrelid::regclass::text, ic.relname,
                              array(SELECT a.attname FROM unnest(i.indkey) k JOIN pg_attribute a
                                    ON a.attrelid = i.indrelid AND a.attnum = k)
                       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid WHERE i.indisunique""")
        unique_indexes = cur.fetchall()
    tables = {m._meta.db_table for m in D.distributed_models()}
    for table, kind, name, cols, target in rows:
        if table not in tables:
            continue
        if kind in ("p", "u"):
            assert "body_id" in cols, f"{table}: {name} {cols} lacks body_id"
        elif target in tables:
            assert "body_id" in cols, f"{table}: foreign key {name} {cols} → {target} lacks body_id"
    for table, name, cols in unique_indexes:
        if table in tables:
            assert "body_id" in cols, f"{table}: unique index {name} {cols} lacks body_id"
    assert Body._meta.db_table not in tables
