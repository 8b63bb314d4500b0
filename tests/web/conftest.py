"""Fixtures for the web application: the Goa hierarchy (State → block → village panchayat) with a
user per role, a Himachal municipality, and a fixed clock. Runs on SQLite, and on PostgreSQL when
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
os.environ.setdefault("ADHINIYAM_VAR", tempfile.mkdtemp(prefix="adhiniyam-web-test-"))

import django  # noqa: E402
import pytest  # noqa: E402

django.setup()

GOA = "goa_panchayat_raj_1994"
HP = "himachal_municipal_1994"
from browserkit import browser, shots  # noqa: E402, F401  (the browser tests' fixtures)
from webhelpers import PASSWORD, english  # noqa: E402  (tests/web is on sys.path: pytest's prepend import mode)


@pytest.fixture
def world(db):
    return make_world()


def make_world():
    from django.contrib.auth import get_user_model

    from adhiniyam.records.models import Body, Membership, Office

    User = get_user_model()
    ga = Body.objects.create(code="ga", name="Goa", kind="state", state="GA")
    Office.objects.create(body=ga, role="director", title="Director of Panchayats")
    block = Body.objects.create(code="ga-tiswadi", name="Tiswadi block", kind="block", state="GA", parent=ga)
    Office.objects.create(body=block, role="bdo", title="Block Development Officer, Tiswadi")
    vp = Body.objects.create(code="ga-taleigao", name="Village Panchayat Taleigao", kind="gram_panchayat",
                             state="GA", parent=block, act_id=GOA, latitude=15.47, longitude=73.82)
    hp = Body.objects.create(code="hp-solan", name="Municipal Council Solan", kind="municipal_council",
                             state="HP", act_id=HP)
    users = {}

    def make(name, body, role, office=""):
        user = User.objects.create_user(name, password=PASSWORD, first_name=name.capitalize())
        if body is not None:
            Membership.objects.create(user=user, body=body, role=role, office=office)
        users[name] = user
        return user

    make("applicant", vp, "applicant")
    make("neighbour", vp, "applicant")
    make("clerk", vp, "clerk")
    make("secretary", vp, "deciding_officer", "secretary")
    make("director", ga, "appellate", "director")
    make("solan_eo", hp, "deciding_officer")
    make("citizen", None, "")
    return {"ga": ga, "block": block, "vp": vp, "hp": hp, "users": users}


CLOCK = "2026-03-02T11:00"


@pytest.fixture(autouse=True)
def fixed_clock(settings):
    """Tests run on 2 March 2026 (IST) unless they move the clock: the guide's own example date.
    Passwords are hashed with a fast hasher here (the real one costs a third of a second per user)."""
    settings.ADHINIYAM_CLOCK = CLOCK
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return CLOCK


@pytest.fixture
def client(db):
    from django.test import Client

    return english(Client())


@pytest.fixture
def as_user(db):
    """A separate browser (test client) signed in as the given user, who chose English (lang=...
    for another language; lang=None for none, so that the body's language applies)."""
    from django.test import Client

    def login(user, lang="en"):
        c = Client()
        c.force_login(user)
        return english(c, lang) if lang else c
    return login


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A request in Hindi leaves Hindi active in the thread; start every test in English."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")
