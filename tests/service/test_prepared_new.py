"""prepared.new makes a row not yet stored without Model.__init__ (issue 21); these check that it gives the
instance Django gives: each field's value, the related objects kept, the state, and Django's own answer
(TypeError) to a name that is no field."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db.models.signals import post_init
from django.utils import timezone

from adhiniyam.records import prepared
from adhiniyam.records.models import Case, CaseEvent, CaseRoute, Person, Property

pytestmark = pytest.mark.django_db


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
    heard = []

    def receiver(sender, instance, **kwargs):
        heard.append(sender)

    post_init.connect(receiver, sender=Person)
    try:
        prepared.new(Person, body=world["vp"], name="A")
    finally:
        post_init.disconnect(receiver, sender=Person)
    assert heard == [Person]
