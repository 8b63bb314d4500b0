"""gca.month_end (a month from a month's end, three readings) and the scenario checker refusing what it
cannot check (an unknown error type, an unknown `expect:` key)."""

from datetime import date

import pytest

from adhiniyam.law import time as lt
from adhiniyam.law.pack import load_pack
from adhiniyam.law.scenarios import ScenarioError, check

MONTH = lt.Period(1, "months")


@pytest.mark.parametrize("trigger, rule, end", [
    (date(2026, 1, 31), "corresponding_date", date(2026, 2, 28)),   # Himachal Techno Engineers; the guide
    (date(2026, 4, 30), "corresponding_date", date(2026, 5, 30)),
    (date(2026, 4, 30), "day_before_corresponding", date(2026, 5, 31)),  # Halsbury / Joshi: from 1 May to 31 May
    (date(2026, 2, 28), "day_before_corresponding", date(2026, 3, 31)),
    (date(2026, 1, 29), "day_before_corresponding", date(2026, 2, 28)),  # no 30 February: the month's end
    (date(2026, 1, 31), "day_before_corresponding", date(2026, 2, 28)),
    (date(2026, 1, 30), "roll_over", date(2026, 3, 2)),
    (date(2026, 8, 31), "roll_over", date(2026, 10, 1)),
    (date(2026, 3, 15), "roll_over", date(2026, 4, 15)),
])
def test_a_month_from_a_months_end(trigger, rule, end):
    assert lt.last_day(trigger, MONTH, rule) == end


def test_years_follow_the_same_rule():
    leap = date(2028, 2, 29)
    assert lt.last_day(leap, lt.Period(1, "years")) == date(2029, 2, 28)
    assert lt.last_day(leap, lt.Period(1, "years"), "roll_over") == date(2029, 3, 1)


def test_the_readings_are_consulted_only_where_they_disagree():
    assert lt.month_rules_differ(date(2026, 4, 30), MONTH)
    assert not lt.month_rules_differ(date(2026, 3, 15), MONTH)
    assert not lt.month_rules_differ(date(2026, 4, 30), lt.Period(30, "days"))


def _scenario(expect):
    return {"name": "x", "procedure": "unauthorised_construction", "rests_on": ["sec_66__subsec_5"],
            "events": [{"type": "construction_detected", "on": "2026-04-30", "by": "secretary"}],
            "as_of": "2026-05-10", "expect": expect}


def test_an_unknown_error_type_fails_the_scenario():
    fails = check(load_pack("goa_panchayat_raj_1994"), _scenario({"error": {"type": "NoOfence"}}))
    assert fails and "NoOfence" in fails[0] and "NoOffence" in fails[0]


def test_an_unknown_expect_key_is_refused():
    with pytest.raises(ScenarioError, match="statuss"):
        check(load_pack("goa_panchayat_raj_1994"), _scenario({"statuss": "detected"}))


@pytest.mark.parametrize("where, fix", [
    ("scenario", lambda sc: sc.update(bdoy={"interpretations": {}})),
    ("body", lambda sc: sc.update(body={"interpretation": {"gca.month_end": "roll_over"}})),
    ("event", lambda sc: sc["events"][0].update(date="2026-04-30")),
])
def test_a_misspelt_key_is_refused_not_dropped(where, fix):
    """A misspelt `body:` would drop the reading a pair depends on, and the pair would still pass."""
    sc = _scenario({"status": "detected"})
    fix(sc)
    with pytest.raises(ScenarioError, match="does not know"):
        check(load_pack("goa_panchayat_raj_1994"), sc)
