"""Per-Act mappings of this app (mappings/<act_id>.yaml): complaint categories and the procedures
that could apply to each, and the options the Act gives on a notice's default, with how the cost
of works done by the body is recovered.

Nothing here is a rule of law of its own: every procedure named must exist in the body's law pack,
every `cites` must be a node of the pack's text, and every `quote` must be words of that node.
`check(act_id)` lists what does not hold; `load(act_id)` drops those entries (so a pack being
rewritten never breaks the service) and the test suite asserts that nothing was dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from adhiniyam.law import load_pack

DIR = Path(__file__).resolve().parent / "mappings"


@dataclass
class Category:
    code: str
    name: str
    description: str
    procedures: list[str]


@dataclass
class Recovery:
    as_: str
    cites: str
    quote: str

    LABELS = {
        "arrears_of_land_revenue": "recoverable as arrears of land revenue",
        "arrears_of_tax": "recoverable as arrears of tax",
        "as_if_tax": "recoverable as if it were a tax imposed under the Act",
        "expense_of_owner": "payable by the owner (steps taken at the owner's expense)",
        "as_tax_claim": "recoverable in the same manner as an amount claimed on account of a tax",
    }

    @property
    def label(self) -> str:
        return self.LABELS.get(self.as_, self.as_.replace("_", " "))


@dataclass
class DefaultOption:
    kind: str                      # works_by_body | prosecution | continuing_fine | further_notice
    event: str | None = None       # the event of the notice's procedure that records the works
    amount_field: str | None = None
    offence: str | None = None     # the offence procedure for a prosecution
    recovery: Recovery | None = None
    note: str = ""


@dataclass
class Mapping:
    act_id: str
    categories: dict[str, Category] = field(default_factory=dict)
    defaults: dict[str, list[DefaultOption]] = field(default_factory=dict)
    emergency_expenditure: dict | None = None
    fees: dict[str, dict] = field(default_factory=dict)      # procedure -> {event, amount_field, cites, quote}
    problems: list[str] = field(default_factory=list)


def _norm(text: str) -> str:
    text = re.sub(r"\d+\[", "", text or "")           # footnote markers printed as 64[...]
    text = re.sub(r"[\[\]]", "", text)
    return re.sub(r"\s+", " ", text).strip().lower()


def node_text(pack, node_id: str) -> str | None:
    n = pack.nodes.get(node_id)
    if n is None:
        return None
    parts = [n.get("text") or ""]
    for v in n.get("versions") or []:
        if v.get("id") == node_id or node_id == n.get("id"):
            parts.append(v.get("text") or "")
    return " ".join(parts)


def _check_quote(pack, cites: str, quote: str) -> str | None:
    text = node_text(pack, cites)
    if text is None:
        return f"cites {cites!r} is not a node of {pack.id}'s text"
    for piece in [p for p in re.split(r"\s*…\s*|\s*\.\.\.\s*", quote) if p.strip()]:
        if _norm(piece) not in _norm(text):
            return f"quote {piece[:60]!r}… is not in the words of {cites}"
    return None


@cache
def load(act_id: str) -> Mapping:
    m = Mapping(act_id)
    path = DIR / f"{act_id}.yaml"
    if not act_id or not path.exists():
        return m
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    pack = load_pack(act_id)
    have = set(pack.procedures)
    for code, c in (raw.get("categories") or {}).items():
        procs = []
        for pid in c.get("procedures") or []:
            if pid in have:
                procs.append(pid)
            else:
                m.problems.append(f"category {code}: no procedure {pid!r} in {act_id}")
        m.categories[code] = Category(code, c["name"], c.get("description", ""), procs)
    for pid, options in (raw.get("defaults") or {}).items():
        if pid not in have:
            m.problems.append(f"defaults: no procedure {pid!r} in {act_id}")
            continue
        proc = pack.procedure(pid)
        kept = []
        for o in options or []:
            rec = None
            if o.get("recovery"):
                r = o["recovery"]
                bad = _check_quote(pack, r["cites"], r["quote"])
                if bad:
                    m.problems.append(f"defaults {pid}: {bad}")
                    continue
                rec = Recovery(r["as"], r["cites"], r["quote"])
            if o.get("event") and o["event"] not in proc.events:
                m.problems.append(f"defaults {pid}: no event {o['event']!r} in the procedure")
                continue
            if o.get("offence") and o["offence"] not in have:
                m.problems.append(f"defaults {pid}: no offence procedure {o['offence']!r}")
                continue
            kept.append(DefaultOption(kind=o["kind"], event=o.get("event"), amount_field=o.get("amount_field"),
                                      offence=o.get("offence"), recovery=rec, note=o.get("note", "")))
        m.defaults[pid] = kept
    for pid, f in (raw.get("fees") or {}).items():
        if pid not in have:
            m.problems.append(f"fees: no procedure {pid!r} in {act_id}")
            continue
        if f.get("event") not in pack.procedure(pid).events:
            m.problems.append(f"fees {pid}: no event {f.get('event')!r}")
            continue
        bad = _check_quote(pack, f["cites"], f["quote"])
        if bad:
            m.problems.append(f"fees {pid}: {bad}")
            continue
        m.fees[pid] = f
    ee = raw.get("emergency_expenditure")
    if ee:
        per_matter = ee.get("per_matter") or {}
        if any(iid not in pack.interpretations or r not in pack.interpretations[iid].readings for iid, r in per_matter.items()):
            m.problems.append(f"emergency_expenditure: per_matter {per_matter!r} is not a reading of the pack")
        elif ee.get("parameter") in pack.parameters:
            m.emergency_expenditure = ee
        else:
            m.problems.append(f"emergency_expenditure: no parameter {ee.get('parameter')!r}")
    return m


def check(act_id: str) -> list[str]:
    load.cache_clear()
    return load(act_id).problems


def acts() -> list[str]:
    return sorted(p.stem for p in DIR.glob("*.yaml"))
