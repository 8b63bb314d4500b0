"""Statements of the write path, built once per process.

Django compiles a QuerySet's SQL every time it runs it, and for the write path's selects (a token with
its user and memberships, a case with its body, a body's ledger) compiling costs several times what the
database takes to answer (issue 21: an API write was mostly the ORM building its SQL). A `Prepared` is
made from a function that builds the QuerySet; it is compiled once with marker arguments, and each call
runs the same SQL with the real arguments in their places, the rows made into model instances (with
their select_related objects and annotations) the way the QuerySet would make them.

    case_in_body = Prepared(lambda body_id, pk: Case.objects.select_related("body").filter(body_id=body_id, pk=pk),
                            -101, -102)
    rows = case_in_body(3, 12884901889)

The markers must be values that cannot occur otherwise in the query (negative ids, odd strings, the date
"0001-01-01"), each appearing once among its parameters; pass dates as ISO text. `insert` and `Update` do the same for the write path's INSERTs and
UPDATEs (Django builds an InsertQuery or UpdateQuery for each save).

What Django still did per statement is done here once where it can be (issue 21, second part): each
field's parameter by an adapter chosen once (`_adapter`), the statement on a DB-API cursor kept for it
(`execute`; through Django's cursor whenever queries are recorded), the instances without
Model.__init__ (`maker`). tests/service/test_prepared.py checks each against
what Django gives.
"""

from __future__ import annotations

import datetime as dt
import functools
import json

from django.db import connections, models
from django.db.backends.sqlite3.base import SQLiteCursorWrapper
from django.db.models.base import ModelState
from django.db.models.query import RelatedPopulator
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init


def execute(connection, sql: str, params: list, fetch: bool = False):
    """Run one statement of the write path: its rows if `fetch`, else the number of rows it changed.
    Django's cursor wrapper costs more CPU than SQLite takes to run such a statement, and rewrites the SQL
    for SQLite's `?` placeholders each time, so the statement runs on the DB-API cursor (its SQL converted
    once) with Django's checks and error translation kept — except when Django records queries (DEBUG,
    CaptureQueriesContext) or a wrapper watches them (connection.execute_wrapper): then through Django's
    cursor, so that every statement is seen."""
    if connection.queries_logged or connection.execute_wrappers:
        with connection.cursor() as cur:
            cur.execute(sql, params)
            return cur.fetchall() if fetch else cur.rowcount
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_no_broken_transaction()
    with connection.wrap_database_errors:
        cur = _cursor(connection, sql)
        cur.execute(_qmark(sql) if connection.vendor == "sqlite" else sql, params)
        return cur.fetchall() if fetch else cur.rowcount


def _cursor(connection, sql: str):
    """The DB-API cursor kept for this statement on this connection (a new connection, new cursors).
    psycopg keeps on a cursor the statement it last ran, parsed, and the loaders of its result's columns,
    so running a statement again on its own cursor takes some 35 µs less CPU (half a small select's)."""
    kept = connection.__dict__.get("_prepared_cursors")
    if kept is None or kept[0] is not connection.connection:
        kept = connection._prepared_cursors = (connection.connection, {})
    cur = kept[1].get(sql)
    if cur is None:
        cur = kept[1][sql] = (connection.connection.cursor() if connection.vendor == "sqlite"
                              else _pg_cursor(connection))
    return cur


def _pg_cursor(connection):
    """Django's cursor, reading a timestamptz (from a session in UTC) by psycopg's own loader: its C code with
    psycopg[binary], where Django's loader parses the text in Python to set the same UTC zone (a few µs a
    value, and the write path reads a dozen: the token's and the user's, the case's, each event's)."""
    cur = connection.create_cursor()
    if connection.timezone is dt.UTC and connection.timezone_name == "UTC":
        from psycopg import adapters, postgres, pq
        cur.adapters.register_loader("timestamptz", adapters.get_loader(postgres.types["timestamptz"].oid,
                                                                        pq.Format.TEXT))
    return cur


@functools.cache
def _qmark(sql: str) -> str:
    """The statement with SQLite's placeholders, as Django's SQLite cursor makes it."""
    return SQLiteCursorWrapper.convert_query(None, sql)


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
        make = _maker_for(info["model"], [f[0].target.attname for f in compiler.select[first:last]])
        annotations = list(compiler.annotation_col_map.items())        # annotate(): attributes of the instance
        return convert, sql, params, slots, (make, first, last, annotations, _populators(info, compiler.select, db))

    def __call__(self, *args, using: str = "default") -> list:
        if using not in self._compiled:
            self._compiled[using] = self._compile(using)
        convert, sql, params, slots, instances = self._compiled[using]
        params = list(params)
        for slot, value in zip(slots, args, strict=True):
            params[slot] = value
        rows = execute(connections[using], sql, params, fetch=True)
        if instances is None:
            return [tuple(row) for row in convert(rows)]
        make, first, last, annotations, populators = instances
        out = []
        for row in convert(rows):
            obj = make(using, row[first:last])
            for name, column in annotations:
                setattr(obj, name, row[column])
            for populator in populators:
                populator.populate(row, obj)
            out.append(obj)
        return out


