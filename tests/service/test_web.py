"""The web pages use the Django session; the API accepts the same session (with CSRF)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_inbox_and_case_page_and_action_by_session(client, world, open_case):
    case = open_case()
    assert client.get("/").status_code == 302                       # to the sign-in page
    client.force_login(world["users"]["secretary"])
    home = client.get("/?body=ga-taleigao")
    assert home.status_code == 200 and case["number"].encode() in home.content
    page = client.get(f"/cases/{case['id']}/")
    assert page.status_code == 200 and b"sec_66" in page.content
    r = client.post(f"/cases/{case['id']}/act/", {"type": "observations_dispatched", "on": "2026-01-08",
                                                   "field_observations": "Site plan unsigned", "version": "1"})
    assert r.status_code == 302
    assert client.get(f"/api/cases/{case['id']}").json()["status"] == "observations_pending"   # session on the API
    stale = client.post(f"/cases/{case['id']}/act/", {"type": "observations_complied", "on": "2026-01-09",
                                                       "version": "1"}, follow=True)
    assert b"version" in stale.content and client.get(f"/api/cases/{case['id']}").json()["version"] == 2
    client.force_login(world["users"]["solan_eo"])
    assert client.get(f"/cases/{case['id']}/", follow=True).redirect_chain[-1][0] == "/"
