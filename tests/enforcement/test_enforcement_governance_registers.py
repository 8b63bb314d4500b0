"""The Sarpanch's monthly emergency expenditure cap (Goa s.64(1)(d)), and registers as of a past date."""

from adhiniyam.enforcement.models import EmergencyExpenditure

E = "/api/enforcement"


def spend(api, who, on, amount, emergency=True, purpose="Clearing a fallen tree blocking the road"):
    return api.post(who, f"{E}/bodies/ga-taleigao/emergency-expenditure",
                    {"spent_on": on, "amount": amount, "purpose": purpose,
                     "emergency": emergency, "public_interest": True})


def test_sarpanch_emergency_expenditure_capped_at_five_thousand_a_month(api):
    assert spend(api, "sarpanch", "2026-03-05", 3000).status_code == 201
    r = spend(api, "sarpanch", "2026-03-20", 2500)
    assert r.status_code == 422, r.content
    p = r.json()                     # the engine refuses: ₹3,000 earlier this month + ₹2,500 is over ₹5,000
    assert "sec_64__subsec_1__clause_d" in p["cites"]
    r = spend(api, "sarpanch", "2026-03-20", 100, emergency=False)
    assert r.status_code == 422 and "emergency" in r.json()["detail"]
    r = spend(api, "sarpanch", "2026-03-31", 2000)
    assert r.status_code == 201 and r.json()["cap"] == "5000.00"
    case = api.get("sarpanch", f"/api/cases/{r.json()['case_id']}").json()
    assert case["events"][0]["data"]["earlier_in_month"] == 3000 and case["events"][0]["data"]["month_total"] == 5000
    assert spend(api, "sarpanch", "2026-04-01", 5000).status_code == 201      # a new month
    assert spend(api, "goa_secretary", "2026-04-02", 10).status_code == 403   # the Sarpanch's power, not the Secretary's
    assert spend(api, "sarpanch", "2026-04-02", 0).status_code == 422
    r = api.post("solan_eo", f"{E}/bodies/hp-solan/emergency-expenditure",
                 {"spent_on": "2026-04-02", "amount": 10, "purpose": "x"})
    assert r.status_code == 422 and r.json()["code"] == "no_emergency_power"
    assert EmergencyExpenditure.objects.count() == 3


def test_a_body_that_reads_the_cap_per_matter_adds_up_each_matter_alone(api):
    from adhiniyam.records.models import Body, InterpretationChoice

    # by default the month's total on all matters: a drain and a tree share the Rs.5,000
    assert spend(api, "sarpanch", "2026-03-05", 3000, purpose="Flooded drain").status_code == 201
    assert spend(api, "sarpanch", "2026-03-20", 3000).status_code == 422
    InterpretationChoice.objects.create(body=Body.objects.get(code="ga-taleigao"), interpretation="goa.s64.emergency_cap_scope",
                                        reading="per_matter", reason="the legal officer's advice")
    r = spend(api, "sarpanch", "2026-03-20", 3000)                 # another matter: its own Rs.5,000
    assert r.status_code == 201, r.content
    case = api.get("sarpanch", f"/api/cases/{r.json()['case_id']}").json()
    assert case["events"][0]["data"]["earlier_in_month"] == 0 and case["events"][0]["data"]["matter"].startswith("Clearing")
    r = spend(api, "sarpanch", "2026-03-25", 2500, purpose="Flooded drain")   # the same matter: 3,000 + 2,500
    assert r.status_code == 422 and "sec_64__subsec_1__clause_d" in r.json()["cites"]


def test_registers_as_they_stood_on_a_past_date(api):
    r = api.post("solan_eo", f"{E}/bodies/hp-solan/notices", {
        "procedure": "encroachment_notice", "on": "2026-06-01", "person": {"name": "Ram Lal"}})
    case = r.json()
    api.post("solan_eo", f"{E}/notices/{case['id']}/default-works", {"on": "2026-06-12", "amount": 900,
                                                                      "version": case["version"]})
    reg = lambda as_of: api.get("solan_auditor", f"{E}/bodies/hp-solan/registers/notices", as_of=as_of).json()  # noqa: E731
    assert reg("2026-05-31")["entries"] == []
    [e] = reg("2026-06-05")["entries"]
    assert (e["status"], e["next_deadline"]) == ("notice_running", "2026-06-08")
    [e] = reg("2026-06-10")["entries"]
    assert e["status"] == "may_remove"
    [e] = reg("2026-06-30")["entries"]
    assert e["status"] == "removed_by_municipality" and [x["type"] for x in e["events"]] == [
        "notice_served", "removed_by_municipality"]
    demands = api.get("solan_auditor", f"{E}/bodies/hp-solan/registers/demands", as_of="2026-06-11").json()
    assert demands["demands"] == []
    demands = api.get("solan_auditor", f"{E}/bodies/hp-solan/registers/demands").json()
    assert demands["outstanding"] == "900.00"
    r = api.get("solan_auditor", f"{E}/bodies/hp-solan/registers/nonsense")
    assert r.status_code == 422 and "offences" in r.json()["detail"]
    assert api.get("citizen", f"{E}/bodies/hp-solan/registers/notices").status_code == 403


def test_offence_register_as_of_shows_the_conviction_only_after_it(api):
    r = api.post("goa_officer", f"{E}/bodies/ga-taleigao/offences", {
        "procedure": "offence_s112B_stray_cattle", "on": "2026-03-02", "person": {"name": "Savio"},
        "data": {"animal": "cow", "allowed_by_accused": True, "owner_or_in_charge": True, "contravention": "strayed_in_street"}})
    case = r.json()
    api.post("goa_officer", f"/api/cases/{case['id']}/actions",
             {"type": "penalty_imposed", "on": "2026-03-20", "version": case["version"]})
    reg = lambda as_of: api.get("goa_officer", f"{E}/bodies/ga-taleigao/registers/offences", as_of=as_of).json()  # noqa: E731
    [e] = reg("2026-03-10")["entries"]
    assert e["status"] == "detected" and e["amounts"]["fine_max"] == 2000
    [e] = reg("2026-03-21")["entries"]
    assert e["status"] == "penalised"


def test_complaint_register_as_of(api):
    r = api.post("citizen", f"{E}/bodies/hp-solan/complaints",
                 {"category": "filthy_land", "description": "Garbage dumped on a plot", "address": "Ward 2"})
    assert r.status_code == 201
    rows = api.get("solan_eo", f"{E}/bodies/hp-solan/registers/complaints").json()["entries"]
    assert [x["status"] for x in rows] == ["open"]


def test_every_mapping_names_only_what_the_packs_have():
    from adhiniyam.enforcement import mapping as M
    for act in M.acts():
        assert M.check(act) == [], act


def test_demo_populates_each_act_and_is_idempotent(world):
    from adhiniyam.enforcement.demo import populate
    from adhiniyam.enforcement.models import Complaint, Demand, Payment
    bodies = [world["vp"], world["hp"], world["pb"], world["uk"], world["gj"]]
    added = populate(bodies)
    assert set(added) == {"ga-taleigao", "hp-solan", "pb-nabha", "uk-dehradun-zp", "gj-anand"}
    counts = (Complaint.objects.count(), Demand.objects.count(), Payment.objects.count())
    assert counts == (6, 5, 3)
    assert populate({b.code: b for b in bodies}) == {}
    assert (Complaint.objects.count(), Demand.objects.count(), Payment.objects.count()) == counts
