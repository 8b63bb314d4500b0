"""The web pages for officers and applicants (Django sessions): the inbox by statutory deadline and
the case page with its explanation and the actions open to the signed-in user. Light HTML, no
JavaScript, so it works on a slow connection."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from . import access, present, services
from .errors import ServiceError
from .models import Case


@login_required
def home(request):
    bodies = [b for b in access.visible_bodies(request.user).order_by("path") if b.act_id]
    code = request.GET.get("body") or (bodies[0].code if bodies else None)
    inbox, body = [], None
    if code:
        try:
            body = access.body_for(request.user, code)
            scope = access.body_case_scope(request.user, body)
            if scope is not None:
                qs = Case.objects.filter(body=body, closed=request.GET.get("closed") == "1").filter(scope)
                inbox = present.summaries(qs.order_by("due", "pk")[:100])
        except ServiceError as exc:
            messages.error(request, exc.detail)
    if not bodies:   # appellate authorities: their routed cases
        inbox = present.summaries(access.visible_cases(request.user).filter(closed=False).order_by("due", "pk")[:100])
    return render(request, "records/home.html", {"bodies": bodies, "body": body, "inbox": inbox,
                                                 "memberships": access.memberships(request.user)})


@login_required
def case_page(request, case_id: int):
    try:
        case = access.case_for(request.user, case_id)
        data = present.case_out(request.user, case)
    except ServiceError as exc:
        messages.error(request, exc.detail)
        return redirect("home")
    return render(request, "records/case.html", {"case": data, "today": dt.date.today().isoformat()})


@login_required
@require_POST
def case_act(request, case_id: int):
    from adhiniyam.api.api import parse_on
    post = request.POST
    data = {k[6:]: v for k, v in post.items() if k.startswith("field_") and v != ""}
    for k, v in list(data.items()):
        if v in ("true", "false"):
            data[k] = v == "true"
        else:
            try:
                data[k] = int(v) if v.isdigit() else float(v) if v.replace(".", "", 1).isdigit() else v
            except ValueError:
                pass
    try:
        services.append_event(request.user, case_id, services.EventInput(
            type=post.get("type", ""), on=parse_on(post.get("on", "")), data=data, by=post.get("as_role") or None),
            int(post.get("version", "0")))
        messages.success(request, "Recorded.")
    except ServiceError as exc:
        messages.error(request, f"{exc.detail}" + (f" [{', '.join(exc.cites)}]" if exc.cites else ""))
    return redirect("case", case_id=case_id)
