"""The outbox and what it needs: a row per message to send, written in the same transaction as the
event that causes it; how each body reminds; how each person wishes to be told.

Every table carries `body_id`; a unique key includes it (a sharded table can enforce it per shard).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Channel(models.TextChoices):
    EMAIL = "email", _("E-mail")
    SMS = "sms", _("SMS")


class Kind(models.TextChoices):
    ACKNOWLEDGEMENT = "acknowledgement", _("Acknowledgement of the application")
    REQUEST = "request", _("Observations or particulars asked of you")
    OUTCOME = "outcome", _("An outcome the law gives by time alone")
    DECISION = "decision", _("A decision or order")
    CORRECTION = "correction", _("A correction of the record")
    REMINDER = "reminder", _("A deadline approaching")
    DIGEST = "digest", _("The officers' daily digest")


class Status(models.TextChoices):
    PENDING = "pending", _("waiting to be sent")
    SENDING = "sending", _("being sent")
    SENT = "sent", _("sent")
    FAILED = "failed", _("not delivered (gave up)")


class BodyNotifySettings(models.Model):
    """How a body reminds: how many days before a last day, and whether officers get a daily digest."""

    body = models.OneToOneField("records.Body", on_delete=models.CASCADE, related_name="notify_settings")
    remind_days = models.JSONField(default=list, blank=True,
                                   help_text=_("Days before a last day to remind, e.g. [3, 1]; empty: the default"))
    digest = models.BooleanField(default=True, help_text=_("Send the deciding officers a daily digest"))
    sms = models.BooleanField(default=False, help_text=_("Also send SMS (through the configured gateway)"))

    class Meta:
        verbose_name = "notification settings of a body"
        verbose_name_plural = "notification settings of bodies"

    DEFAULT_REMIND_DAYS = (3, 1)

    def days(self) -> list[int]:
        return sorted({int(d) for d in (self.remind_days or self.DEFAULT_REMIND_DAYS)}, reverse=True)


class Preference(models.Model):
    """How one person (or one user) at a body wishes to be told: in which language, by which channels.
    Without a row: e-mail, in the body's own language."""

    body = models.ForeignKey("records.Body", on_delete=models.CASCADE, related_name="+")
    person = models.ForeignKey("records.Person", null=True, blank=True, on_delete=models.CASCADE, related_name="+",
                               db_constraint=False)   # the key is (body_id, person_id): records/distribution.py
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="+")
    language = models.CharField(max_length=8, help_text=_("One of the web app's languages (settings.LANGUAGES)"))
    email = models.BooleanField(default=True)
    sms = models.BooleanField(default=False)

    def clean(self):
        if self.language not in dict(settings.LANGUAGES):
            raise ValidationError({"language": _("Choose one of: %(all)s") % {"all": ", ".join(dict(settings.LANGUAGES))}})

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["body", "person"], condition=Q(person__isnull=False),
                                    name="notify_pref_person"),
            models.UniqueConstraint(fields=["body", "user"], condition=Q(user__isnull=False), name="notify_pref_user"),
            models.CheckConstraint(condition=Q(person__isnull=False) | Q(user__isnull=False),
                                   name="notify_pref_someone"),
        ]


class Notification(models.Model):
    """One message to one address by one channel: the outbox row. `key` names its cause (the event,
    the deadline and day, the digest's day) and the recipient, so a cause is never written twice, and
    the worker sends a row at most once at a time (a claim with a lease)."""

    body = models.ForeignKey("records.Body", on_delete=models.PROTECT, related_name="+")
    case = models.ForeignKey("records.Case", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="notifications", db_constraint=False)   # keys (body_id, …): distribution.py
    event = models.ForeignKey("records.CaseEvent", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                              db_constraint=False)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    channel = models.CharField(max_length=8, choices=Channel.choices)
    to_address = models.CharField(max_length=254)
    to_name = models.CharField(max_length=200, blank=True)
    recipient = models.CharField(max_length=40, help_text=_("Who: person:<id> or user:<id>"))
    language = models.CharField(max_length=8)
    subject = models.CharField(max_length=300)
    text = models.TextField()
    key = models.CharField(max_length=300, help_text=_("The cause and the recipient: written once"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    leased_until = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "key"], name="notify_once_per_cause")]
        indexes = [
            models.Index(fields=["body", "case"], name="notify_body_case"),
            models.Index(fields=["status", "next_attempt_at"], condition=Q(status__in=["pending", "sending"]),
                         name="notify_due"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to_address} ({self.status})"

