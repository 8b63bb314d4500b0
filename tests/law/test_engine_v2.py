"""Engine v2 (issue 15): readings that reach every value and are refused when unknown, `law check`
refusing what a register or a coverage file must not say, shapes, aliases, offences, and a CLI
that never prints a traceback. Each test builds the smallest pack that shows the rule."""

import ast
import json
import textwrap
from datetime import date, datetime
from pathlib import Path

import pytest

from adhiniyam.law import (
    BodySettings,
    Event,
    InvalidData,
    NoOffence,
    NotAllowed,
    PackError,
    evaluate,
    registers,
)
from adhiniyam.law import pack as pack_mod
from adhiniyam.law.check import check_pack
from adhiniyam.law.cli import main as law_main
from adhiniyam.law.docs import DOC, current
from adhiniyam.law.instruments import check as check_instrument
from adhiniyam.law.instruments import from_dict
from adhiniyam.law.money import rupees

TEXT = """nodes:
  - {id: sec_1, kind: section, num: '1', number: printed, text: 'x'}
  - {id: sec_1__subsec_1, kind: subsection, num: '1', parent: sec_1, number: printed, text: 'within one month'}
  - {id: sec_1__subsec_2, kind: subsection, num: '2', parent: sec_1, number: printed, text: 'y'}
"""
INTERPRETATION = """interpretations:
  - id: mini.month
    question: "Is 'one month' a calendar month or thirty days?"
    cites: sec_1__subsec_1
    readings: {calendar: "a calendar month", thirty_days: "thirty days"}
    default: calendar
    reason: "GCA s.3(35)"
"""
PROCEDURE = """procedure: p
title: P
cites: sec_1__subsec_1
quote: "within one month"
roles: {applicant: Applicant, office: Office}
statuses: {pending: Pending, deemed: Deemed granted}
events:
  received: {by: [applicant], opens: true, status: pending, cites: sec_1__subsec_1}
  decided: {by: [office], cites: sec_1}
timers:
  decide:
    cites: sec_1__subsec_1
    quote: "within one month"
    start: received
    period: {by_reading: mini.month, values: {calendar: {months: 1}, thirty_days: {days: 30}}}
    stop_on: [decided]
    on_expiry: {status: deemed, deemed: {outcome: granted, cites: sec_1__subsec_1, quote: "deemed"}}
"""
PAIR = """- name: a calendar month
  procedure: p
  events: [{type: received, on: 2026-01-31, by: applicant}]
  as_of: 2026-03-05
  expect: {deemed: {on: 2026-03-01}}
  rests_on: [sec_1__subsec_1]
- name: thirty days
  procedure: p
  body: {interpretations: {mini.month: thirty_days}}
  events: [{type: received, on: 2026-01-31, by: applicant}]
  as_of: 2026-03-05
  expect: {deemed: {on: 2026-03-03}}
  rests_on: [sec_1__subsec_1]
"""
COVERAGE = "informational:\n  sec_1__subsec_2: 'no rule: a definition'\n"


def write_pack(tmp_path: Path, procedure=PROCEDURE, interpretations=INTERPRETATION, tests=PAIR, coverage=COVERAGE,
               gaps=None, extra=None) -> Path:
    root = tmp_path / "acts" / "mini"
    (root / "procedures").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "act.yaml").write_text("id: mini\ntitle: Mini Act\nstate: GA\n")
    (root / "text.yaml").write_text(TEXT)
    (root / "interpretations.yaml").write_text(interpretations)
    (root / "procedures" / "p.yaml").write_text(procedure)
    (root / "tests" / "t.yaml").write_text(tests)
    (root / "coverage.yaml").write_text(coverage)
    if gaps is not None:
        (root / "known_gaps.yaml").write_text(gaps)
    for name, text in (extra or {}).items():
        (root / name).write_text(text)
    return root


def load(root):
    return pack_mod._load(root)


def ev(t, d, by=None, **data):
    return Event(t, d, by, data)


# -- readings -----------------------------------------------------------------------------------


