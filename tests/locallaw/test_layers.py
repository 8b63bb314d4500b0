"""Layers: the State's, the district's and the body's own instruments; the later layer prevails, then
the later commencement; a district's order binds only the bodies in that district."""

from __future__ import annotations

import datetime as dt

from adhiniyam.locallaw.services import add_instrument, instruments_for
from adhiniyam.records.models import Body, Case
from adhiniyam.records.services import EventInput, append_event, create_case

ORDER = {"id": "dm-dehradun-order-3-2026", "title": "District Order 3 of 2026", "kind": "district_order",
         "layer": "district", "body": "uk-dehradun", "made_by": "Collector, Dehradun", "under": "sec_5",
         "act": "test_local_law_act", "commencement": "2026-01-01", "sets": {"permission_validity": {"years": 2}}}
BYE = {"id": "np-mussoorie-bye-2-2026", "title": "Building Bye-law 2 of 2026", "kind": "bye_law", "layer": "body",
       "body": "uk-mussoorie-np", "made_by": "Nagar Panchayat Mussoorie", "under": "sec_4",
       "commencement": "2026-06-01", "approved_on": "2026-05-01", "published_on": "2026-05-15",
       "sets": {"permission_validity": {"years": 1}}}


def granted(uk, body, on):
    user_clerk, user_officer = uk["users"]["np_clerk"], uk["users"]["np_officer"]
    if body.code != "uk-mussoorie-np":
        user_clerk = user_officer = uk["users"]["admin_super"]
    case = create_case(user_clerk, body, "building_permission",
                       EventInput("application_received", on, {"area_sqm": 10}, by="applicant"))
    append_event(user_officer, case.pk, EventInput("permission_granted", on, {}, by="officer"), case.version)
    case = Case.objects.get(pk=case.pk)
    return next(d["last_day"] for d in case.derived["deadlines"] if "validity" in str(d.values()))


def test_the_body_s_bye_law_prevails_over_the_district_order_from_its_commencement(uk, np_body):
    from django.contrib.auth import get_user_model

    uk["users"]["admin_super"] = get_user_model().objects.create_superuser("root", password="x")
    outside = Body.objects.create(code="uk-nainital-np", name="Nagar Panchayat Nainital", kind="nagar_panchayat",
                                  state="UK", parent=uk["other"], act_id="test_local_law_act")
    add_instrument(uk["users"]["admin"], ORDER)
    add_instrument(uk["users"]["np_admin"], BYE)
    assert [i.id for i in instruments_for(np_body)] == ["dm-dehradun-order-3-2026", "np-mussoorie-bye-2-2026"]
    assert instruments_for(outside) == []

    assert granted(uk, np_body, dt.date(2025, 12, 1)) == "2028-12-01"     # before both: the Act's three years
    assert granted(uk, np_body, dt.date(2026, 2, 2)) == "2028-02-02"      # the district order's two years
    assert granted(uk, np_body, dt.date(2026, 6, 1)) == "2027-06-01"      # the body's bye-law prevails
    assert granted(uk, outside, dt.date(2026, 6, 1)) == "2029-06-01"      # another district: the Act
