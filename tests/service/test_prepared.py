"""records/prepared.py does by hand what Django does for the write path's statements (issue 21); these check
that it gives what Django gives: the parameters of an INSERT or UPDATE, the instances made from rows, and
the statements run (seen by CaptureQueriesContext, errors translated to Django's), and the new rows
made without Model.__init__ (prepared.new: each field, the related objects kept, Django's TypeError)."""

from __future__ import annotations

import contextlib
import datetime as dt

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from adhiniyam.records import prepared
from adhiniyam.records.models import Body, BodyLedger, Case, CaseEvent, CaseRoute, Person, Property

pytestmark = pytest.mark.django_db


def comparable(value):
    """PostgreSQL's JSON parameter (a Jsonb wrapper) has no equality of its own."""
    return (type(value).__name__, value.obj) if hasattr(value, "obj") else value


def django_params(obj, fields, add: bool | None) -> list:
    return [comparable(f.get_db_prep_save(f.pre_save(obj, add) if add is not None else getattr(obj, f.attname),
                                          connection)) for f in fields]


def objects(world):
    vp, user = world["vp"], world["users"]["clerk"]
    now = timezone.now()
    case = Case(id=7, body=vp, number="X/1", act_id="goa", procedure="p", pack_version="1",
                settings_snapshot={"versions": {}}, title="t", opened_on=dt.date(2026, 1, 5), status="pending",
                closed=False, next_deadline=None, due=dt.date(2026, 2, 1), derived={"a": [1, "b", None]},
                derived_as_of=now, created_by=user, created_at=now, updated_at=now)
    event = CaseEvent(body_id=vp.pk, case_id=7, seq=1, chain_seq=3, type="x", on_date=dt.date(2026, 1, 5),
                      on_at=now, by_role="clerk", actor=None, data={"n": 1.5, "s": "é"}, pack_version="1",
                      recorded_at=now, prev_hash="", hash="h")
    odd = CaseEvent(body_id=str(vp.pk), case_id=7, seq="2", chain_seq=4, type="x", on_date=dt.datetime(2026, 1, 5, 10, tzinfo=dt.UTC),
                    by_role="clerk", data=[1], pack_version=1, recorded_at=now, prev_hash="", hash="h")
    return [case, event, odd, CaseRoute(body_id=vp.pk, case_id=7, role="bdo", office_body_id=vp.pk, active=1),
            Person(body=vp, name="A")]


def test_insert_parameters_are_djangos(world):
    for obj in objects(world):
        fields = [f for f in type(obj)._meta.concrete_fields if not f.primary_key]
        stamped = [i for i, f in enumerate(fields) if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False)]
        ours = [comparable(p) for p in prepared._params(fields, True)(obj, connection)]
        theirs = django_params(obj, fields, True)
        for i in stamped:                                    # the time, stamped twice: each a moment ago
            assert abs(getattr(obj, fields[i].attname) - timezone.now()) < dt.timedelta(seconds=5)
            ours[i] = theirs[i] = None
        assert ours == theirs, type(obj).__name__


def test_update_parameters_are_djangos(world):
    ledger = BodyLedger(body=world["vp"], case_count=2, event_count=5, head_hash="h", updated_at=timezone.now())
    for obj, names in ((objects(world)[0], ["status", "due", "derived", "derived_as_of", "next_deadline", "version"]),
                       (ledger, ["case_count", "event_count", "head_hash", "updated_at"])):
        fields = [type(obj)._meta.get_field(n) for n in names]
        assert [comparable(p) for p in prepared._params(fields, None)(obj, connection)] == django_params(obj, fields, None)


def test_instances_are_djangos(world):
    row = Body.objects.filter(pk=world["vp"].pk).values_list(*(f.attname for f in Body._meta.concrete_fields)).get()
    ours, theirs = prepared.maker(Body)("default", row), Body.from_db("default", None, row)
    assert (ours.__dict__.keys() - {"_state"}) == (theirs.__dict__.keys() - {"_state"})
    assert all(getattr(ours, f.attname) == getattr(theirs, f.attname) for f in Body._meta.concrete_fields)
    assert (ours._state.adding, ours._state.db) == (False, "default")
    assert ours.parent == world["block"]                     # a relation read lazily, as Django's


@contextlib.contextmanager
def heard(sender):
    """The instances post_init announces for `sender` while the block runs."""
    seen = []

    def receiver(sender, instance, **kwargs):
        seen.append(instance)
    post_init.connect(receiver, sender=sender)
    try:
        yield seen
    finally:
        post_init.disconnect(receiver, sender=sender)


def test_instances_send_post_init_when_someone_listens(world):
    with heard(Body) as seen:
        body = prepared.maker(Body)("default", Body.objects.values_list(
            *(f.attname for f in Body._meta.concrete_fields)).get(pk=world["vp"].pk))
    assert seen == [body]


