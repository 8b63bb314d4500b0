"""The API end to end: create, act, read, list, errors, 409, and the problem+json shape."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


def test_openapi_and_docs_are_served(client):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    paths = r.json()["paths"]
    assert "/api/cases/{case_id}/actions" in paths and "/api/bodies/{code}/procedures" in paths
    assert client.get("/api/docs").status_code == 200


def test_unauthenticated_gets_problem(client, world):
    r = client.get("/api/cases")
    assert r.status_code == 401 and r["Content-Type"] == PROBLEM
    assert "Bearer" in r.json()["detail"]


def test_token_from_password(client, world):
    r = client.post("/api/auth/token", {"username": "clerk", "password": "pass-clerk"}, content_type="application/json")
    assert r.status_code == 201
    token = r.json()["token"]
    assert client.get("/api/me", HTTP_AUTHORIZATION=f"Bearer {token}").json()["memberships"][0]["role"] == "clerk"
    bad = client.post("/api/auth/token", {"username": "clerk", "password": "nope"}, content_type="application/json")
    assert bad.status_code == 401 and bad.json()["code"] == "bad_credentials" and "instance" in bad.json()


def test_bodies_and_procedures(api):
    r = api.get("secretary", "/api/bodies/ga-taleigao")
    assert r.status_code == 200
    body = r.json()
    assert body["ancestors"] == ["ga-tiswadi", "ga"]
    assert body["routes"]["bdo"]["body"] == "ga-tiswadi" and body["routes"]["director"]["body"] == "ga"
    procs = api.get("secretary", "/api/bodies/ga-taleigao/procedures").json()
    bp = next(p for p in procs if p["id"] == "building_permission")
    assert bp["role_kinds"]["bdo"] == "authority" and "application_received" in bp["opening_events"]


def test_create_read_act_list(api, open_case):
    case = open_case()
    assert case["status"] == "pending" and case["version"] == 1
    assert case["number"].startswith("GA-TALEIGAO/2026/")
    assert case["events"][0]["by"] == "applicant" and case["events"][0]["hash"]
    assert case["explanation"] == [], "a write answers without the trace unless asked"
    # the secretary sees the case and may act on it
    read = api.get("secretary", f"/api/cases/{case['id']}").json()
    assert read["explanation"], "the read carries the cited trace"
    assert api.get("secretary", f"/api/cases/{case['id']}", explain="false").json()["explanation"] == []
    assert "secretary" in read["my_roles"]
    assert any(a["type"] == "observations_dispatched" for a in read["my_actions"])
    # the applicant's papers only as the office records them for the party (a letter handed in at the office)
    assert read["my_roles"]["applicant"] == "recording for the party"
    r = api.act("secretary", case["id"],
                 {"type": "observations_dispatched", "on": "2026-01-07",
                  "data": {"observations": "Setback of 3 m not shown on the site plan"}, "version": read["version"]})
    assert r.status_code == 201, r.content
    acted = r.json()
    assert acted["status"] == "observations_pending" and acted["version"] == 2 and len(acted["events"]) == 2
    reread = api.get("secretary", f"/api/cases/{case['id']}", explain="false").json()
    assert {k: v for k, v in acted.items() if k != "as_of"} == {k: v for k, v in reread.items() if k != "as_of"}, \
        "the write's answer is the case as a read without the explanation shows it"
    assert acted["events"][1]["by"] == "secretary" and acted["events"][1]["actor"] == "secretary"
    # inbox of the body, by next deadline
    inbox = api.get("secretary", "/api/bodies/ga-taleigao/cases").json()
    assert [c["id"] for c in inbox["items"]] == [case["id"]]
    listed = api.get("secretary", "/api/cases", body="ga-taleigao", status="observations_pending").json()
    assert [c["status"] for c in listed["items"]] == ["observations_pending"]
    assert api.get("secretary", "/api/cases", body="ga-taleigao", status="pending").json()["items"] == []


def test_stale_version_gets_409_and_changes_nothing(api, open_case):
    case = open_case()
    ok = api.act("secretary", case["id"],
                  {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": "Site plan missing"},
                   "version": 1})
    assert ok.status_code == 201, ok.content
    stale = api.act("applicant", case["id"],
                     {"type": "application_withdrawn", "on": "2026-01-08", "version": 1})
    assert stale.status_code == 409 and stale["Content-Type"] == PROBLEM
    assert stale.json()["code"] == "stale_version" and "reload" in stale.json()["detail"]
    assert len(api.get("secretary", f"/api/cases/{case['id']}").json()["events"]) == 2


def test_law_refusal_is_422_problem_and_stores_nothing(api, open_case):
    case = open_case()
    # an appeal lies only from a refusal (the engine says why, with the section)
    r = api.act("applicant", case["id"],
                 {"type": "appeal_to_director", "on": "2026-01-08", "version": 1})
    assert r.status_code == 422 and r["Content-Type"] == PROBLEM
    p = r.json()
    assert p["code"] == "not_allowed" and p["detail"]
    after = api.get("applicant", f"/api/cases/{case['id']}").json()
    assert after["version"] == 1 and len(after["events"]) == 1


def test_bad_input_errors(api, open_case):
    case = open_case()
    url = f"/api/cases/{case['id']}/actions"
    bad_date = api.post("secretary", url, {"type": "permission_refused", "on": "12/01/2026",
                                           "data": {"reasons": "x"}, "version": 1})
    assert bad_date.status_code == 422 and "YYYY-MM-DD" in bad_date.json()["detail"]
    future = api.post("secretary", url, {"type": "permission_refused", "on": "2999-01-01",
                                         "data": {"reasons": "x"}, "version": 1})
    assert future.status_code == 422 and future.json()["code"] == "future_date"
    missing = api.post("secretary", url, {"type": "permission_refused", "on": "2026-01-10"})
    assert missing.status_code == 422 and "version" in missing.json()["detail"]
    unknown = api.post("secretary", url, {"type": "permission_teleported", "on": "2026-01-10", "version": 1})
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_event"
    before = api.post("secretary", url, {"type": "permission_refused", "on": "2026-01-01",
                                         "data": {"reasons": "x"}, "version": 1})
    assert before.status_code == 422, before.content
    no_proc = api.post("clerk", "/api/bodies/ga-taleigao/cases",
                       {"procedure": "moon_landing", "event": {"type": "x", "on": "2026-01-05"}})
    assert no_proc.status_code == 404 and "building_permission" in no_proc.json()["detail"]
    not_opening = api.post("clerk", "/api/bodies/ga-taleigao/cases",
                           {"procedure": "building_permission", "event": {"type": "permission_granted",
                                                                          "on": "2026-01-05"}})
    assert not_opening.status_code == 422 and "application_received" in not_opening.json()["detail"]
    assert api.get("secretary", f"/api/cases/{case['id']}").json()["version"] == 1


def test_request_shapes_read_a_json_object_as_ninjas_schema_does():
    """schemas.In validates a dict as it is; the answer and the errors are those of ninja's attribute-wise read."""
    import pydantic
    from ninja.schema import DjangoGetter

    from adhiniyam.api import schemas as S

    def outcome(cls, data):
        try:
            return cls.model_validate(data).model_dump()
        except pydantic.ValidationError as exc:
            return [(e["loc"], e["type"], e["msg"]) for e in exc.errors()]

    for cls, data in ((S.ActionIn, {"type": "a", "version": "1", "data": {"f": [1, {"g": None}]}}),
                      (S.ActionIn, {"type": 3, "on": "2026-01-05", "extra": 1}), (S.ActionIn, []),
                      (S.CaseCreateIn, {"procedure": "p", "event": {"type": "a"}, "applicant": {"name": "A", "email": "x"}}),
                      (S.CaseCreateIn, {"procedure": "p", "event": "str", "applicant": [1], "property": {"address": ""}})):
        assert outcome(cls, data) == outcome(cls, DjangoGetter(data, cls)), data
