"""How the schema is distributed by body (Citus), in one place.

Every model with a `body` foreign key to Body is **distributed by body_id** (its rows live on the shard
of their body), except the small shared tables named in REFERENCE, which Citus copies to every node.
BodyLedger (keyed by its body) is distributed too. Local tables (operational, on the coordinator
only) are named in LOCAL. Citus, like PostgreSQL's declarative partitioning, refuses on a distributed
table:

- a primary key or unique constraint that does not include the distribution column: each distributed
  table's primary key is (body_id, id), and every unique constraint names `body`;
- a foreign key between two distributed tables that does not include it: such a key is
  (body_id, x_id) → (body_id, id). Django cannot declare one, so the model's ForeignKey is declared
  with `db_constraint=False` and the composite key is created on PostgreSQL by the migration that
  made the schema distributable (records 0007), from `keys()`.

Django still treats `id` as the primary key: ids come from sequences (a case's id names its body:
models.new_case_id), so they stay unique. `tests/service/test_distribution.py` inspects the models
and the PostgreSQL catalog and fails on anything Citus would refuse; tests/robustness/
test_partitioned.py hash-partitions the tables by body_id and shows each hot query touching one
partition.
"""

from __future__ import annotations

from django.apps import apps
from django.db import models

# small tables every request reads, copied to every node
REFERENCE = {"records.Body", "records.Office", "records.Membership", "auth.User", "auth.Group", "auth.Permission",
             "api.ApiToken", "locallaw.Instrument", "contenttypes.ContentType", "packs.PackVersion"}
# kept on the coordinator only: operations, not records
LOCAL = {"ops.FloorRow", "sessions.Session", "admin.LogEntry",
         "axes.AccessAttempt", "axes.AccessAttemptExpiration", "axes.AccessFailureLog", "axes.AccessLog",  # sign-ins
         "django_tasks_database.DBTaskResult",     # the task queue (notify's deliveries)
         # a plain body_id column (0: no body) and a single-column primary key: on the coordinator until
         # their keys name the body (the idempotency keys of writes, the public's posting counts)
         "api.IdempotentRequest", "ops.PostCount"}


def distributed_models() -> list[type[models.Model]]:
    """The models whose rows live on their body's shard."""
    Body = apps.get_model("records", "Body")
    out = []
    for model in apps.get_models():
        if model._meta.label in REFERENCE | LOCAL or not model._meta.managed:
            continue
        body = next((f for f in model._meta.concrete_fields if f.name == "body"), None)
        if body is not None and body.is_relation and body.related_model is Body:
            out.append(model)
    return out


def is_distributed(model) -> bool:
    return model in distributed_models()


def foreign_keys(model) -> list:
    """The model's foreign keys to other distributed tables (each must include body_id)."""
    targets = set(distributed_models())
    return [f for f in model._meta.concrete_fields
            if f.is_relation and f.many_to_one and f.related_model in targets and f.name != "body"]


def keys() -> list[str]:
    """The PostgreSQL statements that give every distributed table its (body_id, id) primary key and its
    composite foreign keys (after the single-column ones were dropped: db_constraint=False)."""
    statements = []
    tables = distributed_models()
    for model in tables:
        t = model._meta.db_table
        if model._meta.pk.column != "body_id":
            statements.append(f'ALTER TABLE "{t}" DROP CONSTRAINT "{t}_pkey", ADD PRIMARY KEY (body_id, id)')
    for model in tables:
        t = model._meta.db_table
        for f in foreign_keys(model):
            statements.append(
                f'ALTER TABLE "{t}" ADD CONSTRAINT "{t}_{f.column}_body_fk" FOREIGN KEY (body_id, "{f.column}") '
                f'REFERENCES "{f.related_model._meta.db_table}" (body_id, id) DEFERRABLE INITIALLY DEFERRED')
    return statements
