"""Offence register: the engine computes the penalty; first or subsequent is decided by counting earlier
convictions of the same person under the same provision in the database, never by what is typed in."""

from adhiniyam.enforcement.models import Demand

E = "/api/enforcement"


# the facts Goa's offences require the record to state (their elements: issue 16)
ELEMENTS = {
    "offence_s112B_stray_cattle": {"animal": "cow", "allowed_by_accused": True, "owner_or_in_charge": True,
                                   "contravention": "strayed_in_street"},
    "offence_s73_street_obstruction": {"clause": "b", "in_public_street_or_place": True, "not_duly_authorised": True},
}


def offence(api, procedure, on, body="ga-taleigao", who="goa_officer", **extra):
    data = {**ELEMENTS.get(procedure, {}), **extra.pop("data", {})}
    return api.post(who, f"{E}/bodies/{body}/offences", {"procedure": procedure, "on": on, "data": data, **extra})


def act(api, who, case, type, on):
    r = api.post(who, f"/api/cases/{case['id']}/actions", {"type": type, "on": on, "version": case["version"]})
    assert r.status_code == 201, r.content
    return r.json()


def test_stray_cattle_first_then_subsequent_contravention(api):
    r = offence(api, "offence_s112B_stray_cattle", "2026-03-02", person={"name": "Savio Fernandes"})
    assert r.status_code == 201, r.content
    first = r.json()
    # Goa s.112-B(1) as amended: a penalty up to ₹2,000 for the first contravention
    assert first["amounts"]["penalty_kind"] == "administrative_penalty"
    assert (first["amounts"]["conviction_number"], first["amounts"]["fine_max"]) == (1, 2000)
    assert first["earlier_convictions"] == {"prior_convictions": 0, "earlier_cases": []}
    savio = first["applicant"]["id"]
    act(api, "goa_officer", first, "penalty_imposed", "2026-03-20")

    r = offence(api, "offence_s112B_stray_cattle", "2026-05-02", person_id=savio)
    second = r.json()
    assert second["earlier_convictions"] == {"prior_convictions": 1, "earlier_cases": [first["number"]]}
    assert (second["amounts"]["conviction_number"], second["amounts"]["fine_max"]) == (2, 5000)
    assert any("subsequent" in s["text"] for s in second["explanation"])

    # another person's first contravention stays at ₹2,000; so does an offence under another provision
    other = offence(api, "offence_s112B_stray_cattle", "2026-05-02", person={"name": "Maria D'Souza"}).json()
    assert other["amounts"]["fine_max"] == 2000
    street = offence(api, "offence_s73_street_obstruction", "2026-05-02", person_id=savio).json()
    assert street["amounts"]["conviction_number"] == 1 and street["amounts"]["fine_max"] == 500


def test_a_conviction_after_the_offence_date_does_not_count(api):
    first = offence(api, "offence_s112B_stray_cattle", "2026-04-01", person={"name": "Anil Naik"}).json()
    act(api, "goa_officer", first, "penalty_imposed", "2026-06-10")
    earlier = offence(api, "offence_s112B_stray_cattle", "2026-06-05", person_id=first["applicant"]["id"]).json()
    assert earlier["amounts"]["fine_max"] == 2000


def test_prior_convictions_cannot_be_typed_in(api):
    r = api.post("goa_officer", f"{E}/bodies/ga-taleigao/offences", {
        "procedure": "offence_s112B_stray_cattle", "on": "2026-03-02",
        "data": {**ELEMENTS["offence_s112B_stray_cattle"], "prior_convictions": 3},
        "person": {"name": "Savio Fernandes"}})
    assert r.status_code == 422 and r.json()["code"] == "prior_convictions_counted"
    r = offence(api, "filthy_premises_notice", "2026-03-02", body="hp-solan", who="solan_eo", person={"name": "X"})
    assert r.status_code == 422 and "not a offence" in r.json()["detail"]


def test_penalty_demand_refused_above_the_engine_maximum(api):
    case = offence(api, "offence_s112B_stray_cattle", "2026-03-02", person={"name": "Savio Fernandes"}).json()
    r = api.post("goa_officer", f"{E}/offences/{case['id']}/demand", {"on": "2026-03-25", "amount": 1500})
    assert r.status_code == 422 and r.json()["code"] == "not_convicted"
    case = act(api, "goa_officer", case, "penalty_imposed", "2026-03-20")
    r = api.post("goa_officer", f"{E}/offences/{case['id']}/demand", {"on": "2026-03-25", "amount": 2500})
    assert r.status_code == 422, r.content
    assert "₹2,000" in r.json()["detail"] and r.json()["cites"] == ["sec_112B__subsec_1__penalty"]
    r = api.post("goa_officer", f"{E}/offences/{case['id']}/demand", {"on": "2026-03-25", "amount": 1500})
    assert r.status_code == 201 and r.json()["number"] == "GA-TALEIGAO/DMD/2026/00001"
    assert Demand.objects.get().kind == "penalty"


