"""Law packs: loading one Act's folder, checking it, and giving the engine its rules.

See docs/law-packs.md for the format. Every error names the file and the line.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from datetime import date
from functools import cache, lru_cache
from pathlib import Path

from . import yamlio
from .errors import PackError
from .time import UNITS, Period

ACTS_DIR = Path(__file__).resolve().parent.parent / "acts"
LAW_DIR = Path(__file__).resolve().parent

KINDS = {"application", "licence", "notice", "offence", "public_notice", "appeal", "pound", "meeting",
         "check", "register", "governance", "inspection", "complaint"}
FIELD_TYPES = {"bool", "int", "number", "money", "text", "date", "datetime", "period", "choice", "list"}
CONDITION_KEYS = {"status", "not_status", "happened", "not_happened", "count_below", "running", "expired",
                  "within", "after", "fact", "fact_at_least", "fact_below", "reading", "version", "any",
                  "all", "not", "started", "stopped", "by_day", "from_last_day", "in_declared_area", "notified"}
CONDITION_EXTRA = {"error", "cites", "quote"}
EVENT_KEYS = {"title", "by", "opens", "status", "cites", "quote", "fields", "when", "closes", "reopens",
              "note", "system", "facts"}
TIMER_KEYS = {"title", "who", "cites", "quote", "start", "on_receipt", "period", "counting", "restart_on",
              "stop_on", "office_closed_extension", "pauses", "when", "on_expiry", "direction", "note",
              "min", "max", "kind"}
EXPIRY_KEYS = {"status", "event", "deemed", "when", "otherwise", "cites", "quote", "closes", "note"}
PROCEDURE_KEYS = {"procedure", "title", "kind", "cites", "quote", "roles", "statuses", "events", "timers",
                  "provisions", "penalty", "checks", "note", "applies", "borrows", "title_hi", "needs", "fee"}


@dataclass
class Field:
    name: str
    type: str
    required: bool = True
    default: object = None
    choices: tuple = ()
    min: object = None
    max: object = None
    title: str = ""


@dataclass
class EventType:
    id: str
    title: str
    by: tuple[str, ...]
    opens: bool = False
    status: str | None = None
    closes: bool = False
    reopens: bool = False
    system: bool = False
    cites: list = field(default_factory=list)
    quote: str = ""
    fields: dict[str, Field] = field(default_factory=dict)
    when: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)


@dataclass
class Pause:
    start: str
    end: str
    when: list
    days: object  # a reading name, or {"reading": interpretation_id}


@dataclass
class Timer:
    id: str
    title: str
    who: str | None
    cites: list
    quote: str
    start: object
    period: object
    counting: str = "from"
    direction: str = "after"
    on_receipt: bool = False
    restart_on: tuple = ()
    stop_on: tuple = ()
    office: str | None = None
    pauses: list[Pause] = field(default_factory=list)
    when: list = field(default_factory=list)
    on_expiry: dict | None = None
    min: object = None
    max: object = None
    kind: str = "duty"  # duty: someone must act by the last day | window: a right open until then
    depends_on: frozenset = frozenset()  # the events and timers whose happening can start this one
    expiry_when: list = field(default_factory=list)  # compiled on_expiry.when


@dataclass
class Procedure:
    """One procedure, with the versions of its provisions resolved."""

    id: str
    title: str
    kind: str
    cites: list
    quote: str
    roles: dict
    statuses: dict
    events: dict[str, EventType]
    timers: dict[str, Timer]
    penalty: dict | None
    checks: dict
    versions: dict  # provision -> version id in force
    raw: dict = field(repr=False, default_factory=dict)

    @property
    def opening_events(self) -> list[str]:
        return [e.id for e in self.events.values() if e.opens]


@dataclass
class ProcedureSource:
    """A procedure file as written, before a body's choice of versions is applied."""

    id: str
    title: str
    kind: str
    raw: dict
    path: Path
    provisions: dict

    def choose(self, body_versions: dict, on: date | None) -> dict:
        """Which version of each provision is in force for a case opened on `on`."""
        chosen = {}
        for prov, spec in self.provisions.items():
            versions = spec["versions"]
            pick = body_versions.get(prov)
            if isinstance(pick, list):  # dated choices: the latest one from on or before `on`
                dated = sorted((c for c in pick if on is None or _as_date(c["from"]) <= on), key=lambda c: _as_date(c["from"]))
                pick = dated[-1]["version"] if dated else None
            if pick is None:
                candidates = [(v.get("commencement"), vid) for vid, v in versions.items()
                              if isinstance(v.get("commencement"), date) and (on is None or v["commencement"] <= on)]
                pick = max(candidates)[1] if candidates else spec["default"]
            if pick not in versions:
                from .errors import NoRule
                raise NoRule(f"{prov} has no version {pick!r}; its versions are {', '.join(versions)}", prov)
            chosen[prov] = pick
        return chosen


