"""The citizen portal: sign up, register with a body, see the applications its Act allows (and only
those a citizen may open), apply with a plan, and be refused clearly when something is missing."""

from __future__ import annotations

from django.test import Client
from webhelpers import english, text

from adhiniyam.records.models import Case, Document, Membership, Person

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def test_sign_up_register_and_apply_with_a_plan(world):
    c = english(Client())
    r = c.post("/signup/", {"username": "meera", "first_name": "Meera Desai", "email": "",
                            "password1": "a-long-pass-2026", "password2": "a-long-pass-2026"})
    assert r.status_code == 302 and r["Location"] == "/portal/"
    page = text(c.get("/portal/"))
    assert "You have no applications yet." in page and "Village Panchayat Taleigao" in page
    r = c.post("/portal/join/", {"body": "ga-taleigao"})
    assert r.status_code == 302 and r["Location"] == "/portal/ga-taleigao/"
    assert Membership.objects.filter(user__username="meera", body=world["vp"], role="applicant").exists()
    assert Person.objects.get(user__username="meera").name == "Meera Desai"

    offers = c.get("/portal/ga-taleigao/").content.decode()
    assert "/portal/ga-taleigao/apply/building_permission/" in offers
    assert "offence" not in offers                              # offences are not a citizen's to open
    assert "within a period of fifteen days from the date of receipt" in offers   # the period, in the Act's words

    from django.core.files.uploadedfile import SimpleUploadedFile
    r = c.post("/portal/ga-taleigao/apply/building_permission/", {
        "address": "Plot 4, Miramar", "survey_number": "101/3", "f_complete": "on",
        "document": SimpleUploadedFile("site-plan.png", PNG, content_type="image/png"), "document_kind": "plan"})
    assert r.status_code == 302
    case = Case.objects.get(applicant_user__username="meera")
    assert case.property.address == "Plot 4, Miramar" and case.status == "pending"
    assert Document.objects.get(case=case).content_type == "image/png"
    page = text(c.get(f"/case/{case.pk}/"))
    assert "If Secretary of the Panchayat does not act by 17 March 2026" in page
    assert "site-plan.png" in page


def test_a_refused_application_changes_nothing(world, as_user):
    c = as_user(world["users"]["applicant"])
    r = c.post("/portal/ga-taleigao/apply/building_permission/", {"address": "", "f_complete": "on"})
    assert r.status_code == 422 and "Give the address" in text(r)
    from django.core.files.uploadedfile import SimpleUploadedFile
    r = c.post("/portal/ga-taleigao/apply/building_permission/", {
        "address": "Plot 4", "f_complete": "on",
        "document": SimpleUploadedFile("plan.exe", b"MZ\x90\x00 not a plan", content_type="application/pdf")})
    assert r.status_code == 422 and "is not a PDF, PNG or JPEG" in text(r)
    assert Case.objects.count() == 0 and Document.objects.count() == 0     # one transaction: all or nothing
    assert c.get("/portal/ga-taleigao/apply/offence_s73_removal_of_earth_or_sand/").status_code == 404
    assert c.get("/portal/no-such-body/").status_code == 404


def test_applicant_sees_only_their_own_cases(world, as_user):
    a = as_user(world["users"]["applicant"])
    a.post("/portal/ga-taleigao/apply/building_permission/", {"address": "Plot 4", "f_complete": "on"})
    case = Case.objects.get()
    n = as_user(world["users"]["neighbour"])
    assert n.get(f"/case/{case.pk}/").status_code == 404
    assert case.number not in n.get("/portal/").content.decode()
    assert case.number in a.get("/portal/").content.decode()


def test_language_switch_to_hindi(world, as_user):
    c = as_user(world["users"]["applicant"])
    r = c.post("/i18n/setlang/", {"language": "hi", "next": "/portal/"})
    assert r.status_code == 302
    page = text(c.get("/portal/"))
    assert "मेरे आवेदन" in page and "आपका अभी कोई आवेदन नहीं है।" in page
