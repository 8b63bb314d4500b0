"""Shared by the browser tests: Debian's chromium driven by playwright (executable_path, never
`playwright install`), a tab in a chosen language, signing in, and axe-core injected into a page."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


# playwright's sync API runs an event loop in this thread; the ORM calls the test makes between
# browser steps are ordinary synchronous calls
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def shots(tmp_path):
    out = Path(os.environ.get("ADHINIYAM_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
        # inside playwright's event loop the ORM keys its connection by the loop's context, not the
        # thread: the queries the test made there opened a connection of their own. Close it here,
        # in that same context, or PostgreSQL refuses to drop the test database at the end.
        from django.db import connections
        connections.close_all()


def new_page(browser, base, lang="en", width=1100, height=900, bypass_csp=False):
    """A browser tab whose user chose a language (the cookie Django's set_language keeps); lang=None
    for a first visit, where the page takes its body's language."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=bypass_csp)
    if lang:
        ctx.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    return ctx.new_page()


def sign_in(page, base, username, password):
    page.goto(f"{base}/signin/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.stack button[type=submit]")



AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page, impacts=("serious", "critical")) -> list[dict]:
    """axe-core's WCAG 2 A/AA rules on the page as it stands: the violations of the given impact. The
    page must be open in a context made with bypass_csp=True (the site's CSP forbids injected scripts)."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed: run .ci/browser-deps.sh (npm ci in tests/web)")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""() => axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']}})""")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]} for v in result["violations"] if v["impact"] in impacts]


def dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=1)
