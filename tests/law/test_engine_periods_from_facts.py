"""Small generic additions made for the Himachal pack (issue 19), each on the smallest pack that shows it:
`date_after` with a period counted from a date the record states; fact comparisons against a parameter
(`fact_at_most`, `fact_above`); orders outside the Act's bounds that are capped, raised, void or kept
(`beyond_max` / `below_min`); and the least a penalty must impose (`total_min`)."""

from datetime import date, datetime

import pytest
from test_engine_v2 import ev, load, write_pack

from adhiniyam.law import InvalidData, NoOffence, PackError, evaluate

OFFENCE = """procedure: o
kind: offence
title: O
cites: sec_1__subsec_1
quote: "fails within one month from the date of its service"
roles: {officer: Officer}
statuses: {alleged: Alleged}
elements:
  period_over:
    text: that the month from service had ended
    cites: sec_1__subsec_1
    quote: "within one month from the date of its service"
    when: [{date_after: {fact: served_on, period: {months: 1}}}]
  near:
    text: that it was within the distance
    cites: sec_1__subsec_1
    quote: "within one month"
    when: [{fact_at_most: {distance: {param: radius}}}]
events:
  offence_committed:
    by: [officer]
    opens: true
    status: alleged
    fields: {served_on: {type: date}, distance: {type: number, default: 0}}
penalty:
  cites: sec_1__subsec_1
  quote: "a fine of not less than ten rupees and a further fine of two rupees for every day"
  versions:
    - {id: v1, from: unknown, fine: {min: 10, max: 100}, daily: {fixed: 2, from: offence_committed}}
"""
PARAMS = "radius:\n  title: Radius\n  unit: feet\n  cites: sec_1__subsec_1\n  quote: within\n  values: [{from: unknown, value: 50}]\n"


def test_date_after_a_period_from_a_stated_date_and_a_limit_from_a_parameter(tmp_path):
    pack = load(write_pack(tmp_path, extra={"procedures/o.yaml": OFFENCE, "parameters.yaml": PARAMS}))
    served = {"served_on": "2026-01-31"}
    with pytest.raises(NoOffence, match="month from service"):  # one month from 31 January ends 28 February
        evaluate(pack, "o", None, [ev("offence_committed", date(2026, 2, 28), "officer", **served)], date(2026, 3, 1))
    res = evaluate(pack, "o", None, [ev("offence_committed", date(2026, 3, 1), "officer", **served)], date(2026, 3, 4))
    assert res.offence["elements"] == {"period_over": True, "near": True}
    assert (res.amounts["total_min"], res.amounts["daily_total"]) == (16, 6)  # ₹10 + ₹2 × 3 days
    with pytest.raises(NoOffence, match="distance must be at most radius"):
        evaluate(pack, "o", None, [ev("offence_committed", date(2026, 3, 1), "officer", distance=51, **served)], date(2026, 3, 1))


def test_a_period_in_hours_from_a_stated_clock_time(tmp_path):
    text = OFFENCE.replace("period: {months: 1}", "period: {hours: 24}").replace("served_on: {type: date}", "served_on: {type: datetime}")
    pack = load(write_pack(tmp_path, extra={"procedures/o.yaml": text, "parameters.yaml": PARAMS}))
    at = {"served_on": "2026-03-01T10:00"}
    with pytest.raises(NoOffence):
        evaluate(pack, "o", None, [ev("offence_committed", datetime(2026, 3, 2, 10, 0), "officer", **at)], date(2026, 3, 3))
    assert evaluate(pack, "o", None, [ev("offence_committed", datetime(2026, 3, 2, 10, 1), "officer", **at)], date(2026, 3, 3))
    dated = load(write_pack(tmp_path / "d", extra={"procedures/o.yaml": OFFENCE.replace("period: {months: 1}", "period: {hours: 24}"),
                                                    "parameters.yaml": PARAMS}))
    with pytest.raises(InvalidData, match="clock time"):  # a date without its time cannot start a period in hours
        evaluate(dated, "o", None, [ev("offence_committed", date(2026, 3, 3), "officer", served_on="2026-03-01")], date(2026, 3, 3))


