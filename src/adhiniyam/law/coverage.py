"""Coverage: every section of an Act is encoded (some rule cites it), informational (no
computable rule, with the reason), or not yet classified."""

from __future__ import annotations

from dataclasses import dataclass

from .pack import Pack


@dataclass
class SectionCoverage:
    id: str
    num: str
    heading: str
    state: str  # encoded | informational | unclassified
    reason: str
    rules: list


def _walk_cites(obj, where: str, out: dict):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "cites":
                for c in [v] if isinstance(v, str) else list(v or []):
                    out.setdefault(c, set()).add(where)
            else:
                _walk_cites(v, where, out)
    elif isinstance(obj, list):
        for v in obj:
            _walk_cites(v, where, out)


def cited(pack: Pack) -> dict[str, set]:
    """Every id cited by a rule of the pack -> the rules that cite it."""
    out: dict[str, set] = {}
    for src in pack.sources.values():
        _walk_cites(src.raw, f"procedure {src.id}", out)
    for name, p in pack.parameters.items():
        _walk_cites(p, f"parameter {name}", out)
    return out


def coverage(pack: Pack) -> list[SectionCoverage]:
    by_section: dict[str, set] = {}
    for cid, rules in cited(pack).items():
        sec = pack.section_of(cid)
        if sec:
            by_section.setdefault(sec, set()).update(rules)
    rows = []
    for nid in pack.order:
        n = pack.nodes[nid]
        if n.get("kind") != "section":
            continue
        rules = sorted(by_section.get(nid, ()))
        if rules:
            state, reason = "encoded", ""
        elif nid in pack.informational:
            state, reason = "informational", pack.informational[nid]
        else:
            state, reason = "unclassified", ""
        rows.append(SectionCoverage(nid, str(n.get("num") or ""), n.get("heading") or "", state, reason, rules))
    return rows
