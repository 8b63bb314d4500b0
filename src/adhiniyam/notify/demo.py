"""The demo's outbox: deliver every notification the demo cases wrote, once, with the backend the
demo uses (files: one .log file per message in <var>/mail; SMS lines in <var>/sms/outbox.jsonl)."""

from __future__ import annotations

from django.conf import settings
from django.core.management import call_command

from .models import Notification, Status


def deliver_outbox(stdout) -> None:
    call_command("notify", "work", "--batch", "--interval", "0", verbosity=0, stdout=stdout)
    sent = Notification.objects.filter(status=Status.SENT).count()
    stdout.write(f"notifications: {sent} delivered by the worker to {settings.EMAIL_BACKEND.rsplit('.', 2)[-2]} "
                 f"({settings.EMAIL_FILE_PATH if 'filebased' in settings.EMAIL_BACKEND else 'console'})\n")
