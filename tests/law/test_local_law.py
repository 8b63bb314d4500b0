"""Local law as dated layers: the same case decided differently before and after a bye-law, a
notification and a fee revision, each instrument named in the trace; out-of-power instruments
refused at entry with the section."""

from datetime import date

import pytest

from adhiniyam.law import BodySettings, Event, NoRule, NotAllowed, evaluate
from adhiniyam.law import pack as pack_mod
from adhiniyam.law.instruments import check, from_dict, to_dict

TEXT = """nodes:
  - {id: sec_1, kind: section, num: '1', number: printed, text: 'sanction available for three years or such lesser period as may be prescribed by bye-law'}
  - {id: sec_2, kind: section, num: '2', number: printed, text: 'such fees as may be prescribed'}
  - {id: sec_3, kind: section, num: '3', number: printed, text: 'any trade which the Government may, by notification, declare offensive'}
  - {id: sec_4, kind: section, num: '4', number: printed, text: 'the Zila Panchayat may make bye-laws'}
"""
PARAMS = """sanction_validity:
  title: Period for which a building sanction is available
  unit: years
  cites: sec_1
  quote: "three years or for such lesser period as may be prescribed by bye-law"
  values: [{from: unknown, value: {years: 3}}]
  settable_by: [{kind: bye_law, under: sec_4, at_most: {years: 3}, requires: [approval, publication]}]
building_fee_per_sqm:
  title: Building permission fee per square metre
  unit: rupees
  cites: sec_2
  quote: "such fees as may be prescribed"
  values: [{from: unknown, value: 10}]
  settable_by: [{kind: fee_schedule}]
"""
SWITCHES = """offensive_trade:
  title: Licensing of an offensive trade
  cites: sec_3
  quote: "which the Government may, by notification, declare to be offensive"
  kind: notification
"""
PROC = """procedure: sanction
title: Building sanction
cites: sec_1
quote: "sanction"
fee: {per: area_sqm, amount: {param: building_fee_per_sqm}}
roles: {applicant: Applicant, officer: Officer}
statuses: {sanctioned: Sanctioned, lapsed: Lapsed}
events:
  sanctioned: {by: [officer], opens: true, status: sanctioned, cites: sec_1, fields: {area_sqm: {type: number}, area: {type: text, required: false}}}
timers:
  validity:
    cites: sec_1
    quote: "shall be available for three years or for such lesser period as may be prescribed by bye-law"
    start: sanctioned
    period: {param: sanction_validity}
    on_expiry: {status: lapsed}
---
"""
TRADE = """procedure: trade_licence
title: Offensive trade licence
cites: sec_3
quote: "except under a licence"
roles: {applicant: Applicant}
events:
  applied:
    by: [applicant]
    opens: true
    cites: sec_3
    fields: {area: {type: text, required: false}}
    when: [{notified: offensive_trade, error: "no notification declares this trade offensive here", cites: sec_3}]
"""


@pytest.fixture()
def pack(tmp_path):
    root = tmp_path / "mini"
    (root / "procedures").mkdir(parents=True)
    (root / "act.yaml").write_text("id: mini\ntitle: Mini Act\nstate: UK\n")
    (root / "text.yaml").write_text(TEXT)
    (root / "parameters.yaml").write_text(PARAMS)
    (root / "switches.yaml").write_text(SWITCHES)
    (root / "procedures" / "sanction.yaml").write_text(PROC.split("---")[0])
    (root / "procedures" / "trade.yaml").write_text(TRADE)
    return pack_mod._load(root)


BYE_LAW = {"id": "zp-dehradun-4-2025", "title": "Bye-law 4 of 2025", "kind": "bye_law", "layer": "body",
           "made_by": "Zila Panchayat Dehradun", "under": "sec_4", "commencement": "2025-04-01",
           "approved_on": "2025-02-10", "published_on": "2025-03-01", "sets": {"sanction_validity": {"years": 1}}}


def run(pack, body, on, as_of, proc="sanction", **data):
    ev = "sanctioned" if proc == "sanction" else "applied"
    return evaluate(pack, proc, body, [Event(ev, on, None, data)], as_of)


