"""Penalties: the fine the law allows for an offence, computed from the law in force on the
offence date, with the arithmetic shown.

Shapes: a maximum; a minimum and a maximum; a fixed sum; a daily fine while the offence continues,
running from conviction, from the lapse of a notice, or unless the offence stops within N days of
conviction; first and subsequent convictions; a percentage of a cost or a sum, whichever is
greater; so much per animal; a multiple of a value; escalating consequences (community service,
cutting off civic amenities); penalties amended by date, fines turned into administrative
penalties. See docs/law-packs.md.
"""

from __future__ import annotations

from datetime import date, timedelta

from . import time as lt

_EXPR_KEYS = {"param", "percent", "times", "per", "greater_of", "lesser_of"}
_VERSION_KEYS = {"id", "from", "to", "kind", "fine", "daily", "subsequent", "escalation", "cites", "quote", "note",
                 "imprisonment"}


def check_penalty(p, err, check_cites):
    if "versions" not in p:
        raise err(p, "a penalty has `versions:` (one, or several dated ones)")
    check_cites(p, [p["cites"]] if isinstance(p.get("cites"), str) else list(p.get("cites") or []), required=True)
    for v in p["versions"]:
        unknown = set(v) - _VERSION_KEYS
        if unknown:
            raise err(v, f"unknown key(s) {sorted(unknown)}; a penalty version has {sorted(_VERSION_KEYS)}")
        if "id" not in v:
            raise err(v, "each penalty version has an `id`")
        for c in ([v["cites"]] if isinstance(v.get("cites"), str) else list(v.get("cites") or [])):
            check_cites(v, [c])
        for part in (v, v.get("subsequent") or {}):
            for key in ("fine", "daily"):
                spec = part.get(key)
                if spec is None:
                    continue
                if not ({"max", "min", "fixed"} & set(spec)):
                    raise err(spec, f"{key} needs max, min or fixed")
                for k in ("max", "min", "fixed"):
                    if k in spec:
                        _check_expr(spec[k], err, spec)


def _check_expr(e, err, owner):
    if isinstance(e, (int, float)) and not isinstance(e, bool):
        return
    if isinstance(e, dict) and (set(e) & _EXPR_KEYS):
        for k in ("greater_of", "lesser_of"):
            for sub in e.get(k) or []:
                _check_expr(sub, err, owner)
        if "amount" in e:
            _check_expr(e["amount"], err, owner)
        return
    raise err(owner, f"an amount is a number or one of {sorted(_EXPR_KEYS)}, not {e!r}")


def amount(case, e, on: date) -> tuple[float, str]:
    """Evaluate an amount expression against the case's facts; (value, words)."""
    if isinstance(e, (int, float)):
        return e, f"₹{e:,}"
    if "param" in e:
        v = case.param(e["param"], on)
        return v, f"₹{v:,} ({e['param'].replace('_', ' ')})"
    if "percent" in e:
        base = _fact(case, e["of"])
        v = round(base * e["percent"] / 100, 2)
        return v, f"{e['percent']}% of {e['of'].replace('_', ' ')} ₹{base:,} = ₹{v:,}"
    if "times" in e:
        base = _fact(case, e["of"])
        v = base * e["times"]
        return v, f"{e['times']} × {e['of'].replace('_', ' ')} ₹{base:,} = ₹{v:,}"
    if "per" in e:
        n = _fact(case, e["per"])
        each, words = amount(case, e["amount"], on)
        return n * each, f"{n} {e['per'].replace('_', ' ')} × {words} = ₹{n * each:,}"
    if "greater_of" in e or "lesser_of" in e:
        key = "greater_of" if "greater_of" in e else "lesser_of"
        parts = [amount(case, x, on) for x in e[key]]
        pick = (max if key == "greater_of" else min)(parts, key=lambda p: p[0])
        return pick[0], f"{'greater' if key == 'greater_of' else 'lesser'} of ({'; '.join(p[1] for p in parts)}) = ₹{pick[0]:,}"
    raise ValueError(f"bad amount {e!r}")


def _fact(case, name):
    from .errors import InvalidData

    v = case.facts.get(name)
    if v is None:
        raise InvalidData(f"the {name.replace('_', ' ')} is needed to compute the penalty")
    return v


def _version(case, penalty, on: date):
    from .errors import NoRule

    def in_force(v, d):
        start, end = v.get("from", "unknown"), v.get("to")
        ok_start = start in ("unknown", None) or _d(start) <= d
        ok_end = end in (None, "unknown") or d < _d(end)
        return ok_start and ok_end

    found = [v for v in penalty["versions"] if in_force(v, on)]
    if not found:
        raise NoRule(f"no version of the penalty is in force on {lt.fmt(on)}", penalty.get("cites"))
    if len(found) > 1:
        from .errors import Conflict

        raise Conflict(f"two versions of the penalty are in force on {lt.fmt(on)}: {', '.join(v['id'] for v in found)}",
                       [v["id"] for v in found])
    return found[0]


