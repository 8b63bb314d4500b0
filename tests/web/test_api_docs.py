"""The interactive API documentation (/api/docs) renders in a real browser with the site's Content
Security Policy on: Swagger UI comes from django-ninja's own files, served by the site, so it works
offline; no request leaves the site, nothing is refused by the policy, and every operation shows."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browserkit import CHROMIUM

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="chromium is not installed: run .ci/browser-deps.sh")


def test_swagger_ui_renders_every_operation_under_the_csp(live_server, world, browser, shots):
    from adhiniyam.api.api import api

    operations = sum(1 for item in api.get_openapi_schema()["paths"].values() for method in item
                     if method in ("get", "post", "put", "patch", "delete"))
    page = browser.new_context(viewport={"width": 1200, "height": 1000}).new_page()
    console, requests = [], []
    page.on("console", lambda m: console.append(m.text))
    page.on("request", lambda r: requests.append(r.url))
    response = page.goto(f"{live_server.url}/api/docs")
    assert response.status == 200
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "default-src 'self'" in csp
    page.wait_for_selector(".opblock", timeout=30_000)
    assert page.locator(".opblock").count() == operations
    assert "Adhiniyam records API" in page.locator(".info .title").inner_text()
    assert not [m for m in console if "Content Security Policy" in m or "Refused to" in m], console
    origin = urlsplit(live_server.url).netloc
    assert all(urlsplit(u).netloc == origin for u in requests if u.startswith("http")), requests
    page.screenshot(path=str(shots / "api-docs.png"), full_page=False)
