"""A public complaint form (no sign-in): /complaints/<body code>/ lists the body's categories, and a
plain form POST files the complaint exactly as the API and Open311 do. It works without JavaScript."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import Body

from . import mapping as M
from . import services as S


@require_http_methods(["GET", "POST"])
def complaint_form(request, code: str):
    body = Body.objects.filter(code=code, active=True).exclude(act_id="").first()
    if body is None or not M.load(body.act_id).categories:
        raise Http404("No body that takes complaints has this code.")
    cats = list(M.load(body.act_id).categories.values())
    ctx = {"body": body, "categories": cats, "values": {}, "error": None, "complaint": None}
    if request.method == "POST":
        p = request.POST
        ctx["values"] = p
        try:
            ctx["complaint"] = S.file_complaint(
                body, category=p.get("category", ""), description=p.get("description", ""),
                address=p.get("address", ""), latitude=p.get("lat") or None, longitude=p.get("long") or None,
                reporter_name=p.get("name", ""), reporter_phone=p.get("phone", ""), reporter_email=p.get("email", ""),
                channel="web", user=request.user if request.user.is_authenticated else None)
        except ServiceError as exc:
            ctx["error"] = exc.detail
            return render(request, "enforcement/complaint_form.html", ctx, status=422)
    return render(request, "enforcement/complaint_form.html", ctx, status=201 if ctx["complaint"] else 200)
