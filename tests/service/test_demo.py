"""`adhiniyam demo` builds five bodies, one per Act, with a user for every role, and cases that pass
the audit; run twice, it does not build them again."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_demo_builds_every_act_and_role(settings):
    settings.ADHINIYAM_CLOCK = None          # the demo replays scenarios up to the real today
    from adhiniyam.law import list_packs
    from adhiniyam.records.models import Body, Case, Membership

    out = io.StringIO()
    call_command("demo", "--no-serve", "--cases", "4", stdout=out)
    text = out.getvalue()
    acts = set(Body.objects.exclude(act_id="").values_list("act_id", flat=True))
    assert acts == set(list_packs()) and len(acts) == 5
    assert set(Membership.objects.values_list("role", flat=True)) == {
        "applicant", "clerk", "deciding_officer", "appellate", "auditor", "administrator"}
    assert Case.objects.count() >= 15 and "ga-officer" in text and "adhiniyam-demo" in text
    verify = io.StringIO()
    call_command("audit", "verify", stdout=verify)
    assert "intact" in verify.getvalue()
    again = io.StringIO()
    call_command("demo", "--no-serve", stdout=again)
    assert "already present" in again.getvalue() and Body.objects.filter(act_id__gt="").count() == 5
