"""A body's office calendar, for anyone: the weekly days off, the year's State public holidays (the
holidays package, in the page's language where it has one) and the days the body records itself — each
closure and opening with the order it rests on. An administrator of the body (or above) records and
removes such days here (records.calendar); the periods of its open cases follow at once."""

from __future__ import annotations

import datetime as dt

import holidays
from babel.dates import get_day_names
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from adhiniyam.law.calendar import WEEKDAYS
from adhiniyam.records import calendar as C
from adhiniyam.records import engine as E
from adhiniyam.records.errors import Invalid, ServiceError
from adhiniyam.records.models import Body

from .common import page
from .formatting import indian_date, locale_of


def weekly_words(rule: str, lang: str) -> str:
    """'sun' -> 'every Sunday', '2sat' -> 'the second Saturday of the month', in the page's language."""
    day = get_day_names("wide", locale=locale_of(lang))[WEEKDAYS[rule[-3:]]]
    if rule in WEEKDAYS:
        return _("every %(day)s") % {"day": day}
    nth = {"1": _("the first %(day)s of the month"), "2": _("the second %(day)s of the month"),
           "3": _("the third %(day)s of the month"), "4": _("the fourth %(day)s of the month"),
           "5": _("the fifth %(day)s of the month")}[rule[0]]
    return nth % {"day": day}


def _holidays(body: Body, year: int, lang: str) -> tuple[list[tuple[str, str]], str]:
    """The State's public holidays of `year` as the calendar counts them, named in `lang` where the package
    can (else in English), and the language they are named in."""
    named_in = lang if lang in holidays.India.supported_languages else "en"
    days = holidays.India(subdiv=body.state, years=year, language=None if named_in == "en" else named_in)
    return [(indian_date(d, lang), name) for d, name in sorted(days.items())], named_in


def office_calendar(request, code: str):
    body = Body.objects.filter(code=code, active=True).exclude(act_id="").first()
    if body is None:
        raise Http404(_("No such panchayat or municipality."))
    if request.method == "POST":
        return _change(request, body)
    lang, year = get_language() or "en", E.today().year
    cal = body.usual_calendar()
    public, named_in = _holidays(body, year, lang)
    recorded = body.closures.filter(on__year__gte=year - 1).order_by("-on")
    return page(request, "web/calendar.html", {
        "body": body, "year": year, "weekly": [weekly_words(r, lang) for r in cal.weekly_off],
        "weekly_own": bool(body.weekly_off), "public": public, "holidays_lang": named_in,
        "recorded": [{"day": d, "on": indian_date(d.on, lang)} for d in recorded],
        "keeper": C.may_keep(request.user, body), "nav_section": "bodies"})


def _change(request, body: Body):
    p = request.POST
    try:
        if p.get("remove"):
            C.remove_day(request.user, body, int(p["remove"]) if p["remove"].isdigit() else 0)
            messages.success(request, _("The day is removed from the calendar."))
        else:
            try:
                on = dt.date.fromisoformat(p.get("on", ""))
            except ValueError:
                raise Invalid(_("Give the day as a date, e.g. 2026-01-26.")) from None
            C.record_day(request.user, body, on, p.get("open") == "1", p.get("reason", ""), p.get("source", ""))
            messages.success(request, _("Recorded in the calendar. The deadlines of open cases follow it."))
    except ServiceError as exc:
        messages.error(request, exc.detail + " " + _("Nothing was changed."))
    return redirect(reverse("web:calendar", kwargs={"code": body.code}))
