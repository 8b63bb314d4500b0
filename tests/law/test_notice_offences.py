"""Offences recorded within a notice's case, and the dates and bounds around them: an offence judged at
a named event (`offence_at`); the date of the act as the first day of default (`date_of_act: {day_after:
timer}`) and a daily fine counted from it; a daily rate reported as a maximum or a fixed sum; an outcome
that takes effect on the last day itself (`outcome_on: last_day`); a period to the end of the financial
year; a field with an unknown key refused. (Limits computed from the record, orders raised to the minimum
and one-reading overrides are tested in test_engine_periods_from_facts.py.) Each test builds the smallest
pack that shows the rule."""

from datetime import date

import pytest
from test_engine_v2 import ev, load, write_pack

from adhiniyam.law import NoOffence, PackError, evaluate
from adhiniyam.law import time as lt

NOTICE = """procedure: n
title: Notice, and the offence of using the place after it
kind: notice
cites: sec_1__subsec_1
quote: "within one month"
offence_at: used_after_notice
elements:
  knowingly: {field: knowingly, text: that he used it knowingly, cites: sec_1__subsec_2, quote: "y"}
roles: {officer: Officer, owner: Owner}
statuses: {served: Served, used: Used after the notice}
events:
  served: {by: [officer], opens: true, status: served, cites: sec_1__subsec_1}
  used_after_notice: {by: [officer], status: used, cites: sec_1__subsec_2}
penalty:
  cites: sec_1__subsec_2
  quote: "y"
  versions:
  - {id: fine, from: unknown, kind: fine, fine: {max: 200}, daily: {fixed: 50, from: date_of_act}}
"""
DEFAULT = """procedure: d
title: Notice whose breach is the offence
kind: notice
cites: sec_1__subsec_1
quote: "within one month"
date_of_act: {day_after: comply}
roles: {officer: Officer, owner: Owner}
statuses: {served: Served, in_default: In default, stopped: Complied after default, revoked: Revoked}
events:
  served: {by: [officer], opens: true, status: served, cites: sec_1__subsec_1}
  offence_stopped: {by: [owner], status: stopped, when: [{status: [in_default]}]}
  notice_of_revocation: {by: [officer], cites: sec_1__subsec_1}
timers:
  comply: {cites: sec_1__subsec_1, quote: "within one month", start: served, period: {months: 1}, on_expiry: {status: in_default}}
  revocation:
    cites: sec_1__subsec_1
    quote: "on giving one month's notice"
    start: notice_of_revocation
    period: {months: 1}
    outcome_on: last_day
    on_expiry: {status: revoked}
penalty:
  cites: sec_1__subsec_1
  quote: "within one month"
  versions:
  - {id: fine, from: unknown, kind: fine, fine: {max: 50}, daily: {max: 5, from: date_of_act}}
"""


@pytest.fixture()
def pack(tmp_path):
    return load(write_pack(tmp_path, extra={"procedures/n.yaml": NOTICE, "procedures/d.yaml": DEFAULT}))


def test_an_offence_within_a_notice_is_judged_at_its_own_event(pack):
    served = ev("served", date(2026, 2, 2), "officer")
    with pytest.raises(NoOffence, match="used it knowingly"):
        evaluate(pack, "n", None, [served, ev("used_after_notice", date(2026, 2, 10), "officer", knowingly=False)],
                 date(2026, 2, 20))
    assert evaluate(pack, "n", None, [served], date(2026, 2, 20)).amounts["daily_days"] == 0  # no offence recorded yet
    res = evaluate(pack, "n", None, [served, ev("used_after_notice", date(2026, 2, 10), "officer", knowingly=True)],
                   date(2026, 2, 20))
    assert res.offence["date_of_act"] == date(2026, 2, 10) and res.offence["elements"] == {"knowingly": True}
    # the date of the act is the offence's, not the notice's: ten days after 10 February
    assert (res.amounts["daily_fixed"], res.amounts["daily_days"], res.amounts["total_max"]) == (50, 10, 700)
    assert "knowingly" not in pack.procedure("n").events["served"].fields


def test_the_date_of_the_act_is_the_first_day_of_default_and_the_daily_fine_runs_from_it(pack):
    served = ev("served", date(2026, 1, 15), "officer")
    before = evaluate(pack, "d", None, [served], date(2026, 2, 10))
    assert before.amounts["daily_days"] == 0
    assert any("no offence has been committed yet" in s.text for s in before.trace)
    # one month from 15 January ends 15 February; 16 February is the act; 17–25 February continue it
    after = evaluate(pack, "d", None, [served], date(2026, 2, 25))
    assert (after.amounts["daily_rate"], after.amounts["daily_days"], after.amounts["total_max"]) == (5, 9, 95)
    assert "daily_fixed" not in after.amounts  # "may extend to five rupees": a maximum
    assert any("date of the act (16 February 2026)" in s.text for s in after.trace)
    stopped = evaluate(pack, "d", None, [served, ev("offence_stopped", date(2026, 2, 20), "owner")], date(2026, 2, 25))
    assert stopped.amounts["daily_days"] == 3


def test_an_outcome_may_take_effect_on_the_last_day_itself(pack):
    events = [ev("served", date(2026, 3, 1), "officer"), ev("notice_of_revocation", date(2026, 3, 10), "officer")]
    assert evaluate(pack, "d", None, events, date(2026, 4, 9)).status == "in_default"  # the notice of 1 March lapsed
    assert evaluate(pack, "d", None, events, date(2026, 4, 10)).status == "revoked"


def test_a_financial_year_ends_on_the_next_31_march():
    fy = lt.Period(1, "financial_years")
    assert lt.last_day(date(2026, 1, 10), fy) == date(2026, 3, 31)
    assert lt.last_day(date(2026, 3, 30), fy) == date(2026, 3, 31)
    assert lt.last_day(date(2026, 3, 31), fy) == date(2027, 3, 31)
    assert lt.last_day(date(2026, 4, 1), lt.Period(2, "financial_years")) == date(2028, 3, 31)
    assert str(fy) == "1 financial year"


def test_the_first_day_of_default_must_name_a_timer(tmp_path):
    bad = DEFAULT.replace("date_of_act: {day_after: comply}", "date_of_act: {day_after: nothing}")
    with pytest.raises(PackError, match="date_of_act"):
        load(write_pack(tmp_path, extra={"procedures/d.yaml": bad}))


def test_a_field_with_an_unknown_key_is_refused(tmp_path):
    # a title with an unquoted comma inside {…} becomes a second key, and the title is cut short
    bad = NOTICE.replace("used_after_notice: {by: [officer], status: used, cites: sec_1__subsec_2}",
                         "used_after_notice: {by: [officer], status: used, cites: sec_1__subsec_2,\n"
                         "                      fields: {where: {type: text, title: in the street, or the market}}}")
    with pytest.raises(PackError, match="quote a title that holds a comma"):
        load(write_pack(tmp_path, extra={"procedures/n.yaml": bad}))