@functools.cache
def maker(model):
    """(db, values) -> what model.from_db(db, <all its concrete fields>, values) makes. Model.__init__ sets
    each field through its descriptor and sends pre_init and post_init (some µs an instance, a dozen
    instances a write); where that changes nothing (no receiver of those signals, no __init__ or from_db of
    the model's own, every field's attribute Django's), the values go into the instance's __dict__ directly."""
    attnames = [f.attname for f in model._meta.concrete_fields]
    plain = _plain(model)

    def make(db: str, values):
        if not plain or pre_init.receivers or post_init.receivers:
            return model.from_db(db, attnames, values)
        obj = model.__new__(model)
        obj._state = state = ModelState()
        state.adding, state.db = False, db
        obj.__dict__.update(zip(attnames, values, strict=True))
        return obj
    return make


@functools.cache
def _plain(model) -> bool:
    """Whether Model.__init__ and from_db do nothing for this model but set each field's attribute."""
    return (model.__init__ is models.Model.__init__ and model.from_db.__func__ is models.Model.from_db.__func__
            and all(isinstance(getattr(model, f.attname, None), DeferredAttribute) for f in model._meta.concrete_fields))


def _maker_for(model, init: list[str]):
    """(db, values) -> the instance of `model` from a row of the fields `init`: by maker() when the row has
    every field, else (only() or defer()) by Django's from_db."""
    if init == [f.attname for f in model._meta.concrete_fields]:
        return maker(model)
    return lambda db, values: model.from_db(db, init, values)


class _Populator(RelatedPopulator):
    """Django's select_related populator, making its instances with maker() when it reads every field."""

    def __init__(self, klass_info, select, db):
        super().__init__(klass_info, select, db)
        self.related_populators = _populators(klass_info, select, db)
        self.make = _maker_for(self.model_cls, self.init_list)

    def populate(self, row, from_obj):             # RelatedPopulator.populate, with self.make
        obj_data = self.reorder_for_init(row) if self.reorder_for_init else row[self.cols_start:self.cols_end]
        obj = None if obj_data[self.pk_idx] is None else self.make(self.db, obj_data)
        if obj is not None:
            for related in self.related_populators:
                related.populate(row, obj)
        self.local_setter(from_obj, obj)
        if obj is not None:
            self.remote_setter(obj, from_obj)


def _populators(klass_info, select, db) -> list[_Populator]:
    return [_Populator(info, select, db) for info in klass_info.get("related_klass_infos", [])]


# Field classes whose get_db_prep_save gives a value of this exact type (or None) back unchanged.
_SAME = {models.CharField: str, models.TextField: str, models.SlugField: str, models.EmailField: str,
         models.IntegerField: int, models.BigIntegerField: int, models.SmallIntegerField: int,
         models.PositiveIntegerField: int, models.PositiveBigIntegerField: int,
         models.PositiveSmallIntegerField: int, models.AutoField: int, models.BigAutoField: int,
         models.BooleanField: bool, models.FloatField: float}
_KEYS = (models.ForeignKey, models.OneToOneField)


def _adapter(field):
    """(value, connection) -> the parameter field.get_db_prep_save(value, connection) gives. Django's chain of
    get_prep_value/to_python calls costs a few µs a field and a write stores some sixty fields (issue 21), so
    the usual types are done here directly; anything else takes Django's own path."""
    slow, kind = field.get_db_prep_save, type(field)
    if kind in _KEYS:
        kind = type(field.target_field)                  # a foreign key stores its target's value
    if kind in _SAME:
        same = _SAME[kind]
        return lambda v, c: v if v is None or type(v) is same else slow(v, c)
    if kind is models.JSONField:
        encoder = field.encoder
        return lambda v, c: c.ops.adapt_json_value(v, encoder) if type(v) in (dict, list) else slow(v, c)
    if kind is models.DateField:
        return lambda v, c: c.ops.adapt_datefield_value(v) if type(v) is dt.date else slow(v, c)
    if kind is models.DateTimeField:                    # an aware datetime (a naive one warns, in Django's path)
        return lambda v, c: (c.ops.adapt_datetimefield_value(v) if type(v) is dt.datetime and v.tzinfo is not None
                             else slow(v, c))
    return slow


# Field classes whose pre_save reads the attribute, unless they stamp the time (auto_now, auto_now_add).
_PLAIN = (*_SAME, models.JSONField, models.DateField, models.DateTimeField, *_KEYS)


def _getter(field, add: bool | None):
    """obj -> the field's value to store: what field.pre_save(obj, add) gives, or the attribute as it is
    when `add` is None (Update)."""
    stamps = getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
    if add is not None and (stamps or type(field) not in _PLAIN):
        return functools.partial(field.pre_save, add=add)
    attname = field.attname
    return lambda obj: getattr(obj, attname)


