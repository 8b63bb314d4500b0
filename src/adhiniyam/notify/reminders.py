"""Deadlines approaching, and the officers' daily digest: `adhiniyam notify remind` (run it daily,
after the sweep, so the stored deadlines are today's). Each body sets how many days before a last
day it reminds (BodyNotifySettings.remind_days, default 3 and 1). A reminder goes to whoever owes
the duty: the applicant for a party's duty, the deciding officers for the office's. Running it twice
on one day writes nothing new (each notice's key names the deadline, its last day and the day count).
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import translation

from adhiniyam.records import engine as E
from adhiniyam.records import roles as R
from adhiniyam.records.models import Body, Case
from adhiniyam.web import lawtext
from adhiniyam.web.formatting import indian_date

from . import messages as M
from .delivery import requeue_stale
from .models import BodyNotifySettings, Kind
from .outbox import write

DIGEST_DAYS = 7


def run(today: dt.date | None = None, bodies=None) -> dict:
    today = today or E.today()
    stats = {"bodies": 0, "reminders": 0, "digests": 0, "requeued": requeue_stale()}
    for body in bodies if bodies is not None else Body.objects.exclude(act_id="").order_by("pk"):
        conf = BodyNotifySettings.objects.filter(body=body).first() or BodyNotifySettings(body=body)
        stats["bodies"] += 1
        with transaction.atomic():
            stats["reminders"] += _remind(body, conf, today)
            if conf.digest:
                stats["digests"] += _digest(body, today)
    return stats


def _owed_by(case, who: str | None) -> list[M.Recipient]:
    kind = R.kind_of(case.act_id, who or "")
    if kind == R.PARTY:
        found = M.person_recipient(case.body, case.applicant, case.applicant_user)
        return [found] if found else []
    if kind == R.OFFICE:
        return [M.user_recipient(case.body, u) for u in M.officers(case.body)]
    return []     # an authority above the body reads its own inbox


def _remind(body, conf: BodyNotifySettings, today: dt.date) -> int:
    days = conf.days()
    horizon = today + dt.timedelta(days=max(days))
    written = 0
    cases = (Case.objects.filter(body=body, closed=False, due__lte=horizon)
             .select_related("body", "applicant", "applicant_user"))
    sms = M.sms_enabled(body)
    for case in cases:
        for d in (case.derived or {}).get("deadlines", []):
            last = E.deadline_date(d.get("last_day"))
            if last is None or d.get("expired") or d.get("suspended") or (last - today).days not in days:
                continue
            left = (last - today).days
            for who in _owed_by(case, d.get("who")):
                ctx = _reminder_context(case, d, last, left, who.language)
                notice = M.Notice(body.pk, Kind.REMINDER, f"remind:{case.pk}:{d['name']}:{last}:{left}:{who.key}",
                                  who, ctx, case=case, sms_enabled=sms)
                written += len(write(notice))
    return written


def _reminder_context(case, d: dict, last: dt.date, left: int, lang: str) -> dict:
    w = lawtext.proc_words(case.act_id, E.load_pack(case.act_id, case.pack_version).procedure(case.procedure), lang)
    return {"body_name": lawtext.body_name(case.body, lang), "number": case.number, "url": M.case_url(case),
            "days": left, "last_day": indian_date(last, lang), "procedure": w.title(),
            "deadline": w.timer(d["name"], d.get("title") or d["name"]), "who": w.role(d.get("who"))}


def _digest(body, today: dt.date) -> int:
    until = today + dt.timedelta(days=DIGEST_DAYS)
    cases = list(Case.objects.filter(body=body, closed=False, due__lte=until).order_by("due", "pk")[:100])
    if not cases:
        return 0
    written = 0
    for user in M.officers(body):
        who = M.user_recipient(body, user)
        lang = who.language
        with translation.override(lang):
            rows = [{"number": c.number, "title": c.title, "due": indian_date(c.due, lang), "overdue": c.due < today,
                     "url": M.case_url(c), "status": lawtext.case_words(c)["status"]} for c in cases]
        ctx = {"body_name": lawtext.body_name(body, lang), "until": indian_date(until, lang), "cases": rows}
        written += len(write(M.Notice(body.pk, Kind.DIGEST, f"digest:{today}:{who.key}", who, ctx)))
    return written
