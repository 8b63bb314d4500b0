"""Shared helpers of the robustness suite (issue 11): a Goa hierarchy (State → block → two village
panchayats) and a Himachal municipal council, a user for every role, cases of two applicants.

Runs on SQLite by default and on PostgreSQL when DATABASE_URL is set (`source .ci/postgres.sh`).
The clock is fixed at 10 January 2026, noon IST, so the Act's periods are deterministic."""

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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # tests/, for the shared api_client
from api_client import Api  # noqa: E402,F401  (re-exported for the robustness tests)

django.setup()

GOA = "goa_panchayat_raj_1994"
HP = "himachal_municipal_1994"
CLOCK = "2026-01-10T12:00"
PROBLEM = "application/problem+json"

# user -> (body key, role, office): one user for each role, and a second of some for cross checks
USERS = {
    "applicant": ("vp", "applicant", ""),
    "neighbour": ("vp", "applicant", ""),
    "clerk": ("vp", "clerk", ""),
    "secretary": ("vp", "deciding_officer", "secretary"),
    "secretary2": ("vp", "deciding_officer", "secretary"),
    "auditor": ("vp", "auditor", ""),
    "bdo": ("block", "appellate", "bdo"),
    "director": ("ga", "appellate", "director"),
    "admin": ("ga", "administrator", ""),
    "merces_applicant": ("vp2", "applicant", ""),
    "merces_secretary": ("vp2", "deciding_officer", "secretary"),
    "solan_eo": ("hp", "deciding_officer", ""),
}


def make_world():
    """Bodies, offices and users (no passwords: bearer tokens), committed by the caller's transaction."""
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
    bodies = {"ga": ga, "block": block, "vp": vp, "vp2": vp2, "hp": hp}
    users, tokens = {}, {}
    for name, (where, role, office) in USERS.items():
        user = User.objects.create(username=name)
        Membership.objects.create(user=user, body=bodies[where], role=role, office=office)
        users[name] = user
        tokens[name] = ApiToken.issue(user, "test")[1]
    return {**bodies, "bodies": bodies, "users": users, "tokens": tokens}


CITIZENS = {u for u, (_b, role, _o) in USERS.items() if role == "applicant"}


def open_case(api, who="applicant", body="ga-taleigao", on="2026-01-05", **extra):
    """A building-permission application received on `on`: sent by a citizen that day (dated by the server's
    clock on receipt), or entered by office staff that day with the day it was received."""
    event = {"type": "application_received", "data": {"complete": True}}
    if who not in CITIZENS:
        event["on"] = on
    payload = {"procedure": "building_permission", "event": event,
               "property": {"address": "H.No. 12, Dona Paula road", "survey_number": "45/2"}}
    payload.update(extra)
    r = api.post(who, f"/api/bodies/{body}/cases", payload, entered=on)
    assert r.status_code == 201, r.content
    return r.json()


def table_counts() -> dict[str, int]:
    """Rows in every table the service writes (to prove a refused request changed nothing)."""
    from django.apps import apps
    out = {}
    for model in apps.get_models():
        if model._meta.app_label in {"records", "api", "enforcement", "web"} and model._meta.managed:
            out[model._meta.label] = model._default_manager.count()
    return out


def case_state() -> list[tuple]:
    from adhiniyam.records.models import Case
    return list(Case.objects.order_by("pk").values_list("pk", "status", "version", "due", "closed"))
