"""CSRF on the API, with the middleware passed over by a bearer token's API request (ops.middleware
ApiMessageMiddleware): a write the web session authenticates still needs the CSRF token, with or without a
bad bearer token beside the cookie; a valid bearer token needs none, as before."""

from __future__ import annotations

import pytest
from django.test import Client

from adhiniyam.records.models import Case

pytestmark = pytest.mark.django_db

CASE = {"procedure": "building_permission", "event": {"type": "application_received", "on": "2026-01-10"},
        "applicant": {"name": "Asha"}}


def signed_in(world) -> tuple[Client, str]:
    """A browser signed in as the secretary, with the CSRF cookie a page gives: the client and the token."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(world["users"]["secretary"])
    return browser, browser.get("/signin/").cookies["csrftoken"].value


def create(client, **headers):
    return client.post("/api/bodies/ga-taleigao/cases", CASE, content_type="application/json", **headers)


def test_a_cookie_authenticated_write_without_the_csrf_token_is_refused(world):
    browser, _token = signed_in(world)
    r = create(browser)
    assert r.status_code == 403, r.content
    r = create(browser, HTTP_AUTHORIZATION="Bearer not-a-token")       # a bad token: the session, with CSRF
    assert r.status_code == 403, r.content
    assert Case.objects.count() == 0


def test_a_cookie_authenticated_write_with_the_csrf_token_is_taken(world):
    browser, token = signed_in(world)
    assert create(browser, HTTP_X_CSRFTOKEN=token).status_code == 201
    assert create(browser, HTTP_X_CSRFTOKEN=token, HTTP_AUTHORIZATION="Bearer not-a-token").status_code == 201
    assert Case.objects.count() == 2


def test_a_valid_bearer_token_needs_no_csrf_token(world):
    browser, _token = signed_in(world)                                  # its cookies sent too
    r = create(browser, HTTP_AUTHORIZATION="Bearer " + world["tokens"]["secretary"])
    assert r.status_code == 201, r.content
    r = create(Client(enforce_csrf_checks=True), HTTP_AUTHORIZATION="Bearer " + world["tokens"]["clerk"])
    assert r.status_code == 201, r.content
