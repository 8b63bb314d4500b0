"""Compiling a procedure (its shape, versions and readings applied) into engine objects, checking
every id, citation and label on the way. Errors name the file and the line."""

from __future__ import annotations

from pathlib import Path

from . import amounts, registers, yamlio
from .conditions import CONDITIONS, EXTRA, Cond
from .errors import PackError
from .model import EventType, Field, Offence, Pause, Procedure, Timer
from .time import UNITS, Period

KINDS = {"application", "licence", "notice", "offence", "public_notice", "appeal", "pound", "meeting",
         "check", "register", "governance", "inspection", "complaint"}
FIELD_TYPES = {"bool", "int", "number", "money", "text", "date", "datetime", "period", "choice", "list", "periods"}
FIELD_KEYS = {"type", "required", "default", "choices", "min", "max", "title"}
EVENT_KEYS = {"title", "by", "opens", "status", "cites", "quote", "fields", "when", "closes", "reopens",
              "note", "system", "facts"}
TIMER_KEYS = {"title", "who", "cites", "quote", "start", "on_receipt", "period", "counting", "restart_on",
              "stop_on", "office_closed_extension", "pauses", "when", "on_expiry", "direction", "note",
              "min", "max", "kind", "beyond_max", "below_min", "outcome_on"}
EXPIRY_KEYS = {"status", "event", "deemed", "when", "otherwise", "cites", "quote", "closes", "note"}
PROCEDURE_KEYS = {"procedure", "title", "kind", "cites", "quote", "roles", "statuses", "events", "timers",
                  "provisions", "penalty", "checks", "note", "applies", "borrows", "title_hi", "needs", "fee",
                  "elements", "exceptions", "preconditions", "qualities", "aliases", "date_of_act", "amounts", "offence_at"}
CHECK_OPS = ("at_least", "at_most", "more_than", "less_than", "equals", "in")


def cites_of(v) -> list:
    if v is None:
        return []
    return [v] if isinstance(v, str) else list(v)


class Context:
    """What a procedure's parts are checked against while it compiles."""

    def __init__(self, pack, path: Path, raw: dict):
        self.pack, self.path, self.raw = pack, path, raw
        self.events = set(raw.get("events") or {})
        self.timers = set(raw.get("timers") or {})
        self.statuses = set(raw.get("statuses") or {})
        self.roles = dict(raw.get("roles") or {})
        self.owner = raw

    def err(self, obj, msg) -> PackError:
        return PackError(getattr(obj, "file", None) or self.path, getattr(obj, "line", None) or getattr(self.owner, "line", None),
                         f"{self.raw.get('procedure')}: {msg}")

    def need(self, ok: bool, msg: str, obj=None) -> None:
        if not ok:
            raise self.err(obj if obj is not None else self.owner, msg)

    def cites(self, obj, cites, required=False) -> list:
        if required and not cites:
            raise self.err(obj, "every rule cites its section (`cites:`) and quotes its words (`quote:`)")
        for c in cites:
            if c not in self.pack.nodes:
                raise self.err(obj, f"cites {c!r}, which is not an id in text.yaml")
        return cites

    def label(self, obj, text, what: str) -> str:
        if not isinstance(text, str) or not text.strip():
            raise self.err(obj, f"{what} needs words a person can read (it is empty)")
        return text

    def reading(self, iid: str, vals) -> None:
        it = registers.find(self.pack, iid)
        if it is None:
            raise self.err(self.owner, f"reading of {iid!r}, which is not in interpretations.yaml or jurisdictions.yaml")
        for v in vals:
            if v not in it.readings:
                raise self.err(self.owner, f"{iid} has no reading {v!r}; its readings are {', '.join(it.readings)}")

    def condition(self, c) -> Cond:
        if not isinstance(c, dict):
            raise self.err(self.owner, f"a condition is a mapping like {{status: [pending]}}, not {c!r}")
        keys = set(c) - EXTRA
        if len(keys) != 1 or not keys <= set(CONDITIONS):
            raise self.err(c, f"a condition has exactly one of {sorted(CONDITIONS)} (plus error/cites), not {sorted(c)}")
        self.cites(c, cites_of(c.get("cites")))
        (k,) = keys
        defn = CONDITIONS[k]
        saved, self.owner = self.owner, c
        try:
            value = defn.compile(c[k], self) if defn.compile else c[k]
        finally:
            self.owner = saved
        return Cond(defn, value, c)

    def conditions(self, owner, conds) -> list:
        if isinstance(conds, dict):
            conds = [conds]
        saved, self.owner = self.owner, owner
        try:
            return [self.condition(c) for c in conds or []]
        finally:
            self.owner = saved


