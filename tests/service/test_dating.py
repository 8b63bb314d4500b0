"""Who may date what (issue 25, finding 1: a citizen forged a deemed building permission by dating her
application 2 January 2025). Goa Panchayat Raj Act s.66(2), fifteen-day version: the Panchayat's silence
for fifteen days from receipt deems the permission granted, so the date of receipt is the office's fact.

The clock is 10 January 2026, noon IST (conftest)."""

from __future__ import annotations

import pytest
from api_client import entered_on

from adhiniyam.records.models import Case, CaseEvent, InterpretationChoice

pytestmark = pytest.mark.django_db
PROBLEM = "application/problem+json"
LATE = "records.late_entry.outcome_already_arisen"


def application(on=None, late_reason=None, **extra):
    event = {"type": "application_received", "data": {"complete": True}}
    if on:
        event["on"] = on
    if late_reason:
        event["late_reason"] = late_reason
    return {"procedure": "building_permission", "event": event,
            "property": {"address": "H.No. 12, Dona Paula road", "survey_number": "45/2"}, **extra}


def test_a_citizens_back_dated_application_is_refused_and_stores_nothing(api, world):
    """The finding as it was reproduced: the applicant's own application dated 2 January 2025."""
    r = api.post("applicant", "/api/bodies/ga-taleigao/cases", application(on="2025-01-02"))
    assert r.status_code == 422 and r["Content-Type"] == PROBLEM
    assert r.json()["code"] == "dated_on_receipt" and "10 January 2026" in r.json()["detail"]
    assert Case.objects.count() == 0 and CaseEvent.objects.count() == 0
    # the same for any other day, even yesterday, and for a clock time: only the day of receipt is hers
    for on in ("2026-01-09", "2026-01-09T10:00"):
        assert api.post("applicant", "/api/bodies/ga-taleigao/cases", application(on=on)).json()["code"] == \
            "dated_on_receipt"
    assert Case.objects.count() == 0


def test_a_citizens_application_is_dated_by_the_servers_clock_on_receipt(api, world):
    r = api.post("applicant", "/api/bodies/ga-taleigao/cases", application())
    assert r.status_code == 201, r.content
    case = r.json()
    assert case["opened_on"] == "2026-01-10" and case["status"] == "pending"
    first = case["events"][0]
    assert first["on"] == "2026-01-10" and first["dated_by"] == "clock" and first["recorded_late"] is False
    assert first["recorded_at"].startswith("2026-01-10T06:30")            # noon IST, on the server's clock
    # sending today's date is the same thing; a citizen's later paper is dated on receipt too
    assert api.post("applicant", "/api/bodies/ga-taleigao/cases", application(on="2026-01-10")).status_code == 201
    r = api.post("applicant", f"/api/cases/{case['id']}/actions",
                 {"type": "application_withdrawn", "on": "2026-01-08", "version": 1})
    assert r.status_code == 422 and r.json()["code"] == "dated_on_receipt"


def test_office_back_dating_needs_a_reason_within_the_bodys_limit(api, world):
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", application(on="2026-01-05"))
    assert r.status_code == 422 and r.json()["code"] == "late_reason_required"
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases",
                 application(on="2026-01-05", late_reason="Paper received at the counter on 5 January"))
    assert r.status_code == 201, r.content
    first = r.json()["events"][0]
    assert first["on"] == "2026-01-05" and first["dated_by"] == "office" and first["recorded_late"] is True
    assert first["late_reason"] == "Paper received at the counter on 5 January"
    assert CaseEvent.objects.get(case_id=r.json()["id"]).late_reason == first["late_reason"]
    # the explanation says so too (the engine's step, from Event.recorded_on: contract 4); a write answers
    # without it unless asked (issue 21), a read has it
    explained = api.get("clerk", f"/api/cases/{r.json()['id']}").json()["explanation"]
    assert any("recorded late — it happened on 5 January 2026 and was entered on 10 January 2026" in s["text"]
               for s in explained)
    # the body's limit: thirty days back by default, as far as its administrator sets
    too_old = application(on="2025-12-01", late_reason="Found in the inward register")
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", too_old)
    assert r.status_code == 422 and r.json()["code"] == "too_late_to_enter" and "30 days" in r.json()["detail"]
    world["vp"].late_entry_days = 60
    world["vp"].save()
    assert api.post("clerk", "/api/bodies/ga-taleigao/cases", too_old).status_code in (201, 403)
    # the same day needs no reason, and the engine is told when each entry was made (contract 4)
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", application(on="2026-01-10"))
    assert r.status_code == 201 and r.json()["events"][0]["recorded_late"] is False
    from adhiniyam.records import engine as E
    row = CaseEvent.objects.filter(late_reason__startswith="Paper").get()
    assert E.to_engine_event(row).recorded_on.isoformat() == "2026-01-10"


# A paper received on 20 December 2025 (fifteen days ran out on 4 January: deemed granted on 5 January)
# and entered on 10 January: the entry creates at once an outcome that has already arisen.
LATE_PAPER = application(on="2025-12-20", late_reason="Paper application received at the counter on 20 December, "
                                                      "found unentered in the inward register")


