"""Late entries that correct the record (issue 24, item 2). Goa Panchayat Raj Act s.66(2), fifteen-day
version: an application received on 20 December 2025 is deemed granted on 5 January 2026 by the
Panchayat's silence ("after expiry of such period of fifteen days, such permission shall be deemed to
have been granted"), and the sweep records that outcome. But the Panchayat's observations were sent on
24 December, within the seven days of the proviso, which stops the clock — the paper is entered only
on 10 January (the clock of these tests). The deemed grant of 5 January did not arise: it is superseded
by a correction, never deleted.

Whether such an entry may defeat an outcome that has already arisen is the records service's reading
records.late_entry.defeat_outcome_already_arisen (readings.yaml)."""

from __future__ import annotations

import io

import pytest
from api_client import entered_on
from django.core.management import call_command

from adhiniyam.records import services as S
from adhiniyam.records.models import CaseEvent, InterpretationChoice

pytestmark = pytest.mark.django_db
DEFEAT = "records.late_entry.defeat_outcome_already_arisen"
REASON = "Office copy of the observations letter of 24 December found in the outward register on 10 January"
OBSERVATIONS = {"type": "observations_dispatched", "on": "2025-12-24", "late_reason": REASON,
                "data": {"observations": "site plan to scale 1:100"}}


@pytest.fixture
def granted(api):
    """The case on 10 January: received on 20 December (the applicant's own application, dated on
    receipt), its deemed grant of 5 January recorded by the sweep."""
    with entered_on("2025-12-20"):
        case = api.post("applicant", "/api/bodies/ga-taleigao/cases", {
            "procedure": "building_permission",
            "event": {"type": "application_received", "data": {"complete": True}},
            "property": {"address": "H.No. 12, Dona Paula road", "survey_number": "45/2"}}).json()
    recorded = S.sweep_case(case["id"])
    assert [(e.type, e.on_date.isoformat()) for e in recorded] == [("permission_deemed_granted", "2026-01-05")]
    return api.get("applicant", f"/api/cases/{case['id']}").json()


WITHDRAWAL = {"type": "application_withdrawn", "on": "2026-01-02",
              "late_reason": "The applicant's letter of withdrawal handed in at the counter on 2 January, found in "
                             "the tappal on 10 January"}


def _late_observations(api, who, case):
    return api.post(who, f"/api/cases/{case['id']}/actions", {**OBSERVATIONS, "version": case["version"]})


def _late_withdrawal(api, who, case):
    """The applicant's own paper, which the clerk at the counter enters for her."""
    return api.post(who, f"/api/cases/{case['id']}/actions", {**WITHDRAWAL, "version": case["version"]})


def test_a_late_paper_that_defeats_a_deemed_grant_supersedes_it_with_a_correction(api, world, granted):
    assert granted["status"] == "deemed_granted"
    r = _late_observations(api, "secretary", granted)
    assert r.status_code == 201, r.content
    case = r.json()
    assert case["status"] == "observations_pending"          # the clock stopped on 24 December
    rows = list(CaseEvent.objects.filter(case_id=case["id"]).order_by("seq"))
    assert [(e.seq, e.type, e.on_date.isoformat(), e.system) for e in rows] == [
        (1, "application_received", "2025-12-20", False),
        (2, "permission_deemed_granted", "2026-01-05", True),    # kept: nothing is deleted
        (3, "observations_dispatched", "2025-12-24", False),
        (4, "record_corrected", "2026-01-10", False),
    ]
    c = rows[3].data
    assert (c["supersedes"], c["superseded_type"], c["superseded_on"]) == (2, "permission_deemed_granted", "2026-01-05")
    assert c["now_on"] is None                                 # no deemed grant while the clock is stopped
    assert (c["late_type"], c["late_on"], c["entered_by"], c["reason"]) == (
        "observations_dispatched", "2025-12-24", "secretary", REASON)
    assert c["entered_at"].startswith("2026-01-10") and c["late"] is True
    assert rows[3].actor.username == "secretary"
    # the hash chain holds: the superseded record and its correction are both in it
    out = io.StringIO()
    call_command("audit", "verify", stdout=out)
    assert out.getvalue().strip() == "audit chain intact: 4 events checked"
    # the sweep neither records the superseded grant again nor corrects twice
    assert S.sweep_case(case["id"]) == []
    assert CaseEvent.objects.filter(case_id=case["id"]).count() == 4


