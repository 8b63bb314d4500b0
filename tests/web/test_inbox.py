"""The officer inbox: ordered by statutory deadline, with days left, urgency, counts and filters,
scoped to the officer's bodies, and light enough for a slow connection."""

from __future__ import annotations

import datetime as dt
import re

from webhelpers import set_clock, text

from adhiniyam.records import services
from adhiniyam.records.models import Person, Property


def open_case(world, on: str, name: str, complete=True):
    set_clock(on)
    vp = world["vp"]
    p = Person.objects.create(body=vp, name=name)
    prop = Property.objects.create(body=vp, address=f"House of {name}", owner=p)
    return services.create_case(world["users"]["clerk"], vp, "building_permission",
                                services.EventInput("application_received", dt.date.fromisoformat(on), {"complete": complete}),
                                applicant=p, property=prop)


def test_inbox_orders_by_statutory_deadline_with_days_left_and_counts(world, as_user):
    a = open_case(world, "2026-02-10", "Rohan Kamat")      # 15 days: 25 Feb; deemed 26 Feb; intimation by 13 Mar
    b = open_case(world, "2026-02-20", "Maria Fernandes")  # decide by 7 March
    # received on Sunday 1 March: the office was closed, so it counts as received on Monday 2 March
    # (on_receipt; Himachal Techno Engineers) and the fifteen days end on 17 March, not 16 March
    c = open_case(world, "2026-03-01", "Vinod Shet")
    set_clock("2026-03-02")
    r = as_user(world["users"]["secretary"]).get("/inbox/ga-taleigao/")
    assert r.status_code == 200
    html = r.content.decode()
    order = [m for m in re.findall(r"GA-TALEIGAO/2026/\d+", html)]
    assert order == [b.number, a.number, c.number]      # 7 March, 13 March, 17 March
    page = text(r)
    assert "7 March 2026 5 days left" in page
    assert "13 March 2026 11 days left" in page and "Deemed: Permission deemed granted" in page
    assert "17 March 2026 15 days left" in page
    assert 'id="count-week">1<' in html          # 7 March falls within the coming week
    assert 'id="count-deemed">1<' in html        # Rohan's permission was deemed granted on 26 February
    assert 'class="u-soon' in html and "u-deemed" in html

    # filters: by status and by whose turn
    r = as_user(world["users"]["secretary"]).get("/inbox/ga-taleigao/?who=secretary")
    assert a.number not in r.content.decode() and b.number in r.content.decode()


def test_incomplete_application_shows_overdue_not_deemed(world, as_user):
    case = open_case(world, "2026-02-10", "Rohan Kamat", complete=False)
    set_clock("2026-03-02")
    r = as_user(world["users"]["secretary"]).get("/inbox/ga-taleigao/")
    page = text(r)
    assert case.number in page
    assert 'id="count-deemed">0<' in r.content.decode()
    assert "The period has passed but the application was not complete" in page


def test_inbox_is_scoped_to_the_officers_bodies(world, as_user):
    open_case(world, "2026-03-01", "Vinod Shet")
    set_clock("2026-03-02")
    assert as_user(world["users"]["solan_eo"]).get("/inbox/ga-taleigao/").status_code == 404
    assert as_user(world["users"]["neighbour"]).get("/inbox/ga-taleigao/").status_code == 200   # own cases only
    assert "GA-TALEIGAO" not in as_user(world["users"]["neighbour"]).get("/inbox/ga-taleigao/").content.decode()
    assert as_user(world["users"]["clerk"]).get("/inbox/ga-taleigao/").status_code == 200
    anon = as_user(world["users"]["clerk"])
    anon.logout()
    assert anon.get("/inbox/ga-taleigao/").status_code == 302


def test_inbox_page_with_fifty_cases_is_under_100_kb(world, as_user):
    for i in range(55):
        open_case(world, "2026-03-01", f"Applicant number {i}")
    set_clock("2026-03-02")
    r = as_user(world["users"]["secretary"]).get("/inbox/ga-taleigao/")
    css = as_user(world["users"]["secretary"]).get("/static/web/site.css")
    size = len(r.content) + (len(b"".join(css.streaming_content)) if css.status_code == 200 and css.streaming else len(css.content))
    assert size < 100_000, size
    assert "1 / 2" in text(r)            # paged at fifty rows


def test_pendency_counts_decisions_within_the_period(world, as_user):
    """Received 20 February, decided 5 March: within the fifteen days (last day 7 March, s.66(2))."""
    open_case(world, "2026-02-10", "Rohan Kamat")          # never decided: deemed granted 26 February
    b = open_case(world, "2026-02-20", "Maria Fernandes")
    set_clock("2026-03-05")
    services.append_event(world["users"]["secretary"], b.pk,
                          services.EventInput("permission_granted", dt.date(2026, 3, 5), {}), b.version)
    r = as_user(world["users"]["secretary"]).get("/inbox/ga-taleigao/pendency/")
    html = r.content.decode()
    assert r.status_code == 200 and "<svg" in html
    page = text(r)
    assert "February 2026 2" in page                        # two received in February
    assert 'id="in-time-5">1<' in html and 'id="late-5">0<' in html     # March: one decided in time