def _d(v):
    return v if isinstance(v, date) else date.fromisoformat(str(v))


def compute(case, penalty, as_of) -> dict:
    on = case.facts.get("offence_date") or case.opened_on
    on = _d(on)
    as_of_d = lt.as_date(as_of)
    v = _version(case, penalty, on)
    cites = v.get("cites") or penalty.get("cites")
    case.step(on, f"penalty: the law in force on the offence date ({lt.fmt(on)}) is {v['id']}", [cites] if isinstance(cites, str) else cites)
    if case.body.lighter_later_law:
        later = _version(case, penalty, as_of_d)
        if later is not v:
            a, b = _max_of(case, v, on), _max_of(case, later, as_of_d)
            if b is not None and a is not None and b < a:
                case.step(as_of_d, f"penalty: the later law {later['id']} is lighter (₹{b:,} < ₹{a:,}) and the body applies a lighter later law", [])
                v = later
    nth = int(case.facts.get("prior_convictions", 0) or 0) + 1
    spec = dict(v)
    if nth >= 2 and v.get("subsequent"):
        spec.update(v["subsequent"])
        case.step(on, f"penalty: conviction number {nth} under this provision, so the penalty for a subsequent offence applies", [])
    out = {"penalty_kind": spec.get("kind", "fine"), "conviction_number": nth}
    fine = spec.get("fine") or {}
    for k in ("max", "min", "fixed"):
        if k in fine:
            val, words = amount(case, fine[k], on)
            out[f"fine_{k}"] = val
            case.step(on, f"{'fine' if out['penalty_kind'] == 'fine' else 'penalty'} {k}: {words}", [])
    daily = spec.get("daily")
    if daily:
        rate_key = "max" if "max" in daily else ("fixed" if "fixed" in daily else "min")
        rate, words = amount(case, daily[rate_key], on)
        out["daily_rate"] = rate
        start = _daily_start(case, daily)
        days = 0
        if start is not None:
            stopped = case.first.get("offence_stopped", (None,))[0]
            end = lt.as_date(stopped) - timedelta(days=1) if stopped is not None else as_of_d
            usw = daily.get("unless_stopped_within")
            if usw:
                ref = case.first.get(usw.get("from", "conviction"), (None,))[0]
                if ref is not None and stopped is not None:
                    limit = lt.last_day(lt.as_date(ref), lt.Period.parse({k: n for k, n in usw.items() if k != "from"}))
                    if lt.as_date(stopped) <= limit:
                        case.step(stopped, f"daily fine: the offence stopped on {lt.fmt(stopped)}, within the period ending {lt.fmt(limit)}, so no daily fine", [])
                        start = None
            if start is not None:
                reading = case.reading("gca.continuing_offence_days")
                days = max(0, (end - start).days + (1 if reading == "including_trigger" else 0))
                case.step(end, f"daily fine: {words} a day for {days} day(s) of continuance after {lt.fmt(start)} up to {lt.fmt(end)} (reading {reading})", [])
        out["daily_days"] = days
        out["daily_total"] = rate * days
    if spec.get("imprisonment"):
        imp = spec["imprisonment"]
        out["imprisonment_max"] = str(lt.Period.parse(imp.get("max", imp) if isinstance(imp, dict) else imp))
        out["either_or_both"] = True
        case.step(on, f"imprisonment which may extend to {out['imprisonment_max']}, or fine, or both", [])
    top = out.get("fine_fixed", out.get("fine_max"))
    if top is not None:
        out["total_max"] = top + out.get("daily_total", 0)
    consequences = [e["consequence"] for e in (v.get("escalation") or []) if nth >= e.get("nth", 2)]
    if consequences:
        out["consequences"] = consequences
        case.step(on, f"conviction number {nth}: {'; '.join(consequences)}", [])
    return out


def _daily_start(case, daily):
    src = daily.get("from", "conviction")
    if isinstance(src, str):
        got = case.first.get(src)
        return lt.as_date(got[0]) if got else None
    ((k, tid),) = src.items()
    ts = case.timers[tid]
    if ts.expired is None:
        return None
    # "for every day after the period in the notice": counting excludes the start, so the first
    # day fined is the day after the period's last day, for last_day_of and day_after alike.
    return lt.as_date(case.last_day(ts))


def _max_of(case, v, on):
    fine = v.get("fine") or {}
    key = "fixed" if "fixed" in fine else "max"
    if key not in fine:
        return None
    return amount(case, fine[key], on)[0]
