"""What each notice says, to whom, in the recipient's language.

A case event calls for a notice to the applicant when it is:
  the opening event                         -> acknowledgement (the receipt date and the office's last day)
  an outcome of time alone (system event)   -> outcome (a deemed grant with its conditions, a lapse…)
  a correction of the record                -> correction (what changed, who entered the late paper, why)
  an act of the office or an authority that
    starts a duty of the applicant, or
    stops the office's clock until they act -> request (observations, particulars: what and by when)
    otherwise                               -> decision (a grant, a refusal, an order)
A party's own filings are acknowledged on the case page, not by mail.

Templates: `templates/notify/<kind>.txt` (first line the subject), translated with the web app's
machinery (`locale/<lang>/LC_MESSAGES/django.po` of this app); the law pack's words through the
web app's ProcWords (the packs' locale files, contract 7).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from adhiniyam.law import translations as T
from adhiniyam.records import roles as R
from adhiniyam.web import lawtext
from adhiniyam.web.formatting import indian_date

from .models import Channel, Kind, Preference

CORRECTION_EVENT = "record_corrected"
TEMPLATES = {Kind.REQUEST: "step", Kind.DECISION: "step"}    # kind -> template, where one serves two


@dataclass
class Recipient:
    name: str
    email: str
    phone: str
    language: str
    email_on: bool = True
    sms_on: bool = False
    key: str = ""          # who, in the notice's key: person:12, user:5


@dataclass
class Notice:
    body_id: int
    kind: str
    cause: str             # what caused it (the event, the deadline and its day, the digest's day)
    recipient: Recipient
    context: dict
    case: object = None
    event: object = None
    sms_enabled: bool = False
    extra: dict = field(default_factory=dict)

    def channels(self):
        """(channel, address, subject, text) for each channel this recipient takes."""
        email = self.recipient.email_on and self.recipient.email
        sms = self.sms_enabled and self.recipient.sms_on and self.recipient.phone
        if not (email or sms):            # nothing to send: nothing rendered
            return
        with translation.override(self.recipient.language):
            ctx = {**self.context, "recipient": self.recipient}
            lines = render_to_string(f"notify/{TEMPLATES.get(self.kind, self.kind)}.txt", ctx).strip().splitlines()
            subject, text = lines[0].strip(), "\n".join(lines[1:]).strip() + "\n"
            if email:
                yield Channel.EMAIL, self.recipient.email, subject, text
            if sms:
                yield (Channel.SMS, self.recipient.phone, subject,
                       render_to_string("notify/sms.txt", {**ctx, "subject": subject}).strip())


# -- languages and words ---------------------------------------------------------------------------


def body_language(body) -> str:
    """A body's own language: its State's (Konkani in Goa, Gujarati in Gujarat, Punjabi in Punjab, Hindi
    elsewhere)."""
    return T.state_language(body.state)


def _preference(body_id, **who) -> Preference | None:
    return Preference.objects.filter(body_id=body_id, **who).first()


def person_recipient(body, person, user=None) -> Recipient | None:
    """The applicant: their own record at the body, else their login's address; None when there is no one,
    or no address to reach them at (their preferences are then not read)."""
    if person is None and user is None:
        return None
    email = (person.email if person else "") or (user.email if user else "")
    if not email and not (person and person.phone):
        return None
    pref = (_preference(body.pk, person=person) if person else None) or (_preference(body.pk, user=user) if user else None)
    name = (person.name if person else "") or (user.get_full_name() if user else "") or (user.username if user else "")
    return Recipient(name=name, email=email, phone=person.phone if person else "",
                     language=pref.language if pref else body_language(body),
                     email_on=pref.email if pref else True, sms_on=pref.sms if pref else False,
                     key=f"person:{person.pk}" if person else f"user:{user.pk}")


def user_recipient(body, user) -> Recipient:
    pref = _preference(body.pk, user=user)
    return Recipient(name=user.get_full_name() or user.username, email=user.email, phone="",
                     language=pref.language if pref else body_language(body),
                     email_on=pref.email if pref else True, key=f"user:{user.pk}")


def officers(body) -> list:
    """The deciding officers of a body (who owe the office's duties and read its digest)."""
    from adhiniyam.records.models import Membership, Role
    return [m.user for m in Membership.objects.filter(body=body, role=Role.DECIDING_OFFICER, user__is_active=True)
            .select_related("user").order_by("user__username")]


def sms_enabled(body) -> bool:
    from .models import BodyNotifySettings
    return BodyNotifySettings.objects.filter(body=body, sms=True).exists()


def case_url(case) -> str:
    return settings.ADHINIYAM_SITE_URL.rstrip("/") + reverse("web:case", kwargs={"case_id": case.pk})


# -- notices for case events -----------------------------------------------------------------------


def kind_of_event(case, procedure, result, ev) -> str | None:
    et = procedure.events.get(ev.type)
    if ev.type == "law_pack_upgraded":       # re-bound to a new pack version: the case page says what changed
        return None
    if ev.type == CORRECTION_EVENT:
        return Kind.CORRECTION
    if ev.system:
        return Kind.OUTCOME
    if et is not None and et.opens:
        return Kind.ACKNOWLEDGEMENT
    if R.kind_of(case.act_id, ev.by_role) == R.PARTY:
        return None
    starts_party_duty = any(
        not d.expired and d.who and R.kind_of(case.act_id, d.who) == R.PARTY
        and ev.type in getattr(procedure.timers.get(d.name), "depends_on", ())
        for d in result.deadlines or [])
    stops_office_clock = any(p.start == ev.type for t in procedure.timers.values() for p in t.pauses)
    return Kind.REQUEST if starts_party_duty or stops_office_clock else Kind.DECISION


def for_event(case, procedure, result, ev) -> list[Notice]:
    kind = kind_of_event(case, procedure, result, ev)
    if kind is None:
        return []
    people = [person_recipient(case.body, case.applicant, case.applicant_user)]
    if kind == Kind.CORRECTION:
        people += [user_recipient(case.body, u) for u in officers(case.body)]
    people = [who for who in people if who is not None]
    if not people:
        return []
    sms = any(who.sms_on and who.phone for who in people) and sms_enabled(case.body)   # asked only when it matters
    out = []
    for who in people:
        out.append(Notice(case.body_id, kind, f"event:{ev.pk}:{who.key}", who, event_context(case, procedure, result, ev,
                                                                                        who.language),
                          case=case, event=ev, sms_enabled=sms))
    return out


def event_context(case, procedure, result, ev, lang: str) -> dict:
    w = lawtext.proc_words(case.act_id, procedure, lang)
    et = procedure.events.get(ev.type)
    deadlines = [{"title": w.timer(d.name, d.title), "last_day": indian_date(d.last_day, lang), "who": w.role(d.who),
                  "yours": bool(d.who) and R.kind_of(case.act_id, d.who) == R.PARTY, "stopped": d.suspended}
                 for d in result.deadlines or [] if not d.expired and (d.last_day is not None or d.suspended)]
    deemed = [d for d in result.deemed or [] if str(d.on)[:10] == ev.on_date.isoformat()] if ev.system else []
    fields = []
    for fid, f in (et.fields.items() if et is not None else ()):
        value = (ev.data or {}).get(fid)
        if value not in (None, "", False) and f.type in ("text", "date", "choice", "money", "int", "number"):
            shown = indian_date(value, lang) if f.type == "date" else w.choice(ev.type, fid, value) if f.type == "choice" else value
            fields.append({"title": w.field(ev.type, fid).capitalize(), "value": shown})
    return {
        "body_name": lawtext.body_name(case.body, lang), "number": case.number, "url": case_url(case),
        "procedure": w.title(), "status": w.status(result.status, result.status_label or ""),
        "event_title": w.event(ev.type), "on": indian_date(ev.on_at or ev.on_date, lang), "fields": fields,
        "deadlines": deadlines,
        "deemed": [{"on": indian_date(d.on, lang), "conditions": [w.condition_text(c.get("text", ""))
                                                                  for c in d.conditions or []]} for d in deemed],
        "correction": correction_words(ev.data or {}, w, lang) if ev.type == CORRECTION_EVENT else {},
    }


def correction_words(c: dict, w, lang: str) -> dict:
    """A correction event's data (records.corrections) in the recipient's words."""
    late = bool(c.get("late_type"))
    return {"superseded_title": w.event(c.get("superseded_type", "")),
            "superseded_on_words": indian_date(c.get("superseded_on"), lang),
            "now_on_words": indian_date(c["now_on"], lang) if c.get("now_on") else "",
            "late": late, "late_title": w.event(c["late_type"]) if late else "",
            "late_on_words": indian_date(c.get("late_on"), lang), "entered_by": c.get("entered_by", ""),
            "entered_on_words": indian_date(str(c.get("entered_at") or "")[:10], lang), "reason": c.get("reason", "")}
