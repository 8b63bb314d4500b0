"""Pages of the web application: officer inbox, case page, citizen portal, statute browser and
notice board. Every write goes through the records service (one transaction each); every refusal
is shown with the section it rests on and changes nothing."""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required as _login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from adhiniyam.law import LawError
from adhiniyam.law import translations as T
from adhiniyam.notify import outbox as notify_outbox
from adhiniyam.records import access, present, services
from adhiniyam.records import engine as E
from adhiniyam.records import roles as R
from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import Body, Case

from . import actionforms, lawtext, recordevents
from . import inbox as inbox_mod
from . import services as web_services
from .common import applicant_bodies, inbox_bodies, is_staff_user, page
from .formatting import days_left_words, indian_date, urgency
from .pdf import _field_rows as pdf_rows

signin_required = _login_required(login_url="web:login")

# ------------------------------------------------------------------------------------ home


def home(request):
    user = request.user
    if user.is_authenticated:
        if is_staff_user(user):
            bodies = inbox_bodies(user)
            if len(bodies) == 1:
                return redirect("web:inbox", code=bodies[0].code)
        elif applicant_bodies(user) or not is_staff_user(user):
            return redirect("web:portal")
    return page(request, "web/home.html", {"acts": lawtext.act_choices(), "bodies": inbox_bodies(user)})


def signup(request):
    from .forms import SignupForm

    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome. Choose the panchayat or municipality you want to apply to."))
        return redirect("web:portal")
    return page(request, "web/signup.html", {"form": form, "nav_section": "portal"})


# ------------------------------------------------------------------------------------ inbox


@signin_required
def inbox(request, code):
    body, scope = inbox_mod.body_and_scope(request.user, code)
    g = request.GET
    keys = ("procedure", "status", "who", "stage", "due", "q")
    try:
        number = int(g.get("page") or 1)
    except ValueError:
        number = 1
    ctx = inbox_mod.inbox(request.user, body, scope, page=number, **{k: g.get(k, "") for k in keys})
    ctx["query"] = urlencode({k: v for k, v in ctx["filters"].items() if v})
    ctx["nav_section"] = "inbox"
    ctx["complaints"] = _open_complaints(request.user, body)
    return page(request, "web/inbox.html", ctx)


def _open_complaints(user, body) -> list[dict]:
    """Complaints from the public waiting at this body (enforcement app, when installed), for staff,
    each with the procedures of the Act that could apply, in the page's language."""
    if not is_staff_user(user):
        return []
    try:
        from adhiniyam.enforcement import services as enf
        from adhiniyam.enforcement.models import Complaint
    except ImportError:
        return []
    status_words = {"open": _("open"), "acknowledged": _("acknowledged")}
    pack = lawtext.pack(body.act_id)
    out = []
    for c in Complaint.objects.filter(body=body, status__in=["open", "acknowledged"]).order_by("received_at")[:20]:
        try:
            k = enf.complaint_out(c, staff=True)
        except Exception:
            continue
        k["category_name"] = _(k["category_name"])
        k["status_label"] = status_words.get(k["status"], k["status"])
        for p in k["procedures_that_could_apply"]:
            p["title"] = lawtext.proc_words(body.act_id, pack.procedure(p["procedure"])).title()
            p["cites"] = [lawtext.cite_label(c) for c in p.get("cite_ids") or []]
        out.append(k)
    return out


@signin_required
def pendency(request, code):
    body, scope = inbox_mod.body_and_scope(request.user, code)
    rows = inbox_mod.pendency(request.user, body, scope)
    peak = max([1] + [max(r["opened"], r["pending"], r["in_time"] + r["late"]) for r in rows])
    for i, r in enumerate(rows):
        r["x"] = 40 + i * 90
        for key in ("opened", "pending", "in_time", "late"):
            r["h_" + key] = round(140 * r[key] / peak)
        r["y_opened"] = 160 - r["h_opened"]
        r["y_pending"] = 160 - r["h_pending"]
        r["y_in_time"] = 160 - r["h_in_time"]
        r["y_late"] = r["y_in_time"] - r["h_late"]
    return page(request, "web/pendency.html", {"body": body, "rows": rows, "peak": peak, "nav_section": "inbox"})


