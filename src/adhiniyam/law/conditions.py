"""Conditions: each defined once — how it is checked on load, how it is evaluated, how its failure
is worded, and its line of the format documentation (docs/law-packs.md is generated from `CONDITIONS`).

A condition is a one-key mapping in a `when:` list (`{status: [pending]}`); it may also carry
`error:` (the words used when it fails) and `cites:`. A list means all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from . import time as lt
from .errors import InvalidData, LawError

EXTRA = {"error", "cites", "quote"}


@dataclass(frozen=True)
class Condition:
    key: str
    form: str  # how it is written, for the documentation
    doc: str  # when it holds, for the documentation
    holds: Callable  # (case, value, when) -> bool; `when` is the moment judged (the event's date or the as-of)
    words: Callable | None = None  # (case, value) -> why it failed
    compile: Callable | None = None  # (value, ctx) -> compiled value; ctx checks ids on load


class Cond:
    """One compiled condition: its definition, its value, and the words to use when it fails."""

    __slots__ = ("defn", "key", "value", "error", "cites", "raw", "test")

    def __init__(self, defn: Condition, value, raw):
        self.defn, self.key, self.value, self.raw = defn, defn.key, value, raw
        self.test = defn.holds  # (case, value, when) -> bool
        self.error = raw.get("error")
        c = raw.get("cites")
        self.cites = [c] if isinstance(c, str) else list(c or [])

    def holds(self, case, when) -> bool:
        return self.test(case, self.value, when)

    def failure(self, case) -> str:
        if self.error:
            return self.error
        if self.defn.words is not None:
            return self.defn.words(case, self.value)
        return f"condition {self.key}: {self.value} does not hold"


def mentions(conds, key: str) -> bool:
    """Whether any of `conds` (or a condition inside any/all/not) is a `key` condition."""
    for c in conds or ():
        inner = c.value if c.key in ("any", "all") else [c.value] if c.key == "not" else ()
        if c.key == key or mentions(inner, key):
            return True
    return False


def _any(case, conds, when) -> bool:
    """Whether at least one of `conds` holds at `when`."""
    for c in conds:
        if c.test(case, c.value, when):
            return True
    return False


def first_failure(conds, case, when):
    """The first condition of `conds` that does not hold at `when`, or None when all hold."""
    for c in conds:
        if not c.test(case, c.value, when):
            return c
    return None


# -- compiling helpers ------------------------------------------------------------------------------


def _set(value, ctx):
    return frozenset(value if isinstance(value, list) else [value])


def _statuses(value, ctx):
    out = _set(value, ctx)
    for s in out:
        ctx.need(s in ctx.statuses, f"status {s!r} is not one of the procedure's statuses")
    return out


def _roles(value, ctx):
    out = _set(value, ctx)
    for r in out:
        ctx.need(r in ctx.roles, f"role {r!r} is not one of the procedure's roles")
    return out


def _event(value, ctx):
    ctx.need(value in ctx.events, f"{value!r} is not an event of this procedure")
    return value


def _timer(value, ctx):
    ctx.need(value in ctx.timers, f"{value!r} is not a timer of this procedure")
    return value


def _counts(value, ctx):
    for ev in value:
        _event(ev, ctx)
    return dict(value)


def _readings(value, ctx):
    out = {}
    for iid, r in value.items():
        vals = frozenset(str(x) for x in (r if isinstance(r, list) else [r]))
        ctx.reading(iid, vals)
        out[iid] = vals
    return out


def _versions(value, ctx):
    return {p: frozenset(r if isinstance(r, list) else [r]) for p, r in value.items()}


def _many(value, ctx):
    return [ctx.condition(x) for x in value]


def _one(value, ctx):
    return ctx.condition(value)


def _switch(value, ctx):
    ctx.need(value in ctx.pack.switches, f"{value!r} is not in switches.yaml")
    return value


def _night_value(value, ctx):
    m = value.get("minutes") if isinstance(value, dict) else None
    ok = (isinstance(m, int) and m >= 0) or (isinstance(m, dict) and m.get("param") in ctx.pack.parameters)
    ctx.need(ok, "night is {minutes: 30} or {minutes: {param: id}} with a parameter of the pack")
    return value


DATE_AFTER_KEYS = {"fact", "day_itself", "period", "at", "on_receipt", "office"}


def _date_after_value(value, ctx):
    ctx.need(isinstance(value, dict) and isinstance(value.get("fact"), str) and set(value) <= DATE_AFTER_KEYS,
             "date_after is {fact: name, period: {months: 6}, day_itself: false, at: name, on_receipt: false, office: office} "
             "(all but fact optional)")
    period = value.get("period")
    if period is not None:
        ok = isinstance(period, dict) and len(period) == 1
        if ok and "param" in period:
            ok = period["param"] in ctx.pack.parameters
        elif ok and "fact" not in period:
            try:
                lt.Period.parse(period)
            except ValueError:
                ok = False
        ctx.need(ok, "date_after period is {days|weeks|months|years|hours: N}, {param: id} or {fact: name}")
    return value


def _area_value(value, ctx):
    """`sec_106D`, or {section: sec_106D, from: public_notice_on | resolution_on, at: name}."""
    if isinstance(value, str):
        return _node(value, ctx)
    ctx.need(isinstance(value, dict) and "section" in value and set(value) <= {"section", "from", "at"}
             and value.get("from", "public_notice_on") in AREA_DATES,
             "in_declared_area is a section id, or {section: id, from: public_notice_on | resolution_on, at: fact}")
    _node(value["section"], ctx)
    return value


def _fact_in(value, ctx):
    ctx.need(isinstance(value, dict) and all(isinstance(v, list) and v for v in value.values()),
             "fact_in is {name: [value, value, …]}")
    return {f: frozenset(vals) for f, vals in value.items()}


def _node(value, ctx):
    ctx.need(value in ctx.pack.nodes, f"{value!r} is not an id in text.yaml")
    return value


# -- evaluating helpers ---------------------------------------------------------------------------


def _within(case, v, when, after=False) -> bool:
    ts = case.timers[v]
    if ts.start is None:
        return False
    end = case.last_day(ts)
    if end is None:  # clock stopped: still within
        return not after
    if isinstance(end, datetime):  # hours: "not less than four hours" is met at the fourth hour itself
        m = lt.moment(when)
        ok = m < end if ts.timer.counting == "clear" else m <= end
    else:
        ok = lt.as_date(when) <= end
    return not ok if after else ok


def _timer_words(case, v) -> str:
    ts = case.timers[v]
    if ts.start is None:
        return f"the {ts.timer.title.lower()} has not begun"
    end = case.last_day(ts)
    if end is not None:
        return f"the {ts.timer.title.lower()} ended on {lt.fmt(end)}"
    return f"it must be within the {ts.timer.title.lower()}"


def _from_last_day(case, v, when) -> bool:
    ts = case.timers[v]
    end = case.last_day(ts) if ts.start is not None else None
    return end is not None and lt.moment(when) >= lt.moment(end)


def _by_day(case, v, when) -> bool:
    if case.listing and not isinstance(when, datetime):
        return True  # open today; the clock time is checked when the entry is recorded
    if v == "twilight":  # civil twilight counted as day
        return case.by_day(when, twilight=True)
    return case.by_day(when) == bool(v)


def _by_day_value(value, ctx):
    ctx.need(value in (True, False, "twilight"), "by_day is true, false or twilight (civil dawn to civil dusk)")
    return value


def _night(case, v, when) -> bool:
    """After sunset + margin or before sunrise − margin at the body's location ("from half an hour
    after sunset to half an hour before sunrise")."""
    from datetime import timedelta

    from .errors import InvalidData
    from .sun import sun_times

    if case.body.location is None:
        raise InvalidData("the body's location (latitude and longitude) is needed to tell sunrise and sunset")
    if not isinstance(when, datetime):
        if case.listing:
            return True
        raise InvalidData(f"the clock time is needed on {lt.fmt(when)} (at: {when.isoformat()}T19:30) to tell whether "
                          f"it was after sunset or before sunrise")
    rise, set_ = sun_times(case.body.location[0], case.body.location[1], when.date())
    minutes = case.param(v["minutes"]["param"], when) if isinstance(v["minutes"], dict) else v["minutes"]
    margin = timedelta(minutes=minutes)
    ok = when >= set_ + margin or when <= rise - margin
    case.step(when, f"{when:%H:%M} on {lt.fmt(when.date())}: sunrise {rise:%H:%M}, sunset {set_:%H:%M}; the period from "
                    f"{(set_ + margin):%H:%M} to {(rise - margin):%H:%M} (next morning) {'includes' if ok else 'does not include'} it")
    return ok


