"""Small additions to engine v2 that the Goa Act's words needed (issue 16). Each test builds the
smallest pack that shows the rule, with the helpers of test_engine_v2."""

from datetime import date

import pytest
from test_engine_v2 import PAIR, PROCEDURE, ev, load, write_pack

from adhiniyam.law import BodySettings, NotAllowed, evaluate


def last_day(r, timer):
    return next(d.last_day for d in r.deadlines if d.name == timer)


APPEAL = PROCEDURE.replace("""    stop_on: [decided]
    on_expiry: {status: deemed, deemed: {outcome: granted, cites: sec_1__subsec_1, quote: "deemed"}}
""", """    stop_on: [decided]
    office_closed_extension: director
""")


# -- calendars: an office of the State keeps the State's calendar -------------------------------


def test_an_office_of_the_state_keeps_the_states_weekly_days_off_not_the_bodys(tmp_path):
    pack = load(write_pack(tmp_path, procedure=APPEAL))
    # one month from 2 April ends on Saturday 2 May; Goa's Director's office is closed on every Saturday and Sunday
    events = [ev("received", date(2026, 4, 2), "applicant")]
    r = evaluate(pack, "p", BodySettings(state="GA", weekly_off=("sun",)), events, date(2026, 4, 3))
    assert last_day(r, "decide") == date(2026, 5, 4)
    assert any("the State's calendar for that office" in s.text for s in r.trace)
    # the body may record that office's own calendar, which then prevails
    mine = BodySettings(state="GA", offices={"director": {"weekly_off": ["sun"]}})
    assert last_day(evaluate(pack, "p", mine, events, date(2026, 4, 3)), "decide") == date(2026, 5, 2)
    # a State without a calendar for that office: the body's own, as before
    other = evaluate(pack, "p", BodySettings(state="HP", weekly_off=("sun",)), events, date(2026, 4, 3))
    assert last_day(other, "decide") == date(2026, 5, 2)


def test_a_body_records_days_the_holiday_data_gets_wrong_and_keeps_the_state_offices_weekly_offs():
    # the holidays package closes 27 May 2026 (Eid al-Adha) in Goa; Goa's list keeps Bakri Id on 28 May
    assert not BodySettings(state="GA").calendar("deputy_director").is_open(date(2026, 5, 27))
    fixed = BodySettings(state="GA", offices={"deputy_director": {
        "openings": [{"date": "2026-05-27", "reason": "working day"}], "closures": [{"date": "2026-05-28", "reason": "Bakri Id"}]}})
    cal = fixed.calendar("deputy_director")
    assert cal.is_open(date(2026, 5, 27)) and not cal.is_open(date(2026, 5, 28))
    # a closure recorded for a State office does not drop that office's weekly offs (every Saturday for Goa's)
    assert not cal.is_open(date(2026, 7, 4))            # a first Saturday: open at the Panchayat, shut at the State's office
    assert BodySettings(state="GA").calendar().is_open(date(2026, 7, 4))
    # the body's own office takes openings too
    assert BodySettings(state="GA", openings=[{"date": date(2026, 5, 27)}]).calendar().is_open(date(2026, 5, 27))


# -- a reading that forces one printed version --------------------------------------------------

VERSIONED = PROCEDURE.replace("    period: {by_reading: mini.month, values: {calendar: {months: 1}, thirty_days: {days: 30}}}\n",
                              "    period: {months: 1}\n") + """provisions:
  sec_1__subsec_1:
    default: new
    only: {by_reading: mini.words, values: {dated: null, original_only: old}}
    versions:
      new: {commencement: unknown}
      old: {commencement: unknown, patch: {timers: {decide: {period: {months: null, days: 10}}}}}
"""
WORDS = """interpretations:
  - id: mini.words
    question: "Which printed words apply?"
    cites: sec_1__subsec_1
    readings: {dated: "the version in force on the date", original_only: "only the original words"}
    default: dated
    reason: "the brackets mark substituted words"
"""


def test_a_reading_may_force_one_version_whatever_the_date_or_the_bodys_choice(tmp_path):
    pack = load(write_pack(tmp_path, procedure=VERSIONED, interpretations=WORDS, tests="[]"))
    events = [ev("received", date(2026, 1, 5), "applicant")]
    assert evaluate(pack, "p", None, events, date(2026, 3, 5)).deemed[0].on == date(2026, 2, 6)
    chose_new = {"sec_1__subsec_1": [{"from": date(2000, 1, 1), "version": "new"}]}
    assert evaluate(pack, "p", BodySettings(versions=chose_new), events, date(2026, 3, 5)).deemed[0].on == date(2026, 2, 6)
    only_old = BodySettings(versions=chose_new, interpretations={"mini.words": "original_only"})
    r = evaluate(pack, "p", only_old, events, date(2026, 3, 5))
    assert r.deemed[0].on == date(2026, 1, 16) and r.readings["mini.words"] == "original_only"


