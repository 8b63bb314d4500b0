"""Master data is checked against the law pack: a wrong version, reading or Act is refused with the
choices spelt out, and nothing is stored."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def test_provision_and_reading_choices_are_checked(world):
    from adhiniyam.records.models import InterpretationChoice, ProvisionChoice

    vp = world["vp"]
    ProvisionChoice(body=vp, provision="sec_66__subsec_2", version="sec_66__subsec_2__bdo_route").full_clean()
    with pytest.raises(ValidationError) as bad:
        ProvisionChoice(body=vp, provision="sec_66__subsec_2", version="sec_66__subsec_2__ninety_days").full_clean()
    assert "sec_66__subsec_2__fifteen_days" in str(bad.value)
    with pytest.raises(ValidationError):
        ProvisionChoice(body=vp, provision="sec_999", version="x").full_clean()
    InterpretationChoice(body=vp, interpretation="goa.s66.observation_pause_days", reading="inclusive").full_clean()
    InterpretationChoice(body=vp, interpretation="gca.receipt_on_closed_day", reading="next_open_day").full_clean()
    with pytest.raises(ValidationError) as bad:
        InterpretationChoice(body=vp, interpretation="goa.s66.observation_pause_days", reading="generous").full_clean()
    assert "from_to" in str(bad.value)


def test_reading_chosen_by_a_body_binds_new_cases_and_shows(api, world):
    from adhiniyam.records.models import InterpretationChoice

    InterpretationChoice.objects.create(body=world["vp"], interpretation="goa.s66.observation_pause_days",
                                        reading="inclusive", reason="Resolution 7/2025")
    r = api.post("applicant", "/api/bodies/ga-taleigao/cases", {
        "procedure": "building_permission", "event": {"type": "application_received"}}, entered="2026-01-05")
    assert r.status_code == 201, r.content
    case = r.json()
    from adhiniyam.records.models import Case
    assert Case.objects.get(pk=case["id"]).settings_snapshot["interpretations"] == {
        "goa.s66.observation_pause_days": "inclusive"}
    for who, type_, on, data, version in [("secretary", "observations_dispatched", "2026-01-07", {"observations": "x"}, 1),
                                          ("applicant", "observations_complied", "2026-01-09", {}, 2)]:
        r = api.act(who, case["id"], {"type": type_, "on": on, "data": data, "version": version})
        assert r.status_code == 201, r.content
    assert r.json()["readings"].get("goa.s66.observation_pause_days") == "inclusive"


def test_createbody_and_admin(client, world):
    out = io.StringIO()
    call_command("createbody", "ga-merces-2", "Another panchayat", kind="gram_panchayat", state="GA",
                 act="goa_panchayat_raj_1994", parent="ga-tiswadi", office=["bdo=BDO"], stdout=out)
    assert "path /" in out.getvalue()
    with pytest.raises(CommandError, match="no law pack"):
        call_command("createbody", "x-1", "X", kind="municipality", state="GJ", act="gujarat_1911")
    from django.contrib.auth import get_user_model
    client.force_login(get_user_model().objects.create_superuser("root", password="x" * 10))
    assert client.get("/admin/records/body/").status_code == 200
    assert client.get("/admin/records/case/").status_code == 200
