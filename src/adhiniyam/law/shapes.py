"""Shapes: a procedure states only what differs from a shape it uses.

    - procedure: offence_s73_street_obstruction
      use: offence                 # a shape of the pack (acts/<act>/shapes.yaml) or of the engine (law/shapes.yaml)
      title: …
      cites: sec_73__subsec_1
      quote: …
      penalty: {…}

    - procedure: factory_permission   # "the provisions of sub-sections (2) … of section 66 shall apply mutatis mutandis"
      use: {procedure: building_permission, borrows: [sec_66__subsec_2, sec_66__subsec_2A, …]}
      title: …                         # and what differs; `null` removes a part the section does not borrow

The shape (or borrowed procedure) and the procedure are merged key by key (the procedure wins;
`null` removes). In a shape, the strings `$cites`, `$quote` and `$title` stand for the using
procedure's own. A borrowing procedure may keep no rule that cites a part of the lending section
it does not name in `borrows`.
"""

from __future__ import annotations

import copy
from pathlib import Path

from . import yamlio
from .errors import PackError

LAW_DIR = Path(__file__).resolve().parent
PLACEHOLDERS = ("$cites", "$quote", "$title")


def deep_merge(base, patch):
    """`patch` over `base`, key by key; `None` in the patch removes the key."""
    if not isinstance(base, dict) or not isinstance(patch, dict):
        return copy.deepcopy(patch)
    out = yamlio.Mapping(base)
    out.file, out.line = getattr(patch, "file", None) or getattr(base, "file", None), getattr(patch, "line", None) or getattr(base, "line", None)
    for k, v in patch.items():
        if v is None:
            out.pop(k, None)
        elif k in out:
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def load_shapes(pack_path: Path) -> dict:
    """The engine's shapes and the pack's, by name."""
    shapes = {}
    for p in (LAW_DIR / "shapes.yaml", pack_path / "shapes.yaml"):
        if not p.exists():
            continue
        for name, spec in (yamlio.load(p) or {}).items():
            if name in shapes:
                raise PackError(p, getattr(spec, "line", None), f"shape {name!r} is defined twice")
            if not isinstance(spec, dict):
                raise PackError(p, None, f"shape {name!r} is a mapping of procedure keys")
            shapes[name] = spec
    return shapes


def _substitute(obj, values: dict):
    if isinstance(obj, str) and obj in values:
        return copy.deepcopy(values[obj])
    if isinstance(obj, dict):
        out = yamlio.Mapping((k, _substitute(v, values)) for k, v in obj.items())
        out.file, out.line = getattr(obj, "file", None), getattr(obj, "line", None)
        return out
    if isinstance(obj, list):
        return [_substitute(v, values) for v in obj]
    return obj


class Expander:
    """Expands `use:` for one pack: shapes by name, borrowed procedures by id (each once)."""

    def __init__(self, shapes: dict, raws: dict, nodes: dict, path: Path):
        self.shapes, self.raws, self.nodes, self.path = shapes, raws, nodes, path
        self.done: dict = {}
        self.stack: list = []

    def err(self, obj, msg):
        return PackError(getattr(obj, "file", None) or self.path, getattr(obj, "line", None), msg)

    def shape(self, name: str, owner):
        if name not in self.shapes:
            raise self.err(owner, f"use: {name!r} is not a shape; the shapes are {', '.join(sorted(self.shapes)) or 'none'}")
        return self.expand(self.shapes[name], f"shape {name}")

    def procedure(self, pid: str, owner):
        if pid not in self.raws:
            raise self.err(owner, f"use: procedure {pid!r} is not a procedure of this pack")
        if pid not in self.done:
            self.done[pid] = self.expand(self.raws[pid], f"procedure {pid}")
        base = yamlio.Mapping(self.done[pid])
        base.pop("procedure", None)
        return base

    def expand(self, raw, label: str):
        use = raw.get("use")
        if use is None:
            return raw
        if label in self.stack:
            raise self.err(raw, f"{label} uses itself (through {' → '.join(self.stack)})")
        self.stack.append(label)
        try:
            own = yamlio.Mapping((k, v) for k, v in raw.items() if k != "use")
            own.file, own.line = getattr(raw, "file", None), getattr(raw, "line", None)
            if isinstance(use, str):
                merged = deep_merge(self.shape(use, raw), own)
            elif isinstance(use, dict) and set(use) == {"procedure", "borrows"}:
                merged = deep_merge(self.procedure(use["procedure"], raw), own)
                self.check_borrowed(merged, use, raw)
                merged["borrows"] = {"procedure": use["procedure"], "parts": list(use["borrows"])}
            else:
                raise self.err(raw, "use: is a shape's name, or {procedure: id, borrows: [text ids]} for a section applied mutatis mutandis")
        finally:
            self.stack.pop()
        if "procedure" not in merged:  # a shape that uses a shape keeps its placeholders
            return merged
        return _substitute(merged, {k: merged.get(k[1:]) for k in PLACEHOLDERS if merged.get(k[1:]) is not None})

    def check_borrowed(self, merged, use, raw) -> None:
        lender = self.raws[use["procedure"]]
        for part in use["borrows"]:
            if part not in self.nodes:
                raise self.err(raw, f"borrows {part!r}, which is not an id in text.yaml")
        lent = _section(self.nodes, _first_cite(lender.get("cites")))
        taken = set(use["borrows"])
        for cite in _all_cites(merged):
            if _section(self.nodes, cite) == lent and not _under_any(self.nodes, cite, taken) and cite != lent:
                raise self.err(raw, f"keeps a rule citing {cite}, a part of {lent} that `borrows` does not name")


def _first_cite(c):
    return c if isinstance(c, str) else (list(c or []) or [None])[0]


def _section(nodes, nid):
    n = nodes.get(nid)
    while n is not None and n.get("kind") not in ("section", None):
        n = nodes.get(n.get("parent"))
    return n.get("id") if n is not None else None


def _under_any(nodes, nid, ancestors) -> bool:
    n = nodes.get(nid)
    while n is not None:
        if n.get("id") in ancestors:
            return True
        n = nodes.get(n.get("parent"))
    return False


def _all_cites(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "cites":
                yield from ([v] if isinstance(v, str) else list(v or []))
            else:
                yield from _all_cites(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _all_cites(v)