def _as_date(v) -> date:
    if isinstance(v, date):
        return v
    return date.fromisoformat(str(v))


def deep_merge(base, patch):
    if not isinstance(base, dict) or not isinstance(patch, dict):
        return copy.deepcopy(patch)
    out = yamlio.Mapping(base)
    out.file, out.line = getattr(base, "file", None), getattr(base, "line", None)
    for k, v in patch.items():
        if v is None:
            out.pop(k, None)
        elif k in out:
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = v
    return out


@dataclass
class Interpretation:
    id: str
    question: str
    readings: dict
    default: str
    reason: str
    cites: str | None = None
    quote: str = ""


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
    _compiled: dict = field(default_factory=dict, repr=False)

    @property
    def procedures(self) -> dict[str, ProcedureSource]:
        return self.sources

    def procedure(self, proc_id: str, body_versions: dict | None = None, on: date | None = None) -> Procedure:
        from .errors import NoRule

        src = self.sources.get(proc_id)
        if src is None:
            raise NoRule(f"{self.title} has no procedure {proc_id!r}; it has: {', '.join(sorted(self.sources))}")
        chosen = src.choose(body_versions or {}, on)
        key = (proc_id, tuple(sorted(chosen.items())))
        proc = self._compiled.get(key)
        if proc is None:
            raw = src.raw
            for prov, vid in chosen.items():
                patch = src.provisions[prov]["versions"][vid].get("patch")
                if patch:
                    raw = deep_merge(raw, patch)
            proc = _compile(self, src.path, raw, chosen)
            self._compiled[key] = proc
        return proc

    def parameter(self, name: str, on: date | None):
        """The value of a parameter in force on `on`, with its citation."""
        from .errors import NoRule

        p = self.parameters.get(name)
        if p is None:
            raise NoRule(f"{self.title} has no parameter {name!r}")
        best = None
        for v in p["values"]:
            start = v.get("from", "unknown")
            if start == "unknown" or start is None or on is None or _as_date(start) <= on:
                if best is None or (start not in ("unknown", None) and (best.get("from") in ("unknown", None) or _as_date(start) >= _as_date(best["from"]))):
                    best = v
        if best is None:
            raise NoRule(f"parameter {name!r} has no value in force on {on}", p.get("cites"))
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


