"""Every scenario of every law pack, and the golden time table, as pytest cases."""

import pytest

from adhiniyam.law import list_packs, load_pack
from adhiniyam.law.scenarios import check, load_file, run_time_table

CASES = [(act, f, sc) for act in list_packs() for f in load_pack(act).scenario_files for sc in load_file(f)]


@pytest.mark.parametrize("act,file,scenario", CASES,
                         ids=[f"{a}/{f.stem}:{getattr(s, 'line', '?')}" for a, f, s in CASES])
def test_scenario(act, file, scenario):
    assert "expect" in scenario, "a scenario test states what the law requires"
    assert scenario.get("rests_on"), "a scenario names the sections it rests on"
    failures = check(load_pack(act), scenario)
    assert not failures, f"{scenario['name']}: " + "; ".join(failures)


@pytest.mark.parametrize("row", run_time_table(), ids=lambda o: o.name[:60])
def test_golden_time(row):
    assert row.passed, "; ".join(row.failures)