def test_statements_are_seen_and_errors_are_djangos(world):
    person = Person(body=world["vp"], name="A")
    with CaptureQueriesContext(connection) as q:
        prepared.insert([person])
    assert [x["sql"] for x in q.captured_queries if "records_person" in x["sql"]]
    again = Person(id=person.pk, body=world["vp"], name="B")
    with pytest.raises(IntegrityError), transaction.atomic():
        prepared.insert([again])                             # the DB-API's error, as Django's IntegrityError
    assert Person.objects.get(pk=person.pk).name == "A"


def test_annotations_and_related_rows_are_djangos(world):
    from django.db.models import Count, Exists, OuterRef

    def build(pk):
        children = Body.objects.filter(parent=OuterRef("pk"))
        return (Body.objects.select_related("parent").filter(pk=pk)
                .annotate(offices_here=Count("offices"), has_children=Exists(children)))
    for body in (world["vp"], world["block"]):
        ours, theirs = prepared.Prepared(build, -101)(body.pk)[0], build(body.pk).get()
        assert (ours.offices_here, ours.has_children) == (theirs.offices_here, theirs.has_children)
        assert type(ours.has_children) is bool and ours.parent == theirs.parent
        assert all(getattr(ours, f.attname) == getattr(theirs, f.attname) for f in Body._meta.concrete_fields)


def test_moments_are_djangos(world):
    """A timestamptz read by psycopg's own loader on the write path's cursors (PostgreSQL): the same moment, in
    the same zone object, as Django's loader gives."""
    person = Person(body=world["vp"], name="A", created_at=dt.datetime(2026, 3, 2, 10, 30, 5, 123456, tzinfo=dt.UTC))
    prepared.insert([person])
    ours = prepared.Prepared(lambda pk: Person.objects.select_related("body").filter(pk=pk), -101)(person.pk)[0]
    theirs = Person.objects.select_related("body").get(pk=person.pk)
    for a, b in ((ours.created_at, theirs.created_at), (ours.body.created_at, theirs.body.created_at)):
        assert a == b and a.tzinfo is b.tzinfo and a.isoformat() == b.isoformat()
    assert ours.created_at == person.created_at


# prepared.new: a row not yet stored, made without Model.__init__, is the instance Django makes

def values_of(obj) -> dict:
    """Each field's value; a moment stamped by a default (timezone.now) as whether it is a moment ago."""
    out = {}
    for f in type(obj)._meta.concrete_fields:
        value = getattr(obj, f.attname)
        stamped = callable(f.default) and isinstance(value, dt.datetime)
        out[f.attname] = abs(value - timezone.now()) < dt.timedelta(seconds=5) if stamped else value
    return out


def cases(world):
    vp, clerk = world["vp"], world["users"]["clerk"]
    now = timezone.now()
    person = Person(body=vp, name="A")
    case = Case(body=vp, act_id=vp.act_id, procedure="p", title="t", applicant=person, opened_on=now.date())
    return [
        (Case, {"body": vp, "act_id": vp.act_id, "procedure": "p", "pack_version": "1", "settings_snapshot": {},
                "title": "t", "applicant": person, "applicant_user": None, "property": None,
                "opened_on": dt.date(2026, 1, 5), "created_by": clerk}),
        (CaseEvent, {"body_id": vp.pk, "case": case, "seq": 1, "type": "x", "on_date": now.date(), "on_at": now,
                     "by_role": "clerk", "actor": clerk, "system": False, "data": {"a": 1}, "pack_version": "1",
                     "recorded_at": now, "clock_dated": True, "late_reason": ""}),
        (CaseRoute, {"body_id": vp.pk, "case": case, "role": "bdo", "office_body_id": 1, "active": True}),
        (Person, {"body": vp, "user": None, "name": "A", "email": "a@example.org"}),
        (Property, {"body": vp, "owner": person, "declared_by": clerk}),
    ]


def test_new_rows_are_djangos(world):
    for model, values in cases(world):
        ours, theirs = prepared.new(model, **values), model(**values)
        assert type(ours) is model
        assert values_of(ours) == values_of(theirs), model.__name__
        assert (ours._state.adding, ours._state.db) == (theirs._state.adding, theirs._state.db)
        for name, value in values.items():                  # a related object given is kept, as Django keeps it
            assert getattr(ours, name) is getattr(theirs, name) or getattr(ours, name) == value, (model, name)


def test_a_relation_by_its_id_is_read_as_djangos(world):
    route = prepared.new(CaseRoute, body_id=world["vp"].pk, case_id=7, role="bdo")
    assert route.active is False and route.pk is None and route.body == world["vp"]


def test_what_is_not_a_field_is_djangos_answer(world):
    with pytest.raises(TypeError):
        prepared.new(Person, body=world["vp"], nickname="A")
    with pytest.raises(TypeError):
        Person(body=world["vp"], nickname="A")
    both = {"body": world["vp"], "body_id": world["vp"].pk, "name": "A"}   # Django's own path, as given
    assert values_of(prepared.new(Person, **both)) == values_of(Person(**both))


def test_a_post_init_receiver_still_hears_of_new_rows(world):
    with heard(Person) as seen:
        person = prepared.new(Person, body=world["vp"], name="A")
    assert seen == [person]