def _complaint_for(user, body, complaint_id):
    if not complaint_id:
        return None
    try:
        from adhiniyam.enforcement.models import Complaint
    except ImportError:
        return None
    try:
        return Complaint.objects.filter(body=body, pk=int(complaint_id)).first()
    except ValueError:
        return None


@signin_required
def new_case(request, code, procedure=""):
    """Open a case at the body: the procedures whose opening event this user may record (a clerk at
    the counter, the body's office for notices and offences), with the opening event's form."""
    body, _scope = inbox_mod.body_and_scope(request.user, code)
    offers = web_services.staff_procedures(request.user, body)
    if not procedure:
        return page(request, "web/new_case.html", {"body": body, "offers": offers, "kinds": kind_names(),
                                                   "nav_section": "inbox"})
    offer = next((o for o in offers if o["id"] == procedure), None)
    if offer is None:
        raise Http404(_("You cannot open a '%(p)s' case at %(body)s.") % {"p": procedure, "body": body.name})
    error = None
    complaint = _complaint_for(request.user, body, request.GET.get("complaint") or request.POST.get("complaint"))
    if request.method == "POST":
        try:
            case = web_services.open_case(request.user, body, offer, request.POST, complaint=complaint)
        except ServiceError as exc:
            error = {"detail": exc.detail, "citations": lawtext.citations(body.act_id, exc.cites)}
        else:
            messages.success(request, _("Case opened: %(n)s.") % {"n": case.number})
            return redirect("web:case", case_id=case.pk)
    return page(request, "web/new_case_form.html", {"body": body, "offer": offer, "error": error, "post": request.POST,
                                                    "complaint": complaint,
                                                    "today": E.today(), "nav_section": "inbox"},
                status=422 if error else 200)


# ------------------------------------------------------------------------------------ case page


def _as_of(request):
    text = (request.GET.get("as_of") or "").strip()
    if not text:
        return None
    try:
        d = dt.date.fromisoformat(text)
    except ValueError:
        raise Http404(_("'%(v)s' is not a date (YYYY-MM-DD).") % {"v": text}) from None
    return dt.datetime.combine(d, dt.time(23, 59))


def case_context(request, case, as_of=None, error=None):
    user = request.user
    out = present.case_out(user, case, as_of)
    pack = lawtext.pack(case.act_id)
    proc = services.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    w = lawtext.proc_words(case.act_id, proc)
    today = (as_of.date() if as_of else E.today())
    staff = is_staff_user(user)
    is_party = any(R.kind_of(case.act_id, r) == R.PARTY for r in out["my_roles"])
    from .models import Objection

    return {
        "objections": list(Objection.objects.filter(body_id=case.body_id, case=case)) if staff else [],
        "enf": _enforcement_context(user, case, proc), "staff": staff,
        "case": case, "c": out, "proc": proc, "proc_title": w.title(), "status_label": w.status(out["status"], out["status_label"]),
        "amount_labels": {k: w.amount(k) for k in out.get("amounts") or {} if w.amount(k)},
        "named_amounts": set(proc.raw.get("amounts") or ()),    # a procedure's named amounts are rupees
        "deadlines": _deadlines(case, proc, w, out, today), "deemed": _deemed(case, w, out),
        "actions": _actions(case, proc, w, out), "events": _events(case, proc, w, out),
        "explanation": [{**s, "citations": lawtext.citations(case.act_id, s.get("cites"))} for s in out["explanation"]],
        "plain": lawtext.plain_deadlines(case.act_id, proc, out["deadlines"], today),
        "today": E.today(), "as_of": as_of, "is_party": is_party,
        "error": None if error is None else {"detail": error.detail, "code": error.code,
                                             "citations": lawtext.citations(case.act_id, error.cites)},
        "act_title": lawtext.act_title(case.act_id), "body_label": lawtext.body_name(case.body),
        "nav_section": "portal" if is_party and not staff else "inbox", "lang": get_language(),
        "notices": notify_outbox.for_case(case, user, staff),
    }


