"""The public register of instruments per body: JSON (no sign-in needed) and a server-rendered page;
entry through the API by an administrator, refused with the section when out of power."""

from __future__ import annotations

import datetime as dt

import pytest

from adhiniyam.locallaw.models import Instrument
from adhiniyam.locallaw.services import add_instrument
from adhiniyam.records.models import Case
from adhiniyam.records.services import EventInput, create_case

BYE_LAW = {"id": "zp-dehradun-bye-law-4-2026", "title": "Building Bye-law 4 of 2026", "kind": "bye_law",
           "layer": "body", "made_by": "Zila Panchayat Dehradun", "under": "sec_106__subsec_2__head_A__clause_c",
           "commencement": "2026-04-01", "approved_on": "2026-02-10", "published_on": "2026-03-01",
           "sets": {"sanction_validity": {"months": 6}}}
RULE = {"id": "uk-rule-7-2026", "title": "Panchayat (Street Obstruction Fines) Rules, 2026", "kind": "rule",
        "layer": "state", "made_by": "Government of Uttarakhand", "under": "sec_106BI__subsec_1",
        "commencement": "2026-02-01", "repeal": "2026-12-01", "sets": {"street_obstruction_fine_max": 500}}
R = "/local-law/api"


def auth(tokens, who):
    return {"HTTP_AUTHORIZATION": f"Bearer {tokens[who]}"}


def post(client, tokens, who, url, data):
    return client.post(url, data, content_type="application/json", **auth(tokens, who))


