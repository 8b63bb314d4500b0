"""Deadlines approaching (days before, set per body) and the officers' daily digest, from their own
command (`adhiniyam notify remind`), not from the sweep."""

from __future__ import annotations

import datetime as dt

from django.core.management import call_command

from adhiniyam.notify.models import BodyNotifySettings, Kind, Notification, Preference
from adhiniyam.notify.reminders import run


def test_the_office_is_reminded_before_its_last_day_and_twice_writes_nothing_new(goa, apply, smtp, drain, settings):
    settings.ADHINIYAM_CLOCK = "2026-01-08"
    Preference.objects.create(body=goa["vp"], user=goa["officer"], language="en")
    apply(on="2026-01-08")                    # received 8 January: the Panchayat decides by 23 January
    assert run(dt.date(2026, 1, 19))["reminders"] == 0      # four days before: not a reminder day
    assert run(dt.date(2026, 1, 20))["reminders"] == 1      # three days before
    assert run(dt.date(2026, 1, 20))["reminders"] == 0      # the same day again: nothing new
    assert run(dt.date(2026, 1, 22))["reminders"] == 1      # one day before
    drain()
    subjects = smtp.subjects("secretary@taleigao.example")
    assert [s for s in subjects if "left" in s] == [
        "3 days left: Panchayat to decide and communicate its decision (GA-TALEIGAO/2026/000001)",
        "One day left: Panchayat to decide and communicate its decision (GA-TALEIGAO/2026/000001)"]
    text = next(m for m in smtp.to("secretary@taleigao.example") if "left" in str(m["Subject"])).get_content()
    assert 'the last day for "Panchayat to decide and communicate its decision" is 23 January 2026' in text


def test_a_body_sets_its_own_reminder_days(goa, apply, settings):
    settings.ADHINIYAM_CLOCK = "2026-01-08"
    BodyNotifySettings.objects.create(body=goa["vp"], remind_days=[5])
    apply(on="2026-01-08")                    # the Panchayat decides by 23 January
    assert [run(dt.date(2026, 1, d))["reminders"] for d in (18, 20, 22)] == [1, 0, 0]


def test_the_daily_digest_lists_what_falls_due_earliest_first_once_a_day(goa, apply, smtp, drain, settings):
    settings.ADHINIYAM_CLOCK = "2026-01-08"
    Preference.objects.create(body=goa["vp"], user=goa["officer"], language="en")
    apply(on="2026-01-08")
    apply(goa["anant"], on="2026-01-06")
    call_command("notify", "remind", "--as-of", "2026-01-09")
    call_command("notify", "remind", "--as-of", "2026-01-09")
    digests = Notification.objects.filter(kind=Kind.DIGEST)
    assert digests.count() == 1
    drain()
    mail = [m for m in smtp.to("secretary@taleigao.example") if "fall due" in str(m["Subject"])]
    assert len(mail) == 1
    text = mail[0].get_content()
    assert text.index("GA-TALEIGAO/2026/000002") < text.index("GA-TALEIGAO/2026/000001")   # due 13 Jan before 15 Jan
    assert "13 January 2026" in text and "15 January 2026" in text

