"""Properties of legal time and the engine that must hold for every input (hypothesis)."""

from datetime import date, timedelta

from dateutil.relativedelta import relativedelta
from hypothesis import given, settings
from hypothesis import strategies as st

from adhiniyam.law import BodySettings, Event, Period, evaluate, load_pack
from adhiniyam.law import time as lt

dates = st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31))
units = st.sampled_from(["days", "weeks", "months", "years"])
counts = st.integers(min_value=0, max_value=60)


@given(dates, counts, units)
def test_a_deadline_is_never_before_its_trigger(d, n, unit):
    assert lt.last_day(d, Period(n, unit)) >= d


@given(dates, dates, counts, units)
def test_deadlines_are_monotonic_in_the_trigger(a, b, n, unit):
    a, b = min(a, b), max(a, b)
    p = Period(n, unit)
    assert lt.last_day(a, p) <= lt.last_day(b, p)


@given(dates, st.integers(min_value=1, max_value=24), st.integers(min_value=1, max_value=24))
def test_months_are_added_in_one_step_never_chained(d, m1, m2):
    one_step = lt.last_day(d, Period(m1 + m2, "months"))
    assert one_step == d + relativedelta(months=m1 + m2)
    # the corresponding date, or the month's last day when there is none
    assert one_step.day == d.day or (one_step + timedelta(days=1)).day == 1


@given(dates, counts)
def test_clear_days_fall_after_the_period(d, n):
    assert lt.first_day_after(d, Period(n, "days")) == d + timedelta(days=n + 1)
    assert lt.latest_before(d, Period(n, "days")) == d - timedelta(days=n + 1)


@given(dates, st.integers(min_value=0, max_value=90), st.sampled_from(["from_to", "inclusive", "exclusive"]))
def test_a_pause_is_never_negative(a, n, reading):
    assert lt.pause_length(a, a + timedelta(days=n), reading) >= 0


GOA = load_pack("goa_panchayat_raj_1994")


@settings(max_examples=150, deadline=None)
@given(st.dates(min_value=date(2026, 1, 1), max_value=date(2026, 12, 1)),
       st.integers(min_value=0, max_value=60))
def test_a_deemed_grant_never_arises_before_the_period_ends(received, wait):
    r = evaluate(GOA, "building_permission", BodySettings(), [Event("application_received", received, "applicant")],
                 received + timedelta(days=wait), trace=False)
    for d in r.deemed:
        assert d.on >= received + timedelta(days=16)


@settings(max_examples=150, deadline=None)
@given(st.dates(min_value=date(2026, 1, 1), max_value=date(2026, 12, 1)),
       st.integers(min_value=0, max_value=7), st.integers(min_value=0, max_value=30),
       st.sampled_from(["from_to", "inclusive", "exclusive"]))
def test_a_clock_stop_never_shortens_the_period(received, after, held, reading):
    body = BodySettings(interpretations={"goa.s66.observation_pause_days": reading})
    opened = [Event("application_received", received, "applicant")]
    sent = received + timedelta(days=after)
    paused = opened + [Event("observations_dispatched", sent, "secretary", {"observations": "x"}),
                       Event("observations_complied", sent + timedelta(days=held), "applicant")]
    as_of = sent + timedelta(days=held)
    plain = evaluate(GOA, "building_permission", body, opened, received, trace=False).deadline("decision").last_day
    with_pause = evaluate(GOA, "building_permission", body, paused, as_of, trace=False)
    d = with_pause.deadline("decision")
    if d is not None:  # still running
        assert d.last_day >= plain
    else:  # already deemed: not before the unpaused period ended
        assert all(x.on > plain for x in with_pause.deemed)


GUJ = load_pack("gujarat_municipalities_1963")


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10_000_000), st.integers(min_value=0, max_value=400))
def test_the_building_fine_stays_within_its_bounds(cost, days_after_conviction):
    """Gujarat s.155(7): up to 50% of the cost or Rs 1,000, whichever is greater; then up to 1% of
    the cost or Rs 10, whichever is greater, for each day after conviction."""
    evs = [Event("offence_committed", date(2026, 1, 5), "chief_officer",
                 {"cost_of_construction": cost, "work": "erection", "limb": "without_notice"}),
           Event("convicted", date(2026, 3, 2), "magistrate")]
    r = evaluate(GUJ, "building_offence", BodySettings(), evs, date(2026, 3, 2) + timedelta(days=days_after_conviction), trace=False)
    a = r.amounts
    assert a["fine_max"] == round(max(cost * 50 / 100, 1000), 2)
    assert a["daily_rate"] == round(max(cost * 1 / 100, 10), 2)
    assert a["daily_days"] == days_after_conviction
    assert a["total_max"] >= a["fine_max"] >= 1000
