"""Scenario tests: situations written from the Act's text, with the outcome the law requires.

A scenario file is a YAML list; see docs/law-packs.md. `run_file` checks each scenario and says
what differs; `adhiniyam law test` and pytest both use it. Bad input in a scenario (a date that
does not exist, an event without `on`, a scenario without `as_of`) is reported for that scenario
with its line and what was expected; the other scenarios of the file still run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from . import registers, yamlio
from .errors import ERRORS, LawError, PackError
from .evaluator import BodySettings, Event, evaluate
from .pack import Pack, load_pack

REQUIRED = ("name", "procedure", "events", "as_of", "rests_on")
SCENARIO_KEYS = REQUIRED + ("quote", "body", "expect", "note")
BODY_KEYS = ("state", "versions", "interpretations", "closures", "openings", "weekly_off", "location", "offices",
             "lighter_later_law", "areas", "instruments")
EVENT_KEYS = ("type", "on", "at", "by", "data", "recorded_on")


def _refuse_unknown(spec: dict, known: tuple, what: str, line) -> None:
    """A misspelt key would be dropped silently (a `bdoy:` loses the reading a pair depends on): refuse it."""
    unknown = sorted(str(k) for k in set(spec) - set(known))
    if unknown:
        raise ScenarioError(line, f"{what} does not know {', '.join(unknown)}; it takes {', '.join(known)}")


class ScenarioError(Exception):
    """A scenario is not well formed: says the line and what was expected."""

    def __init__(self, line, message):
        super().__init__(f"line {line or '?'}: {message}")
        self.line, self.message = line, message


@dataclass
class Outcome:
    file: str
    line: int | None
    name: str
    failures: list = field(default_factory=list)
    refused: str | None = None  # the engine's refusal, when the scenario was refused

    @property
    def passed(self) -> bool:
        return not self.failures

    def to_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "name": self.name, "passed": self.passed,
                "failures": list(self.failures), "refused": self.refused}


def _when(v, line, what: str):
    """A date or date-and-time from a scenario, or a ScenarioError naming the line."""
    if isinstance(v, yamlio.BadDate) or (isinstance(v, str) and v):
        try:
            return datetime.fromisoformat(v) if "T" in v else date.fromisoformat(v)
        except ValueError:
            raise ScenarioError(getattr(v, "line", line), f"{what} must be a real date like 2026-03-02 "
                                                          f"(or 2026-03-02T10:30), not {str(v)!r}") from None
    if isinstance(v, date):
        return v
    raise ScenarioError(line, f"{what} must be a date like 2026-03-02, not {v!r}")


def body_from(spec: dict | None, pack: Pack) -> BodySettings:
    spec = spec or {}
    if not isinstance(spec, dict):
        raise ScenarioError(None, f"body is a mapping (versions, interpretations, closures, location, …), not {spec!r}")
    _refuse_unknown(spec, BODY_KEYS, "body:", getattr(spec, "line", None))
    weekly = spec.get("weekly_off")
    loc = spec.get("location")
    if loc is not None and not (isinstance(loc, dict) and {"lat", "lon"} <= set(loc)):
        raise ScenarioError(getattr(spec, "line", None), f"body location is {{lat: 30.90, lon: 75.85}}, not {loc!r}")
    interps = {k: str(v) for k, v in (spec.get("interpretations") or {}).items()}
    registers.validate_choices(pack, interps, "the scenario's body")
    return BodySettings(
        state=spec.get("state", pack.state),
        versions=dict(spec.get("versions") or {}),
        interpretations=interps,
        closures=list(spec.get("closures") or []),
        openings=list(spec.get("openings") or []),
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


def events_from(spec: list, line=None) -> list[Event]:
    if not isinstance(spec, list):
        raise ScenarioError(line, "events is a list like [{type: application_received, on: 2026-03-02}]")
    out = []
    for i, e in enumerate(spec, 1):
        eline = getattr(e, "line", line)
        if not isinstance(e, dict) or "type" not in e:
            raise ScenarioError(eline, f"event {i} needs a `type` (and `on:`), not {e!r}")
        _refuse_unknown(e, EVENT_KEYS, f"event {i} ({e['type']})", eline)
        if e.get("at") is None and e.get("on") is None:
            raise ScenarioError(eline, f"event {i} ({e['type']}) needs `on: 2026-03-02` (or `at: 2026-03-02T10:30`)")
        on = _when(e.get("at") or e.get("on"), eline, f"event {i} ({e['type']}) `on`")
        rec = _when(e["recorded_on"], eline, f"event {i} `recorded_on`") if e.get("recorded_on") is not None else None
        if e.get("data") is not None and not isinstance(e["data"], dict):
            raise ScenarioError(eline, f"event {i} ({e['type']}): data is a mapping of field: value")
        out.append(Event(e["type"], on, e.get("by"), dict(e.get("data") or {}), rec))
    return out


def run_scenario(pack: Pack, sc: dict, trace: bool = False):
    """Evaluate one scenario: (Evaluation or None, LawError or None). A malformed scenario raises
    ScenarioError."""
    line = getattr(sc, "line", None)
    if not isinstance(sc, dict):
        raise ScenarioError(line, f"a scenario is a mapping with name, procedure, events, as_of, expect, not {sc!r}")
    missing = [k for k in ("procedure", "events", "as_of") if k not in sc]
    if missing:
        raise ScenarioError(line, f"a scenario needs {', '.join(missing)}")
    _refuse_unknown(sc, SCENARIO_KEYS, "a scenario", line)
    events = events_from(sc.get("events"), line)
    as_of = _when(sc["as_of"], line, "as_of")
    try:
        body = body_from(sc.get("body"), pack)
        return evaluate(pack, sc["procedure"], body, events, as_of, trace=trace), None
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


def _check_error(want, res, err) -> list[str]:
    want = want or {}
    if want.get("type", "LawError") not in ERRORS:
        return [f"expect.error.type {want['type']!r} is not an error the engine raises; use one of {', '.join(sorted(ERRORS))}"]
    if err is None:
        return [f"expected an error ({want.get('type', 'LawError')}), but the case evaluated to status {res.status!r}"]
    fails = []
    cls = ERRORS[want.get("type", "LawError")]
    if not isinstance(err, cls):
        fails.append(f"expected {want.get('type')}, got {type(err).__name__}: {err.message}")
    if want.get("contains") and want["contains"].lower() not in err.message.lower():
        fails.append(f"error message lacks {want['contains']!r}: {err.message}")
    if want.get("cites") and want["cites"] not in err.cites:
        fails.append(f"error does not cite {want['cites']}: cites {err.cites}")
    return fails


def _check_deemed(want, res) -> list[str]:
    got = [(d.outcome, d.on.isoformat()) for d in res.deemed]
    if want is None:
        return [f"expected no deemed outcome, got {got}"] if res.deemed else []
    match = [d for d in res.deemed if d.outcome == want.get("outcome", d.outcome) and ("on" not in want or d.on == want["on"])]
    return [] if match else [f"deemed: expected {want}, got {got or 'none'}"]


def _check_deadlines(exp, res, aliases) -> list[str]:
    fails = []
    for name, want in (exp or {}).items():
        name = aliases.get(name, name)
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
    return fails


def _check_allowed(exp, res, aliases) -> list[str]:
    fails = []
    for role, evs in (exp.get("allowed") or {}).items():
        have = res.allowed.get(role, [])
        fails += [f"allowed: {role} should be able to record {ev}; can: {have}" for ev in evs if aliases.get(ev, ev) not in have]
    for role, evs in (exp.get("not_allowed") or {}).items():
        have = res.allowed.get(role, [])
        fails += [f"not_allowed: {role} should not be able to record {ev} now" for ev in evs if aliases.get(ev, ev) in have]
    return fails


def _check_values(exp, res) -> list[str]:
    fails = []
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
    for k, want in (exp.get("readings") or {}).items():
        if str(res.readings.get(k)) != str(want):
            fails.append(f"reading {k}: expected it to act as {want}, got {res.readings.get(k)!r} (readings used: {res.readings})")
    for k, want in (exp.get("offence") or {}).items():
        got = (res.offence or {}).get(k)
        if got != want and not (isinstance(want, dict) and isinstance(got, dict) and all(got.get(a) == b for a, b in want.items())):
            fails.append(f"offence {k}: expected {want}, got {got}")
    if "recorded_late" in exp:
        got = [e["event"] for e in res.late_entries]
        if got != list(exp["recorded_late"] or []):
            fails.append(f"recorded late: expected {exp['recorded_late']}, got {got}")
    return fails


EXPECT_KEYS = ("status", "closed", "deemed", "deadlines", "next_deadline", "allowed", "not_allowed", "amounts",
               "findings", "system_events", "readings", "offence", "recorded_late", "error")


def check(pack: Pack, sc: dict) -> list[str]:
    exp = sc.get("expect") or {}
    unknown = sorted(set(exp) - set(EXPECT_KEYS)) if isinstance(exp, dict) else ["(not a mapping)"]
    if unknown:
        raise ScenarioError(getattr(exp, "line", getattr(sc, "line", None)),
                            f"expect: does not know {', '.join(unknown)}; it takes {', '.join(EXPECT_KEYS)}")
    res, err = run_scenario(pack, sc)
    if "error" in exp:
        return _check_error(exp["error"], res, err)
    if err is not None:
        return [f"unexpected {type(err).__name__}: {err}"]
    aliases = pack.procedure(sc["procedure"]).aliases
    fails = []
    status = aliases.get("statuses", {}).get(exp.get("status"), exp.get("status"))
    if "status" in exp and res.status != status:
        fails.append(f"status: expected {exp['status']!r}, got {res.status!r}")
    if "closed" in exp and res.closed != exp["closed"]:
        fails.append(f"closed: expected {exp['closed']}, got {res.closed}")
    if "deemed" in exp:
        fails += _check_deemed(exp["deemed"], res)
    fails += _check_deadlines(exp.get("deadlines"), res, aliases.get("timers", {}))
    if "next_deadline" in exp and res.next_deadline != exp["next_deadline"]:
        fails.append(f"next_deadline: expected {exp['next_deadline']}, got {res.next_deadline}")
    fails += _check_allowed(exp, res, aliases.get("events", {}))
    return fails + _check_values(exp, res)


def load_file(path: Path) -> list:
    path = Path(path)
    if not path.exists():
        raise PackError(path, None, "no such scenario file")
    doc = yamlio.load(path) or []
    if not isinstance(doc, list):
        raise PackError(path, getattr(doc, "line", 1), "a scenario file is a YAML list of scenarios")
    return doc


def run_one(pack: Pack, path: Path, sc) -> Outcome:
    line = getattr(sc, "line", None)
    if not isinstance(sc, dict):
        return Outcome(str(path), line, "?", [f"line {line or '?'}: a scenario is a mapping with name, procedure, events, as_of, expect"])
    o = Outcome(str(path), line, str(sc.get("name", "?")))
    missing = [k for k in REQUIRED if k not in sc]
    if missing:
        o.failures.append(f"line {line}: the scenario lacks {', '.join(missing)}")
    elif "expect" not in sc:
        o.failures.append(f"line {line}: the scenario has no `expect:` (use `adhiniyam law evaluate` for open questions)")
    else:
        try:
            o.failures = check(pack, sc)
        except ScenarioError as e:
            o.failures = [str(e)]
        except LawError as e:
            o.failures, o.refused = [f"refused: {e}"], str(e)
        except (KeyError, TypeError, ValueError, AttributeError) as e:  # a malformed part the checks above do not name
            o.failures = [f"line {line}: could not run this scenario ({type(e).__name__}: {e}); see docs/law-packs.md for the format"]
    return o


def run_file(pack: Pack, path: Path) -> list[Outcome]:
    return [run_one(pack, path, sc) for sc in load_file(path)]


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
    elif op in ("receipt", "extension"):
        got = cal().next_open_day(row["on"])
    else:
        start = _when(row["from"], row.line, "from")
        period = lt.Period.parse(row["period"])
        ops = {"last_day": lambda: lt.last_day(start, period),
               "after_expiry": lambda: lt.last_day(start, period) + timedelta(days=1),
               "first_day_after": lambda: lt.first_day_after(start, period),
               "latest_before": lambda: lt.latest_before(start, period)}
        if op not in ops:
            return [f"unknown op {op!r}"]
        got = ops[op]()
    want = row["expect"] if op == "pause" else _when(row["expect"], row.line, "expect")
    return [] if got == want else [f"expected {want}, got {got}"]


def run_time_table() -> list[Outcome]:
    outs = []
    for row in load_file(GOLDEN_TIME):
        o = Outcome(str(GOLDEN_TIME), getattr(row, "line", None), row["name"])
        try:
            o.failures = _time_row(row)
        except (ValueError, KeyError, TypeError, ScenarioError) as e:
            o.failures = [f"could not run: {e}"]
        outs.append(o)
    return outs
