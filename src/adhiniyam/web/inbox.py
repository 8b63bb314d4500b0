"""The officer inbox: open cases of one body ordered by statutory deadline.

Rows come from the stored derived columns (the (body, closed, due) index). A row whose stored
deadline has already passed may be stale (the sweep records time's outcomes): such rows are
evaluated afresh by the engine for display, without writing, so the page never shows a deemed
grant as still pending."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from adhiniyam.records import access
from adhiniyam.records import engine as E
from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import DUE_NEVER, Case

from . import lawtext
from .formatting import days_left_words, urgency

PAGE = 50


def body_and_scope(user, code):
    try:
        body = access.body_for(user, code)
    except ServiceError as exc:
        # an appellate authority (the BDO, the Director) sees, at each body below its office, the
        # cases routed to it there
        from adhiniyam.records.models import Body, Role
        body = Body.objects.filter(code=code).first()
        if body is None or not access.covering(user, body, {Role.APPELLATE}):
            raise Http404(exc.detail) from exc
    scope = access.body_case_scope(user, body)
    if scope is None:
        raise PermissionDenied("You have no role at this body that shows its inbox.")
    return body, scope


def _proc_meta(act_id):
    """Per procedure of the Act: its title, kind, statuses and roles in the page's language, which
    statuses are deemed outcomes, and the stage each status belongs to."""
    from adhiniyam.records import roles as R

    p = lawtext.pack(act_id)
    meta = {}
    for pid, src in p.sources.items():
        try:
            proc = p.procedure(pid)
        except Exception:
            continue
        w = lawtext.proc_words(act_id, proc)
        deemed = lawtext.deemed_statuses(proc)
        meta[pid] = {"title": w.title(), "kind": src.kind, "statuses": {s: w.status(s) for s in proc.statuses},
                     "deemed": deemed, "roles": {r: w.role(r) for r in proc.roles},
                     "role_kinds": {r: R.kind_of(act_id, r) for r in proc.roles},
                     "stages": {s: stage_of(src.kind, s, deemed) for s in proc.statuses},
                     "windows": {tid: t.kind == "window" for tid, t in proc.timers.items()}}
    return meta


# Stages a clerk recognises, in the order of the work; each status of each Act falls in one.
STAGES = ("office", "applicant", "deemed", "appeal", "notice", "offence", "decided")
_WAITING = ("observation", "particular", "query", "stop_order", "stopped", "requisition", "clarification")
_DONE = ("granted", "refused", "approved", "sanctioned", "issued", "licensed", "rejected", "withdrawn", "may_",
         "closed", "cancel", "revoked", "lapsed", "dismissed", "allowed", "completed", "decided", "expired",
         "registered", "renewed", "returned", "confirmed", "executed", "paid", "sold", "released", "done")


def stage_names() -> dict:
    return {"office": _("Awaiting the office"), "applicant": _("Waiting for the applicant"),
            "deemed": _("Deemed outcomes"), "appeal": _("Appeals"), "notice": _("Notices"),
            "offence": _("Offences"), "decided": _("Decided")}


def stage_of(kind: str, status: str, deemed: set) -> str:
    """The stage of a status: deemed outcomes and appeals first, then by the procedure's kind, then
    by what the status's own name says (waiting for the applicant, decided), else with the office."""
    s = status or ""
    if s in deemed:
        return "deemed"
    if "appeal" in s:
        return "appeal"
    if kind in ("notice", "public_notice"):
        return "notice"
    if kind == "offence":
        return "offence"
    if any(w in s for w in _WAITING):
        return "applicant"
    if any(w in s for w in _DONE):
        return "decided"
    return "office"


def _fresh(c, m, today):
    """The engine's answer now for a row whose stored deadline has passed: (status, label, due, who)."""
    _p, r = E.evaluate(c, list(c.events.order_by("seq")))
    due, who = duty_due(m, r.deadlines, today)
    if due is None and c.due and c.due < today and (r.status == c.status or m.get("kind") == "notice"):
        due = c.due       # a notice whose period lapsed (in default) shows the last day that passed
    return r.status, r.status_label, due, who


