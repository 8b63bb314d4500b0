"""In a real browser (Debian's chromium driven by playwright): a citizen signs up and applies for a
building permission at Taleigao on 2 March 2026; the Secretary sends observations on 5 March; the
applicant complies on 10 March; time passes in silence and on 24 March the page shows the permission
deemed granted on 23 March (Goa Panchayat Raj Act s.66(2), fifteen days + five days' pause), with its
certificate; then the applicant switches to Hindi.

Screenshots go to $ADHINIYAM_SCREENSHOTS (e.g. docs/screenshots) when set, else to a temporary folder."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from browserkit import CHROMIUM, new_page, sign_in
from webhelpers import PASSWORD, set_clock

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="chromium is not installed: run .ci/browser-deps.sh (apt-get install chromium)")

def other_cases(world) -> dict:
    """Three more cases at Taleigao, recorded through the records service as a clerk and the Secretary
    would: a permission deemed granted on 26 February (intimation due 13 March), an application of
    4 March (decide by 19 March), and a disinfection notice (s.92) served 2 March for seven days."""
    import datetime as dt

    from adhiniyam.records import services
    from adhiniyam.records.models import Person, Property

    vp, users = world["vp"], world["users"]

    def application(on, name):
        set_clock(on)
        p = Person.objects.create(body=vp, name=name)
        prop = Property.objects.create(body=vp, address=f"House of {name}", owner=p)
        return services.create_case(users["clerk"], vp, "building_permission",
                                    services.EventInput("application_received", dt.date.fromisoformat(on), {"complete": True}),
                                    applicant=p, property=prop)

    deemed = application("2026-02-10", "Rohan Kamat")
    set_clock("2026-03-02")
    p = Person.objects.create(body=vp, name="Prakash Naik")
    notice = services.create_case(users["secretary"], vp, "disinfection_notice",
                                  services.EventInput("notice_served", dt.date(2026, 3, 2), {"period": {"days": 7}}),
                                  applicant=p)
    later = application("2026-03-04", "Vinod Shet")
    return {"deemed": deemed, "notice": notice, "later": later}


def test_apply_observe_comply_deemed_grant_and_hindi(live_server, world, browser, shots):
    from adhiniyam.records.models import Case

    base = live_server.url
    set_clock("2026-03-02")

    # -- a citizen signs up, registers with the Panchayat and applies
    citizen = new_page(browser, base)
    citizen.goto(f"{base}/signup/")
    citizen.fill("#id_username", "asha")
    citizen.fill("#id_first_name", "Asha Naik")
    citizen.fill("#id_password1", "a-long-pass-2026")
    citizen.fill("#id_password2", "a-long-pass-2026")
    citizen.click("form.stack button[type=submit]")
    citizen.select_option("select[name=body]", "ga-taleigao")
    citizen.click("text=Register with it")
    assert "Permission to erect, alter, add to or reconstruct a building" in citizen.content()
    citizen.screenshot(path=str(shots / "citizen-applications-offered.png"), full_page=True)
    citizen.click("a[href='/portal/ga-taleigao/apply/building_permission/']")
    citizen.fill("#address", "H.No. 12, Dona Paula road, Taleigao")
    citizen.fill("#survey", "45/2")
    citizen.click("text=Submit application")
    case = Case.objects.get(applicant_user__username="asha")
    assert case.opened_on.isoformat() == "2026-03-02"
    assert citizen.url.endswith(f"/case/{case.pk}/")
    plain = citizen.inner_text("#plain")
    assert "If Secretary of the Panchayat does not act by 17 March 2026" in plain
    assert "then on 18 March 2026: Permission deemed granted" in plain
    citizen.screenshot(path=str(shots / "citizen-case.png"), full_page=True)

    # other business of the Panchayat, so the inbox has something to order
    others = other_cases(world)
    # -- the Secretary sends the one observation letter on 5 March
    set_clock("2026-03-05")
    officer = new_page(browser, base)
    sign_in(officer, base, "secretary", PASSWORD)
    assert officer.url.endswith("/inbox/ga-taleigao/")
    row = officer.inner_text(f"table.inbox tbody tr:has-text('{case.number}')")
    assert "17 March 2026" in row and "12 days left" in row
    numbers = [t.split()[0] for t in officer.locator("table.inbox tbody tr td:nth-child(2)").all_inner_texts()]
    # by statutory deadline: the notice (9 Mar), Rohan's intimation (13 Mar), Asha (17 Mar), Vinod (19 Mar)
    assert numbers == [others["notice"].number, others["deemed"].number, case.number, others["later"].number]
    officer.screenshot(path=str(shots / "officer-inbox.png"), full_page=True)
    officer.click(f"text={case.number}")
    officer.click("summary:has-text('Observations communicated to the applicant')")
    officer.fill("#form-observations_dispatched textarea[name=f_observations]", "The site plan is not to scale.")
    officer.click("#form-observations_dispatched button[type=submit]")
    assert "Observations sent" in officer.inner_text("#status")
    officer.click("#deadline-decision details.why > summary")          # why this date?
    officer.click("#deadline-decision details.cite > summary")         # the cited words, one click away
    officer.screenshot(path=str(shots / "officer-case-why-this-date.png"), full_page=True)

    # -- the applicant complies on 10 March
    set_clock("2026-03-10")
    citizen.goto(citizen.url)
    assert "is stopped until the observations are answered" in citizen.inner_text("#plain")
    citizen.click("summary:has-text('Reply to the observations')")
    citizen.click("#form-observations_complied button[type=submit]")
    assert "by 22 March 2026" in citizen.inner_text("#plain")

    # -- time passes; the Panchayat is silent. On 24 March the grant is deemed, with its certificate
    set_clock("2026-03-24")
    citizen.goto(citizen.url)
    deemed = citizen.inner_text("#deemed-0")
    assert "Deemed granted on 23 March 2026" in deemed
    citizen.screenshot(path=str(shots / "citizen-deemed-grant.png"), full_page=True)
    pdf = citizen.request.get(f"{base}/case/{case.pk}/pdf/deemed/0/?lang=hi")
    assert pdf.status == 200 and pdf.body().startswith(b"%PDF")
    (shots / "deemed-certificate-hi.pdf").write_bytes(pdf.body())
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-singlefile", str(shots / "deemed-certificate-hi.pdf"),
                        str(shots / "deemed-certificate-hi")], check=True)
        assert (shots / "deemed-certificate-hi.png").stat().st_size > 10_000

    # the officer's inbox now counts three deemed outcomes: Rohan's (26 February), Vinod's (20 March:
    # received 4 March, fifteen days to 19 March) and Asha's (23 March); and the notice in default
    officer.goto(f"{base}/inbox/ga-taleigao/")
    assert officer.inner_text("#count-deemed") == "3"
    assert officer.inner_text("#count-default") == "1"
    assert officer.inner_text("#count-overdue") == "2"         # Rohan's intimation (13 March) and the notice (9 March)
    officer.screenshot(path=str(shots / "officer-inbox-24-march.png"), full_page=True)

    # -- the applicant switches to Hindi
    citizen.click("button[name=language][value=hi]")
    assert citizen.inner_text("#h-status") == "स्थिति"
    assert "23 मार्च 2026" in citizen.inner_text("#deemed-0")
    citizen.screenshot(path=str(shots / "citizen-deemed-grant-hi.png"), full_page=True)
    citizen.click("button[name=language][value=en]")
    assert citizen.inner_text("#h-status") == "Status"


def test_public_pages_in_the_browser(live_server, world, browser, shots):
    base = live_server.url
    page = new_page(browser, base)
    page.goto(f"{base}/acts/goa_panchayat_raj_1994/sec_66/")
    assert "Rules encoded from this section" in page.content()
    page.screenshot(path=str(shots / "statute-section.png"), full_page=False)
    page.goto(f"{base}/acts/search/?q=deemed+to+have+been+granted")
    assert page.locator("ol.hits li").count() >= 2
    page.goto(f"{base}/notices/")
    assert page.locator("h1").inner_text() == "Public notice board"


def test_complaint_becomes_notice_default_works_and_demand(live_server, world, browser, shots):
    """A resident complains of filthy land at Taleigao (the enforcement app's public form) on 2 March
    2026; the officer opens a notice under Goa s.77 from the complaint in the inbox (seven days: by
    9 March); on 12 March it stands in default; the Panchayat does the work (₹12,500) and recovers it
    "as if it were a tax" (s.77(2)): a numbered demand, a part payment of ₹5,000 with its receipt."""
    pytest.importorskip("adhiniyam.enforcement.services")
    from django.contrib.auth import get_user_model

    from adhiniyam.enforcement.models import Complaint, Demand
    from adhiniyam.records.models import Case, Membership

    base = live_server.url
    set_clock("2026-03-02")
    officer_user = get_user_model().objects.create_user("panchayat_officer", password=PASSWORD)
    Membership.objects.create(user=officer_user, body=world["vp"], role="deciding_officer", office="")

    public = new_page(browser, base)
    public.goto(f"{base}/bodies/")
    public.click("a[href='/complaints/ga-taleigao/']")
    public.select_option("#category", "filthy_land")
    public.fill("#description", "Garbage dumped on the open plot behind the market; it smells.")
    public.fill("#address", "Plot behind Taleigao market")
    public.fill("#name", "Sunita Gawas")
    public.click("button[type=submit]")
    complaint = Complaint.objects.get()

    officer = new_page(browser, base)
    sign_in(officer, base, "panchayat_officer", PASSWORD)
    officer.goto(f"{base}/inbox/ga-taleigao/")
    assert complaint.number in officer.inner_text(f"#complaint-{complaint.pk}")
    officer.click(f"#complaint-{complaint.pk} a[href*='sanitary_improvement_notice']")
    officer.fill("#person", "Prakash Naik (owner)")
    officer.fill("#f-period", "7")
    officer.select_option("#f-requirement", "iii_cleanse")
    officer.click("text=Open the case")
    officer.wait_for_load_state("load")
    case = Case.objects.get(procedure="sanitary_improvement_notice")
    assert case.next_deadline.isoformat() == "2026-03-09"
    complaint.refresh_from_db()
    assert complaint.status == "in_progress"

    set_clock("2026-03-12")
    officer.goto(officer.url)
    assert "In default" in officer.inner_text("#enforcement")
    officer.click("summary:has-text('Record works done by the body')")
    officer.fill("#dw-amount", "12500")
    officer.click("#form-default-works button[type=submit]")
    demand = Demand.objects.get(case=case)
    box = officer.locator(f"#demand-{demand.pk}")
    assert "₹12,500.00" in box.inner_text() and "s.77(2)" in box.inner_text()
    box.locator("input[name=amount]").fill("5000")
    box.locator("button").click()
    box = officer.locator(f"#demand-{demand.pk}")
    assert "₹7,500.00" in box.locator(".balance").inner_text()
    assert "RCT" in box.inner_text()
    officer.screenshot(path=str(shots / "officer-notice-default-demand.png"), full_page=True)
