"""Statements of the write path, built once per process.

Django compiles a QuerySet's SQL every time it runs it, and for the write path's selects (a token with
its user and memberships, a case with its body, a body's ledger) compiling costs several times what the
database takes to answer (issue 21: an API write was mostly the ORM building its SQL). A `Prepared` is
made from a function that builds the QuerySet; it is compiled once with marker arguments, and each call
runs the same SQL with the real arguments in their places, the rows made into model instances (with
their select_related objects) the way the QuerySet would make them.

    case_in_body = Prepared(lambda body_id, pk: Case.objects.select_related("body").filter(body_id=body_id, pk=pk),
                            -101, -102)
    rows = case_in_body(3, 12884901889)

The markers must be values that cannot occur otherwise in the query (negative ids, odd strings, the date
"0001-01-01"), each appearing once among its parameters; pass dates as ISO text. `insert` and `Update` do the same for the write path's INSERTs and
UPDATEs (Django builds an InsertQuery or UpdateQuery for each save).
"""

from __future__ import annotations

import datetime as dt
import functools
import json

from django.db import connections
from django.db.models.query import get_related_populators


class Prepared:
    def __init__(self, build, *markers):
        self.build, self.markers = build, markers
        self._compiled = {}                                  # database alias -> compiled query

    def _compile(self, db: str):
        qs = self.build(*self.markers)
        compiler = qs.query.get_compiler(using=db)
        sql, params = compiler.as_sql()
        params = list(params)
        slots = []
        for marker in self.markers:
            hits = [i for i, p in enumerate(params) if str(p) == str(marker)]     # a date may come back as text
            if len(hits) != 1:
                raise ValueError(f"marker {marker!r} appears {len(hits)} times in {sql}")
            slots.append(hits[0])
        info = compiler.klass_info
        converters = compiler.get_converters([s[0] for s in compiler.select[:compiler.col_count]])
        convert = (lambda rows: compiler.apply_converters(rows, converters)) if converters else (lambda rows: rows)
        if qs.query.values_select:                           # values_list(): the rows as tuples
            return convert, sql, params, slots, None
        first, last = info["select_fields"][0], info["select_fields"][-1] + 1
        init = [f[0].target.attname for f in compiler.select[first:last]]
        return convert, sql, params, slots, (info["model"], first, last, init,
                                             get_related_populators(info, compiler.select, db))

    def __call__(self, *args, using: str = "default") -> list:
        if using not in self._compiled:
            self._compiled[using] = self._compile(using)
        convert, sql, params, slots, instances = self._compiled[using]
        params = list(params)
        for slot, value in zip(slots, args, strict=True):
            params[slot] = value
        with connections[using].cursor() as cur:
            cur.execute(sql, params)
            rows = cur.fetchall()
        if instances is None:
            return [tuple(row) for row in convert(rows)]
        model, first, last, init, populators = instances
        out = []
        for row in convert(rows):
            obj = model.from_db(using, init, row[first:last])
            for populator in populators:
                populator.populate(row, obj)
            out.append(obj)
        return out


@functools.cache
def _insert_sql(model, rows: int, with_id: bool) -> tuple[str, list]:
    fields = [f for f in model._meta.concrete_fields if with_id or not f.primary_key]
    cols = ", ".join(f'"{f.column}"' for f in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f'INSERT INTO "{model._meta.db_table}" ({cols}) VALUES {", ".join([row] * rows)} RETURNING "id"', fields


def insert(objs: list, using: str = "default") -> None:
    """INSERT model instances of one model in one statement built once per model and number of rows,
    setting the ids the database gave (each instance's own id, when it has one, is kept)."""
    if not objs:
        return
    connection = connections[using]
    with_id = objs[0].pk is not None
    sql, fields = _insert_sql(type(objs[0]), len(objs), with_id)
    params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for obj in objs for f in fields]
    with connection.cursor() as cur:
        cur.execute(sql, params)
        ids = [r[0] for r in cur.fetchall()]
    for obj, pk in zip(objs, ids, strict=True):
        obj.pk = pk
        obj._state.adding, obj._state.db = False, using