STALE_LIMIT = 1000


def suspended(deadlines) -> bool:
    """A duty's clock is stopped (observations pending, a stop order running)."""
    for d in deadlines or []:
        if (d.get("suspended") if isinstance(d, dict) else getattr(d, "suspended", False)):
            return True
    return False


def duty_due(m: dict, deadlines, today) -> tuple:
    """The statutory deadline an inbox shows: the earliest last day of a duty still running (not a
    window, which is a right that simply closes; not a clock that is stopped), else the last day of
    a duty that passed undone. Returns (day, whose duty) or (None, "")."""
    running, passed = [], []
    for d in deadlines or []:
        get = d.get if isinstance(d, dict) else (lambda k, _d=d: getattr(_d, k, None))
        last = E.deadline_date(get("last_day"))
        if last is None or get("suspended") or m.get("windows", {}).get(get("name")):
            continue
        (passed if get("expired") else running).append((last, get("who") or ""))
    if running:
        return min(running)
    if passed:
        return max(passed)
    return None, ""


def _answers(base, meta, today):
    """The answer for every open case: the engine's afresh for rows whose stored deadline passed
    (time may have moved them on), the stored one for the rest. pk -> (status, due, whose turn)."""
    answers, stopped = {}, set()
    stale_q = Q(due__lt=today) | Q(next_deadline__lt=today)
    for c in base.filter(stale_q).order_by("due", "id")[:STALE_LIMIT]:
        try:
            st, _label, due, who = _fresh(c, meta.get(c.procedure) or {}, today)
            answers[c.pk] = (c.procedure, st, due, who, True)
        except Exception:   # a case the installed pack now refuses keeps its stored answer
            continue
    rows = base.exclude(pk__in=list(answers)).values_list("pk", "procedure", "status", "derived__deadlines")
    for pk, pid, st, deadlines in rows:
        due, who = duty_due(meta.get(pid) or {}, deadlines, today)
        if suspended(deadlines):
            stopped.add(pk)
        answers[pk] = (pid, st, due, who, False)
    return answers, stopped


def _row_stage(m: dict, st, due, today) -> str:
    if m.get("kind") == "notice" and ((due is not None and due < today) or "default" in (st or "")):
        return "default"
    return (m.get("stages") or {}).get(st, "office")


def _counts(answers, meta, today) -> dict:
    week_end = today + dt.timedelta(days=7)
    out = {"open": 0, "overdue": 0, "this_week": 0, "deemed": 0, "in_default": 0}
    for pid, st, due, _who, _f in answers.values():
        m = meta.get(pid) or {}
        out["open"] += 1
        out["overdue"] += due is not None and due < today
        out["this_week"] += due is not None and today <= due <= week_end
        out["deemed"] += st in m.get("deemed", ())
        out["in_default"] += _row_stage(m, st, due, today) == "default"
    return out


def _matches(a, meta, today, f) -> bool:
    pid, st, due, who, _fresh_row = a
    m = meta.get(pid) or {}
    if f["procedure"] and pid != f["procedure"] or f["status"] and st != f["status"] or f["who"] and who != f["who"]:
        return False
    stage = _row_stage(m, st, due, today)
    if f["stage"] and not (stage == f["stage"] or f["stage"] == "notice" and stage == "default"):
        return False
    if f["due"] == "overdue":
        return due is not None and due < today
    if f["due"] == "week":
        return due is not None and today <= due <= today + dt.timedelta(days=7)
    return True


