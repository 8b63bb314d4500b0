"""Small additions to engine v2 that the Goa Act's words needed (issue 16). Each test builds the
smallest pack that shows the rule, with the helpers of test_engine_v2."""

from datetime import date

from test_engine_v2 import PROCEDURE, ev, load, write_pack

from adhiniyam.law import BodySettings, evaluate

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
