"""PDFs in English and Hindi: numbered, dated, citing the section; Devanagari set in a Devanagari
font (shaped by HarfBuzz through WeasyPrint) and rendered to PNG with pdftoppm to be looked at.
Set ADHINIYAM_SCREENSHOTS=docs/screenshots to keep the PNGs."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from webhelpers import act, apply_building, set_clock

needs_poppler = pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils missing: run .ci/browser-deps.sh")


def fonts(pdf: Path) -> str:
    return subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout


def pdftext(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.fixture
def out(tmp_path):
    d = Path(os.environ.get("ADHINIYAM_SCREENSHOTS") or tmp_path)
    d.mkdir(parents=True, exist_ok=True)
    return d


@needs_poppler
def test_hindi_and_english_documents_render_with_devanagari(world, as_user, out):
    users = world["users"]
    applicant = as_user(users["applicant"])
    case = apply_building(applicant)                   # 2 March 2026
    set_clock("2026-03-05")
    secretary = as_user(users["secretary"])
    act(secretary, case, "observations_dispatched", "secretary", "2026-03-05", observations="Site plan not to scale")
    set_clock("2026-03-20")                            # silence: deemed granted on 18 March

    docs = {
        "receipt-hi": f"/case/{case.pk}/pdf/receipt/?lang=hi",
        "order-observations-hi": f"/case/{case.pk}/pdf/order/2/?lang=hi",
        "deemed-certificate-en": f"/case/{case.pk}/pdf/deemed/0/?lang=en",
        "deemed-certificate-hi": f"/case/{case.pk}/pdf/deemed/0/?lang=hi",
    }
    # the letter dispatched on 5 March was within the seven days, but the applicant never complied,
    # so the clock stayed stopped: no deemed grant arises
    r = applicant.get(docs["deemed-certificate-en"])
    assert r.status_code == 404
    del docs["deemed-certificate-en"], docs["deemed-certificate-hi"]

    for name, url in docs.items():
        r = applicant.get(url)
        assert r.status_code == 200, (name, r.content[:300])
        pdf = out / f"pdf-{name}.pdf"
        pdf.write_bytes(r.content)
        f = fonts(pdf)
        assert "Devanagari" in f, f                         # Hindi labels set in a Devanagari font
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(pdf), str(out / f"pdf-{name}")], check=True)
        assert (out / f"pdf-{name}.png").stat().st_size > 5_000
    t = pdftext(out / "pdf-receipt-hi.pdf")
    # pdftotext splits Devanagari clusters (धारा reads back as धिारा): compare what survives it
    assert f"{case.number}/ACK" in t and "66(1)" in t
    assert "प्राप्त" in t.replace(" ", "")     # "received", in Hindi (look at the PNG for the shaping)
    t = pdftext(out / "pdf-order-observations-hi.pdf")
    assert f"{case.number}/O/2" in t and "Site plan not to scale" in t and "66(2)" in t   # the text as written stays


@needs_poppler
def test_deemed_certificate_numbered_and_citing_the_section(world, as_user, out):
    applicant = as_user(world["users"]["applicant"])
    case = apply_building(applicant)
    set_clock("2026-03-20")
    assert applicant.get(f"/case/{case.pk}/pdf/deemed/0/").status_code == 404      # the property: declared only
    assert as_user(world["users"]["secretary"]).post(f"/case/{case.pk}/verify-property/").status_code == 302
    for lang in ("en", "hi"):
        r = applicant.get(f"/case/{case.pk}/pdf/deemed/0/?lang={lang}")
        assert r.status_code == 200
        pdf = out / f"pdf-deemed-certificate-{lang}.pdf"
        pdf.write_bytes(r.content)
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(pdf), str(out / f"pdf-deemed-certificate-{lang}")],
                       check=True)
    t = pdftext(out / "pdf-deemed-certificate-en.pdf")
    assert "Certificate of deemed permission" in t
    assert f"{case.number}/DG/1" in t and "18 March 2026" in t
    assert "s.66(2) [fifteen days]" in t and "deemed to have been granted" in t
    assert "technical clearance" in t                   # the conditions travel with the grant
    # the dates it rests on, and how each was recorded: the application, dated on receipt by the clock
    assert "The dates it rests on, and how each was recorded" in t
    assert "Application received — 2 March" in t and "dated on receipt by the office's clock, 2 March 2026" in t
    assert "declared on the application; verified by Secretary on 20" in t  # the account's name (first_name in the fixture), not its username
    assert "Devanagari" in fonts(out / "pdf-deemed-certificate-hi.pdf")
    # a certificate that has not arisen is refused
    assert applicant.get(f"/case/{case.pk}/pdf/deemed/1/").status_code == 404
    # someone else's case is not theirs to print
    assert as_user(world["users"]["neighbour"]).get(f"/case/{case.pk}/pdf/deemed/0/").status_code == 404


@needs_poppler
def test_hindi_notice_and_default_in_the_inbox(world, as_user, out):
    """Goa s.92: the Secretary serves a notice to disinfect within a time stated in it (seven days,
    served 2 March 2026: by 9 March). The Hindi notice prints as a numbered सूचना citing s.92; on
    12 March the inbox counts it as a notice in default."""
    sec = as_user(world["users"]["secretary"])
    r = sec.post("/inbox/ga-taleigao/new/disinfection_notice/", {
        "on": "2026-03-02", "person": "Prakash Naik", "address": "H.No. 7, Market road", "f_period": "7"})
    assert r.status_code == 302
    from adhiniyam.records.models import Case
    case = Case.objects.get(procedure="disinfection_notice")
    assert case.next_deadline.isoformat() == "2026-03-09"
    r = sec.get(f"/case/{case.pk}/pdf/order/1/?lang=hi")
    assert r.status_code == 200
    pdf = out / "pdf-notice-hi.pdf"
    pdf.write_bytes(r.content)
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(pdf), str(out / "pdf-notice-hi")], check=True)
    t = pdftext(pdf).replace(" ", "")
    assert "नोटिस" in t and f"{case.number}/O/1" in t and "92" in t
    assert "Devanagari" in fonts(pdf)
    set_clock("2026-03-12")
    html = sec.get("/inbox/ga-taleigao/").content.decode()
    assert 'id="count-default">1<' in html