def compile_procedure(pack, path: Path, raw: dict, chosen: dict, readings: dict, used: list) -> Procedure:
    ctx = Context(pack, path, raw)
    unknown = set(raw) - PROCEDURE_KEYS
    ctx.need(not unknown, f"unknown key(s) {sorted(unknown)}; a procedure has {sorted(PROCEDURE_KEYS)}")
    kind = raw.get("kind", "application")
    ctx.need(kind in KINDS, f"kind {kind!r} is not one of {sorted(KINDS)}")
    ctx.cites(raw, cites_of(raw.get("cites")), required=True)
    ctx.need(bool(raw.get("quote")), "a procedure quotes the words it rests on (`quote:`)")
    ctx.label(raw, raw.get("title", raw["procedure"]), "the procedure's title")
    for rid, label in ctx.roles.items():
        ctx.label(raw.get("roles"), label, f"role {rid}")
    for sid, label in (raw.get("statuses") or {}).items():
        ctx.label(raw.get("statuses"), label, f"status {sid}")
    notes = _reading_notes(used)
    judged = kind == "offence" or bool(raw.get("offence_at"))  # an offence, or one recorded within a notice's case
    if judged:
        raw = _with_offence_fields(raw)
    events = {eid: _event(ctx, eid, e or yamlio.Mapping(), notes.get(("events", eid), ())) for eid, e in (raw.get("events") or {}).items()}
    ctx.need(any(e.opens for e in events.values()), "no event `opens: true`: say which event starts a case")
    timers = {tid: _timer(ctx, tid, t, events, notes.get(("timers", tid), ())) for tid, t in (raw.get("timers") or {}).items()}
    penalty = raw.get("penalty")
    if penalty is not None:
        from .penalties import check_penalty

        check_penalty(penalty, lambda obj, msg: ctx.err(obj, f"penalty: {msg}"), ctx)
    checks = {cid: _check(ctx, cid, c) for cid, c in (raw.get("checks") or {}).items()}
    amount_when = {}
    for name, spec in (raw.get("amounts") or {}).items():
        ctx.need(isinstance(spec, dict) and "amount" in spec and set(spec) <= {"amount", "cites", "quote", "when", "note", "title"},
                 f"amount {name}: {{amount: expression, cites, quote, when, title (optional)}}", spec)
        ctx.cites(spec, cites_of(spec.get("cites")), required=True)
        amounts.check(spec["amount"], ctx.err, spec)
        if "title" in spec:  # the label a person reads beside the figure, translated like every pack word
            ctx.label(spec, spec["title"], f"amount {name}")
        amount_when[name] = ctx.conditions(spec, spec.get("when"))
    _check_date_of_act(ctx, raw, events)
    offence = _offence(ctx, raw, events) if judged else None
    return Procedure(raw["procedure"], raw.get("title", raw["procedure"]), kind, cites_of(raw.get("cites")),
                     raw.get("quote", ""), ctx.roles, dict(raw.get("statuses") or {}), events, timers, penalty, checks,
                     chosen, raw, offence, readings, _aliases(ctx, raw), amount_when=amount_when)


def _with_offence_fields(raw):
    """The opening events of an offence take the fields its elements and exceptions name."""
    from .offences import fields_of
    from .shapes import deep_merge

    extra = fields_of(raw)
    if not extra:
        return raw
    at = raw.get("offence_at")
    opening = {eid: {"fields": extra} for eid, e in (raw.get("events") or {}).items()
               if (eid == at if at else (e or {}).get("opens"))}
    return deep_merge(raw, {"events": opening})


def _reading_notes(used) -> dict:
    """(events|timers, id) -> the (interpretation, reading) pairs that shaped that part."""
    out: dict = {}
    for path, iid, r in used:
        out.setdefault(tuple(path[:2]), []).append((iid, r))
    return {k: tuple(v) for k, v in out.items()}


def _field(ctx, eid, fname, fs) -> Field:
    fs = fs or {}
    if isinstance(fs, str):
        fs = {"type": fs}
    ftype = fs.get("type", "text")
    ctx.need(ftype in FIELD_TYPES, f"event {eid}: field {fname} has type {ftype!r}; use one of {sorted(FIELD_TYPES)}", fs)
    unknown = set(fs) - FIELD_KEYS  # e.g. a title with a comma left unquoted in a {…} mapping
    ctx.need(not unknown, f"event {eid}: field {fname} has unknown key(s) {sorted(map(str, unknown))}; a field has "
                          f"{sorted(FIELD_KEYS)} (quote a title that holds a comma)", fs)
    if "title" in fs:
        ctx.label(fs, fs["title"], f"event {eid}: field {fname}")
    return Field(fname, ftype, fs.get("required", "default" not in fs), fs.get("default"),
                 tuple(fs.get("choices") or ()), fs.get("min"), fs.get("max"), fs.get("title", ""))


