"""What a new version of a law pack changes in open cases.

Each open case of the Act (of one body, or all) is evaluated as of now under both versions, with
its own events, readings and provision versions; a case is listed when its status, a deadline's
last day, a deemed outcome's day or an amount differs, side by side, with the rules of its
procedure that differ between the versions (a timer's period or start, a parameter's value…).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from adhiniyam.records import engine as E
from adhiniyam.records.models import Case

from . import store


@dataclass
class Outcome:
    status: str
    deadlines: dict          # timer id -> last day (ISO) or "stopped"
    deemed: dict             # outcome -> day
    amounts: dict
    error: str = ""

    def differences(self, other: Outcome) -> list[str]:
        out = []
        if self.status != other.status:
            out.append("status")
        if self.error != other.error:
            out.append("refused")
        out += [f"deadline {k}" for k in sorted(set(self.deadlines) | set(other.deadlines))
                if self.deadlines.get(k) != other.deadlines.get(k)]
        out += [f"deemed {k}" for k in sorted(set(self.deemed) | set(other.deemed)) if self.deemed.get(k) != other.deemed.get(k)]
        out += [f"amount {k}" for k in sorted(set(self.amounts) | set(other.amounts))
                if self.amounts.get(k) != other.amounts.get(k)]
        return out


@dataclass
class Row:
    case: Case
    old: Outcome
    new: Outcome
    differs: list[str]
    rules: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"case": self.case.pk, "number": self.case.number, "procedure": self.case.procedure,
                "differs": self.differs, "rules": self.rules, "old": self.old.__dict__, "new": self.new.__dict__}


def outcome(case, rows, pack, settings) -> Outcome:
    try:
        _p, r = E.evaluate(case, rows, trace=False, settings=settings, pack=pack)
    except E.law().LawError as exc:
        return Outcome("", {}, {}, {}, error=exc.message)
    deadlines = {d.name: ("stopped" if d.suspended else E.as_json(d.last_day)) for d in r.deadlines}
    deemed = {d.outcome: E.as_json(d.on) for d in r.deemed}
    amounts = {k: E.as_json(v) for k, v in (r.amounts or {}).items() if k != "trace"}
    return Outcome(r.status or "", deadlines, deemed, amounts)


def changed_rules(old_pack, new_pack, case) -> list[str]:
    """The rules of the case's procedure (with its versions and readings applied) that differ between
    two packs, as written: a timer's or an event's keys, the penalty, the pack's parameters."""
    try:
        po = E.procedure(old_pack, case.procedure, case.settings_snapshot, case.opened_on).raw
        pn = E.procedure(new_pack, case.procedure, case.settings_snapshot, case.opened_on).raw
    except E.law().LawError as exc:
        return [f"procedure {case.procedure}: {exc.message}"]
    out = []
    for part in ("timers", "events"):
        a_all, b_all = po.get(part) or {}, pn.get(part) or {}
        for rid in sorted(set(a_all) | set(b_all)):
            out += _rule_diff(part[:-1], rid, a_all.get(rid), b_all.get(rid))
    if po.get("penalty") != pn.get("penalty"):
        out.append(f"penalty of {case.procedure}: {_show(po.get('penalty'))} → {_show(pn.get('penalty'))}")
    for name in sorted(set(old_pack.parameters) | set(new_pack.parameters)):
        a, b = old_pack.parameters.get(name) or {}, new_pack.parameters.get(name) or {}
        if a.get("values") != b.get("values"):
            out.append(f"parameter {name} [{b.get('cites') or a.get('cites')}]: {_show(a.get('values'))} → "
                       f"{_show(b.get('values'))}")
    return out


def _rule_diff(kind: str, rid: str, a, b) -> list[str]:
    if a == b:
        return []
    if a is None or b is None:
        return [f"{kind} {rid}: {'added' if a is None else 'removed'}"]
    cites = b.get("cites") or a.get("cites") or ""
    return [f"{kind} {rid} [{cites}]: {key} {_show(a.get(key))} → {_show(b.get(key))}"
            for key in sorted(set(a) | set(b)) if a.get(key) != b.get(key) and key not in ("note",)]


def _show(value) -> str:
    return json.dumps(E.as_json(value), ensure_ascii=False, sort_keys=True) if value is not None else "—"


def compare(act_id: str, old: str, new: str, body=None) -> list[Row]:
    """Open cases of the Act (of `body`, or every body) whose outcome differs between two versions."""
    from adhiniyam.records.errors import Invalid

    old_pack, new_pack = store.load(act_id, old), store.load(act_id, new)
    if old_pack is None or new_pack is None:
        raise Invalid(f"Version {old if old_pack is None else new} of {act_id} is not stored.")
    cases = Case.objects.filter(act_id=act_id, closed=False).select_related("body").order_by("body_id", "pk")
    if body is not None:
        cases = cases.filter(body=body)
    out, rules = [], {}
    for case in cases.iterator(chunk_size=500):
        rows = list(case.events.order_by("seq"))
        settings = E.body_settings(case.body, case.settings_snapshot)
        a, b = outcome(case, rows, old_pack, settings), outcome(case, rows, new_pack, settings)
        differs = a.differences(b)
        if differs:
            key = (case.procedure, repr(case.settings_snapshot), case.opened_on)
            if key not in rules:
                rules[key] = changed_rules(old_pack, new_pack, case)
            out.append(Row(case, a, b, differs, rules[key]))
    return out
