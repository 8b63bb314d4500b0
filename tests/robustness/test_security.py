"""Security basics: secure headers and a content security policy on every kind of answer, CSRF on
the web session (and on the API when it is used with the session), login rate limiting on the web
form and the token endpoint, passwords hashed by Django's default hasher, secrets only from the
environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from robustness_kit import PROBLEM, open_case

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]


def assert_secure_headers(r):
    csp = r["Content-Security-Policy"]
    for directive in ("default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'",
                      "base-uri 'self'", "form-action 'self'"):
        assert directive in csp, (directive, csp)
    scripts = csp.split("script-src")[1].split(";")[0]
    assert "'unsafe-eval'" not in csp and "'unsafe-inline'" not in scripts
    # inline handlers only by the hash of one exact text: the receipt's onclick="window.print()"
    assert scripts.count("'sha256-") == 1
    assert r["X-Content-Type-Options"] == "nosniff"
    assert r["X-Frame-Options"] == "DENY"
    assert r["Referrer-Policy"] == "same-origin"
    assert r["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "camera=()" in r["Permissions-Policy"]


def test_secure_headers_on_pages_api_errors_and_login(client, api, world):
    case = open_case(api)
    answers = [client.get("/signin/"), client.get("/api/openapi.json"), client.get("/api/cases"),
               api.get("applicant", f"/api/cases/{case['id']}"), api.get("applicant", "/api/cases/99999"),
               client.get("/ops/health"), client.get("/no/such/page/")]
    for r in answers:
        assert_secure_headers(r)
    # case files are personal: no shared cache may keep an API answer
    assert api.get("applicant", f"/api/cases/{case['id']}")["Cache-Control"] == "no-store"
    assert client.get("/api/cases")["Content-Type"] == PROBLEM


def test_hsts_only_over_https(client, world):
    assert not client.get("/ops/health").has_header("Strict-Transport-Security")
    r = client.get("/ops/health", secure=True)
    assert r["Strict-Transport-Security"].startswith("max-age=31536000")


def test_csrf_on_the_web_session(world):
    from django.contrib.auth import get_user_model
    user = get_user_model().objects.get(username="secretary")
    user.set_password("a long enough password")
    user.save()
    strict = Client(enforce_csrf_checks=True)
    # signing in without the form's token is refused
    r = strict.post("/signin/", {"username": "secretary", "password": "a long enough password"})
    assert r.status_code == 403
    page = strict.get("/signin/")
    token = page.cookies["csrftoken"].value
    r = strict.post("/signin/", {"username": "secretary", "password": "a long enough password",
                                "csrfmiddlewaretoken": token})
    assert r.status_code == 302
    # the API with the session cookie (no bearer token): a write without the CSRF token is refused
    case = None
    r = strict.post("/api/bodies/ga-taleigao/cases",
                    {"procedure": "building_permission",
                     "event": {"type": "application_received", "on": "2026-01-05"},
                     "applicant": {"name": "Asha"}}, content_type="application/json")
    assert r.status_code in (401, 403), r.content
    from adhiniyam.records.models import Case
    assert Case.objects.count() == 0
    token = strict.cookies["csrftoken"].value
    r = strict.post("/api/bodies/ga-taleigao/cases",
                    {"procedure": "building_permission",
                     "event": {"type": "application_received", "on": "2026-01-05"},
                     "applicant": {"name": "Asha"}}, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert r.status_code == 201, r.content
    case = r.json()
    assert case["status"] == "pending"


def test_passwords_hashed_by_djangos_default(world):
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import get_hasher
    user = get_user_model().objects.get(username="clerk")
    user.set_password("correct horse battery")
    user.save()
    user.refresh_from_db()
    assert "correct horse" not in user.password
    assert user.password.startswith(get_hasher("default").algorithm + "$")
    assert settings.PASSWORD_HASHERS[0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def _token_attempt(client, username, password):
    return client.post("/api/auth/token", {"username": username, "password": password},
                       content_type="application/json", REMOTE_ADDR="203.0.113.7")


def test_login_rate_limit_on_the_token_endpoint(client, world, monkeypatch):
    monkeypatch.setenv("ADHINIYAM_LOGIN_MAX_FAILURES", "3")
    from django.contrib.auth import get_user_model
    user = get_user_model().objects.get(username="clerk")
    user.set_password("the right password")
    user.save()
    for _ in range(3):
        assert _token_attempt(client, "clerk", "wrong").status_code == 401
    blocked = _token_attempt(client, "clerk", "the right password")      # even the right one: not checked
    assert blocked.status_code == 429 and blocked["Content-Type"] == PROBLEM
    assert blocked.json()["code"] == "too_many_sign_ins" and int(blocked["Retry-After"]) > 0
    # another user from another address is not affected
    other = client.post("/api/auth/token", {"username": "clerk", "password": "the right password"},
                        content_type="application/json", REMOTE_ADDR="198.51.100.2")
    assert other.status_code == 201
    # a success clears the count for that user and address
    from adhiniyam.ops.models import LoginFailure
    assert not LoginFailure.objects.filter(key="user:clerk|ip:198.51.100.2").exists()
    # once the window has passed the right password works again
    monkeypatch.setenv("ADHINIYAM_LOGIN_WINDOW_SECONDS", "0")
    assert _token_attempt(client, "clerk", "the right password").status_code == 201


def test_login_rate_limit_on_the_web_form(world, monkeypatch):
    monkeypatch.setenv("ADHINIYAM_LOGIN_MAX_FAILURES", "2")
    c = Client()
    for _ in range(2):
        r = c.post("/signin/", {"username": "secretary", "password": "nope"}, REMOTE_ADDR="203.0.113.9")
        assert r.status_code == 200          # the form again, with its error
    r = c.post("/signin/", {"username": "secretary", "password": "nope"}, REMOTE_ADDR="203.0.113.9")
    assert r.status_code == 429 and "Too many" in r.content.decode()
    assert_secure_headers(r)


def test_per_address_limit_stops_spraying_many_usernames(client, world, monkeypatch):
    monkeypatch.setenv("ADHINIYAM_LOGIN_MAX_FAILURES", "2")
    for i in range(8):                        # 4 × 2 failures from one address, each a different name
        assert _token_attempt(client, f"user{i}", "x").status_code == 401
    assert _token_attempt(client, "someone-new", "x").status_code == 429


def test_secrets_only_from_the_environment():
    """With debug off the service refuses to start without ADHINIYAM_SECRET_KEY, and no secret is in the code."""
    env = {k: v for k, v in os.environ.items() if k not in ("ADHINIYAM_SECRET_KEY",)}
    env.update({"ADHINIYAM_DEBUG": "0", "DJANGO_SETTINGS_MODULE": "adhiniyam.site.settings",
                "PYTHONPATH": str(REPO / "src")})
    r = subprocess.run([sys.executable, "-c", "import django; django.setup()"], env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode != 0 and "ADHINIYAM_SECRET_KEY must be set" in r.stderr
    env["ADHINIYAM_SECRET_KEY"] = "from-the-environment-" + "k" * 40
    r = subprocess.run([sys.executable, "-c", "import django; django.setup(); from django.conf import settings; "
                        "print(settings.SECRET_KEY)"], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == env["ADHINIYAM_SECRET_KEY"]
    # the only key in the source is the debug-only one, refused when debug is off
    hits = [p for p in (REPO / "src").rglob("*.py") if "SECRET_KEY =" in p.read_text(errors="ignore")]
    assert [p.name for p in hits] == ["settings.py"]


def test_the_only_inline_script_in_the_templates_is_the_one_the_policy_allows():
    """A template with another inline script or handler would be blocked by the browser under the CSP."""
    import base64
    import hashlib
    import re

    from adhiniyam.ops.middleware import CSP
    allowed = {base64.b64encode(hashlib.sha256(b"window.print()").digest()).decode()}
    assert all(f"'sha256-{h}'" in CSP for h in allowed)
    found = []
    for path in (REPO / "src" / "adhiniyam").rglob("templates/**/*.html"):
        text = path.read_text(errors="ignore")
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", text) and "application/json" not in text:
            found.append(f"{path.name}: inline <script>")
        for handler in re.findall(r"\son[a-z]+=\"([^\"]*)\"", text):
            if base64.b64encode(hashlib.sha256(handler.encode()).digest()).decode() not in allowed:
                found.append(f"{path.name}: handler {handler!r}")
    assert not found, found
