"""The web application's own table: objections lodged by the public on the notice board.

An objection is checked against the Act (the engine must allow the notice's objection event on that
day) and kept here; the office records it in the case as the Act's objection event (the records
service lets only the case's own party act as `public`/`owner`; see var/engine-requests/web.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Objection(models.Model):
    body = models.ForeignKey("records.Body", on_delete=models.PROTECT, related_name="+")
    case = models.ForeignKey("records.Case", on_delete=models.PROTECT, related_name="web_objections", db_constraint=False)
    event_type = models.CharField(max_length=100, help_text="The Act's objection event this objection is")
    name = models.CharField(max_length=200)
    address = models.CharField(max_length=300, blank=True)
    text = models.TextField()
    lodged_on = models.DateField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["body", "case"], name="web_objection_body_case")]
        ordering = ["case_id", "lodged_on", "pk"]

    def __str__(self) -> str:
        return f"{self.name} on {self.lodged_on}"
