"""Engine pieces the Uttarakhand words needed, each generic: a declared area that applies from its
resolution or its public notice and is judged on the date a fact states; a date judged against a
period counted from another date, judged on the date a third states and received on the office's
next open day ("not less than one month in advance"); a period the record states, else the Act's
(`first_stated`), with main's `date_of` start beside it; bounds that are parameters; a daily fine from a date the record states; an
override with one reading where the provision's words fix the answer."""

from __future__ import annotations

from datetime import date

import pytest
from test_engine_v2 import load, write_pack

from adhiniyam.law.errors import InvalidData, NoOffence, PackError
from adhiniyam.law.evaluator import BodySettings, Event, evaluate

TEXT = """nodes:
  - {id: sec_1, kind: section, num: "1", text: "Whoever builds without a month's notice shall be liable to a fine."}
  - {id: sec_2, kind: section, num: "2", text: "A sanction shall be available for three years."}
  - {id: sec_3, kind: section, num: "3", text: "a further fine for every day after the date of the first conviction"}
"""
PARAMS = """radius_miles: {title: Radius, unit: miles, cites: sec_1, quote: "two miles", values: [{from: unknown, value: 2}]}
validity: {title: Validity, unit: years, cites: sec_2, quote: "three years", values: [{from: unknown, value: {years: 3}}]}
"""
INTERPRETATIONS = """interpretations:
  - id: mini.s3.first_day
    question: "Does the day of the first conviction count?"
    cites: sec_3
    quote: "after the date of the first conviction"
    readings: {after_the_date: "No: the words say after the date."}
    default: after_the_date
    reason: "The words fix it."
    overrides: {question: gca.continuing_offence_days, as: {after_the_date: after_trigger}}
    procedures: [daily]
"""
OFFENCE = """- procedure: building
  kind: offence
  title: Building without notice
  cites: sec_1
  quote: "Whoever builds without a month's notice"
  roles: {panchayat: Panchayat}
  statuses: {recorded: Recorded}
  events:
    offence_recorded:
      title: Offence recorded
      by: [panchayat]
      opens: true
      status: recorded
      cites: sec_1
      fields:
        offence_date: {type: date}
        area: {type: text}
        work_begun_on: {type: date, required: false}
        notice_tendered_on: {type: date, required: false}
        distance_miles: {type: number, required: false}
  exceptions:
    notice_given:
      text: a notice tendered a clear month before the work began
      cites: sec_1
      quote: "a month's notice"
      when: [{not: {fact: {notice_tendered_on: null}}},
             {date_after: {fact: notice_tendered_on, period: {months: 1}, at: work_begun_on, on_receipt: true}}]
    far_away:
      text: beyond the radius
      cites: sec_1
      quote: "two miles"
      when: [{not: {fact: {distance_miles: null}}}, {not: {fact_at_most: {distance_miles: {param: radius_miles}}}}]
  preconditions:
    - {name: area, text: the area declared, cites: sec_1, quote: "declared",
       when: [{in_declared_area: {section: sec_1, from: resolution_on, at: work_begun_on}}]}
  penalty: {cites: sec_1, versions: [{id: v1, from: unknown, fine: {max: 500}}]}
- procedure: sanction
  title: Sanction
  cites: sec_2
  quote: "A sanction shall be available for three years."
  roles: {office: Office}
  statuses: {sanctioned: Sanctioned}
  events:
    sanctioned:
      title: Sanctioned
      by: [office]
      opens: true
      status: sanctioned
      cites: sec_2
      fields:
        communicated_on: {type: date, required: false}
        valid_for: {type: period, required: false}
  timers:
    validity:
      title: Validity
      cites: sec_2
      quote: "three years"
      start: {date_of: sanctioned.communicated_on}
      period: {first_stated: [{field: sanctioned.valid_for}, {param: validity}]}
      max: {param: validity}
      beyond_max: cap
- procedure: daily
  kind: offence
  title: Use after a notice
  cites: sec_3
  quote: "a further fine"
  roles: {panchayat: Panchayat, court: Court}
  statuses: {recorded: Recorded, convicted: Convicted}
  events:
    offence_recorded: {title: Recorded, by: [panchayat], opens: true, status: recorded, cites: sec_3, fields: {offence_date: {type: date}}}
    conviction:
      title: Conviction
      by: [court]
      status: convicted
      cites: sec_3
      fields: {first_conviction_on: {type: date, required: false}}
  penalty:
    cites: sec_3
    versions:
      - {id: v1, from: unknown, fine: {max: 20},
         daily: {max: 5, from: {date_of: conviction.first_conviction_on}}}
"""


@pytest.fixture()
def pack(tmp_path):
    return load(write_pack(tmp_path, procedure=OFFENCE, interpretations=INTERPRETATIONS, coverage="",
                           extra={"text.yaml": TEXT, "parameters.yaml": PARAMS}))


