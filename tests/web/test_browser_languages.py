"""In a real browser, in each body's own language, as a citizen and an office would use it:

* Taleigao (Goa), in Konkani: apply for a building permission, the Secretary's one observation
  letter, the reply, silence, the permission deemed granted (s.66(2)) and its certificate.
* Anand (Gujarat), in Gujarati: notice of a new building (s.155(1)), the chief officer's demand for
  further particulars (s.155(4)(b)), the particulars given, a month's silence and the right to
  proceed (s.155(5)(b)) with its certificate.
* Khanna (Punjab), in Punjabi: an occupier asks to be left out of house-scavenging (s.159(3)); the
  Act gives the committee six weeks and silence no effect; this body has chosen the reading that
  silence is exclusion (pb.s159.silence = deemed_excluded), so it is treated as excluded, with its
  certificate. (The Punjab Act has no observation letter: there is none to send.)

On every page no English word is left outside the Act's text and what people typed; axe-core finds
no serious or critical violation on the main pages in every language; a phone-width page never
scrolls sideways; applying and acting work with the keyboard alone. Screenshots of the Gujarati
inbox, the Punjabi case page and the Konkani certificate go to $ADHINIYAM_SCREENSHOTS."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from pathlib import Path

import pytest
from browserkit import CHROMIUM, axe_violations, dump, new_page, sign_in
from webhelpers import PASSWORD, set_clock, untranslated

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="chromium is not installed: run .ci/browser-deps.sh (apt-get install chromium)")


@pytest.fixture
def states(world):
    """Anand (Gujarat) and Khanna (Punjab) beside the world's Taleigao, each with an applicant and a
    deciding officer; Khanna reads the committee's silence on an exclusion as exclusion."""
    from django.contrib.auth import get_user_model

    from adhiniyam.records.models import Body, InterpretationChoice, Membership

    User = get_user_model()
    gj = Body.objects.create(code="gj-anand", name="Anand Nagarpalika", name_local="આણંદ નગરપાલિકા",
                             kind="municipality", state="GJ", act_id="gujarat_municipalities_1963")
    pb = Body.objects.create(code="pb-khanna", name="Municipal Committee Khanna", name_local="ਨਗਰ ਕੌਂਸਲ ਖੰਨਾ",
                             kind="municipal_committee", state="PB", act_id="punjab_municipal_1911")
    InterpretationChoice.objects.create(body=pb, interpretation="pb.s159.silence", reading="deemed_excluded",
                                        reason="Resolution of the committee (test)")
    for name, body, role, first in [("hetal", gj, "applicant", "Hetal Patel"), ("anand_co", gj, "deciding_officer", "Kiran Shah"),
                                    ("gurpreet", pb, "applicant", "Gurpreet Singh"), ("khanna_eo", pb, "deciding_officer", "Amrit Kaur")]:
        user = User.objects.create_user(name, password=PASSWORD, first_name=first)
        Membership.objects.create(user=user, body=body, role=role, office="")
    return {"gj": gj, "pb": pb}


def english_left(page) -> list[str]:
    return untranslated(page.content())


def apply(page, base, code, procedure, address, survey):
    from adhiniyam.records.models import Case

    page.goto(f"{base}/portal/{code}/")
    page.click(f"a[href='/portal/{code}/apply/{procedure}/']")
    assert not english_left(page), english_left(page)
    page.fill("#address", address)
    page.fill("#survey", survey)
    page.click("form.stack button[type=submit]")
    page.wait_for_url("**/case/*/")
    return Case.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))


def citizen_applies(browser, base, username, code, procedure, address, survey, lang):
    """On 2 March 2026 a citizen who has chosen no language applies at the body: the page is in the
    body's language, with no English word left."""
    set_clock("2026-03-02")
    page = new_page(browser, base, lang=None)
    sign_in(page, base, username, PASSWORD)
    case = apply(page, base, code, procedure, address, survey)
    assert page.locator("html").get_attribute("lang") == lang and not english_left(page)
    return page, case


def act(page, base, case, event):
    page.goto(f"{base}/case/{case.pk}/")
    page.click(f"details.action:has(#form-{event}) > summary")
    page.click(f"#form-{event} button[type=submit]")
    page.wait_for_load_state("load")
    assert "error" not in (page.locator("section.error").all_inner_texts() or [""])[0].lower()


def verify_property(office, base, case):
    """The office checks that the property declared on the application is the applicant's: no certificate of
    a deemed outcome is issued on it before (records: a declared property is verified by the office)."""
    office.goto(f"{base}/case/{case.pk}/")
    office.click("#form-verify-property button")
    office.wait_for_load_state("load")
    assert not english_left(office)


