"""Offences as findings about facts: before any penalty, the record must show the elements the words
require, that no exception of the text applies, and that the preconditions held on the date of the
act (an area declared, a ground closed, a notice lapsed, local law in force). Facts within an
exception, or short of an element, are refused with the section and its words: "no offence: …".
"""

from __future__ import annotations

from . import time as lt
from .conditions import first_failure
from .errors import NoOffence


def _no_offence(case, part, why: str) -> NoOffence:
    return NoOffence(f"no offence: {why} — {', '.join(part['cites'])}: {part['quote']!r}{case.chosen_note()}", part["cites"])


def act_moment(case, ev=None):
    """When the act was done (with its clock time where the record has one): the record's own date of the
    act (`date_of_act: field`, default offence_date); for the breach of a notice (`date_of_act: {day_after:
    timer}`) the first day of default, None while there is none; else the date of the event the offence is
    judged at — `ev` while it is being recorded, `offence_at` (None until it is recorded), or the opening event."""
    spec = case.proc.raw.get("date_of_act", "offence_date")
    if isinstance(spec, dict):
        return case.timers[spec["day_after"]].expired
    if case.facts.get(spec):
        return case.facts[spec]
    if ev is not None:
        return ev.on
    at = case.proc.offence.event if case.proc.offence is not None else None
    if at is None:
        return case.opened_on
    return case.first[at][0] if at in case.first else None


def fields_of(raw) -> dict:
    """The fields an offence's opening record carries for its elements and exceptions."""
    out = {}
    for name, el in (raw.get("elements") or {}).items():
        if isinstance(el, dict) and el.get("field"):
            out[el["field"]] = {"type": "bool", "title": el.get("text", name.replace("_", " "))}
    for ex in (raw.get("exceptions") or {}).values():
        if isinstance(ex, dict):
            out.update(ex.get("fields") or {})
    return out


def judge(case, offence, et, ev, data) -> dict:
    """The finding on the record of the offence (the opening event, or `offence_at`): raises NoOffence,
    or returns what held."""
    when = act_moment(case, ev) or ev.on
    on = lt.to_date(when)
    found = {"date_of_act": on, "elements": {}, "exceptions": {}, "preconditions": {}, "qualities": {}}
    for name, el in offence.elements.items():
        failed = first_failure(el["when"], case, when)
        if failed is not None:
            raise _no_offence(case, el, f"the record does not show {el['text']} ({failed.failure(case)})")
        found["elements"][name] = True
        case.step(on, f"element: {el['text']} — shown ({el['quote']!r})", el["cites"])
    for name, ex in offence.exceptions.items():
        if ex["when"] and first_failure(ex["when"], case, when) is None:
            raise _no_offence(case, ex, f"the facts fall within the exception: {ex['text']}")
        found["exceptions"][name] = False
        case.step(on, f"exception: {ex['text']} — does not apply ({ex['quote']!r})", ex["cites"])
    for pre in offence.preconditions:
        failed = first_failure(pre["when"], case, when)
        if failed is not None:
            raise _no_offence(case, pre, f"on the date of the act ({lt.fmt(on)}) {pre['text']} did not hold: {failed.failure(case)}")
        found["preconditions"][pre["name"]] = True
        case.step(on, f"precondition on {lt.fmt(on)}: {pre['text']} — holds ({pre['quote']!r})", pre["cites"])
    for q, spec in offence.qualities.items():
        found["qualities"][q] = spec["value"]
        case.step(on, f"{q.replace('_', ' ')}: {spec['value']} ({spec['quote']!r})", spec["cites"])
    return found