def _load(path: Path) -> Pack:
    act = yamlio.load(path / "act.yaml")
    for key in ("id", "title", "state"):
        if key not in act:
            raise PackError(path / "act.yaml", getattr(act, "line", None), f"act.yaml needs {key!r}")
    nodes, order = _load_text(path / "text.yaml")
    interps, misprints = _load_interpretations(path / "interpretations.yaml")
    params = _load_parameters(path / "parameters.yaml")
    informational = {}
    cov_path = path / "coverage.yaml"
    if cov_path.exists():
        cov = yamlio.load(cov_path) or {}
        informational = dict(cov.get("informational") or {})
        for sid in informational:
            if sid not in nodes:
                raise PackError(cov_path, getattr(cov.get("informational"), "line", None), f"{sid!r} is not an id in text.yaml")
    sources = {}
    proc_dir = path / "procedures"
    files = sorted(proc_dir.glob("*.yaml")) if proc_dir.exists() else []
    for f in files:
        doc = yamlio.load(f)
        docs = doc if isinstance(doc, list) else [doc]
        for raw in docs:
            if not isinstance(raw, dict) or "procedure" not in raw:
                raise PackError(f, getattr(raw, "line", None), "a procedure file holds mappings that begin with `procedure: <id>`")
            pid = raw["procedure"]
            if pid in sources:
                raise PackError(f, raw.line, f"procedure {pid!r} is defined twice (also in {sources[pid].path.name})")
            provisions = raw.get("provisions") or {}
            for prov, spec in provisions.items():
                if "versions" not in spec or "default" not in spec:
                    raise PackError(f, getattr(spec, "line", None), f"provision {prov} needs `versions` and `default`")
                if spec["default"] not in spec["versions"]:
                    raise PackError(f, spec.line, f"default {spec['default']!r} is not one of the versions of {prov}")
            sources[pid] = ProcedureSource(pid, raw.get("title", pid), raw.get("kind", "application"), raw, f, provisions)
    switches = {}
    sw_path = path / "switches.yaml"
    if sw_path.exists():
        switches = dict(yamlio.load(sw_path) or {})
        for sid, s in switches.items():
            if not isinstance(s, dict) or "cites" not in s:
                raise PackError(sw_path, getattr(s, "line", None), f"switch {sid!r} needs `cites` (and a `quote`)")
            if s["cites"] not in nodes:
                raise PackError(sw_path, s.line, f"switch {sid!r} cites {s['cites']!r}, which is not an id in text.yaml")
    tests = sorted((path / "tests").glob("*.yaml")) if (path / "tests").exists() else []
    all_files = [p for p in path.rglob("*.yaml")]
    pack = Pack(act["id"], act["title"], act["state"], path, act, nodes, order, sources, params, interps,
                misprints, informational, switches, _files_hash(all_files), tests)
    # compile every procedure in every version now, so that a bad file fails on load
    for src in sources.values():
        combos = [{}]
        for prov, spec in src.provisions.items():
            combos = [dict(c, **{prov: v}) for c in combos for v in spec["versions"]]
        for combo in combos:
            pack.procedure(src.id, combo)
    return pack


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


def _load_interpretations(p: Path):
    interps, misprints = {}, []
    if not p.exists():
        return interps, misprints
    doc = yamlio.load(p) or {}
    for it in doc.get("interpretations") or []:
        for key in ("id", "question", "readings", "default", "reason"):
            if key not in it:
                raise PackError(p, getattr(it, "line", None), f"an interpretation needs {key!r}")
        if str(it["default"]) not in {str(k) for k in it["readings"]}:
            raise PackError(p, it.line, f"{it['id']}: default {it['default']!r} is not one of its readings")
        interps[it["id"]] = _interpretation(it)
    misprints = list(doc.get("misprints") or [])
    return interps, misprints


def _interpretation(it: dict) -> Interpretation:
    return Interpretation(it["id"], it["question"], {str(k): v for k, v in it["readings"].items()},
                          str(it["default"]), it["reason"], it.get("cites"), it.get("quote", ""))


def _load_parameters(p: Path):
    if not p.exists():
        return {}
    doc = yamlio.load(p) or {}
    for name, spec in doc.items():
        if not isinstance(spec, dict) or "values" not in spec or "cites" not in spec:
            raise PackError(p, getattr(spec, "line", None), f"parameter {name!r} needs `values` and `cites` (and a `quote`)")
        if not spec["values"] and not spec.get("settable_by"):
            raise PackError(p, spec.line, f"parameter {name!r} has no value and nothing may set it (`settable_by`)")
    return dict(doc)


def jurisdiction_doc() -> dict:
    return _jurisdictions()


@lru_cache(maxsize=1)
def _jurisdictions() -> dict:
    doc = yamlio.load(LAW_DIR / "jurisdictions.yaml")
    doc["_interpretations"] = {it["id"]: _interpretation(it) for it in doc.get("interpretations", [])}
    return doc


# ---------------------------------------------------------------------------------------------
# Compiling a procedure (with versions applied) into engine objects, checking as we go


def _cites(v) -> list:
    if v is None:
        return []
    return [v] if isinstance(v, str) else list(v)


