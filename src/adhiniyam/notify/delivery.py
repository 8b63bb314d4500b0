"""Delivery: a task of Django's Tasks framework (the `django-tasks` backport, database backend) per
outbox row, run by `adhiniyam notify work` (django-tasks-db's worker).

Never twice at once: a worker claims a row by one conditional UPDATE (pending and due, or sending
with its lease run out -> sending, with a new lease), so two workers, or a task enqueued twice, send
it once. Before sending, the claim enqueues a follow-up task for the moment its lease ends: if the
worker is killed mid-delivery, that task (run by any worker, or this one restarted) takes the row up
again; if the delivery finished, it finds the row sent and does nothing. `requeue_stale` (when a
worker starts, and in `notify remind`) enqueues rows whose tasks were lost. The e-mail's Message-ID and the SMS
gateway's reference are derived from the row's key, so the one window no sender can close (the
server accepted the message, the worker died before recording it: RFC 1047) gives a copy that mail
systems recognise as the same message. A failed attempt is retried with exponential backoff, up to
ADHINIYAM_NOTIFY_MAX_ATTEMPTS; a permanent refusal (SMTP 5xx) is not retried.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import smtplib
from email.utils import formataddr

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db.models import F, Q
from django.utils import timezone
from django_tasks import task

from .models import Channel, Notification, Status

QUEUE = "notify"


def _seconds(name: str, default: float) -> dt.timedelta:
    return dt.timedelta(seconds=float(getattr(settings, name, default)))


def lease() -> dt.timedelta:
    """How long a claim holds: the setting, and never less than twice the SMTP timeout."""
    return max(_seconds("ADHINIYAM_NOTIFY_LEASE_SECONDS", 300), 2 * _seconds("EMAIL_TIMEOUT", 30))


def backoff(attempts: int) -> dt.timedelta:
    """Wait before attempt `attempts + 1`: the base doubled for each failed attempt, at most six hours."""
    base = _seconds("ADHINIYAM_NOTIFY_BACKOFF_SECONDS", 60)
    return min(base * (2 ** max(attempts - 1, 0)), dt.timedelta(hours=6))


def enqueue(row: Notification, when: dt.datetime | None = None) -> None:
    """Queue the row's delivery (in the caller's transaction: the queue is a table of the same database)."""
    (deliver if when is None else deliver.using(run_after=when)).enqueue(row.pk)


@task(queue_name=QUEUE)
def deliver(notification_id: int) -> str:
    now = timezone.now()
    due = Q(status=Status.PENDING, next_attempt_at__lte=now) | Q(status=Status.SENDING, leased_until__lt=now)
    claimed = Notification.objects.filter(due, pk=notification_id).update(
        status=Status.SENDING, leased_until=now + lease(), attempts=F("attempts") + 1)
    if not claimed:
        return "not due (sent, being sent, waiting for a later attempt, or given up)"
    row = Notification.objects.get(pk=notification_id)
    enqueue(row, row.leased_until + dt.timedelta(seconds=1))    # takes the row up again if this worker dies now
    try:
        reference = send(row)
    except Exception as exc:  # noqa: BLE001 - every failure is recorded on the row and retried or given up
        return _failed(row, exc)
    Notification.objects.filter(pk=row.pk, status=Status.SENDING).update(
        status=Status.SENT, sent_at=timezone.now(), leased_until=None, last_error=reference)
    return "sent"


def _failed(row: Notification, exc: Exception) -> str:
    permanent = isinstance(exc, smtplib.SMTPResponseException) and 500 <= exc.smtp_code < 600
    permanent |= isinstance(exc, smtplib.SMTPRecipientsRefused)
    give_up = permanent or row.attempts >= int(getattr(settings, "ADHINIYAM_NOTIFY_MAX_ATTEMPTS", 8))
    when = timezone.now() + backoff(row.attempts)
    Notification.objects.filter(pk=row.pk, status=Status.SENDING).update(
        status=Status.FAILED if give_up else Status.PENDING, next_attempt_at=when, leased_until=None,
        last_error=f"{type(exc).__name__}: {exc}"[:2000])
    if not give_up:
        enqueue(row, when)
    return f"attempt {row.attempts} failed: {exc}"


def message_id(row: Notification) -> str:
    digest = hashlib.sha256(f"{row.body_id}:{row.key}".encode()).hexdigest()[:32]
    return f"<{digest}@{getattr(settings, 'ADHINIYAM_MAIL_DOMAIN', 'adhiniyam.local')}>"


def send(row: Notification) -> str:
    """Send one row by its channel; returns the provider's reference."""
    if row.channel == Channel.SMS:
        from .sms import gateway
        return gateway().send(row.to_address, row.text, reference=message_id(row))
    msg = EmailMessage(row.subject, row.text, settings.DEFAULT_FROM_EMAIL, [formataddr((row.to_name, row.to_address))],
                       headers={"Message-ID": message_id(row), "Content-Language": row.language})
    with get_connection(timeout=settings.EMAIL_TIMEOUT) as connection:
        connection.send_messages([msg])
    return message_id(row)


def requeue_stale(now: dt.datetime | None = None) -> int:
    """Rows a killed worker left `sending` past their lease go back to `pending`; those, and pending rows
    that no task picked up within a lease, are enqueued again. Returns how many were enqueued."""
    now = now or timezone.now()
    lost = list(Notification.objects.filter(status=Status.SENDING, leased_until__lt=now).values_list("pk", flat=True))
    Notification.objects.filter(pk__in=lost, status=Status.SENDING).update(
        status=Status.PENDING, next_attempt_at=now, leased_until=None, last_error="the worker stopped mid-delivery")
    forgotten = list(Notification.objects.filter(status=Status.PENDING, next_attempt_at__lte=now - lease())
                     .exclude(pk__in=lost).values_list("pk", flat=True))
    for pk in lost + forgotten:
        deliver.enqueue(pk)
    return len(lost) + len(forgotten)