def _stored_filter(meta, f, today) -> Q | None:
    """The filters as a query on the stored columns (status, whose turn, due, the stage's statuses)."""
    conds = []
    if f["status"]:
        conds.append(Q(status=f["status"]))
    if f["who"]:
        conds.append(Q(next_deadline_who=f["who"]))
    if f["due"] == "overdue":
        conds.append(Q(due__lt=today))
    elif f["due"] == "week":
        conds.append(Q(due__gte=today, due__lte=today + dt.timedelta(days=7)))
    if f["stage"] in ("default", "notice"):
        conds.append(Q(procedure__in=[p for p, m in meta.items() if m["kind"] in ("notice", "public_notice")]))
    elif f["stage"]:
        any_q = Q(pk__in=[])
        for pid, m in meta.items():
            sts = [st for st, stage in m["stages"].items() if stage == f["stage"]]
            if sts:
                any_q |= Q(procedure=pid, status__in=sts)
        conds.append(any_q)
    out = None
    for c in conds:
        out = c if out is None else out & c
    return out


def search_q(text: str) -> Q:
    """A case by its number, the applicant's name, the address or the survey number."""
    t = text.strip()
    return (Q(number__icontains=t) | Q(applicant__name__icontains=t) | Q(property__address__icontains=t)
            | Q(property__survey_number__icontains=t) | Q(title__icontains=t))


