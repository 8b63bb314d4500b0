"""Reading a law pack for people: citations as "s.66(2)", links to the text, plain-words deadlines,
and the index of which rules rest on which part of an Act. Pure reads of the law packs."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from django.urls import reverse
from django.utils.translation import gettext as _

from adhiniyam.law import list_packs, load_pack

_PART = re.compile(r"^(sec|subsec|clause|subclause|proviso|expl|item|para|chap|sched|rule)_?(.*)$")


def cite_label(node_id: str) -> str:
    """sec_66__subsec_2__clause_a -> s.66(2)(a); a version suffix is shown in brackets."""
    if not node_id:
        return ""
    out, extra = "", []
    for part in str(node_id).split("__"):
        m = _PART.match(part)
        if not m:
            extra.append(part.replace("_", " "))
            continue
        kind, num = m.group(1), m.group(2)
        if kind == "sec":
            out += f"s.{_num(num)}"
        elif kind == "subsec":
            out += f"({num})"
        elif kind == "chap":
            out += f"Chapter {num}"
        elif kind in ("subsec", "clause", "subclause", "item", "para"):
            out += f"({_num(num)})"
        elif kind == "proviso":
            out += f", proviso {num}" if num else ", proviso"
        elif kind == "expl":
            out += ", Explanation" + (f" {num}" if num else "")
        else:
            out += f" {kind} {num}"
    if extra:
        out += f" [{' '.join(extra)}]"
    return out or node_id


def _num(n: str) -> str:
    m = re.match(r"^(\d+)([A-Z]+)$", n)
    return f"{m.group(1)}-{m.group(2)}" if m else n


def pack(act_id: str):
    return load_pack(act_id)


def node(act_id: str, node_id: str) -> dict | None:
    try:
        return pack(act_id).nodes.get(node_id)
    except Exception:
        return None


def node_text(act_id: str, node_id: str) -> str:
    """The printed words of a node (or of the version named), with its children's words."""
    p = pack(act_id)
    n = p.nodes.get(node_id)
    if n is None:
        return ""
    if n.get("id") != node_id:  # a version id: that version's words
        for v in n.get("versions") or []:
            if v.get("id") == node_id:
                return v.get("text", "")
    words = [n.get("text") or ""]
    if not words[0] and n.get("versions"):
        words = [v.get("text", "") for v in n["versions"]]
    return "\n".join(w for w in words if w)


def section_url(act_id: str, node_id: str) -> str:
    p = pack(act_id)
    sec = p.section_of(node_id) or (p.nodes.get(node_id) or {}).get("id") or node_id
    if sec not in p.nodes:
        return reverse("web:act", kwargs={"act_id": act_id})
    return reverse("web:section", kwargs={"act_id": act_id, "node_id": sec}) + f"#{node_id}"


def citation(act_id: str, node_id: str) -> dict:
    return {"id": node_id, "label": cite_label(node_id), "url": section_url(act_id, node_id),
            "text": node_text(act_id, node_id)}


def citations(act_id: str, ids) -> list[dict]:
    if isinstance(ids, str):
        ids = [ids]
    return [citation(act_id, i) for i in (ids or []) if i]


# ------------------------------------------------------------------------------ rules index


def _walk_cites(obj, path, out):
    if isinstance(obj, dict):
        c = obj.get("cites")
        if c:
            for cid in (c if isinstance(c, list) else [c]):
                out.append((str(cid), path))
        for k, v in obj.items():
            if k in ("cites", "quote"):
                continue
            _walk_cites(v, path + [str(k)], out)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _walk_cites(v, path + [str(i)], out)