def test_a_malformed_date_after_period_is_refused_on_load(tmp_path):
    bad = OFFENCE.replace("period: {months: 1}", "period: {fortnights: 1}")
    with pytest.raises(PackError, match="date_after period"):
        load(write_pack(tmp_path, extra={"procedures/o.yaml": bad, "parameters.yaml": PARAMS})).procedure("o")


ORDER = """procedure: q
title: Q
kind: notice
cites: sec_1__subsec_1
quote: "within one month"
roles: {office: Office}
statuses: {running: Running, default: In default}
events:
  order_made: {by: [office], opens: true, status: running, fields: {period: {type: period}}}
timers:
  stay:
    cites: sec_1__subsec_1
    quote: "not less than one week and not longer than one month"
    start: order_made
    period: {field: order_made.period}
    min: {weeks: 1}
    max: {months: 1}
    beyond_max: BEYOND
    below_min: BELOW
    on_expiry: {status: default}
"""


@pytest.mark.parametrize("beyond, period, last, finding", [
    ("cap", {"days": 45}, date(2026, 4, 10), "stay_capped"),
    ("keep", {"days": 45}, date(2026, 4, 24), "stay_outside_limit"),
    ("void", {"days": 45}, None, "stay_void"),
])
def test_an_order_longer_than_the_act_allows(tmp_path, beyond, period, last, finding):
    pack = load(write_pack(tmp_path, extra={"procedures/q.yaml": ORDER.replace("BEYOND", beyond).replace("BELOW", "refuse")}))
    res = evaluate(pack, "q", None, [ev("order_made", date(2026, 3, 10), "office", period=period)], date(2026, 3, 11))
    assert res.findings == {finding: True}
    assert (res.deadline("stay").last_day if res.deadline("stay") else None) == last


def test_an_order_shorter_than_the_act_allows_is_raised_void_or_refused(tmp_path):
    pack = load(write_pack(tmp_path, extra={"procedures/q.yaml": ORDER.replace("BEYOND", "refuse").replace("BELOW", "raise")}))
    res = evaluate(pack, "q", None, [ev("order_made", date(2026, 3, 10), "office", period={"days": 3})], date(2026, 3, 11))
    assert res.deadline("stay").last_day == date(2026, 3, 17) and res.findings == {"stay_raised": True}
    with pytest.raises(InvalidData, match="must be not more than 1 month"):
        evaluate(pack, "q", None, [ev("order_made", date(2026, 3, 10), "office", period={"days": 45})], date(2026, 3, 11))
    with pytest.raises(PackError, match="below_min is"):
        load(write_pack(tmp_path / "x", extra={"procedures/q.yaml": ORDER.replace("BEYOND", "cap").replace("BELOW", "cap")})).procedure("q")


CHARGE = """procedure: w
title: W
kind: application
cites: sec_1__subsec_1
quote: "for water supplied in excess of the quantity"
roles: {office: Office}
statuses: {assessed: Assessed}
events:
  assessed: {by: [office], opens: true, status: assessed,
             fields: {supplied: {type: number}, limit: {type: number, default: 0}, taxed_area: {type: bool}}}
amounts:
  charge_beyond_limit:
    cites: sec_1__subsec_1
    quote: "in excess of the quantity"
    when: [{fact: {taxed_area: true}}]
    amount: {per: {greater_of: [0, {difference: [{fact: supplied}, {fact: limit}]}]}, amount: 5}
"""
SWITCH = ("fixed_premises:\n  title: Premises fixed\n  cites: sec_1__subsec_1\n  quote: with the approval\n"
          "  kind: resolution\n  requires: [approval]\n")


def test_a_named_amount_with_a_condition_and_a_computed_count(tmp_path):
    pack = load(write_pack(tmp_path, extra={"procedures/w.yaml": CHARGE}))
    res = evaluate(pack, "w", None, [ev("assessed", date(2026, 3, 1), "office", supplied=120, limit=100, taxed_area=True)],
                   date(2026, 3, 1))
    assert res.amounts == {"charge_beyond_limit": 100}  # (120 − 100) kilolitres × ₹5
    under = evaluate(pack, "w", None, [ev("assessed", date(2026, 3, 1), "office", supplied=80, limit=100, taxed_area=True)],
                     date(2026, 3, 1))
    assert under.amounts == {"charge_beyond_limit": 0}  # never a negative count
    untaxed = evaluate(pack, "w", None, [ev("assessed", date(2026, 3, 1), "office", supplied=120, taxed_area=False)],
                       date(2026, 3, 1))
    assert untaxed.amounts == {} and any("not computed" in s.text for s in untaxed.trace)


