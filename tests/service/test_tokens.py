"""API tokens (issue 25, item 5): they expire (30 days unless their creator asks for less), are revoked
when the password changes or the user is deactivated, and are listed and revoked by their user."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from adhiniyam.api.models import ApiToken

pytestmark = pytest.mark.django_db


def sign_in(client, username, password, **extra):
    return client.post("/api/auth/token", {"username": username, "password": password, **extra},
                       content_type="application/json")


def bearer(token):
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def test_a_token_expires(client, world):
    r = sign_in(client, "clerk", "pass-clerk")
    assert r.status_code == 201
    left = dt.datetime.fromisoformat(r.json()["expires_at"]) - timezone.now()
    assert dt.timedelta(days=29, hours=23) < left <= dt.timedelta(days=30)
    short = sign_in(client, "clerk", "pass-clerk", name="one-day script", days=1).json()
    assert dt.datetime.fromisoformat(short["expires_at"]) - timezone.now() <= dt.timedelta(days=1)
    assert sign_in(client, "clerk", "pass-clerk", days=400).status_code == 422      # a year at most
    assert client.get("/api/me", **bearer(short["token"])).status_code == 200
    ApiToken.objects.filter(prefix=short["prefix"]).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    assert client.get("/api/me", **bearer(short["token"])).status_code == 401


def test_a_password_change_or_deactivation_revokes_every_token(client, world):
    clerk = world["users"]["clerk"]
    raw = sign_in(client, "clerk", "pass-clerk").json()["token"]
    assert client.get("/api/me", **bearer(raw)).status_code == 200
    assert client.get("/api/me", **bearer(world["tokens"]["clerk"])).status_code == 200
    clerk.set_password("a new and long passphrase")
    clerk.save()
    for token in (raw, world["tokens"]["clerk"]):
        assert client.get("/api/me", **bearer(token)).status_code == 401
    assert set(ApiToken.objects.filter(user=clerk).values_list("revoked_reason", flat=True)) == {"password changed"}
    # a new token after the change works; deactivating the user revokes it too, for good
    raw = sign_in(client, "clerk", "a new and long passphrase").json()["token"]
    clerk.is_active = False
    clerk.save()
    clerk.is_active = True
    clerk.save()
    assert client.get("/api/me", **bearer(raw)).status_code == 401
    assert ApiToken.objects.get(key_hash__isnull=False, prefix=raw[:8]).revoked_reason == "user deactivated"


def test_a_user_lists_and_revokes_their_own_tokens_only(client, world, api):
    mine = api.get("clerk", "/api/auth/tokens").json()
    assert [t["current"] for t in mine] == [True] and "token" not in mine[0] and mine[0]["prefix"].startswith("adh_")
    other = sign_in(client, "clerk", "pass-clerk", name="laptop").json()
    listed = {t["name"]: t for t in api.get("clerk", "/api/auth/tokens").json()}
    assert set(listed) == {"test", "laptop"}
    assert api.call("secretary", "DELETE", f"/api/auth/tokens/{listed['laptop']['id']}").status_code == 404
    assert client.get("/api/me", **bearer(other["token"])).status_code == 200
    assert api.call("clerk", "DELETE", f"/api/auth/tokens/{listed['laptop']['id']}").status_code == 204
    assert client.get("/api/me", **bearer(other["token"])).status_code == 401
    listed = {t["name"]: t for t in api.get("clerk", "/api/auth/tokens").json()}
    assert listed["laptop"]["revoked"] and listed["laptop"]["revoked_reason"] == "revoked by its user"
