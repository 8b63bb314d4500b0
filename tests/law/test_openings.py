"""An opening — a weekly day off or State holiday on which the office was, by order, open — counts as an
open day, and the explanation says so with its source, as it does for a closed day. Goa Panchayat Raj
Act, 1994: s.66(2) fifteen days "from the date of receipt of the application" (a receipt on a closed day
counts from the next open day: reading gca.receipt_on_closed_day), and s.72(2B) fifteen days from the
deemed licence for the intimation, which GCA s.10 lets the applicant lodge on the next open day when the
last day is a closed one. 4 January and 1 February 2026 are Sundays, weekly days off at a Panchayat."""

from datetime import date

from adhiniyam.law import BodySettings, evaluate, load_pack
from adhiniyam.law.evaluator import Event

GOA = load_pack("goa_panchayat_raj_1994")
ORDER = {"reason": "Office open for the property tax drive", "source": "Order of the Sarpanch no. 112"}


def run(procedure, events, as_of, openings=()):
    settings = BodySettings(state="GA", openings=[{"date": d, **ORDER} for d in openings])
    return evaluate(GOA, procedure, settings, events, as_of=as_of, trace=True)


def said(result, words):
    return [s.text for s in result.trace if words in s.text]


def test_a_receipt_on_a_working_sunday_counts_from_the_sunday_and_says_why():
    received = [Event("application_received", date(2026, 1, 4), "applicant", {"complete": True})]
    closed = run("building_permission", received, date(2026, 1, 10))
    assert closed.next_deadline == date(2026, 1, 20)          # from Monday 5 January
    opened = run("building_permission", received, date(2026, 1, 10), openings=[date(2026, 1, 4)])
    assert opened.next_deadline == date(2026, 1, 19)          # 4 January + 15 days
    assert said(opened, "the office was open on 4 January 2026 (Office open for the property tax drive "
                        "(source: Order of the Sarpanch no. 112), on a day otherwise closed: weekly day off (sun")


def test_a_last_day_on_a_working_sunday_is_not_extended_and_says_why():
    received = [Event("application_received", date(2026, 1, 9), "applicant", {"complete": True, "licence_under": "sec_71"})]
    closed = run("trade_licence", received, date(2026, 1, 25))
    assert closed.status == "deemed_granted"
    intimation = {d.name: d.last_day for d in closed.deadlines}["intimation"]
    assert intimation == date(2026, 2, 2)                     # Sunday 1 February closed: Monday is in time
    opened = run("trade_licence", received, date(2026, 1, 25), openings=[date(2026, 2, 1)])
    assert {d.name: d.last_day for d in opened.deadlines}["intimation"] == date(2026, 2, 1)
    assert said(opened, "the body office was open on 1 February 2026 (Office open for the property tax drive")