def _compile(pack: Pack, f: Path, raw: dict, chosen: dict) -> Procedure:
    def err(obj, msg):
        return PackError(getattr(obj, "file", None) or f, getattr(obj, "line", None), f"{raw.get('procedure')}: {msg}")

    unknown = set(raw) - PROCEDURE_KEYS
    if unknown:
        raise err(raw, f"unknown key(s) {sorted(unknown)}; a procedure has {sorted(PROCEDURE_KEYS)}")
    kind = raw.get("kind", "application")
    if kind not in KINDS:
        raise err(raw, f"kind {kind!r} is not one of {sorted(KINDS)}")

    def check_reading(obj, spec):
        for iid, vals in spec.items():
            it = pack.interpretations.get(iid) or _jurisdictions()["_interpretations"].get(iid)
            if it is None:
                raise err(obj, f"reading of {iid!r}, which is not in interpretations.yaml")
            for v in vals if isinstance(vals, list) else [vals]:
                if str(v) not in it.readings:
                    raise err(obj, f"{iid} has no reading {v!r}; its readings are {', '.join(it.readings)}")

    def check_cites(obj, cites, required=False):
        if required and not cites:
            raise err(obj, "every rule cites its section (`cites:`) and quotes its words (`quote:`)")
        for c in cites:
            if c not in pack.nodes:
                raise err(obj, f"cites {c!r}, which is not an id in text.yaml")

    check_cites.check_reading = check_reading
    check_cites.pack = pack
    check_cites(raw, _cites(raw.get("cites")), required=True)
    if not raw.get("quote"):
        raise err(raw, "a procedure quotes the words it rests on (`quote:`)")
    roles = dict(raw.get("roles") or {})
    statuses = dict(raw.get("statuses") or {})
    events: dict[str, EventType] = {}
    for eid, e in (raw.get("events") or {}).items():
        e = e or yamlio.Mapping()
        unknown = set(e) - EVENT_KEYS
        if unknown:
            raise err(e, f"event {eid}: unknown key(s) {sorted(unknown)}; an event has {sorted(EVENT_KEYS)}")
        by = tuple(e.get("by") or ())
        if not by and not e.get("system"):
            raise err(e, f"event {eid}: say who may record it (`by: [role, …]`) or mark it `system: true`")
        for r in by:
            if r not in roles:
                raise err(e, f"event {eid}: role {r!r} is not in the procedure's roles ({', '.join(roles)})")
        if e.get("status") and e["status"] not in statuses:
            raise err(e, f"event {eid}: status {e['status']!r} is not in the procedure's statuses")
        cites = _cites(e.get("cites"))
        check_cites(e, cites)
        fields = {}
        for fname, fs in (e.get("fields") or {}).items():
            fs = fs or {}
            if isinstance(fs, str):
                fs = {"type": fs}
            ftype = fs.get("type", "text")
            if ftype not in FIELD_TYPES:
                raise err(fs, f"event {eid}: field {fname} has type {ftype!r}; use one of {sorted(FIELD_TYPES)}")
            fields[fname] = Field(fname, ftype, fs.get("required", "default" not in fs), fs.get("default"),
                                  tuple(fs.get("choices") or ()), fs.get("min"), fs.get("max"), fs.get("title", ""))
        when = _check_conditions(err, e, e.get("when") or [], check_cites)
        events[eid] = EventType(eid, e.get("title", eid.replace("_", " ")), by, bool(e.get("opens")), e.get("status"),
                                bool(e.get("closes")), bool(e.get("reopens")), bool(e.get("system")), cites,
                                e.get("quote", ""), fields, when, dict(e.get("facts") or {}))
    if not any(e.opens for e in events.values()):
        raise err(raw, "no event `opens: true`: say which event starts a case")

    timers: dict[str, Timer] = {}
    for tid, t in (raw.get("timers") or {}).items():
        unknown = set(t) - TIMER_KEYS
        if unknown:
            raise err(t, f"timer {tid}: unknown key(s) {sorted(unknown)}; a timer has {sorted(TIMER_KEYS)}")
        cites = _cites(t.get("cites"))
        check_cites(t, cites, required=True)
        if not t.get("quote"):
            raise err(t, f"timer {tid}: quote the words that set the period (`quote:`)")
        if "start" not in t or "period" not in t:
            raise err(t, f"timer {tid}: needs `start` and `period`")
        _check_start(err, t, t["start"], events, raw.get("timers") or {})
        _check_period(err, t, t["period"], events, pack)
        for ev in list(t.get("restart_on") or []) + list(t.get("stop_on") or []):
            if ev not in events:
                raise err(t, f"timer {tid}: {ev!r} is not an event of this procedure")
        counting = t.get("counting", "from")
        if counting not in ("from", "clear"):
            raise err(t, f"timer {tid}: counting is `from` or `clear`, not {counting!r}")
        pauses = []
        for pz in t.get("pauses") or []:
            for k in ("from", "to"):
                if pz.get(k) not in events:
                    raise err(pz, f"timer {tid}: pause `{k}` must name an event of this procedure")
            days = pz.get("days", "from_to")
            if isinstance(days, dict):
                iid = days.get("reading")
                if iid not in pack.interpretations and iid not in _jurisdictions()["_interpretations"]:
                    raise err(pz, f"timer {tid}: pause days read from unknown interpretation {iid!r}")
            elif days not in ("from_to", "inclusive", "exclusive"):
                raise err(pz, f"timer {tid}: pause days is from_to, inclusive, exclusive or {{reading: id}}")
            pauses.append(Pause(pz["from"], pz["to"], _check_conditions(err, pz, pz.get("when") or [], check_cites), days))
        on_expiry = t.get("on_expiry")
        if on_expiry is not None:
            unknown = set(on_expiry) - EXPIRY_KEYS
            if unknown:
                raise err(on_expiry, f"timer {tid}: on_expiry has unknown key(s) {sorted(unknown)}")
            for branch in (on_expiry, on_expiry.get("otherwise") or {}):
                if branch.get("status") and branch["status"] not in statuses:
                    raise err(on_expiry, f"timer {tid}: status {branch['status']!r} is not in the procedure's statuses")
            deemed = on_expiry.get("deemed")
            if deemed:
                check_cites(deemed, _cites(deemed.get("cites")), required=True)
                for c in deemed.get("conditions") or []:
                    check_cites(c, _cites(c.get("cites")) if isinstance(c, dict) else [])
            expiry_when = _check_conditions(err, on_expiry, on_expiry.get("when") or [], check_cites)
        else:
            expiry_when = []
        if t.get("kind", "duty") not in ("duty", "window"):
            raise err(t, f"timer {tid}: kind is `duty` (someone must act) or `window` (a right open until the last day)")
        direction = t.get("direction", "after")
        if direction not in ("after", "before"):
            raise err(t, f"timer {tid}: direction is `after` or `before`")
        timers[tid] = Timer(tid, t.get("title", tid.replace("_", " ")), t.get("who"), cites, t["quote"], t["start"],
                            t["period"], counting, direction, bool(t.get("on_receipt")), tuple(t.get("restart_on") or ()),
                            tuple(t.get("stop_on") or ()), t.get("office_closed_extension"), pauses,
                            _check_conditions(err, t, t.get("when") or [], check_cites), on_expiry, t.get("min"), t.get("max"),
                            t.get("kind", "duty"), frozenset(_start_refs(t["start"])), expiry_when)
    penalty = raw.get("penalty")
    if penalty is not None:
        from .penalties import check_penalty

        check_penalty(penalty, lambda obj, msg: err(obj, f"penalty: {msg}"), check_cites)
    checks = dict(raw.get("checks") or {})
    for cid, c in checks.items():
        check_cites(c, _cites(c.get("cites")), required=True)
        if c.get("on") not in events:
            raise err(c, f"check {cid}: `on` must name an event of this procedure")
        c["_when"] = _check_conditions(err, c, c.get("when") or [], check_cites)
        rule = c.get("rule") or {}
        if "fact" not in rule or not ({"at_least", "at_most", "equals", "in"} & set(rule)):
            raise err(c, f"check {cid}: rule is {{fact: name, at_least|at_most|equals|in: value}}")
    return Procedure(raw["procedure"], raw.get("title", raw["procedure"]), kind, _cites(raw.get("cites")),
                     raw.get("quote", ""), roles, statuses, events, timers, penalty, checks, chosen, raw)


