"""Penalties: what the law allows for an offence, from the version in force on the date of the act,
with every step of the arithmetic citing the section and quoting its words.

Shapes: a maximum; a minimum and a maximum; a fixed sum; parts that add up (`sum`); a daily fine
while the offence continues — from conviction, from the lapse of a notice, unless it stops within
N days, and only on the days it continued (`during:` periods of use); first and subsequent
convictions; escalating consequences; imprisonment combined with fine exactly as the words say;
penalties amended by date. See docs/law-packs.md.
"""

from __future__ import annotations

from datetime import timedelta

from . import amounts, dated
from . import time as lt
from .conditions import first_failure
from .errors import Conflict, NoRule
from .money import rupees
from .offences import act_moment

DAILY_KEYS = {"max", "min", "fixed", "from", "unless_stopped_within", "during", "when"}
VERSION_KEYS = {"id", "from", "to", "kind", "fine", "daily", "subsequent", "escalation", "cites", "quote", "note",
                "imprisonment", "earlier"}
WITH_FINE = {
    "or_both": "or with fine, or with both",  # "imprisonment … or with fine … or with both"
    "or": "or with fine",  # "imprisonment … or fine"
    "and": "and with fine",  # "imprisonment … and with fine": both are imposed
    "liable": "and shall also be liable to fine",  # imprisonment, and the court may add a fine
}


def check_penalty(p, err, ctx) -> None:
    if "versions" not in p:
        raise err(p, "a penalty has `versions:` (one, or several dated ones)")
    ctx.cites(p, [p["cites"]] if isinstance(p.get("cites"), str) else list(p.get("cites") or []), required=True)
    dated.check(p["versions"], "penalty", err)
    for v in p["versions"]:
        unknown = set(v) - VERSION_KEYS
        if unknown:
            raise err(v, f"unknown key(s) {sorted(unknown)}; a penalty version has {sorted(VERSION_KEYS)}")
        if "id" not in v:
            raise err(v, "each penalty version has an `id`")
        ctx.cites(v, [v["cites"]] if isinstance(v.get("cites"), str) else list(v.get("cites") or []))
        _check_imprisonment(v.get("imprisonment"), err, v)
        if (v.get("daily") or {}).get("when") is not None:  # "in the case of encroachment, with further fine"
            v["daily"] = {**v["daily"], "_when": ctx.conditions(v["daily"], v["daily"]["when"])}
        if not isinstance((v.get("subsequent") or {}).get("counts", ""), str):
            raise err(v, "subsequent counts is the name of the fact that counts earlier offences (prior_convictions)")
        for part in (v, v.get("subsequent") or {}):
            for key in ("fine", "daily"):
                spec = part.get(key)
                if spec is None:
                    continue
                if not ({"max", "min", "fixed"} & set(spec)):
                    raise err(spec, f"{key} needs max, min or fixed")
                for k in ("max", "min", "fixed"):
                    if k in spec:
                        amounts.check(spec[k], err, spec)


def _check_imprisonment(imp, err, owner) -> None:
    if imp is None:
        return
    spec = imp if isinstance(imp, dict) and "max" in imp else {"max": imp}
    try:
        lt.Period.parse(spec["max"])
    except ValueError as e:
        raise err(owner, f"imprisonment: {e}") from None
    if spec.get("with_fine", "or_both") not in WITH_FINE:
        raise err(owner, f"imprisonment with_fine is one of {', '.join(WITH_FINE)} (as the words say)")


class _Steps:
    """Trace steps of one penalty: each cites the version's section and quotes its words."""

    def __init__(self, case, cites, quote):
        self.case, self.cites, self.quote = case, cites, quote

    def __call__(self, on, text):
        if self.case.tracing:
            self.case.step(on, f"{text} — {self.quote!r}" if self.quote else text, self.cites)


def version_on(penalty, on):
    found = dated.pick(penalty["versions"], on)
    if not found:
        raise NoRule(f"no version of the penalty is in force on {lt.fmt(on)}", penalty.get("cites"))
    same = [v for v in found if dated.start_of(v) == dated.start_of(found[0])]
    if len(same) > 1:
        raise Conflict(f"two versions of the penalty are in force on {lt.fmt(on)}: {', '.join(v['id'] for v in same)}",
                       [v["id"] for v in same])
    return found[0]