# -- what makes an offence "subsequent" -----------------------------------------------------------

SUBSEQUENT = """procedure: o
title: Smoke
kind: offence
cites: sec_1__subsec_1
quote: "upon any subsequent contravention"
roles: {officer: Officer}
statuses: {detected: Detected}
events:
  offence_committed:
    by: [officer]
    opens: true
    status: detected
    cites: sec_1__subsec_1
    fields: {prior_convictions: {type: int, default: 0}, prior_acts: {type: int, default: 0}}
penalty:
  cites: sec_1__subsec_1
  quote: "a penalty which may extend to one thousand rupees and, upon any subsequent contravention, five thousand"
  versions:
    - {id: p, from: unknown, kind: administrative_penalty, fine: {max: 1000},
       subsequent: {fine: {max: 5000}, counts: {by_reading: mini.month, values: {calendar: prior_convictions, thirty_days: prior_acts}}}}
"""


def test_the_fact_that_counts_earlier_offences_may_be_named_and_chosen_by_a_reading(tmp_path):
    pack = load(write_pack(tmp_path, procedure=SUBSEQUENT, tests="[]"))
    events = [ev("offence_committed", date(2026, 5, 1), "officer", prior_convictions=0, prior_acts=2)]
    assert evaluate(pack, "o", None, events, date(2026, 5, 2)).amounts["fine_max"] == 1000
    acts = evaluate(pack, "o", BodySettings(interpretations={"mini.month": "thirty_days"}), events, date(2026, 5, 2))
    assert acts.amounts["fine_max"] == 5000 and acts.amounts["conviction_number"] == 3
    assert any("counting prior acts" in s.text for s in acts.trace)


# -- checks that compare expressions: two-thirds of the total members -----------------------------

RESOLUTION = """procedure: r
title: Resolution
kind: meeting
cites: sec_1__subsec_1
quote: "supported by two-thirds of its total number of members"
roles: {office: Office}
statuses: {passed: Passed}
events:
  resolution_passed:
    by: [office]
    opens: true
    status: passed
    cites: sec_1__subsec_1
    fields: {votes_in_favour: {type: int}, total_members: {type: int}, workmen: {type: int, default: 0}}
checks:
  two_thirds:
    on: resolution_passed
    cites: sec_1__subsec_1
    quote: "two-thirds of its total number of members"
    unit: members
    rule: {amount: {times: 3, of: votes_in_favour}, at_least: {times: {param: two}, of: total_members}}
    refuse: true
  more_than_twenty:
    on: resolution_passed
    cites: sec_1__subsec_1
    quote: "exceeding twenty"
    rule: {fact: workmen, more_than: {param: twenty}}
"""
PARAMS = """two: {title: Two, unit: count, cites: sec_1__subsec_1, quote: "two-thirds", values: [{from: unknown, value: 2}]}
twenty: {title: Twenty, unit: count, cites: sec_1__subsec_1, quote: "exceeding twenty", values: [{from: unknown, value: 20}]}
"""


def test_a_check_compares_expressions_and_writes_counts_as_numbers(tmp_path):
    pack = load(write_pack(tmp_path, tests="[]", extra={"parameters.yaml": PARAMS, "procedures/r.yaml": RESOLUTION}))
    ok = evaluate(pack, "r", None, [ev("resolution_passed", date(2026, 5, 1), "office", votes_in_favour=5, total_members=7,
                                       workmen=20)], date(2026, 5, 2))
    assert ok.findings == {"two_thirds": True, "more_than_twenty": False}
    assert any("3 × votes in favour 5 = 15, must be at least 2 × total members 7 = 14" in s.text for s in ok.trace)
    with pytest.raises(NotAllowed, match="3 × votes in favour 4 = 12"):
        evaluate(pack, "r", None, [ev("resolution_passed", date(2026, 5, 1), "office", votes_in_favour=4, total_members=7)],
                 date(2026, 5, 2))


# -- a monthly total of one matter only ----------------------------------------------------------

SPENDING = """procedure: s
title: Spending
kind: governance
cites: sec_1__subsec_1
quote: "not exceeding five thousand per month on any matter"
roles: {office: Office}
statuses: {spent: Spent}
events:
  spent: {by: [office], opens: true, status: spent, cites: sec_1__subsec_1, fields: {amount: {type: money}, matter: {type: text, required: false}}}
  more: {by: [office], status: spent, cites: sec_1__subsec_1, fields: {amount: {type: money}, matter: {type: text, required: false}}}
checks:
  cap:
    on: more
    cites: sec_1__subsec_1
    quote: "per month on any matter"
    rule: {total: {event: [spent, more], field: amount, within: calendar_month, same: matter}, at_most: 5000}
    refuse: true
"""