def _event(ctx, eid, e, readings) -> EventType:
    unknown = set(e) - EVENT_KEYS
    ctx.need(not unknown, f"event {eid}: unknown key(s) {sorted(unknown)}; an event has {sorted(EVENT_KEYS)}", e)
    by = tuple(e.get("by") or ())
    ctx.need(bool(by) or bool(e.get("system")), f"event {eid}: say who may record it (`by: [role, …]`) or mark it `system: true`", e)
    for r in by:
        ctx.need(r in ctx.roles, f"event {eid}: role {r!r} is not in the procedure's roles ({', '.join(ctx.roles)})", e)
    ctx.need(not e.get("status") or e["status"] in ctx.statuses, f"event {eid}: status {e.get('status')!r} is not in the procedure's statuses", e)
    cites = ctx.cites(e, cites_of(e.get("cites")))
    fields = {fname: _field(ctx, eid, fname, fs) for fname, fs in (e.get("fields") or {}).items()}
    title = ctx.label(e, e.get("title", eid.replace("_", " ")), f"event {eid}")
    return EventType(eid, title, by, bool(e.get("opens")), e.get("status"), bool(e.get("closes")), bool(e.get("reopens")),
                     bool(e.get("system")), cites, e.get("quote", ""), fields, ctx.conditions(e, e.get("when")),
                     dict(e.get("facts") or {}), readings)


def _timer(ctx, tid, t, events, readings) -> Timer:
    unknown = set(t) - TIMER_KEYS
    ctx.need(not unknown, f"timer {tid}: unknown key(s) {sorted(unknown)}; a timer has {sorted(TIMER_KEYS)}", t)
    cites = ctx.cites(t, cites_of(t.get("cites")), required=True)
    ctx.need(bool(t.get("quote")), f"timer {tid}: quote the words that set the period (`quote:`)", t)
    ctx.need("start" in t and "period" in t, f"timer {tid}: needs `start` and `period`", t)
    _check_start(ctx, t, t["start"], events)
    _check_period(ctx, t, t["period"], events)
    for bound in ("min", "max"):
        if t.get(bound) is not None:
            _check_period(ctx, t, t[bound], {})
    stop_on, stop_dates = _stop_on(ctx, tid, t, events)
    restart_on, restart_dates = _stop_on(ctx, tid, t, events, "restart_on")
    choices = {"counting": ("from", "clear", "inclusive"), "kind": ("duty", "window"), "direction": ("after", "before"),
               "beyond_max": ("refuse", "cap", "void", "keep"), "below_min": ("refuse", "raise", "void", "keep"),
               "outcome_on": ("next_day", "last_day")}
    for key, allowed in choices.items():
        ctx.need(t.get(key, allowed[0]) in allowed, f"timer {tid}: {key} is {' or '.join(allowed)}, not {t.get(key)!r}", t)
    pauses = [_pause(ctx, tid, pz, events) for pz in t.get("pauses") or []]
    on_expiry, expiry_when = _expiry(ctx, tid, t.get("on_expiry"))
    title = ctx.label(t, t.get("title", tid.replace("_", " ")), f"timer {tid}")
    return Timer(tid, title, t.get("who"), cites, t["quote"], t["start"], t["period"], t.get("counting", "from"),
                 t.get("direction", "after"), bool(t.get("on_receipt")), restart_on,
                 stop_on, t.get("office_closed_extension"), pauses, ctx.conditions(t, t.get("when")),
                 on_expiry, t.get("min"), t.get("max"), t.get("kind", "duty"), frozenset(_start_refs(t["start"])),
                 expiry_when, t.get("beyond_max", "refuse"), readings, stop_dates, restart_dates=restart_dates,
                 below_min=t.get("below_min", "refuse"), outcome_on=t.get("outcome_on", "next_day"))


def _stop_on(ctx, tid, t, events, key="stop_on"):
    """The acts the timer waits for (or restarts on): event ids, or {event, date: field} where the act
    is done on another date of the event (an order made, then delivered)."""
    ids, dates = [], {}
    for s in t.get(key) or []:
        ev, field = (s, None) if isinstance(s, str) else (s.get("event"), s.get("date"))
        ctx.need(ev in events, f"timer {tid}: {ev!r} is not an event of this procedure", t)
        if field is not None:
            ctx.need(field in events[ev].fields and events[ev].fields[field].type in ("date", "datetime"),
                     f"timer {tid}: {key} {ev}.{field} must be a date field of that event", t)
            dates[ev] = field
        ids.append(ev)
    return tuple(ids), dates


