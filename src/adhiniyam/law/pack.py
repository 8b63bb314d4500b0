"""Law packs: loading one Act's folder, checking it, and giving the engine its rules.

See docs/law-packs.md for the format. Every error names the file and the line.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date
from functools import cache, cached_property
from pathlib import Path

from . import dated, registers, yamlio
from .compile import compile_procedure
from .errors import NoRule, PackError
from .model import EventType, Field, Interpretation, Pause, Procedure, ProcedureSource, Timer  # noqa: F401  (re-exported)
from .shapes import Expander, deep_merge, load_shapes

ACTS_DIR = Path(__file__).resolve().parent.parent / "acts"
LAW_DIR = Path(__file__).resolve().parent


def choose_versions(src: ProcedureSource, body_versions: dict, on: date | None, picks: dict | None = None) -> dict:
    """Which version of each provision is in force for a case opened on `on`: the one a reading forces
    (`only:`), else the body's choice, else the one that commenced last."""
    chosen = {}
    for prov, spec in src.provisions.items():
        versions = spec["versions"]
        pick = _forced(spec, picks or {}) or body_versions.get(prov)
        if isinstance(pick, list):  # dated choices: the latest one from on or before `on`
            found = dated.pick(pick, on)
            pick = found[0]["version"] if found else None
        if pick is None:  # the version that commenced last on or before `on`; unknown commencements: the default
            found = dated.pick(src.commenced[prov], on) if src.commenced[prov] else ()
            pick = found[0]["id"] if found else spec["default"]
        if pick not in versions:
            raise NoRule(f"{prov} has no version {pick!r}; its versions are {', '.join(versions)}", prov)
        chosen[prov] = pick
    return chosen


def _forced(spec: dict, picks: dict) -> str | None:
    """The version a reading of the body forces, whatever the date or the body's dated choice:
    `only: {by_reading: id, values: {reading: version_id | null}}`."""
    only = spec.get("only")
    if not only:
        return None
    return registers.resolve(only, lambda iid: picks[iid], (), [])


@dataclass
class Pack:
    id: str
    title: str
    state: str
    path: Path
    act: dict
    nodes: dict  # id -> node dict (and version ids -> the node they belong to)
    order: list  # node ids in text order
    sources: dict[str, ProcedureSource]
    parameters: dict
    interpretations: dict[str, Interpretation]
    misprints: list
    informational: dict
    switches: dict  # provisions that apply only where notified: id -> {title, cites, quote, kind, under}
    version: str
    scenario_files: list[Path]
    covered: dict = field(default_factory=dict)  # node id -> {by, note}
    known_gaps: dict = field(default_factory=dict)
    aliases: dict = field(default_factory=dict)  # old procedure id -> current id
    _compiled: dict = field(default_factory=dict, repr=False)
    _answering: dict = field(default_factory=dict, repr=False)  # (procedure, question) -> the question that answers it
    _picks: dict = field(default_factory=dict, repr=False)  # (procedure, the body's readings) -> the readings it chooses by

    @property
    def procedures(self) -> dict[str, ProcedureSource]:
        return self.sources

    @cached_property
    def overrides(self) -> dict[str, list]:
        """jurisdiction question id -> the pack's questions that answer it for some procedures."""
        out: dict = {}
        for it in self.interpretations.values():
            if it.overrides:
                out.setdefault(it.overrides, []).append(it)
        return out

    def reading_for(self, proc_id: str, iid: str, choices: dict) -> tuple[str, str, str]:
        """registers.reading_for, with the answering question of each (procedure, question) looked up once."""
        key = (proc_id, iid)
        it = self._answering.get(key)
        if it is None:
            it = self._answering[key] = registers.answering(self, proc_id, iid)
        r = choices.get(it.id, it.default) if choices else it.default
        return registers.answer(it, iid, str(r))

    def source(self, proc_id: str) -> ProcedureSource:
        src = self.sources.get(self.aliases.get(proc_id, proc_id))
        if src is None:
            raise NoRule(f"{self.title} has no procedure {proc_id!r}; it has: {', '.join(sorted(self.sources))}")
        return src

    def procedure(self, proc_id: str, body_versions: dict | None = None, on: date | None = None,
                  readings: dict | None = None) -> Procedure:
        """The procedure with the versions in force on `on` and the body's readings applied."""
        src = self.source(proc_id)
        picks = self._picks_for(src, readings or {})
        chosen = choose_versions(src, body_versions or {}, on, picks)
        key = (src.id, tuple(chosen.items()), tuple(picks.items()))  # chosen: in the provisions' order
        proc = self._compiled.get(key)
        if proc is None:
            proc = self._compile(src, chosen, picks)
            self._compiled[key] = proc
        return proc

    def _picks_for(self, src: ProcedureSource, readings: dict) -> dict:
        """The reading of each question the procedure chooses by, for these readings of the body; looked
        up once per (procedure, readings): a body's readings are few and evaluations many."""
        key = (src.id, tuple(readings.items()))
        picks = self._picks.get(key)
        if picks is None:
            picks = self._picks[key] = {iid: self.reading_for(src.id, iid, readings) for iid in sorted(src.chooses)}
        return picks

    def _compile(self, src: ProcedureSource, chosen: dict, picks: dict) -> Procedure:
        raw = src.raw
        for prov, vid in chosen.items():
            patch = src.provisions[prov]["versions"][vid].get("patch")
            if patch:
                raw = deep_merge(raw, patch)
        used: list = []
        if src.chooses:
            raw = registers.resolve(raw, lambda iid: picks[iid], (), used)
        readings = {iid: r for _path, iid, r in used}
        return compile_procedure(self, src.path, raw, chosen, readings, used)

    def parameter(self, name: str, on: date | None):
        """The value of a parameter in force on `on`, with its citation and quote."""
        p = self.parameters.get(name)
        if p is None:
            raise NoRule(f"{self.title} has no parameter {name!r}")
        found = dated.pick(p["values"], on)
        if not found:
            raise NoRule(f"parameter {name!r} has no value in force on {on}", p.get("cites"))
        best = found[0]
        return best["value"], best.get("cites", p.get("cites")), best.get("quote", p.get("quote", ""))

    def section_of(self, node_id: str) -> str | None:
        n = self.nodes.get(node_id)
        while n is not None and n.get("kind") != "section":
            n = self.nodes.get(n.get("parent"))
        return n["id"] if n is not None else None


