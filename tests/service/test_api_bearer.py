"""The bearer token read from the request (api.auth.TokenAuth reads the header from request.META, where
ninja's HttpBearer reads request.headers): the scheme in any case, the token after the first space;
another scheme or no token is no token, and the request is refused as before."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def me(header: str | None):
    extra = {"HTTP_AUTHORIZATION": header} if header is not None else {}
    return Client().get("/api/me", **extra)


def test_the_bearer_scheme_in_any_case(world):
    token = world["tokens"]["clerk"]
    for scheme in ("Bearer", "bearer", "BEARER"):
        r = me(f"{scheme} {token}")
        assert r.status_code == 200, (scheme, r.content)
        assert r.json()["username"] == "clerk"


def test_no_token_another_scheme_or_a_bad_token_is_refused(world):
    token = world["tokens"]["clerk"]
    for header in (None, "", "Bearer", "Bearer ", f"Token {token}", f"Basic {token}", f"Bearer  {token}",
                   f"Bearer{token}", "Bearer not-a-token"):
        assert me(header).status_code == 401, header
