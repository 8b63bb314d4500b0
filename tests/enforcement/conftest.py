"""Fixtures for enforcement: a Goa village panchayat, a Himachal municipal council and a Punjab
municipal committee, with officers, a clerk, an auditor and a citizen. Runs on SQLite by default and
on PostgreSQL when DATABASE_URL is set (.ci/postgres.sh). The clock is fixed at 30 June 2026, noon IST."""

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

django.setup()

CLOCK = "2026-06-30T12:00"


@pytest.fixture(autouse=True)
def fixed_clock(settings):
    settings.ADHINIYAM_CLOCK = CLOCK
    return CLOCK


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
                             state="GA", parent=block, act_id="goa_panchayat_raj_1994", latitude=15.47, longitude=73.82)
    hp = Body.objects.create(code="hp-solan", name="Municipal Council Solan", kind="municipal_council", state="HP",
                             act_id="himachal_municipal_1994", latitude=30.90, longitude=77.10)
    pb = Body.objects.create(code="pb-nabha", name="Municipal Committee Nabha", kind="municipal_committee",
                             state="PB", act_id="punjab_municipal_1911", latitude=30.37, longitude=76.15)
    uk = Body.objects.create(code="uk-dehradun-zp", name="Zila Panchayat Dehradun", kind="zila_panchayat", state="UK",
                             act_id="uttarakhand_panchayats_1961", latitude=30.32, longitude=78.03)
    gj = Body.objects.create(code="gj-anand", name="Anand Municipality", kind="municipality", state="GJ",
                             act_id="gujarat_municipalities_1963", latitude=22.56, longitude=72.95)
    # these offices enter papers up to a year old (records.dating), as the tests do, with their reasons
    Body.objects.filter(pk__in=[b.pk for b in (vp, hp, pb, uk, gj)]).update(late_entry_days=366)
    for b in (vp, hp, pb, uk, gj):
        b.refresh_from_db()
    users, tokens = {}, {}

    def make(name, body, role, office=""):
        user = User.objects.create_user(name)            # API tokens only: no password to hash (fast)
        Membership.objects.create(user=user, body=body, role=role, office=office)
        users[name] = user
        tokens[name] = ApiToken.issue(user, "test")[1]
        return user

    make("goa_officer", vp, "deciding_officer")
    make("goa_secretary", vp, "deciding_officer", "secretary")
    make("sarpanch", vp, "deciding_officer", "sarpanch")
    make("goa_clerk", vp, "clerk")
    make("director", ga, "appellate", "director")
    make("solan_eo", hp, "deciding_officer")
    make("solan_clerk", hp, "clerk")
    make("solan_auditor", hp, "auditor")
    make("citizen", hp, "applicant")
    make("nabha_eo", pb, "deciding_officer")
    make("uk_officer", uk, "deciding_officer")
    make("uk_clerk", uk, "clerk")
    make("gj_officer", gj, "deciding_officer")
    return {"vp": vp, "hp": hp, "pb": pb, "uk": uk, "gj": gj, "users": users, "tokens": tokens}


@pytest.fixture
def api(client, world):
    return Api(client, world["tokens"])


E = "/api/enforcement"