def test_an_administrator_enters_a_bye_law_and_the_public_reads_the_register(client, uk, bhimtal):
    r = post(client, uk["tokens"], "zp_admin", f"{R}/bodies/uk-dehradun-zp/instruments", BYE_LAW)
    assert r.status_code == 201, r.content
    assert r.json()["sets"][0]["act_value"] == {"years": 3}
    add_instrument(uk["users"]["admin"], RULE)

    reg = client.get(f"{R}/bodies/uk-dehradun-zp/instruments").json()       # no sign-in: a public register
    assert [i["id"] for i in reg["instruments"]] == ["uk-rule-7-2026", "zp-dehradun-bye-law-4-2026"]
    bye = reg["instruments"][1]
    assert bye["body"] == "uk-dehradun-zp" and bye["layer"] == "body" and bye["kind_label"] == "Bye-law"
    [sets] = bye["sets"]
    assert sets["parameter"] == "sanction_validity"
    assert sets["title"] == "Longest period for which a building sanction is available"
    assert (sets["value"], sets["act_value"]) == ({"months": 6}, {"years": 3})
    assert (sets["value_words"], sets["act_value_words"]) == ("6 months", "3 years")
    assert sets["cites"] == "sec_106F__subsec_1" and sets["cite"]["label"] == "s.106-F(1)"
    assert sets["quote"] == "shall be available for three years or for such lesser period as may be prescribed by bye-law"
    assert bye["under_cite"]["label"].startswith("s.106(2)")
    on = client.get(f"{R}/bodies/uk-dehradun-zp/instruments", {"on": "2026-03-01"}).json()
    assert [i["id"] for i in on["instruments"]] == ["uk-rule-7-2026"]
    later = client.get(f"{R}/bodies/uk-dehradun-zp/instruments", {"on": "2026-12-01"}).json()
    assert [i["id"] for i in later["instruments"]] == ["zp-dehradun-bye-law-4-2026"]    # the rule was repealed
    other = client.get(f"{R}/bodies/uk-nainital-zp/instruments").json()
    assert [i["id"] for i in other["instruments"]] == ["uk-rule-7-2026"]
    areas = client.get(f"{R}/bodies/uk-dehradun-zp/areas").json()
    assert areas[0]["name"] == "Bhimtal" and areas[0]["public_notice_on"] == "2026-01-20"

    client.cookies["django_language"] = "en"   # the body's page is in Hindi unless the reader chose English
    page = client.get("/local-law/uk-dehradun-zp/", {"on": "2026-05-01"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Building Bye-law 4 of 2026" in html and "Bhimtal" in html
    assert "<strong>6 months</strong>" in html and "s.106-F(1)</a>" in html


def test_an_out_of_power_bye_law_through_the_api_is_refused_with_the_section(client, uk, bhimtal):
    r = post(client, uk["tokens"], "zp_admin", f"{R}/bodies/uk-dehradun-zp/instruments",
             dict(BYE_LAW, sets={"sanction_validity": {"years": 5}}))
    assert r.status_code == 422
    p = r.json()
    assert r["Content-Type"] == "application/problem+json"
    assert "exceeds the statutory maximum of 3 years" in p["detail"] and p["cites"] == ["sec_106F__subsec_1"]
    assert Instrument.objects.count() == 0


def test_only_administrators_may_enter(client, uk, bhimtal):
    r = post(client, uk["tokens"], "clerk", f"{R}/bodies/uk-dehradun-zp/instruments", BYE_LAW)
    assert r.status_code == 403
    r = post(client, uk["tokens"], "nainital_admin", f"{R}/bodies/uk-dehradun-zp/instruments", BYE_LAW)
    assert r.status_code == 403
    assert client.post(f"{R}/bodies/uk-dehradun-zp/instruments", BYE_LAW,
                       content_type="application/json").status_code == 401
    assert Instrument.objects.count() == 0


def test_bad_dates_and_unknown_bodies(client, uk):
    assert client.get(f"{R}/bodies/uk-dehradun-zp/instruments", {"on": "01/05/2026"}).status_code == 422
    assert client.get(f"{R}/bodies/nowhere/instruments").status_code == 404
    r = post(client, uk["tokens"], "zp_admin", f"{R}/bodies/uk-dehradun-zp/instruments",
             dict(BYE_LAW, commencement="1st April"))
    assert r.status_code == 422 and "2026-04-01" in r.json()["detail"]


def test_the_fee_of_a_case_through_the_api_names_the_schedule(client, uk, np_body):
    from django.contrib.auth import get_user_model

    from adhiniyam.api.models import ApiToken
    add_instrument(uk["users"]["np_admin"], {
        "id": "np-mussoorie-fees-2026", "title": "Schedule of Building Fees 2026", "kind": "fee_schedule",
        "layer": "body", "body": "uk-mussoorie-np", "made_by": "Nagar Panchayat Mussoorie", "under": "sec_2",
        "commencement": "2026-04-01", "procedure": "building_permission", "sets": {"building_fee_per_sqm": 15}})
    case = create_case(uk["users"]["np_clerk"], np_body, "building_permission",
                       EventInput("application_received", dt.date(2026, 6, 1), {"area_sqm": 80}, by="applicant"))
    token = ApiToken.issue(get_user_model().objects.get(username="np_clerk"), "test")[1]
    r = client.get(f"{R}/cases/{case.pk}/fee", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert r.status_code == 200, r.content
    fee = r.json()
    assert fee["amount"] == 1200 and fee["instruments"][0]["title"] == "Schedule of Building Fees 2026"
    assert Case.objects.get(pk=case.pk).derived["amounts"]["fee"] == 1200
    other = client.get(f"{R}/cases/{case.pk}/fee", **auth(uk["tokens"], "nainital_admin"))
    assert other.status_code == 404


@pytest.mark.parametrize("who", ["auditor"])
def test_read_only_users_cannot_enter_areas(client, uk, who):
    r = post(client, uk["tokens"], who, f"{R}/bodies/uk-dehradun-zp/areas", {"name": "Raipur", "kind": "village"})
    assert r.status_code == 403


def test_the_register_page_in_hindi(client, uk, bhimtal):
    add_instrument(uk["users"]["zp_admin"], dict(BYE_LAW, body="uk-dehradun-zp"))
    page = client.get("/local-law/uk-dehradun-zp/", HTTP_ACCEPT_LANGUAGE="hi")
    html = page.content.decode()
    assert "उपविधियाँ, नियम, अधिसूचनाएँ और शुल्क अनुसूचियाँ" in html
    assert "उपविधि" in html and "नियंत्रित ग्रामीण क्षेत्र" in html
    assert "sec_106F__subsec_1" in html                  # the citation stays as the Act's id


def test_which_named_area_a_point_lies_in(client, uk):
    from adhiniyam.locallaw.services import add_area, areas_at

    square = {"type": "Polygon", "coordinates": [[[78.02, 30.16], [78.08, 30.16], [78.08, 30.21], [78.02, 30.21],
                                                  [78.02, 30.16]],
                                                 [[78.05, 30.18], [78.06, 30.18], [78.06, 30.19], [78.05, 30.18]]]}
    add_area(uk["users"]["admin"], uk["zp"], {"name": "Doiwala", "kind": "controlled_rural_area", "boundary": square})
    add_area(uk["users"]["admin"], uk["zp"], {"name": "Raiwala", "kind": "village"})          # no boundary
    assert [a.name for a in areas_at(uk["zp"], 30.17, 78.03)] == ["Doiwala"]
    assert areas_at(uk["zp"], 30.30, 78.03) == []                                          # outside
    assert areas_at(uk["zp"], 30.182, 78.058) == []                                        # in the hole
    r = client.get(f"{R}/bodies/uk-dehradun-zp/areas", {"lat": 30.17, "lon": 78.03})
    assert [a["name"] for a in r.json()] == ["Doiwala"]
    assert client.get(f"{R}/bodies/uk-dehradun-zp/areas", {"lat": 30.17}).status_code == 422
    bad = post(client, uk["tokens"], "admin", f"{R}/bodies/uk-dehradun-zp/areas",
               {"name": "Lachhiwala", "kind": "village", "boundary": "{not json"})
    assert bad.status_code == 422 and "not GeoJSON" in bad.json()["detail"]
