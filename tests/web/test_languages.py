"""Every page of each demonstration body in its State's language (Gujarati at Anand, Punjabi at
Khanna, Konkani at Taleigao, Hindi at Solan and Dehradun), walked as its officer, clerk and
applicant with no language chosen: no English word is left outside the Act's text, the engine's
English record and what people typed (tests/web/webhelpers.untranslated says exactly what may stay)."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.test import Client
from webhelpers import untranslated

pytestmark = pytest.mark.django_db

LANG = {"ga-taleigao": "kok", "gj-anand-nagarpalika": "gu", "pb-khanna-mc": "pa", "hp-solan-mc": "hi",
        "uk-dehradun-zp": "hi"}


@pytest.fixture
def demo(settings):
    settings.ADHINIYAM_CLOCK = None          # the demo replays its scenarios up to the real today
    call_command("demo", "--no-serve", "--cases", "10", stdout=io.StringIO())


def signed_in(username) -> Client:
    from django.contrib.auth import get_user_model

    c = Client()
    c.force_login(get_user_model().objects.get(username=username))
    return c


def links(html: str, prefix: str) -> set[str]:
    return {h for h in re.findall(r'href="([^"#?]+)', html) if h.startswith(prefix)}


def walk(client, urls, lang) -> dict[str, list[str]]:
    bad = {}
    for url in sorted(urls):
        r = client.get(url)
        assert r.status_code == 200, (url, r.status_code)
        html = r.content.decode()
        assert f'<html lang="{lang}">' in html, url
        words = untranslated(html)
        if words:
            bad[url] = sorted(set(words))[:12]
    return bad


def officer_pages(client, code) -> set[str]:
    from adhiniyam.records.models import Case

    inbox = client.get(f"/inbox/{code}/").content.decode()
    new = client.get(f"/inbox/{code}/new/").content.decode()
    cases = {f"/case/{pk}/" for pk in Case.objects.filter(body__code=code).values_list("pk", flat=True)}
    return ({f"/inbox/{code}/", f"/inbox/{code}/pendency/", f"/inbox/{code}/new/", f"/inbox/{code}/?stage=deemed",
             "/notices/", "/bodies/", "/how-dates-are-counted/", f"/complaints/{code}/", f"/local-law/{code}/",
             f"/bodies/{code}/calendar/"}
            | links(new, f"/inbox/{code}/new/") | links(inbox, "/case/") | cases)


def applicant_pages(client, code) -> set[str]:
    portal = client.get("/portal/").content.decode()
    offers = client.get(f"/portal/{code}/").content.decode()
    return {"/portal/", f"/portal/{code}/"} | links(offers, f"/portal/{code}/apply/") | links(portal, "/case/")


def test_every_page_of_each_demo_body_is_in_its_states_language(demo):
    bad, walked = {}, 0
    for code, lang in sorted(LANG.items()):
        short = code.split("-")[0]
        officer, applicant = signed_in(f"{short}-officer"), signed_in(f"{short}-applicant")
        pages = officer_pages(officer, code)
        assert len(pages) > 15, code
        bad.update(walk(officer, pages, lang))
        bad.update(walk(signed_in(f"{short}-clerk"), {f"/inbox/{code}/", f"/inbox/{code}/new/"}, lang))
        own = applicant_pages(applicant, code)
        bad.update(walk(applicant, own, lang))
        walked += len(pages) + len(own) + 2
    assert walked > 150 and not bad, bad
    # a language the user chose is kept over the body's
    c = signed_in("gj-officer")
    r = c.post("/i18n/setlang/", {"language": "hi", "next": "/inbox/gj-anand-nagarpalika/"})
    assert r.status_code == 302
    html = c.get("/inbox/gj-anand-nagarpalika/").content.decode()
    assert '<html lang="hi">' in html and "इनबॉक्स" in html


def test_the_checker_finds_an_english_word():
    assert untranslated('<body><p>स्थिति: Pending</p><p lang="en">the Act</p><span translate="no">Asha</span></body>') == ["Pending"]
    assert untranslated("<body><p>GA-TALEIGAO/2026/000001 goa.s66.late_intimation (bv) XI PDF</p></body>") == []


def test_a_named_amount_is_shown_in_rupees_under_its_translated_title(demo):
    """A procedure's named amounts (Goa's s.112-F(3) award) are rupees under the pack's title in the
    page's language, not a bare number under their id."""
    from adhiniyam.records.models import Case

    case = Case.objects.filter(body__code="ga-taleigao", procedure="pound_complaint").first()
    html = signed_in("ga-officer").get(f"/case/{case.pk}/").content.decode()
    table = re.search(r'<table class="amounts">(.*?)</table>', html, re.S).group(1)
    row = re.search(r"दिल्ली भरपाय, शुल्क आनी खर्च</th><td>([^<]*)</td>", table)
    assert row and "₹" in row.group(1), table