def _date_after(case, v, when) -> bool:
    """The moment judged (or the date the fact `at` states) falls after the date a fact states (on it
    too, with `day_itself: true`): "after the date fixed thereunder for closing the same". With
    `period:`, after the last day of that period counted from the fact's date, the first day excluded
    ("fail within six months from the date of its service"); a period in hours runs from the fact's
    clock time. `on_receipt: true`: a paper delivered when the office was closed counts from its next
    open day (reading gca.receipt_on_closed_day)."""
    end = _date_after_end(case, v, when)
    judged = (_stated(case, v["at"]) if v.get("at") else None) or when
    if isinstance(end, datetime):
        m = lt.moment(judged)
        return m >= end if v.get("day_itself") else m > end
    day = lt.as_date(judged)
    if v.get("period") is not None:
        case.step(day, f"{v['fact'].replace('_', ' ')} + {lt.Period.parse(_period_spec(case, v, when))}: the last day is "
                       f"{lt.fmt(end)}; {v['at'].replace('_', ' ') if v.get('at') else 'the date judged'} is {lt.fmt(day)}")
    return day >= end if v.get("day_itself") else day > end


def _stated(case, name):
    """The date a fact of the record states, or the date of the case's first event of that name."""
    stated = case.facts.get(name)
    if stated is None and name in case.first:
        stated = case.first[name][0]
    if stated is None or isinstance(stated, (date, datetime)):
        return stated
    return lt.parse_when(stated)