def test_a_reading_reaches_a_period_and_the_result_and_trace_name_it(tmp_path):
    pack = load(write_pack(tmp_path))
    month = evaluate(pack, "p", None, [ev("received", date(2026, 1, 31), "applicant")], date(2026, 3, 5))
    days = evaluate(pack, "p", BodySettings(interpretations={"mini.month": "thirty_days"}),
                    [ev("received", date(2026, 1, 31), "applicant")], date(2026, 3, 5))
    assert month.deemed[0].on == date(2026, 3, 1)  # 31 Jan + 1 month = 28 Feb; deemed the next day
    assert days.deemed[0].on == date(2026, 3, 3)  # 31 Jan + 30 days = 2 Mar
    assert days.readings["mini.month"] == "thirty_days"
    assert any("reading mini.month = thirty_days" in s.text for s in days.trace)


def test_a_refusal_names_the_body_s_reading_that_shaped_it_as_a_result_would(tmp_path):
    proc = PROCEDURE.replace("decided: {by: [office], cites: sec_1}",
                             "decided: {by: [office], cites: sec_1, when: [{reading: {mini.month: [calendar]}}]}")
    pack = load(write_pack(tmp_path, procedure=proc))
    events = [ev("received", date(2026, 1, 5), "applicant"), ev("decided", date(2026, 1, 9), "office")]
    assert evaluate(pack, "p", None, events, date(2026, 1, 9)).status == "pending"
    with pytest.raises(NotAllowed, match=r"is not allowed: .*\(read as the body reads mini.month = thirty_days\)"):
        evaluate(pack, "p", BodySettings(interpretations={"mini.month": "thirty_days"}), events, date(2026, 1, 9))
    with pytest.raises(NotAllowed) as refused:  # the default reading is the law as the pack reads it: not repeated
        evaluate(pack, "p", None, events[:1] + [ev("decided", date(2026, 1, 9), "applicant")], date(2026, 1, 9))
    assert "read as the body reads" not in refused.value.message


def test_an_unknown_question_or_reading_is_refused_listing_the_valid_ones(tmp_path):
    pack = load(write_pack(tmp_path))
    with pytest.raises(InvalidData, match="its readings are calendar, thirty_days"):
        evaluate(pack, "p", BodySettings(interpretations={"mini.month": "lunar"}), [ev("received", date(2026, 1, 5))], date(2026, 1, 9))
    with pytest.raises(InvalidData, match="no question of Mini Act.*mini.month"):
        evaluate(pack, "p", BodySettings(interpretations={"mini.nonsense": "x"}), [ev("received", date(2026, 1, 5))], date(2026, 1, 9))


def test_an_instrument_adopting_an_unknown_reading_is_refused_and_a_known_one_acts(tmp_path):
    pack = load(write_pack(tmp_path))
    base = {"id": "r1", "title": "Resolution 1", "kind": "resolution", "layer": "body", "made_by": "Mini body",
            "under": "sec_1", "commencement": "2026-01-01"}
    with pytest.raises(InvalidData, match="its readings are"):
        check_instrument(pack, from_dict({**base, "adopts": {"mini.month": "lunar"}}))
    inst = from_dict({**base, "adopts": {"mini.month": "thirty_days"}})
    check_instrument(pack, inst)
    r = evaluate(pack, "p", BodySettings(instruments=[inst]), [ev("received", date(2026, 1, 31), "applicant")], date(2026, 3, 5))
    assert r.deemed[0].on == date(2026, 3, 3) and r.readings["mini.month"] == "thirty_days"


def test_the_service_register_answers_a_body_choice_too(tmp_path, monkeypatch):
    reg = tmp_path / "readings.yaml"
    reg.write_text(INTERPRETATION.replace("mini.month", "records.backdated_outcome"))
    monkeypatch.setattr(registers, "SERVICE_REGISTER", reg)
    registers.service_register.cache_clear()
    try:
        pack = load(write_pack(tmp_path))
        evaluate(pack, "p", BodySettings(interpretations={"records.backdated_outcome": "thirty_days"}),
                 [ev("received", date(2026, 1, 5))], date(2026, 1, 9))
        with pytest.raises(InvalidData):
            evaluate(pack, "p", BodySettings(interpretations={"records.backdated_outcome": "x"}),
                     [ev("received", date(2026, 1, 5))], date(2026, 1, 9))
    finally:
        registers.service_register.cache_clear()


