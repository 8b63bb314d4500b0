"""Records: bodies (tenants) in their hierarchy, people, properties, documents, cases and events.

Every table carries the body it belongs to (`body_id`), and every hot index starts with it, so a
State-wide deployment can shard by body. Cases are append-only logs of events; the status, the next
deadline and the rest of the engine's answer are stored beside them, derived in the same transaction
as the event that changed them.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .bodysettings import changed as settings_changed
from .bodysettings import new_version as new_settings_version


class BodyKind(models.TextChoices):
    STATE = "state", _("State")
    DISTRICT = "district", _("District")
    BLOCK = "block", _("Block / development block")
    ZILA_PANCHAYAT = "zila_panchayat", _("Zila Panchayat")
    KSHETTRA_PANCHAYAT = "kshettra_panchayat", _("Kshettra Panchayat")
    GRAM_PANCHAYAT = "gram_panchayat", _("Gram / Village Panchayat")
    MUNICIPAL_COMMITTEE = "municipal_committee", _("Municipal committee")
    MUNICIPAL_COUNCIL = "municipal_council", _("Municipal council")
    NAGAR_PANCHAYAT = "nagar_panchayat", _("Nagar panchayat")
    MUNICIPALITY = "municipality", _("Municipality")
    OFFICE = "office", _("Government office (directorate, collectorate, committee)")


class Body(models.Model):
    """A local body or a level above it. Bodies that keep cases name the Act (law pack) governing them."""

    code = models.SlugField(max_length=64, unique=True, help_text=_("Short stable id used in URLs, e.g. ga-taleigao"))
    name = models.CharField(max_length=200)
    name_local = models.CharField(max_length=200, blank=True, help_text=_("Name in Hindi or the State's language"))
    kind = models.CharField(max_length=32, choices=BodyKind.choices)
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="children")
    path = models.CharField(max_length=255, editable=False, db_index=True,
                            help_text=_("Materialised path of ids, '/1/4/9/', for subtree queries"))
    state = models.CharField(max_length=6, help_text=_("ISO 3166-2:IN subdivision code, e.g. GA, HP, PB, GJ, UK"))
    act_id = models.CharField(max_length=100, blank=True,
                              help_text=_("Law pack governing this body's cases (blank for a level that keeps none)"))
    latitude = models.FloatField(null=True, blank=True)
    longitude = models.FloatField(null=True, blank=True)
    weekly_off = models.JSONField(default=list, blank=True,
                                  help_text=_('Weekly days the office is closed: ["sun"], or ["sun", "2sat", "4sat"]'))
    late_entry_days = models.PositiveIntegerField(
        default=30, help_text=_("How many days back office staff may date an entry (with a written reason): a "
                                "paper received at the counter and entered later"))
    active = models.BooleanField(default=True)
    settings_version = models.BigIntegerField(
        default=new_settings_version, editable=False,
        help_text=_("A new random number at every change to the body's calendar, local law, choices or offices "
                    "above: the key of its cached settings (records/bodysettings.py)"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["path"]
        verbose_name_plural = "bodies"

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    @property
    def body_id(self) -> int:
        return self.pk

    def clean(self):
        if self.act_id:
            from adhiniyam.law import list_packs
            if self.act_id not in list_packs():
                raise ValidationError({"act_id": _("No law pack %(a)s; installed: %(all)s") % {
                    "a": self.act_id, "all": ", ".join(list_packs())}})
        if self.parent_id and self.pk and f"/{self.pk}/" in (self.parent.path or ""):
            raise ValidationError({"parent": _("A body cannot sit below itself.")})
        if self.weekly_off:
            from datetime import date

            from adhiniyam.law.calendar import _weekly_rule
            for rule in self.weekly_off:
                try:
                    _weekly_rule(rule, date(2026, 1, 1))
                except ValueError as exc:
                    raise ValidationError({"weekly_off": str(exc)}) from exc

    def save(self, *args, **kwargs):
        parent_path = self.parent.path if self.parent_id else "/"
        if self.pk is None:
            self.path = parent_path + "new/"
            super().save(*args, **kwargs)
            self.path = f"{parent_path}{self.pk}/"
            Body.objects.filter(pk=self.pk).update(path=self.path)
            return
        old_path = Body.objects.filter(pk=self.pk).values_list("path", flat=True).first()
        self.path = f"{parent_path}{self.pk}/"
        self.settings_version = new_settings_version()     # its calendar or place may have changed
        super().save(*args, **kwargs)
        if old_path and old_path != self.path:   # moved: carry the subtree along, under its new offices and law
            for pk, path in Body.objects.filter(path__startswith=old_path).exclude(pk=self.pk).values_list("pk", "path"):
                Body.objects.filter(pk=pk).update(path=self.path + path[len(old_path):],
                                                  settings_version=new_settings_version())
        settings_changed()

    @property
    def state_name(self) -> str:
        """The State's name (Goa), from the law's register of jurisdictions; its code where it has none."""
        from adhiniyam.law.registers import jurisdictions
        return (jurisdictions()["states"].get(self.state) or {}).get("name") or self.state

    def usual_calendar(self):
        """The office calendar of the State's holidays and the body's weekly days off, without the days it
        records itself (closures, openings): the law engine's OfficeCalendar."""
        from adhiniyam.records import engine as E
        return E.law().BodySettings(state=self.state, weekly_off=tuple(self.weekly_off) or None).calendar()

    def ancestors(self, include_self: bool = True) -> list[Body]:
        ids = [int(x) for x in self.path.strip("/").split("/") if x]
        if not include_self:
            ids = ids[:-1]
        found = {b.pk: b for b in Body.objects.filter(pk__in=ids)}
        return [found[i] for i in reversed(ids) if i in found]   # nearest first

    def subtree(self):
        return Body.objects.filter(path__startswith=self.path)