def test_by_default_a_late_entry_that_creates_a_deemed_grant_needs_the_deciding_officer(api, world):
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", LATE_PAPER)
    assert r.status_code == 403 and r.json()["code"] == "late_entry_needs_deciding_officer"
    assert "deemed granted on 5 January 2026" in r.json()["detail"] and LATE in r.json()["detail"]
    assert Case.objects.count() == 0 and CaseEvent.objects.count() == 0
    r = api.post("secretary", "/api/bodies/ga-taleigao/cases", LATE_PAPER)
    assert r.status_code == 201, r.content
    case = r.json()
    assert case["status"] == "deemed_granted" and case["deemed"][0]["on"] == "2026-01-05"
    assert case["events"][0]["actor"] == "secretary" and case["events"][0]["recorded_late"]
    assert CaseEvent.objects.filter(case_id=case["id"], system=True, type="permission_deemed_granted").count() == 1


def test_with_the_office_staff_reading_a_clerk_may_make_that_entry(api, world):
    InterpretationChoice.objects.create(body=world["vp"], interpretation=LATE, reading="office_staff",
                                        reason="The clerks keep the inward register (resolution 2/2026)")
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", LATE_PAPER)
    assert r.status_code == 201, r.content
    assert r.json()["status"] == "deemed_granted" and r.json()["events"][0]["actor"] == "clerk"


def test_a_late_action_that_creates_an_outcome_is_judged_by_the_same_reading(api, world):
    """Not only the opening: the applicant's compliance with observations, entered late by the clerk, can
    make the fifteen days run out in the past."""
    with entered_on("2025-12-20"):
        case = api.post("applicant", "/api/bodies/ga-taleigao/cases", application()).json()
    with entered_on("2025-12-22"):
        r = api.post("secretary", f"/api/cases/{case['id']}/actions",
                     {"type": "observations_dispatched", "data": {"observations": "site plan"}, "version": 1})
        assert r.status_code == 201, r.content
    complied = {"type": "observations_complied", "on": "2025-12-23", "version": 2,
                "late_reason": "Compliance letter of 23 December found in the tappal"}
    r = api.post("clerk", f"/api/cases/{case['id']}/actions", complied)
    assert r.status_code == 403 and r.json()["code"] == "late_entry_needs_deciding_officer"
    r = api.post("secretary", f"/api/cases/{case['id']}/actions", complied)
    assert r.status_code == 201 and r.json()["status"] == "deemed_granted", r.content


def test_the_reading_is_switchable_only_to_its_own_readings():
    from django.core.exceptions import ValidationError

    from adhiniyam.records.models import Body
    body = Body.objects.create(code="ga-x", name="X", kind="gram_panchayat", state="GA", act_id="goa_panchayat_raj_1994")
    InterpretationChoice(body=body, interpretation=LATE, reading="office_staff").full_clean()
    with pytest.raises(ValidationError) as bad:
        InterpretationChoice(body=body, interpretation=LATE, reading="anyone").full_clean()
    assert "deciding_officer, office_staff" in str(bad.value)
    with pytest.raises(ValidationError) as bad:
        InterpretationChoice(body=body, interpretation="records.late_entry.whatever", reading="x").full_clean()
    assert LATE in str(bad.value) and "goa.s66.observation_pause_days" in str(bad.value)


def test_the_certificate_states_the_late_entry_it_rests_on(api, world):
    """An office back-dating is shown as such on the certificate: the day of receipt, the day it was
    entered, by whom and why."""
    from adhiniyam.web.pdf import render_html
    r = api.post("secretary", "/api/bodies/ga-taleigao/cases", {**LATE_PAPER, "property": None})
    assert r.status_code == 201, r.content
    case = Case.objects.get(pk=r.json()["id"])
    html = render_html(world["users"]["secretary"], case, "deemed", 0, "en")
    assert "The dates it rests on, and how each was recorded" in html
    assert "Application received — 20 December 2025" in html
    assert ("recorded late: entered on 10 January 2026, 12:00 by secretary, because: Paper application received at "
            "the counter on 20 December, found unentered in the inward register") in html
    ack = render_html(world["users"]["secretary"], case, "receipt", 0, "en")
    assert "The date of receipt: recorded late: entered on 10 January 2026" in ack
    secretary = world["users"]["secretary"]
    secretary.first_name, secretary.last_name = "Sunita", "Naik"
    secretary.save()
    html = render_html(secretary, case, "deemed", 0, "en")
    assert "entered on 10 January 2026, 12:00 by Sunita Naik, because" in html  # the officer's name, not the account's


def test_the_late_entries_are_listed_for_the_auditor(api, world):
    import io

    from django.core.management import call_command
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases",
                 application(on="2026-01-05", late_reason="Paper received at the counter on 5 January"))
    assert r.status_code == 201
    api.post("clerk", "/api/bodies/ga-taleigao/cases", application(on="2026-01-10"))     # on the day: not listed
    out = io.StringIO()
    call_command("audit", "late", "--body", "ga-taleigao", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[-1] == "1 entries recorded late"
    assert "application_received  happened 2026-01-05  entered 2026-01-10 12:00  by clerk: Paper received" in lines[0]
