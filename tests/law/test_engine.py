"""The engine's refusals: each wrong input gets a clear error naming the section, never a guess."""

from datetime import date, datetime
from pathlib import Path

import pytest

from adhiniyam.law import (
    BodySettings,
    CaseClosed,
    Event,
    InvalidData,
    NoRule,
    NotAllowed,
    OutOfOrder,
    PackError,
    Period,
    UnknownEvent,
    evaluate,
    load_pack,
)
from adhiniyam.law import pack as pack_mod
from adhiniyam.law import time as lt

GOA = "goa_panchayat_raj_1994"


def ev(t, d, by=None, **data):
    return Event(t, d, by, data)


@pytest.fixture(scope="module")
def goa():
    return load_pack(GOA)


def test_unknown_event_is_refused_by_name(goa):
    with pytest.raises(UnknownEvent, match="no event 'permission_teleported'"):
        evaluate(goa, "building_permission", None,
                 [ev("application_received", date(2026, 1, 5)), ev("permission_teleported", date(2026, 1, 6))], date(2026, 1, 7))


def test_events_out_of_order_are_refused(goa):
    with pytest.raises(OutOfOrder, match="dated before"):
        evaluate(goa, "building_permission", None,
                 [ev("application_received", date(2026, 1, 5)),
                  ev("observations_dispatched", date(2026, 1, 8), observations="x"),
                  ev("observations_complied", date(2026, 1, 7))], date(2026, 1, 9))


def test_case_must_open_with_its_opening_event(goa):
    with pytest.raises(OutOfOrder, match="begins with application_received"):
        evaluate(goa, "building_permission", None, [ev("permission_granted", date(2026, 1, 5))], date(2026, 1, 9))


def test_event_after_the_as_of_date_is_refused(goa):
    with pytest.raises(OutOfOrder, match="after the date of evaluation"):
        evaluate(goa, "building_permission", None, [ev("application_received", date(2026, 2, 5))], date(2026, 1, 9))


def test_event_after_case_closed_is_refused(goa):
    with pytest.raises(CaseClosed):
        evaluate(goa, "building_permission", None,
                 [ev("application_received", date(2026, 1, 5)), ev("application_withdrawn", date(2026, 1, 6), "applicant"),
                  ev("permission_granted", date(2026, 1, 7), "secretary")], date(2026, 1, 9))


def test_wrong_role_is_refused(goa):
    with pytest.raises(NotAllowed, match="is for Secretary"):
        evaluate(goa, "building_permission", None,
                 [ev("application_received", date(2026, 1, 5)), ev("permission_granted", date(2026, 1, 7), "applicant")],
                 date(2026, 1, 9))


def test_missing_and_malformed_data_are_refused(goa):
    with pytest.raises(InvalidData, match="needs reasons"):
        evaluate(goa, "building_permission", None,
                 [ev("application_received", date(2026, 1, 5)), ev("permission_refused", date(2026, 1, 7), "secretary")],
                 date(2026, 1, 9))
    with pytest.raises(InvalidData, match="must be a date"):
        evaluate(goa, "building_permission", None,
                 [ev("application_received", date(2026, 1, 5)),
                  ev("permission_refused", date(2026, 1, 7), "secretary", reasons="x", decided_on="17/01/2026")],
                 date(2026, 1, 9))
    with pytest.raises(InvalidData, match="does not take colour"):
        evaluate(goa, "building_permission", None, [ev("application_received", date(2026, 1, 5), colour="red")], date(2026, 1, 9))


def test_unknown_procedure_and_version_name_the_alternatives(goa):
    with pytest.raises(NoRule, match="has no procedure"):
        evaluate(goa, "flying_licence", None, [ev("application_received", date(2026, 1, 5))], date(2026, 1, 9))
    with pytest.raises(NoRule, match="has no version"):
        evaluate(goa, "building_permission", BodySettings(versions={"sec_66__subsec_2": "nonsense"}),
                 [ev("application_received", date(2026, 1, 5))], date(2026, 1, 9))


def test_dated_version_choice_follows_the_date_of_receipt(goa):
    body = BodySettings(versions={"sec_66__subsec_2": [
        {"from": date(2020, 1, 1), "version": "sec_66__subsec_2__bdo_route"},
        {"from": date(2026, 3, 1), "version": "sec_66__subsec_2__fifteen_days"}]})
    before = evaluate(goa, "building_permission", body, [ev("application_received", date(2026, 2, 2))], date(2026, 2, 20))
    after = evaluate(goa, "building_permission", body, [ev("application_received", date(2026, 3, 2))], date(2026, 3, 20))
    assert before.versions["sec_66__subsec_2"] == "sec_66__subsec_2__bdo_route"
    assert before.status == "pending"  # thirty days, not fifteen
    assert after.status == "deemed_granted"
    assert after.deemed[0].on == date(2026, 3, 18)