def date_of_act(case):
    """The date of the act (offences.act_moment), None while a notice is not in default."""
    when = act_moment(case)
    return lt.to_date(when) if when is not None else None


def compute(case, penalty, as_of) -> dict:
    act = date_of_act(case)
    on = act or lt.as_date(as_of)
    v = version_on(penalty, on)
    cites = v.get("cites") or penalty.get("cites")
    steps = _Steps(case, [cites] if isinstance(cites, str) else list(cites or []), v.get("quote") or penalty.get("quote", ""))
    if act is None:
        steps(on, f"penalty: no offence has been committed yet (no default, or none recorded); the law in force on "
                  f"{lt.fmt(on)} is {v['id']}")
    else:
        steps(on, f"penalty: the law in force on the date of the act ({lt.fmt(on)}) is {v['id']}")
    v = _lighter_later(case, penalty, v, on, lt.as_date(as_of), steps)
    counted = (v.get("subsequent") or {}).get("counts", "prior_convictions")  # what makes an offence "subsequent"
    nth = int(case.facts.get(counted, 0) or 0) + 1
    spec = dict(v)
    if nth >= 2 and v.get("subsequent"):
        spec.update(v["subsequent"])
        steps(on, f"penalty: number {nth} under this provision (counting {counted.replace('_', ' ')}), so the penalty "
                  f"for a subsequent offence applies")
    out = {"penalty_kind": spec.get("kind", "fine"), "conviction_number": nth}
    _fine(case, spec, on, out, steps)
    if spec.get("daily"):
        _daily(case, spec["daily"], lt.as_date(as_of), on, out, steps)
    if spec.get("imprisonment"):
        _imprisonment(spec["imprisonment"], on, out, steps)
    parts = [out[k] for k in ("fine_max", "fine_fixed") if k in out] + ([out["daily_total"]] if "daily_total" in out else [])
    if "fine_max" in out or "fine_fixed" in out:
        # "a fine which may extend to …, and … shall also be recoverable as a fine": the parts add up
        out["total_max"] = sum(parts)
        steps(on, f"the most that may be imposed: {' + '.join(rupees(x) for x in parts)} = {rupees(out['total_max'])}")
    _total_min(spec, out, on, steps)
    consequences = [e["consequence"] for e in (v.get("escalation") or [])
                    if e.get("nth", 2) <= nth <= e.get("up_to", nth)]  # `up_to`: the last conviction it applies to
    if consequences:
        out["consequences"] = consequences
        steps(on, f"conviction number {nth}: {'; '.join(consequences)}")
    return out


def _total_min(spec, out, on, steps) -> None:
    """The least that must be imposed: the minimum (or fixed) fine, and a daily fine that is a fixed
    sum a day ("a further fine of ten rupees for every day"); a daily fine that "may extend to" adds nothing."""
    if "fine_min" not in out and "fine_fixed" not in out:
        return
    base = out.get("fine_min", 0) + out.get("fine_fixed", 0)  # a fixed part "also recoverable" adds to the minimum
    daily = spec.get("daily") or {}
    owed = out.get("daily_total", 0) if ("fixed" in daily or ("min" in daily and "max" not in daily)) else 0
    out["total_min"] = base + owed
    if owed:
        steps(on, f"the least that must be imposed: {rupees(base)} + {rupees(owed)} = {rupees(out['total_min'])}")


def _lighter_later(case, penalty, v, on, as_of_d, steps):
    if not case.body.lighter_later_law:
        return v
    later = version_on(penalty, as_of_d)
    if later is v:
        return v
    a, b = _max_of(case, v, on), _max_of(case, later, as_of_d)
    if b is not None and a is not None and b < a:
        steps(as_of_d, f"penalty: the later law {later['id']} is lighter ({rupees(b)} < {rupees(a)}) and the body applies a lighter later law")
        return later
    return v


def _fine(case, spec, on, out, steps) -> None:
    fine = spec.get("fine") or {}
    word = "fine" if out["penalty_kind"] == "fine" else "penalty"
    for k in ("max", "min", "fixed"):
        if k in fine:
            val, words = amounts.amount(case, fine[k], on)
            out[f"fine_{k}"] = val
            steps(on, f"{word} {k}: {words}")