def certificate_png(page, base, case, lang, shots, name) -> Path:
    pdf = page.request.get(f"{base}/case/{case.pk}/pdf/deemed/0/?lang={lang}")
    assert pdf.status == 200 and pdf.body().startswith(b"%PDF")
    out = shots / f"{name}.pdf"
    out.write_bytes(pdf.body())
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True).stdout if shutil.which("pdffonts") else ""
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-singlefile", str(out), str(shots / name)], check=True)
        assert (shots / f"{name}.png").stat().st_size > 10_000
    return fonts


def test_konkani_apply_observations_deemed_certificate(live_server, world, browser, shots):
    base = live_server.url
    citizen, case = citizen_applies(browser, base, "applicant", "ga-taleigao", "building_permission",
                                    "H.No. 12, Dona Paula road", "45/2", "kok")
    assert "17 मार्च 2026" in citizen.inner_text("#plain")

    set_clock("2026-03-05")
    office = new_page(browser, base, lang=None)
    sign_in(office, base, "secretary", PASSWORD)
    office.goto(f"{base}/case/{case.pk}/")
    office.click("details.action:has(#form-observations_dispatched) > summary")
    office.fill("#form-observations_dispatched textarea[name=f_observations]", "The site plan is not to scale.")
    office.click("#form-observations_dispatched button[type=submit]")
    assert "निरिक्षणां धाडलीं" in office.inner_text("#status") and not english_left(office)
    verify_property(office, base, case)

    set_clock("2026-03-10")
    act(citizen, base, case, "observations_complied")
    set_clock("2026-03-24")
    citizen.goto(f"{base}/case/{case.pk}/")
    assert "23 मार्च 2026" in citizen.inner_text("#deemed-0") and not english_left(citizen)
    fonts = certificate_png(citizen, base, case, "kok", shots, "pdf-deemed-certificate-kok")
    assert not fonts or "Devanagari" in fonts


def test_gujarati_notice_particulars_right_to_proceed(live_server, states, browser, shots):
    base = live_server.url
    citizen, case = citizen_applies(browser, base, "hetal", "gj-anand", "new_building_notice",
                                    "12, Station road, Anand", "T.P. 3/114", "gu")

    set_clock("2026-03-10")
    office = new_page(browser, base, lang=None)
    sign_in(office, base, "anand_co", PASSWORD)
    office.goto(f"{base}/inbox/gj-anand/")
    act(office, base, case, "particulars_demanded")
    verify_property(office, base, case)
    set_clock("2026-03-16")
    act(citizen, base, case, "particulars_received")
    set_clock("2026-04-20")                     # a month from 16 March passed with no orders
    citizen.goto(f"{base}/case/{case.pk}/")
    assert "આગળ વધવાનો હક" in citizen.inner_text("#deemed-0") and not english_left(citizen)
    fonts = certificate_png(citizen, base, case, "gu", shots, "pdf-deemed-certificate-gu")
    assert not fonts or "Gujarati" in fonts
    more_anand_cases(states["gj"])
    office.goto(f"{base}/inbox/gj-anand/")
    assert office.inner_text("#count-deemed") == "1" and not english_left(office)
    office.screenshot(path=str(shots / "officer-inbox-gu.png"), full_page=True)


def more_anand_cases(gj):
    """The other business of the chief officer's office on 20 April 2026, entered at the counter in
    Gujarati (names and addresses as the clerk typed them)."""
    from adhiniyam.records import services
    from adhiniyam.records.models import Membership, Person, Property

    officer = Membership.objects.get(body=gj, role="deciding_officer").user
    for on, name, address, procedure, event in [
            ("2026-04-02", "જિજ્ઞેશ શાહ", "૪, ગણેશ ચોકડી", "new_building_notice", "notice_received"),
            ("2026-04-14", "કોકિલા પરમાર", "૨૧, વિદ્યા ડેરી રોડ", "completion_notice", "completion_notice_received"),
            ("2026-04-17", "ફરીદા વોરા", "૯, ભાલેજ રોડ", "new_building_notice", "notice_received")]:
        set_clock(on)
        person = Person.objects.create(body=gj, name=name)
        prop = Property.objects.create(body=gj, address=address, owner=person)
        services.create_case(officer, gj, procedure, services.EventInput(event, dt.date.fromisoformat(on), {}, by="chief_officer"),
                             applicant=person, property=prop)
    set_clock("2026-04-20")