@cache
def rules_index(act_id: str, version: str) -> dict[str, list[dict]]:
    """node id -> the rules of the pack that cite it: procedure, part, title."""
    p = pack(act_id)
    index: dict[str, list[dict]] = {}

    def add(cid, entry):
        lst = index.setdefault(cid, [])
        if entry not in lst:
            lst.append(entry)
        sec = p.section_of(cid)
        if sec and sec != cid:
            lst2 = index.setdefault(sec, [])
            if entry not in lst2:
                lst2.append(entry)

    for pid, src in p.sources.items():
        found = []
        _walk_cites(src.raw, [], found)
        for cid, path in found:
            what = _describe_path(src.raw, path)
            add(cid, {"procedure": pid, "procedure_title": src.title, "kind": src.kind, "what": what})
    for name, prm in (p.parameters or {}).items():
        for cid in [prm.get("cites")] + [v.get("cites") for v in prm.get("values", [])]:
            if cid:
                add(str(cid), {"procedure": "", "procedure_title": _("Parameter"), "kind": "parameter",
                               "what": f"{prm.get('title', name)}: " + ", ".join(
                                   str(v.get("value")) for v in prm.get("values", []))})
    for it in (p.interpretations or {}).values():
        if it.cites:
            add(str(it.cites), {"procedure": "", "procedure_title": _("Interpretation"), "kind": "interpretation",
                                "what": f"{it.question} — default reading: {it.default}"})
    return index


def _describe_path(raw, path) -> str:
    """A short label for where in a procedure a citation sits: 'timer decision: Panchayat to decide…'."""
    obj = raw
    label = raw.get("title", "")
    i = 0
    while i < len(path):
        k = path[i]
        if k in ("events", "timers", "checks") and i + 1 < len(path):
            name = path[i + 1]
            try:
                cur = obj[k][name]
            except (KeyError, TypeError, IndexError):
                break
            kind = {"events": "action", "timers": "period", "checks": "check"}[k]
            return f"{kind}: {(cur or {}).get('title') or name.replace('_', ' ')}"
        if k == "penalty":
            return "penalty"
        if k == "provisions":
            pass
        try:
            obj = obj[int(k)] if isinstance(obj, list) else obj[k]
        except (KeyError, ValueError, IndexError, TypeError):
            break
        i += 1
    return f"procedure: {label}"


def act_choices() -> list[dict]:
    out = []
    for a in list_packs():
        try:
            p = pack(a)
        except Exception as exc:  # a pack being written may fail to load; say so, do not hide the rest
            out.append({"id": a, "title": a, "short": a, "error": str(exc)})
            continue
        out.append({"id": a, "title": p.title, "short": p.act.get("short") or p.title, "state": p.state,
                    "error": ""})
    return out


# ------------------------------------------------------------------------------ plain words


def deemed_statuses(proc) -> set[str]:
    """Statuses a procedure reaches by a deemed outcome (on a timer's expiry with `deemed`)."""
    out = set()
    for t in proc.timers.values():
        exp = t.on_expiry or {}
        if exp.get("deemed") and exp.get("status"):
            out.add(exp["status"])
    return out


def plain_deadlines(act_id: str, proc, deadlines: list[dict], today: dt.date) -> list[str]:
    """What each running deadline means, in words: who must act by when, and what follows silence."""
    from .formatting import indian_date

    lines = []
    for d in deadlines:
        t = proc.timers.get(d["name"])
        if t is None:
            continue
        who = proc.roles.get(d.get("who") or "", d.get("who") or "")
        cite = ", ".join(cite_label(c) for c in (t.cites or []))
        if d.get("suspended") or not d.get("last_day"):
            lines.append(_("The clock for “%(what)s” is stopped until the observations are answered (%(cite)s).")
                         % {"what": t.title, "cite": cite})
            continue
        last = dt.date.fromisoformat(str(d["last_day"])[:10])
        if d.get("expired"):
            lines.append(_("%(who)s had until %(date)s for “%(what)s”; that day has passed (%(cite)s).")
                         % {"who": who, "date": indian_date(last), "what": t.title, "cite": cite})
            continue
        exp = t.on_expiry or {}
        if exp.get("status"):
            outcome = proc.statuses.get(exp["status"], exp["status"])
            lines.append(_("If %(who)s does not act by %(date)s (%(what)s), then on %(next)s: %(outcome)s (%(cite)s).")
                         % {"who": who, "date": indian_date(last), "what": t.title.lower(),
                            "next": indian_date(last + dt.timedelta(days=1)), "outcome": outcome, "cite": cite})
        elif t.kind == "window":
            lines.append(_("%(who)s may do this until %(date)s: %(what)s (%(cite)s).")
                         % {"who": who, "date": indian_date(last), "what": t.title, "cite": cite})
        else:
            lines.append(_("%(who)s must act by %(date)s: %(what)s (%(cite)s).")
                         % {"who": who, "date": indian_date(last), "what": t.title, "cite": cite})
    return lines
