"""Law-pack versions: kept content-addressed; a case is evaluated under the version it is bound to;
`law impact` lists exactly the open cases a one-period change affects; an approved upgrade re-binds a
body's open cases in one transaction with an event on each."""

from __future__ import annotations

import datetime as dt
import io

import pytest

from adhiniyam.law import load_pack
from adhiniyam.packs import impact, upgrade
from adhiniyam.packs.models import PackUpgrade, PackVersion
from adhiniyam.records import engine as E
from adhiniyam.records.errors import Forbidden, Invalid
from adhiniyam.records.models import Case
from adhiniyam.records.services import EventInput, append_event, create_case, sweep_case

GOA = "goa_panchayat_raj_1994"  # not imported from conftest: another folder's conftest may be the one imported


def _open(bodies, code, on, then=()):
    """A case entered on the days it happened, then swept up to the test's clock."""
    body = bodies[code]
    with E.clock_at(dt.datetime.combine(dt.date.fromisoformat(on), dt.time(10))):
        case = create_case(bodies["clerk"], body, "building_permission",
                           EventInput("application_received", dt.date.fromisoformat(on), {"complete": True},
                                      by="applicant"), applicant=body.people.first())
    for etype, day in then:
        with E.clock_at(dt.datetime.combine(dt.date.fromisoformat(day), dt.time(10))):
            case, _e = append_event(bodies["officer"], case.pk, EventInput(etype, dt.date.fromisoformat(day)),
                                    case.version)
    sweep_case(case.pk)
    return Case.objects.get(pk=case.pk)


@pytest.fixture
def cases(bodies, settings):
    settings.ADHINIYAM_CLOCK = "2026-01-25"
    return {
        "deemed": _open(bodies, "ga-taleigao", "2026-01-05"),      # deemed 21 Jan: intimation by 5 Feb (15 days)
        "pending": _open(bodies, "ga-taleigao", "2026-01-20"),     # the Panchayat's fifteen days still run
        "granted": _open(bodies, "ga-taleigao", "2026-01-05", [("permission_granted", "2026-01-12")]),
        "merces": _open(bodies, "ga-merces", "2026-01-06"),         # deemed 22 Jan, another body
    }


def test_the_installed_versions_are_stored_on_migrate(db):
    from adhiniyam.law import list_packs
    for act in list_packs():
        row = PackVersion.objects.get(act_id=act, version=str(load_pack(act).version))
        assert "act.yaml" in row.files and any(k.startswith("procedures/") for k in row.files)


def test_impact_of_a_one_period_change_lists_exactly_the_affected_open_cases(bodies, cases, twenty_days):
    old = str(load_pack(GOA).version)
    rows = impact.compare(GOA, old, twenty_days, bodies["ga-taleigao"])
    assert [r.case.pk for r in rows] == [cases["deemed"].pk]
    r = rows[0]
    assert r.differs == ["deadline intimation"]
    assert (r.old.deadlines["intimation"], r.new.deadlines["intimation"]) == ("2026-02-05", "2026-02-10")
    assert r.rules == ['timer intimation [sec_66__subsec_2A]: period {"days": 15} → {"days": 20}']
    everywhere = impact.compare(GOA, old, twenty_days)
    assert [r.case.pk for r in everywhere] == [cases["deemed"].pk, cases["merces"].pk]


def test_law_impact_on_the_command_line(bodies, cases, twenty_days, monkeypatch):
    from django.core.management import CommandError, call_command

    import adhiniyam.site.manage as manage
    from adhiniyam.cli import main

    seen = []
    monkeypatch.setattr(manage, "main", lambda argv: seen.append(argv) or 0)
    assert main(["law", "impact", "--from", "a", "--to", "b"]) == 0 and seen == [["law_impact", "--from", "a", "--to", "b"]]
    out = io.StringIO()
    call_command("law_impact", "--from", "installed", "--to", twenty_days[:8], "--body", "ga-taleigao", stdout=out)
    text = out.getvalue()
    assert "1 open cases differ" in text and cases["deemed"].number in text
    assert "deadline intimation" in text and "2026-02-05" in text and "2026-02-10" in text
    assert 'rule changed: timer intimation [sec_66__subsec_2A]: period {"days": 15} → {"days": 20}' in text
    with pytest.raises(CommandError, match="No stored law-pack version 'nosuchversion'"):
        call_command("law_impact", "--from", "nosuchversion", "--to", twenty_days)


def test_an_approved_upgrade_rebinds_the_bodys_open_cases_with_an_event_on_each(bodies, cases, twenty_days):
    from django.core.management import call_command

    old = str(load_pack(GOA).version)
    with pytest.raises(Forbidden):
        upgrade.approve(bodies["clerk"], bodies["ga-taleigao"], old, twenty_days, "no power")
    with pytest.raises(Invalid):
        upgrade.approve(bodies["admin"], bodies["ga-taleigao"], old, twenty_days, "  ")
    up = upgrade.approve(bodies["admin"], bodies["ga-taleigao"], old, twenty_days, "Corrected s.66(2A) period")
    assert up.rebound == 3 and [row["case"] for row in up.impact] == [cases["deemed"].pk]
    for key in ("deemed", "pending", "granted"):
        case = Case.objects.get(pk=cases[key].pk)
        assert case.pack_version == twenty_days
        last = case.events.filter(type="law_pack_upgraded").get()
        assert last.type == "law_pack_upgraded" and last.actor == bodies["admin"]
        assert last.data["from"] == old and last.data["reason"] == "Corrected s.66(2A) period"
    deemed = Case.objects.get(pk=cases["deemed"].pk)
    assert {d["name"]: d["last_day"] for d in deemed.derived["deadlines"]}["intimation"] == "2026-02-10"
    assert Case.objects.get(pk=cases["merces"].pk).pack_version == old          # another body: not upgraded
    # the case now evaluates under its bound (stored) version, though another is installed
    case, _e = append_event(bodies["clerk"], deemed.pk, EventInput("intimation_given", dt.date(2026, 1, 25),
                                                                   {"fee_paid": 100}, by="applicant"), deemed.version)
    assert case.events.order_by("seq").last().pack_version == twenty_days
    assert PackUpgrade.objects.filter(body=bodies["ga-taleigao"]).count() == 1
    call_command("audit", "verify")


def test_the_state_administrators_upgrade_page(bodies, cases, twenty_days, client, settings):
    old = str(load_pack(GOA).version)
    client.force_login(bodies["clerk"])
    assert client.get("/law/upgrades/").status_code == 404
    client.force_login(bodies["admin"])
    address = f"/law/upgrades/?body=ga-taleigao&from={old}&to={twenty_days}"
    assert "1 उगडें प्रकरण बदलतलें" in client.get(address).content.decode()      # Goa's language by default
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(address).content.decode()
    assert "1 open case would change" in page and cases["deemed"].number in page
    assert "timer intimation [sec_66__subsec_2A]" in page
    r = client.post("/law/upgrades/approve/", {"body": "ga-taleigao", "from": old, "to": twenty_days,
                                               "reason": "Corrected s.66(2A)"})
    assert r.status_code == 302
    assert Case.objects.get(pk=cases["pending"].pk).pack_version == twenty_days
    assert "3 open cases of" in client.get(r["Location"]).content.decode()
    case = client.get(f"/case/{cases['deemed'].pk}/").content.decode()      # the event, in the timeline
    assert "Law-pack version changed" in case and "Corrected s.66(2A)" in case
    assert 'timer intimation [sec_66__subsec_2A]: period {&quot;days&quot;: 15} → {&quot;days&quot;: 20}' in case
