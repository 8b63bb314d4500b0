"""Local law: bye-laws, rules, Government notifications, district orders, body resolutions and fee
schedules, as dated layers over an Act.

An Act leaves numbers to be "prescribed", lets a bye-law shorten a period, lets the Government
"by notification declare" a trade offensive or an area controlled. An instrument records who made
it, under which section, when it commenced (and was repealed), for which area, and what it sets
or switches on. The engine resolves every parameter through the layers — the Act, then the
State's instruments, the district's, the body's own — as in force on the date that matters, and
says in the trace which instrument it used. An instrument that sets what the Act does not let it
set, or goes past a statutory limit, is refused at entry with the section cited.

The pack says what may be set, and by what, in `parameters.yaml` (`settable_by`) and
`switches.yaml` (provisions that apply only where notified).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from . import registers
from . import time as lt
from .errors import InvalidData, NoRule, NotAllowed

KINDS = ("rule", "bye_law", "notification", "direction", "district_order", "resolution", "fee_schedule")
LAYERS = {"act": 0, "state": 1, "district": 2, "body": 3}


@dataclass(frozen=True)
class Instrument:
    id: str
    title: str
    kind: str
    layer: str
    made_by: str
    under: str  # the section of the Act that empowers it (a text id)
    commencement: date
    repeal: date | None = None
    sets: dict = field(default_factory=dict)  # parameter -> value
    switches_on: tuple = ()
    area: str | None = None  # None: the whole of the maker's jurisdiction
    text: str = ""
    approved_on: date | None = None
    published_on: date | None = None
    adopts: dict = field(default_factory=dict)  # interpretation id -> reading the maker adopts (a body's resolution)

    def in_force(self, on: date) -> bool:
        return self.commencement <= on and (self.repeal is None or on < self.repeal)

    def applies_to(self, area: str | None) -> bool:
        return self.area is None or self.area == area

    def label(self) -> str:
        return f"{self.title} of {self.made_by}, in force from {lt.fmt(self.commencement)}"


def _d(v):
    if v is None or isinstance(v, date):
        return v
    return date.fromisoformat(str(v))


def from_dict(d: dict) -> Instrument:
    """An instrument from its YAML/JSON form (the import/export format)."""
    missing = [k for k in ("id", "title", "kind", "layer", "made_by", "under", "commencement") if not d.get(k)]
    if missing:
        raise InvalidData(f"an instrument needs {', '.join(missing)}")
    if d["kind"] not in KINDS:
        raise InvalidData(f"instrument {d['id']}: kind {d['kind']!r} is not one of {', '.join(KINDS)}")
    if d["layer"] not in LAYERS or d["layer"] == "act":
        raise InvalidData(f"instrument {d['id']}: layer is state, district or body, not {d['layer']!r}")
    try:
        return Instrument(str(d["id"]), d["title"], d["kind"], d["layer"], d["made_by"], d["under"], _d(d["commencement"]),
                          _d(d.get("repeal")), dict(d.get("sets") or {}), tuple(d.get("switches_on") or ()),
                          d.get("area"), d.get("text", ""), _d(d.get("approved_on")), _d(d.get("published_on")),
                          {str(k): str(v) for k, v in (d.get("adopts") or {}).items()})
    except ValueError as e:
        raise InvalidData(f"instrument {d['id']}: a date must look like 2026-04-01 ({e})") from None


def to_dict(i: Instrument) -> dict:
    out = {k: getattr(i, k) for k in Instrument.__dataclass_fields__}
    out["switches_on"] = list(i.switches_on)
    return {k: (v.isoformat() if isinstance(v, date) else v) for k, v in out.items() if v not in (None, (), [], {}, "")}


def _comparable(v):
    if isinstance(v, dict):
        return lt.Period.parse(v).approx_days()
    return v


def _power(spec: dict, inst: Instrument) -> bool:
    kinds = spec.get("kind")
    kinds = [kinds] if isinstance(kinds, str) else list(kinds or KINDS)
    under = spec.get("under")
    under = [under] if isinstance(under, str) else list(under or [])
    return inst.kind in kinds and (not under or inst.under in under)


def check(pack, inst: Instrument) -> None:
    """Refuse an instrument the Act does not empower, or that goes past a statutory limit."""
    if inst.under not in pack.nodes:
        raise NoRule(f"{inst.title}: {inst.under!r} is not a section of {pack.title}")
    registers.validate_choices(pack, inst.adopts, inst.title)
    for name, value in inst.sets.items():
        p = pack.parameters.get(name)
        if p is None:
            raise NoRule(f"{inst.title} sets {name!r}, which {pack.title} does not leave to be set")
        powers = p.get("settable_by") or []
        match = [s for s in powers if _power(s, inst)]
        if not match:
            allowed = "; ".join(f"{'/'.join([s['kind']] if isinstance(s.get('kind'), str) else s.get('kind') or ['any'])}"
                                f" under {s.get('under', 'the Act')}" for s in powers) or "nothing: the Act fixes it"
            raise NotAllowed(f"{inst.title} ({inst.kind.replace('_', ' ')} under {inst.under}) cannot set {p.get('title', name)}; "
                             f"the Act lets it be set by {allowed} ({p.get('quote', '')})", p["cites"])
        spec = match[0]
        v = _comparable(value)
        for bound, word in (("at_most", "exceeds the statutory maximum of"), ("at_least", "is below the statutory minimum of")):
            if bound in spec:
                lim = spec[bound]
                limv = _comparable(lim)
                if (bound == "at_most" and v > limv) or (bound == "at_least" and v < limv):
                    shown = lt.Period.parse(lim) if isinstance(lim, dict) else lim
                    raise NotAllowed(f"{inst.title}: {p.get('title', name)} = {lt.Period.parse(value) if isinstance(value, dict) else value} "
                                     f"{word} {shown} ({p.get('quote', '')})", p["cites"])
        _required_steps(inst, spec, spec.get("cites") or p["cites"])
    for sw in inst.switches_on:
        s = pack.switches.get(sw)
        if s is None:
            raise NoRule(f"{inst.title} switches on {sw!r}, which is not a provision of {pack.title} that applies only where notified")
        if not _power(s, inst):
            raise NotAllowed(f"{inst.title} ({inst.kind.replace('_', ' ')} under {inst.under}) cannot bring {s.get('title', sw)} "
                             f"into force; {s.get('quote', '')}", s["cites"])
        _required_steps(inst, s, s["cites"])


def _required_steps(inst: Instrument, spec: dict, cites) -> None:
    """The steps the Act requires before the instrument takes effect (`requires: [approval, publication]`)."""
    for step in spec.get("requires") or []:
        when = {"approval": inst.approved_on, "publication": inst.published_on}.get(step)
        if when is None or when > inst.commencement:
            raise NotAllowed(f"{inst.title}: the Act requires {step} before it can take effect, and none is recorded "
                             f"on or before its commencement ({lt.fmt(inst.commencement)})", cites)


def resolve(pack, instruments, name: str, on: date, area: str | None):
    """(value, words, cites) of a parameter on `on` for `area`, through the layers."""
    best = None
    for inst in instruments:
        if name in inst.sets and inst.in_force(on) and inst.applies_to(area):
            key = (LAYERS[inst.layer], inst.commencement)
            if best is None or key > best[0]:
                best = (key, inst)
    def show(v):
        return lt.Period.parse(v) if isinstance(v, dict) else v

    if best is None:
        base, cites, _quote = pack.parameter(name, on)  # NoRule when the Act leaves it wholly to local law
        return base, f"{show(base)} under {cites}", cites
    inst = best[1]
    cites = pack.parameters[name]["cites"]
    try:
        base = f"{show(pack.parameter(name, on)[0])} under {cites}, set to"
    except NoRule:
        base = f"left by {cites} to be prescribed; set to"
    return inst.sets[name], f"{base} {show(inst.sets[name])} by {inst.label()}", cites


def notified(instruments, switch: str, on: date, area: str | None):
    """The instrument in force that switches `switch` on for `area`, or None."""
    found = [i for i in instruments if switch in i.switches_on and i.in_force(on) and i.applies_to(area)]
    return max(found, key=lambda i: (LAYERS[i.layer], i.commencement)) if found else None


def adopted(instruments, on: date | None) -> dict:
    """The readings adopted by instruments in force on `on` (later layers, then later commencements, prevail)."""
    out: dict = {}
    found = [i for i in instruments if i.adopts and (on is None or i.in_force(on))]
    for inst in sorted(found, key=lambda i: (LAYERS[i.layer], i.commencement)):
        out.update(inst.adopts)
    return out
