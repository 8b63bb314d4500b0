"""Fixtures for the records service: a small hierarchy in Goa (State → block → two village
panchayats) with a user for every role, plus a Himachal municipality for cross-body scoping.

The suite runs on SQLite by default and on PostgreSQL when DATABASE_URL is set (.ci/postgres.sh)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")
os.environ.setdefault("ADHINIYAM_VAR", tempfile.mkdtemp(prefix="adhiniyam-test-"))

import django  # noqa: E402
import pytest  # noqa: E402
from api_client import Api  # noqa: E402

django.setup()   # pytest-django looked for settings before this conftest set them

GOA = "goa_panchayat_raj_1994"
HP = "himachal_municipal_1994"


@pytest.fixture
def world(db):
    from django.contrib.auth import get_user_model

    from adhiniyam.api.models import ApiToken
    from adhiniyam.records.models import Body, Membership, Office

    User = get_user_model()
    ga = Body.objects.create(code="ga", name="Goa", kind="state", state="GA")
    Office.objects.create(body=ga, role="director", title="Director of Panchayats")
    block = Body.objects.create(code="ga-tiswadi", name="Tiswadi block", kind="block", state="GA", parent=ga)
    Office.objects.create(body=block, role="bdo", title="Block Development Officer, Tiswadi")
    vp = Body.objects.create(code="ga-taleigao", name="Village Panchayat Taleigao", kind="gram_panchayat",
                             state="GA", parent=block, act_id=GOA, latitude=15.47, longitude=73.82)
    vp2 = Body.objects.create(code="ga-merces", name="Village Panchayat Merces", kind="gram_panchayat",
                              state="GA", parent=block, act_id=GOA)
    hp = Body.objects.create(code="hp-solan", name="Municipal Council Solan", kind="municipal_council",
                             state="HP", act_id=HP)
    users, tokens = {}, {}

    def make(name, body, role, office=""):
        user = User.objects.create_user(name, password="pass-" + name)
        Membership.objects.create(user=user, body=body, role=role, office=office)
        users[name] = user
        tokens[name] = ApiToken.issue(user, "test")[1]
        return user

    make("applicant", vp, "applicant")
    make("neighbour", vp, "applicant")
    make("clerk", vp, "clerk")
    make("secretary", vp, "deciding_officer", "secretary")
    make("merces_secretary", vp2, "deciding_officer", "secretary")
    make("bdo", block, "appellate", "bdo")
    make("director", ga, "appellate", "director")
    make("auditor", vp, "auditor")
    make("admin", ga, "administrator")
    make("solan_eo", hp, "deciding_officer")
    return {"ga": ga, "block": block, "vp": vp, "vp2": vp2, "hp": hp, "users": users, "tokens": tokens}


@pytest.fixture
def api(client, world):
    return Api(client, world["tokens"])


@pytest.fixture
def open_case(api):
    """A building-permission application received at Taleigao on 5 January 2026 (as the applicant, whose
    application is dated by the server's clock on receipt: sent on that day; staff give the day)."""
    def make(who="applicant", on="2026-01-05", data=None, body="ga-taleigao"):
        event = {"type": "application_received", "data": data or {"complete": True}}
        if who not in ("applicant", "neighbour"):
            event["on"] = on
        r = api.post(who, f"/api/bodies/{body}/cases", {
            "procedure": "building_permission", "event": event,
            "property": {"address": "H.No. 12, Dona Paula road", "survey_number": "45/2"},
        }, entered=on)
        assert r.status_code == 201, r.content
        return r.json()
    return make


CLOCK = "2026-01-10T12:00"


@pytest.fixture(autouse=True)
def fixed_clock(settings):
    """Every test runs on 10 January 2026 at noon (IST), so statutory periods are deterministic."""
    settings.ADHINIYAM_CLOCK = CLOCK
    # a fast hasher: the fixtures create a dozen users, the demo test three dozen
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return CLOCK


def pytest_report_header(config):
    from django.conf import settings
    db = settings.DATABASES["default"]
    return f"records service database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or db['NAME']}"