def _pack_of(body):
    if not body.act_id:
        raise ValidationError(_("This body names no Act, so it has no provisions or readings to choose."))
    from adhiniyam.law import load_pack
    return load_pack(body.act_id)


class Office(models.Model):
    """An authority seated at a body: the Block Development Officer at a block, the Director at the
    State directorate, the Collector at a district. Appeals and supervision route to the nearest
    office of the role the Act names, walking up from the case's body."""

    body = models.ForeignKey(Body, on_delete=models.CASCADE, related_name="offices")
    role = models.CharField(max_length=64, help_text=_("Role as the Act names it in the law pack, e.g. bdo, director, collector"))
    title = models.CharField(max_length=200)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "role"], name="office_unique_role_per_body")]

    def __str__(self) -> str:
        return f"{self.title} — {self.body.name}"


class Closure(models.Model):
    """A day of a body's office calendar that differs from the State's holidays and its weekly days off,
    with its source: a day the office was closed besides them (a local festival, a flood) or, marked
    `open`, a day they count as closed on which it was open (a holiday not observed, a working Sunday
    ordered). Periods count by the office's days (GCA: receipt on a closed day, the last day closed), so
    an opening moves them back as a closure moves them on."""

    body = models.ForeignKey(Body, on_delete=models.CASCADE, related_name="closures")
    on = models.DateField()
    open = models.BooleanField(
        default=False, verbose_name=_("open that day"),
        help_text=_("The office was open on this day although it is a State holiday or a weekly day off"))
    reason = models.CharField(max_length=200)
    source = models.CharField(max_length=300,
                              help_text=_("Order, notification or resolution that closed or opened the office"))

    class Meta:
        ordering = ["body", "on"]
        verbose_name, verbose_name_plural = _("closure or opening"), _("closures and openings")
        constraints = [models.UniqueConstraint(fields=["body", "on"], name="closure_one_per_day")]

    def __str__(self) -> str:
        return f"{self.on}: {self.reason}" + (" (open)" if self.open else "")

    def clean(self):
        if self.open and self.on and self.body_id and self.body.usual_calendar().usually_closed_because(self.on) is None:
            raise ValidationError({"on": _("The office is open on %(d)s anyway: it is neither a public holiday "
                                             "of %(s)s nor a weekly day off. Record an opening only for such a day.")
                                   % {"d": self.on.isoformat(), "s": self.body.state_name}})


class ProvisionChoice(models.Model):
    """Which printed version of a provision a body applies (e.g. Goa s.66(2): BDO route or fifteen days)."""

    body = models.ForeignKey(Body, on_delete=models.CASCADE, related_name="provision_choices")
    provision = models.CharField(max_length=120)
    version = models.CharField(max_length=160)
    effective_from = models.DateField(null=True, blank=True,
                                      help_text=_("Blank: for every case. A date: for cases opened on or after it"))
    reason = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "provision", "effective_from"],
                                               name="provision_choice_unique")]

    def clean(self):
        pack = _pack_of(self.body)
        versions = {}
        for src in pack.procedures.values():
            for prov, spec in (src.provisions or {}).items():
                versions.setdefault(prov, set()).update(spec["versions"])
        if self.provision not in versions:
            raise ValidationError({"provision": _("%(act)s has no provision printed in versions called %(p)s; "
                                                  "choose one of: %(all)s") % {
                "act": pack.title, "p": self.provision, "all": ", ".join(sorted(versions)) or "none"}})
        if self.version not in versions[self.provision]:
            raise ValidationError({"version": _("%(p)s has the versions %(all)s") % {
                "p": self.provision, "all": ", ".join(sorted(versions[self.provision]))}})


