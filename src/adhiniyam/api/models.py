"""API clients authenticate with a bearer token (only its SHA-256 is stored); writes may carry an
Idempotency-Key, whose first answer is kept so that a retry gets it again instead of a second write."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone


def hash_token(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, default="api")
    prefix = models.CharField(max_length=8, help_text="First characters, to recognise a token in lists")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked = models.BooleanField(default=False)
    revoked_reason = models.CharField(max_length=100, blank=True)

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user}, {self.name})"

    @classmethod
    def issue(cls, user, name: str = "api", days: int | None = None) -> tuple[ApiToken, str]:
        """A new token for `user`, lasting `days` (default settings.ADHINIYAM_TOKEN_DAYS)."""
        raw = "adh_" + secrets.token_urlsafe(32)
        expires = timezone.now() + dt.timedelta(days=days or settings.ADHINIYAM_TOKEN_DAYS)
        token = cls.objects.create(user=user, name=name, prefix=raw[:8], key_hash=hash_token(raw), expires_at=expires)
        return token, raw

    def usable(self) -> bool:
        return not self.revoked and self.expires_at > timezone.now()

    @classmethod
    def revoke_all(cls, user, reason: str) -> int:
        return cls.objects.filter(user=user, revoked=False).update(revoked=True, revoked_reason=reason)


class IdempotentRequest(models.Model):
    """The first successful answer to a write sent with an Idempotency-Key, stored in the transaction of the
    write itself: the write and this row are committed together or not at all (api.idempotency)."""

    body_id = models.BigIntegerField(help_text="The body the write is at (0: none, e.g. a token)")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the method, address and body sent")
    status = models.PositiveSmallIntegerField()
    content_type = models.CharField(max_length=100)
    content = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["body_id", "user", "key"], name="idempotency_key_once")]
        # the nightly purge of expired keys (api.idempotency.purge) reads by age across every body; the table
        # is local (records.distribution), and a non-unique index need not name the body even when distributed
        indexes = [models.Index(fields=["created_at"], name="idempotency_created")]