class Update:
    """UPDATE of some fields of one row, found by its key fields (the body's first), built once."""

    def __init__(self, model, fields: list[str], keys: list[str]):
        self.fields = [model._meta.get_field(n) for n in fields]
        self.keys = [model._meta.get_field(n) for n in keys]
        sets = ", ".join(f'"{f.column}" = %s' for f in self.fields)
        where = " AND ".join(f'"{f.column}" = %s' for f in self.keys)
        self.sql = f'UPDATE "{model._meta.db_table}" SET {sets} WHERE {where}'

    def __call__(self, obj, *, using: str = "default", **keys) -> int:
        """Write `obj`'s fields; the keys are obj's own unless given (e.g. version=the one read). Returns
        the rows changed."""
        connection = connections[using]
        params = [f.get_db_prep_save(getattr(obj, f.attname), connection) for f in self.fields]
        params += [keys.get(f.name, getattr(obj, f.attname)) for f in self.keys]
        with connection.cursor() as cur:
            cur.execute(self.sql, params)
            return cur.rowcount


class UpdateMany:
    """UPDATE of some fields of many rows, each found by its key fields, in one statement. The sweep writes a
    body's due cases, their routes and their outbox cursors this way: one statement the server parses and
    plans, instead of one per row. On PostgreSQL the rows come as one JSON parameter (`FROM
    jsonb_to_recordset(…)`): the statement's text is the same for any number of rows, so the server
    prepares it, and the rows are encoded by the json module's C code in one call, not value by value by
    psycopg's adapters (arrays of a case's answer cost a fifth of the sweeper's time). On SQLite they come
    as `WITH v AS (VALUES …)`. The rows are of one body, named once (`body_id = %s`: the statement goes to
    one shard, one partition). A field may be among both the fields and the keys (the new value, and the
    old one the row must still have). `only_changed`: leave the rows whose fields already have their new
    values; `returning`: a column to answer for each row changed."""

    def __init__(self, model, fields: list[str], keys: list[str], only_changed: bool = False, returning: str = ""):
        self.table = model._meta.db_table
        self.body = model._meta.get_field("body").column
        self.fields = [model._meta.get_field(n) for n in fields]
        self.keys = [model._meta.get_field(n) for n in keys]
        self.names = [f"c{i}" for i in range(len(self.fields) + len(self.keys))]
        self.only_changed = only_changed
        self.returning = model._meta.get_field(returning).column if returning else ""
        self._built: dict[tuple, str] = {}                  # (database alias, rows on SQLite) -> SQL

    def _sql(self, connection, rows: int) -> str:
        key = (connection.alias, rows if connection.vendor != "postgresql" else 0)
        if key not in self._built:
            self._built[key] = self._build(connection, rows)
        return self._built[key]

    def _build(self, connection, rows: int) -> str:
        n, every, v = len(self.fields), self.fields + self.keys, self.names
        sets = ", ".join(f'"{f.column}" = v.{c}' for f, c in zip(self.fields, v, strict=False))
        where = [f't."{self.body}" = %s'] + [f't."{f.column}" = v.{c}' for f, c in zip(self.keys, v[n:], strict=True)]
        if self.only_changed:
            where.append("(" + " OR ".join(f't."{f.column}" <> v.{c}' for f, c in zip(self.fields, v, strict=False)) + ")")
        if connection.vendor == "postgresql":
            columns = ", ".join(f"{c} {f.db_type(connection)}" for f, c in zip(every, v, strict=True))
            source, names = f"jsonb_to_recordset(%s::jsonb) AS v({columns})", ""
        else:
            values = ", ".join(["(" + ", ".join(["%s"] * len(v)) + ")"] * rows)
            source, names = "v", f"WITH v({', '.join(v)}) AS (VALUES {values}) "   # its marks before the body's
        back = f' RETURNING "{self.returning}"' if self.returning else ""
        return f'{names}UPDATE "{self.table}" AS t SET {sets} FROM {source} WHERE {" AND ".join(where)}{back}'

    def __call__(self, body_id: int, rows: list[list], using: str = "default") -> list:
        """Each row: the fields' values then the keys', as the model holds them (a JSON field's value, a
        date…), of the body `body_id`. Answers the `returning` column of the rows changed (empty without it)."""
        if not rows:
            return []
        connection = connections[using]
        if connection.vendor == "postgresql":
            params = [json.dumps([dict(zip(self.names, row, strict=True)) for row in rows], default=_iso)]
        else:
            every = self.fields + self.keys
            params = [f.get_db_prep_save(value, connection) for row in rows for f, value in zip(every, row, strict=True)]
        params.append(body_id)
        with connection.cursor() as cur:
            cur.execute(self._sql(connection, len(rows)), params)
            return [r[0] for r in cur.fetchall()] if self.returning else []


def _iso(value) -> str:
    """A date or a moment as PostgreSQL reads it from JSON text (the only values json cannot write itself)."""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} cannot be written as JSON")