# ---------------------------------------------------------------------------------------------
# Loading and checking


def list_packs() -> list[str]:
    return sorted(p.name for p in ACTS_DIR.iterdir() if (p / "act.yaml").exists())


@cache
def load_pack(act_id: str) -> Pack:
    path = ACTS_DIR / act_id
    if not (path / "act.yaml").exists():
        raise PackError(path / "act.yaml", None, f"no law pack {act_id!r}; there are: {', '.join(list_packs())}")
    return _load(path)


@cache
def load_pack_dir(path: Path) -> Pack:
    """A pack from a folder outside acts/ (a stored version of an installed pack)."""
    return _load(Path(path))


def _files_hash(paths) -> str:
    h = hashlib.sha256()
    for p in sorted(paths):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _need_words(path: Path, obj, text, what: str) -> None:
    """Every title and label a person reads has words."""
    if not isinstance(text, str) or not text.strip():
        raise PackError(path, getattr(obj, "line", None), f"{what} needs words a person can read (it is empty)")


def _load(path: Path) -> Pack:
    act = yamlio.load(path / "act.yaml")
    for key in ("id", "title", "state"):
        if key not in act:
            raise PackError(path / "act.yaml", getattr(act, "line", None), f"act.yaml needs {key!r}")
    _need_words(path / "act.yaml", act, act["title"], "the Act's title")
    for oid, label in (act.get("officials") or {}).items():
        _need_words(path / "act.yaml", act.get("officials"), label, f"official {oid}")
    nodes, order = _load_text(path / "text.yaml")
    interps, misprints = registers.load_register(path / "interpretations.yaml", "pack")
    _check_overrides(path / "interpretations.yaml", interps)
    informational, covered = _load_coverage(path / "coverage.yaml", nodes)
    tests = sorted((path / "tests").glob("*.yaml")) if (path / "tests").exists() else []
    pack = Pack(act["id"], act["title"], act["state"], path, act, nodes, order, {}, _load_parameters(path / "parameters.yaml"),
                interps, misprints, informational, _load_switches(path / "switches.yaml", nodes),
                _files_hash(path.rglob("*.yaml")), tests, covered, _load_known_gaps(path / "known_gaps.yaml"),
                dict(act.get("procedure_aliases") or {}))
    pack.sources = _load_sources(path, pack)
    registers.unread_refused(pack, path / "interpretations.yaml")
    _compile_all(pack)
    return pack