AREAS = [{"area": "Bhimtal", "sections": ["sec_1"], "resolution_on": date(2026, 2, 10), "public_notice_on": date(2026, 3, 16)}]


def record(pack, body=None, **data):
    data = {"offence_date": "2026-03-25", "area": "Bhimtal", **data}
    body = body or BodySettings(areas=AREAS, weekly_off=("sun",))
    return evaluate(pack, "building", body, [Event("offence_recorded", date(2026, 3, 26), None, data)], date(2026, 3, 26))


def test_an_area_applying_from_its_resolution_is_judged_on_the_date_a_fact_states(pack):
    assert record(pack, work_begun_on="2026-02-11").amounts["fine_max"] == 500
    with pytest.raises(NoOffence, match="by its resolution\\) on the work begun on"):
        record(pack, work_begun_on="2026-02-09")
    with pytest.raises(NoOffence, match="on the work begun on"):  # not stated: judged on the date of the act
        record(pack, offence_date="2026-02-01")


def test_a_date_is_judged_against_a_clear_month_counted_from_another_received_on_the_next_open_day(pack):
    # tendered 10 February: a clear month ends 10 March; work begun 11 March is after it
    with pytest.raises(NoOffence, match="notice tendered a clear month"):
        record(pack, work_begun_on="2026-03-11", notice_tendered_on="2026-02-10")
    assert record(pack, work_begun_on="2026-03-10", notice_tendered_on="2026-02-10").amounts["fine_max"] == 500
    # left on Sunday 1 March: received Monday 2 March, so the month ends 2 April and 2 April is too early
    assert record(pack, work_begun_on="2026-04-02", notice_tendered_on="2026-03-01").amounts["fine_max"] == 500
    with pytest.raises(NoOffence):
        record(pack, work_begun_on="2026-04-03", notice_tendered_on="2026-03-01")
    # read as delivered, the Sunday counts: the month ends 1 April and 2 April is after it
    sunday = BodySettings(areas=AREAS, weekly_off=("sun",), interpretations={"gca.receipt_on_closed_day": "as_delivered"})
    with pytest.raises(NoOffence):
        record(pack, sunday, work_begun_on="2026-04-02", notice_tendered_on="2026-03-01")


def test_the_first_stated_start_and_period_and_a_parameter_bound(pack):
    def sanction(**data):
        return evaluate(pack, "sanction", BodySettings(), [Event("sanctioned", date(2026, 3, 16), None, data)],
                        date(2026, 3, 20)).deadline("validity")
    assert sanction().last_day == date(2029, 3, 16)                          # the order's date, the Act's three years
    assert sanction(communicated_on="2026-03-20").last_day == date(2029, 3, 20)
    assert sanction(valid_for={"years": 1}).last_day == date(2027, 3, 16)
    assert sanction(valid_for={"years": 5}).last_day == date(2029, 3, 16)    # capped at the parameter


def test_a_daily_fine_from_a_date_the_record_states_and_an_override_with_one_reading(pack):
    body = BodySettings(interpretations={"gca.continuing_offence_days": "including_trigger"})
    evs = [Event("offence_recorded", date(2026, 3, 2), None, {"offence_date": "2026-02-28"}),
           Event("conviction", date(2026, 3, 10), None, {"first_conviction_on": "2026-02-02"})]
    res = evaluate(pack, "daily", body, evs, date(2026, 3, 10))
    assert res.amounts["daily_days"] == 36 and res.readings["mini.s3.first_day"] == "after_the_date"   # 3 Feb – 10 Mar
    res = evaluate(pack, "daily", body, evs[:1] + [Event("conviction", date(2026, 3, 10), None, {})], date(2026, 3, 12))
    assert res.amounts["daily_days"] == 2                                     # 11–12 March


def test_a_date_needed_and_not_stated_is_bad_input(pack):
    with pytest.raises(InvalidData, match="the first conviction on is needed"):
        from adhiniyam.law.conditions import CONDITIONS

        class C:  # the smallest case a condition reads
            facts, first = {}, {}
        CONDITIONS["date_after"].holds(C(), {"fact": "first_conviction_on"}, date(2026, 3, 2))


def test_bad_forms_are_refused_on_load(tmp_path, pack):
    root = pack.path
    bad = OFFENCE.replace("from: resolution_on, at: work_begun_on", "from: the_day_after")
    (root / "procedures" / "p.yaml").write_text(bad)
    with pytest.raises(PackError, match="in_declared_area is a section id"):
        load(root)
    (root / "procedures" / "p.yaml").write_text(OFFENCE.replace("at: work_begun_on, on_receipt", "at: work_begun_on, on_reciept"))
    with pytest.raises(PackError, match="date_after is"):
        load(root)
