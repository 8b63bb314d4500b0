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
    from django.utils.translation import gettext as _

    cats = [{"code": c.code, "label": _(c.name)} for c in M.load(body.act_id).categories.values()]
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


def receipt(request, payment_id: int):
    """A printable receipt (HTML; print to paper or PDF from the browser): the body's staff and auditors,
    or the payer signed in as themself."""
    from django.contrib.auth.views import redirect_to_login

    from adhiniyam.records import access

    from .models import Payment

    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    p = Payment.objects.select_related("demand", "demand__person", "demand__body", "demand__case").filter(
        pk=payment_id).first()
    if p is None or not access.visible_bodies(request.user).filter(pk=p.body_id).exists():
        raise Http404("No receipt that you can see.")
    if p.demand.person.user_id != request.user.pk:
        try:
            S.require_reader(request.user, p.demand.body)
        except ServiceError:
            raise Http404("No receipt that you can see.") from None
    d = p.demand
    paid_to_date = d.paid(p.paid_on)
    return render(request, "enforcement/receipt.html", {
        "p": p, "d": d, "body": d.body, "amount": S.rupees(p.amount), "demanded": S.rupees(d.amount),
        "balance": S.rupees(d.amount - paid_to_date), "section": S.section_label(d.cites)})