def test_a_switch_that_needs_approval_is_refused_without_it(tmp_path):
    from adhiniyam.law import NotAllowed
    from adhiniyam.law.instruments import check, from_dict

    pack = load(write_pack(tmp_path, extra={"switches.yaml": SWITCH}))
    inst = {"id": "r1", "title": "Resolution 1", "kind": "resolution", "layer": "body", "made_by": "MC",
            "under": "sec_1__subsec_1", "commencement": "2026-04-01", "switches_on": ["fixed_premises"]}
    with pytest.raises(NotAllowed, match="requires approval"):
        check(pack, from_dict(inst))
    check(pack, from_dict({**inst, "approved_on": "2026-03-20"}))


def test_a_provision_whose_words_fix_the_answer_overrides_with_one_reading(tmp_path):
    from test_engine_v2 import INTERPRETATION, PROCEDURE

    from adhiniyam.law import BodySettings

    own = INTERPRETATION + """  - id: mini.s1.as_worded
    question: "s.1 says 'from the day the paper is left': does the jurisdiction's receipt rule reach it?"
    cites: sec_1__subsec_1
    readings: {as_printed: "no: the words name the day it is left"}
    default: as_printed
    reason: "the provision's own words"
    overrides: {question: gca.receipt_on_closed_day, as: {as_printed: as_delivered}}
    procedures: [p]
"""
    proc = PROCEDURE.replace("    start: received\n", "    start: received\n    on_receipt: true\n")
    pack = load(write_pack(tmp_path, procedure=proc, interpretations=own))
    body = BodySettings(interpretations={"gca.receipt_on_closed_day": "next_open_day"})
    r = evaluate(pack, "p", body, [ev("received", date(2026, 1, 4), "applicant")], date(2026, 3, 5))
    assert r.deemed[0].on == date(2026, 2, 5)  # Sunday 4 January counts: the body's jurisdiction choice does not reach s.1


SCHEME = """procedure: s
title: S
kind: public_notice
cites: sec_1__subsec_1
quote: "a date not less than thirty days from the date of such notice"
roles: {office: Office, person: Person}
statuses: {notified: Notified, returned: Returned}
events:
  notified:
    by: [office]
    opens: true
    status: notified
    fields: {objection_date: {type: date}, served: {type: int, default: 5}, asking: {type: int, default: 0}}
    when:
      - date_at_least: {fact: objection_date, period: {days: 30}, counting: clear}
        error: "not less than thirty days"
        cites: sec_1__subsec_1
  requisitioned:
    by: [person]
    when: [{fact_above: {asking: {percent: 50, of: served}}, error: "a majority of those served", cites: sec_1__subsec_1}]
    fields: {asking: {type: int}}
  stopped: {by: [office], fields: {period: {type: period}}}
  extended:
    by: [office]
    when: [{date_at_least: {fact: objection_date, period: {days: 10}, from_timer: decide}, error: "ten days past the decision", cites: sec_1__subsec_1}]
timers:
  decide:
    cites: sec_1__subsec_1
    quote: "within one month"
    start: notified
    period: {months: 1}
    pauses: [{from: stopped, during: stay}]
  stay:
    cites: sec_1__subsec_1
    quote: "for a period therein specified"
    start: stopped
    period: {field: stopped.period}
"""


