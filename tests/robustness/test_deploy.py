"""Secure by default (issue 25, item 4): started with nothing but the two variables production must set,
the service runs with debug off, Secure cookies, HSTS and the HTTPS redirect, Django's password validators,
and `adhiniyam check --deploy` finds nothing; started without a secret key it refuses to start; no key is
in the code. Each start is a fresh process, as production's is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
# what a production start sets (docs: src/adhiniyam/site/settings.py): nothing else
PRODUCTION = {"ADHINIYAM_SECRET_KEY": "k7Hq-production-like-" + "x9Zr4" * 10,
              "ADHINIYAM_ALLOWED_HOSTS": "adhiniyam.example.gov.in", "ADHINIYAM_PROXIES": "1"}
SHOWN = ["DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
         "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_PROXY_SSL_HEADER", "AXES_IPWARE_META_PRECEDENCE_ORDER"]


def _env(**extra) -> dict:
    keep = {k: v for k, v in os.environ.items()          # the machine's environment, less what tests set
            if not k.startswith(("ADHINIYAM_", "DJANGO_")) or k == "ADHINIYAM_VAR"}
    return {**keep, "DJANGO_SETTINGS_MODULE": "adhiniyam.site.settings", "PYTHONPATH": str(REPO / "src"),
            **extra}


def _settings(env: dict) -> subprocess.CompletedProcess:
    code = ("import django, json; django.setup(); from django.conf import settings as s; "
            f"print(json.dumps({{k: getattr(s, k, None) for k in {SHOWN!r}}}))")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


def test_a_production_start_is_secure_by_default():
    r = _settings(_env(**PRODUCTION))
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got == {"DEBUG": False, "SESSION_COOKIE_SECURE": True, "CSRF_COOKIE_SECURE": True,
                   "SECURE_SSL_REDIRECT": True, "SECURE_HSTS_SECONDS": 31536000, "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
                   "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
                   "AXES_IPWARE_META_PRECEDENCE_ORDER": ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]}
    # without a proxy in front, no forwarded header is trusted: a client cannot choose its own address
    r = _settings(_env(**{**PRODUCTION, "ADHINIYAM_PROXIES": ""}))
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["SECURE_PROXY_SSL_HEADER"] is None and got["AXES_IPWARE_META_PRECEDENCE_ORDER"] == ["REMOTE_ADDR"]


def test_check_deploy_is_clean_with_the_production_environment():
    r = subprocess.run([str(VENV_BIN / "adhiniyam"), "check", "--deploy", "--fail-level", "WARNING"],
                       env=_env(**PRODUCTION), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "System check identified no issues" in r.stdout


def test_no_secret_key_no_start_and_none_in_the_code():
    for debug in ("0", "1"):
        r = _settings(_env(ADHINIYAM_DEBUG=debug))
        assert r.returncode != 0 and "ADHINIYAM_SECRET_KEY must be set" in r.stderr
    hits = [p for p in (REPO / "src").rglob("*.py") if "SECRET_KEY =" in p.read_text(errors="ignore")]
    assert [p.name for p in hits] == ["settings.py"]
    assert 'SECRET_KEY = os.environ.get("ADHINIYAM_SECRET_KEY", "")' in hits[0].read_text()


def test_debug_pages_are_never_shown_by_default(tmp_path):
    """The finding: `/inbox/hp-solan-mc/?page=abc` answered a traceback with the settings. Now debug is off
    unless set, and that page's bad number is simply the first page."""
    code = ("import django; django.setup(); from django.conf import settings; from django.test import Client; "
            "from django.core.management import call_command; call_command('migrate', verbosity=0); "
            "r = Client().get('/no/such/page/', secure=True); "
            "print(settings.DEBUG, r.status_code, b'Traceback' in r.content or b'SECRET_KEY' in r.content)")
    env = _env(**{**PRODUCTION, "ADHINIYAM_ALLOWED_HOSTS": "testserver", "ADHINIYAM_VAR": str(tmp_path)})
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[-3:] == ["False", "404", "False"]


def test_passwords_are_checked_by_djangos_validators():
    import pytest
    from django.contrib.auth import get_user_model
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError
    user = get_user_model()(username="meera", first_name="Meera Desai")
    for weak in ("12345678", "password", "1234567890", "meera-desai", "Password1"):
        with pytest.raises(ValidationError):
            validate_password(weak, user)
    validate_password("a-long-pass-2026 for the panchayat", user)
