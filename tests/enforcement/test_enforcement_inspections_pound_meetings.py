"""Entry and inspection by day only, cattle pound periods, public notices with objections, meetings and
resolutions with the Act's majority: cases of the body's Act through the enforcement API, decided by the engine."""

E = "/api/enforcement"


def open_(api, who, group, procedure, on, data=None, body="ga-taleigao", **extra):
    return api.post(who, f"{E}/bodies/{body}/{group}", {"procedure": procedure, "on": on, "data": data or {}, **extra})


def act(api, who, case, type, on, data=None, status=201):
    r = api.post(who, f"/api/cases/{case['id']}/actions",
                 {"type": type, "on": on, "data": data or {}, "version": case["version"]})
    assert r.status_code == status, r.content
    return r.json() if status == 201 else r.json()


def test_entry_refused_between_sunset_and_sunrise_and_into_a_dwelling_without_notice(api):
    r = open_(api, "goa_officer", "inspections", "entry_for_inspection", "2026-06-10",
              {"premises": "dwelling_house"}, person={"name": "Occupier of H.No. 4"})
    assert r.status_code == 201, r.content
    case = r.json()
    p = act(api, "goa_officer", case, "entry_made", "2026-06-10T21:00", status=422)     # after sunset at Taleigao
    assert "sec_82__clause_a" in p["cites"] and "sunset" in p["detail"]
    p = act(api, "goa_officer", case, "entry_made", "2026-06-10T11:00", status=422)
    assert "sec_82__clause_b" in p["cites"]
    case = act(api, "sarpanch", case, "notice_of_entry_given", "2026-06-10T11:30")
    case = act(api, "goa_officer", case, "entry_made", "2026-06-11T10:00")
    assert case["status"] == "entered"
    r = open_(api, "goa_officer", "inspections", "cattle_pound", "2026-06-10")
    assert r.status_code == 422 and r.json()["code"] == "wrong_kind"


def test_cattle_pound_seven_days_to_claim_then_sale_then_fifteen_days_for_the_surplus(api):
    r = open_(api, "goa_officer", "pound", "cattle_pound", "2026-06-01", {"head_of_cattle": 3},
              person={"name": "Owner unknown"})
    assert r.status_code == 201, r.content
    case = r.json()
    then = api.get("goa_officer", f"/api/cases/{case['id']}", as_of="2026-06-05").json()
    assert {d["name"]: d["last_day"] for d in then["deadlines"]}["claim_period"] == "2026-06-08"
    p = act(api, "goa_officer", case, "cattle_sold", "2026-06-07", {"proceeds": 9000, "fees_and_expenses": 1200},
            status=422)
    assert "sec_112E__subsec_1" in p["cites"]
    case = act(api, "goa_officer", case, "cattle_sold", "2026-06-10", {"proceeds": 9000, "fees_and_expenses": 1200})
    p = act(api, "goa_clerk", case, "surplus_claimed", "2026-06-28", status=422)        # 15 days ended 25 June
    assert "sec_112E__subsec_1" in p["cites"]
    case = api.get("goa_officer", f"/api/cases/{case['id']}").json()
    assert case["status"] == "surplus_to_fund"
    reg = api.get("goa_officer", f"{E}/bodies/ga-taleigao/registers/pound", as_of="2026-06-09").json()
    assert reg["entries"][0]["status"] == "due_for_sale"


def test_urgent_meeting_needs_twenty_four_hours_notice(api):
    r = open_(api, "sarpanch", "meetings", "urgent_meeting", "2026-06-29T10:00", {"matter": "Flooding"})
    assert r.status_code == 201, r.content
    case = r.json()
    p = act(api, "sarpanch", case, "meeting_held", "2026-06-29T18:00", status=422)
    assert "sec_64__subsec_2" in p["cites"]
    case = act(api, "sarpanch", case, "meeting_held", "2026-06-30T10:00")


def test_contribution_resolution_needs_two_thirds_of_the_total_membership(api):
    r = open_(api, "goa_officer", "meetings", "contribution_resolution", "2026-06-01",
              {"purpose": "institution", "institution_in_panchayat_area": True, "institution_registered": True})
    assert r.status_code == 201, r.content
    case = r.json()
    case = act(api, "director", case, "director_approved", "2026-06-10")
    p = act(api, "goa_officer", case, "resolution_passed", "2026-06-20", {"total_members": 11, "votes_in_favour": 7},
            status=422)
    assert "sec_60__subsec_3" in p["cites"] and "two-thirds" in p["detail"]
    case = act(api, "goa_officer", case, "resolution_passed", "2026-06-20", {"total_members": 11, "votes_in_favour": 8})


def test_road_closure_public_notice_objections_and_approval_before_closing(api):
    r = open_(api, "goa_officer", "public-notices", "road_closure", "2026-06-01")
    assert r.status_code == 201, r.content
    case = r.json()
    case = act(api, "goa_clerk", case, "objection_received", "2026-06-05")
    p = act(api, "goa_officer", case, "road_closed", "2026-06-10", status=422)
    assert "sec_65__proviso_1" in p["cites"]
    case = act(api, "goa_officer", case, "resolution_passed", "2026-06-08")     # s.65 proviso: the resolution is forwarded
    case = act(api, "goa_officer", case, "forwarded_to_zilla_panchayat", "2026-06-10")
    provisions = api.get("goa_officer", f"{E}/bodies/ga-taleigao/public-notices/provisions").json()
    assert "road_closure" in {p["procedure"] for p in provisions}