def test_continuing_fine_after_the_week_allowed_lapses_punjab(api):
    r = api.post("nabha_eo", f"{E}/bodies/pb-nabha/notices", {
        "procedure": "water_source_latrine", "on": "2026-06-01", "data": {"distance_feet": 30, "source_for_public_use": True},
        "person": {"name": "Gurpreet Singh"}})
    assert r.status_code == 201, r.content
    case = r.json()
    # s.128(2): ₹50, and ₹5 a day while it continues after the week (ended 8 June): 9–30 June = 22 days
    a = case["amounts"]
    assert (a["fine_max"], a["daily_rate"], a["daily_days"], a["daily_total"], a["total_max"]) == (50, 5, 22, 110, 160)
    assert case["on_default"]["in_default"] is True
    r = api.post("nabha_eo", f"{E}/bodies/pb-nabha/notices", {
        "procedure": "water_source_latrine", "on": "2026-06-01", "data": {"distance_feet": 60, "source_for_public_use": True},
        "person": {"name": "Gurpreet Singh"}})
    assert r.status_code == 422 and "sec_128__subsec_2" in r.json()["cites"]


def test_goa_obstruction_removed_by_the_panchayat_recoverable_as_a_tax(api):
    case = offence(api, "offence_s73_street_obstruction", "2026-06-01", person={"name": "Shop owner"}).json()
    r = api.post("goa_officer", f"{E}/notices/{case['id']}/default-works",
                 {"on": "2026-06-15", "amount": 1800, "version": case["version"]})
    assert r.status_code == 201, r.content
    d = r.json()["demand"]
    assert d["cites"] == "s.73(2)" and d["recoverable_as"] == "recoverable as if it were a tax imposed under the Act"


def test_gujarat_building_offence_percentage_of_cost_or_sum_whichever_greater_and_daily_after_conviction(api):
    begun = {"work": "erection", "limb": "without_notice"}       # the elements of s.155(7): what was begun, and how
    r = offence(api, "building_offence", "2026-05-04", body="gj-anand", who="gj_officer",
                data={"cost_of_construction": 400000}, person={"name": "Builder, Station road"})
    assert r.status_code == 422, r.content                        # a record short of its elements is refused
    r = offence(api, "building_offence", "2026-05-04", body="gj-anand", who="gj_officer",
                data={"cost_of_construction": 400000, **begun}, person={"name": "Builder, Station road"})
    assert r.status_code == 201, r.content
    case = r.json()
    # s.155(7): 50% of ₹4,00,000 = ₹2,00,000 > ₹1,000; daily 1% = ₹4,000 > ₹10, only after conviction
    a = case["amounts"]
    assert (a["fine_max"], a["daily_rate"], a["daily_days"]) == (200000, 4000, 0)
    r = api.post("gj_officer", f"{E}/offences/{case['id']}/conviction", {"on": "2026-06-10", "version": case["version"]})
    assert r.status_code == 201, r.content
    a = r.json()["amounts"]
    assert (a["daily_days"], a["daily_total"], a["total_max"]) == (20, 80000, 280000)    # 11–30 June
    small = offence(api, "building_offence", "2026-05-04", body="gj-anand", who="gj_officer",
                    data={"cost_of_construction": 1500, **begun}, person={"name": "Shed owner"}).json()
    assert small["amounts"]["fine_max"] == 1000 and small["amounts"]["daily_rate"] == 15


# the elements s.106(aq) requires the record to state: premises fixed (and when), slaughter for sale, of such an animal
UK_SLAUGHTER = {"premises_fixed_with_dm_approval": True, "premises_fixed_on": "2026-01-15", "for_sale": True,
                "animal_of_specified_description": True}


def test_goa_sand_twice_the_value_and_uttarakhand_per_animal(api):
    sand = offence(api, "offence_s73_removal_of_earth_or_sand", "2026-05-04",
                   data={"value_of_material": 3000, "material": "sand", "not_duly_authorised": True,
                         "from_open_site_not_private_property": True}, person={"name": "Truck owner"}).json()
    assert (sand["amounts"]["fine_max"], sand["amounts"]["fine_fixed"]) == (500, 6000)      # s.73(3)(ii)
    r = offence(api, "slaughter_outside_premises", "2026-05-04", body="uk-dehradun-zp", who="uk_officer",
                data={"offence_date": "2026-05-04", **UK_SLAUGHTER, "distance_miles": 1.5, "animals": 5},
                person={"name": "Butcher"})
    assert r.status_code == 201, r.content
    assert r.json()["amounts"]["fine_max"] == 10          # s.106(aq)(3): two rupees for each of five animals
    r = offence(api, "slaughter_outside_premises", "2026-05-04", body="uk-dehradun-zp", who="uk_officer",
                data={"offence_date": "2026-05-04", **UK_SLAUGHTER, "distance_miles": 3, "animals": 5},
                person={"name": "Butcher"})
    assert r.status_code == 422 and "sec_106AQ__subsec_2" in r.json()["cites"]


def test_conviction_counts_earlier_convictions_where_the_act_asks_at_conviction(api):
    def one(on, conv, person=None, person_id=None):
        kw = {"person_id": person_id} if person_id else {"person": person}
        case = offence(api, "slaughter_outside_premises", on, body="uk-dehradun-zp", who="uk_officer",
                       data={"offence_date": on, **UK_SLAUGHTER, "distance_miles": 1, "animals": 3}, **kw).json()
        r = api.post("uk_officer", f"{E}/offences/{case['id']}/conviction", {"on": conv, "version": case["version"]})
        assert r.status_code == 201, r.content
        return r.json()
    first = one("2026-03-02", "2026-03-20", person={"name": "Butcher"})
    assert first["events"][-1]["data"] == {"prior_convictions": 0}
    second = one("2026-05-04", "2026-05-20", person_id=first["applicant"]["id"])
    assert second["events"][-1]["data"] == {"prior_convictions": 1}
