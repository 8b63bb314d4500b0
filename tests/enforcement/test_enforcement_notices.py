"""Notices under the body's own Act: periods from service, preconditions, default and its options,
works done by the body, the demand for their cost, payments with numbered receipts, ledgers."""

from adhiniyam.enforcement.models import Complaint, Demand, Payment
from adhiniyam.records.models import Case, CaseEvent, Person

E = "/api/enforcement"
PERSON = {"name": "Ram Lal", "address": "Ward 4, Solan"}


def notice(api, who, procedure, on, data=None, body="hp-solan", **extra):
    return api.post(who, f"{E}/bodies/{body}/notices",
                    {"procedure": procedure, "on": on, "data": data or {}, "person": PERSON, **extra})


def test_provisions_listed_are_only_the_bodys_act_with_preconditions(api):
    rows = {p["procedure"]: p for p in api.get("solan_eo", f"{E}/bodies/hp-solan/notice-provisions").json()}
    assert "filthy_premises_notice" in rows and "encroachment_notice" in rows
    assert "water_source_latrine" not in rows          # a Punjab notice is not offered in Himachal
    assert all(p["kind"] == "notice" for p in rows.values())
    latrine = rows["latrine_near_water_notice"]
    assert latrine["cites"] == ["s.133(1)"]
    assert {"check": "within_fifteen_metres", "title": "The receptacle must be within fifteen metres of the source",
            "cites": ["sec_133__subsec_1"], "refuses": True} in latrine["preconditions"]
    assert latrine["compliance_periods"][0]["period"] == {"weeks": 1}
    crop = rows["crop_prohibition_notice"]
    assert any(c["cites"] == "sec_124__subsec_1" and "Health Officer" in c["error"] for c in crop["preconditions"])
    assert "works_by_body" in rows["encroachment_notice"]["on_default"]


def test_twenty_four_hours_run_from_the_clock_time_of_service(api):
    r = notice(api, "solan_eo", "filthy_premises_notice", "2026-06-29T10:30")
    assert r.status_code == 201, r.content
    case = r.json()
    before = api.get("solan_eo", f"/api/cases/{case['id']}", as_of="2026-06-30T10:00").json()
    [d] = before["deadlines"]
    assert d["last_day"] == "2026-06-30T10:30:00"          # s.118: within twenty-four hours of service
    assert before["status"] == "running"
    assert case["status"] == "in_default"                   # the clock is at noon on 30 June
    assert case["on_default"]["expired"][0]["cites"] == ["s.118"]
    assert case["on_default"]["in_default"] is True
    assert [o["kind"] for o in case["on_default"]["options"]] == ["prosecution"]
    assert case["on_default"]["options"][0]["offence"] == "offence_s159"


def test_precondition_refused_with_the_section_and_nothing_stored(api):
    people, cases = Person.objects.count(), Case.objects.count()
    r = notice(api, "solan_eo", "latrine_near_water_notice", "2026-06-10", {"distance_m": 22})
    assert r.status_code == 422, r.content
    assert "sec_133__subsec_1" in r.json()["cites"]
    assert (Person.objects.count(), Case.objects.count()) == (people, cases)
    r = notice(api, "solan_eo", "latrine_near_water_notice", "2026-06-25", {"distance_m": 12})
    assert r.status_code == 201
    assert r.json()["deadlines"][0]["last_day"] == "2026-07-02"      # one week from service


def test_wrong_kind_wrong_date_and_clerk_or_citizen_refused(api):
    r = notice(api, "solan_eo", "offence_s183_1", "2026-06-10")
    assert r.status_code == 422 and "not a notice" in r.json()["detail"] and "encroachment_notice" in r.json()["detail"]
    r = notice(api, "solan_eo", "encroachment_notice", "10/06/2026")
    assert r.status_code == 422 and r.json()["code"] == "bad_date"
    r = notice(api, "solan_eo", "encroachment_notice", "2026-07-10")
    assert r.status_code == 422 and r.json()["code"] == "future_date"
    assert notice(api, "citizen", "encroachment_notice", "2026-06-10").status_code == 403
    assert Case.objects.count() == 0


def test_officer_fixes_a_reasonable_period(api):
    r = notice(api, "solan_eo", "requisition_with_period", "2026-06-25", {"section": "123", "period": {"days": 10}})
    assert r.status_code == 201, r.content
    assert r.json()["deadlines"][0]["last_day"] == "2026-07-05"
    r = notice(api, "solan_eo", "requisition_with_period", "2026-05-31", {"section": "145", "period": {"months": 1}})
    assert r.json()["deadlines"][0]["last_day"] == "2026-06-30"     # a calendar month from 31 May