def _period_spec(case, v, when):
    spec = v["period"]
    if "param" in spec:
        return case.period_param(spec["param"], when)
    if "fact" in spec:
        got = case.facts.get(spec["fact"])
        if got is None:
            raise InvalidData(f"the {spec['fact'].replace('_', ' ')} is needed to judge the date of the act")
        return got
    return spec


def _date_after_end(case, v, when):
    """The date (or moment) `date_after` compares with: the fact's date, or the last day of the period from it."""
    start = _stated(case, v["fact"])
    if start is None:
        raise InvalidData(f"the {v['fact'].replace('_', ' ')} is needed to judge the date of the act against it")
    if v.get("on_receipt") and not isinstance(start, datetime):
        start = case.received_on(start)
    if v.get("period") is None:
        return lt.as_date(start)
    period = lt.Period.parse(_period_spec(case, v, when))
    if period.is_hours and not isinstance(start, datetime):
        raise InvalidData(f"the {v['fact'].replace('_', ' ')} needs its clock time (2026-03-02T10:30): the period is in hours")
    if period.is_hours:
        return lt.last_day(start, period)
    end = lt.last_day(lt.as_date(start), period, case.month_rule(lt.as_date(start), period))  # gca.month_end, as timers
    if v.get("office"):  # a last day the office is closed runs to its next open day
        cal = case.body.calendar(v["office"])
        if cal.closed_because(end):
            end = cal.next_open_day(end)
    return end


def _date_after_words(case, v) -> str:
    word = "on or after" if v.get("day_itself") else "after"
    fact = v["fact"].replace("_", " ")
    at = f"the {v['at'].replace('_', ' ')}" if v.get("at") else "the date of the act"
    if _stated(case, v["fact"]) is None:
        return f"the {fact} is not recorded"
    if v.get("period") is None:
        return f"{at} is not {word} the {fact} ({lt.fmt(lt.as_date(_stated(case, v['fact'])))})"
    try:
        end = _date_after_end(case, v, None) if "param" not in v["period"] else None
    except LawError:  # a period fact not recorded: say what is missing, never fail while wording a failure
        end = None
    shown = f" (its last day: {lt.fmt(end)})" if end is not None else ""
    return f"{at} is not {word} the end of the period from the {fact}{shown}"


def _date_at_least_value(value, ctx):
    ok = isinstance(value, dict) and isinstance(value.get("fact"), str) and set(value) <= {"fact", "period", "counting", "from_timer"}
    if ok and "from_timer" in value:
        _timer(value["from_timer"], ctx)
    try:
        ok = ok and lt.Period.parse(value["period"]) is not None and value.get("counting", "from") in ("from", "clear")
    except (ValueError, KeyError):
        ok = False
    ctx.need(ok, "date_at_least is {fact: name, period: {days: 30}, counting: from | clear}")
    return value