class Cond:
    """One condition, checked and compiled on load: its key, its value, and the words to use when
    it fails."""

    __slots__ = ("key", "value", "error", "cites", "raw")

    def __init__(self, key, value, raw):
        self.key, self.value, self.raw = key, value, raw
        self.error = raw.get("error")
        c = raw.get("cites")
        self.cites = [c] if isinstance(c, str) else list(c or [])

    def get(self, name, default=None):
        return self.raw.get(name, default)


def _compile_value(key, value, err, owner, check_cites):
    if key in ("any", "all"):
        return [_compile_one(x, err, owner, check_cites) for x in value]
    if key == "not":
        return _compile_one(value, err, owner, check_cites)
    if key in ("status", "not_status"):
        return frozenset(value if isinstance(value, list) else [value])
    if key == "reading":
        return {i: frozenset(str(x) for x in (r if isinstance(r, list) else [r])) for i, r in value.items()}
    if key == "version":
        return {i: frozenset(r if isinstance(r, list) else [r]) for i, r in value.items()}
    return value


def _compile_one(c, err, owner, check_cites) -> Cond:
    if not isinstance(c, dict):
        raise err(owner, f"a condition is a mapping like {{status: [pending]}}, not {c!r}")
    keys = set(c) - CONDITION_EXTRA
    if len(keys) != 1 or not keys <= CONDITION_KEYS:
        raise err(c, f"a condition has exactly one of {sorted(CONDITION_KEYS)} (plus error/cites), not {sorted(c)}")
    check_cites(c, _cites(c.get("cites")))
    (k,) = keys
    if k == "reading":
        check_cites.check_reading(c, c[k])
    return Cond(k, _compile_value(k, c[k], err, c, check_cites), c)