def _deadlines(case, proc, w, out, today) -> list[dict]:
    rows = []
    for d in out["deadlines"]:
        last = E.deadline_date(d.get("last_day"))
        days = (last - today).days if last else None
        t = proc.timers.get(d["name"])
        rows.append({**d, "title": w.timer(d["name"], d["title"]), "last": last,
                     "days": days, "days_words": days_left_words(days) if not d["expired"] else _("passed"),
                     "urgency": "overdue" if d["expired"] else urgency(days), "who_label": w.role(d.get("who")),
                     "kind": getattr(t, "kind", "duty"), "why": lawtext.why_words(d.get("basis") or {}),
                     "citations": lawtext.citations(case.act_id, d.get("cites"))})
    return rows


def _deemed(case, w, out) -> list[dict]:
    rows = []
    system_days = {str(e["on"])[:10] for e in out["events"] if e["system"]}
    for x in out["deemed"]:
        conds = [{"text": w.condition_text(c.get("text", "")), "citations": lawtext.citations(case.act_id, c.get("cites"))}
                 for c in (x.get("conditions") or [])]
        rows.append({**x, "citations": lawtext.citations(case.act_id, x.get("cites")), "conditions_out": conds,
                     "in_timeline": str(x.get("on"))[:10] not in system_days})
    return rows


def _actions(case, proc, w, out) -> list[dict]:
    rows = []
    for a in out["my_actions"]:
        et = proc.events[a["type"]]
        rows.append({**a, "title": w.action(a["type"]), "widgets": w.widgets(a["type"], a["fields"]),
                     "role_label": w.role(a["as_role"]), "citations": lawtext.citations(case.act_id, et.cites),
                     "quote": et.quote})
    return rows


def _events(case, proc, w, out) -> list[dict]:
    from django.contrib.auth import get_user_model

    names = {u.username: (u.get_full_name() or u.username)
             for u in get_user_model().objects.filter(username__in={e["actor"] for e in out["events"] if e["actor"]})}
    rows = []
    for ev in out["events"]:
        et = proc.events.get(ev["type"])
        rows.append({**ev, "title": w.event(ev["type"]), "role_label": w.role(ev["by"]),
                     "actor_name": names.get(ev["actor"] or "", ""),
                     "citations": lawtext.citations(case.act_id, et.cites if et else []),
                     "printable": (not ev["system"]) and R.kind_of(case.act_id, ev["by"]) in (R.OFFICE, R.AUTHORITY),
                     "paid": bool(et) and not ev["system"] and any(
                         f.type == "money" and ("fee" in k or "paid" in k) and (ev["data"] or {}).get(k) is not None
                         for k, f in et.fields.items()),
                     "shown": pdf_rows(proc, ev, w)})
    recordevents.annotate(rows, w)       # a correction, a new law-pack version; superseded outcomes struck through
    rows.sort(key=lambda e: (str(e["on"])[:10], e["seq"]))
    return rows


def _case_or_404(user, case_id):
    try:
        return access.case_for(user, case_id)
    except ServiceError as exc:
        raise Http404(exc.detail) from exc


def _enforcement_context(user, case, proc) -> dict | None:
    """Default options, demands and payments from the enforcement app (when installed), for staff."""
    if not is_staff_user(user):
        return None
    try:
        from adhiniyam.enforcement import services as enf
        from adhiniyam.enforcement.models import Demand
    except ImportError:
        return None
    try:
        opts = enf.default_options(case)
    except Exception:
        opts = None
    demands = []
    for d in Demand.objects.filter(body_id=case.body_id, case=case).order_by("raised_on", "pk"):
        paid = d.paid()
        demands.append({"d": d, "paid": paid, "balance": d.amount - paid,
                        "payments": list(d.payments.order_by("paid_on", "pk")),
                        "citations": lawtext.citations(case.act_id, d.cites)})
    _translate_options(case, proc, opts)
    works = [o for o in (opts or {}).get("options", []) if o.get("kind") == "works_by_body" and o.get("available")]
    if not opts and not demands:
        return None
    return {"options": opts, "works": works[0] if works else None, "demands": demands}


