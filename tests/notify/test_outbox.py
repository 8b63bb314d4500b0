"""Notifications through the outbox, delivered to a real SMTP server on localhost (aiosmtpd)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction

from adhiniyam.notify.models import BodyNotifySettings, Notification, Preference, Status
from adhiniyam.records.errors import ServiceError
from adhiniyam.records.services import EventInput, append_event


def test_an_applications_emails_arrive_once_each_in_the_recipients_language(goa, apply, smtp, drain, settings):
    settings.ADHINIYAM_CLOCK = "2026-01-25"
    Preference.objects.create(body=goa["vp"], person=goa["maria"], language="hi")
    Preference.objects.create(body=goa["vp"], person=goa["anant"], language="en")
    apply(goa["maria"])                     # received 5 January; silent past 20 January: deemed on 21 January
    apply(goa["anant"])
    drain()
    drain()                                 # a second run sends nothing again
    maria, anant = smtp.to("maria@example.in"), smtp.to("anant@example.in")
    assert [m["Content-Language"] for m in maria] == ["hi", "hi"]
    subjects = smtp.subjects("maria@example.in")
    assert subjects[0] == "आवेदन प्राप्त: GA-TALEIGAO/2026/000001"
    assert subjects[1] == "अनुमति दी गई मानी गई: GA-TALEIGAO/2026/000001"       # the pack's own words, in Hindi
    assert "5 जनवरी 2026" in maria[0].get_content()
    deemed = maria[1].get_content()
    assert "कानून की अपनी समय-सीमा से, कार्यालय के किसी आदेश के बिना" in deemed and "21 जनवरी 2026" in deemed
    assert "यह परिणाम केवल इन शर्तों पर टिकता है:" in deemed
    assert smtp.subjects("anant@example.in") == ["Application received: GA-TALEIGAO/2026/000002",
                                             "Permission deemed granted: GA-TALEIGAO/2026/000002"]
    text = anant[1].get_content()
    assert "on 21 January 2026" in text and "This outcome holds only on these conditions" in text
    assert "Intimation notice and fee after the deemed permission: by 5 February 2026" in text
    assert len({m["Message-ID"] for m in smtp.messages}) == len(smtp.messages) == 4
    assert set(Notification.objects.values_list("status", flat=True)) == {Status.SENT}


def test_a_refused_or_rolled_back_write_leaves_no_notice_and_no_task(goa, apply, settings):
    from django_tasks_db.models import DBTaskResult

    settings.ADHINIYAM_CLOCK = "2026-01-08"
    case = apply()
    before = (Notification.objects.count(), DBTaskResult.objects.count())
    with pytest.raises(ServiceError):      # the law refuses: a decision before the application is not a decision
        append_event(goa["officer"], case.pk, EventInput("permission_granted", dt.date(2026, 1, 2)), case.version)
    with pytest.raises(RuntimeError), transaction.atomic():
        append_event(goa["officer"], case.pk, EventInput("permission_granted", dt.date(2026, 1, 8)), case.version)
        raise RuntimeError("the caller's transaction fails after the event")
    assert (Notification.objects.count(), DBTaskResult.objects.count()) == before


def test_a_decision_and_observations_tell_the_applicant_what_and_by_when(goa, apply, smtp, drain, settings):
    settings.ADHINIYAM_CLOCK = "2026-01-08"
    Preference.objects.create(body=goa["vp"], person=goa["maria"], language="en")
    case = apply()
    case, _ev = append_event(goa["officer"], case.pk, EventInput(
        "observations_dispatched", dt.date(2026, 1, 8), {"observations": "site plan to scale 1:100"}), case.version)
    drain()
    letters = smtp.to("maria@example.in")
    assert [s.split(":")[0] for s in smtp.subjects("maria@example.in")] == ["Application received",
                                                                   "Observations communicated to the applicant"]
    body = letters[1].get_content()
    assert "Observations: site plan to scale 1:100" in body
    assert "Panchayat to decide and communicate its decision: the clock is stopped (Secretary of the Panchayat)" in body


def test_a_failed_delivery_is_retried_with_backoff_and_sent_once(goa, apply, smtp, drain, settings):
    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    settings.ADHINIYAM_CLOCK = "2026-01-08"
    good_port = settings.EMAIL_PORT
    settings.EMAIL_PORT = 1                 # nothing listens there: the attempt fails
    settings.ADHINIYAM_NOTIFY_BACKOFF_SECONDS = 60
    apply()
    drain()
    row = Notification.objects.get()
    assert row.status == Status.PENDING and row.attempts == 1 and "Error" in row.last_error
    wait = (row.next_attempt_at - timezone.now()).total_seconds()
    assert 50 < wait <= 60                  # the next attempt waits for the backoff, in the queue
    later = DBTaskResult.objects.filter(status="READY", run_after__isnull=False)
    assert later.filter(run_after=row.next_attempt_at).exists()
    settings.EMAIL_PORT = good_port
    past = timezone.now() - dt.timedelta(seconds=1)      # the minute passes
    Notification.objects.filter(pk=row.pk).update(next_attempt_at=past)
    later.update(run_after=past)
    drain()
    row.refresh_from_db()
    assert row.status == Status.SENT and row.attempts == 2 and len(smtp.to("maria@example.in")) == 1


def test_backoff_doubles_and_a_permanent_refusal_is_not_retried(goa, apply, smtp, drain, settings):
    from adhiniyam.notify.delivery import backoff

    settings.ADHINIYAM_NOTIFY_BACKOFF_SECONDS = 60
    assert [backoff(n).total_seconds() for n in (1, 2, 3)] == [60, 120, 240]
    assert backoff(30).total_seconds() == 6 * 3600
    settings.ADHINIYAM_CLOCK = "2026-01-08"

    async def refuse(server, session, envelope, address, rcpt_options):
        return "550 No such mailbox"
    smtp.handle_RCPT = refuse
    apply()
    drain()
    row = Notification.objects.get()
    assert row.status == Status.FAILED and row.attempts == 1 and "550" in row.last_error


def test_a_task_run_twice_sends_once(goa, apply, smtp, settings):
    from adhiniyam.notify.delivery import deliver

    settings.ADHINIYAM_CLOCK = "2026-01-08"
    apply()
    row = Notification.objects.get()
    assert deliver.call(row.pk) == "sent"
    assert deliver.call(row.pk).startswith("not due")
    assert len(smtp.messages) == 1


def test_sms_through_the_gateway_interface_once(goa, apply, drain, settings, tmp_path):
    import json

    settings.ADHINIYAM_CLOCK = "2026-01-08"
    settings.VAR_DIR = tmp_path
    BodyNotifySettings.objects.create(body=goa["vp"], sms=True)
    Preference.objects.create(body=goa["vp"], person=goa["maria"], language="hi", email=False, sms=True)
    apply()
    drain()
    drain()
    lines = [json.loads(x) for x in (tmp_path / "sms" / "outbox.jsonl").read_text().splitlines()]
    assert len(lines) == 1 and lines[0]["to"] == "9822000001" and "GA-TALEIGAO/2026/000001" in lines[0]["text"]
    assert "ताळगांव ग्राम पंचायत" in lines[0]["text"]