def _pause(ctx, tid, pz, events) -> Pause:
    ctx.need(pz.get("from") in events, f"timer {tid}: pause `from` must name an event of this procedure", pz)
    if "during" in pz:  # "the period is extended by the days of the stop": the clock stops while another timer runs
        ctx.need(pz["during"] in ctx.timers and "to" not in pz,
                 f"timer {tid}: pause `during` names a timer of this procedure (and then no `to`)", pz)
        return Pause(pz["from"], "", ctx.conditions(pz, pz.get("when")), "from_to", pz["during"])
    ctx.need(pz.get("to") in events, f"timer {tid}: pause `to` must name an event of this procedure", pz)
    days = pz.get("days", "from_to")
    if isinstance(days, dict):
        ctx.need(registers.find(ctx.pack, days.get("reading")) is not None,
                 f"timer {tid}: pause days read from unknown interpretation {days.get('reading')!r}", pz)
    else:
        ctx.need(days in ("from_to", "inclusive", "exclusive"), f"timer {tid}: pause days is from_to, inclusive, exclusive or {{reading: id}}", pz)
    return Pause(pz["from"], pz["to"], ctx.conditions(pz, pz.get("when")), days)


def _expiry(ctx, tid, on_expiry):
    if on_expiry is None:
        return None, []
    unknown = set(on_expiry) - EXPIRY_KEYS
    ctx.need(not unknown, f"timer {tid}: on_expiry has unknown key(s) {sorted(unknown)}", on_expiry)
    for branch in (on_expiry, on_expiry.get("otherwise") or {}):
        ctx.need(not branch.get("status") or branch["status"] in ctx.statuses,
                 f"timer {tid}: status {branch.get('status')!r} is not in the procedure's statuses", on_expiry)
    deemed = on_expiry.get("deemed")
    if deemed:
        ctx.cites(deemed, cites_of(deemed.get("cites")), required=True)
        for c in deemed.get("conditions") or []:
            ctx.cites(c, cites_of(c.get("cites")) if isinstance(c, dict) else [])
    return on_expiry, ctx.conditions(on_expiry, on_expiry.get("when"))


def _check(ctx, cid, c) -> dict:
    ctx.cites(c, cites_of(c.get("cites")), required=True)
    ctx.need(c.get("on") in ctx.events, f"check {cid}: `on` must name an event of this procedure", c)
    rule = c.get("rule") or {}
    ok = len({"fact", "total", "amount"} & set(rule)) == 1 and bool(set(CHECK_OPS) & set(rule))
    ctx.need(ok, f"check {cid}: rule is {{fact: name | total: {{event, field, within}} | amount: expression, "
                 f"{'|'.join(CHECK_OPS)}: value}}", c)
    for k in ("amount", *CHECK_OPS):
        if isinstance(rule.get(k), dict) and k != "in":
            amounts.check(rule[k], ctx.err, c)
    if "total" in rule:
        tot = rule["total"]
        evs = tot.get("event") if isinstance(tot, dict) else None
        ctx.need(isinstance(tot, dict) and all(e in ctx.events for e in ([evs] if isinstance(evs, str) else evs or [None]))
                 and "field" in tot and set(tot) <= {"event", "field", "within", "same"},
                 f"check {cid}: total is {{event: ev, field: amount, within: calendar_month | {{days: N}}, same: field}}", c)
    out = dict(c)
    out["_when"] = ctx.conditions(c, c.get("when"))
    return out


def _facts_part(ctx, name, spec, what) -> dict:
    ctx.need(isinstance(spec, dict), f"{what} {name}: a mapping with text, cites, quote and when", spec)
    ctx.cites(spec, cites_of(spec.get("cites")), required=True)
    ctx.need(bool(spec.get("quote")), f"{what} {name}: quote the words (`quote:`)", spec)
    when = ctx.conditions(spec, spec.get("when"))
    if spec.get("field"):  # an element the record states yes or no
        when.insert(0, ctx.condition({"fact": {spec["field"]: True}}))
    return {"name": name, "text": ctx.label(spec, spec.get("text", name.replace("_", " ")), f"{what} {name}"),
            "cites": cites_of(spec.get("cites")), "quote": spec["quote"], "when": when}