def _translate_options(case, proc, opts):
    """The enforcement app's default options name the pack's timers, events and offences: in words."""
    if not opts:
        return
    w = lawtext.proc_words(case.act_id, proc)
    for e in opts.get("expired") or []:
        e["title"] = w.timer(e.get("timer", ""), e.get("title", ""))
    pack = lawtext.pack(case.act_id)
    for o in opts.get("options") or []:
        if o.get("kind") == "prosecution" and o.get("offence") in pack.sources:
            o["title"] = lawtext.proc_words(case.act_id, pack.procedure(o["offence"])).title()
        elif o.get("event") in proc.events:
            o["title"] = w.event(o["event"])


@signin_required
@require_POST
def default_works(request, case_id):
    from adhiniyam.enforcement import services as enf

    case = _case_or_404(request.user, case_id)
    p = request.POST
    try:
        on = actionforms.read_on(p)
        try:
            version = int(p.get("version", ""))
        except ValueError:
            raise ServiceError(_("The form is missing the case's version; reload the page."), code="bad_version") from None
        _case, demand = enf.record_default_works(request.user, case.pk, on=on, amount=p.get("amount", ""),
                                                 version=version, note=p.get("note", ""))
    except ServiceError as exc:
        ctx = case_context(request, _case_or_404(request.user, case_id), None, error=exc)
        return page(request, "web/case.html", ctx, status=exc.status if exc.status in (403, 404, 409, 422) else 422)
    messages.success(request, _("Works recorded; demand %(n)s raised.") % {"n": demand.number})
    return redirect("web:case", case_id=case.pk)


@signin_required
@require_POST
def demand_payment(request, case_id, demand_id):
    from adhiniyam.enforcement import services as enf

    case = _case_or_404(request.user, case_id)
    p = request.POST
    try:
        paid_on = actionforms.read_on(p, "paid_on")
        pay = enf.record_payment(request.user, demand_id, amount=p.get("amount", ""), paid_on=paid_on,
                                 mode=p.get("mode") or "cash", reference=p.get("reference", ""))
    except ServiceError as exc:
        ctx = case_context(request, case, None, error=exc)
        return page(request, "web/case.html", ctx, status=exc.status if exc.status in (403, 404, 409, 422) else 422)
    messages.success(request, _("Payment received: receipt %(n)s.") % {"n": pay.receipt_number})
    return redirect("web:case", case_id=case.pk)


@signin_required
def case_detail(request, case_id):
    case = _case_or_404(request.user, case_id)
    as_of = _as_of(request)
    if as_of is not None and as_of.date() < case.opened_on:
        messages.error(request, _("This case was opened on %(d)s: choose a date from then on.")
                       % {"d": indian_date(case.opened_on)})
        as_of = None
    try:
        ctx = case_context(request, case, as_of)
    except ServiceError as exc:
        messages.error(request, exc.detail)
        ctx = case_context(request, case, None)
    except LawError as exc:          # e.g. an "as of" date before the case's own events
        messages.error(request, str(exc))
        ctx = case_context(request, case, None)
    return page(request, "web/case.html", ctx)


@signin_required
@require_POST
def case_action(request, case_id):
    case = _case_or_404(request.user, case_id)
    p = request.POST
    etype = p.get("type", "")
    try:
        out = present.case_out(request.user, case)
        mine = [a for a in out["my_actions"] if a["type"] == etype and a["as_role"] == p.get("as_role")]
        if not mine:
            pack = lawtext.pack(case.act_id)
            proc = services.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
            if etype not in proc.events:
                raise ServiceError(_("'%(t)s' is not an action of this procedure.") % {"t": etype}, code="unknown_event")
            fields = {n: present.field_out(f) for n, f in proc.events[etype].fields.items()}
        else:
            fields = mine[0]["fields"]
        on = actionforms.read_on(p)
        data = actionforms.read_data(p, fields)
        try:
            version = int(p.get("version", ""))
        except ValueError:
            raise ServiceError(_("The form is missing the case's version; reload the page."), code="bad_version") from None
        services.append_event(request.user, case.pk,
                              services.EventInput(type=etype, on=on, data=data, by=p.get("as_role") or None), version)
    except ServiceError as exc:
        ctx = case_context(request, _case_or_404(request.user, case_id), None, error=exc)
        ctx["failed_action"] = etype
        return page(request, "web/case.html", ctx, status=exc.status if exc.status in (403, 409, 422) else 422)
    messages.success(request, _("Recorded."))
    return redirect("web:case", case_id=case.pk)