def test_a_total_may_count_only_the_items_of_the_same_matter(tmp_path):
    pack = load(write_pack(tmp_path, tests="[]", extra={"procedures/s.yaml": SPENDING}))
    drain = [ev("spent", date(2026, 3, 5), "office", amount=3000, matter="drain")]
    ok = evaluate(pack, "s", None, drain + [ev("more", date(2026, 3, 20), "office", amount=3000, matter="tree")], date(2026, 3, 20))
    assert ok.findings == {"cap": True}
    with pytest.raises(NotAllowed, match="with matter 'drain' = ₹3,000 \\+ ₹2,500"):
        evaluate(pack, "s", None, drain + [ev("more", date(2026, 3, 20), "office", amount=2500, matter="drain")], date(2026, 3, 20))


# -- a fact that is one of a list ----------------------------------------------------------------

def test_a_fact_may_be_one_of_a_list(tmp_path):
    proc = PROCEDURE.replace("  decided: {by: [office], cites: sec_1}\n", """  decided:
    by: [office]
    cites: sec_1
    fields: {animal: {type: choice, choices: [cow, goat, dog]}}
    when: [{fact_in: {animal: [cow, goat]}, error: "only cattle"}]
""")
    pack = load(write_pack(tmp_path, procedure=proc))
    events = [ev("received", date(2026, 1, 5), "applicant")]
    assert evaluate(pack, "p", None, events + [ev("decided", date(2026, 1, 6), "office", animal="goat")],
                    date(2026, 1, 7)).status == "pending"
    with pytest.raises(NotAllowed, match="only cattle"):
        evaluate(pack, "p", None, events + [ev("decided", date(2026, 1, 6), "office", animal="dog")], date(2026, 1, 7))


# -- a provision's own question shows the jurisdiction's reading acting --------------------------

OWN_RECEIPT = """interpretations:
  - id: mini.month
    question: "Is 'one month' a calendar month or thirty days?"
    cites: sec_1__subsec_1
    readings: {calendar: "a calendar month", thirty_days: "thirty days"}
    default: calendar
    reason: "GCA s.3(35)"
  - id: mini.s1.receipt
    question: "s.1 says 'from the day the paper is left at the office': does a closed day move receipt?"
    cites: sec_1__subsec_1
    readings: {next_open_day: "moved", as_delivered: "not moved: the words name the day it is left"}
    default: as_delivered
    reason: "the provision's own words"
    overrides: gca.receipt_on_closed_day
    procedures: [p]
"""
RECEIPT_PAIR = PAIR + """- name: left on a Sunday, the words' own day
  procedure: p
  events: [{type: received, on: 2026-01-04, by: applicant}]
  as_of: 2026-03-05
  expect: {deemed: {on: 2026-02-05}}
- name: left on a Sunday, moved to Monday
  procedure: p
  body: {interpretations: {mini.s1.receipt: next_open_day}}
  events: [{type: received, on: 2026-01-04, by: applicant}]
  as_of: 2026-03-05
  expect: {deemed: {on: 2026-02-06}}
"""


def test_a_pair_of_the_provisions_own_question_shows_the_jurisdiction_reading_it_answers(tmp_path):
    from adhiniyam.law.check import check_jurisdiction

    proc = PROCEDURE.replace("    start: received\n", "    start: received\n    on_receipt: true\n")
    pack = load(write_pack(tmp_path, procedure=proc, interpretations=OWN_RECEIPT, tests=RECEIPT_PAIR))
    problems = check_jurisdiction([pack])
    assert not any("gca.receipt_on_closed_day:as_delivered" in p for p in problems)
    assert any("gca.date_of_expiry is read by no pack" in p for p in problems)   # the check still runs


# -- a period from another date of an act, or the act's own date when none is stated ---------------

def test_a_period_may_run_from_an_orders_communication_or_else_from_the_order(tmp_path):
    proc = PROCEDURE.replace("  decided: {by: [office], cites: sec_1}\n", """  decided:
    by: [office]
    cites: sec_1
    fields: {communicated_on: {type: date, required: false}}
""") + """  appeal:
    cites: sec_1__subsec_2
    quote: "within thirty days of the date of communication of the order"
    kind: window
    start: {date_of: decided.communicated_on}
    period: {days: 30}
"""
    pack = load(write_pack(tmp_path, procedure=proc))
    events = [ev("received", date(2026, 1, 5), "applicant")]
    told = evaluate(pack, "p", None, events + [ev("decided", date(2026, 1, 6), "office", communicated_on=date(2026, 1, 9))],
                    date(2026, 1, 10))
    assert last_day(told, "appeal") == date(2026, 2, 8)
    same_day = evaluate(pack, "p", None, events + [ev("decided", date(2026, 1, 6), "office")], date(2026, 1, 10))
    assert last_day(same_day, "appeal") == date(2026, 2, 5)
    # a later order opens the period afresh from its own communication
    again = load(write_pack(tmp_path / "again", procedure=proc.replace(
        "    period: {days: 30}\n", "    period: {days: 30}\n    restart_on: [{event: decided, date: communicated_on}]\n")))
    later = evaluate(again, "p", None, events + [ev("decided", date(2026, 1, 6), "office"),
                                                 ev("decided", date(2026, 1, 20), "office", communicated_on=date(2026, 1, 25))],
                     date(2026, 1, 26))
    assert last_day(later, "appeal") == date(2026, 2, 24)


