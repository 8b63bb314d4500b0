"""A State rule prescribing a higher fine where the Act says "fifty rupees or as may be prescribed"
(Uttarakhand s.106(bi)(1)), applied by the records service to offences in the database."""

from __future__ import annotations

import datetime as dt

import pytest

from adhiniyam.locallaw.services import add_instrument
from adhiniyam.records import engine as E
from adhiniyam.records.errors import Forbidden
from adhiniyam.records.services import EventInput, create_case

RULE = {"id": "uk-rule-7-2026", "title": "Panchayat (Street Obstruction Fines) Rules, 2026", "kind": "rule",
        "layer": "state", "made_by": "Government of Uttarakhand", "under": "sec_106BI__subsec_1",
        "commencement": "2026-02-01", "published_on": "2026-01-15", "sets": {"street_obstruction_fine_max": 500}}


def offence(uk, on):
    return create_case(uk["users"]["officer"], uk["zp"], "street_obstruction", EventInput(
        "offence_recorded", on, {"offence_date": on.isoformat(), "area": "Bhimtal", "kind": "materials_deposited"},
        by="panchayat"))


def test_the_rule_raises_the_fine_for_offences_after_it_commenced(uk, bhimtal):
    row = add_instrument(uk["users"]["admin"], RULE)
    assert row.body == uk["state"] and row.state == "UK"
    before = offence(uk, dt.date(2026, 1, 25))
    after = offence(uk, dt.date(2026, 3, 2))
    assert before.derived["amounts"]["fine_max"] == 50        # "fifty rupees", s.106(bi)(1)
    assert after.derived["amounts"]["fine_max"] == 500        # as prescribed by the 2026 Rules
    _p, result = E.evaluate(after, list(after.events.order_by("seq")))
    assert any("Panchayat (Street Obstruction Fines) Rules, 2026 of Government of Uttarakhand" in s.text
               for s in result.trace)


def test_a_state_rule_binds_every_body_of_the_state_under_that_act(uk, bhimtal):
    from adhiniyam.locallaw.services import instruments_for

    add_instrument(uk["users"]["admin"], RULE)
    assert [i.id for i in instruments_for(uk["other"])] == ["uk-rule-7-2026"]


def test_only_an_administrator_of_the_state_may_enter_a_state_rule(uk, bhimtal):
    with pytest.raises(Forbidden):
        add_instrument(uk["users"]["zp_admin"], RULE)
    with pytest.raises(Forbidden):
        add_instrument(uk["users"]["clerk"], dict(RULE, layer="body", body="uk-dehradun-zp", kind="rule"))