@signin_required
@require_POST
def case_upload(request, case_id):
    from adhiniyam.records import documents

    case = _case_or_404(request.user, case_id)
    f = request.FILES.get("file")
    try:
        if f is None:
            raise ServiceError(_("Choose a file to upload."), code="no_file")
        documents.store(request.user, body=case.body, case=case, person=case.applicant,
                        kind=request.POST.get("kind") or "other", upload=f, title=request.POST.get("title", ""))
    except ServiceError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, _("Document uploaded."))
    return redirect("web:case", case_id=case.pk)


@signin_required
def case_pdf(request, case_id, kind, n=0):
    from . import pdf

    case = _case_or_404(request.user, case_id)
    lang = (request.GET.get("lang") or get_language() or "en").split("-")[0].lower()
    if lang not in T.LANGUAGES:
        lang = "en"
    try:
        data, name = pdf.render_case_document(request.user, case, kind, int(n), lang)
    except pdf.NoSuchDocument as exc:
        raise Http404(str(exc)) from exc
    resp = HttpResponse(data, content_type="application/pdf")
    resp["Content-Disposition"] = f'inline; filename="{name}"'
    return resp


# ------------------------------------------------------------------------------------ citizen portal


@signin_required
def portal(request):
    user = request.user
    mine = list(access.visible_cases(user).filter(applicant_user=user).select_related("body").order_by("due", "-id")[:100])
    today = E.today()
    rows = []
    for c in mine:
        days = (c.next_deadline - today).days if c.next_deadline else None
        rows.append({"case": c, "days": days, "days_words": days_left_words(days), "urgency": urgency(days),
                     **lawtext.case_words(c)})
    joined = applicant_bodies(user)
    others = Body.objects.exclude(act_id="").filter(active=True).exclude(pk__in=[b.pk for b in joined]).order_by("state", "name")
    return page(request, "web/portal.html", {"rows": rows, "joined": joined, "others": others, "nav_section": "portal"})


@signin_required
@require_POST
def portal_join(request):
    code = request.POST.get("body", "")
    try:
        body = web_services.join_body(request.user, code, name=request.POST.get("name", ""),
                                      phone=request.POST.get("phone", ""))
    except ServiceError as exc:
        messages.error(request, exc.detail)
        return redirect("web:portal")
    messages.success(request, _("You are registered with %(body)s.") % {"body": lawtext.body_name(body)})
    return redirect("web:portal_body", code=body.code)


def _public_body(code):
    body = Body.objects.exclude(act_id="").filter(code=code, active=True).first()
    if body is None:
        raise Http404(_("No panchayat or municipality '%(c)s'.") % {"c": code})
    return body


@signin_required
def portal_body(request, code):
    body = _public_body(code)
    offers = web_services.citizen_procedures(body)
    joined = any(b.pk == body.pk for b in applicant_bodies(request.user))
    from .common import body_links

    return page(request, "web/portal_body.html", {"body": body, "offers": offers, "joined": joined, "links": body_links(body),
                                                  "act_title": lawtext.act_title(body.act_id), "nav_section": "portal"})


@signin_required
def portal_apply(request, code, procedure):
    body = _public_body(code)
    offer = next((o for o in web_services.citizen_procedures(body) if o["id"] == procedure), None)
    if offer is None:
        raise Http404(_("%(body)s's Act offers no application '%(p)s' to citizens.") % {"body": body.name, "p": procedure})
    error = None
    if request.method == "POST":
        try:
            case = web_services.apply(request.user, body, offer, request.POST, request.FILES)
        except ServiceError as exc:
            error = {"detail": exc.detail, "citations": lawtext.citations(body.act_id, exc.cites)}
        else:
            messages.success(request, _("Your application is received: %(n)s.") % {"n": case.number})
            return redirect("web:case", case_id=case.pk)
    return page(request, "web/apply.html", {"body": body, "offer": offer, "error": error, "post": request.POST,
                                            "nav_section": "portal"}, status=422 if error else 200)