def _date_at_least_end(case, v, when):
    """The earliest date the fact may state: the period's last day from the moment judged, or from the last day
    of the timer named (`from_timer`: "extended by six months" from the end of the current term); for clear
    days the day after."""
    from datetime import timedelta

    base = lt.as_date(when if "from_timer" not in v else case.last_day(case.timers[v["from_timer"]]))
    period = lt.Period.parse(v["period"])
    end = lt.last_day(base, period, case.month_rule(base, period))  # a month from a month's end: gca.month_end
    return end + timedelta(days=1) if v.get("counting") == "clear" else end


def _date_at_least(case, v, when) -> bool:
    """The date a fact states falls at least a period after the moment judged ("intimate a date not less than
    thirty days from the date of such notice"); `counting: clear` excludes both ends."""
    stated = case.facts.get(v["fact"])
    if stated is None:
        raise InvalidData(f"the {v['fact'].replace('_', ' ')} is needed")
    if "from_timer" in v and case.timers[v["from_timer"]].start is None:
        return False
    return lt.to_date(stated) >= _date_at_least_end(case, v, when)


AREA_DATES = ("public_notice_on", "resolution_on")


def _in_area(case, v, when) -> bool:
    if isinstance(v, str):
        return case.in_declared_area(v, when)
    at = _stated(case, v["at"]) if v.get("at") else None
    return case.in_declared_area(v["section"], at or when, v.get("from", "public_notice_on"))


def _area_words(case, v) -> str:
    section = v if isinstance(v, str) else v["section"]
    when = f" on the {v['at'].replace('_', ' ')}" if isinstance(v, dict) and v.get("at") else " on that date"
    since = " (by its resolution)" if isinstance(v, dict) and v.get("from") == "resolution_on" else ""
    return f"the area {case.facts.get('area')!r} was not declared under {section}{since}{when}"


def _notified(case, v, when) -> bool:
    from .instruments import notified

    d = lt.as_date(when)
    inst = notified(case.body.instruments, v, d, case.facts.get("area"))
    if inst is not None:
        sw = case.pack.switches[v]
        case.step(d, f"{sw.get('title', v)} is in force here: {inst.label()}", [sw["cites"]])
    return inst is not None


def _facts_equal(case, v, when) -> bool:
    return all(case.facts.get(f) == val for f, val in v.items())


def _facts_cmp(op):
    def holds(case, v, when):
        def one(f, val):
            lim = _limit(case, val, when)
            return case.facts.get(f) is not None and lim is not None and op(case.facts[f], lim)
        return all(one(f, val) for f, val in v.items())
    return holds


def _limit(case, val, when):
    """A comparison's limit: a number, or an amount expression (`{param: id}` in force on the moment
    judged, `{percent: 50, of: persons_served}` — "a majority of the persons served", `{fact: expenses_due}`);
    None while the record does not state a fact it needs, and the comparison does not hold."""
    from .amounts import amount, missing

    if not isinstance(val, dict):
        return val
    return None if missing(case, val) else amount(case, val, lt.as_date(when))[0]


def _limits(value, ctx):
    from . import amounts

    for f, val in value.items():
        ok = isinstance(val, (int, float)) and not isinstance(val, bool)
        if isinstance(val, dict):
            amounts.check(val, ctx.err, ctx.owner)
            ok = "param" not in val or val["param"] in ctx.pack.parameters
        ctx.need(ok, f"the limit for {f} is a number or an amount expression ({{param: id}} of the pack), not {val!r}")
    return dict(value)


def _status_words(case, v):
    return f"the case must be {' or '.join(sorted(v))} (it is: {case.status_label()})"


def _fact_words(case, v):
    return "; ".join(f"{f.replace('_', ' ')} must be {val!r} (recorded: {case.facts.get(f)!r})" for f, val in v.items())


def _cmp_words(word):
    def shown(val):
        if not isinstance(val, dict):
            return str(val)
        if "param" in val:
            return val["param"].replace("_", " ")
        return " ".join(str(x).replace("_", " ") for pair in val.items() for x in pair)

    def words(case, v):
        return "; ".join(f"{f.replace('_', ' ')} must be {word} {shown(val)} (recorded: {case.facts.get(f)!r})"
                         for f, val in v.items())
    return words


