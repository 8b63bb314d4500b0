"""Fixtures for law-pack versions: two Goa village panchayats under a State administrator, and a second
version of the Goa pack that differs from the installed one in one period (the fifteen days of
s.66(2A) for the intimation after a deemed permission, made twenty)."""

from __future__ import annotations

import os
import shutil
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

GOA = "goa_panchayat_raj_1994"
INTIMATION = "    start: {day_after: decision}\n    period: {days: 15}\n"   # timers.intimation, building_permission.yaml


@pytest.fixture
def bodies(db):
    from django.contrib.auth import get_user_model

    from adhiniyam.records.models import Body, Membership, Person

    User = get_user_model()
    ga = Body.objects.create(code="ga", name="Goa", kind="state", state="GA")
    out = {"ga": ga}
    for code in ("ga-taleigao", "ga-merces"):
        out[code] = Body.objects.create(code=code, name=code.split("-")[1].title(), kind="gram_panchayat", state="GA",
                                        parent=ga, act_id=GOA)
        Person.objects.create(body=out[code], name=f"Applicant at {code}")
    out["admin"] = User.objects.create_user("state-admin", password="x")
    Membership.objects.create(user=out["admin"], body=ga, role="administrator")
    out["clerk"] = User.objects.create_user("clerk", password="x")
    for code in ("ga-taleigao", "ga-merces"):
        Membership.objects.create(user=out["clerk"], body=out[code], role="clerk")
    out["officer"] = User.objects.create_user("officer", password="x")
    Membership.objects.create(user=out["officer"], body=out["ga-taleigao"], role="deciding_officer")
    return out


@pytest.fixture
def twenty_days(db, tmp_path):
    """The Goa pack with the s.66(2A) intimation period changed from fifteen days to twenty, stored."""
    from adhiniyam.law import load_pack
    from adhiniyam.law.pack import load_pack_dir
    from adhiniyam.packs.store import keep

    copy = tmp_path / GOA
    shutil.copytree(load_pack(GOA).path, copy)
    f = copy / "procedures" / "building_permission.yaml"
    text = f.read_text(encoding="utf-8")
    assert text.count(INTIMATION) == 1
    f.write_text(text.replace(INTIMATION, INTIMATION.replace("15", "20")), encoding="utf-8")
    pack = load_pack_dir(copy)
    keep(pack)
    return str(pack.version)