def test_complaint_to_notice_to_default_works_to_demand_to_receipts(api):
    r = api.post("citizen", f"{E}/bodies/hp-solan/complaints",
                 {"category": "obstruction", "description": "Shop extension built onto the street", "address": "Mall Road"})
    complaint = r.json()
    r = notice(api, "solan_eo", "encroachment_notice", "2026-06-01", complaint_id=complaint["id"],
               property={"address": "Shop 7, Mall Road"})
    assert r.status_code == 201, r.content
    case = r.json()
    assert Complaint.objects.get(pk=complaint["id"]).status == "in_progress"
    then = api.get("solan_eo", f"/api/cases/{case['id']}", as_of="2026-06-08").json()
    assert then["deadlines"][0]["last_day"] == "2026-06-08"      # s.183(2): seven days
    assert then["status"] == "notice_running"
    assert case["status"] == "may_remove"
    works = [o for o in case["on_default"]["options"] if o["kind"] == "works_by_body"][0]
    assert works["available"] is True and works["cites"] == "s.183(2)"
    assert works["recoverable_as"] == "recoverable as arrears of land revenue"
    assert [o for o in case["on_default"]["options"] if o["kind"] == "prosecution"][0]["offence"] == "offence_s183_1"

    r = api.post("solan_eo", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-06-12", "amount": 12500, "version": case["version"]})
    assert r.status_code == 201, r.content
    demand = r.json()["demand"]
    assert demand["amount"] == "12500.00" and demand["outstanding"] == "12500.00"
    assert demand["cites"] == "s.183(2)" and "arrears of land revenue" in demand["quote"]
    assert r.json()["case"]["status"] == "removed_by_municipality"
    ev = CaseEvent.objects.get(case_id=case["id"], type="removed_by_municipality")
    assert ev.data == {"cost": 12500.0} and Demand.objects.get().case_event_id == ev.pk

    r = api.post("solan_clerk", f"{E}/demands/{demand['id']}/payments", {"amount": 5000, "paid_on": "2026-06-20"})
    assert r.status_code == 201, r.content
    assert r.json()["receipt_number"] == "HP-SOLAN/RCT/2026/000001"
    r = api.post("solan_clerk", f"{E}/demands/{demand['id']}/payments", {"amount": 8000, "paid_on": "2026-06-21"})
    assert r.status_code == 422 and "₹7,500" in r.json()["detail"]
    r = api.post("solan_clerk", f"{E}/demands/{demand['id']}/payments", {"amount": 100, "paid_on": "2026-06-11"})
    assert r.status_code == 422 and r.json()["code"] == "paid_before_demand"
    r = api.post("solan_clerk", f"{E}/demands/{demand['id']}/payments", {"amount": 7500, "paid_on": "2026-06-25"})
    assert r.json()["receipt_number"] == "HP-SOLAN/RCT/2026/000002"
    assert r.json()["demand"]["outstanding"] == "0.00"
    assert Payment.objects.count() == 2

    person = Demand.objects.get().person_id
    led = api.get("solan_auditor", f"{E}/people/{person}/ledger").json()
    assert (led["total_demanded"], led["total_paid"], led["outstanding"]) == ("12500.00", "12500.00", "0.00")
    led = api.get("solan_auditor", f"{E}/people/{person}/ledger", as_of="2026-06-22").json()
    assert (led["total_paid"], led["outstanding"]) == ("5000.00", "7500.00")
    body = api.get("solan_eo", f"{E}/bodies/hp-solan/ledger", as_of="2026-06-11").json()
    assert body["demands"] == [] and body["outstanding"] == "0.00"


def test_default_works_before_default_is_refused_with_the_section(api):
    r = notice(api, "solan_eo", "encroachment_notice", "2026-06-26")
    case = r.json()
    assert case["status"] == "notice_running" and case["on_default"]["in_default"] is False
    r = api.post("solan_eo", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-06-29", "amount": 4000, "version": case["version"]})
    assert r.status_code == 422, r.content
    assert "sec_183__subsec_2" in r.json()["cites"]
    assert Demand.objects.count() == 0
    r = api.post("solan_eo", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-06-29", "amount": -5, "version": case["version"]})
    # refused by the schema, which declares an amount as more than zero (and says so in the OpenAPI)
    assert r.status_code == 422 and [e["field"] for e in r.json()["errors"]] == ["amount"]
    assert Demand.objects.count() == 0


def test_punjab_ruinous_building_danger_averted_at_owners_expense(api):
    r = notice(api, "nabha_eo", "ruinous_building_notice", "2026-06-20", {"period": {"days": 15}}, body="pb-nabha")
    assert r.status_code == 201, r.content
    case = r.json()
    assert case["deadlines"][0]["last_day"] == "2026-07-05"
    r = api.post("nabha_eo", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-06-22", "amount": 3000, "version": case["version"]})
    assert r.status_code == 201, r.content
    d = r.json()["demand"]
    assert d["cites"] == "s.114" and "at the expense of the owner" in d["quote"]
    assert d["number"] == "PB-NABHA/DMD/2026/00001"


def test_goa_sanitary_notice_default_works_recoverable_as_if_a_tax(api):
    r = api.post("goa_officer", f"{E}/bodies/ga-taleigao/notices", {
        "procedure": "sanitary_improvement_notice", "on": "2026-05-04",
        "data": {"period": {"weeks": 3}, "requirement": "iii_cleanse"}, "person": {"name": "Joao Pereira"}})
    assert r.status_code == 201, r.content
    case = r.json()
    then = api.get("goa_officer", f"/api/cases/{case['id']}", as_of="2026-05-20").json()
    assert then["deadlines"][0]["last_day"] == "2026-05-25"     # three weeks from 4 May, stated in the notice
    r = api.post("goa_officer", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-05-25", "amount": 4200, "version": case["version"]})
    assert r.status_code == 422 and "sec_77__subsec_2" in r.json()["cites"]       # not yet in default
    assert case["on_default"]["in_default"] is True
    r = api.post("goa_officer", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-05-28", "amount": 4200, "version": case["version"]})
    assert r.status_code == 201, r.content
    d = r.json()["demand"]
    assert (d["cites"], d["recoverable_as"]) == ("s.77(2)", "recoverable as if it were a tax imposed under the Act")
    assert r.json()["case"]["status"] == "cost_recoverable"


def test_prosecution_on_default_only_after_the_period(api):
    case = notice(api, "solan_eo", "encroachment_notice", "2026-06-26").json()
    r = api.post("solan_eo", f"{E}/notices/{case['id']}/prosecute", {"on": "2026-06-29"})
    assert r.status_code == 422 and r.json()["code"] == "not_in_default"
    case = notice(api, "solan_eo", "encroachment_notice", "2026-06-01").json()
    r = api.post("solan_eo", f"{E}/notices/{case['id']}/prosecute", {"on": "2026-06-15"})
    assert r.status_code == 422 and "act" in r.json()["detail"]     # an offence is a finding: its elements are stated
    facts = {"act": "immovable_encroachment_on_or_under_street", "with_written_permission_of_municipality": False}
    r = api.post("solan_eo", f"{E}/notices/{case['id']}/prosecute", {"on": "2026-06-15", "data": facts})
    assert r.status_code == 201, r.content
    off = r.json()
    assert off["procedure"] == "offence_s183_1" and off["applicant"]["id"] == case["applicant"]["id"]
    assert (off["amounts"]["fine_min"], off["amounts"]["fine_max"]) == (25, 200)     # s.183(1): ₹25 to ₹200


def test_street_repair_owner_default_offers_a_further_notice_then_works(api):
    r = notice(api, "solan_eo", "street_repair_notice", "2026-06-01", {"period": {"days": 10}})
    assert r.status_code == 201, r.content
    case = r.json()
    opts = {o["kind"]: o for o in case["on_default"]["options"]}
    assert opts["further_notice"]["available"] is True and opts["further_notice"]["event"] == "frontager_notice_served"
    assert "s.182(1)(b)" in opts["further_notice"]["cites"]
    assert opts["works_by_body"]["available"] is False          # only after the frontagers' period too
    r = api.post("solan_eo", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-06-20", "amount": 50000, "version": case["version"]})
    assert r.status_code == 422 and "sec_182__subsec_2" in r.json()["cites"]


def test_printable_receipt_for_staff_not_for_others(api, world, client):
    case = notice(api, "solan_eo", "encroachment_notice", "2026-06-01").json()
    d = api.post("solan_eo", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-06-12", "amount": 12500, "version": case["version"]}).json()["demand"]
    api.post("solan_clerk", f"{E}/demands/{d['id']}/payments", {"amount": 5000, "paid_on": "2026-06-20"})
    pay = Payment.objects.get()
    assert client.get(f"/complaints/receipts/{pay.pk}/").status_code == 302          # sign in first
    client.force_login(world["users"]["solan_auditor"])
    page = client.get(f"/complaints/receipts/{pay.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "HP-SOLAN/RCT/2026/000001" in text and "₹5,000" in text and "₹7,500" in text and "s.183(2)" in text
    client.force_login(world["users"]["nabha_eo"])
    assert client.get(f"/complaints/receipts/{pay.pk}/").status_code == 404


def test_compliance_recorded_closes_off_default_works(api):
    case = notice(api, "solan_eo", "encroachment_notice", "2026-06-26").json()
    r = api.post("solan_clerk", f"/api/cases/{case['id']}/actions",
                 {"type": "removed", "on": "2026-06-29", "version": case["version"], "by": "person"})
    assert r.status_code == 201, r.content
    case = api.get("solan_eo", f"{E}/notices/{case['id']}").json()
    assert case["status"] == "complied" and case["on_default"]["in_default"] is False
    assert case["deadlines"] == [] or all(not d["expired"] for d in case["deadlines"])
    r = api.post("solan_eo", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-06-30", "amount": 100, "version": case["version"]})
    assert r.status_code in (409, 422) and Demand.objects.count() == 0