# ------------------------------------------------------------------------------------ statute browser


def acts(request):
    return page(request, "web/acts.html", {"acts": lawtext.act_choices(), "nav_section": "acts"})


def _pack_or_404(act_id):
    found = {a["id"]: a for a in lawtext.act_choices()}
    if act_id not in found or found[act_id]["error"]:
        raise Http404(_("No Act '%(a)s'.") % {"a": act_id})
    return lawtext.pack(act_id)


def act(request, act_id):
    p = _pack_or_404(act_id)
    idx = lawtext.rules_index(act_id, str(p.version))
    toc = []
    for nid in p.order:
        n = p.nodes[nid]
        if n.get("kind") in ("chapter", "section") and n.get("id") == nid:
            toc.append({"id": nid, "kind": n["kind"], "label": lawtext.cite_label(nid), "heading": n.get("heading", ""),
                        "number": n.get("number", ""), "rules": len(idx.get(nid, []))})
    procs = sorted(({"id": k, "title": lawtext.proc_words(act_id, p.procedure(k)).title(), "kind": s.kind}
                    for k, s in p.sources.items()), key=lambda x: (x["kind"], x["title"]))
    return page(request, "web/act.html", {"pack": p, "toc": toc, "procs": procs, "act_title": lawtext.act_title(act_id),
                                          "kinds": kind_names(), "nav_section": "acts"})


def section(request, act_id, node_id):
    p = _pack_or_404(act_id)
    if node_id not in p.nodes or p.nodes[node_id].get("id") != node_id:
        raise Http404(_("No part '%(n)s' in this Act.") % {"n": node_id})
    idx = lawtext.rules_index(act_id, str(p.version))
    # the node and everything below it, in text order
    parts = []
    keep = {node_id}
    for nid in p.order:
        n = p.nodes[nid]
        if nid == node_id or n.get("parent") in keep:
            keep.add(nid)
            parts.append({"id": nid, "node": n, "label": lawtext.cite_label(nid), "versions": n.get("versions") or [],
                          "rules": [r for r in idx.get(nid, []) if nid != node_id or True]})
    # direct rules only on sub-parts; the section's own list holds all of them
    order = [nid for nid in p.order if p.nodes[nid].get("kind") == "section" and p.nodes[nid].get("id") == nid]
    i = order.index(node_id) if node_id in order else -1
    prev_id = order[i - 1] if i > 0 else None
    next_id = order[i + 1] if 0 <= i < len(order) - 1 else None
    return page(request, "web/section.html", {"pack": p, "node": p.nodes[node_id], "node_id": node_id,
                                              "label": lawtext.cite_label(node_id), "parts": parts,
                                              "all_rules": [lawtext.rule_words(act_id, r) for r in idx.get(node_id, [])],
                                              "prev_id": prev_id,
                                              "next_id": next_id, "nav_section": "acts"})


def search(request):
    q = (request.GET.get("q") or "").strip()
    hits = []
    if len(q) >= 2:
        ql = q.lower()
        for a in lawtext.act_choices():
            if a["error"]:
                continue
            p = lawtext.pack(a["id"])
            for nid in p.order:
                n = p.nodes[nid]
                if n.get("id") != nid:
                    continue
                texts = [n.get("heading") or "", n.get("text") or ""] + [v.get("text", "") for v in n.get("versions") or []]
                blob = " ".join(texts)
                pos = blob.lower().find(ql)
                if pos < 0:
                    continue
                start = max(0, pos - 80)
                hits.append({"act": a, "id": nid, "label": lawtext.cite_label(nid),
                             "url": lawtext.section_url(a["id"], nid),
                             "before": ("…" if start else "") + blob[start:pos], "match": blob[pos:pos + len(q)],
                             "after": blob[pos + len(q):pos + len(q) + 120] + "…"})
                if len(hits) >= 200:
                    break
    return page(request, "web/search.html", {"q": q, "hits": hits, "nav_section": "acts"})


