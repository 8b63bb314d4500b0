"""The demo's local law: realistic instruments for the Uttarakhand demo bodies, entered through the
service (so checked by the Act), visible in the register and in the demo's cases; run twice, it adds nothing."""

from __future__ import annotations

from adhiniyam.locallaw.demo import populate
from adhiniyam.locallaw.models import Instrument, NamedArea
from adhiniyam.locallaw.services import instruments_for
from adhiniyam.records.models import Body, Case


def test_the_demo_enters_a_bye_law_and_a_state_rule_and_shows_them_in_cases(uk):
    uk["zp"].refresh_from_db()
    counts = populate()
    assert counts["created"] == 2 and counts["areas"] == 4 and counts["cases"] == 2
    bye = Instrument.objects.get(kind="bye_law")
    assert bye.body == uk["zp"] and bye.sets == {"sanction_validity": {"years": 2}}
    assert bye.commencement.isoformat() == "2026-03-01"           # eight months before 2 November 2026, 1st
    rule = Instrument.objects.get(kind="rule")
    assert rule.body == uk["state"] and rule.sets == {"street_obstruction_fine_max": 500}
    assert NamedArea.objects.get(name="Doiwala").declaration()["public_notice_on"].isoformat() == "2024-05-15"
    assert {i.id for i in instruments_for(Body.objects.get(code="uk-nainital-zp"))} == {rule.ident}

    before = Case.objects.get(title__contains="before the 2-year bye-law")
    after = Case.objects.get(title__contains="under the 2-year bye-law")
    last = {c.pk: next(d["last_day"] for d in c.derived["deadlines"] if "sanction_validity" in str(d.values()))
            for c in (before, after)}
    assert last[before.pk] == "2029-02-03"         # sanctioned 3 February 2026: three years under s.106(f)(1)
    assert last[after.pk] == "2028-04-04"          # sanctioned 4 April 2026: two years under the bye-law

    assert populate()["created"] == 0 and Instrument.objects.count() == 2 and Case.objects.count() == 2


def test_without_the_uttarakhand_demo_body_nothing_is_entered(db):
    assert "skipped" in populate()
    assert Instrument.objects.count() == 0
