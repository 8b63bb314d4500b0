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


# ------------------------------------------------------------------------------------ untranslated words

# What may stay in Latin letters on a page in an Indian language: the Act's own text and the engine's
# English record (marked lang="en"), names and numbers a person typed (translate="no"), and these:
# case and receipt numbers, interpretation and reading ids, section numbers with letters, roman
# chapter numbers, and a few names of formats.
ALLOWED_PATTERNS = [
    r"\b[A-Z]{2}-[A-Z0-9-]+(?:/[A-Z0-9-]+)+\b",          # GA-TALEIGAO/2026/000001, receipt numbers
    r"\b\d+-?[A-Z]{1,2}\b",                               # 106AA, 72-A, 106-BF
    r"\b\w+(?:[._]\w+)+\b",                               # goa.s63.committee_count, month_after_stop_period
    r"\(\s*[a-z]{1,3}\s*\)",                              # clause letters: (bv), (ak)
    r"\b[IVXL]+\b",                                       # Chapter XI
    r"\b(?:PDF|PNG|JPEG|UPI|YYYY|MM|DD|HH|Open311|JSON|U\.H\.H)\b",
]


def untranslated(page: str) -> list[str]:
    """Runs of Latin-letter words in a page's text (and its labels) outside lang="en" and translate="no"."""
    from html.parser import HTMLParser

    found: list[str] = []

    class Walk(HTMLParser):
        VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source"}

        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.stack = []       # one flag per open element: is its text exempt?

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            exempt = (self.stack and self.stack[-1]) or tag in ("script", "style") or \
                (a.get("lang") or "").startswith("en") or a.get("translate") == "no"
            if not exempt:
                for key in ("placeholder", "aria-label", "title", "alt"):
                    if a.get(key):
                        self.check(a[key])
            if tag not in self.VOID:
                self.stack.append(exempt)

        def handle_endtag(self, tag):
            if tag not in self.VOID and self.stack:
                self.stack.pop()

        def handle_data(self, data):
            if not (self.stack and self.stack[-1]):
                self.check(data)

        def check(self, text):
            for pattern in ALLOWED_PATTERNS:
                text = re.sub(pattern, " ", text)
            found.extend(m.group(0) for m in re.finditer(r"[A-Za-z]{2,}(?:[ '-][A-Za-z]+)*", text))

    Walk().feed(page[page.find("<body"):] if "<body" in page else page)
    return found
