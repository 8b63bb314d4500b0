"""The demo's outbox: every notification the demo cases wrote, delivered once by the delivery task
itself (run here in-process, as the worker runs it), with the backend the demo uses (files: one .log
file per message in <var>/mail; SMS lines in <var>/sms/outbox.jsonl). New notices while the demo
serves wait for `adhiniyam notify work`."""

from __future__ import annotations

from django.conf import settings

from .delivery import deliver
from .models import Notification, Status


def deliver_outbox(stdout) -> None:
    for pk in Notification.objects.filter(status=Status.PENDING).order_by("pk").values_list("pk", flat=True):
        deliver.call(pk)
    sent = Notification.objects.filter(status=Status.SENT).count()
    where = settings.EMAIL_FILE_PATH if "filebased" in settings.EMAIL_BACKEND else settings.EMAIL_BACKEND
    stdout.write(f"notifications: {sent} delivered ({where}); while serving, run `adhiniyam notify work` to "
                 "deliver new ones\n")