def _daily(case, daily, as_of_d, on, out, steps) -> None:
    failed = first_failure(daily.get("_when") or (), case, on)
    if failed is not None:
        steps(on, f"daily fine: not in this case ({failed.failure(case)})")
        out["daily_days"], out["daily_total"] = 0, 0
        return
    rate_key = "max" if "max" in daily else ("fixed" if "fixed" in daily else "min")
    rate, words = amounts.amount(case, daily[rate_key], on)
    out["daily_rate"] = rate  # "may extend to … a day"
    if rate_key == "fixed":  # "a further penalty of fifty rupees for each day": the sum due, not a maximum
        out["daily_fixed"] = rate
    start = _daily_start(case, daily)
    stopped = case.first.get("offence_stopped", (None,))[0]
    end = lt.as_date(stopped) - timedelta(days=1) if stopped is not None else as_of_d
    if start is not None and _stopped_in_time(case, daily, stopped, steps):
        start = None
    days = 0
    if start is not None:
        reading = case.reading("gca.continuing_offence_days")
        first = start if reading == "including_trigger" else start + timedelta(days=1)
        days, how = _days_continued(case, daily, first, end)
        steps(end, f"daily fine: {words} a day for {days} day(s) of continuance after {lt.fmt(start)} up to "
                   f"{lt.fmt(end)}{how} (reading gca.continuing_offence_days = {reading})")
    out["daily_days"] = days
    out["daily_total"] = rate * days


def _days_continued(case, daily, first, end):
    """Days from `first` to `end` on which the act continued: all of them, or only those inside the
    periods of use the record states (`during:`)."""
    if first > end:
        return 0, ""
    field = daily.get("during")
    if not field:
        return (end - first).days + 1, ""
    periods = case.facts.get(field)
    if periods is None:  # the record states no periods of use: it continued on every day
        return (end - first).days + 1, ""
    days = sum(max(0, (min(b, end) - max(a, first)).days + 1) for a, b in periods)
    shown = ", ".join(f"{lt.fmt(a)}–{lt.fmt(b)}" for a, b in periods)
    return days, f", counting only the days it continued ({shown})"


def _stopped_in_time(case, daily, stopped, steps) -> bool:
    usw = daily.get("unless_stopped_within")
    if not usw or stopped is None:
        return False
    ref = case.first.get(usw.get("from", "conviction"), (None,))[0]
    if ref is None:
        return False
    limit = lt.last_day(lt.as_date(ref), lt.Period.parse({k: n for k, n in usw.items() if k != "from"}))
    if lt.as_date(stopped) > limit:
        return False
    steps(stopped, f"daily fine: the offence stopped on {lt.fmt(stopped)}, within the period ending {lt.fmt(limit)}, so no daily fine")
    return True


def _imprisonment(imp, on, out, steps) -> None:
    spec = imp if isinstance(imp, dict) and "max" in imp else {"max": imp}
    how = spec.get("with_fine", "or_both")
    out["imprisonment_max"] = str(lt.Period.parse(spec["max"]))
    out["imprisonment_and_fine"] = how
    out["either_or_both"] = how == "or_both"
    out["fine_mandatory"] = how == "and"
    steps(on, f"imprisonment which may extend to {out['imprisonment_max']}, {WITH_FINE[how]}")


def _daily_start(case, daily):
    src = daily.get("from", "conviction")
    if src == "date_of_act":  # the first day of default of a notice, or the day of the act
        return date_of_act(case)
    return _start_of(case, src)


def _start_of(case, src):
    """The day a daily fine runs after: an event's date, the end of a timer, or a date the record states
    as a timer's start is given (`{field: offence_committed.first_conviction_on}`: a first conviction in an
    earlier case; `{earliest: [...]}` of those known)."""
    if isinstance(src, str):
        got = case.first.get(src)
        return lt.as_date(got[0]) if got else None
    ((k, tid),) = src.items()
    if k not in ("last_day_of", "day_after"):  # a date the record states: {date_of: event.field}
        got = case.start_spec_date(src)
        return lt.as_date(got[0]) if got else None
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
    return amounts.amount(case, fine[key], on)[0]
