"""Checks: numbers that decide ("within one hundred metres of any dwelling", "not exceeding five
thousand rupees in a month"), run when an event is recorded. A check that fails is a finding, or —
with `refuse: true` — the event is refused."""

from __future__ import annotations

from datetime import timedelta

from . import amounts
from . import time as lt
from .conditions import first_failure
from .errors import InvalidData, NotAllowed
from .money import rupees

OPS = {"at_least": lambda v, lim: v >= lim, "at_most": lambda v, lim: v <= lim,
       "more_than": lambda v, lim: v > lim, "less_than": lambda v, lim: v < lim,
       "equals": lambda v, lim: v == lim, "in": lambda v, lim: v in lim}


def _window(within, on):
    """The days a total runs over, ending on `on`: the calendar month of `on`, or the N days up to it."""
    d = lt.as_date(on)
    if within == "calendar_month":
        return d.replace(day=1), d, f"in {d:%B %Y}"
    days = lt.Period.parse(within)
    start = d - days.delta() + timedelta(days=1)
    return start, d, f"in the {days} up to {lt.fmt(d)}"


def _total(case, tot, on, current: dict):
    """The sum of a field over the case's events of one type within a period ending on `on`; with
    `same: field`, only the events whose field is the current event's (the same matter; unstated counts
    as one matter)."""
    start, end, where = _window(tot.get("within", "calendar_month"), on)
    types = [tot["event"]] if isinstance(tot["event"], str) else list(tot["event"])
    same = tot.get("same")
    got = [data.get(tot["field"], 0) for (etype, when, data) in case.history
           if etype in types and start <= lt.as_date(when) <= end and (not same or data.get(same) == current.get(same))]
    if same:
        where += f" with {same.replace('_', ' ')} {current.get(same)!r}"
    v = sum(got)
    return v, f"total {tot['field'].replace('_', ' ')} {where} = {' + '.join(rupees(x) for x in got) or '0'} = {rupees(v)}"


def _value(case, cid, chk, on, current: dict):
    rule = chk["rule"]
    if "total" in rule:
        return _total(case, rule["total"], on, current)
    if "amount" in rule:  # an expression of the facts ("three times the votes in favour")
        return amounts.amount(case, rule["amount"], on, _show(case, chk))
    fact = rule["fact"]
    v = case.facts.get(fact)
    if v is None:
        cites = chk["cites"] if isinstance(chk["cites"], list) else [chk["cites"]]
        raise InvalidData(f"{cid}: {fact.replace('_', ' ')} is needed to apply {', '.join(cites)}", cites)
    return v, f"{fact.replace('_', ' ')} = {v}"


def _show(case, chk):
    """How the check's numbers are written: rupees, or plain numbers — as the check says (`unit:`), else
    as the unit of the parameter it compares with (metres, members), else rupees."""
    unit = chk.get("unit")
    if unit is None:
        params = [lim["param"] for op, lim in chk["rule"].items() if op in OPS and isinstance(lim, dict) and "param" in lim]
        unit = case.pack.parameters[params[0]].get("unit", "rupees") if params else "rupees"
    return rupees if unit == "rupees" else amounts.count


def run_check(case, cid, chk, ev) -> None:
    if chk.get("_when") and first_failure(chk["_when"], case, ev.on) is not None:
        return
    cites = chk["cites"] if isinstance(chk["cites"], list) else [chk["cites"]]
    current = case.history[-1][2] if case.history else {}  # the checked event's data, as accepted
    v, shown = _value(case, cid, chk, ev.on, current)
    rule = chk["rule"]
    ok, words = True, shown
    for op, test in OPS.items():
        if op in rule:
            lim, lim_words = rule[op], None
            if isinstance(lim, dict):  # a parameter or any amount expression ("two times the total members")
                lim, lim_words = amounts.amount(case, lim, ev.on, _show(case, chk))
            ok = test(v, lim)
            words = f"{shown}, must be {op.replace('_', ' ')} {lim_words or lim}"
    case.findings[cid] = ok
    case.step(ev.on, f"check {cid}: {words}: {'satisfied' if ok else 'NOT satisfied'} ({chk.get('quote', '')!r})", cites)
    if not ok and chk.get("refuse"):
        raise NotAllowed(f"{chk.get('title', cid.replace('_', ' '))}: {words} ({chk.get('quote', '')})", cites)
