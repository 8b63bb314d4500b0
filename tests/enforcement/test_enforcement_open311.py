"""Open311 GeoReport v2: a plain HTTP form POST files a complaint that an officer then sees."""

from django.test import Client

from adhiniyam.enforcement.models import Complaint

E = "/api/enforcement"


def test_services_are_the_bodys_complaint_categories(world):
    r = Client().get("/open311/v2/services.json", {"jurisdiction_id": "hp-solan"})
    assert r.status_code == 200
    services = {s["service_code"]: s for s in r.json()}
    assert {"filthy_land", "dangerous_building", "latrine_near_well", "obstruction", "stray_cattle"} <= set(services)
    assert services["latrine_near_well"]["metadata"] is False
    # keywords are words (what the Act calls the procedures that could follow, and their sections), not ids
    assert "s.133(1)" in services["latrine_near_well"]["keywords"]
    assert "latrine_near_water_notice" not in services["latrine_near_well"]["keywords"]
    # Goa's categories come from Goa's Act: stray cattle maps to s.112-B there
    r = Client().get("/open311/v2/services.json", {"jurisdiction_id": "ga-taleigao"})
    assert "s.112-B" in {s["service_code"]: s for s in r.json()}["stray_cattle"]["keywords"]


def test_form_post_creates_a_complaint_an_officer_sees(world, api):
    client = Client(enforce_csrf_checks=True)      # a civic-reporting app has no CSRF cookie
    r = client.post("/open311/v2/requests.json", {
        "jurisdiction_id": "hp-solan", "service_code": "latrine_near_well",
        "description": "Open cesspool next to the public well at Saproon", "lat": "30.905", "long": "77.101",
        "address_string": "Saproon chowk", "first_name": "Asha", "last_name": "Devi", "email": "asha@example.org",
    })
    assert r.status_code == 201, r.content
    [answer] = r.json()
    rid = answer["service_request_id"]
    assert "HP-SOLAN/CMP/2026/00001" in answer["service_notice"]

    r = Client().get(f"/open311/v2/requests/{rid}.json")
    [req] = r.json()
    assert req["status"] == "open" and req["service_code"] == "latrine_near_well"
    assert "email" not in req and "Asha" not in str(req)          # no reporter details in public
    assert rid in [x["service_request_id"] for x in Client().get(
        "/open311/v2/requests.json", {"jurisdiction_id": "hp-solan", "status": "open"}).json()]

    # the officer sees it in the body's complaint inbox, with the procedures of HP's Act that could apply
    rows = api.get("solan_eo", f"{E}/bodies/hp-solan/complaints").json()
    assert [c["number"] for c in rows] == ["HP-SOLAN/CMP/2026/00001"]
    assert rows[0]["reporter_name"] == "Asha Devi" and rows[0]["channel"] == "open311"
    could = {p["procedure"]: p for p in rows[0]["procedures_that_could_apply"]}
    assert could["latrine_near_water_notice"]["cites"] == ["s.133(1)"]

    # closing it shows as closed to the Open311 client, with the note written for the public only
    r = api.post("solan_eo", f"{E}/complaints/{rid}/actions", {
        "type": "closed", "note": "Owner is the ward member's brother; warned informally",
        "public_note": "The cesspool has been filled in."})
    assert r.status_code == 201, r.content
    [req] = Client().get(f"/open311/v2/requests/{rid}.json").json()
    assert req["status"] == "closed" and req["status_notes"] == "The cesspool has been filled in."
    assert "brother" not in Client().get(f"/open311/v2/requests/{rid}.json").content.decode()


def test_bad_requests_get_open311_errors_and_store_nothing(world):
    c = Client()
    r = c.post("/open311/v2/requests.json", {"jurisdiction_id": "hp-solan", "service_code": "potholes",
                                             "description": "x", "address_string": "Mall Road"})
    # the specification: "404 - service_code or jurisdiction_id was not found"
    assert r.status_code == 404
    assert r.json()[0]["code"] == 404 and "not a category" in r.json()[0]["description"]
    r = c.post("/open311/v2/requests.json", {"service_code": "obstruction", "description": "x", "address_string": "y"})
    assert r.status_code == 400 and "jurisdiction_id is required" in r.json()[0]["description"]
    r = c.post("/open311/v2/requests.json", {"jurisdiction_id": "hp-solan", "service_code": "obstruction",
                                             "description": "Shop steps on the road"})
    assert r.status_code == 400 and "where" in r.json()[0]["description"]
    r = c.post("/open311/v2/requests.json", {"jurisdiction_id": "hp-solan", "service_code": "obstruction",
                                             "description": "x", "lat": "300", "long": "77"})
    assert r.status_code == 400
    r = c.post("/open311/v2/requests.json", {"jurisdiction_id": "hp-solan", "service_code": "obstruction",
                                             "description": "x", "address_string": "y", "api_key": "wrong"})
    assert r.status_code == 403
    r = c.post("/open311/v2/requests.json", {"jurisdiction_id": "hp-solan", "service_code": "obstruction",
                                             "description": "x", "address_string": "y", "email": "not-an-address"})
    assert r.status_code == 400 and "e-mail" in r.json()[0]["description"]
    assert Complaint.objects.count() == 0
    assert c.get("/open311/v2/requests/999.json").status_code == 404


def test_complaints_through_the_api_and_scoping(world, api):
    r = api.post("citizen", f"{E}/bodies/hp-solan/complaints", {
        "category": "obstruction", "description": "Tin shed built onto the footpath", "address": "Mall Road"})
    assert r.status_code == 201, r.content
    # a citizen cannot read the staff inbox; an officer of another body cannot see the body at all
    assert api.get("citizen", f"{E}/bodies/hp-solan/complaints").status_code == 403
    assert api.get("nabha_eo", f"{E}/bodies/hp-solan/complaints").status_code == 404
    assert api.get("solan_auditor", f"{E}/bodies/hp-solan/complaints").status_code == 200
    # an auditor cannot act on it
    cid = r.json()["id"]
    assert api.post("solan_auditor", f"{E}/complaints/{cid}/actions", {"type": "acknowledged"}).status_code == 403
    r = api.post("solan_clerk", f"{E}/complaints/{cid}/actions", {"type": "closed"})
    assert r.status_code == 422 and "why" in r.json()["detail"]


def test_public_web_form_files_a_complaint(world, api):
    c = Client()
    c.cookies["django_language"] = "en"      # the page is in Punjabi unless the visitor chose English
    page = c.get("/complaints/pb-nabha/")
    assert page.status_code == 200 and b"Drain, privy or cesspool near a water source" in page.content
    r = c.post("/complaints/pb-nabha/", {"category": "latrine_near_well", "description": "Privy drains to the well",
                                         "address": "Gurdwara well", "name": "Jaswant"})
    assert r.status_code == 201 and b"PB-NABHA/CMP/2026/00001" in r.content
    r = c.post("/complaints/pb-nabha/", {"category": "latrine_near_well", "description": "", "address": "x"})
    assert r.status_code == 422 and b"Describe the problem" in r.content
    assert c.get("/complaints/ga/").status_code == 404
    rows = api.get("nabha_eo", f"{E}/bodies/pb-nabha/complaints").json()
    assert [(x["channel"], x["reporter_name"]) for x in rows] == [("web", "Jaswant")]
