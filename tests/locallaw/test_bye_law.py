"""A bye-law of the Zila Panchayat shortening the period a building sanction is available
(Uttarakhand s.106(f)(1): "three years or for such lesser period as may be prescribed by bye-law"),
entered through the service and applied by the records service to real cases in the database."""

from __future__ import annotations

import datetime as dt

import pytest

from adhiniyam.locallaw.models import Instrument
from adhiniyam.locallaw.services import add_instrument, instruments_for
from adhiniyam.records import engine as E
from adhiniyam.records.errors import LawRefused
from adhiniyam.records.models import Case
from adhiniyam.records.services import EventInput, append_event, create_case

BYE_LAW = {"id": "zp-dehradun-bye-law-4-2026", "title": "Building Bye-law 4 of 2026", "kind": "bye_law",
           "layer": "body", "body": "uk-dehradun-zp", "made_by": "Zila Panchayat Dehradun",
           "under": "sec_106__subsec_2__head_A__clause_c", "commencement": "2026-04-01",
           "approved_on": "2026-02-10", "published_on": "2026-03-01", "sets": {"sanction_validity": {"months": 6}}}


def sanctioned_case(uk, notice_on, sanction_on):
    users = uk["users"]
    case = create_case(users["clerk"], uk["zp"], "building_notice", EventInput(
        "notice_tendered", notice_on, {"work": "erection", "area": "Bhimtal", "abuts_public_property": True},
        by="owner"))
    case, _ev = append_event(users["officer"], case.pk, EventInput("sanctioned", sanction_on, {}, by="kshettra_panchayat"),
                             case.version)
    return Case.objects.get(pk=case.pk)


def validity(case) -> str | None:
    for d in case.derived.get("deadlines") or []:
        if d.get("timer") == "sanction_validity" or d.get("id") == "sanction_validity" or d.get("name") == "sanction_validity":
            return d.get("last_day")
    return None


def trace(case) -> list[str]:
    _p, result = E.evaluate(case, list(case.events.order_by("seq")))
    return [s.text for s in result.trace]


def test_the_same_sanction_lapses_once_the_bye_law_is_entered(uk, bhimtal):
    case = sanctioned_case(uk, dt.date(2026, 4, 2), dt.date(2026, 4, 16))
    assert case.status == "sanctioned"
    assert validity(case) == "2029-04-16"           # three years under s.106(f)(1)

    add_instrument(uk["users"]["zp_admin"], BYE_LAW)

    case.refresh_from_db()                           # entering the bye-law re-derived the open case
    assert case.status == "sanction_lapsed"          # six months from 16 April ended on 16 October 2026
    assert any("set to 6 months by Building Bye-law 4 of 2026 of Zila Panchayat Dehradun, in force from 1 April 2026"
               in t for t in trace(case))


def test_a_sanction_given_before_the_bye_law_commenced_keeps_its_three_years(uk, bhimtal):
    add_instrument(uk["users"]["zp_admin"], BYE_LAW)
    before = sanctioned_case(uk, dt.date(2026, 3, 2), dt.date(2026, 3, 16))
    after = sanctioned_case(uk, dt.date(2026, 4, 20), dt.date(2026, 5, 4))
    assert before.status == "sanctioned" and validity(before) == "2029-03-16"
    assert not any("Bye-law 4 of 2026" in t for t in trace(before))
    assert after.status == "sanctioned" and validity(after) == "2026-11-04"
    assert any("Building Bye-law 4 of 2026" in t for t in trace(after))


def test_a_bye_law_binds_only_its_own_body(uk, bhimtal):
    add_instrument(uk["users"]["zp_admin"], BYE_LAW)
    assert [i.id for i in instruments_for(uk["zp"])] == ["zp-dehradun-bye-law-4-2026"]
    assert instruments_for(uk["other"]) == []
    assert instruments_for(uk["zp"], on=dt.date(2026, 3, 31)) == []


def test_a_bye_law_past_the_three_years_is_refused_with_the_section_and_nothing_is_stored(uk, bhimtal):
    with pytest.raises(LawRefused) as e:
        add_instrument(uk["users"]["zp_admin"], dict(BYE_LAW, sets={"sanction_validity": {"years": 5}}))
    assert "exceeds the statutory maximum of 3 years" in e.value.detail
    assert "zp-dehradun-bye-law-4-2026" in e.value.detail
    assert e.value.cites == ["sec_106F__subsec_1"]
    assert Instrument.objects.count() == 0


def test_a_bye_law_cannot_set_a_fine_that_only_a_state_rule_may_prescribe(uk, bhimtal):
    with pytest.raises(LawRefused) as e:
        add_instrument(uk["users"]["zp_admin"], dict(BYE_LAW, sets={"street_obstruction_fine_max": 500}))
    assert "cannot set" in e.value.detail and "rule under sec_106BI__subsec_1" in e.value.detail
    assert e.value.cites == ["sec_106BI__subsec_1"]
    assert Instrument.objects.count() == 0


def test_repealing_the_bye_law_gives_later_sanctions_the_act_s_three_years_again(uk, bhimtal):
    add_instrument(uk["users"]["zp_admin"], BYE_LAW)
    add_instrument(uk["users"]["zp_admin"], dict(BYE_LAW, repeal="2026-06-01"))       # the same id, now repealed
    row = Instrument.objects.get()
    assert row.repeal == dt.date(2026, 6, 1)
    under = sanctioned_case(uk, dt.date(2026, 4, 20), dt.date(2026, 5, 4))
    after_repeal = sanctioned_case(uk, dt.date(2026, 6, 1), dt.date(2026, 6, 15))
    assert validity(under) == "2026-11-04"
    assert validity(after_repeal) == "2029-06-15"


def test_a_repeal_before_commencement_is_refused(uk, bhimtal):
    from adhiniyam.records.errors import Invalid

    with pytest.raises(Invalid, match="repealed on 2026-03-01, on or before its commencement"):
        add_instrument(uk["users"]["zp_admin"], dict(BYE_LAW, repeal="2026-03-01"))
