"""Dates an offence is judged against that the record states as a date and a period: "within such
reasonable time as shall be specified in the notice", "within one month after the completion …
deliver … at his office" (a last day the office is closed runs to its next open day)."""

from datetime import date

import pytest
from test_engine_v2 import ev, load, write_pack

from adhiniyam.law import BodySettings, InvalidData, NoOffence, evaluate

OFFENCE = """procedure: p
title: P
kind: offence
cites: sec_1__subsec_1
quote: "within one month"
roles: {office: Office, court: Court}
statuses: {reported: Reported}
elements:
  time_over:
    text: the time in the notice had run out
    cites: sec_1__subsec_1
    quote: "within one month"
    when: [{date_after: {fact: served_on, period: {fact: time_in_notice}, office: body}}]
events:
  offence_committed:
    by: [office]
    opens: true
    status: reported
    cites: sec_1__subsec_1
    fields:
      offence_date: {type: date}
      served_on: {type: date}
      time_in_notice: {type: period}
penalty:
  cites: sec_1__subsec_1
  quote: "fine"
  versions: [{id: v1, from: unknown, fine: {max: 100}}]
"""


@pytest.fixture
def pack(tmp_path):
    return load(write_pack(tmp_path, procedure=OFFENCE, tests="[]", interpretations="interpretations: []\n"))


def judged(pack, offence_date, **body):
    data = {"offence_date": offence_date, "served_on": date(2026, 3, 2), "time_in_notice": {"days": 30}}
    return evaluate(pack, "p", BodySettings(**body), [ev("offence_committed", date(2026, 4, 10), "office", **data)], date(2026, 4, 10))


def test_the_period_a_record_states_runs_from_its_date_and_the_act_must_fall_after_its_last_day(pack):
    with pytest.raises(NoOffence, match=r"the period from the served on \(its last day: 1 April 2026\)"):
        judged(pack, date(2026, 4, 1))  # 2 March + 30 days = 1 April: still within the time
    assert judged(pack, date(2026, 4, 2)).offence["elements"] == {"time_over": True}


def test_a_last_day_on_which_the_office_is_closed_runs_to_its_next_open_day(pack):
    closed = [{"date": "2026-04-01", "reason": "a holiday", "source": "order"}]
    with pytest.raises(NoOffence):
        judged(pack, date(2026, 4, 2), closures=closed)
    assert judged(pack, date(2026, 4, 3), closures=closed).offence["elements"]["time_over"]


def test_a_period_the_record_does_not_state_is_asked_for(tmp_path):
    pack = load(write_pack(tmp_path, procedure=OFFENCE.replace("time_in_notice: {type: period}", "time_in_notice: {type: period, required: false}"),
                           tests="[]", interpretations="interpretations: []\n"))
    with pytest.raises(InvalidData, match="time in notice is needed"):
        evaluate(pack, "p", None, [ev("offence_committed", date(2026, 4, 10), "office", offence_date=date(2026, 4, 2),
                                      served_on=date(2026, 3, 2))], date(2026, 4, 10))


WINDOW = """procedure: p
title: P
cites: sec_1__subsec_1
quote: "within one month"
roles: {applicant: Applicant}
statuses: {pending: Pending}
events:
  received: {by: [applicant], opens: true, status: pending, cites: sec_1__subsec_1}
timers:
  appeal:
    kind: window
    cites: sec_1__subsec_1
    quote: "within fifteen days of the receipt"
    start: received
    period: {days: 15}
    counting: COUNTING
"""


def test_interest_simple_or_compounded_yearly():
    from types import SimpleNamespace

    from adhiniyam.law import amounts

    case = SimpleNamespace(facts={"expenses": 18000, "declared_on": date(2026, 1, 15)}, first={})
    simple = {"interest": {"principal": {"fact": "expenses"}, "percent": 7.5, "from": "declared_on"}}
    compound = {"interest": {**simple["interest"], "compound": "yearly"}}
    assert amounts.amount(case, simple, date(2028, 1, 15))[0] == 2700.0  # 18,000 × 7.5% × 2 years
    assert amounts.amount(case, compound, date(2028, 1, 15))[0] == 2801.25  # 18,000 × (1.075² − 1)
    assert amounts.amount(case, compound, date(2027, 1, 15))[0] == 1350.0  # one year: the same as simple


DAILY = OFFENCE.replace("""elements:
  time_over:
    text: the time in the notice had run out
    cites: sec_1__subsec_1
    quote: "within one month"
    when: [{date_after: {fact: served_on, period: {fact: time_in_notice}, office: body}}]
""", "").replace("""      served_on: {type: date}
      time_in_notice: {type: period}
""", """      first_conviction_on: {type: date, required: false}
  convicted: {by: [court], cites: sec_1__subsec_1}
""").replace("fine: {max: 100}}", "fine: {max: 100}, daily: {max: 10, from: {earliest: [{field: offence_committed.first_conviction_on}, convicted]}}}")


def test_a_daily_fine_in_some_cases_only_and_a_subsequent_offence_counted_as_the_words_say(tmp_path):
    proc = DAILY.replace("first_conviction_on: {type: date, required: false}", """first_conviction_on: {type: date, required: false}
      limb: {type: choice, choices: [removal, encroachment]}
      prior_offences: {type: int, default: 0}""").replace(
        "daily: {max: 10, from: {earliest: [{field: offence_committed.first_conviction_on}, convicted]}}}",
        "daily: {max: 10, from: convicted, when: [{fact: {limb: encroachment}}]}, "
        "subsequent: {fine: {max: 500}, counts: prior_offences}}")
    pack = load(write_pack(tmp_path, procedure=proc, tests="[]", interpretations="interpretations: []\n"))

    def run(**data):
        events = [ev("offence_committed", date(2026, 3, 2), "office", offence_date=date(2026, 3, 1), **data),
                  ev("convicted", date(2026, 3, 20), "court")]
        return evaluate(pack, "p", None, events, date(2026, 3, 30)).amounts

    assert run(limb="encroachment")["daily_days"] == 10
    removal = run(limb="removal")
    assert removal["daily_total"] == 0 and removal["total_max"] == 100
    assert run(limb="removal", prior_offences=1)["fine_max"] == 500  # an earlier offence, never convicted


def test_a_start_may_be_the_first_of_several_the_record_states_in_order(tmp_path):
    proc = WINDOW.replace("COUNTING", "from").replace("    start: received\n",
                                                      "    start: {first_stated: [{field: received.served_on}, received]}\n").replace(
        "  received: {by: [applicant], opens: true, status: pending, cites: sec_1__subsec_1}",
        "  received: {by: [applicant], opens: true, status: pending, cites: sec_1__subsec_1,\n"
        "             fields: {served_on: {type: date, required: false}}}")
    pack = load(write_pack(tmp_path, procedure=proc, tests="[]", interpretations="interpretations: []\n"))
    plain = evaluate(pack, "p", None, [ev("received", date(2026, 3, 2), "applicant")], date(2026, 3, 5))
    served = evaluate(pack, "p", None, [ev("received", date(2026, 3, 2), "applicant", served_on=date(2026, 3, 5))], date(2026, 3, 5))
    assert plain.deadline("appeal").last_day == date(2026, 3, 17) and served.deadline("appeal").last_day == date(2026, 3, 20)