def _load_sources(path: Path, pack: Pack) -> dict:
    raws, files = {}, {}
    for f in sorted((path / "procedures").glob("*.yaml")) if (path / "procedures").exists() else []:
        doc = yamlio.load(f)
        for raw in doc if isinstance(doc, list) else [doc]:
            if not isinstance(raw, dict) or "procedure" not in raw:
                raise PackError(f, getattr(raw, "line", None), "a procedure file holds mappings that begin with `procedure: <id>`")
            pid = raw["procedure"]
            if pid in raws:
                raise PackError(f, raw.line, f"procedure {pid!r} is defined twice (also in {files[pid].name})")
            raws[pid], files[pid] = raw, f
    expander = Expander(load_shapes(path), raws, pack.nodes, path)
    sources = {}
    for pid, raw in raws.items():
        full = expander.expand(raw, f"procedure {pid}")
        provisions = full.get("provisions") or {}
        for prov, spec in provisions.items():
            if "versions" not in spec or "default" not in spec:
                raise PackError(files[pid], getattr(spec, "line", None), f"provision {prov} needs `versions` and `default`")
            if spec["default"] not in spec["versions"]:
                raise PackError(files[pid], spec.line, f"default {spec['default']!r} is not one of the versions of {prov}")
            only = spec.get("only")
            if only is not None and not (isinstance(only, dict) and "by_reading" in only
                                         and all(v is None or v in spec["versions"] for v in (only.get("values") or {}).values())):
                raise PackError(files[pid], spec.line, f"{prov}: only is {{by_reading: id, values: {{reading: a version of "
                                                       f"{prov} or null}}}}")
        chooses = frozenset(registers.chosen_ids(full))
        _check_by_readings(full, pack, files[pid])
        commenced = {prov: [{"from": v["commencement"], "id": vid} for vid, v in spec["versions"].items()
                            if isinstance(v.get("commencement"), date)] for prov, spec in provisions.items()}
        sources[pid] = ProcedureSource(pid, full.get("title", pid), full.get("kind", "application"), full, files[pid],
                                       provisions, chooses, commenced)
    return sources


def _check_by_readings(raw, pack, path) -> None:
    def err(obj, msg):
        return PackError(getattr(obj, "file", None) or path, getattr(obj, "line", None), f"{raw.get('procedure')}: {msg}")

    def walk(o):
        if isinstance(o, dict):
            if "by_reading" in o:
                registers.check_by_reading(o, pack, err)
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    walk(raw)


def _compile_all(pack: Pack) -> None:
    """Compile every procedure in every version and every reading it chooses by, so a bad file fails on load."""
    for src in pack.sources.values():
        combos = [{}]
        for prov, spec in src.provisions.items():
            combos = [dict(c, **{prov: v}) for c in combos for v in spec["versions"]]
        picks = [{}]
        for iid in sorted(src.chooses):
            it = registers.find(pack, iid)
            picks = [dict(p, **{iid: r}) for p in picks for r in it.readings]
        for combo in combos:
            for p in picks:
                pack.procedure(src.id, combo, None, p)


def _check_overrides(path: Path, interps: dict) -> None:
    for it in interps.values():
        if not it.overrides:
            continue
        base = registers.jurisdictions()["_interpretations"].get(it.overrides)
        if base is None:
            raise PackError(path, None, f"{it.id} overrides {it.overrides!r}, which is not a question of jurisdictions.yaml")
        # each own reading answers one of the question's readings; a provision whose words fix the answer
        # may have one reading only ("every day, after the first": the jurisdiction's choice does not reach it)
        if set(it.maps) != set(it.readings) or not set(it.maps.values()) <= set(base.readings) or not it.procedures:
            raise PackError(path, None, f"{it.id} overrides {it.overrides} for its `procedures:`: each of its readings answers "
                                        f"one of {', '.join(base.readings)} (`as:` when the words differ)")