class InterpretationChoice(models.Model):
    """A body's reading of a question the Act leaves open (overrides the pack's default)."""

    body = models.ForeignKey(Body, on_delete=models.CASCADE, related_name="interpretation_choices")
    interpretation = models.CharField(max_length=160)
    reading = models.CharField(max_length=80)
    reason = models.TextField(blank=True)
    decided_by = models.CharField(max_length=200, blank=True, help_text=_("Resolution or order adopting this reading"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "interpretation"], name="interpretation_choice_unique")]

    def clean(self):
        from adhiniyam.law.pack import jurisdiction_doc

        from .readings import register
        pack = _pack_of(self.body)
        known = {**jurisdiction_doc()["_interpretations"], **pack.interpretations, **register()}
        if self.interpretation not in known:
            raise ValidationError({"interpretation": _("No question %(i)s in %(act)s's interpretations register, "
                                                       "its State's or the records service's; the questions are: "
                                                       "%(all)s") % {
                "i": self.interpretation, "act": pack.title, "all": ", ".join(sorted(known))}})
        readings = known[self.interpretation].readings
        if self.reading not in readings:
            raise ValidationError({"reading": _("Readings of %(i)s: %(all)s") % {
                "i": self.interpretation, "all": ", ".join(readings)}})


class Role(models.TextChoices):
    APPLICANT = "applicant", _("Applicant / citizen")
    CLERK = "clerk", _("Clerk")
    DECIDING_OFFICER = "deciding_officer", _("Deciding officer")
    APPELLATE = "appellate", _("Appellate / supervising authority")
    AUDITOR = "auditor", _("Auditor (read only)")
    ADMINISTRATOR = "administrator", _("Administrator")


class Membership(models.Model):
    """A user's role at one body. Staff roles reach the body and the bodies below it; an appellate
    authority reaches the cases routed to its office; an applicant reaches only their own cases."""

    body = models.ForeignKey(Body, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=32, choices=Role.choices)
    office = models.CharField(max_length=64, blank=True,
                              help_text=_("The Act's role this user acts as (secretary, chief_officer, bdo, collector…); "
                                          "blank: any role of that kind"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "user", "role", "office"], name="membership_unique")]
        indexes = [models.Index(fields=["user", "body"], name="membership_user_body")]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()}{' (' + self.office + ')' if self.office else ''} at {self.body.code}"


