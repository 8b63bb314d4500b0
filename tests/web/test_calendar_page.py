"""The office calendar page (/bodies/<code>/calendar/): anyone reads a body's weekly days off, the year's
State public holidays and the days the office recorded, each with its order; an administrator of the body
or above records and removes days there, and the deadlines of its open cases follow. Goa s.66(2): fifteen
days from the date of receipt; a receipt on a closed day counts from the next open day (reading
gca.receipt_on_closed_day). 1 March 2026 is a Sunday, a weekly day off at a Panchayat."""

from __future__ import annotations

import datetime as dt

import pytest
from webhelpers import text

pytestmark = pytest.mark.django_db

URL = "/bodies/ga-taleigao/calendar/"


@pytest.fixture
def keeper(world):
    from django.contrib.auth import get_user_model

    from adhiniyam.records.models import Membership
    user = get_user_model().objects.create_user("ga_admin")
    Membership.objects.create(user=user, body=world["ga"], role="administrator")     # the State, above the body
    return user


def record(c, **day):
    return c.post(URL, {"reason": "Working Sunday for the tax drive", "source": "Order VP/TAL/41", **day}, follow=True)


def test_anyone_reads_the_calendar_in_words(client, world):
    from adhiniyam.records.models import Closure
    Closure.objects.create(body=world["vp"], on=dt.date(2026, 2, 16), reason="Carnival", source="Order 7/2026")
    page = text(client.get(URL))
    assert "every Sunday" in page and "the second Saturday of the month" in page and "the fourth Saturday" in page
    assert "16 February 2026" in page and "Carnival" in page and "Order 7/2026" in page and "closed" in page
    assert "26 January 2026 — Republic Day" in page               # the year's State holidays
    assert "Record a day" not in page                              # no form for a visitor


def test_an_administrator_records_an_opening_and_the_deadline_follows(world, keeper, as_user):
    from adhiniyam.records.models import Case, Closure
    from adhiniyam.records.services import EventInput, open_case
    case = open_case(world["users"]["clerk"], world["vp"], "building_permission",
                     EventInput("application_received", dt.date(2026, 3, 1), {"complete": True}, by="applicant",
                                late_reason="left at the office on Sunday, entered on Monday"))
    assert case.case.next_deadline == dt.date(2026, 3, 17)        # from Monday 2 March
    r = record(as_user(keeper), on="2026-03-01", open="1")
    assert "Recorded in the calendar" in text(r)
    assert Closure.objects.get(body=world["vp"]).open
    assert Case.objects.get(pk=case.case.pk).next_deadline == dt.date(2026, 3, 16)   # from the Sunday itself
    assert "open, although the calendar closes it" in text(r) and "Order VP/TAL/41" in text(r)


def test_a_needless_opening_or_a_bad_date_is_refused_and_nothing_is_stored(world, keeper, as_user):
    from adhiniyam.records.models import Closure
    c = as_user(keeper)
    page = text(record(c, on="2026-03-02", open="1"))                        # a Monday: open anyway
    assert "open on 2026-03-02 anyway" in page and "Nothing was changed." in page
    assert "Give the day as a date" in text(record(c, on="2 March"))
    assert not Closure.objects.exists()
    record(c, on="2026-03-01", open="1")
    again = text(record(c, on="2026-03-01", reason="Closed after all"))
    assert "2026-03-01 is already in the calendar" in again and "Nothing was changed." in again
    assert list(Closure.objects.values_list("open", "reason")) == [(True, "Working Sunday for the tax drive")]


def test_only_an_administrator_keeps_the_calendar(world, as_user):
    from adhiniyam.records.models import Closure
    c = as_user(world["users"]["secretary"])
    assert "Record a day" not in text(c.get(URL))
    page = text(record(c, on="2026-03-01", open="1"))
    assert "Only an administrator" in page and "Nothing was changed." in page
    assert not Closure.objects.exists()


def test_an_administrator_removes_a_day(world, keeper, as_user):
    from adhiniyam.records.models import Closure
    day = Closure.objects.create(body=world["vp"], on=dt.date(2026, 2, 16), reason="Carnival", source="Order 7/2026")
    r = as_user(keeper).post(URL, {"remove": str(day.pk)}, follow=True)
    assert "The day is removed" in text(r) and not Closure.objects.exists()


def test_the_calendar_is_in_the_bodys_language(client, world):
    from django.test import Client
    page = Client().get(URL).content.decode()                     # no language chosen: Goa's, Konkani
    assert '<html lang="kok">' in page and "आयतार" in page          # Sunday


def test_the_administrators_form_is_in_the_bodys_language_too(world, keeper, as_user):
    from webhelpers import untranslated

    from adhiniyam.records.models import Closure
    Closure.objects.create(body=world["vp"], on=dt.date(2026, 3, 1), open=True, reason="Tax drive", source="Order 41")
    html = as_user(keeper, lang=None).get(URL).content.decode()
    assert '<html lang="kok">' in html and 'name="reason"' in html          # the form is there
    assert untranslated(html) == [], untranslated(html)
