"""A body's office calendar as the records keep it: closures beside the State's holidays and weekly days
off, and openings — a day they count as closed on which the office was open. Goa s.66(2): fifteen days
from the date of receipt of the application; under the General Clauses Act reading the body applies by
default (`gca.receipt_on_closed_day`: next_open_day), a paper received on a day the office is closed
counts as received on the next day it is open. 4 January 2026 is a Sunday, Taleigao's weekly day off."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

pytestmark = pytest.mark.django_db

SUNDAY, MONDAY = dt.date(2026, 1, 4), dt.date(2026, 1, 5)


def working_sunday(world, on=SUNDAY):
    from adhiniyam.records.models import Closure
    return Closure.objects.create(body=world["vp"], on=on, open=True, reason="Office open for the property tax drive",
                                  source="Order of the Sarpanch no. VP/TAL/2025-26/112")


def deadline(api, case) -> str:
    r = api.get("clerk", f"/api/cases/{case['id']}")
    assert r.status_code == 200, r.content
    return r.json()["next_deadline"]


def test_a_paper_received_on_a_sunday_counts_from_monday(open_case):
    case = open_case(who="clerk", on=SUNDAY.isoformat())
    assert case["next_deadline"] == "2026-01-20"            # 5 January + 15 days


def test_on_a_working_sunday_it_counts_from_the_sunday(api, world, open_case):
    working_sunday(world)
    case = open_case(who="clerk", on=SUNDAY.isoformat())
    assert case["next_deadline"] == "2026-01-19"            # 4 January + 15 days


def test_recording_or_removing_an_opening_moves_the_open_cases_it_touches(api, world, open_case):
    from adhiniyam.records.models import Case
    before = open_case(who="clerk", on=SUNDAY.isoformat())
    later = open_case(who="clerk", on="2026-01-06")
    opening = working_sunday(world)
    assert deadline(api, before) == "2026-01-19"
    fresh = open_case(who="clerk", on=SUNDAY.isoformat())  # received on the Sunday, after the opening was recorded
    stored = {c.pk: (c.next_deadline, c.due, c.derived["deadlines"]) for c in Case.objects.all()}
    assert stored[before["id"]] == stored[fresh["id"]]       # what the sweep and the inbox read, as if new
    assert stored[before["id"]][0] == dt.date(2026, 1, 19)
    assert deadline(api, later) == "2026-01-21"             # received after the Sunday: not touched
    opening.delete()
    assert Case.objects.get(pk=before["id"]).next_deadline == dt.date(2026, 1, 20)


def test_moving_an_opening_to_another_day_refreshes_both(api, world, open_case):
    from adhiniyam.records.models import Case
    case = open_case(who="clerk", on=SUNDAY.isoformat())
    opening = working_sunday(world)
    assert Case.objects.get(pk=case["id"]).next_deadline == dt.date(2026, 1, 19)
    opening.on = dt.date(2025, 12, 28)                      # the order was for the Sunday before
    opening.save()
    assert Case.objects.get(pk=case["id"]).next_deadline == dt.date(2026, 1, 20)


def test_an_opening_is_only_for_a_day_the_calendar_closes(world):
    from adhiniyam.records.models import Closure
    vp = world["vp"]
    Closure(body=vp, on=SUNDAY, open=True, reason="working Sunday", source="order").full_clean()
    Closure(body=vp, on=dt.date(2026, 1, 26), open=True, reason="Gram sabha", source="order").full_clean()
    with pytest.raises(ValidationError) as bad:
        Closure(body=vp, on=MONDAY, open=True, reason="working Monday", source="order").full_clean()
    assert "2026-01-05" in str(bad.value) and "neither a public holiday" in str(bad.value)
    Closure(body=vp, on=MONDAY, reason="Local festival", source="order").full_clean()     # a closure: any day


def test_the_body_shows_its_closures_and_openings_apart(api, world):
    from adhiniyam.records.models import Closure
    working_sunday(world)
    Closure.objects.create(body=world["vp"], on=dt.date(2026, 1, 7), reason="Local festival", source="Order 3/2026")
    r = api.get("clerk", "/api/bodies/ga-taleigao")
    assert r.status_code == 200, r.content
    body = r.json()
    assert [c["on"] for c in body["closures"]] == ["2026-01-07"]
    assert [(c["on"], c["source"]) for c in body["openings"]] == [
        ("2026-01-04", "Order of the Sarpanch no. VP/TAL/2025-26/112")]
