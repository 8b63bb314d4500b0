"""Parties and property (issue 25, finding 2: a citizen applied with `property_id` 1, 2, 3… and each
property's address and survey number came back). A citizen applies only on property linked to them, by the
office or declared on their own application; another's id is refused exactly as an unknown one."""

from __future__ import annotations

import re

import pytest

from adhiniyam.records.models import Case, Person, Property

pytestmark = pytest.mark.django_db


def apply(api, who="applicant", **extra):
    return api.post(who, "/api/bodies/ga-taleigao/cases",
                    {"procedure": "building_permission", "event": {"type": "application_received",
                                                                   "data": {"complete": True}}, **extra})


def _same(a, b, a_id, b_id):
    """Two answers equal but for the id the client itself sent."""
    assert a.status_code == b.status_code and a["Content-Type"] == b["Content-Type"]
    assert re.sub(rf"\b{a_id}\b", "ID", a.content.decode()) == re.sub(rf"\b{b_id}\b", "ID", b.content.decode())


def test_another_persons_property_is_refused_exactly_as_an_unknown_one(api, world):
    neighbour = Person.objects.create(body=world["vp"], name="Savio D'Souza", user=world["users"]["neighbour"])
    theirs = Property.objects.create(body=world["vp"], owner=neighbour, survey_number="77/1",
                                     address="Savio's house, Caranzalem")
    unknown = theirs.pk + 1000
    a, b = apply(api, property_id=theirs.pk), apply(api, property_id=unknown)
    assert a.status_code == 404
    _same(a, b, theirs.pk, unknown)
    assert "Caranzalem" not in a.content.decode() and "77/1" not in a.content.decode()
    assert Case.objects.count() == 0
    # and another person's record as the applicant, the same
    a, b = apply(api, applicant_id=neighbour.pk), apply(api, applicant_id=neighbour.pk + 1000)
    assert a.status_code == 404
    _same(a, b, neighbour.pk, neighbour.pk + 1000)
    # the office may apply on it for its owner (a paper at the counter)
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", {
        "procedure": "building_permission", "property_id": theirs.pk, "applicant_id": neighbour.pk,
        "event": {"type": "application_received", "data": {"complete": True}}})
    assert r.status_code == 201 and r.json()["property"]["verified"] is True


def test_a_property_the_office_linked_to_the_citizen_is_theirs_to_apply_on(api, world):
    me = Person.objects.create(body=world["vp"], name="Asha Naik", user=world["users"]["applicant"])
    mine = Property.objects.create(body=world["vp"], owner=None, occupier=me, survey_number="12/3", address="Odxel")
    r = apply(api, property_id=mine.pk)
    assert r.status_code == 201, r.content
    assert r.json()["property"] == {"id": mine.pk, "address": "Odxel", "survey_number": "12/3", "verified": True,
                                    "declared_on_application": False}


def test_a_declared_property_is_verified_before_the_outcome_that_rests_on_it(api, world, client):
    """Declared on the application, the property is the citizen's claim: the case says so, no certificate
    of a deemed outcome is issued on it, until the office has verified it."""
    from api_client import entered_on
    with entered_on("2025-12-20"):        # fifteen days of silence since: deemed granted on 5 January
        r = apply(api, property={"address": "Plot 9, Miramar", "survey_number": "101/3"})
    assert r.status_code == 201, r.content
    case = api.get("applicant", f"/api/cases/{r.json()['id']}").json()
    assert case["status"] == "deemed_granted" and case["property"]["verified"] is False
    assert case["property"]["declared_on_application"] is True
    assert any("not yet verified" in w for w in case["warnings"])
    client.force_login(world["users"]["applicant"])
    assert client.get(f"/case/{case['id']}/pdf/deemed/0/").status_code == 404
    url = f"/api/bodies/ga-taleigao/properties/{case['property']['id']}/verify"
    assert api.post("applicant", url).status_code == 403             # not the citizen's to verify
    r = api.post("clerk", url)
    assert r.status_code == 200 and r.json()["verified"] is True
    assert api.get("applicant", f"/api/cases/{case['id']}").json()["warnings"] == []
    from adhiniyam.web.pdf import document_context
    ctx = document_context(world["users"]["applicant"], Case.objects.get(pk=case["id"]), "deemed", 0, "en")
    assert ctx["rests_on"][-1] == ("Property 101/3", "declared on the application; verified by clerk on "
                                                    "10 January 2026, 12:00")
