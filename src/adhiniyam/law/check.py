"""`adhiniyam law check`: what loading alone cannot see.

* every question of the register is read by some rule (an unread reading tells a body's legal
  officer something false);
* every alternative reading is shown to act by a pair of scenarios of the pack's tests that differ
  only in that reading and expect different outcomes;
* every node of the text is classified (coverage by provision);
* every parameter is used by some rule.

Known gaps (`known_gaps.yaml`, contract 3) are listed, not failed; a listed entry that is no longer
a gap fails too, so the file only shrinks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from . import registers
from .coverage import coverage
from .pack import KNOWN_GAP_KINDS, Pack
from .registers import read_ids
from .scenarios import load_file

NOT_SCENARIO = ("name", "expect", "rests_on", "quote", "note")


@dataclass
class Report:
    act: str
    errors: list = field(default_factory=list)  # scenarios naming an unknown question or reading
    gaps: dict = field(default_factory=dict)  # kind -> sorted list of entries found
    new: dict = field(default_factory=dict)  # kind -> entries found but not listed in known_gaps.yaml
    closed: dict = field(default_factory=dict)  # kind -> entries listed that are no longer gaps

    @property
    def ok(self) -> bool:
        return not self.errors and not any(self.new.values()) and not any(self.closed.values())


# -- scenario pairs -----------------------------------------------------------------------------


def _canon(sc: dict, without: str) -> str:
    body = dict(sc.get("body") or {})
    interps = {k: str(v) for k, v in (body.get("interpretations") or {}).items() if k != without}
    body["interpretations"] = interps
    rest = {k: v for k, v in sc.items() if k not in NOT_SCENARIO and k != "body"}
    return json.dumps([rest, body], sort_keys=True, default=str)


def scenarios(pack: Pack) -> list:
    out = []
    for f in pack.scenario_files:
        try:
            out.extend(sc for sc in load_file(f) if isinstance(sc, dict))
        except Exception:  # noqa: BLE001 — a file that does not load is reported by `law test`
            continue
    return out


def _chosen(sc) -> dict:
    return {k: str(v) for k, v in ((sc.get("body") or {}).get("interpretations") or {}).items()}


def paired(pack: Pack, scs: list | None = None) -> set:
    """`id:reading` for every alternative shown to act by a pair of scenarios."""
    scs = scenarios(pack) if scs is None else scs
    relevant = {iid for sc in scs for iid in _chosen(sc) if registers.find(pack, iid) is not None}
    groups: dict = {}
    for sc in scs:
        chosen, base = _chosen(sc), _canon(sc, "")
        expect = json.dumps(sc.get("expect"), sort_keys=True, default=str)
        for iid in relevant:
            key = _canon(sc, iid) if iid in chosen else base
            r = chosen.get(iid, registers.find(pack, iid).default)
            groups.setdefault((iid, key), []).append((r, expect))
    out = set()
    for (iid, _), members in groups.items():
        for r, exp in members:
            if any(r2 != r and exp2 != exp for r2, exp2 in members):
                out.add(f"{iid}:{r}")
    return out


def scenario_errors(pack: Pack, scs: list) -> list[str]:
    """Scenarios that choose an unknown question or reading (each error lists the valid ones)."""
    from .errors import LawError

    out = []
    for sc in scs:
        if "error" in (sc.get("expect") or {}):
            continue  # a scenario that shows the refusal itself
        try:
            registers.validate_choices(pack, _chosen(sc), f"scenario {sc.get('name', '?')!r} (line {getattr(sc, 'line', '?')})")
        except LawError as e:
            out.append(e.message)
    return out


def alternatives(pack: Pack, read: set) -> set:
    """`id:reading` for every non-default reading of a question the pack reads."""
    out = set()
    for iid in read:
        it = registers.find(pack, iid)
        if it is not None:
            out.update(f"{iid}:{r}" for r in it.readings if r != it.default)
    return out


def unused_parameters(pack: Pack) -> set:
    used: set = set()

    def walk(o):
        if isinstance(o, dict):
            if isinstance(o.get("param"), str):
                used.add(o["param"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    for src in pack.sources.values():
        walk(src.raw)
    return set(pack.parameters) - used


def check_pack(pack: Pack) -> Report:
    read = read_ids(pack)
    found = {
        "unread_readings": set(pack.interpretations) - read,
        "alternatives_without_pair": alternatives(pack, read & set(pack.interpretations)) - paired(pack),
        "unclassified_nodes": {r.id for r in coverage(pack) if r.state == "unclassified"},
        "unused_parameters": unused_parameters(pack),
    }
    rep = Report(pack.id, errors=scenario_errors(pack, scenarios(pack)))
    juris = registers.jurisdictions()["_interpretations"]
    for kind in KNOWN_GAP_KINDS:  # jurisdiction questions listed here are judged by check_jurisdiction
        listed = {x for x in pack.known_gaps.get(kind) or [] if x.partition(":")[0] not in juris}
        rep.gaps[kind] = sorted(found[kind])
        rep.new[kind] = sorted(found[kind] - listed)
        rep.closed[kind] = sorted(listed - found[kind])
    return rep


def _with_answered(pack: Pack, pairs: set) -> set:
    """The pack's pairs, and for a provision's own question that answers a jurisdiction-wide one
    (`overrides:`), the jurisdiction's reading each paired reading stands for: the same arithmetic
    shown to act."""
    out = set(pairs)
    for base, its in pack.overrides.items():
        out.update(f"{base}:{it.maps.get(r, r)}" for it in its for r in it.readings if f"{it.id}:{r}" in pairs)
    return out


def check_jurisdiction(packs: list[Pack]) -> list[str]:
    """Questions of jurisdictions.yaml: each read by some pack, each alternative paired in some pack
    that reads it (or listed in that pack's known gaps)."""
    problems = []
    listed_unread = {e for p in packs for e in p.known_gaps.get("unread_readings") or []}
    listed_pairs = {e for p in packs for e in p.known_gaps.get("alternatives_without_pair") or []}
    reads = {p.id: read_ids(p) for p in packs}
    pairs = set().union(*(_with_answered(p, paired(p)) for p in packs)) if packs else set()
    for iid, it in registers.jurisdictions()["_interpretations"].items():
        is_read = any(iid in r for r in reads.values())
        if is_read == (iid in listed_unread):
            problems.append(f"jurisdiction question {iid} is read by no pack" if not is_read else
                            f"jurisdiction question {iid} is listed as unread in a known_gaps.yaml but is read: remove it")
        for r in it.readings if is_read else ():
            key = f"{iid}:{r}"
            if r == it.default:
                continue
            if key not in pairs and key not in listed_pairs:
                problems.append(f"jurisdiction reading {key} is shown to act by no pair of scenarios in any pack")
            if key in pairs and key in listed_pairs:
                problems.append(f"jurisdiction reading {key} is listed in a known_gaps.yaml but a pair shows it: remove it")
    return problems