class Person(models.Model):
    """An applicant, owner, occupier or accused, as known to one body."""

    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="people",
                             db_index=False)            # the indexes below lead with body_id
    name = models.CharField(max_length=200)
    name_local = models.CharField(max_length=200, blank=True)
    phone = models.CharField(max_length=20, blank=True)
    email = models.EmailField(blank=True)
    address = models.TextField(blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="people", help_text=_("The person's own login, if they have one"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "people"
        indexes = [models.Index(fields=["body", "name"], name="person_body_name"),
                   models.Index(fields=["body", "user"], name="person_body_user")]

    def __str__(self) -> str:
        return self.name


class Property(models.Model):
    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="properties")
    survey_number = models.CharField(max_length=60, blank=True, help_text=_("Survey / khasra / house number"))
    address = models.TextField()
    ward = models.CharField(max_length=60, blank=True)
    owner = models.ForeignKey(Person, null=True, blank=True, on_delete=models.SET_NULL, related_name="properties_owned",
                              db_constraint=False)       # the key is (body_id, owner_id): distribution.py
    occupier = models.ForeignKey(Person, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="properties_occupied", db_constraint=False)
    latitude = models.FloatField(null=True, blank=True)
    longitude = models.FloatField(null=True, blank=True)
    # A property the office records is its own record; one a citizen declares on an application is the
    # citizen's claim until the office verifies it (no certificate of a deemed outcome rests on it before).
    declared_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+", help_text=_("The citizen who declared it on an application"))
    verified_at = models.DateTimeField(null=True, blank=True)
    verified_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")

    class Meta:
        verbose_name_plural = "properties"
        indexes = [models.Index(fields=["body", "survey_number"], name="property_body_survey")]

    def __str__(self) -> str:
        return f"{self.survey_number or '—'}, {self.address[:60]}"

    @property
    def verified(self) -> bool:
        """The office's own record, or a citizen's declaration the office has verified."""
        return self.declared_by_id is None or self.verified_at is not None


class BodyLedger(models.Model):
    """One row per body: case numbering and the head of the body's hash chain of events.
    Appending an event locks this row, so a body's chain is written in one order."""

    body = models.OneToOneField(Body, primary_key=True, on_delete=models.PROTECT, related_name="ledger")
    case_count = models.PositiveIntegerField(default=0)
    event_count = models.PositiveBigIntegerField(default=0)
    head_hash = models.CharField(max_length=64, default="0" * 64)
    updated_at = models.DateTimeField(auto_now=True)


DUE_NEVER = dt.date(9999, 12, 31)
CASE_ID_BODY_SHIFT = 32


def new_case_id(body_id: int, number: int) -> int:
    """A new case's id: its body's id above the body's running count of cases, so that the id alone says
    which body (and shard) holds the case. Ids stay below 2**53 (exact in JSON) for two million bodies."""
    return body_id << CASE_ID_BODY_SHIFT | number


def body_of_case(case_id: int) -> int | None:
    """The body a case id names (None for the ids given before ids named their body)."""
    return case_id >> CASE_ID_BODY_SHIFT or None


class Case(models.Model):
    """One application, notice, offence… of a procedure of the body's law pack. Its id names its body
    (`new_case_id`)."""

    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="cases",
                             db_index=False)            # the indexes below lead with body_id
    number = models.CharField(max_length=80, help_text=_("Number shown on papers, unique within the body"))
    act_id = models.CharField(max_length=100)
    procedure = models.CharField(max_length=100)
    pack_version = models.CharField(max_length=80, help_text=_("Law-pack version the case is bound to"))
    settings_snapshot = models.JSONField(default=dict, help_text=_("Provision versions and readings in force when opened"))
    title = models.CharField(max_length=300, blank=True)
    applicant = models.ForeignKey(Person, null=True, blank=True, on_delete=models.PROTECT, related_name="cases",
                                  db_constraint=False)       # the key is (body_id, applicant_id): distribution.py
    applicant_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                       related_name="own_cases")
    property = models.ForeignKey(Property, null=True, blank=True, on_delete=models.PROTECT, related_name="cases",
                                 db_constraint=False)
    # the same people and property joined on (body_id, id), so a read of a case with them stays on its shard
    # (no column of their own, so not in a backup: serialize=False)
    applicant_here = models.ForeignObject(Person, on_delete=models.DO_NOTHING, from_fields=["body", "applicant"],
                                          to_fields=["body", "id"], null=True, related_name="+", serialize=False)
    property_here = models.ForeignObject(Property, on_delete=models.DO_NOTHING, from_fields=["body", "property"],
                                         to_fields=["body", "id"], null=True, related_name="+", serialize=False)
    opened_on = models.DateField()
    # Derived by the engine, stored in the same transaction as the event that changed them.
    status = models.CharField(max_length=80, db_index=False)
    status_label = models.CharField(max_length=200, blank=True)
    closed = models.BooleanField(default=False)
    next_deadline = models.DateField(null=True, blank=True)
    next_deadline_who = models.CharField(max_length=64, blank=True)
    due = models.DateField(default=DUE_NEVER, help_text=_("Earliest last day of a duty still owed (overdue ones "
                                                          "included), else 9999-12-31: the inbox's order"))
    derived = models.JSONField(default=dict)
    derived_as_of = models.DateTimeField(null=True)
    version = models.PositiveIntegerField(default=1, help_text=_("Optimistic concurrency: bumps on every change"))
    notified_seq = models.PositiveIntegerField(default=0, help_text=_(
        "The last event the outbox has looked at (adhiniyam.notify.outbox): an event after it is news"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "number"], name="case_number_per_body")]
        indexes = [
            # the inbox: open cases of a body by due date; the sweep: open cases by the engine's next deadline
            models.Index(fields=["body", "due", "id"], condition=Q(closed=False), name="case_inbox"),
            models.Index(fields=["body", "next_deadline"], condition=Q(closed=False), name="case_sweep"),
            models.Index(fields=["body", "status", "due", "id"], name="case_body_status"),
            models.Index(fields=["body", "applicant_user", "due", "id"], name="case_body_applicant"),
            models.Index(fields=["body", "procedure", "due", "id"], name="case_body_procedure"),
        ]

    def __str__(self) -> str:
        return self.number


