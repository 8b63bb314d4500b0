"""Enforcement records that are not cases of a procedure: complaints from the public, demands raised
on the cost of works and on penalties, payments with numbered receipts, and the Sarpanch's emergency
expenditure. Notices, offences and pounds are records-service cases (adhiniyam.records), opened and
advanced through its services; these tables point at them.

Every table carries body_id and its hot indexes start with it. Complaint actions and payments are
append-only: a complaint's status is derived from its actions, a demand's balance from its payments.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from adhiniyam.records.models import Body, Case, CaseEvent, Person, Property


class AppendOnly(Exception):
    pass


class _AppendOnlyModel(models.Model):
    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnly(f"{type(self).__name__} rows are append-only: record a new one instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly(f"{type(self).__name__} rows are append-only and cannot be deleted.")


class Counter(models.Model):
    """Numbering per body, series and year (complaints, demands, receipts): locked while a number is taken."""

    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="+")
    series = models.CharField(max_length=20)
    year = models.PositiveIntegerField()
    last = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "series", "year"], name="enf_counter_unique")]


class Complaint(models.Model):
    """A complaint from the public (web, API or Open311 GeoReport v2), in one of the body's categories."""

    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="complaints")
    number = models.CharField(max_length=60)
    category = models.CharField(max_length=60, help_text=_("Category code (the Open311 service_code)"))
    description = models.TextField()
    address = models.CharField(max_length=300, blank=True)
    latitude = models.FloatField(null=True, blank=True)
    longitude = models.FloatField(null=True, blank=True)
    reporter_name = models.CharField(max_length=200, blank=True)
    reporter_email = models.EmailField(blank=True)
    reporter_phone = models.CharField(max_length=30, blank=True)
    reporter_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="+")
    channel = models.CharField(max_length=20, default="api", help_text=_("api | open311 | web"))
    media_url = models.URLField(max_length=500, blank=True, help_text=_("http(s) only"))
    account_id = models.CharField(max_length=100, blank=True,
                                  help_text=_("The reporter's account in the client that sent it (Open311 account_id)"))
    received_at = models.DateTimeField(default=timezone.now)
    # derived from the actions, stored in the same transaction as the action that changed it
    status = models.CharField(max_length=20, default="open")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "number"], name="enf_complaint_number")]
        indexes = [models.Index(fields=["body", "status", "received_at"], name="enf_complaint_inbox"),
                   models.Index(fields=["body", "category", "received_at"], name="enf_complaint_cat")]

    def __str__(self) -> str:
        return self.number


class ComplaintAction(_AppendOnlyModel):
    """What an officer did about a complaint: acknowledged it, opened a case on it, closed it."""

    TYPES = [("acknowledged", "Acknowledged"), ("case_opened", "Case opened"), ("closed", "Closed"),
             ("reopened", "Reopened")]
    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="+")
    complaint = models.ForeignKey(Complaint, on_delete=models.PROTECT, related_name="actions", db_constraint=False)
    type = models.CharField(max_length=20, choices=TYPES)
    case = models.ForeignKey(Case, null=True, blank=True, on_delete=models.PROTECT, related_name="complaint_actions",
                             db_constraint=False)
    note = models.TextField(blank=True, help_text=_("The office's own note; never shown to the public"))
    public_note = models.TextField(blank=True, help_text=_("Written for the public: the Open311 status_notes"))
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["complaint_id", "pk"]
        indexes = [models.Index(fields=["body", "complaint"], name="enf_complaint_action")]


class Demand(models.Model):
    """An amount due from a person: the cost of works the body did on default, or a penalty imposed.
    `recoverable_as`, `cites` and `quote` say how the Act lets the body recover it."""

    KINDS = [("default_works", "Cost of works done by the body on default"), ("penalty", "Penalty or fine"),
             ("fee", "Fee")]
    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="demands")
    number = models.CharField(max_length=60)
    kind = models.CharField(max_length=20, choices=KINDS)
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="demands", db_constraint=False)
    property = models.ForeignKey(Property, null=True, blank=True, on_delete=models.PROTECT, related_name="demands", db_constraint=False)
    case = models.ForeignKey(Case, null=True, blank=True, on_delete=models.PROTECT, related_name="demands", db_constraint=False)
    case_event = models.ForeignKey(CaseEvent, null=True, blank=True, on_delete=models.PROTECT, related_name="+", db_constraint=False)
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    raised_on = models.DateField()
    description = models.CharField(max_length=300)
    recoverable_as = models.CharField(max_length=200)
    cites = models.CharField(max_length=120)
    quote = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "number"], name="enf_demand_number"),
                       models.CheckConstraint(condition=models.Q(amount__gt=0), name="enf_demand_positive")]
        indexes = [models.Index(fields=["body", "person", "raised_on"], name="enf_demand_person"),
                   models.Index(fields=["body", "raised_on"], name="enf_demand_body")]

    def paid(self, as_of=None) -> Decimal:
        qs = self.payments.all()
        if as_of is not None:
            qs = qs.filter(paid_on__lte=as_of)
        return qs.aggregate(s=models.Sum("amount"))["s"] or Decimal("0")

    def __str__(self) -> str:
        return self.number


class Payment(_AppendOnlyModel):
    """A payment against a demand, with its receipt number (per body and year, without gaps)."""

    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="+")
    demand = models.ForeignKey(Demand, on_delete=models.PROTECT, related_name="payments", db_constraint=False)
    receipt_number = models.CharField(max_length=60)
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    paid_on = models.DateField()
    mode = models.CharField(max_length=30, default="cash")
    reference = models.CharField(max_length=100, blank=True)
    received_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "receipt_number"], name="enf_receipt_number"),
                       models.CheckConstraint(condition=models.Q(amount__gt=0), name="enf_payment_positive")]
        indexes = [models.Index(fields=["body", "paid_on"], name="enf_payment_body")]


class EmergencyExpenditure(_AppendOnlyModel):
    """Expenditure the Sarpanch incurs in an emergency (Goa s.64(1)(d)), within the monthly cap."""

    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="+")
    spent_on = models.DateField()
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    purpose = models.CharField(max_length=300)
    cap = models.DecimalField(max_digits=14, decimal_places=2, help_text=_("The cap in force on that date"))
    cites = models.CharField(max_length=120)
    case = models.ForeignKey(Case, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                             help_text=_("The case of the pack's procedure that the engine decided, where there is one"), db_constraint=False)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["body", "spent_on"], name="enf_emergency_body")]
