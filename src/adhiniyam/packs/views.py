"""The State administrator's page: the stored versions of a body's law pack, the impact of moving its
open cases from one to another (side by side, with the rules that changed), and the approval."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from adhiniyam.law import load_pack
from adhiniyam.records.errors import ServiceError
from adhiniyam.web.common import page

from . import impact, store, upgrade
from .models import PackUpgrade


def _body(request, code):
    bodies = upgrade.admin_bodies(request.user)
    if not bodies.exists():
        raise Http404(_("Only the State's administrator upgrades law packs."))
    return bodies, (bodies.filter(code=code).first() if code else bodies.first())


@login_required(login_url="web:login")
def upgrades(request):
    q = request.GET
    bodies, body = _body(request, q.get("body"))
    if body is None:
        raise Http404(_("No body %(c)s that you administer.") % {"c": q.get("body")})
    versions = store.versions(body.act_id)
    installed = str(load_pack(body.act_id).version)
    ctx = {"bodies": bodies, "body": body, "versions": versions, "installed": installed,
           "old": q.get("from") or "", "new": q.get("to") or installed, "rows": None,
           "history": PackUpgrade.objects.filter(body=body).order_by("-approved_at")[:20],
           "bound": body.cases.filter(closed=False).values_list("pack_version", flat=True).distinct()}
    if ctx["old"]:
        try:
            ctx["rows"] = impact.compare(body.act_id, ctx["old"], ctx["new"], body)
        except ServiceError as exc:
            messages.error(request, exc.detail)
    return page(request, "packs/upgrades.html", ctx)


@login_required(login_url="web:login")
@require_POST
def approve(request):
    p = request.POST
    _bodies, body = _body(request, p.get("body"))
    if body is None:
        raise Http404(_("No body %(c)s that you administer.") % {"c": p.get("body")})
    try:
        up = upgrade.approve(request.user, body, p.get("from", ""), p.get("to", ""), p.get("reason", ""))
    except ServiceError as exc:
        messages.error(request, exc.detail)
        return redirect(f"{request.path.rsplit('approve/', 1)[0]}?body={body.code}&from={p.get('from', '')}&to={p.get('to', '')}")
    messages.success(request, _("Upgrade approved: %(n)s open cases of %(b)s re-bound to %(v)s.") % {
        "n": up.rebound, "b": body.name, "v": up.to_version})
    return redirect(f"{request.path.rsplit('approve/', 1)[0]}?body={body.code}")
