"""Amount expressions: how the Acts' sums are made, evaluated against a case's facts with the
arithmetic in words (rupees with Indian grouping).

| expression | value |
|---|---|
| `500` | a number of rupees |
| `{param: id}` | a parameter in force on the date (through local instruments) |
| `{fact: name}` | a fact the record states (a value, a cost, proceeds) |
| `{sum: [e1, e2, …]}` | e1 + e2 + … ("and … shall also be recoverable as a fine") |
| `{difference: [e1, e2, …]}` | e1 − e2 − … (a sale's surplus: proceeds less fees and expenses) |
| `{greater_of: [e1, e2]}` / `{lesser_of: [...]}` | the maximum / the minimum ("whichever is greater") |
| `{percent: 50, of: name-or-expression}` | a percentage of a fact or an expression |
| `{times: 2, of: name-or-expression}` | a multiple ("twice the value of the sand"); the multiplier may be an expression (`{param: id}`) |
| `{per: count_fact-or-expression, amount: e}` | a rate × a count (so much per animal, per day, per kilolitre beyond a limit) |
| `{interest: {principal: e, percent: e, from: date_fact, to: date_fact, compound: yearly}}` | interest at so much a year over the days between (`from`/`to`: a date field, or an event's date; `to` omitted: the date judged): simple, or with `compound: yearly` added to the principal at each full year (the part-year simple) |
"""

from __future__ import annotations

from datetime import date

from . import time as lt
from .errors import InvalidData
from .money import rupees

KEYS = {"param", "fact", "sum", "difference", "greater_of", "lesser_of", "percent", "times", "per", "interest"}


def check(e, err, owner) -> None:
    """Refuse a malformed amount expression on load."""
    if isinstance(e, (int, float)) and not isinstance(e, bool):
        if e < 0:
            raise err(owner, f"an amount is never negative, not {e!r}")
        return
    if not isinstance(e, dict) or len(set(e) & KEYS) != 1:
        raise err(owner, f"an amount is a number or one of {sorted(KEYS)}, not {e!r}")
    for k in ("sum", "difference", "greater_of", "lesser_of"):
        for sub in e.get(k) or []:
            check(sub, err, owner)
    for k in ("amount",):
        if k in e:
            check(e[k], err, owner)
    for k in ("of", "times", "per"):
        if isinstance(e.get(k), dict):
            check(e[k], err, owner)
    if "interest" in e:
        spec = e["interest"]
        if not isinstance(spec, dict) or not {"principal", "percent", "from"} <= set(spec) \
                or spec.get("compound", "none") not in ("none", "yearly"):
            raise err(owner, "interest is {principal: amount, percent: amount a year, from: date fact, to: date fact, "
                             "compound: none | yearly}")
        check(spec["principal"], err, owner)
        check(spec["percent"], err, owner)


def missing(case, e) -> str | None:
    """The first fact an expression needs that the record does not state (None when all are there)."""
    if isinstance(e, list):
        return next((m for m in (missing(case, x) for x in e) if m), None)
    if not isinstance(e, dict):
        return None
    for key in ("fact", "per", "of"):
        name = e.get(key)
        if isinstance(name, str) and case.facts.get(name) is None and name not in case.first:
            return name
    return next((m for m in (missing(case, v) for k, v in e.items() if isinstance(v, (dict, list))) if m), None)


def fact(case, name):
    """A fact the record states; for a date, also the first date of an event of that name."""
    v = case.facts.get(name)
    if v is None and name in case.first:
        v = lt.as_date(case.first[name][0])
    if v is None:
        raise InvalidData(f"the {name.replace('_', ' ')} is needed to compute the amount")
    return v


def _of(case, of, on, show):
    if isinstance(of, dict):
        return amount(case, of, on, show)
    v = fact(case, of)
    return v, f"{of.replace('_', ' ')} {show(v)}"


def _combine(case, e, on, show):
    key = next(k for k in ("sum", "difference", "greater_of", "lesser_of") if k in e)
    parts = [amount(case, x, on, show) for x in e[key]]
    values = [p[0] for p in parts]
    if key == "sum":
        v, sep = sum(values), " + "
    elif key == "difference":
        v, sep = values[0] - sum(values[1:]), " − "
    else:
        v = (max if key == "greater_of" else min)(values)
        word = "greater" if key == "greater_of" else "lesser"
        return v, f"the {word} of ({'; '.join(p[1] for p in parts)}) = {show(v)}"
    return v, f"({sep.join(p[1] for p in parts)}) = {show(v)}"


def _interest(case, spec, on):
    principal, pw = amount(case, spec["principal"], on)
    rate, _ = amount(case, spec["percent"], on)
    start = lt.to_date(fact(case, spec["from"]))
    end = lt.to_date(fact(case, spec["to"])) if spec.get("to") else lt.as_date(on)
    days = (end - start).days
    if days < 0:
        raise InvalidData(f"interest runs from {lt.fmt(start)}, after the date it is computed to ({lt.fmt(end)})")
    if spec.get("compound", "none") == "yearly":
        return _compound(principal, pw, rate, start, end)
    v = round(principal * rate / 100 * days / 365, 2)
    return v, f"simple interest on {pw} at {rate}% a year for {days} days ({lt.fmt(start)} to {lt.fmt(end)}) = {rupees(v)}"


def _compound(principal, pw, rate, start, end):
    """Interest added to the principal at each full year from `start`; the part-year after the last
    anniversary earns simple interest on the grown sum."""
    from dateutil.relativedelta import relativedelta

    years = relativedelta(end, start).years
    grown = principal * (1 + rate / 100) ** years
    rest = (end - (start + relativedelta(years=years))).days
    v = round(grown * (1 + rate / 100 * rest / 365) - principal, 2)
    return v, (f"interest on {pw} at {rate}% a year compounded yearly for {years} full year(s) and {rest} days "
               f"({lt.fmt(start)} to {lt.fmt(end)}) = {rupees(v)}")


def count(value) -> str:
    """A number that is not money (members, votes, head of cattle): 7, 4.5."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def amount(case, e, on: date, show=rupees) -> tuple[float, str]:
    """Evaluate an amount expression against the case's facts: (value, words); `show` writes a
    number (rupees, or `count` for numbers that are not money)."""
    if isinstance(e, (int, float)):
        return e, show(e)
    if "param" in e:
        v = case.param(e["param"], on)
        return v, f"{show(v)} ({e['param'].replace('_', ' ')})"
    if "fact" in e:
        return _of(case, e["fact"], on, show)
    if "percent" in e:
        base, words = _of(case, e["of"], on, show)
        v = round(base * e["percent"] / 100, 2)
        return v, f"{e['percent']}% of {words} = {show(v)}"
    if "times" in e:
        base, words = _of(case, e["of"], on, show)
        n = amount(case, e["times"], on, count)[0] if isinstance(e["times"], dict) else e["times"]
        return base * n, f"{n} × {words} = {show(base * n)}"
    if "per" in e:
        if isinstance(e["per"], dict):  # a count that is itself computed (water beyond the limit)
            n = amount(case, e["per"], on, count)[0]
            counted = count(n)
        else:
            n = fact(case, e["per"])
            counted = f"{count(n)} {e['per'].replace('_', ' ')}"
        each, words = amount(case, e["amount"], on, show)
        return n * each, f"{counted} × {words} = {show(n * each)}"
    if "interest" in e:
        return _interest(case, e["interest"], on)
    return _combine(case, e, on, show)