def _load_text(p: Path):
    nodes, order = {}, []
    if not p.exists():
        return nodes, order
    doc = yamlio.load(p) or {}
    for n in doc.get("nodes") or []:
        nid = n.get("id")
        if not nid:
            raise PackError(p, getattr(n, "line", None), "a text node needs an id")
        if nid in nodes:
            raise PackError(p, n.line, f"text node id {nid!r} appears twice")
        nodes[nid] = n
        order.append(nid)
        for v in n.get("versions") or []:
            vid = v.get("id")
            if vid in nodes:
                raise PackError(p, getattr(v, "line", None), f"version id {vid!r} appears twice")
            nodes[vid] = {"id": vid, "kind": "version", "parent": nid, "text": v.get("text", "")}
    for nid in order:
        parent = nodes[nid].get("parent")
        if parent and parent not in nodes:
            raise PackError(p, nodes[nid].line, f"{nid}: parent {parent!r} is not an id in text.yaml")
    return nodes, order


def _load_coverage(p: Path, nodes: dict):
    if not p.exists():
        return {}, {}
    cov = yamlio.load(p) or {}
    unknown = set(cov) - {"informational", "covered"}
    if unknown:
        raise PackError(p, getattr(cov, "line", None), f"coverage.yaml has informational: and covered:, not {sorted(unknown)}")
    informational, covered = dict(cov.get("informational") or {}), dict(cov.get("covered") or {})
    for part in (informational, covered):
        for nid in part:
            if nid not in nodes:
                raise PackError(p, getattr(part, "line", None), f"{nid!r} is not an id in text.yaml")
    for nid, spec in covered.items():
        if not isinstance(spec, dict) or "by" not in spec:
            raise PackError(p, getattr(spec, "line", None), f"covered {nid}: {{by: procedure[.event|.timer], note: …}}")
    return informational, covered


KNOWN_GAP_KINDS = ("unread_readings", "alternatives_without_pair", "unclassified_nodes", "unused_parameters")


def _load_known_gaps(p: Path) -> dict:
    if not p.exists():
        return {}
    doc = yamlio.load(p) or {}
    unknown = set(doc) - set(KNOWN_GAP_KINDS)
    if unknown:
        raise PackError(p, getattr(doc, "line", None), f"known_gaps.yaml lists {', '.join(KNOWN_GAP_KINDS)}, not {sorted(unknown)}")
    out = {k: list(doc.get(k) or []) for k in KNOWN_GAP_KINDS}
    for k, entries in out.items():
        bad = [e for e in entries if not isinstance(e, str)]
        if bad:
            raise PackError(p, getattr(doc, "line", None), f"known_gaps.yaml {k}: each entry is an id (or id:reading), not {bad[0]!r}")
    return out


def _load_parameters(p: Path):
    if not p.exists():
        return {}
    doc = yamlio.load(p) or {}
    for name, spec in doc.items():
        if not isinstance(spec, dict) or "values" not in spec or "cites" not in spec:
            raise PackError(p, getattr(spec, "line", None), f"parameter {name!r} needs `values` and `cites` (and a `quote`)")
        if "title" in spec:
            _need_words(p, spec, spec["title"], f"parameter {name}'s title")
        if not spec["values"] and not spec.get("settable_by"):
            raise PackError(p, spec.line, f"parameter {name!r} has no value and nothing may set it (`settable_by`)")
        dated.check(spec["values"], f"parameter {name}", lambda obj, msg: PackError(p, getattr(obj, "line", None), msg))
    return dict(doc)


def _load_switches(p: Path, nodes: dict) -> dict:
    if not p.exists():
        return {}
    switches = dict(yamlio.load(p) or {})
    for sid, s in switches.items():
        if not isinstance(s, dict) or "cites" not in s:
            raise PackError(p, getattr(s, "line", None), f"switch {sid!r} needs `cites` (and a `quote`)")
        if s["cites"] not in nodes:
            raise PackError(p, s.line, f"switch {sid!r} cites {s['cites']!r}, which is not an id in text.yaml")
        if "title" in s:
            _need_words(p, s, s["title"], f"switch {sid}'s title")
    return switches


def jurisdiction_doc() -> dict:
    return registers.jurisdictions()