def _reading_words(case, v):
    return "; ".join(f"the reading of {i} is {case.reading(i)}, not {' or '.join(sorted(r))}" for i, r in v.items())


CONDITIONS: dict[str, Condition] = {c.key: c for c in [
    Condition("status", "status: [a, b]", "the current status is one of these",
              lambda case, v, w: case.status in v, _status_words, _statuses),
    Condition("not_status", "not_status: [a, b]", "the current status is none of these",
              lambda case, v, w: case.status not in v,
              lambda case, v: f"the case must not be {' or '.join(sorted(v))}", _statuses),
    Condition("happened", "happened: ev", "an event of that type has been recorded",
              lambda case, v, w: case.counts[v] > 0,
              lambda case, v: f"{v.replace('_', ' ')} has not been recorded", _event),
    Condition("not_happened", "not_happened: ev", "no event of that type has been recorded",
              lambda case, v, w: case.counts[v] == 0,
              lambda case, v: f"{v.replace('_', ' ')} has already been recorded", _event),
    Condition("count_below", "count_below: {ev: 2}", "fewer than 2 events of that type",
              lambda case, v, w: all(case.counts[e] < n for e, n in v.items()),
              lambda case, v: "; ".join(f"{e.replace('_', ' ')} may be recorded at most {n - 1} time(s)" for e, n in v.items()),
              _counts),
    Condition("running", "running: timer", "the timer has started, is not stopped, and its last day has not passed",
              lambda case, v, w: case.running(case.timers[v]), _timer_words, _timer),
    Condition("started", "started: timer", "the timer has started", lambda case, v, w: case.timers[v].start is not None,
              lambda case, v: f"the {case.timers[v].timer.title.lower()} has not begun", _timer),
    Condition("stopped", "stopped: timer", "the act the timer waits for has been done",
              lambda case, v, w: case.timers[v].stopped is not None, _timer_words, _timer),
    Condition("expired", "expired: timer", "the timer's last day passed while it ran",
              lambda case, v, w: case.timers[v].expired is not None, _timer_words, _timer),
    Condition("within", "within: timer", "the moment judged falls on or before the timer's last day (timer started)",
              _within, _timer_words, _timer),
    Condition("after", "after: timer", "the moment judged falls after the timer's last day",
              lambda case, v, w: _within(case, v, w, after=True),
              lambda case, v: f"it may only be done after the {case.timers[v].timer.title.lower()} ends", _timer),
    Condition("from_last_day", "from_last_day: timer",
              "the moment judged falls on or after the timer's last day (\"at least one month before\": work may begin on the corresponding date)",
              _from_last_day, _timer_words, _timer),
    Condition("fact", "fact: {name: value}", "the case's facts (all event fields so far, later ones win) have these values",
              _facts_equal, _fact_words),
    Condition("fact_in", "fact_in: {name: [v1, v2]}", "the fact is one of these values (\"cattle\" means bulls, bullocks, … goats and kids)",
              lambda case, v, w: all(case.facts.get(f) in vals for f, vals in v.items()),
              lambda case, v: "; ".join(f"{f.replace('_', ' ')} must be one of {', '.join(map(str, vals))} (recorded: "
                                        f"{case.facts.get(f)!r})" for f, vals in v.items()), _fact_in),
    Condition("fact_at_least", "fact_at_least: {name: n}", "the numeric fact is at least n (n may be an amount expression: `{param: id}`, `{percent: 50, of: fact}`)",
              _facts_cmp(lambda a, b: a >= b), _cmp_words("at least"), _limits),
    Condition("fact_at_most", "fact_at_most: {name: n}", "the numeric fact is at most n (\"within fifty feet\")",
              _facts_cmp(lambda a, b: a <= b), _cmp_words("at most"), _limits),
    Condition("fact_above", "fact_above: {name: n}", "the numeric fact is more than n (\"more than twenty workmen\")",
              _facts_cmp(lambda a, b: a > b), _cmp_words("more than"), _limits),
    Condition("fact_below", "fact_below: {name: n}", "the numeric fact is below n",
              _facts_cmp(lambda a, b: a < b), _cmp_words("below"), _limits),
    Condition("by", "by: [role]", "the entry is recorded by one of these roles (a power some may use only in some cases: the Deputy Director after assuming the Panchayat's powers)",
              lambda case, v, w: case.acting is None or case.acting in v,
              lambda case, v: f"it is for {' or '.join(sorted(v))} only", _roles),
    Condition("reading", "reading: {interpretation_id: [r1, r2]}", "the body's reading of that interpretation is one of these",
              lambda case, v, w: all(case.reading(i) in r for i, r in v.items()), _reading_words, _readings),
    Condition("version", "version: {provision: [version_id]}", "that version of the provision is in force for this case",
              lambda case, v, w: all(case.proc.versions.get(p) in r for p, r in v.items()),
              lambda case, v: "; ".join(f"{p} is in force in version {case.proc.versions.get(p)}" for p in v), _versions),
    Condition("by_day", "by_day: true", "the clock time (`at:`) is between sunrise and sunset at the body's `location` (`false`: night; `twilight`: between civil dawn and civil dusk)",
              _by_day, lambda case, v: ("it must be done between civil dawn and civil dusk" if v == "twilight" else
                                        "it must be done between sunrise and sunset" if v else "it must be done at night"),
              _by_day_value),
    Condition("night", "night: {minutes: 30}",
              "the clock time (`at:`) is at least that long after sunset or before sunrise at the body's `location` (\"from half an hour after sunset to half an hour before sunrise\"); the minutes may be `{param: id}`",
              _night, lambda case, v: "it was not in the period from the margin after sunset to the margin before sunrise",
              _night_value),
    Condition("date_after", "date_after: {fact: name, period: {months: 6}, day_itself: false, at: name, on_receipt: false, office: municipality}",
              "the moment judged falls after the date the fact (or the case's event of that name) states (`day_itself: true`: on that day or after); "
              "with `period:` (optional; a count, `{param: id}` or `{fact: name}`), after the last day of that period from the fact's date (\"fail within six months from the date of its service\"), carried past a day the `office:` named is closed; "
              "`at: name` judges the date another fact states instead of the moment judged; `on_receipt: true`: a fact's date on which the body's office was closed counts as its next open day (reading gca.receipt_on_closed_day)",
              _date_after, _date_after_words, _date_after_value),
    Condition("date_at_least", "date_at_least: {fact: name, period: {days: 30}, counting: from, from_timer: t}",
              "the date the fact states falls at least that period after the moment judged, or after the last day of `from_timer` (`counting: clear`: clear days, both ends excluded) (\"a date not less than thirty days from the date of such notice\")",
              _date_at_least, lambda case, v: f"the {v['fact'].replace('_', ' ')} ({case.facts.get(v['fact'])}) must be at least {lt.Period.parse(v['period'])} after the date judged",
              _date_at_least_value),
    Condition("in_declared_area", "in_declared_area: sec_106D",
              "the case's `area` lies in an area whose declaration (body setting `areas:`) names that section, with public notice given on or before the moment judged; "
              "`{section: sec_106D, from: resolution_on, at: name}`: applying from the resolution instead, judged on the date a fact states",
              _in_area, _area_words, _area_value),
    Condition("notified", "notified: switch", "an instrument in force on the moment judged switches that provision on for the case's `area`",
              _notified, lambda case, v: f"{case.pack.switches[v].get('title', v)} is not in force here on that date", _switch),
    Condition("any", "any: [conds]", "at least one of the conditions holds",
              _any,
              lambda case, v: "none of: " + "; ".join(c.failure(case) for c in v), _many),
    Condition("all", "all: [conds]", "every one of the conditions holds",
              lambda case, v, w: all(c.holds(case, w) for c in v),
              lambda case, v: "all of: " + "; ".join(c.failure(case) for c in v), _many),
    Condition("not", "not: cond", "the condition does not hold",
              lambda case, v, w: not v.holds(case, w), lambda case, v: f"it must not be that: {v.defn.doc}", _one),
]}


def doc_table() -> str:
    """The condition table of docs/law-packs.md, generated from CONDITIONS."""
    rows = ["| condition | holds when |", "|---|---|"]
    rows += [f"| `{c.form}` | {c.doc} |" for c in CONDITIONS.values()]
    return "\n".join(rows)