def test_a_jurisdiction_reading_is_overridden_for_one_provision(tmp_path):
    own = INTERPRETATION + """  - id: mini.s1.receipt
    question: "s.1 says 'from the day the paper is left at the office': does a closed day move receipt?"
    cites: sec_1__subsec_1
    readings: {next_open_day: "moved", as_delivered: "not moved: the words name the day it is left"}
    default: as_delivered
    reason: "the provision's own words"
    overrides: gca.receipt_on_closed_day
    procedures: [p]
"""
    proc = PROCEDURE.replace("    start: received\n", "    start: received\n    on_receipt: true\n")
    pack = load(write_pack(tmp_path, procedure=proc, interpretations=own))
    sunday = date(2026, 1, 4)
    r = evaluate(pack, "p", None, [ev("received", sunday, "applicant")], date(2026, 3, 5))
    assert r.deemed[0].on == date(2026, 2, 5)  # from Sunday 4 January itself: the override's default
    assert r.readings["mini.s1.receipt"] == "as_delivered" and "gca.receipt_on_closed_day" not in r.readings
    moved = evaluate(pack, "p", BodySettings(interpretations={"mini.s1.receipt": "next_open_day"}),
                     [ev("received", sunday, "applicant")], date(2026, 3, 5))
    assert moved.deemed[0].on == date(2026, 2, 6)


def test_a_by_reading_value_must_give_every_reading(tmp_path):
    proc = PROCEDURE.replace("values: {calendar: {months: 1}, thirty_days: {days: 30}}", "values: {calendar: {months: 1}}")
    with pytest.raises(PackError, match="give a value for each reading"):
        load(write_pack(tmp_path, procedure=proc))


# -- law check -------------------------------------------------------------------------------------


def test_check_passes_a_pack_whose_readings_are_read_and_paired(tmp_path):
    rep = check_pack(load(write_pack(tmp_path)))
    assert rep.ok, (rep.new, rep.errors)


def test_check_refuses_an_unread_reading(tmp_path):
    extra = INTERPRETATION + """  - id: mini.decorative
    question: "?"
    readings: {a: "a", b: "b"}
    default: a
    reason: "r"
"""
    with pytest.raises(PackError, match="no rule reads mini.decorative"):
        load(write_pack(tmp_path / "a", interpretations=extra))  # the loader refuses it …
    listed = load(write_pack(tmp_path / "b", interpretations=extra, gaps="unread_readings: [mini.decorative]\n"))
    assert check_pack(listed).ok  # … unless the pack's known gaps list it


def test_check_refuses_an_alternative_without_a_scenario_pair(tmp_path):
    one = PAIR.split("- name: thirty days")[0]
    rep = check_pack(load(write_pack(tmp_path, tests=one)))
    assert rep.new["alternatives_without_pair"] == ["mini.month:thirty_days"]


def test_a_pair_must_differ_in_its_expectation(tmp_path):
    same = PAIR.replace("{deemed: {on: 2026-03-03}}", "{deemed: {on: 2026-03-01}}")
    rep = check_pack(load(write_pack(tmp_path, tests=same)))
    assert rep.new["alternatives_without_pair"] == ["mini.month:thirty_days"]


def test_check_refuses_an_unknown_reading_id_in_a_scenario(tmp_path):
    bad = PAIR + """- name: unknown
  procedure: p
  body: {interpretations: {mini.mystery: yes}}
  events: [{type: received, on: 2026-01-31, by: applicant}]
  as_of: 2026-03-05
  expect: {status: pending}
  rests_on: [sec_1__subsec_1]
"""
    rep = check_pack(load(write_pack(tmp_path, tests=bad)))
    assert not rep.ok and "mini.mystery" in rep.errors[0] and "mini.month" in rep.errors[0]