def test_punjabi_exclusion_treated_as_granted_on_the_bodys_reading(live_server, states, browser, shots):
    base = live_server.url
    citizen, case = citizen_applies(browser, base, "gurpreet", "pb-khanna", "scavenging_exclusion",
                                    "Ward 7, G.T. road, Khanna", "112/4", "pa")
    set_clock("2026-04-20")                     # six weeks from 2 March ended on 13 April
    office = new_page(browser, base, lang=None)
    sign_in(office, base, "khanna_eo", PASSWORD)
    verify_property(office, base, case)
    citizen.goto(f"{base}/case/{case.pk}/")
    assert "ਮਾਰਚ" in citizen.inner_text("main") and not english_left(citizen)
    citizen.screenshot(path=str(shots / "citizen-case-pa.png"), full_page=True)
    fonts = certificate_png(citizen, base, case, "pa", shots, "pdf-deemed-certificate-pa")
    assert not fonts or "Gurmukhi" in fonts


MAIN_PAGES = ["/start/", "/inbox/ga-taleigao/", "/inbox/ga-taleigao/new/", "/portal/", "/portal/ga-taleigao/",
              "/portal/ga-taleigao/apply/building_permission/", "/notices/", "/bodies/", "/acts/",
              "/acts/goa_panchayat_raj_1994/sec_66/", "/how-dates-are-counted/", "/complaints/ga-taleigao/",
              "/bodies/ga-taleigao/calendar/"]


@pytest.mark.parametrize("lang", ["en", "hi", "kok", "gu", "pa"])
def test_axe_finds_no_serious_violation_on_the_main_pages(live_server, world, browser, lang):
    from adhiniyam.records import services

    base = live_server.url
    set_clock("2026-03-02")
    vp, users = world["vp"], world["users"]
    case = services.create_case(users["clerk"], vp, "building_permission",
                                services.EventInput("application_received", dt.date(2026, 3, 2), {}))
    page = new_page(browser, base, lang=lang, bypass_csp=True)
    sign_in(page, base, "secretary", PASSWORD)
    found = {}
    for url in MAIN_PAGES + [f"/case/{case.pk}/", "/signin/", "/signup/"]:
        if url in ("/signin/", "/signup/"):
            page.context.clear_cookies()
            page.context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
        page.goto(base + url)
        violations = axe_violations(page)
        if violations:
            found[url] = violations
    assert not found, dump(found)


def test_no_sideways_scroll_at_phone_width(live_server, world, browser, shots):
    base = live_server.url
    set_clock("2026-03-02")
    page = new_page(browser, base, lang="kok", width=375, height=800)
    sign_in(page, base, "secretary", PASSWORD)
    from adhiniyam.records import services

    vp, users = world["vp"], world["users"]
    case = services.create_case(users["clerk"], vp, "building_permission",
                                services.EventInput("application_received", dt.date(2026, 3, 2), {}))
    for url in ["/inbox/ga-taleigao/", f"/case/{case.pk}/", "/inbox/ga-taleigao/pendency/", "/notices/",
                "/bodies/ga-taleigao/calendar/"]:
        page.goto(base + url)
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
                                  .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""")
        assert width[0] <= width[1], (url, width, wide)
    page.goto(base + "/inbox/ga-taleigao/")
    page.screenshot(path=str(shots / "phone-inbox-kok.png"), full_page=True)


def tab_to(page, selector: str, limit: int = 120):
    """Press Tab until the element matching `selector` has the focus (the keyboard's way there)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_apply_and_act_with_the_keyboard_alone(live_server, world, browser):
    from adhiniyam.records.models import Case

    base = live_server.url
    set_clock("2026-03-02")
    page = new_page(browser, base, lang="en")
    sign_in(page, base, "applicant", PASSWORD)
    page.goto(f"{base}/portal/ga-taleigao/")
    tab_to(page, "a[href='/portal/ga-taleigao/apply/building_permission/']")
    page.keyboard.press("Enter")
    page.wait_for_url("**/apply/building_permission/")
    tab_to(page, "#address")
    page.keyboard.type("H.No. 7, Caranzalem")
    page.keyboard.press("Tab")
    page.keyboard.type("12/1")
    tab_to(page, "form.stack button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/case/*/")
    case = Case.objects.get(applicant_user__username="applicant")
    tab_to(page, "details.action:has(#form-application_withdrawn) > summary")
    page.keyboard.press("Enter")                          # opens the action's form
    tab_to(page, "#form-application_withdrawn button[type=submit]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    case.refresh_from_db()
    assert case.status == "withdrawn" and case.closed
