"""A case through its life: refusal and appeal routed to the Director, the BDO route chosen by a
body, and the sweep recording what time alone produced, once."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def act(api, who, case, type_, on, data=None, by=None):
    version = api.get(who, f"/api/cases/{case['id']}").json()["version"]
    payload = {"type": type_, "on": on, "data": data or {}, "version": version}
    if by:
        payload["by"] = by
    r = api.act(who, case["id"], payload)
    assert r.status_code == 201, r.content
    return r.json()


def test_refusal_appeal_goes_to_the_director_not_the_bdo(api, open_case):
    case = open_case()
    refused = act(api, "secretary", case, "permission_refused", "2026-01-08", {"reasons": "Setback not kept"})
    assert refused["status"] == "refused"
    assert "appeal_to_director" in refused["allowed"]["applicant"]
    assert api.get("director", f"/api/cases/{case['id']}").status_code == 404   # nothing before it yet
    appealed = act(api, "applicant", case, "appeal_to_director", "2026-01-09")
    assert appealed["status"] == "appealed"
    # now routed to the Director at the State level, and only there
    seen = api.get("director", "/api/cases").json()["items"]
    assert [c["id"] for c in seen] == [case["id"]]
    assert api.get("bdo", f"/api/cases/{case['id']}").status_code == 404
    director_view = api.get("director", f"/api/cases/{case['id']}").json()
    assert {a["type"] for a in director_view["my_actions"]} == {"appeal_allowed", "appeal_dismissed"}
    # the secretary cannot decide the appeal
    r = api.act("secretary", case["id"],
                 {"type": "appeal_allowed", "on": "2026-01-10", "version": director_view["version"]})
    assert r.status_code == 403
    done = act(api, "director", case, "appeal_allowed", "2026-01-10")
    assert done["closed"] is True and done["status"] == "appeal_allowed"
    closed = api.act("director", case["id"],
                      {"type": "appeal_dismissed", "on": "2026-01-10", "version": done["version"]})
    assert closed.status_code in (409, 422) and closed["Content-Type"] == "application/problem+json"


def test_body_choice_of_version_routes_to_the_bdo(api, world, settings):
    from adhiniyam.records.models import ProvisionChoice

    ProvisionChoice.objects.create(body=world["vp"], provision="sec_66__subsec_2",
                                   version="sec_66__subsec_2__bdo_route", reason="Panchayat resolution 4/2025")
    r = api.post("applicant", "/api/bodies/ga-taleigao/cases", {
        "procedure": "building_permission",
        "event": {"type": "application_received", "data": {"complete": True}}}, entered="2025-12-01")
    assert r.status_code == 201, r.content
    case = api.get("applicant", f"/api/cases/{r.json()['id']}").json()       # read today, 10 January
    assert case["versions"]["sec_66__subsec_2"] == "sec_66__subsec_2__bdo_route"
    assert case["status"] == "forward_due"          # thirty days passed on 31 December
    act(api, "secretary", case, "forwarded_to_bdo", "2026-01-02")
    bdo_view = api.get("bdo", f"/api/cases/{case['id']}")
    assert bdo_view.status_code == 200
    assert {a["type"] for a in bdo_view.json()["my_actions"]} >= {"bdo_granted", "bdo_refused"}
    assert api.get("director", f"/api/cases/{case['id']}").status_code == 404


def test_sweep_records_deemed_grant_once_and_only_for_passed_deadlines(api, open_case, settings):
    from adhiniyam.records.models import Case, CaseEvent

    silent = open_case()                       # 5 Jan, pending; the Panchayat's 15 days end on 20 Jan
    fresh = open_case("neighbour", on="2026-01-10")
    stored = Case.objects.get(pk=silent["id"])
    assert stored.status == "pending" and stored.next_deadline.isoformat() == "2026-01-20"
    out = io.StringIO()
    call_command("sweep", stdout=out)          # 10 Jan: nothing has passed
    assert "0 system events" in out.getvalue()
    settings.ADHINIYAM_CLOCK = "2026-01-25T09:00"
    out = io.StringIO()
    call_command("sweep", stdout=out)
    # only the silent case is looked at: the fresh one was received on a second Saturday, so its
    # fifteen days run from Monday 12 January to 27 January
    assert "1 cases past their next deadline, 1 system events recorded" in out.getvalue()
    stored.refresh_from_db()
    assert stored.status == "deemed_granted" and stored.version == 2
    system = CaseEvent.objects.filter(case=stored, system=True)
    assert [(e.type, e.on_date.isoformat()) for e in system] == [("permission_deemed_granted", "2026-01-21")]
    assert CaseEvent.objects.filter(case_id=fresh["id"], system=True).count() == 0
    assert Case.objects.get(pk=fresh["id"]).next_deadline.isoformat() == "2026-01-27"
    out = io.StringIO()
    call_command("sweep", stdout=out)          # incremental and idempotent: nothing is due again
    assert "0 cases past their next deadline, 0 system events" in out.getvalue()
    stored.refresh_from_db()
    assert stored.next_deadline.isoformat() == "2026-02-05"      # intimation and fee within fifteen days
    settings.ADHINIYAM_CLOCK = "2026-01-26T09:00"
    from adhiniyam.records.services import sweep_case
    assert sweep_case(stored.pk) == []                            # swept again by hand: nothing twice
    assert CaseEvent.objects.filter(system=True).count() == 1
    call_command("audit", "verify", stdout=out)
    assert "intact" in out.getvalue()
    read = api.get("applicant", f"/api/cases/{silent['id']}").json()
    assert read["deemed"][0]["outcome"] == "granted" and read["deemed"][0]["conditions"]
    assert any(e["system"] and e["by"] == "system" for e in read["events"])