def test_check_refuses_an_unclassified_node(tmp_path):
    rep = check_pack(load(write_pack(tmp_path, coverage="informational: {}\n")))
    assert rep.new["unclassified_nodes"] == ["sec_1__subsec_2"]


def test_known_gaps_are_listed_and_only_shrink(tmp_path):
    listed = check_pack(load(write_pack(tmp_path / "a", coverage="informational: {}\n", gaps="unclassified_nodes: [sec_1__subsec_2]\n")))
    assert listed.ok
    stale = check_pack(load(write_pack(tmp_path / "b", gaps="unclassified_nodes: [sec_1__subsec_2]\n")))
    assert not stale.ok and stale.closed["unclassified_nodes"] == ["sec_1__subsec_2"]


def test_a_covered_node_names_a_procedure_citing_its_parent(tmp_path):
    good = "covered:\n  sec_1__subsec_2: {by: p, note: 'carried by the decision period'}\n"
    rep = check_pack(load(write_pack(tmp_path / "a", coverage=good)))
    assert rep.ok
    bad = "covered:\n  sec_1__subsec_2: {by: nowhere}\n"
    with pytest.raises(PackError, match="'nowhere' is not a procedure"):
        check_pack(load(write_pack(tmp_path / "b", coverage=bad)))


def test_every_real_pack_passes_check_with_its_known_gaps():
    assert law_main(["check"]) == 0


# -- shapes, aliases, labels --------------------------------------------------------------------------


SHAPE = """offence:
  kind: offence
  roles: {officer: Officer, court: Court}
  statuses: {detected: Detected, convicted: Convicted}
  events:
    offence_committed: {title: Offence recorded, by: [officer], opens: true, status: detected, cites: $cites, quote: $quote}
    convicted: {by: [court], status: convicted, cites: $cites, quote: on conviction}
"""
OFFENCE = """procedure: o
use: offence
title: Removing sand
cites: sec_1__subsec_1
quote: "removes sand other than sand used for domestic purpose by residents"
elements:
  unauthorised: {field: not_authorised, text: not being duly authorized, cites: sec_1__subsec_1, quote: "not being duly authorized"}
exceptions:
  domestic: {text: sand for domestic use by residents, cites: sec_1__subsec_1, quote: "other than sand used for domestic purpose",
             fields: {domestic_use: {type: bool, default: false}}, when: [{fact: {domestic_use: true}}]}
qualities:
  cognizable: {value: true, cites: sec_1__subsec_2, quote: "cognizable"}
penalty:
  cites: sec_1__subsec_1
  quote: "fine which may extend to five hundred rupees, and twice the value shall also be recoverable"
  versions:
    - {id: old, from: unknown, to: 2026-04-01, fine: {max: 100}, imprisonment: {max: {months: 1}, with_fine: liable}}
    - {id: new, from: 2026-04-01, fine: {max: 500, fixed: {times: 2, of: value}}}
events:
  offence_committed: {fields: {value: {type: money, default: 0}}}
aliases: {events: {offence_detected: offence_committed}}
"""


def test_no_offence_names_the_body_s_reading_that_brought_the_facts_within_the_exception(tmp_path):
    read = OFFENCE.replace("when: [{fact: {domestic_use: true}}]",
                           "when: [{fact: {domestic_use: true}}, {reading: {mini.month: [thirty_days]}}]")
    pack = load(write_pack(tmp_path, extra={"shapes.yaml": SHAPE, "procedures/o.yaml": read}))
    facts = [ev("offence_committed", date(2026, 5, 1), "officer", not_authorised=True, domestic_use=True)]
    assert evaluate(pack, "o", None, facts, date(2026, 5, 2)).offence["exceptions"] == {"domestic": False}
    with pytest.raises(NoOffence, match=r"^no offence: .*\(read as the body reads mini.month = thirty_days\)"):
        evaluate(pack, "o", BodySettings(interpretations={"mini.month": "thirty_days"}), facts, date(2026, 5, 2))


