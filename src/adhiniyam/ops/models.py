"""Operational tables: failed sign-ins (shared by every server process, so the limit holds behind a
load balancer) and the benchmark floor's one-insert table."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class LoginFailure(models.Model):
    """One failed sign-in. `key` is 'user:<username>|ip:<address>' or 'ip:<address>'."""

    key = models.CharField(max_length=300)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["key", "at"], name="loginfailure_key_at")]


class FloorRow(models.Model):
    """Written by the benchmark floor view (one insert per request); empty in production."""

    body_id = models.BigIntegerField(default=0)
    note = models.CharField(max_length=100, blank=True)
    at = models.DateTimeField(default=timezone.now)
