"""Every query is scoped: across bodies, and by role within a body."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_applicant_sees_only_own_cases(api, open_case):
    mine = open_case("applicant")
    theirs = open_case("neighbour")
    assert api.get("applicant", f"/api/cases/{theirs['id']}").status_code == 404
    assert [c["id"] for c in api.get("applicant", "/api/cases").json()["items"]] == [mine["id"]]
    assert [c["id"] for c in api.get("applicant", "/api/bodies/ga-taleigao/cases").json()["items"]] == [mine["id"]]
    # and cannot act as the Panchayat in their own case
    r = api.act("applicant", mine["id"],
                 {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": "x"}, "version": 1})
    assert r.status_code == 403 and r.json()["code"] == "not_your_role"


def test_other_bodies_see_nothing(api, open_case):
    case = open_case()
    for who in ("merces_secretary", "solan_eo"):
        assert api.get(who, f"/api/cases/{case['id']}").status_code == 404
        assert api.get(who, "/api/cases").json()["items"] == []
        r = api.get(who, "/api/bodies/ga-taleigao/cases")
        assert r.status_code == 404 and r["Content-Type"] == "application/problem+json"
        post = api.act(who, case["id"],
                        {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": "x"},
                         "version": 1})
        assert post.status_code == 404
    assert [b["code"] for b in api.get("solan_eo", "/api/bodies").json()] == ["hp-solan"]
    # a secretary of another panchayat cannot open a case at Taleigao
    r = api.post("merces_secretary", "/api/bodies/ga-taleigao/cases",
                 {"procedure": "building_permission", "event": {"type": "application_received", "on": "2026-01-05"}})
    assert r.status_code == 404


def test_auditor_reads_but_cannot_write(api, open_case):
    case = open_case()
    assert api.get("auditor", f"/api/cases/{case['id']}").status_code == 200
    r = api.act("auditor", case["id"],
                 {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": "x"}, "version": 1})
    assert r.status_code == 403
    r = api.post("auditor", "/api/bodies/ga-taleigao/cases",
                 {"procedure": "building_permission", "event": {"type": "application_received", "on": "2026-01-05"}})
    assert r.status_code == 403


def test_administrator_and_staff_reach_down_the_hierarchy(api, open_case):
    case = open_case()
    assert api.get("admin", f"/api/cases/{case['id']}").status_code == 200        # State-level administrator
    assert "ga-merces" in [b["code"] for b in api.get("admin", "/api/bodies").json()]
    assert api.get("admin", f"/api/cases/{case['id']}").json()["my_actions"] == []  # reads, does not act


def test_appellate_authority_sees_only_routed_cases(api, open_case):
    case = open_case()
    # pending with the Panchayat: neither the BDO nor the Director is engaged yet
    assert api.get("bdo", f"/api/cases/{case['id']}").status_code == 404
    assert api.get("director", "/api/cases").json()["items"] == []
    routes = {r["role"]: r for r in api.get("secretary", f"/api/cases/{case['id']}").json()["routes"]}
    assert routes["bdo"]["office"] == "ga-tiswadi" and routes["director"]["office"] == "ga"
    assert not routes["director"]["active"]


def test_clerk_opens_case_for_a_walk_in_applicant(api):
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", {
        "procedure": "building_permission",
        "event": {"type": "application_received", "on": "2026-01-06", "by": "applicant", "data": {"complete": True}},
        "applicant": {"name": "Maria Fernandes", "phone": "9822000000", "address": "Taleigao"},
    }, entered="2026-01-06")
    assert r.status_code == 201, r.content
    case = r.json()
    assert case["applicant"]["name"] == "Maria Fernandes" and case["events"][0]["actor"] == "clerk"
    # the clerk may not decide
    read = api.get("clerk", f"/api/cases/{case['id']}").json()
    assert all(a["as_role"] == "applicant" for a in read["my_actions"])


def test_people_and_properties_are_staff_only_and_per_body(api):
    r = api.post("clerk", "/api/bodies/ga-taleigao/people", {"name": "Ramesh Naik", "phone": "9822111111"})
    assert r.status_code == 201
    person = r.json()["id"]
    r = api.client.post(f"/api/bodies/ga-taleigao/properties?owner_id={person}",
                        {"address": "House 4, Odxel", "survey_number": "12/3"}, content_type="application/json",
                        HTTP_AUTHORIZATION=f"Bearer {api.tokens['clerk']}")
    assert r.status_code == 201, r.content
    assert [p["survey_number"] for p in api.get("secretary", "/api/bodies/ga-taleigao/properties",
                                                survey_number="12/3").json()] == ["12/3"]
    assert api.get("applicant", "/api/bodies/ga-taleigao/properties").status_code == 403
    assert api.post("applicant", "/api/bodies/ga-taleigao/people", {"name": "X"}).status_code == 403
    assert api.get("merces_secretary", "/api/bodies/ga-taleigao/people").status_code == 404
    bad = api.post("clerk", "/api/bodies/ga-taleigao/people", {"name": ""})
    assert bad.status_code == 422 and bad["Content-Type"] == "application/problem+json"
