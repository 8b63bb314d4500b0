"""Local instruments and named areas, each row keyed by the body that made or holds it.

A State-wide instrument belongs to the State's body (kind `state`) when the deployment has one; it
always carries the State's code, so a State-wide deployment can shard on (state, body). Rows are
written only through `services` (one transaction each, checked against the Act first).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from adhiniyam.records.models import Body


class AreaKind(models.TextChoices):
    WARD = "ward", _("Ward")
    VILLAGE = "village", _("Village / mauza")
    CONTROLLED_RURAL_AREA = "controlled_rural_area", _("Controlled rural area")
    NOTIFIED_AREA = "notified_area", _("Notified area")
    BLOCK = "block", _("Block")
    OTHER = "other", _("Other named area")


class NamedArea(models.Model):
    """A ward, village, controlled rural area or notified area of a body. An area declared for some
    sections of the Act (Uttarakhand s.106(c): a resolution naming the sections, then public notice)
    carries the declaration; the engine applies those sections there from the public notice."""

    body = models.ForeignKey(Body, on_delete=models.CASCADE, related_name="named_areas")
    name = models.CharField(max_length=200, help_text=_("As it is written on the case (the `area` fact)"))
    kind = models.CharField(max_length=32, choices=AreaKind.choices)
    boundary = models.TextField(blank=True, help_text=_("Optional boundary as GeoJSON text"))
    sections = models.JSONField(default=list, blank=True,
                                help_text=_("Sections of the Act the declaration applies to the area (text ids)"))
    resolution_on = models.DateField(null=True, blank=True)
    public_notice_on = models.DateField(null=True, blank=True)
    source = models.CharField(max_length=300, blank=True, help_text=_("Resolution or notification declaring it"))
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["body", "name"]
        constraints = [models.UniqueConstraint(fields=["body", "name"], name="locallaw_area_name_per_body")]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_kind_display()})"

    def declaration(self) -> dict | None:
        """The engine's form (BodySettings.areas), or None if it declares no section."""
        if not self.sections:
            return None
        return {"area": self.name, "sections": list(self.sections), "resolution_on": self.resolution_on,
                "public_notice_on": self.public_notice_on}


class Kind(models.TextChoices):
    RULE = "rule", _("Rule (State Government)")
    BYE_LAW = "bye_law", _("Bye-law")
    NOTIFICATION = "notification", _("Notification")
    DIRECTION = "direction", _("Direction")
    DISTRICT_ORDER = "district_order", _("District order")
    RESOLUTION = "resolution", _("Resolution of the body")
    FEE_SCHEDULE = "fee_schedule", _("Fee schedule")


class Layer(models.TextChoices):
    STATE = "state", _("State")
    DISTRICT = "district", _("District")
    BODY = "body", _("Body")


class Instrument(models.Model):
    """One instrument as made: who made it, under which section, from and until when, where, and what
    it sets or switches on. Later layers prevail, then the later commencement (the engine decides)."""

    state = models.CharField(max_length=6, help_text=_("ISO 3166-2:IN code of the State, e.g. UK"))
    body = models.ForeignKey(Body, null=True, blank=True, on_delete=models.PROTECT, related_name="instruments",
                             help_text=_("The body it belongs to: the State's, the district's or the local body's "
                                         "(blank only for a State-wide instrument where no State body is recorded)"))
    act_id = models.CharField(max_length=100, help_text=_("The Act (law pack) it is made under"))
    ident = models.CharField(max_length=120, help_text=_("Stable id in the exchange format, unique in the State"))
    title = models.CharField(max_length=300)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    layer = models.CharField(max_length=10, choices=Layer.choices)
    made_by = models.CharField(max_length=200)
    under = models.CharField(max_length=160, help_text=_("The empowering provision (text id of the Act)"))
    commencement = models.DateField()
    repeal = models.DateField(null=True, blank=True)
    approved_on = models.DateField(null=True, blank=True)
    published_on = models.DateField(null=True, blank=True)
    area = models.CharField(max_length=200, blank=True, help_text=_("A named area; blank: the maker's whole jurisdiction"))
    procedure = models.CharField(max_length=100, blank=True, help_text=_("For a fee schedule: the procedure it prices"))
    text = models.TextField(blank=True)
    sets = models.JSONField(default=dict, blank=True)
    switches_on = models.JSONField(default=list, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["state", "commencement", "ident"]
        constraints = [models.UniqueConstraint(fields=["state", "ident"], name="locallaw_instrument_id_per_state")]
        indexes = [models.Index(fields=["body", "commencement"], name="locallaw_instrument_body"),
                   models.Index(fields=["state", "act_id", "layer"], name="locallaw_instrument_state")]

    def __str__(self) -> str:
        return f"{self.title} ({self.made_by})"

    def as_dict(self) -> dict:
        """The exchange form (docs/law-packs.md, 'Local instruments'), plus `act`, `body` and `procedure`."""
        from adhiniyam.law.instruments import to_dict

        out = to_dict(self.engine())
        out["act"] = self.act_id
        if self.body_id:
            out["body"] = self.body.code
        if self.procedure:
            out["procedure"] = self.procedure
        return out

    def engine(self):
        """The engine's Instrument (adhiniyam.law.instruments.Instrument)."""
        from adhiniyam.law.instruments import Instrument as LawInstrument

        return LawInstrument(self.ident, self.title, self.kind, self.layer, self.made_by, self.under, self.commencement,
                             self.repeal, dict(self.sets or {}), tuple(self.switches_on or ()), self.area or None,
                             self.text, self.approved_on, self.published_on)