# -- a period whose first day is the day of the act itself ------------------------------------------

def test_a_period_may_count_the_day_of_its_trigger_as_its_first_day(tmp_path):
    proc = PROCEDURE.replace("    period: {by_reading: mini.month, values: {calendar: {months: 1}, thirty_days: {days: 30}}}\n",
                             "    period: {days: 10}\n    counting: {by_reading: mini.month, values: {calendar: from, thirty_days: inclusive}}\n")
    pack = load(write_pack(tmp_path, procedure=proc, tests="[]"))
    events = [ev("received", date(2026, 7, 1), "applicant")]
    assert evaluate(pack, "p", None, events, date(2026, 7, 2)).deadlines[0].last_day == date(2026, 7, 11)
    r = evaluate(pack, "p", BodySettings(interpretations={"mini.month": "thirty_days"}), events, date(2026, 7, 2))
    assert last_day(r, "decide") == date(2026, 7, 10)
    assert any("itself counted as the first day" in s.text for s in r.trace)


# -- civil twilight counted as day ------------------------------------------------------------------

def test_by_day_may_count_civil_twilight_as_day(tmp_path):
    from datetime import datetime

    proc = PROCEDURE.replace("  decided: {by: [office], cites: sec_1}\n", """  decided:
    by: [office]
    cites: sec_1
    when: [{by_day: {by_reading: mini.month, values: {calendar: true, thirty_days: twilight}}}]
""")
    pack = load(write_pack(tmp_path, procedure=proc, tests="[]"))
    panaji = BodySettings(location=(15.4909, 73.8278))
    events = [ev("received", date(2026, 3, 1), "applicant"), ev("decided", datetime(2026, 3, 2, 18, 55), "office")]
    with pytest.raises(NotAllowed, match="sunrise and sunset"):   # sunset 18:42 at Panaji that day
        evaluate(pack, "p", panaji, events, date(2026, 3, 3))
    dusk = BodySettings(location=(15.4909, 73.8278), interpretations={"mini.month": "thirty_days"})
    r = evaluate(pack, "p", dusk, events, date(2026, 3, 3))          # civil dusk 19:04
    assert any("civil dusk (19:04)" in s.text for s in r.trace)


# -- a power only some roles may use, or only in some cases -------------------------------------------

def test_a_by_condition_limits_an_event_to_some_roles_in_some_cases(tmp_path):
    proc = PROCEDURE.replace("roles: {applicant: Applicant, office: Office}", "roles: {applicant: Applicant, office: Office, deputy: Deputy}")
    proc = proc.replace("  decided: {by: [office], cites: sec_1}\n", """  decided:
    by: [office, deputy]
    cites: sec_1
    fields: {office_absent: {type: bool, default: false}}
    when: [{any: [{not: {by: [deputy]}}, {fact: {office_absent: true}}], error: "the deputy acts only in the office's absence"}]
""")
    pack = load(write_pack(tmp_path, procedure=proc))
    events = [ev("received", date(2026, 1, 5), "applicant")]
    listed = evaluate(pack, "p", None, events, date(2026, 1, 6)).allowed
    assert "decided" in listed["office"] and "decided" not in listed.get("deputy", [])
    with pytest.raises(NotAllowed, match="the deputy acts only in the office's absence"):
        evaluate(pack, "p", None, events + [ev("decided", date(2026, 1, 6), "deputy")], date(2026, 1, 7))
    ok = evaluate(pack, "p", None, events + [ev("decided", date(2026, 1, 6), "deputy", office_absent=True)], date(2026, 1, 7))
    assert ok.status == "pending"


# -- a named amount the pack titles is a word to translate ------------------------------------------

def test_a_titled_named_amount_is_among_the_words_a_pack_translates():
    from adhiniyam.law import translations as T

    words = T.pack_words("goa_panchayat_raj_1994")
    assert ("procedure.pound_complaint.amount.award_total", "Compensation, fees and expenses awarded") in words
    kok = T.words("goa_panchayat_raj_1994", "kok")
    assert kok.get("procedure.pound_complaint.amount.award_total", "Compensation, fees and expenses awarded") \
        == "दिल्ली भरपाय, शुल्क आनी खर्च"
