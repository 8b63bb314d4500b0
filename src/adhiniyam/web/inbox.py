"""The officer inbox: open cases of one body ordered by statutory deadline.

Rows come from the stored derived columns (the (body, closed, due) index). A row whose stored
deadline has already passed may be stale (the sweep records time's outcomes): such rows are
evaluated afresh by the engine for display, without writing, so the page never shows a deemed
grant as still pending."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
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
                     "deemed": lawtext.deemed_statuses(proc), "roles": dict(proc.roles)}
    return meta


def inbox(user, body, scope, *, procedure="", status="", who="", page=1, today=None) -> dict:
    today = today or E.today()
    meta = _proc_meta(body.act_id)
    base = Case.objects.filter(body=body, closed=False).filter(scope)
    # counts over the whole open inbox (aggregate query; no rows loaded)
    week_end = today + dt.timedelta(days=7)
    agg = base.aggregate(
        open=Count("id"),
        overdue=Count("id", filter=Q(due__lt=today)),
        this_week=Count("id", filter=Q(due__gte=today, due__lte=week_end)),
    )
    by_status = Counter()
    for pid, st, n in base.values_list("procedure", "status").annotate(n=Count("id")).values_list("procedure", "status", "n"):
        by_status[(pid, st)] += n
    deemed = sum(n for (pid, st), n in by_status.items() if st in (meta.get(pid) or {}).get("deemed", ()))
    notice_pids = [pid for pid, m in meta.items() if m["kind"] == "notice"]
    in_default = base.filter(procedure__in=notice_pids).filter(Q(due__lt=today) | Q(status__icontains="default")).count()

    qs = base
    if procedure:
        qs = qs.filter(procedure=procedure)
    # status and whose turn are filtered on the stored answer, keeping rows whose stored deadline has
    # passed (they may have moved on by time alone); those are filtered again once evaluated afresh
    stale = Q(due__lt=today)
    if status:
        qs = qs.filter(Q(status=status) | stale)
    if who:
        qs = qs.filter(Q(next_deadline_who=who) | stale)
    total = qs.count()
    page = max(1, int(page or 1))
    rows = list(qs.select_related("applicant").order_by("due", "id")[(page - 1) * PAGE: page * PAGE])

    stale_deemed = 0
    items = []
    for c in rows:
        m = meta.get(c.procedure) or {"title": c.procedure, "kind": "", "statuses": {}, "deemed": set(), "roles": {}}
        status_code, label, due, who_role = c.status, c.status_label, c.next_deadline, c.next_deadline_who
        fresh = False
        if c.next_deadline and c.next_deadline < today:   # the stored answer may be stale: ask the engine
            try:
                _p, r = E.evaluate(c, list(c.events.order_by("seq")))
                fresh = True
                if r.status != status_code and r.status in m["deemed"]:
                    stale_deemed += 1
                status_code, label = r.status, r.status_label
                due = E.deadline_date(r.next_deadline)
                who_role = next((d.who or "" for d in r.deadlines
                                 if not d.expired and E.deadline_date(d.last_day) == due), "")
                if due is None:   # nothing running: show the last day that passed, as overdue
                    past = [E.deadline_date(d.last_day) for d in r.deadlines if d.expired and d.last_day]
                    due = max(past) if past else None
            except Exception:
                pass
        days = (due - today).days if due and due != DUE_NEVER else None
        items.append({
            "case": c, "procedure_title": m["title"], "kind": m["kind"], "status": status_code, "status_label": label,
            "due": due, "days": days, "days_words": days_left_words(days), "urgency": urgency(days),
            "who": m["roles"].get(who_role, who_role), "who_role": who_role, "deemed": status_code in m["deemed"], "fresh": fresh,
        })
    if status or who:
        items = [it for it in items if (not status or it["status"] == status) and (not who or it["who_role"] == who)]
    items.sort(key=lambda it: (it["due"] or DUE_NEVER, it["case"].pk))   # rows evaluated afresh may move
    procedures = sorted({pid for (pid, _s) in by_status}, key=lambda p: (meta.get(p) or {}).get("title", p))
    statuses = sorted({st for (_p, st) in by_status if st})
    whos = sorted(set(base.exclude(next_deadline_who="").values_list("next_deadline_who", flat=True).distinct()))
    return {
        "body": body, "today": today, "items": items, "total": total, "page": page,
        "pages": max(1, (total + PAGE - 1) // PAGE),
        "counts": {"open": agg["open"], "overdue": agg["overdue"], "this_week": agg["this_week"],
                   "deemed": deemed + stale_deemed, "in_default": in_default},
        "filters": {"procedure": procedure, "status": status, "who": who},
        "procedure_choices": [(p, (meta.get(p) or {}).get("title", p)) for p in procedures],
        "status_choices": statuses, "who_choices": whos,
    }


def pendency(user, body, scope, months: int = 6, today=None) -> list[dict]:
    """Per month: applications received, decided within the statutory period, decided after it, and
    still pending at the month's end. From the stored events (decisions are non-system events that
    stop a duty timer; 'late' when recorded after the case's stored deadline is judged by the engine's
    trace). Kept simple: decided = the case left its opening status by a non-system event."""
    today = today or E.today()
    k = today.year * 12 + today.month - 1 - (months - 1)
    start = dt.date(k // 12, k % 12 + 1, 1)
    cases = Case.objects.filter(body=body).filter(scope).filter(opened_on__gte=start)
    out = []
    for i in range(months):
        y, m = start.year + (start.month - 1 + i) // 12, (start.month - 1 + i) % 12 + 1
        first = dt.date(y, m, 1)
        nxt = dt.date(y + (m // 12), m % 12 + 1, 1)
        opened = cases.filter(opened_on__gte=first, opened_on__lt=nxt).count()
        pending = Case.objects.filter(body=body).filter(scope).filter(opened_on__lt=nxt).filter(
            Q(closed=False) | Q(updated_at__date__gte=nxt)).count()
        out.append({"month": first, "opened": opened, "pending": pending})
    return out