def test_a_shape_compiles_to_what_the_procedure_would_say_in_full(tmp_path):
    pack = load(write_pack(tmp_path, extra={"shapes.yaml": SHAPE, "procedures/o.yaml": OFFENCE}))
    o = pack.procedure("o")
    assert o.kind == "offence" and o.roles == {"officer": "Officer", "court": "Court"}
    assert o.events["offence_committed"].cites == ["sec_1__subsec_1"]
    assert o.events["offence_committed"].quote.startswith("removes sand")
    assert set(o.events["offence_committed"].fields) == {"not_authorised", "domestic_use", "value"}


def test_an_offence_within_its_exception_is_no_offence_and_otherwise_the_act_date_picks_the_penalty(tmp_path):
    pack = load(write_pack(tmp_path, extra={"shapes.yaml": SHAPE, "procedures/o.yaml": OFFENCE}))
    with pytest.raises(NoOffence) as e:
        evaluate(pack, "o", None, [ev("offence_committed", date(2026, 5, 1), "officer", not_authorised=True, domestic_use=True)],
                 date(2026, 5, 2))
    assert isinstance(e.value, NotAllowed) and e.value.message.startswith("no offence:") and "sec_1__subsec_1" in e.value.message
    with pytest.raises(NoOffence, match="not being duly authorized"):
        evaluate(pack, "o", None, [ev("offence_committed", date(2026, 5, 1), "officer", not_authorised=False)], date(2026, 5, 2))
    late = Event("offence_detected", date(2026, 3, 20), "officer", {"not_authorised": True}, recorded_on=date(2026, 5, 1))
    before = evaluate(pack, "o", None, [late], date(2026, 5, 2))
    assert before.amounts["fine_max"] == 100 and before.amounts["imprisonment_and_fine"] == "liable"
    assert before.amounts["either_or_both"] is False
    assert before.late_entries[0]["recorded_on"] == date(2026, 5, 1)
    assert before.offence["qualities"] == {"cognizable": True}
    after = evaluate(pack, "o", None, [ev("offence_committed", date(2026, 4, 2), "officer", not_authorised=True, value=3000)],
                     date(2026, 5, 2))
    assert after.amounts["total_max"] == 6500
    assert all(s.cites for s in after.trace if "penalty" in s.text or "fine" in s.text)
    assert any("₹6,500" in s.text for s in after.trace)


def test_a_borrowed_procedure_keeps_no_rule_of_a_part_it_does_not_borrow(tmp_path):
    borrow = """procedure: b
use: {procedure: p, borrows: [sec_1__subsec_2]}
title: B
"""
    with pytest.raises(PackError, match="citing sec_1__subsec_1, a part of sec_1 that `borrows` does not name"):
        load(write_pack(tmp_path, extra={"procedures/b.yaml": borrow}))


def test_an_empty_label_is_refused(tmp_path):
    with pytest.raises(PackError, match="role office needs words a person can read"):
        load(write_pack(tmp_path, procedure=PROCEDURE.replace("office: Office", "office: ''")))


def test_an_old_procedure_id_still_opens_its_procedure(tmp_path):
    root = write_pack(tmp_path)
    (root / "act.yaml").write_text("id: mini\ntitle: Mini Act\nstate: GA\nprocedure_aliases: {old_p: p}\n")
    r = evaluate(load(root), "old_p", None, [ev("received", date(2026, 1, 5), "applicant")], date(2026, 1, 9))
    assert r.procedure == "p"


# -- amounts, money -------------------------------------------------------------------------------------


def test_rupees_use_indian_grouping():
    assert rupees(2000000) == "₹20,00,000"
    assert rupees(6500) == "₹6,500"


def test_negative_counts_are_refused():
    from adhiniyam.law import load_pack

    with pytest.raises(InvalidData, match="not negative"):
        evaluate(load_pack("gujarat_municipalities_1963"), "pilgrim_lodging_offence", None,
                 [ev("offence_committed", date(2026, 8, 10), "chief_officer", pilgrim_days=-1)], date(2026, 8, 10))


