"""API clients authenticate with a bearer token. Only the token's SHA-256 is stored."""

from __future__ import annotations

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
    expires_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user}, {self.name})"

    @classmethod
    def issue(cls, user, name: str = "api", expires_at=None) -> tuple[ApiToken, str]:
        raw = "adh_" + secrets.token_urlsafe(32)
        token = cls.objects.create(user=user, name=name, prefix=raw[:8], key_hash=hash_token(raw),
                                   expires_at=expires_at)
        return token, raw

    def usable(self) -> bool:
        return not self.revoked and (self.expires_at is None or self.expires_at > timezone.now())