def test_committee_composition_checked_against_the_act(api):
    def constitute(data):
        return open_(api, "goa_officer", "meetings", "committee_constitution", "2026-06-01", data)
    sjc = {"committee": "social_justice", "chairman": "deputy_sarpanch", "members": 4, "women": 1, "sc_st": 1}
    r = constitute({**sjc, "women": 0})
    assert r.status_code == 422 and "sec_63__subsec_2__proviso_1" in r.json()["cites"]
    r = constitute({**sjc, "members": 6})
    assert r.status_code == 422 and "sec_63__subsec_2__clause_a" in r.json()["cites"]
    r = constitute({**sjc, "committee": "production"})          # the Sarpanch chairs the Production Committee
    assert r.status_code == 422 and "sec_63__subsec_2__clause_a" in r.json()["cites"]
    assert constitute(sjc).status_code == 201


def test_complaint_of_illegal_seizure_within_seven_days(api):
    r = open_(api, "goa_clerk", "pound", "pound_complaint", "2026-06-01", person={"name": "Cattle owner"})
    assert r.status_code == 201, r.content
    case = r.json()
    p = act(api, "goa_clerk", case, "complaint_made", "2026-06-09", {"made_by": "complainant_in_person"}, status=422)
    assert "sec_112F__subsec_1" in p["cites"] and "seven days" in p["detail"]
    act(api, "goa_clerk", case, "complaint_made", "2026-06-08", {"made_by": "complainant_in_person"})


def test_uttarakhand_dwelling_needs_four_clear_hours_notice_and_daylight(api):
    r = open_(api, "uk_officer", "inspections", "entry", "2026-06-15T09:00",
              {"dwelling": True, "power": "general", "authorised": True}, body="uk-dehradun-zp",
              person={"name": "Occupier, Raipur road"})
    assert r.status_code == 201, r.content
    case = act(api, "uk_officer", r.json(), "notice_given", "2026-06-15T10:00")
    p = act(api, "uk_officer", case, "entry_made", "2026-06-15T13:30", status=422)
    assert "sec_106BV__proviso_1__clause_ii" in p["cites"] and "four hours" in p["detail"]
    p = act(api, "uk_officer", case, "entry_made", "2026-06-15T21:30", status=422)      # after sunset at Dehradun
    assert "sec_106BV__proviso_1__clause_i" in p["cites"]
    case = act(api, "uk_officer", case, "entry_made", "2026-06-15T14:00")
    assert case["status"]


def test_public_street_declaration_objections_within_one_month(api):
    r = open_(api, "solan_eo", "public-notices", "public_street_declaration", "2026-05-04", body="hp-solan",
              person={"name": "Owner of Lower Bazaar lane"})
    assert r.status_code == 201, r.content
    case = r.json()
    then = api.get("solan_eo", f"/api/cases/{case['id']}", as_of="2026-05-20").json()
    assert then["deadlines"][0]["last_day"] == "2026-06-04"        # one month next after the notice
    assert case["status"] == "may_declare"
    p = act(api, "solan_clerk", case, "objection_lodged", "2026-06-05", status=422)
    assert "sec_182__subsec_4" in p["cites"]
    case = api.get("solan_eo", f"/api/cases/{case['id']}").json()
    case = act(api, "solan_eo", case, "declared_public", "2026-06-10")
    # with an objection in time, the street may not be declared public
    other = open_(api, "solan_eo", "public-notices", "public_street_declaration", "2026-05-04", body="hp-solan",
                  person={"name": "Owner of Upper lane"}).json()
    other = act(api, "solan_clerk", other, "objection_lodged", "2026-05-20")
    p = act(api, "solan_eo", other, "declared_public", "2026-06-10", status=422)
    assert "sec_182__subsec_4" in p["cites"]


def test_pound_claim_within_seven_days_with_fees_receipted(api):
    case = open_(api, "goa_officer", "pound", "cattle_pound", "2026-06-20", {"head_of_cattle": 2},
                 person={"name": "Owner unknown"}).json()
    r = api.post("goa_officer", f"{E}/cases/{case['id']}/paid-event", {
        "on": "2026-06-24", "amount": 350, "version": case["version"], "person": {"name": "Rama Gaonkar"}})
    assert r.status_code == 201, r.content
    out = r.json()
    assert out["receipt_number"] == "GA-TALEIGAO/RCT/2026/000001"
    assert out["demand"]["cites"] == "s.112-D" and out["demand"]["person"] == "Rama Gaonkar"
    assert out["demand"]["outstanding"] == "0.00" and out["case"]["status"] == "delivered"
    # after a sale, a claim is refused and no receipt is issued
    sold = open_(api, "goa_officer", "pound", "cattle_pound", "2026-06-01", person={"name": "Owner unknown"}).json()
    sold = act(api, "goa_officer", sold, "cattle_sold", "2026-06-10", {"proceeds": 9000, "fees_and_expenses": 1200})
    r = api.post("goa_officer", f"{E}/cases/{sold['id']}/paid-event",
                 {"on": "2026-06-12", "amount": 350, "version": sold["version"]})
    assert r.status_code == 422 and "sold" in r.json()["detail"]
    from adhiniyam.enforcement.models import Payment
    assert Payment.objects.count() == 1
