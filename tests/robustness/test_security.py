"""Security basics: secure headers and a content security policy on every kind of answer, HSTS and the
HTTPS redirect behind the proxy, CSRF on the web session (and on the API when it is used with the
session), sign-in limits per account and address (django-axes) on the web form and the token endpoint,
answers that do not tell which accounts exist, passwords hashed by Django's default hasher. The
defaults themselves (debug off, no default key, `check --deploy`) are in test_deploy.py."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone
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


def test_hsts_and_secure_cookies_behind_the_proxy(client, world, settings):
    """With the production settings (ADHINIYAM_HTTPS on, ADHINIYAM_PROXIES=1; see test_deploy.py for their
    values): plain HTTP is redirected, HTTPS from the proxy gets HSTS, /ops/health answers over HTTP."""
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    r = client.get("/signin/")
    assert r.status_code == 301 and r["Location"].startswith("https://")
    assert not r.has_header("Strict-Transport-Security")
    r = client.get("/signin/", HTTP_X_FORWARDED_PROTO="https")
    assert r.status_code == 200 and r["Strict-Transport-Security"].startswith("max-age=31536000; includeSubDomains")
    assert client.get("/ops/health").status_code == 200          # a load balancer's probe inside the network


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
                     "event": {"type": "application_received"},
                     "applicant": {"name": "Asha"}}, content_type="application/json")
    assert r.status_code in (401, 403), r.content
    from adhiniyam.records.models import Case
    assert Case.objects.count() == 0
    token = strict.cookies["csrftoken"].value
    r = strict.post("/api/bodies/ga-taleigao/cases",
                    {"procedure": "building_permission",
                     "event": {"type": "application_received"},
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


def _token_attempt(client, username, password, address="203.0.113.7"):
    return client.post("/api/auth/token", {"username": username, "password": password},
                       content_type="application/json", REMOTE_ADDR=address)


def _with_password(name, password):
    from django.contrib.auth import get_user_model
    user = get_user_model().objects.get(username=name)
    user.set_password(password)
    user.save()
    return user


def test_login_rate_limit_on_the_token_endpoint(client, world, settings):
    settings.AXES_FAILURE_LIMIT = 3
    _with_password("clerk", "the right password")
    assert [_token_attempt(client, "clerk", "wrong").status_code for _ in range(3)] == [401, 401, 429]
    blocked = _token_attempt(client, "clerk", "the right password")      # even the right one: not checked
    assert blocked.status_code == 429 and blocked["Content-Type"] == PROBLEM
    assert blocked.json()["code"] == "too_many_sign_ins" and int(blocked["Retry-After"]) > 0
    # the same account from another address is not affected, and a success there clears that address's count
    other = _token_attempt(client, "clerk", "the right password", address="198.51.100.2")
    assert other.status_code == 201
    # once the cool-off has passed the right password works again from the first address
    from axes.models import AccessAttempt
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - dt.timedelta(seconds=1))
    assert _token_attempt(client, "clerk", "the right password").status_code == 201


def test_login_rate_limit_on_the_web_form(world, settings):
    settings.AXES_FAILURE_LIMIT = 3
    c = Client()
    for _ in range(2):
        r = c.post("/signin/", {"username": "secretary", "password": "nope"}, REMOTE_ADDR="203.0.113.9")
        assert r.status_code == 200          # the form again, with its error
    r = c.post("/signin/", {"username": "secretary", "password": "nope"}, REMOTE_ADDR="203.0.113.9")
    assert r.status_code == 429 and "Too many" in r.content.decode()
    assert_secure_headers(r)


def test_one_address_cannot_lock_out_the_others_behind_it(client, world, settings):
    """Twenty failed sign-ins from one address (a carrier-grade NAT, an office) lock out only the account
    tried from there: another user behind the same address, and the same user elsewhere, sign in."""
    settings.AXES_FAILURE_LIMIT = 5
    _with_password("clerk", "the clerk's password")
    _with_password("secretary", "the secretary's password")
    for i in range(20):
        _token_attempt(client, "secretary", f"guess {i}")
    assert _token_attempt(client, "secretary", "the secretary's password").status_code == 429
    assert _token_attempt(client, "clerk", "the clerk's password").status_code == 201
    assert _token_attempt(client, "secretary", "the secretary's password", address="198.51.100.2").status_code == 201
    r = Client().post("/signin/", {"username": "clerk", "password": "the clerk's password"}, REMOTE_ADDR="203.0.113.7")
    assert r.status_code == 302


def test_sign_in_does_not_reveal_which_accounts_exist(client, world, settings):
    """A wrong password and an unknown username get the same answer, on the API and the web, and are
    limited alike (an unknown name is locked out after as many tries as a real one)."""
    import re
    settings.AXES_FAILURE_LIMIT = 2
    _with_password("clerk", "the clerk's password")
    known, unknown = _token_attempt(client, "clerk", "wrong"), _token_attempt(client, "no-such-user", "wrong")
    assert known.status_code == unknown.status_code == 401
    assert known.json()["detail"] == unknown.json()["detail"]
    pages = [re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"",
                    Client().post("/signin/", {"username": u, "password": "wrong"}, REMOTE_ADDR="192.0.2.1").content)
             for u in ("clerk", "no-such-user")]
    assert pages[0] == pages[1]
    assert _token_attempt(client, "clerk", "wrong").status_code == 429
    assert _token_attempt(client, "no-such-user", "wrong").status_code == 429


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
