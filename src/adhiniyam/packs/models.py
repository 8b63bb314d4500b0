"""Stored law-pack versions and approved upgrades.

A PackVersion is reference data shared by every body (a replicated table when sharded by body); an
upgrade belongs to one body and carries `body_id`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PackVersion(models.Model):
    """One version of a law pack as installed: its files, keyed by the pack's content hash."""

    act_id = models.CharField(max_length=100)
    version = models.CharField(max_length=80, help_text=_("The pack's content hash (Pack.version)"))
    title = models.CharField(max_length=300)
    files = models.JSONField(help_text=_("Relative path -> text of every file of the pack"))
    stored_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["act_id", "version"], name="pack_version_once")]
        ordering = ["act_id", "stored_at"]

    def __str__(self) -> str:
        return f"{self.act_id} {self.version}"


class PackUpgrade(models.Model):
    """An administrator's approval to move a body's open cases from one version to another, with the
    impact they saw."""

    body = models.ForeignKey("records.Body", on_delete=models.PROTECT, related_name="+")
    act_id = models.CharField(max_length=100)
    from_version = models.CharField(max_length=80)
    to_version = models.CharField(max_length=80)
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    approved_at = models.DateTimeField()
    reason = models.TextField()
    impact = models.JSONField(default=list, help_text=_("The cases whose outcome differs, as shown when approved"))
    rebound = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["body", "approved_at"], name="pack_upgrade_body")]
