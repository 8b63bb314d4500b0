"""Fixtures for local law: Uttarakhand (State → Dehradun district → Zila Panchayat Dehradun) with an
administrator at the State, a clerk, a deciding officer and an auditor at the Zila Panchayat. The
clock is fixed at 2 November 2026, noon IST. Runs on SQLite by default and on PostgreSQL when
DATABASE_URL is set (.ci/postgres.sh)."""

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

django.setup()

UK = "uttarakhand_panchayats_1961"
CLOCK = "2026-11-02T12:00"
# Sections a s.106(c) resolution applies to Bhimtal (as in the pack's own scenarios).
BHIMTAL_SECTIONS = ["sec_106D", "sec_106E", "sec_106F", "sec_106G", "sec_106H", "sec_106I", "sec_106J", "sec_106K",
                    "sec_106L", "sec_106O", "sec_106P", "sec_106R", "sec_106BI", "sec_106BN", "sec_106BP"]


@pytest.fixture(autouse=True)
def fixed_clock(settings):
    settings.ADHINIYAM_CLOCK = CLOCK
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]   # test users only: fast
    return CLOCK


@pytest.fixture(autouse=True)
def entered_as_it_happened():
    """These tests build cases' histories months back through the service: each entry is taken as made on
    the day it happened, as the demo builds its past (records.dating.replaying_history), not as a late entry."""
    from adhiniyam.records.dating import replaying_history
    with replaying_history():
        yield


@pytest.fixture
def uk(db):
    from django.contrib.auth import get_user_model

    from adhiniyam.api.models import ApiToken
    from adhiniyam.records.models import Body, Membership

    User = get_user_model()
    state = Body.objects.create(code="uk", name="Uttarakhand", kind="state", state="UK")
    district = Body.objects.create(code="uk-dehradun", name="Dehradun district", kind="district", state="UK",
                                   parent=state)
    zp = Body.objects.create(code="uk-dehradun-zp", name="Zila Panchayat Dehradun", kind="zila_panchayat",
                             state="UK", parent=district, act_id=UK, latitude=30.316, longitude=78.032)
    other = Body.objects.create(code="uk-nainital-zp", name="Zila Panchayat Nainital", kind="zila_panchayat",
                                state="UK", parent=state, act_id=UK)
    users, tokens = {}, {}

    def make(name, body, role, office=""):
        user = User.objects.create_user(name, password="pass-" + name)
        Membership.objects.create(user=user, body=body, role=role, office=office)
        users[name] = user
        tokens[name] = ApiToken.issue(user, "test")[1]
        return user

    make("admin", state, "administrator")
    make("zp_admin", zp, "administrator")
    make("clerk", zp, "clerk")
    make("officer", zp, "deciding_officer")
    make("auditor", zp, "auditor")
    make("nainital_admin", other, "administrator")
    return {"state": state, "district": district, "zp": zp, "other": other, "users": users, "tokens": tokens}


@pytest.fixture
def bhimtal(uk):
    """Bhimtal, declared a controlled rural area by the Zila Panchayat (resolution 10 January 2026,
    public notice 20 January 2026)."""
    from adhiniyam.locallaw.services import add_area

    return add_area(uk["users"]["admin"], uk["zp"], {
        "name": "Bhimtal", "kind": "controlled_rural_area", "sections": BHIMTAL_SECTIONS,
        "resolution_on": "2026-01-10", "public_notice_on": "2026-01-20",
        "source": "Resolution 3 of 10 January 2026 under s.106(c)"})


TEST_ACT = "test_local_law_act"


@pytest.fixture
def test_act(tmp_path, monkeypatch):
    """The packs folder as the engine sees it: every real Act, plus the test Act in tests/locallaw/acts
    (it declares a fee and a notification switch, which no real pack does yet)."""
    from adhiniyam.law import pack as pack_mod

    acts = tmp_path / "acts"
    acts.mkdir()
    for real in pack_mod.ACTS_DIR.iterdir():
        if (real / "act.yaml").exists():
            (acts / real.name).symlink_to(real)
    (acts / TEST_ACT).symlink_to(Path(__file__).resolve().parent / "acts" / TEST_ACT)
    pack_mod.load_pack.cache_clear()
    monkeypatch.setattr(pack_mod, "ACTS_DIR", acts)
    yield TEST_ACT
    pack_mod.load_pack.cache_clear()


@pytest.fixture
def np_body(uk, test_act):
    """Nagar Panchayat Mussoorie (under the test Act), with wards Landour and Kulri."""
    from adhiniyam.locallaw.services import add_area
    from adhiniyam.records.models import Body

    body = Body.objects.create(code="uk-mussoorie-np", name="Nagar Panchayat Mussoorie", kind="nagar_panchayat",
                               state="UK", parent=uk["district"], act_id=test_act)
    for ward in ("Landour", "Kulri"):
        add_area(uk["users"]["admin"], body, {"name": ward, "kind": "ward"})
    from django.contrib.auth import get_user_model

    from adhiniyam.records.models import Membership
    for name, role in (("np_clerk", "clerk"), ("np_officer", "deciding_officer"), ("np_admin", "administrator")):
        user = get_user_model().objects.create_user(name, password="pass-" + name)
        Membership.objects.create(user=user, body=body, role=role)
        uk["users"][name] = user
    return body
