"""The web pages and the API share the Django session: one sign-in serves both, and short addresses
lead to the web application's pages."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_short_addresses_lead_to_the_web_application(client, world, open_case):
    case = open_case()
    assert client.get("/")["Location"] == "/start/"
    assert client.get("/login/")["Location"] == "/signin/"
    assert client.get(f"/cases/{case['id']}/")["Location"] == f"/case/{case['id']}/"


def test_one_sign_in_serves_the_pages_and_the_api(client, world, open_case):
    case = open_case()
    assert client.get(f"/case/{case['id']}/").status_code == 302          # to the sign-in page
    client.force_login(world["users"]["secretary"])
    page = client.get(f"/case/{case['id']}/")
    assert page.status_code == 200 and case["number"].encode() in page.content
    assert client.get(f"/api/cases/{case['id']}").json()["status"] == "pending"   # the session on the API
    client.force_login(world["users"]["solan_eo"])                          # another body's officer
    assert client.get(f"/api/cases/{case['id']}").status_code in (403, 404)