def _check_conditions(err, owner, conds, check_cites) -> list:
    if isinstance(conds, dict):
        conds = [conds]
    return [_compile_one(c, err, owner, check_cites) for c in conds]


def _start_refs(start):
    if isinstance(start, str):
        yield start
        return
    ((k, v),) = start.items()
    if k in ("earliest", "latest"):
        for s in v:
            yield from _start_refs(s)
    elif k == "field":
        yield str(v).partition(".")[0]
    else:
        yield v


def _check_start(err, t, start, events, timers):
    if isinstance(start, str):
        if start not in events:
            raise err(t, f"start {start!r} is not an event of this procedure")
        return
    if isinstance(start, dict) and len(start) == 1:
        ((k, v),) = start.items()
        if k in ("last_day_of", "day_after"):
            if v not in timers:
                raise err(t, f"start {k}: {v!r} is not a timer of this procedure")
            return
        if k in ("earliest", "latest"):
            for s in v:
                _check_start(err, t, s, events, timers)
            return
        if k == "field":
            ev, _, fname = str(v).partition(".")
            if ev not in events or fname not in events[ev].fields:
                raise err(t, f"start field {v!r} must be event.field of this procedure")
            return
    raise err(t, f"start is an event, {{last_day_of: timer}}, {{day_after: timer}}, {{earliest|latest: [...]}} or {{field: event.field}}, not {start!r}")


def _check_period(err, t, period, events, pack):
    if isinstance(period, dict) and len(period) == 1:
        ((k, v),) = period.items()
        if k in UNITS:
            try:
                Period(v, k)
            except ValueError as e:
                raise err(t, str(e)) from None
            return
        if k == "param":
            if v not in pack.parameters:
                raise err(t, f"period parameter {v!r} is not in parameters.yaml")
            return
        if k == "field":
            ev, _, fname = str(v).partition(".")
            if ev not in events or fname not in events[ev].fields:
                raise err(t, f"period field {v!r} must be event.field of this procedure")
            return
    raise err(t, f"period is {{days|weeks|months|years|hours: N}}, {{param: id}} or {{field: event.field}}, not {period!r}")
