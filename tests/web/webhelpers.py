"""Shared steps for the web tests: move the legal clock, apply through the portal, act on a case page."""

from __future__ import annotations

import html as html_mod
import re

from django.conf import settings

from adhiniyam.records.models import Case

PASSWORD = "pass-word-1"     # every user of the web tests' world (tests/web/conftest.py)


def english(c, lang="en"):
    """A user who chose a language (the cookie Django's set_language keeps): these tests read English
    words unless they ask for another; a body's own language is the default otherwise."""
    c.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    return c


def set_clock(day: str):
    settings.ADHINIYAM_CLOCK = f"{day}T11:00"


def apply_building(client, body="ga-taleigao") -> Case:
    """A citizen's application through the portal (whether it is complete is the office's call)."""
    data = {"address": "H.No. 12, Dona Paula road", "survey_number": "45/2"}
    r = client.post(f"/portal/{body}/apply/building_permission/", data)
    assert r.status_code == 302, r.content.decode()[:2000]
    case_id = int(re.search(r"/case/(\d+)/", r["Location"]).group(1))
    return Case.objects.get(pk=case_id)


def act(client, case: Case, etype: str, as_role: str, on: str, **fields):
    case.refresh_from_db()
    data = {"type": etype, "as_role": as_role, "on": on, "version": case.version}
    data.update({f"f_{k}": v for k, v in fields.items()})
    return client.post(f"/case/{case.pk}/act/", data)


def text(response) -> str:
    """The page's text without tags and with whitespace folded, for plain-words assertions."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return html_mod.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" .", "."))