# -- CLI ------------------------------------------------------------------------------------------------


BAD = """- name: impossible date
  procedure: p
  events: [{type: received, on: 2026-02-30, by: applicant}]
  as_of: 2026-03-05
  expect: {status: pending}
  rests_on: [sec_1__subsec_1]
- name: no as_of
  procedure: p
  events: [{type: received, on: 2026-02-03, by: applicant}]
  expect: {status: pending}
  rests_on: [sec_1__subsec_1]
- name: event without on
  procedure: p
  events: [{type: received, by: applicant}]
  as_of: 2026-03-05
  expect: {status: pending}
  rests_on: [sec_1__subsec_1]
- name: refused
  procedure: p
  events: [{type: decided, on: 2026-02-03, by: office}]
  as_of: 2026-03-05
  expect: {status: pending}
  rests_on: [sec_1__subsec_1]
- name: good
  procedure: p
  events: [{type: received, on: 2026-02-03, by: applicant}]
  as_of: 2026-02-05
  expect: {status: pending}
  rests_on: [sec_1__subsec_1]
"""


def test_law_test_reports_bad_scenarios_by_line_and_runs_the_others(tmp_path, monkeypatch, capsys):
    root = write_pack(tmp_path)
    monkeypatch.setattr(pack_mod, "ACTS_DIR", root.parent)
    pack_mod.load_pack.cache_clear()
    f = tmp_path / "legal_cell.yaml"
    f.write_text(BAD)
    try:
        code = law_main(["test", "--act", "mini", str(f)])
        out = capsys.readouterr().out
        assert code == 1
        assert "Traceback" not in out
        assert "line 3: event 1 (received) `on` must be a real date" in out and "'2026-02-30'" in out
        assert "the scenario lacks as_of" in out
        assert "needs `on: 2026-03-02`" in out
        assert "begins with received" in out
        assert out.strip().endswith("1 passed, 4 failed")
        assert law_main(["test", "--act", "mini", "--json", str(f)]) == 1
        report = json.loads(capsys.readouterr().out)
        assert [s["passed"] for s in report["scenarios"]] == [False, False, False, False, True]
        assert law_main(["evaluate", "--act", "mini", str(f)]) == 1
        assert "Traceback" not in capsys.readouterr().out
        assert law_main(["test", str(tmp_path / "missing.yaml")]) == 2
        assert "no such file" in capsys.readouterr().err
    finally:
        pack_mod.load_pack.cache_clear()


def test_an_hours_timer_given_a_date_without_a_time_is_a_clear_error():
    from adhiniyam.law import load_pack

    with pytest.raises(InvalidData, match="a period in hours runs from a clock time"):
        evaluate(load_pack("himachal_municipal_1994"), "filthy_premises_notice", None,
                 [ev("notice_served", date(2026, 3, 2), "municipality")], date(2026, 3, 4))
    ok = evaluate(load_pack("himachal_municipal_1994"), "filthy_premises_notice", None,
                  [ev("notice_served", datetime(2026, 3, 2, 10, 30), "municipality")], date(2026, 3, 4))
    assert ok.status == "in_default"


# -- the code itself ---------------------------------------------------------------------------------


def test_the_generated_parts_of_the_format_documentation_are_current():
    text = DOC.read_text(encoding="utf-8")
    assert "<!-- generated: conditions" in text and current(text) == text, "run: adhiniyam law docs --write"


def test_no_function_of_the_engine_is_longer_than_a_screen():
    law = Path(__file__).resolve().parents[2] / "src" / "adhiniyam" / "law"
    long = []
    for p in sorted(law.glob("*.py")):
        for n in ast.walk(ast.parse(p.read_text())):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > 50:
                long.append(f"{p.name}:{n.lineno} {n.name}")
    assert not long, textwrap.shorten(", ".join(long), 300)
