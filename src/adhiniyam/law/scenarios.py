"""Scenario tests: situations written from the Act's text, with the outcome the law requires.

A scenario file is a YAML list; see docs/law-packs.md. `run_file` checks each scenario and says
what differs; `adhiniyam law test` and pytest both use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from . import yamlio
from .errors import ERRORS, LawError, PackError
from .evaluator import BodySettings, Event, evaluate
from .pack import Pack, load_pack


@dataclass
class Outcome:
    file: str
    line: int | None
    name: str
    failures: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def body_from(spec: dict | None, pack: Pack) -> BodySettings:
    spec = spec or {}
    weekly = spec.get("weekly_off")
    loc = spec.get("location")
    return BodySettings(
        state=spec.get("state", pack.state),
        versions=dict(spec.get("versions") or {}),
        interpretations={k: str(v) for k, v in (spec.get("interpretations") or {}).items()},
        closures=list(spec.get("closures") or []),
        weekly_off=tuple(weekly) if weekly is not None else None,
        location=(loc["lat"], loc["lon"]) if loc else None,
        offices=dict(spec.get("offices") or {}),
        lighter_later_law=bool(spec.get("lighter_later_law", False)),
        areas=list(spec.get("areas") or []),
        instruments=instruments_from(spec.get("instruments"), pack),
    )


def instruments_from(items, pack: Pack) -> list:
    """Instruments as entered: each is checked against the Act, and refused if out of power."""
    from .instruments import check, from_dict

    out = []
    for d in items or []:
        inst = from_dict(d)
        check(pack, inst)
        out.append(inst)
    return out


def events_from(spec: list) -> list[Event]:
    out = []
    for e in spec or []:
        on = e.get("at") or e.get("on")
        if isinstance(on, str):
            on = datetime.fromisoformat(on) if "T" in on else date.fromisoformat(on)
        out.append(Event(e["type"], on, e.get("by"), dict(e.get("data") or {})))
    return out


def _as_of(v):
    if isinstance(v, str):
        return datetime.fromisoformat(v) if "T" in v else date.fromisoformat(v)
    return v


def run_scenario(pack: Pack, sc: dict, trace: bool = False):
    """Evaluate one scenario: (Evaluation or None, LawError or None)."""
    try:
        body = body_from(sc.get("body"), pack)
        return evaluate(pack, sc["procedure"], body, events_from(sc.get("events")), _as_of(sc["as_of"]), trace=trace), None
    except LawError as e:
        return None, e


def _same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        try:
            return abs(float(a) - float(b)) < 0.005
        except (TypeError, ValueError):
            return False
    if isinstance(a, datetime) and isinstance(b, str):
        return a == datetime.fromisoformat(b)
    return a == b


def check(pack: Pack, sc: dict) -> list[str]:
    exp = sc.get("expect") or {}
    res, err = run_scenario(pack, sc)
    fails = []
    if "error" in exp:
        want = exp["error"] or {}
        if err is None:
            return [f"expected an error ({want.get('type', 'LawError')}), but the case evaluated to status {res.status!r}"]
        cls = ERRORS.get(want.get("type", "LawError"), LawError)
        if not isinstance(err, cls):
            fails.append(f"expected {want.get('type')}, got {type(err).__name__}: {err.message}")
        if want.get("contains") and want["contains"].lower() not in err.message.lower():
            fails.append(f"error message lacks {want['contains']!r}: {err.message}")
        if want.get("cites") and want["cites"] not in err.cites:
            fails.append(f"error does not cite {want['cites']}: cites {err.cites}")
        return fails
    if err is not None:
        return [f"unexpected {type(err).__name__}: {err}"]
    if "status" in exp and res.status != exp["status"]:
        fails.append(f"status: expected {exp['status']!r}, got {res.status!r}")
    if "closed" in exp and res.closed != exp["closed"]:
        fails.append(f"closed: expected {exp['closed']}, got {res.closed}")
    if "deemed" in exp:
        want = exp["deemed"]
        if want is None:
            if res.deemed:
                fails.append(f"expected no deemed outcome, got {[(d.outcome, d.on.isoformat()) for d in res.deemed]}")
        else:
            match = [d for d in res.deemed if d.outcome == want.get("outcome", d.outcome) and ("on" not in want or d.on == want["on"])]
            if not match:
                fails.append(f"deemed: expected {want}, got {[(d.outcome, d.on.isoformat()) for d in res.deemed] or 'none'}")
    for name, want in (exp.get("deadlines") or {}).items():
        d = res.deadline(name)
        if want is None:
            if d is not None and not d.expired:
                fails.append(f"deadline {name}: expected none, got {d.last_day}")
        elif d is None:
            fails.append(f"deadline {name}: expected {want}, but there is no such deadline running (have: {[x.name for x in res.deadlines]})")
        elif want == "suspended":
            if not d.suspended:
                fails.append(f"deadline {name}: expected the clock stopped, got {d.last_day}")
        elif not _same(d.last_day, want):
            fails.append(f"deadline {name}: expected {want}, got {d.last_day}  [{d.explanation}]")
    if "next_deadline" in exp and res.next_deadline != exp["next_deadline"]:
        fails.append(f"next_deadline: expected {exp['next_deadline']}, got {res.next_deadline}")
    for role, evs in (exp.get("allowed") or {}).items():
        have = res.allowed.get(role, [])
        for ev in evs:
            if ev not in have:
                fails.append(f"allowed: {role} should be able to record {ev}; can: {have}")
    for role, evs in (exp.get("not_allowed") or {}).items():
        have = res.allowed.get(role, [])
        for ev in evs:
            if ev in have:
                fails.append(f"not_allowed: {role} should not be able to record {ev} now")
    for k, want in (exp.get("amounts") or {}).items():
        if k not in res.amounts:
            fails.append(f"amount {k}: expected {want}, not computed (have {sorted(res.amounts)})")
        elif not _same(res.amounts[k], want):
            fails.append(f"amount {k}: expected {want}, got {res.amounts[k]}")
    for k, want in (exp.get("findings") or {}).items():
        if res.findings.get(k) != want:
            fails.append(f"finding {k}: expected {want}, got {res.findings.get(k)}")
    for k, want in (exp.get("system_events") or {}).items():
        got = [d for (e, d) in res.system_events if e == k]
        if want is None and got or want is not None and want not in got:
            fails.append(f"system event {k}: expected {want}, got {got}")
    return fails


REQUIRED = ("name", "procedure", "events", "as_of", "rests_on")


def load_file(path: Path) -> list:
    doc = yamlio.load(path) or []
    if not isinstance(doc, list):
        raise PackError(path, getattr(doc, "line", 1), "a scenario file is a YAML list of scenarios")
    return doc


def run_file(pack: Pack, path: Path) -> list[Outcome]:
    outs = []
    for sc in load_file(path):
        missing = [k for k in REQUIRED if k not in sc]
        o = Outcome(str(path), getattr(sc, "line", None), sc.get("name", "?"))
        if missing:
            o.failures.append(f"scenario lacks {', '.join(missing)}")
        elif "expect" not in sc:
            o.failures.append("scenario has no `expect:` (use `adhiniyam law evaluate` for open questions)")
        else:
            try:
                o.failures = check(pack, sc)
            except (PackError, KeyError, ValueError, TypeError) as e:
                o.failures = [f"could not run: {type(e).__name__}: {e}"]
        outs.append(o)
    return outs


def run_pack(act_id: str) -> list[Outcome]:
    pack = load_pack(act_id)
    outs = []
    for f in pack.scenario_files:
        outs.extend(run_file(pack, f))
    return outs


# ---------------------------------------------------------------------------------------------
# The golden table of legal time

GOLDEN_TIME = Path(__file__).with_name("golden_time.yaml")


def _time_row(row) -> list[str]:
    from datetime import timedelta

    from . import time as lt
    from .calendar import Closure, OfficeCalendar
    from .sun import sun_times

    op = row["op"]

    def cal():
        closures = tuple(Closure(c["date"], c["reason"], c["source"]) for c in row.get("closures") or [])
        return OfficeCalendar(row.get("state"), tuple(row.get("weekly_off") or ("sun",)), closures)

    if op == "daylight":
        rise, set_ = sun_times(row["lat"], row["lon"], row["on"])
        fails = []
        for label, got in (("sunrise", rise), ("sunset", set_)):
            lo, hi = row["expect"][f"{label}_between"]
            if not (lo <= got.strftime("%H:%M") <= hi):
                fails.append(f"{label} {got:%H:%M} is not between {lo} and {hi}")
        return fails
    if op == "pause":
        got = lt.pause_length(row["start"], row["end"], row["reading"])
    elif op == "receipt":
        got = cal().next_open_day(row["on"])
    elif op == "extension":
        got = cal().next_open_day(row["on"])
    else:
        start = _as_of(row["from"])
        period = lt.Period.parse(row["period"])
        if op == "last_day":
            got = lt.last_day(start, period)
        elif op == "after_expiry":
            got = lt.last_day(start, period) + timedelta(days=1)
        elif op == "first_day_after":
            got = lt.first_day_after(start, period)
        elif op == "latest_before":
            got = lt.latest_before(start, period)
        else:
            return [f"unknown op {op!r}"]
    want = _as_of(row["expect"])
    return [] if got == want else [f"expected {want}, got {got}"]


def run_time_table() -> list[Outcome]:
    outs = []
    for row in load_file(GOLDEN_TIME):
        o = Outcome(str(GOLDEN_TIME), getattr(row, "line", None), row["name"])
        try:
            o.failures = _time_row(row)
        except (ValueError, KeyError, TypeError) as e:
            o.failures = [f"could not run: {e}"]
        outs.append(o)
    return outs