def test_a_date_a_record_states_must_lie_a_period_ahead_and_a_majority_is_more_than_half(tmp_path):
    from adhiniyam.law import NotAllowed

    pack = load(write_pack(tmp_path, extra={"procedures/s.yaml": SCHEME}))
    with pytest.raises(NotAllowed, match="thirty days"):  # 1 April is not thirty clear days after 2 March
        evaluate(pack, "s", None, [ev("notified", date(2026, 3, 2), "office", objection_date="2026-04-01")], date(2026, 3, 2))
    ok = [ev("notified", date(2026, 3, 2), "office", objection_date="2026-04-12")]
    assert evaluate(pack, "s", None, ok, date(2026, 3, 2)).status == "notified"
    evaluate(pack, "s", None, ok + [ev("requisitioned", date(2026, 3, 3), "person", asking=3)], date(2026, 3, 3))
    with pytest.raises(NotAllowed, match="majority"):  # two of five is not more than half
        evaluate(pack, "s", None, ok + [ev("requisitioned", date(2026, 3, 3), "person", asking=2)], date(2026, 3, 3))
    evaluate(pack, "s", None, ok + [ev("extended", date(2026, 3, 3), "office")], date(2026, 3, 3))  # 12 April ≥ 2 April + 10 days
    with pytest.raises(NotAllowed, match="ten days"):
        evaluate(pack, "s", None, [ev("notified", date(2026, 3, 2), "office", objection_date="2026-04-11"),
                                   ev("extended", date(2026, 3, 3), "office")], date(2026, 3, 3))


def test_a_clock_stopped_while_another_timer_runs(tmp_path):
    pack = load(write_pack(tmp_path, extra={"procedures/s.yaml": SCHEME}))
    evs = [ev("notified", date(2026, 3, 2), "office", objection_date="2026-04-12"),
           ev("stopped", date(2026, 3, 10), "office", period={"days": 20})]
    res = evaluate(pack, "s", None, evs, date(2026, 3, 11))
    assert res.deadline("decide").last_day == date(2026, 4, 22)  # 2 April + the 20 days of the stay
    assert res.deadline("stay").last_day == date(2026, 3, 30)


def test_a_consequence_for_one_conviction_only(tmp_path):
    text = OFFENCE.replace("daily: {fixed: 2, from: offence_committed}}",
                           "escalation: [{nth: 2, up_to: 2, consequence: service}, {nth: 3, consequence: amenities}]}")
    text = text.replace("distance: {type: number, default: 0}}", "distance: {type: number, default: 0}, prior_convictions: {type: int, default: 0}}")
    pack = load(write_pack(tmp_path, extra={"procedures/o.yaml": text, "parameters.yaml": PARAMS}))

    def consequences(prior):
        return evaluate(pack, "o", None, [ev("offence_committed", date(2026, 3, 1), "officer", served_on="2026-01-01",
                                              prior_convictions=prior)], date(2026, 3, 1)).amounts.get("consequences")
    assert (consequences(0), consequences(1), consequences(2)) == (None, ["service"], ["amenities"])



NOTICE = """procedure: n
title: N
kind: public_notice
cites: sec_1__subsec_1
quote: "intimate a date not less than thirty days from the date of such notice"
roles: {office: Office}
statuses: {required: Required, notified: Notified}
events:
  required: {by: [office], opens: true, status: required}
  notified:
    by: [office]
    status: notified
    fields: {objection_date: {type: date}}
    when:
      - date_at_least: {fact: objection_date, period: {days: 30}}
        error: "the date intimated must be not less than thirty days from the notice"
      - status: [STATUS]
"""


def test_an_action_whose_condition_needs_its_own_data_is_open_until_recorded(tmp_path):
    """Listing the actions open today does not judge data the entry has not given (it raised 'the objection
    date is needed' for every case before its notice); the entry itself is still judged when it is made, and
    the other conditions still close the action."""
    from adhiniyam.law import NotAllowed

    pack = load(write_pack(tmp_path, extra={"procedures/n.yaml": NOTICE.replace("STATUS", "required")}))
    required = [ev("required", date(2026, 3, 1), "office")]
    assert evaluate(pack, "n", None, required, date(2026, 3, 2)).allowed == {"office": ["notified"]}
    with pytest.raises(NotAllowed, match="not less than thirty days"):
        evaluate(pack, "n", None, required + [ev("notified", date(2026, 3, 2), "office", objection_date="2026-03-20")],
                 date(2026, 3, 2))
    ok = evaluate(pack, "n", None, required + [ev("notified", date(2026, 3, 2), "office", objection_date="2026-04-01")],
                  date(2026, 3, 2))
    assert ok.status == "notified"
    closed = load(write_pack(tmp_path / "closed", extra={"procedures/n.yaml": NOTICE.replace("STATUS", "notified")}))
    assert evaluate(closed, "n", None, required, date(2026, 3, 2)).allowed == {}
