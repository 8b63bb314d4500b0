"""The officer inbox: open cases of one body ordered by statutory deadline.

Rows come from the stored derived columns (the (body, closed, due) index). A row whose stored
deadline has already passed may be stale (the sweep records time's outcomes): such rows are
evaluated afresh by the engine for display, without writing, so the page never shows a deemed
grant as still pending."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404

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
        if body is None or not any(m.role == Role.APPELLATE and body.path.startswith(m.body.path)
                                   for m in access.memberships(user)):
            raise Http404(exc.detail) from exc
    scope = access.body_case_scope(user, body)
    if scope is None:
        raise PermissionDenied("You have no role at this body that shows its inbox.")
    return body, scope


def _proc_meta(act_id):
    p = lawtext.pack(act_id)
    meta = {}
    for pid, src in p.sources.items():
        try:
            proc = p.procedure(pid)
        except Exception:
            continue
        meta[pid] = {"title": src.title, "kind": src.kind, "statuses": dict(proc.statuses),
                     "deemed": lawtext.deemed_statuses(proc), "roles": dict(proc.roles),
                     "windows": {tid: t.kind == "window" for tid, t in proc.timers.items()}}
    return meta


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


def inbox(user, body, scope, *, procedure="", status="", who="", page=1, today=None) -> dict:
    today = today or E.today()
    meta = _proc_meta(body.act_id)
    base = Case.objects.filter(body=body, closed=False).filter(scope)
    week_end = today + dt.timedelta(days=7)
    notice_pids = {pid for pid, m in meta.items() if m["kind"] == "notice"}

    # rows whose stored deadline has passed may have moved on by time alone (a deemed grant, a lapse):
    # the engine answers for them afresh, without writing (the sweep records it)
    fresh = {}
    stale_q = Q(due__lt=today) | Q(next_deadline__lt=today)
    for c in base.filter(stale_q).order_by("due", "id")[:STALE_LIMIT]:
        try:
            fresh[c.pk] = _fresh(c, meta.get(c.procedure) or {}, today)
        except Exception:   # a case the installed pack now refuses keeps its stored answer
            continue

    # counts: the stored answer for rows still in time, the fresh one for the rest
    in_time = base.exclude(pk__in=list(fresh))
    agg = {"open": 0, "this_week": 0, "overdue": 0}
    by_status = Counter()
    stored = {}
    stopped = set()
    deemed = in_default = 0
    for pk, pid, st, deadlines in in_time.values_list("pk", "procedure", "status", "derived__deadlines"):
        due, who_role = duty_due(meta.get(pid) or {}, deadlines, today)
        stored[pk] = (due, who_role)
        if suspended(deadlines):
            stopped.add(pk)
        fresh_like = (st, None, due, who_role)
        fresh.setdefault(-pk, fresh_like)
        by_status[(pid, st)] += 1
    fresh_procs = dict(base.filter(pk__in=[k for k in fresh if k > 0]).values_list("pk", "procedure"))
    fresh_procs.update({-pk: pid for (pk, pid) in in_time.values_list("pk", "procedure")})
    for pk, (st, _label, due, _who) in fresh.items():
        pid = fresh_procs.get(pk)
        agg["open"] += 1
        if due is not None and due < today:
            agg["overdue"] += 1
        elif due is not None and due <= week_end:
            agg["this_week"] += 1
        if st in (meta.get(pid) or {}).get("deemed", ()):
            deemed += 1
        if pid in notice_pids and ((due is not None and due < today) or "default" in (st or "")):
            in_default += 1
        by_status[(pid, st)] += 0

    qs = base
    if procedure:
        qs = qs.filter(procedure=procedure)
    # status and whose turn are filtered on the stored answer, keeping the rows answered afresh,
    # which are filtered again below
    stale = Q(pk__in=[k for k in fresh if k > 0])
    if status:
        qs = qs.filter(Q(status=status) | stale)
    if who:
        qs = qs.filter(Q(next_deadline_who=who) | stale)
    total = qs.count()
    page = min(max(1, int(page)), 100_000) if str(page).isdigit() else 1     # ?page=abc: the first page
    rows = list(qs.select_related("applicant").order_by("due", "id")[(page - 1) * PAGE: page * PAGE])

    items = []
    for c in rows:
        m = meta.get(c.procedure) or {"title": c.procedure, "kind": "", "statuses": {}, "deemed": set(), "roles": {}}
        status_code, label, due, who_role = c.status, c.status_label, c.next_deadline, c.next_deadline_who
        if c.pk in fresh:
            status_code, label, due, who_role = fresh[c.pk]
        elif c.pk in stored:
            due, who_role = stored[c.pk]
        days = (due - today).days if due and due != DUE_NEVER else None
        in_default_row = m["kind"] == "notice" and days is not None and days < 0
        items.append({
            "case": c, "procedure_title": m["title"], "kind": m["kind"], "status": status_code, "status_label": label,
            "due": due, "days": days, "days_words": days_left_words(days), "urgency": urgency(days),
            "who": m["roles"].get(who_role, who_role), "who_role": who_role, "deemed": status_code in m["deemed"],
            "fresh": c.pk in fresh, "in_default": in_default_row, "stopped": due is None and c.pk in stopped,
        })
    if status or who:
        items = [it for it in items if (not status or it["status"] == status) and (not who or it["who_role"] == who)]
    items.sort(key=lambda it: (it["due"] or DUE_NEVER, it["case"].pk))   # rows answered afresh may move
    procedures = sorted({pid for (pid, _s) in by_status}, key=lambda p: (meta.get(p) or {}).get("title", p))
    statuses = sorted({st for (_p, st) in by_status if st})
    whos = sorted(set(base.exclude(next_deadline_who="").values_list("next_deadline_who", flat=True).distinct()))
    return {
        "body": body, "today": today, "items": items, "total": total, "page": page,
        "pages": max(1, (total + PAGE - 1) // PAGE),
        "counts": {"open": agg["open"], "overdue": agg["overdue"], "this_week": agg["this_week"],
                   "deemed": deemed, "in_default": in_default},
        "filters": {"procedure": procedure, "status": status, "who": who},
        "procedure_choices": [(p, (meta.get(p) or {}).get("title", p)) for p in procedures],
        "status_choices": statuses, "who_choices": whos,
    }


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