def test_every_trace_step_of_a_deemed_grant_cites_a_section(goa):
    r = evaluate(goa, "building_permission", None, [ev("application_received", date(2026, 3, 2))], date(2026, 3, 20))
    assert r.deemed[0].on == date(2026, 3, 18)
    assert all(step.cites for step in r.trace)
    assert any("2 March 2026 + 15 days" in s.text for s in r.trace)
    assert r.to_dict()["deemed"][0]["on"] == "2026-03-18"


def test_same_input_same_output(goa):
    evs = [ev("application_received", date(2026, 3, 2)), ev("observations_dispatched", date(2026, 3, 4), "secretary", observations="x")]
    a = evaluate(goa, "building_permission", None, evs, date(2026, 3, 30)).to_dict()
    b = evaluate(goa, "building_permission", None, evs, date(2026, 3, 30)).to_dict()
    assert a == b


def test_hours_need_a_clock_time():
    with pytest.raises(ValueError, match="clock time"):
        lt.last_day(date(2026, 3, 2), Period(24, "hours"))
    assert lt.last_day(datetime(2026, 3, 2, 22, 15), Period(24, "hours")) == datetime(2026, 3, 3, 22, 15)


def test_bad_period_is_refused():
    with pytest.raises(ValueError, match="unknown unit"):
        Period.parse({"fortnights": 1})
    with pytest.raises(ValueError, match="non-negative"):
        Period(-1, "days")


def _write_pack(tmp_path: Path, procedure: str) -> Path:
    root = tmp_path / "acts" / "mini"
    (root / "procedures").mkdir(parents=True)
    (root / "act.yaml").write_text("id: mini\ntitle: Mini Act\nstate: GA\n")
    (root / "text.yaml").write_text("nodes:\n  - {id: sec_1, kind: section, num: '1', number: printed, text: 'x'}\n")
    (root / "procedures" / "p.yaml").write_text(procedure)
    return root


def test_pack_errors_name_file_and_line(tmp_path, monkeypatch):
    root = _write_pack(tmp_path, """procedure: p
title: P
cites: sec_1
quote: "x"
roles: {applicant: A}
statuses: {pending: P}
events:
  received: {by: [applicant], opens: true, status: pending, cites: sec_1}
timers:
  decide:
    cites: sec_9
    quote: "y"
    start: received
    period: {days: 15}
""")
    monkeypatch.setattr(pack_mod, "ACTS_DIR", root.parent)
    with pytest.raises(PackError) as e:
        pack_mod._load(root)
    assert "p.yaml:11" in str(e.value) and "sec_9" in str(e.value)


def test_pack_refuses_a_rule_without_quote(tmp_path, monkeypatch):
    root = _write_pack(tmp_path, """procedure: p
title: P
cites: sec_1
roles: {applicant: A}
events:
  received: {by: [applicant], opens: true}
""")
    with pytest.raises(PackError, match="quotes the words"):
        pack_mod._load(root)


def test_every_pack_loads_and_every_rule_cites_a_real_section():
    from adhiniyam.law import list_packs

    for act in list_packs():
        p = load_pack(act)
        assert p.nodes, f"{act} has no structured text"


GUJ = "gujarat_municipalities_1963"


@pytest.mark.parametrize("days,ok", [(31, True), (28, True), (32, False)])
def test_a_period_bound_of_one_month_is_a_calendar_month_not_thirty_days(days, ok):
    """Gujarat s.155(4)(a): a provisional order 'for a period, which shall not be longer than one month
    from the date of such order'. Issued 15 January: 31 days end on 15 February, exactly one month."""
    evs = [ev("notice_received", date(2026, 1, 5), "applicant"),
           ev("provisional_order_issued", date(2026, 1, 15), "chief_officer", stop_period={"days": days})]
    if ok:
        r = evaluate(load_pack(GUJ), "new_building_notice", None, evs, date(2026, 1, 20))
        assert r.status == "stop_order"
    else:
        # gj.orders.past_limit: by default the order is good for the month the Act allows ...
        r = evaluate(load_pack(GUJ), "new_building_notice", None, evs, date(2026, 1, 20))
        assert r.status == "stop_order"
        # ... and under the other reading an order for longer is refused.
        body = BodySettings(state="GJ", interpretations={"gj.orders.past_limit": "refuse"})
        with pytest.raises(InvalidData, match="not more than 1 month"):
            evaluate(load_pack(GUJ), "new_building_notice", body, evs, date(2026, 1, 20))