class AppendOnly(Exception):
    pass


class CaseEvent(models.Model):
    """One thing that happened in a case. Never updated, never deleted: each is chained by hash to
    the body's previous event, so a changed or removed row breaks the chain (`adhiniyam audit verify`)."""

    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="+",
                             db_index=False)            # the indexes below lead with body_id
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="events",
                             db_constraint=False)        # the key is (body_id, case_id): distribution.py
    seq = models.PositiveIntegerField(help_text=_("Order within the case, from 1"))
    chain_seq = models.PositiveBigIntegerField(help_text=_("Order within the body's hash chain, from 1"))
    type = models.CharField(max_length=100)
    on_date = models.DateField(help_text=_("When it happened (the legal date)"))
    on_at = models.DateTimeField(null=True, blank=True, help_text=_("Clock time, where the law counts hours"))
    by_role = models.CharField(max_length=64, help_text=_("The Act's role that acted (system: time alone)"))
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    system = models.BooleanField(default=False, help_text=_("Recorded by the sweep: an outcome of time alone"))
    data = models.JSONField(default=dict, blank=True)
    pack_version = models.CharField(max_length=80)
    recorded_at = models.DateTimeField(help_text=_("When it was entered (the server's clock)"))
    clock_dated = models.BooleanField(default=False, help_text=_("Dated by the server's clock on receipt: a "
                                                                 "party's own submission, not a date they gave"))
    late_reason = models.TextField(blank=True, help_text=_("Why an entry dated before the day it was entered "
                                                           "was entered late (office staff only)"))
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["case_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["body", "case", "seq"], name="event_seq_per_case"),
            models.UniqueConstraint(fields=["body", "chain_seq"], name="event_chain_per_body"),
            models.UniqueConstraint(fields=["body", "case", "type", "on_date"], condition=Q(system=True),
                                    name="system_event_once"),
        ]
        indexes = [models.Index(fields=["body", "type", "on_date"], name="event_body_type_on")]

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnly("Case events are append-only: record a new event instead of changing one.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly("Case events are append-only and cannot be deleted.")

    def __str__(self) -> str:
        return f"{self.case_id}#{self.seq} {self.type} on {self.on_date}"

    @property
    def recorded_late(self) -> bool:
        """Entered on a later day than it happened (an outcome of time is dated by the law, never late)."""
        return not self.system and self.on_date < timezone.localdate(self.recorded_at)


class CaseRoute(models.Model):
    """Where a case goes for each authority above the body (appeal, supervision), found by walking
    up the hierarchy. `active` marks routes on which that authority has acted or may act now."""

    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="+",
                             db_index=False)            # the indexes below lead with body_id
    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="routes", db_constraint=False)
    role = models.CharField(max_length=64)
    office_body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="routed_cases",
                                    db_index=False)     # route_office_inbox leads with it
    active = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body", "case", "role"], name="route_one_per_role")]
        indexes = [models.Index(fields=["office_body", "role", "active"], name="route_office_inbox"),
                   models.Index(fields=["body", "case"], name="route_body_case")]


class DocumentKind(models.TextChoices):
    PLAN = "plan", _("Plan / drawing")
    CERTIFICATE = "certificate", _("Certificate")
    IDENTITY = "identity", _("Proof of identity")
    OWNERSHIP = "ownership", _("Proof of ownership")
    PHOTO = "photo", _("Photograph")
    NOTICE = "notice", _("Notice or order")
    OTHER = "other", _("Other")


def document_path(instance: Document, filename: str) -> str:
    return f"{instance.body_id}/{instance.sha256[:2]}/{instance.sha256}{instance.extension}"


class Document(models.Model):
    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="documents")
    case = models.ForeignKey(Case, null=True, blank=True, on_delete=models.PROTECT, related_name="documents",
                             db_constraint=False)        # the keys are (body_id, case_id), (body_id, person_id)
    person = models.ForeignKey(Person, null=True, blank=True, on_delete=models.PROTECT, related_name="documents",
                               db_constraint=False)
    kind = models.CharField(max_length=20, choices=DocumentKind.choices)
    title = models.CharField(max_length=200, blank=True)
    file = models.FileField(upload_to=document_path, max_length=300)
    original_name = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    extension = models.CharField(max_length=10)
    size = models.PositiveBigIntegerField()
    sha256 = models.CharField(max_length=64)
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    uploaded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["body", "case"], name="document_body_case")]

    def __str__(self) -> str:
        return self.title or self.original_name