def _check_date_of_act(ctx, raw, events) -> None:
    """`date_of_act`: a field of the record stating it, or {day_after: timer} — the first day of default
    of a notice whose breach is the offence ("should any person fail within six months … to comply")."""
    spec = raw.get("date_of_act")
    if isinstance(spec, dict):
        ok = set(spec) == {"day_after"} and spec["day_after"] in ctx.timers
        ctx.need(ok, f"date_of_act is a field name or {{day_after: timer}} (the first day of default), not {spec!r}", spec)
    elif spec is not None:
        ctx.need(isinstance(spec, str), f"date_of_act is a field name or {{day_after: timer}}, not {spec!r}")


def _offence(ctx, raw, events) -> Offence:
    elements = {n: _facts_part(ctx, n, s, "element") for n, s in (raw.get("elements") or {}).items()}
    exceptions = {n: _facts_part(ctx, n, s, "exception") for n, s in (raw.get("exceptions") or {}).items()}
    pre = [_facts_part(ctx, s.get("name", f"precondition_{i + 1}"), s, "precondition")
           for i, s in enumerate(raw.get("preconditions") or [])]
    qualities = {}
    for q, spec in (raw.get("qualities") or {}).items():
        ctx.need(isinstance(spec, dict) and "value" in spec, f"quality {q}: {{value, cites, quote}}", spec)
        ctx.cites(spec, cites_of(spec.get("cites")), required=True)
        qualities[q] = {"value": spec["value"], "cites": cites_of(spec["cites"]), "quote": spec.get("quote", "")}
    at = raw.get("offence_at")
    ctx.need(at is None or at in events, f"offence_at {at!r} is not an event of this procedure")
    return Offence(elements, exceptions, pre, qualities, at)


def _aliases(ctx, raw) -> dict:
    out = {}
    for kind, table in (raw.get("aliases") or {}).items():
        ctx.need(kind in ("events", "statuses", "fields", "timers"), f"aliases are for events, statuses, fields or timers, not {kind}")
        have = {"events": ctx.events, "statuses": ctx.statuses, "timers": ctx.timers}.get(kind)
        for old, new in table.items():
            ctx.need(have is None or new in have, f"alias {old} → {new}: {new!r} is not one of the procedure's {kind}")
            out.setdefault(kind, {})[old] = new
    return out


def _start_refs(start):
    if isinstance(start, str):
        yield start
        return
    ((k, v),) = start.items()
    if k in ("earliest", "latest", "first_stated"):
        for s in v:
            yield from _start_refs(s)
    elif k in ("field", "date_of"):
        yield str(v).partition(".")[0]
    else:
        yield v


def _check_field_ref(ctx, t, v, events, what) -> None:
    ev, _, fname = str(v).partition(".")
    ctx.need(ev in events and fname in events[ev].fields, f"{what} field {v!r} must be event.field of this procedure", t)


def _check_start(ctx, t, start, events) -> None:
    if isinstance(start, str):
        ctx.need(start in events, f"start {start!r} is not an event of this procedure", t)
        return
    if isinstance(start, dict) and len(start) == 1:
        ((k, v),) = start.items()
        if k in ("last_day_of", "day_after"):
            ctx.need(v in ctx.timers, f"start {k}: {v!r} is not a timer of this procedure", t)
            return
        if k in ("earliest", "latest", "first_stated"):
            for s in v:
                _check_start(ctx, t, s, events)
            return
        if k in ("field", "date_of"):
            _check_field_ref(ctx, t, v, events, "start")
            return
    raise ctx.err(t, f"start is an event, {{last_day_of: timer}}, {{day_after: timer}}, {{earliest|latest|first_stated: [...]}}, "
                     f"{{field: event.field}} or {{date_of: event.field}}, not {start!r}")


def _check_period(ctx, t, period, events) -> None:
    if isinstance(period, dict) and len(period) == 1:
        ((k, v),) = period.items()
        if k in UNITS:
            try:
                Period(v, k)
            except ValueError as e:
                raise ctx.err(t, str(e)) from None
            return
        if k == "param":
            ctx.need(v in ctx.pack.parameters, f"period parameter {v!r} is not in parameters.yaml", t)
            return
        if k == "field":
            _check_field_ref(ctx, t, v, events, "period")
            return
        if k == "first_stated" and isinstance(v, list) and v:
            for one in v:
                _check_period(ctx, t, one, events)
            return
    raise ctx.err(t, f"period is {{days|weeks|months|years|hours: N}}, {{param: id}}, {{field: event.field}} or "
                     f"{{first_stated: [...]}}, not {period!r}")