def _params(fields: list, add: bool | None):
    """obj, connection -> the fields' parameters, their getters and adapters made once."""
    pairs = [(_getter(f, add), _adapter(f)) for f in fields]
    return lambda obj, c: [adapt(get(obj), c) for get, adapt in pairs]


@functools.cache
def _insert_sql(model, rows: int, with_id: bool) -> tuple[str, object]:
    """The statement, and obj, connection -> a row's parameters."""
    fields = [f for f in model._meta.concrete_fields if with_id or not f.primary_key]
    cols = ", ".join(f'"{f.column}"' for f in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    sql = f'INSERT INTO "{model._meta.db_table}" ({cols}) VALUES {", ".join([row] * rows)} RETURNING "id"'
    return sql, _params(fields, True)


def insert(objs: list, using: str = "default") -> None:
    """INSERT model instances of one model in one statement built once per model and number of rows,
    setting the ids the database gave (each instance's own id, when it has one, is kept)."""
    if not objs:
        return
    connection = connections[using]
    with_id = objs[0].pk is not None
    sql, params_of = _insert_sql(type(objs[0]), len(objs), with_id)
    params = [p for obj in objs for p in params_of(obj, connection)]
    ids = [r[0] for r in execute(connection, sql, params, fetch=True)]
    for obj, pk in zip(objs, ids, strict=True):
        obj.pk = pk
        obj._state.adding, obj._state.db = False, using


class Update:
    """UPDATE of some fields of one row, found by its key fields (the body's first), built once."""

    def __init__(self, model, fields: list[str], keys: list[str]):
        self.fields = [model._meta.get_field(n) for n in fields]
        self.keys = [model._meta.get_field(n) for n in keys]
        self.params = _params(self.fields, None)
        sets = ", ".join(f'"{f.column}" = %s' for f in self.fields)
        where = " AND ".join(f'"{f.column}" = %s' for f in self.keys)
        self.sql = f'UPDATE "{model._meta.db_table}" SET {sets} WHERE {where}'

    def __call__(self, obj, *, using: str = "default", **keys) -> int:
        """Write `obj`'s fields; the keys are obj's own unless given (e.g. version=the one read). Returns
        the rows changed."""
        connection = connections[using]
        params = self.params(obj, connection)
        params += [keys.get(f.name, getattr(obj, f.attname)) for f in self.keys]
        return execute(connection, self.sql, params)


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
        self.adapters = [_adapter(f) for f in self.fields + self.keys]
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
            # LIMIT: the number of rows, which the planner cannot know of a function (it takes 100, and
            # then scans all the body's rows for a hash join instead of looking up each one)
            source, names = f"(SELECT * FROM jsonb_to_recordset(%s::jsonb) AS r({columns}) LIMIT %s) AS v", ""
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
            params = [json.dumps([dict(zip(self.names, row, strict=True)) for row in rows], default=_iso), len(rows)]
        else:
            params = [adapt(value, connection) for row in rows for adapt, value in zip(self.adapters, row, strict=True)]
        params.append(body_id)
        out = execute(connection, self._sql(connection, len(rows)), params, fetch=bool(self.returning))
        return [r[0] for r in out] if self.returning else []


def _iso(value) -> str:
    """A date or a moment as PostgreSQL reads it from JSON text (the only values json cannot write itself)."""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} cannot be written as JSON")


def new(model, **values):
    """model(**values) for a row not yet stored, the instance Model.__init__ makes: a relation given by its
    name (case=…) set through Django's own descriptor (its id, and the object kept), by its attname
    (case_id=…) the id alone, every other field at its default. Model.__init__ also looks up each keyword and
    sends pre_init and post_init, which for the four to six new rows of a write cost more than setting
    their fields (issue 21); where that changes nothing (as for maker()), it is left out. Anything else (a
    property, an unknown name: Django's TypeError) goes to Model.__init__."""
    if not _plain(model) or pre_init.receivers or post_init.receivers:
        return model(**values)
    relations, attnames = _new_fields(model)
    objects = relations.keys() & values.keys()
    if not values.keys() <= relations.keys() | attnames.keys() or any(relations[n].attname in values for n in objects):
        return model(**values)
    obj = model.__new__(model)
    obj._state = ModelState()
    held = obj.__dict__
    for attname, field in attnames.items():
        if attname in values:
            held[attname] = values[attname]
        elif field.name not in objects:
            held[attname] = field.get_default()
    for name in objects:
        setattr(obj, name, values[name])
    return obj


@functools.cache
def _new_fields(model) -> tuple[dict, dict]:
    """For new(): the model's relations by name, and its stored fields by attname."""
    fields = [f for f in model._meta.concrete_fields if not getattr(f, "generated", False)]
    return {f.name: f for f in fields if f.is_relation}, {f.attname: f for f in fields}