# ------------------------------------------------------------------------------------ notice board


def notices(request):
    today = E.today()
    rows = []
    bodies = {b.pk: b for b in Body.objects.exclude(act_id="")}
    kinds = {}
    for b in bodies.values():
        if b.act_id not in kinds:
            try:
                p = lawtext.pack(b.act_id)
                kinds[b.act_id] = {k for k, s in p.sources.items() if s.kind == "public_notice"}
            except Exception:
                kinds[b.act_id] = set()
    for act_id, pids in kinds.items():
        for c in Case.objects.filter(act_id=act_id, procedure__in=pids).select_related("body").order_by("-opened_on")[:100]:
            p = lawtext.pack(act_id)
            try:
                proc = services.get_procedure(p, c.procedure, c.settings_snapshot, c.opened_on)
            except ServiceError:     # a notice whose procedure the installed pack no longer has
                continue
            w = lawtext.proc_words(act_id, proc)
            periods = []
            for d in (c.derived or {}).get("deadlines", []):
                last = E.deadline_date(d.get("last_day"))
                if last is None:
                    continue
                periods.append({"title": w.timer(d.get("name", ""), d.get("title")), "last": last, "open": last >= today and not d.get("expired"),
                                "citations": lawtext.citations(act_id, d.get("cites")), "days": (last - today).days})
            rows.append({"case": c, "proc": proc, "periods": periods, "title": w.title(), "lang": w.shown,
                         "status_label": w.status(c.status, c.status_label),
                         "citations": lawtext.citations(act_id, proc.cites), "quote": proc.quote,
                         "takes_objections": bool(web_services.objection_events(act_id, proc)) and not c.closed
                         and any(p["open"] for p in periods)})
    rows.sort(key=lambda r: r["case"].opened_on, reverse=True)
    return page(request, "web/notices.html", {"rows": rows, "today": today, "nav_section": "notices"})


def bodies(request):
    """The panchayats and municipalities, with every public page about each."""
    from .common import body_links

    rows = [{"body": b, "act": lawtext.act_title(b.act_id) if b.act_id in {a["id"] for a in lawtext.act_choices()} else b.act_id,
             "lang": lawtext.words_lang(b.act_id),
             "links": body_links(b)}
            for b in Body.objects.exclude(act_id="").filter(active=True).order_by("state", "name")]
    return page(request, "web/bodies.html", {"rows": rows, "nav_section": "bodies"})


@require_POST
def object_to_notice(request, case_id):
    case = Case.objects.select_related("body").filter(pk=case_id).first()
    if case is None:
        raise Http404(_("No such notice."))
    try:
        web_services.lodge_objection(request.user, case, request.POST)
    except ServiceError as exc:
        messages.error(request, exc.detail + (" (" + ", ".join(lawtext.cite_label(c) for c in exc.cites) + ")"
                                              if exc.cites else "") + " " + _("Nothing was changed."))
        return redirect(reverse("web:notices") + f"#notice-{case.pk}")
    messages.success(request, _("Your objection is lodged with %(body)s on %(d)s.")
                     % {"body": lawtext.body_name(case.body), "d": indian_date(E.today())})
    return redirect(reverse("web:notices") + f"#notice-{case.pk}")


def kind_names() -> dict:
    return {"application": _("Applications"), "licence": _("Licences"), "notice": _("Notices"),
            "offence": _("Offences"), "public_notice": _("Public notices"), "appeal": _("Appeals"),
            "pound": _("Pound"), "meeting": _("Meetings"), "check": _("Checks"), "register": _("Registers"),
            "governance": _("Governance"), "inspection": _("Inspections"), "complaint": _("Complaints")}


def about_dates(request):
    """How the product counts time, in words (linked from every 'why this date?')."""
    return page(request, "web/about_dates.html", {"nav_section": "acts"})
