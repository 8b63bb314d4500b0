"""Operational tables: the counts of what the public posts (shared by every server process, so the limits
hold behind a load balancer) and the benchmark floor's one-insert table. Failed sign-ins are django-axes'
own table (axes.AccessAttempt)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class PostCount(models.Model):
    """How many posts of one kind (complaint, objection) a body has taken from one address (anonymous) or
    one account in one window of time (adhiniyam.ops.limits.count_post)."""

    body_id = models.BigIntegerField()
    scope = models.CharField(max_length=20)
    key = models.CharField(max_length=100, help_text="'user:<id>' or the client's address")
    window_start = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body_id", "scope", "key", "window_start"],
                                               name="postcount_one_per_window")]


class FloorRow(models.Model):
    """Written by the benchmark floor view (one insert per request); empty in production."""

    body_id = models.BigIntegerField(default=0)
    note = models.CharField(max_length=100, blank=True)
    at = models.DateTimeField(default=timezone.now)
