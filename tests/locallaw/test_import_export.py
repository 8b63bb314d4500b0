"""A whole State's instruments in one file: `adhiniyam instruments import FILE` refuses the whole file if
any instrument is out of power (naming it, with the reason and the section) and stores nothing;
`export` writes what `import` reads back unchanged."""

from __future__ import annotations

import datetime as dt
import io

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError

from adhiniyam.locallaw.models import Instrument, NamedArea
from adhiniyam.locallaw.services import FileRefused, export_state, import_text, instruments_for

BHIMTAL_SECTIONS = ["sec_106D", "sec_106E", "sec_106F", "sec_106BI"]

FILE = f"""
state: UK
act: uttarakhand_panchayats_1961
areas:
  - {{body: uk-dehradun-zp, name: Bhimtal, kind: controlled_rural_area, sections: {BHIMTAL_SECTIONS},
     resolution_on: 2026-01-10, public_notice_on: 2026-01-20, source: "Resolution 3 of 10 January 2026 under s.106(c)",
     boundary: '{{"type": "Polygon", "coordinates": [[[79.55, 29.35], [79.58, 29.35], [79.58, 29.37], [79.55, 29.35]]]}}'}}
  - {{body: uk-dehradun-zp, name: Raipur, kind: village}}
instruments:
  - id: uk-rule-7-2026
    title: Panchayat (Street Obstruction Fines) Rules, 2026
    kind: rule
    layer: state
    made_by: Government of Uttarakhand
    under: sec_106BI__subsec_1
    commencement: 2026-02-01
    sets: {{street_obstruction_fine_max: 500}}
  - id: zp-dehradun-bye-law-4-2026
    title: Building Bye-law 4 of 2026
    kind: bye_law
    layer: body
    made_by: Zila Panchayat Dehradun
    under: sec_106__subsec_2__head_A__clause_c
    commencement: 2026-04-01
    approved_on: 2026-02-10
    published_on: 2026-03-01
    area: Bhimtal
    sets: {{sanction_validity: {{months: 6}}}}
"""

BAD = FILE + """  - id: zp-dehradun-bye-law-5-2026
    title: Building Bye-law 5 of 2026
    kind: bye_law
    layer: body
    made_by: Zila Panchayat Dehradun
    under: sec_106__subsec_2__head_A__clause_c
    commencement: 2026-06-01
    sets: {sanction_validity: {years: 4}}
"""


def test_a_file_with_one_out_of_power_bye_law_is_refused_whole(uk, tmp_path):
    with pytest.raises(FileRefused) as e:
        import_text(BAD)
    assert [x["instrument"] for x in e.value.errors] == ["zp-dehradun-bye-law-5-2026"]
    assert "exceeds the statutory maximum of 3 years" in e.value.errors[0]["message"]
    assert e.value.errors[0]["cites"] == ["sec_106F__subsec_1"]
    assert Instrument.objects.count() == 0 and NamedArea.objects.count() == 0   # not even the good ones

    path = tmp_path / "uk.yaml"
    path.write_text(BAD)
    err = io.StringIO()
    with pytest.raises(CommandError, match="1 entry refused; nothing was stored"):
        call_command("instruments", "import", str(path), stderr=err)
    assert "refused zp-dehradun-bye-law-5-2026: Building Bye-law 5 of 2026: Longest period" in err.getvalue()
    assert "[sec_106F__subsec_1]" in err.getvalue()
    assert Instrument.objects.count() == 0


def test_import_then_export_round_trips(uk, tmp_path):
    path = tmp_path / "uk.yaml"
    path.write_text(FILE)
    out = io.StringIO()
    call_command("instruments", "import", str(path), "--check", stdout=out)
    assert "checked (nothing stored): 2 new" in out.getvalue() and Instrument.objects.count() == 0
    call_command("instruments", "import", str(path), stdout=out)
    assert "imported: 2 new, 0 changed, 0 unchanged instruments; 2 areas" in out.getvalue()
    rule = Instrument.objects.get(ident="uk-rule-7-2026")
    assert rule.body == uk["state"] and rule.layer == "state"
    assert Instrument.objects.get(ident="zp-dehradun-bye-law-4-2026").body == uk["zp"]
    assert [i.id for i in instruments_for(uk["zp"], on=dt.date(2026, 5, 1))] == ["uk-rule-7-2026",
                                                                                 "zp-dehradun-bye-law-4-2026"]
    text = export_state("UK")
    doc = yaml.safe_load(text)
    assert {a["name"] for a in doc["areas"]} == {"Bhimtal", "Raipur"}
    bye = next(i for i in doc["instruments"] if i["id"] == "zp-dehradun-bye-law-4-2026")
    assert bye["sets"] == {"sanction_validity": {"months": 6}} and bye["area"] == "Bhimtal"
    assert bye["body"] == "uk-dehradun-zp" and bye["act"] == "uttarakhand_panchayats_1961"

    assert import_text(text)["unchanged"] == 2          # the export reads back unchanged
    Instrument.objects.all().delete()
    NamedArea.objects.all().delete()
    exported = tmp_path / "export.yaml"
    call_command("instruments", "import", str(path), stdout=io.StringIO())
    call_command("instruments", "export", "--state", "UK", "-o", str(exported), stdout=io.StringIO())
    assert yaml.safe_load(exported.read_text()) == doc


def test_the_command_lists_the_instruments_binding_a_body(uk):
    import_text(FILE)
    out = io.StringIO()
    call_command("instruments", "list", "uk-dehradun-zp", "--on", "2026-03-01", stdout=out)
    assert "uk-rule-7-2026" in out.getvalue() and "bye-law-4" not in out.getvalue()


def test_a_malformed_date_is_refused_with_the_format(uk):
    with pytest.raises(FileRefused) as e:
        import_text(FILE.replace("commencement: 2026-02-01", "commencement: 1 Feb 2026"))
    assert "a date must look like 2026-04-01" in e.value.detail
    assert Instrument.objects.count() == 0


def test_an_area_with_a_section_the_act_does_not_have_is_refused(uk):
    with pytest.raises(FileRefused, match="sec_999 is not a section"):
        import_text(FILE.replace("sections: [", "sections: [sec_999, "))


def test_verify_reports_a_stored_instrument_the_pack_no_longer_empowers(uk, monkeypatch):
    from adhiniyam.records import engine as E

    import_text(FILE)
    out = io.StringIO()
    call_command("instruments", "verify", stdout=out)
    assert "2 instruments checked against the law packs: all in power" in out.getvalue()

    pack = E.load_pack("uttarakhand_panchayats_1961")        # as if the pack had narrowed the bye-law power
    narrowed = dict(pack.parameters["sanction_validity"],
                    settable_by=[{"kind": "bye_law", "under": "sec_106__subsec_2__head_A__clause_c", "at_most": {"months": 3}}])
    monkeypatch.setitem(pack.parameters, "sanction_validity", narrowed)
    err = io.StringIO()
    with pytest.raises(CommandError, match="1 stored instrument"):
        call_command("instruments", "verify", stdout=io.StringIO(), stderr=err)
    assert "zp-dehradun-bye-law-4-2026" in err.getvalue() and "exceeds the statutory maximum of 3 months" in err.getvalue()
