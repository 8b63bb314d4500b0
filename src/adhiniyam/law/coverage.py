"""Coverage by provision (contract 2): every node of `text.yaml` below the chapters is

* **encoded** — a rule (procedure, parameter, switch) cites it (a section: it or a part of it);
* **informational** — `coverage.yaml` `informational:` gives the reason it has no rule;
* **covered** — `coverage.yaml` `covered:` names the procedure (optionally `procedure.event` or
  `procedure.timer`) whose rule carries its words, and that procedure cites an ancestor of it;
* otherwise **unclassified**.

A section is classified by itself; every node below it is judged on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import PackError
from .pack import Pack

LEVELS = ("section", "subsection", "clause", "subclause", "proviso", "explanation")
STATES = ("encoded", "informational", "covered", "unclassified")


@dataclass
class NodeCoverage:
    id: str
    kind: str
    num: str
    heading: str
    state: str  # encoded | informational | covered | unclassified
    reason: str
    rules: list = field(default_factory=list)


def walk_cites(obj, where: str, out: dict) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "cites":
                for c in [v] if isinstance(v, str) else list(v or []):
                    out.setdefault(c, set()).add(where)
            else:
                walk_cites(v, where, out)
    elif isinstance(obj, list):
        for v in obj:
            walk_cites(v, where, out)


def cited(pack: Pack) -> dict[str, set]:
    """Every id cited by a rule of the pack -> the rules that cite it."""
    out: dict[str, set] = {}
    for src in pack.sources.values():
        walk_cites(src.raw, f"procedure {src.id}", out)
    for name, p in pack.parameters.items():
        walk_cites(p, f"parameter {name}", out)
    for name, s in pack.switches.items():
        walk_cites(s, f"switch {name}", out)
    return out


def _ancestors(pack: Pack, nid: str):
    n = pack.nodes.get(pack.nodes[nid].get("parent"))
    while n is not None:
        yield n["id"]
        n = pack.nodes.get(n.get("parent"))


def _covered_by(pack: Pack, nid: str, spec: dict, by_rule: dict) -> str:
    """Check a `covered:` entry; the words for the report."""
    pid, _, part = str(spec["by"]).partition(".")
    src = pack.sources.get(pid)
    where = pack.path / "coverage.yaml"
    if src is None:
        raise PackError(where, getattr(spec, "line", None), f"covered {nid}: {pid!r} is not a procedure of the pack")
    if part and part not in (src.raw.get("events") or {}) and part not in (src.raw.get("timers") or {}):
        raise PackError(where, getattr(spec, "line", None), f"covered {nid}: {pid} has no event or timer {part!r}")
    if not any(f"procedure {pid}" in by_rule.get(a, ()) for a in _ancestors(pack, nid)):
        raise PackError(where, getattr(spec, "line", None), f"covered {nid}: {pid} cites no part of the text above {nid}")
    return f"covered by {spec['by']}" + (f": {spec['note']}" if spec.get("note") else "")


def coverage(pack: Pack) -> list[NodeCoverage]:
    by_rule = cited(pack)
    by_section: dict[str, set] = {}
    for cid, rules in by_rule.items():
        sec = pack.section_of(cid)
        if sec:
            by_section.setdefault(sec, set()).update(rules)
    rows = []
    for nid in pack.order:
        n = pack.nodes[nid]
        kind = n.get("kind")
        if kind not in LEVELS:
            continue
        rules = sorted(by_section.get(nid, ()) if kind == "section" else by_rule.get(nid, ()))
        if not rules and kind != "section":  # a version of this node cited is the node cited
            rules = sorted({r for v in n.get("versions") or [] for r in by_rule.get(v.get("id"), ())})
        if rules:
            state, reason = "encoded", ""
        elif nid in pack.informational:
            state, reason = "informational", pack.informational[nid]
        elif nid in pack.covered:
            state, reason = "covered", _covered_by(pack, nid, pack.covered[nid], by_rule)
        else:
            state, reason = "unclassified", ""
        rows.append(NodeCoverage(nid, kind, str(n.get("num") or ""), n.get("heading") or "", state, reason, rules))
    return rows


def totals(rows) -> dict:
    """{level: {state: count}} for the report."""
    out = {lvl: dict.fromkeys(STATES, 0) for lvl in LEVELS}
    for r in rows:
        out[r.kind][r.state] += 1
    return {lvl: c for lvl, c in out.items() if any(c.values())}
