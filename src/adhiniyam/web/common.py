"""What every page needs: the navigation for this user, and rendering with it."""

from __future__ import annotations

from django.shortcuts import render

from adhiniyam.records import access
from adhiniyam.records.models import Body, Role

STAFF = {Role.CLERK, Role.DECIDING_OFFICER, Role.AUDITOR, Role.ADMINISTRATOR, Role.APPELLATE}


def inbox_bodies(user) -> list[Body]:
    """Bodies whose inbox this user may open: staff at the body or above; appellate at their office's
    body, seeing the cases routed there."""
    if not user.is_authenticated:
        return []
    if user.is_superuser:
        return list(Body.objects.exclude(act_id="").order_by("name"))
    out: dict[int, Body] = {}
    for m in access.memberships(user):
        if m.role in STAFF:
            if m.role == Role.APPELLATE:
                for b in Body.objects.exclude(act_id="").filter(path__startswith=m.body.path).order_by("name"):
                    out[b.pk] = b
            else:
                for b in m.body.subtree().exclude(act_id="").order_by("name"):
                    out[b.pk] = b
    return list(out.values())


def applicant_bodies(user) -> list[Body]:
    if not user.is_authenticated:
        return []
    return [m.body for m in access.memberships(user) if m.role == Role.APPLICANT]


def is_staff_user(user) -> bool:
    return user.is_authenticated and (user.is_superuser or any(m.role in STAFF for m in access.memberships(user)))


def page(request, template: str, ctx: dict | None = None, status: int = 200):
    ctx = dict(ctx or {})
    user = request.user
    ctx.setdefault("nav_inboxes", inbox_bodies(user)[:2])
    ctx.setdefault("nav_staff", is_staff_user(user))
    ctx.setdefault("nav_section", "")
    return render(request, template, ctx, status=status)


def languages(request) -> dict:
    """Context processor: the languages offered on this page (the body's own first), for the switcher."""
    from adhiniyam.law.translations import LANGUAGES

    return {"nav_languages": [(code, LANGUAGES[code]) for code in getattr(request, "body_languages", LANGUAGES)]}


def body_links(body) -> list[tuple[str, str]]:
    """Pages about one body: applying, its office calendar, and those of other apps when installed
    (complaints, local law register)."""
    from django.urls import NoReverseMatch, Resolver404, resolve, reverse
    from django.utils.translation import gettext as _

    out = []
    for label, path in ((_("Make a complaint"), f"/complaints/{body.code}/"),
                        (_("Local bye-laws and orders"), f"/local-law/{body.code}/")):
        try:
            resolve(path)
        except Resolver404:
            continue
        out.append((label, path))
    for name, label in (("web:calendar", _("Office calendar")), ("web:portal_body", _("Apply"))):
        try:
            out.insert(0, (label, reverse(name, kwargs={"code": body.code})))
        except NoReverseMatch:
            pass
    return out