def test_a_bye_law_shortens_the_sanction_and_the_trace_names_it(pack):
    bye = from_dict(BYE_LAW)
    check(pack, bye)
    before = run(pack, BodySettings(instruments=[bye]), date(2025, 3, 10), date(2026, 6, 1), area_sqm=100)
    after = run(pack, BodySettings(instruments=[bye]), date(2025, 4, 10), date(2026, 6, 1), area_sqm=100)
    assert before.status == "sanctioned" and before.deadline("validity").last_day == date(2028, 3, 10)
    assert after.status == "lapsed"  # one year from 10 April 2025 ended on 10 April 2026
    assert any("set to 1 year by Bye-law 4 of 2025 of Zila Panchayat Dehradun, in force from 1 April 2025" in s.text
               for s in after.trace)


def test_a_bye_law_past_the_statutory_maximum_is_refused(pack):
    bad = from_dict(dict(BYE_LAW, sets={"sanction_validity": {"years": 5}}))
    with pytest.raises(NotAllowed, match="exceeds the statutory maximum of 3 years") as e:
        check(pack, bad)
    assert e.value.cites == ["sec_1"]


def test_a_bye_law_cannot_set_what_the_act_does_not_leave_to_it(pack):
    with pytest.raises(NotAllowed, match="cannot set Building permission fee"):
        check(pack, from_dict(dict(BYE_LAW, sets={"building_fee_per_sqm": 2})))
    with pytest.raises(NoRule, match="does not leave"):
        check(pack, from_dict(dict(BYE_LAW, sets={"height_limit": 2})))


def test_a_bye_law_without_publication_is_refused(pack):
    with pytest.raises(NotAllowed, match="requires publication"):
        check(pack, from_dict(dict(BYE_LAW, published_on=None)))


def test_a_fee_revision_changes_the_fee_from_its_date(pack):
    fees = from_dict({"id": "fs-2026", "title": "Fee Schedule 2026", "kind": "fee_schedule", "layer": "body",
                      "made_by": "Zila Panchayat Dehradun", "under": "sec_2", "commencement": "2026-04-01",
                      "sets": {"building_fee_per_sqm": 15}})
    check(pack, fees)
    body = BodySettings(instruments=[fees])
    assert run(pack, body, date(2026, 3, 31), date(2026, 4, 2), area_sqm=120).amounts["fee"] == 1200
    after = run(pack, body, date(2026, 4, 1), date(2026, 4, 2), area_sqm=120)
    assert after.amounts["fee"] == 1800
    assert any("Fee Schedule 2026" in s.text for s in after.trace)


def test_a_notification_switches_a_provision_on_for_its_area_from_its_date(pack):
    note = from_dict({"id": "uk-n-12", "title": "Notification 12/2026", "kind": "notification", "layer": "state",
                      "made_by": "Government of Uttarakhand", "under": "sec_3", "commencement": "2026-05-01",
                      "switches_on": ["offensive_trade"], "area": "Raipur block"})
    check(pack, note)
    body = BodySettings(instruments=[note])
    with pytest.raises(NotAllowed, match="no notification declares"):
        run(pack, body, date(2026, 4, 30), date(2026, 5, 2), proc="trade_licence", area="Raipur block")
    with pytest.raises(NotAllowed, match="no notification declares"):
        run(pack, body, date(2026, 5, 2), date(2026, 5, 2), proc="trade_licence", area="Sahaspur block")
    ok = run(pack, body, date(2026, 5, 2), date(2026, 5, 2), proc="trade_licence", area="Raipur block")
    assert any("Notification 12/2026 of Government of Uttarakhand" in s.text for s in ok.trace)


def test_a_resolution_cannot_do_what_only_a_notification_may(pack):
    res = from_dict({"id": "r-1", "title": "Resolution 1/2026", "kind": "resolution", "layer": "body",
                     "made_by": "Zila Panchayat Dehradun", "under": "sec_3", "commencement": "2026-05-01",
                     "switches_on": ["offensive_trade"]})
    with pytest.raises(NotAllowed, match="cannot bring Licensing of an offensive trade into force"):
        check(pack, res)


def test_instruments_round_trip_through_the_exchange_format():
    inst = from_dict(BYE_LAW)
    assert from_dict(to_dict(inst)) == inst