def inbox(user, body, scope, *, procedure="", status="", who="", stage="", due="", q="", page=1, today=None) -> dict:
    today = today or E.today()
    meta = _proc_meta(body.act_id)
    base = Case.objects.filter(body=body, closed=False).filter(scope)
    answers, stopped = _answers(base, meta, today)
    filters = {"procedure": procedure, "status": status, "who": who, "stage": stage, "due": due, "q": q.strip()}
    qs = base.filter(procedure=procedure) if procedure else base
    if filters["q"]:
        qs = qs.filter(search_q(filters["q"]))
    cond = _stored_filter(meta, filters, today)
    if cond is not None:   # on the stored answer, keeping the rows answered afresh (filtered again below)
        qs = qs.filter(cond | Q(pk__in=[pk for pk, a in answers.items() if a[4]]))
    total = qs.count()
    pages = max(1, (total + PAGE - 1) // PAGE)
    page = min(max(1, int(page)), pages) if str(page).isdigit() else 1     # ?page=abc: the first page
    rows = qs.select_related("applicant", "property").order_by("due", "id")[(page - 1) * PAGE: page * PAGE]
    items = [_item(c, answers[c.pk], meta, today, c.pk in stopped) for c in rows
             if c.pk in answers and _matches(answers[c.pk], meta, today, filters)]
    items.sort(key=lambda it: (it["due"] or DUE_NEVER, it["case"].pk))   # rows answered afresh may move
    return {
        "body": body, "today": today, "items": items, "total": total, "page": page, "pages": pages,
        "counts": _counts(answers, meta, today), "filters": filters,
        "procedure_choices": sorted({(a[0], (meta.get(a[0]) or {}).get("title", a[0])) for a in answers.values()},
                                    key=lambda x: x[1]),
        "status_groups": _status_groups(answers, meta, filters["procedure"]),
        "stage_choices": list(stage_names().items()) + [("default", _("Notices in default"))],
        "who_choices": _who_choices(answers, meta),
    }


def _item(c, answer, meta, today, stopped: bool) -> dict:
    pid, status_code, due, who_role, fresh = answer
    m = meta.get(pid) or {"title": pid, "kind": "", "statuses": {}, "deemed": set(), "roles": {}}
    days = (due - today).days if due and due != DUE_NEVER else None
    return {"case": c, "procedure_title": m["title"], "kind": m["kind"], "status": status_code,
            "status_label": m["statuses"].get(status_code) or c.status_label,
            "due": due, "days": days, "days_words": days_left_words(days), "urgency": urgency(days),
            "who": m["roles"].get(who_role, who_role), "who_role": who_role, "deemed": status_code in m["deemed"],
            "fresh": fresh, "in_default": _row_stage(m, status_code, due, today) == "default",
            "stopped": due is None and stopped}


def _status_groups(answers, meta, procedure: str) -> list[tuple[str, list]]:
    """The statuses of open cases (of one procedure, when chosen), grouped by stage, in the page's
    language. One status id may name different words in two procedures: each is listed once."""
    seen = {}
    for pid, st, _due, _who, _f in answers.values():
        if not st or procedure and pid != procedure:
            continue
        m = meta.get(pid) or {}
        stage = (m.get("stages") or {}).get(st, "office")
        seen.setdefault(stage, {}).setdefault(st, m.get("statuses", {}).get(st, st))
    names = stage_names()
    return [(names[s], sorted(seen[s].items(), key=lambda x: x[1])) for s in STAGES if s in seen]


def _who_choices(answers, meta) -> list[tuple[str, str]]:
    out = {}
    for pid, _st, _due, who, _f in answers.values():
        if who:
            out.setdefault(who, (meta.get(pid) or {}).get("roles", {}).get(who, who))
    return sorted(out.items(), key=lambda x: x[1])


def decision_timing(case, proc) -> tuple | None:
    """(day, in_time) of the first act that discharged a duty of the body in this case (a decision),
    judged by the engine as it stood the day before: in time if on or before that duty's last day."""
    duty_stops = {}
    for tid, t in proc.timers.items():
        if t.kind != "window":
            for ev in t.stop_on or ():
                duty_stops.setdefault(ev, []).append(tid)
    rows = list(case.events.order_by("seq"))
    for i, r in enumerate(rows):
        if i == 0 or r.system or r.type not in duty_stops:
            continue
        from adhiniyam.records import roles as R
        if R.kind_of(case.act_id, r.by_role) not in (R.OFFICE, R.AUTHORITY):
            continue
        try:
            _p, before = E.evaluate(case, rows[:i], as_of=dt.datetime.combine(r.on_date, dt.time(0, 0)))
        except Exception:
            return None
        lasts = [E.deadline_date(d.last_day) for d in before.deadlines if d.name in duty_stops[r.type] and d.last_day]
        if not lasts:      # the period had already run out into a deemed outcome or a lapse
            return r.on_date, False
        return r.on_date, r.on_date <= max(lasts)
    return None


def pendency(user, body, scope, months: int = 6, today=None) -> list[dict]:
    """Per month: applications received, pending at the month's end, and decisions made within and
    after the statutory period (each judged by the engine on the day of the decision)."""
    today = today or E.today()
    k = today.year * 12 + today.month - 1 - (months - 1)
    start = dt.date(k // 12, k % 12 + 1, 1)
    cases = Case.objects.filter(body=body).filter(scope)
    out = []
    bounds = []
    for i in range(months):
        y, m = start.year + (start.month - 1 + i) // 12, (start.month - 1 + i) % 12 + 1
        first = dt.date(y, m, 1)
        nxt = dt.date(y + (m // 12), m % 12 + 1, 1)
        bounds.append((first, nxt))
        opened = cases.filter(opened_on__gte=first, opened_on__lt=nxt).count()
        pending = cases.filter(opened_on__lt=nxt).filter(Q(closed=False) | Q(updated_at__date__gte=nxt)).count()
        out.append({"month": first, "opened": opened, "pending": pending, "in_time": 0, "late": 0})
    meta = {}
    pack = lawtext.pack(body.act_id)
    from adhiniyam.records import services
    for c in cases.filter(opened_on__lt=bounds[-1][1]).exclude(closed=True, updated_at__date__lt=start)[:2000]:
        proc = meta.get(c.procedure)
        if proc is None:
            try:
                proc = meta[c.procedure] = services.get_procedure(pack, c.procedure, c.settings_snapshot, c.opened_on)
            except Exception:
                continue
        timing = decision_timing(c, proc)
        if timing is None:
            continue
        day, in_time = timing
        for row, (first, nxt) in zip(out, bounds, strict=True):
            if first <= day < nxt:
                row["in_time" if in_time else "late"] += 1
    return out
