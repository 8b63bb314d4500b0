"""Reading a law pack for people: citations as "s.66(2)", links to the text, plain-words deadlines,
and the index of which rules rest on which part of an Act. Pure reads of the law packs."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from adhiniyam.law import list_packs, load_pack
from adhiniyam.law import translations as T

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
            out += _("s.") + _num(num)
        elif kind == "subsec":
            out += f"({num})"
        elif kind == "chap":
            out += _("Chapter %(n)s") % {"n": num}
        elif kind in ("subsec", "clause", "subclause", "item", "para"):
            out += f"({_num(num)})"
        elif kind == "proviso":
            out += ", " + (_("proviso %(n)s") % {"n": num} if num else _("proviso"))
        elif kind == "expl":
            out += ", " + _("Explanation") + (f" {num}" if num else "")
        else:
            out += f" {kind} {num}"
    if extra and lang() == "en":     # a printed version's name (an id) is shown in English only
        out += f" [{' '.join(extra)}]"
    return out or node_id


def _num(n: str) -> str:
    m = re.match(r"^(\d+)([A-Z]+)$", n)
    return f"{m.group(1)}-{m.group(2)}" if m else n


def pack(act_id: str):
    return load_pack(act_id)


def lang() -> str:
    return (get_language() or "en").split("-")[0].lower()


class ProcWords:
    """One procedure's words in the page's language (the pack's locale files; English otherwise)."""

    def __init__(self, act_id: str, proc, language: str | None = None):
        self.proc, self.pid = proc, proc.id
        self.w = T.words(act_id, language or lang())
        self.shown = self.w.lang           # the language the words are in (Hindi for another State's pack)

    def _k(self, rest: str, english: str) -> str:
        return self.w.get(f"procedure.{self.pid}.{rest}", english)

    def title(self) -> str:
        return self._k("title", self.proc.title)

    def status(self, sid: str | None, english: str = "") -> str:
        english = self.proc.statuses.get(sid or "") or english or (sid or "").replace("_", " ")
        return self._k(f"status.{sid}", english)

    def role(self, rid: str | None) -> str:
        english = self.proc.roles.get(rid or "") or (rid or "").replace("_", " ")
        return self._k(f"role.{rid}", english)

    def event(self, eid: str) -> str:
        et = self.proc.events.get(eid)
        return self._k(f"event.{eid}.title", et.title if et else T.system_event_title(eid))

    def action(self, eid: str) -> str:
        et = self.proc.events[eid]
        return self.w.action(self.pid, eid, et.title)

    def field(self, eid: str, fid: str) -> str:
        f = self.proc.events[eid].fields.get(fid) if eid in self.proc.events else None
        return self._k(f"event.{eid}.field.{fid}", (getattr(f, "title", "") or fid.replace("_", " ")))

    def choice(self, eid: str, fid: str, value) -> str:
        return self._k(f"event.{eid}.field.{fid}.choice.{value}", str(value).replace("_", " "))

    def timer(self, tid: str, english: str = "") -> str:
        t = self.proc.timers.get(tid)
        return self._k(f"timer.{tid}", t.title if t else english)

    def amount(self, name: str) -> str | None:
        """A named amount of the procedure (`amounts:`) that the pack titles, in this language."""
        spec = (self.proc.raw.get("amounts") or {}).get(name) or {}
        return self._k(f"amount.{name}", spec["title"]) if spec.get("title") else None

    def condition(self, tid: str, i: int, english: str) -> str:
        return self._k(f"timer.{tid}.condition.{i}", english)

    def need(self, i: int, english: str) -> str:
        return self._k(f"needs.{i}", english)

    def condition_text(self, english: str) -> str:
        """A deemed outcome's condition, found by its words among the procedure's timers."""
        for tid, t in self.proc.timers.items():
            for i, text in enumerate(T._conditions(t)):
                if text == english:
                    return self.condition(tid, i, english)
        return english

    def widgets(self, eid: str, fields: dict) -> list[dict]:
        """The form of an event, its labels and choices in this language."""
        from . import actionforms

        out = actionforms.widgets(fields)
        for wd in out:
            wd["label"] = self.field(eid, wd["name"]).capitalize() + (wd["label_unit"] if wd.get("label_unit") else "")
            wd["choices"] = [(c, self.choice(eid, wd["name"], c)) for c in wd["choices"]]
        return out


def proc_words(act_id: str, proc, language: str | None = None) -> ProcWords:
    return ProcWords(act_id, proc, language)


def case_words(case) -> dict:
    """A stored case's procedure title and status in the page's language (the stored label is
    English; the status id is the key)."""
    try:
        w = proc_words(case.act_id, pack(case.act_id).procedure(case.procedure))
    except Exception:   # a procedure the installed pack no longer has: the stored words
        return {"title": case.procedure.replace("_", " "), "status": case.status_label}
    return {"title": w.title(), "status": w.status(case.status, case.status_label)}


SCRIPTS = {"hi": "deva", "kok": "deva", "mr": "deva", "gu": "gujr", "pa": "guru"}


def _script(text: str) -> str:
    for ch in text:
        if "\u0900" <= ch <= "\u097f":
            return "deva"
        if "\u0a80" <= ch <= "\u0aff":
            return "gujr"
        if "\u0a00" <= ch <= "\u0a7f":
            return "guru"
    return "latn"


def body_name(body, language: str | None = None) -> str:
    """The body's name in the page's script: its local name where that is written in the page's
    script (Gujarati on a Gujarati page), else its name in English."""
    local = getattr(body, "name_local", "") or ""
    if local and SCRIPTS.get(language or lang()) == _script(local):
        return local
    return body.name


def act_title(act_id: str, language: str | None = None) -> str:
    """The Act's title in the page's language (an unofficial translation; the text stays as printed),
    or in Hindi for another State's Act."""
    p = pack(act_id)
    return T.words(act_id, language or lang()).get("act.title", p.title)


def words_lang(act_id: str) -> str:
    """The language a pack's words are shown in on this page (its own, or Hindi for another State's)."""
    return T.words(act_id, lang()).lang


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
            part, name = _describe_path(src.raw, path)
            add(cid, {"procedure": pid, "procedure_title": src.title, "kind": src.kind, "part": part, "name": name,
                      "what": f"{part}: {name}"})
    for name, prm in (p.parameters or {}).items():
        for cid in [prm.get("cites")] + [v.get("cites") for v in prm.get("values", [])]:
            if cid:
                add(str(cid), {"procedure": "", "procedure_title": "Parameter", "kind": "parameter",
                               "what": f"{prm.get('title', name)}: " + ", ".join(
                                   str(v.get("value")) for v in prm.get("values", []))})
    for it in (p.interpretations or {}).values():
        if it.cites:
            add(str(it.cites), {"procedure": "", "procedure_title": "Interpretation", "kind": "interpretation",
                                "what": f"{it.question} — default reading: {it.default}"})
    return index


def rule_words(act_id: str, r: dict) -> dict:
    """An entry of the rules index in the page's language: the procedure's title and the part of it
    (an action, a period, a check); a parameter's or interpretation's own words stay in English."""
    if r["kind"] in ("parameter", "interpretation"):
        return {**r, "procedure_title": _("Parameter") if r["kind"] == "parameter" else _("Interpretation"),
                "what_lang": "en"}
    try:
        w = proc_words(act_id, pack(act_id).procedure(r["procedure"]))
    except Exception:
        return {**r, "what_lang": "en"}
    part, name = r.get("part"), r.get("name", "")
    words = {"events": (_("action"), lambda: w.event(name)), "timers": (_("period"), lambda: w.timer(name, name)),
             "checks": (_("check"), lambda: name.replace("_", " ")), "penalty": (_("penalty"), lambda: ""),
             "procedure": (_("the procedure"), lambda: "")}
    label, thing = words.get(part, (_("the procedure"), lambda: ""))
    return {**r, "procedure_title": w.title(), "what": f"{label}: {thing()}" if thing() else label, "what_lang": ""}


def _describe_path(raw, path) -> tuple[str, str]:
    """Where in a procedure a citation sits: ('events', id), ('timers', id), ('checks', id),
    ('penalty', ''), or ('procedure', '')."""
    obj = raw
    i = 0
    while i < len(path):
        k = path[i]
        if k in ("events", "timers", "checks") and i + 1 < len(path):
            name = path[i + 1]
            try:
                cur = obj[k][name]
            except (KeyError, TypeError, IndexError):
                break
            return k, name if cur is not None else name
        if k == "penalty":
            return "penalty", ""
        if k == "provisions":
            pass
        try:
            obj = obj[int(k)] if isinstance(obj, list) else obj[k]
        except (KeyError, ValueError, IndexError, TypeError):
            break
        i += 1
    return "procedure", ""


def act_choices() -> list[dict]:
    out = []
    for a in list_packs():
        try:
            p = pack(a)
        except Exception as exc:  # a pack being written may fail to load; say so, do not hide the rest
            out.append({"id": a, "title": a, "short": a, "error": str(exc)})
            continue
        out.append({"id": a, "title": act_title(a), "title_en": p.title, "lang": words_lang(a),
                    "short": p.act.get("short") or p.title,
                    "state": p.state, "error": ""})
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
    """What each running deadline means, in plain words in the page's language: who must act by
    when, and what follows silence. The sections are behind "why this date?", not here."""
    from .formatting import indian_date

    w = proc_words(act_id, proc)
    lines = []
    for d in deadlines:
        t = proc.timers.get(d["name"])
        if t is None:
            continue
        words = {"who": w.role(d.get("who")), "what": w.timer(t.id)}
        if d.get("suspended") or not d.get("last_day"):
            lines.append(_("The clock for “%(what)s” is stopped until the observations are answered.") % words)
            continue
        last = dt.date.fromisoformat(str(d["last_day"])[:10])
        words["date"] = indian_date(last)
        exp = t.on_expiry or {}
        if d.get("expired"):
            lines.append(_("%(who)s had until %(date)s for “%(what)s”; that day has passed.") % words)
        elif exp.get("status"):
            words.update(next=indian_date(last + dt.timedelta(days=1)), outcome=w.status(exp["status"]))
            lines.append(_("If %(who)s does not act by %(date)s (%(what)s), then on %(next)s: %(outcome)s.") % words)
        elif t.kind == "window":
            lines.append(_("%(who)s may do this until %(date)s: %(what)s.") % words)
        else:
            lines.append(_("%(who)s must act by %(date)s: %(what)s.") % words)
    return lines


def why_words(basis: dict) -> list[str]:
    """The arithmetic of a last day in the page's language, from the engine's data (Deadline.basis):
    from which day, the period, the days the clock stood still, an office closed on the last day."""
    from .formatting import indian_date, period_words

    if not basis or basis.get("stopped") or not basis.get("end"):
        return [_("The clock is stopped: the days until the observations are answered do not count.")]
    d = {"from": indian_date(basis["from"]), "period": period_words(basis.get("period")),
         "base": indian_date(basis.get("base")), "end": indian_date(basis["end"])}
    if basis.get("direction") == "before":
        return [_("The latest day is %(period)s before %(from)s, neither of those days counted: %(end)s.") % d]
    unit = next(iter(basis.get("period") or {"days": 0}))
    if unit == "hours":
        lines = [_("From %(from)s, %(period)s: until %(base)s.") % d]
    elif unit in ("months", "years"):
        lines = [_("From %(from)s, %(period)s by the calendar (the same date in the later month): %(base)s.") % d]
    else:
        lines = [_("From %(from)s, that day itself not counted, %(period)s: %(base)s.") % d]
    for a, b, n in basis.get("pauses") or []:
        lines.append(ngettext("The clock stood still from %(a)s to %(b)s: %(n)d more day.",
                              "The clock stood still from %(a)s to %(b)s: %(n)d more days.", n)
                     % {"a": indian_date(a), "b": indian_date(b), "n": n})
    if basis.get("office_closed"):
        lines.append(_("The office is closed on that day, so the next day it is open is in time (General Clauses Act, s.10)."))
    if basis.get("counting") == "clear":
        lines.append(_("These are clear days: neither the first nor the last day counts."))
    lines.append(_("Last day: %(end)s.") % d)
    return lines
