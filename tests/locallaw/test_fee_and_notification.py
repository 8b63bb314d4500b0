"""A fee revision and a Government notification, entered through the service and applied by the
records service to cases in the database (under the test Act: no real pack declares a fee or a switch
yet — var/engine-requests/locallaw.md)."""

from __future__ import annotations

import datetime as dt

import pytest

from adhiniyam.locallaw.models import Instrument
from adhiniyam.locallaw.services import add_instrument, fee_for
from adhiniyam.records.errors import Invalid, LawRefused
from adhiniyam.records.models import Case
from adhiniyam.records.services import EventInput, create_case

FEES_2025 = {"id": "np-mussoorie-fees-2025", "title": "Schedule of Building Fees 2025", "kind": "fee_schedule",
             "layer": "body", "body": "uk-mussoorie-np", "made_by": "Nagar Panchayat Mussoorie", "under": "sec_2",
             "commencement": "2025-04-01", "procedure": "building_permission", "sets": {"building_fee_per_sqm": 12}}
FEES_2026 = dict(FEES_2025, id="np-mussoorie-fees-2026", title="Schedule of Building Fees 2026",
                 commencement="2026-04-01", sets={"building_fee_per_sqm": 15})
NOTIFICATION = {"id": "uk-notification-12-2026", "title": "Notification 12/2026 (offensive trades)",
                "kind": "notification", "layer": "state", "made_by": "Government of Uttarakhand", "under": "sec_3",
                "commencement": "2026-05-01", "area": "Landour", "switches_on": ["offensive_trade"],
                "published_on": "2026-04-20", "act": "test_local_law_act"}


def application(uk, body, on, area_sqm=120):
    case = create_case(uk["users"]["np_clerk"], body, "building_permission",
                       EventInput("application_received", on, {"area_sqm": area_sqm, "area": "Kulri"}, by="applicant"))
    return Case.objects.get(pk=case.pk)


def test_the_fee_follows_the_schedule_in_force_on_the_day_of_the_application(uk, np_body):
    add_instrument(uk["users"]["np_admin"], FEES_2025)
    add_instrument(uk["users"]["np_admin"], FEES_2026)
    before = application(uk, np_body, dt.date(2026, 3, 31))
    after = application(uk, np_body, dt.date(2026, 4, 1))
    assert before.derived["amounts"]["fee"] == 1440          # 120 m² × ₹12 (Schedule 2025)
    assert after.derived["amounts"]["fee"] == 1800           # 120 m² × ₹15 (Schedule 2026)
    receipt = fee_for(after)
    assert receipt["amount"] == 1800
    assert [i["id"] for i in receipt["instruments"]] == ["np-mussoorie-fees-2026"]
    assert any("set to 15 by Schedule of Building Fees 2026 of Nagar Panchayat Mussoorie" in r for r in receipt["rates"])
    assert fee_for(before)["instruments"][0]["id"] == "np-mussoorie-fees-2025"


def test_without_a_schedule_the_act_s_own_figure_applies(uk, np_body):
    case = application(uk, np_body, dt.date(2026, 4, 1), area_sqm=50)
    assert case.derived["amounts"]["fee"] == 500             # ₹10 per m², the pack's value under s.1
    assert fee_for(case)["instruments"] == []


def test_a_fee_schedule_cannot_change_what_the_act_leaves_to_a_bye_law(uk, np_body):
    with pytest.raises(LawRefused) as e:
        add_instrument(uk["users"]["np_admin"], dict(FEES_2026, sets={"permission_validity": {"years": 1}}))
    assert "cannot set Period for which a building permission is available" in e.value.detail
    assert e.value.cites == ["sec_1"]
    assert Instrument.objects.count() == 0


def test_a_fee_schedule_for_a_procedure_that_charges_no_fee_is_refused(uk, np_body):
    with pytest.raises(Invalid, match="charges no fee"):
        add_instrument(uk["users"]["np_admin"], dict(FEES_2026, procedure="trade_licence"))


def test_a_notification_switches_the_licensing_on_in_its_ward_from_its_date(uk, np_body):
    clerk = uk["users"]["np_clerk"]
    add_instrument(uk["users"]["admin"], NOTIFICATION)

    def apply(on, ward):
        return create_case(clerk, np_body, "trade_licence", EventInput("licence_applied", on, {"area": ward},
                                                                         by="applicant"))
    with pytest.raises(LawRefused) as e:
        apply(dt.date(2026, 4, 30), "Landour")                # before the notification commenced
    assert "no notification in force declares this trade offensive" in e.value.detail and e.value.cites == ["sec_3"]
    with pytest.raises(LawRefused):
        apply(dt.date(2026, 5, 4), "Kulri")                   # a ward the notification does not name
    case = apply(dt.date(2026, 5, 4), "Landour")
    assert case.status == "applied"
    assert Case.objects.filter(body=np_body).count() == 1      # the refusals stored nothing


def test_a_resolution_of_the_body_cannot_do_what_only_a_notification_may(uk, np_body):
    res = dict(NOTIFICATION, id="np-res-7-2026", title="Resolution 7/2026", kind="resolution", layer="body",
               body="uk-mussoorie-np", made_by="Nagar Panchayat Mussoorie")
    with pytest.raises(LawRefused) as e:
        add_instrument(uk["users"]["np_admin"], res)
    assert "cannot bring Licensing of offensive trades into force" in e.value.detail
    assert e.value.cites == ["sec_3"]


def test_a_bye_law_without_recorded_publication_is_refused(uk, np_body):
    bye = {"id": "np-bye-1-2026", "title": "Building Bye-law 1 of 2026", "kind": "bye_law", "layer": "body",
           "body": "uk-mussoorie-np", "made_by": "Nagar Panchayat Mussoorie", "under": "sec_4",
           "commencement": "2026-06-01", "approved_on": "2026-05-01", "sets": {"permission_validity": {"years": 1}}}
    with pytest.raises(LawRefused, match="requires publication"):
        add_instrument(uk["users"]["np_admin"], bye)
    add_instrument(uk["users"]["np_admin"], dict(bye, published_on="2026-05-15"))
    assert Instrument.objects.filter(ident="np-bye-1-2026").exists()


def test_a_notification_for_an_unknown_area_is_refused(uk, np_body):
    with pytest.raises(Invalid, match="'Happy Valley' is not a named area"):
        add_instrument(uk["users"]["admin"], dict(NOTIFICATION, area="Happy Valley"))
