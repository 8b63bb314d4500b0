"""Pages of the web application: officer inbox, case page, citizen portal, statute browser and
notice board. Every write goes through the records service (one transaction each); every refusal
is shown with the section it rests on and changes nothing."""

from __future__ import annotations

import datetime as dt

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
from adhiniyam.notify import outbox as notify_outbox
from adhiniyam.records import access, present, services
from adhiniyam.records import engine as E
from adhiniyam.records import roles as R
from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import Body, Case

from . import actionforms, lawtext
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
    ctx = inbox_mod.inbox(request.user, body, scope, procedure=g.get("procedure", ""), status=g.get("status", ""),
                          who=g.get("who", ""), page=g.get("page") or 1)
    ctx["nav_section"] = "inbox"
    ctx["complaints"] = _open_complaints(request.user, body)
    return page(request, "web/inbox.html", ctx)


def _open_complaints(user, body) -> list[dict]:
    """Complaints from the public waiting at this body (enforcement app, when installed), for staff,
    each with the procedures of the Act that could apply."""
    if not is_staff_user(user):
        return []
    try:
        from adhiniyam.enforcement import services as enf
        from adhiniyam.enforcement.models import Complaint
    except ImportError:
        return []
    out = []
    for c in Complaint.objects.filter(body=body, status__in=["open", "acknowledged"]).order_by("received_at")[:20]:
        try:
            out.append(enf.complaint_out(c, staff=True))
        except Exception:
            continue
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
        return page(request, "web/new_case.html", {"body": body, "offers": offers, "nav_section": "inbox"})
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
    today = (as_of.date() if as_of else E.today())
    deadlines = []
    for d in out["deadlines"]:
        last = E.deadline_date(d.get("last_day"))
        days = (last - today).days if last else None
        t = proc.timers.get(d["name"])
        deadlines.append({**d, "last": last, "days": days, "days_words": days_left_words(days) if not d["expired"] else _("passed"),
                          "urgency": "overdue" if d["expired"] else urgency(days),
                          "who_label": proc.roles.get(d.get("who") or "", d.get("who") or ""),
                          "kind": getattr(t, "kind", "duty"),
                          "citations": lawtext.citations(case.act_id, d.get("cites"))})
    deemed = []
    for x in out["deemed"]:
        conds = [{"text": c.get("text", ""), "citations": lawtext.citations(case.act_id, c.get("cites"))}
                 for c in (x.get("conditions") or [])]
        deemed.append({**x, "citations": lawtext.citations(case.act_id, x.get("cites")), "conditions_out": conds})
    actions = []
    for a in out["my_actions"]:
        et = proc.events[a["type"]]
        actions.append({**a, "widgets": actionforms.widgets(a["fields"]), "role_label": proc.roles.get(a["as_role"], a["as_role"]),
                        "citations": lawtext.citations(case.act_id, et.cites), "quote": et.quote})
    events = []
    for ev in out["events"]:
        et = proc.events.get(ev["type"])
        if et is None:   # an outcome of time alone recorded by the sweep: say it in words
            ev = {**ev, "title": ev["type"].replace("_", " ").capitalize()}
        events.append({**ev, "role_label": proc.roles.get(ev["by"], ev["by"]),
                       "citations": lawtext.citations(case.act_id, et.cites if et else []),
                       "printable": (not ev["system"]) and R.kind_of(case.act_id, ev["by"]) in (R.OFFICE, R.AUTHORITY),
                       "paid": bool(et) and not ev["system"] and any(
                           f.type == "money" and ("fee" in k or "paid" in k) and (ev["data"] or {}).get(k) is not None
                           for k, f in et.fields.items()),
                       "shown": pdf_rows(proc, ev)})
    events.sort(key=lambda e: (str(e["on"])[:10], e["seq"]))
    system_days = {str(e["on"])[:10] for e in events if e["system"]}
    for d in deemed:     # a deemed outcome the sweep has not yet recorded is shown in the timeline too
        d["in_timeline"] = str(d.get("on"))[:10] not in system_days
    explanation = [{**s, "citations": lawtext.citations(case.act_id, s.get("cites"))} for s in out["explanation"]]
    err = None
    if error is not None:
        err = {"detail": error.detail, "code": error.code, "citations": lawtext.citations(case.act_id, error.cites)}
    is_party = any(R.kind_of(case.act_id, r) == R.PARTY for r in out["my_roles"])
    from .models import Objection

    objections = list(Objection.objects.filter(body_id=case.body_id, case=case)) if is_staff_user(user) else []
    enforcement = _enforcement_context(user, case, proc)
    return {
        "objections": objections, "enf": enforcement,
        "case": case, "c": out, "proc": proc, "proc_citations": lawtext.citations(case.act_id, proc.cites),
        "deadlines": deadlines, "deemed": deemed, "actions": actions, "events": events, "explanation": explanation,
        "plain": lawtext.plain_deadlines(case.act_id, proc, out["deadlines"], today),
        "today": E.today(), "as_of": as_of, "error": err, "is_party": is_party,
        "act_title": pack.title, "nav_section": "portal" if is_party and not is_staff_user(user) else "inbox",
        "lang": get_language(), "notices": notify_outbox.for_case(case, user, is_staff_user(user)),
    }


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
    works = [o for o in (opts or {}).get("options", []) if o.get("kind") == "works_by_body" and o.get("available")]
    if not opts and not demands:
        return None
    return {"options": opts, "works": works[0] if works else None, "demands": demands}


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
    lang = request.GET.get("lang") or get_language() or "en"
    lang = "hi" if lang.startswith("hi") else "en"
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
        rows.append({"case": c, "days": days, "days_words": days_left_words(days), "urgency": urgency(days)})
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
    messages.success(request, _("You are registered with %(body)s.") % {"body": body.name})
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
                                                  "act_title": lawtext.pack(body.act_id).title, "nav_section": "portal"})


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
    procs = sorted(({"id": k, "title": s.title, "kind": s.kind} for k, s in p.sources.items()), key=lambda x: (x["kind"], x["title"]))
    return page(request, "web/act.html", {"pack": p, "toc": toc, "procs": procs, "nav_section": "acts"})


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
                                              "all_rules": idx.get(node_id, []), "prev_id": prev_id,
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
            periods = []
            for d in (c.derived or {}).get("deadlines", []):
                last = E.deadline_date(d.get("last_day"))
                if last is None:
                    continue
                periods.append({"title": d.get("title"), "last": last, "open": last >= today and not d.get("expired"),
                                "citations": lawtext.citations(act_id, d.get("cites")), "days": (last - today).days})
            rows.append({"case": c, "proc": proc, "periods": periods,
                         "citations": lawtext.citations(act_id, proc.cites), "quote": proc.quote,
                         "takes_objections": bool(web_services.objection_events(act_id, proc)) and not c.closed
                         and any(p["open"] for p in periods)})
    rows.sort(key=lambda r: r["case"].opened_on, reverse=True)
    return page(request, "web/notices.html", {"rows": rows, "today": today, "nav_section": "notices"})


def bodies(request):
    """The panchayats and municipalities, with every public page about each."""
    from .common import body_links

    rows = [{"body": b, "act": lawtext.pack(b.act_id).title if b.act_id in {a["id"] for a in lawtext.act_choices()} else b.act_id,
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
                     % {"body": case.body.name, "d": indian_date(E.today())})
    return redirect(reverse("web:notices") + f"#notice-{case.pk}")


def about_dates(request):
    """How the product counts time, in words (linked from every 'why this date?')."""
    return page(request, "web/about_dates.html", {"nav_section": "acts"})