def test_the_people_concerned_are_told_of_the_correction(api, world, granted):
    from adhiniyam.notify.models import Notification, Preference
    for name in ("applicant", "secretary"):
        user = world["users"][name]
        user.email = f"{name}@example.in"
        user.save()
        Preference.objects.create(body=world["vp"], user=user, language="en")
    assert _late_observations(api, "secretary", granted).status_code == 201
    told = Notification.objects.filter(case_id=granted["id"], kind="correction", channel="email")
    assert sorted(n.to_address for n in told) == ["applicant@example.in", "secretary@example.in"]
    for n in told:
        assert "5 January 2026" in n.text and REASON in n.text and "24 December 2025" in n.text, n.text


def test_by_default_only_the_deciding_officer_may_defeat_an_outcome_already_arisen(api, world, granted):
    before = CaseEvent.objects.count()
    r = _late_withdrawal(api, "clerk", granted)
    assert r.status_code == 403 and r.json()["code"] == "late_entry_needs_deciding_officer", r.content
    assert DEFEAT in r.json()["detail"] and "05 January 2026" in r.json()["detail"]
    assert CaseEvent.objects.count() == before                 # refused: nothing stored
    assert api.get("clerk", f"/api/cases/{granted['id']}").json()["status"] == "deemed_granted"


def test_with_the_office_staff_reading_a_clerk_may_enter_it(api, world, granted):
    InterpretationChoice.objects.create(body=world["vp"], interpretation=DEFEAT, reading="office_staff",
                                        reason="The clerks keep the outward register (resolution 3/2026)")
    r = _late_withdrawal(api, "clerk", granted)
    assert r.status_code == 201, r.content
    assert r.json()["status"] == "withdrawn"
    correction = CaseEvent.objects.get(case_id=granted["id"], type="record_corrected")
    assert correction.data["entered_by"] == "clerk" and correction.data["supersedes"] == 2


def test_with_the_never_reading_an_outcome_once_arisen_stands(api, world, granted):
    InterpretationChoice.objects.create(body=world["vp"], interpretation=DEFEAT, reading="never",
                                        reason="A deemed grant is the applicant's right once it has arisen")
    r = _late_observations(api, "secretary", granted)
    assert r.status_code == 403 and r.json()["code"] == "late_entry_cannot_defeat_outcome", r.content
    assert not CaseEvent.objects.filter(case_id=granted["id"], type="record_corrected").exists()


def test_late_papers_that_move_the_outcome_leave_one_grant_standing(api, world):
    """Observations of 22 December and compliance of 26 December, both entered late on 10 January after the
    sweep recorded the deemed grant of 5 January. The period between dispatch and compliance "shall not be
    considered" (GCA 'from ... to', reading goa.s66.observation_pause_days = from_to: four days), so the
    grant arises on 9 January: the record of 5 January is superseded, that of 9 January stands."""
    with entered_on("2025-12-20"):
        case = api.post("applicant", "/api/bodies/ga-taleigao/cases", {
            "procedure": "building_permission",
            "event": {"type": "application_received", "data": {"complete": True}},
            "property": {"address": "H.No. 14, Dona Paula road", "survey_number": "45/3"}}).json()
    S.sweep_case(case["id"])
    r = api.post("secretary", f"/api/cases/{case['id']}/actions", {**OBSERVATIONS, "on": "2025-12-22", "version": 2})
    assert r.status_code == 201, r.content
    r = api.post("secretary", f"/api/cases/{case['id']}/actions",
                 {"type": "observations_complied", "on": "2025-12-26", "version": 3,
                  "late_reason": "The applicant's compliance of 26 December, found in the tappal"})
    assert r.status_code == 201, r.content
    assert r.json()["status"] == "deemed_granted"
    rows = list(CaseEvent.objects.filter(case_id=case["id"]).order_by("seq"))
    grants = [(e.seq, e.on_date.isoformat()) for e in rows if e.type == "permission_deemed_granted"]
    assert grants == [(2, "2026-01-05"), (6, "2026-01-09")]
    corrections = [e.data for e in rows if e.type == "record_corrected"]
    assert [(c["supersedes"], c["late_type"], c["now_on"]) for c in corrections] == [
        (2, "observations_dispatched", None)]


def test_the_timeline_shows_the_superseded_grant_struck_through_with_the_reason(api, world, granted, client):
    assert _late_observations(api, "secretary", granted).status_code == 201
    from django.conf import settings
    client.force_login(world["users"]["applicant"])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(f"/case/{granted['id']}/").content.decode()
    struck = page[page.index("<del>"):page.index("</del>")]
    assert "5 January 2026" in struck and "deemed" in struck.lower()
    assert page.count("<del>") == 1
    assert "superseded by the correction of 10 January 2026" in page
    assert "Observations communicated" in page[page.index("</del>"):] and REASON in page
