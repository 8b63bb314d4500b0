"""The web application's own writes, each one transaction: a citizen registering with a body, and an
application made through the portal (Person, Property and the case through the records service's
create_case, with any documents, all or nothing).

Registering a citizen with a body writes a Membership and a Person: the records service has no
service for it yet (requested in var/engine-requests/web.md)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from adhiniyam.records import documents, services
from adhiniyam.records import engine as E
from adhiniyam.records import roles as R
from adhiniyam.records.errors import Invalid, NotFound
from adhiniyam.records.models import Body, Membership, Person, Property, Role

from . import actionforms, lawtext
from .formatting import period_words

CITIZEN_KINDS = ("application", "licence", "complaint", "appeal")

# Fields of an application that record the office's judgement of it, not what the applicant says:
# a citizen's form leaves them out and the pack's default stands until the office records otherwise
# (by observations, a demand for particulars or a refusal).
OFFICE_FIELDS = frozenset({"complete", "particulars_complete", "alteration_is_material"})


def join_body(user, code: str, name: str = "", phone: str = "") -> Body:
    body = Body.objects.exclude(act_id="").filter(code=code, active=True).first()
    if body is None:
        raise NotFound(_("No panchayat or municipality '%(c)s'. Choose one from the list.") % {"c": code})
    with transaction.atomic():
        Membership.objects.get_or_create(user=user, body=body, role=Role.APPLICANT, office="")
        if not Person.objects.filter(body=body, user=user).exists():
            Person.objects.create(body=body, user=user, name=(name or user.get_full_name() or user.username)[:200],
                                  phone=phone[:20], email=user.email or "")
    if hasattr(user, "_adhiniyam_memberships"):
        del user._adhiniyam_memberships
    return body


def citizen_procedures(body: Body) -> list[dict]:
    """The applications the body's Act lets a citizen make: procedures whose opening event a party
    (applicant, owner, occupier…) may record, with what each needs and its periods."""
    from adhiniyam.records.present import field_out

    pack = lawtext.pack(body.act_id)
    snap = E.settings_snapshot(body)
    out = []
    for pid, src in sorted(pack.sources.items(), key=lambda kv: kv[1].title):
        if src.kind not in CITIZEN_KINDS:
            continue
        try:
            proc = services.get_procedure(pack, pid, snap, E.today())
        except Exception:
            continue
        for et in proc.events.values():
            if not et.opens:
                continue
            party = [r for r in et.by if R.kind_of(body.act_id, r) == R.PARTY]
            if not party:
                continue
            fields = {n: field_out(f) for n, f in et.fields.items() if n not in OFFICE_FIELDS}
            w = lawtext.proc_words(body.act_id, proc)
            periods = [{"title": w.timer(t.id), "period": _period_words(t.period),
                        "cites": lawtext.citations(body.act_id, t.cites), "quote": t.quote}
                       for t in proc.timers.values() if t.start == et.id]
            out.append({"id": pid, "title": w.title(), "title_en": proc.title, "kind": src.kind,
                        "event": et.id, "event_title": w.event(et.id), "role": party[0], "fields": fields,
                        "widgets": w.widgets(et.id, fields),
                        "needs": [w.need(i, n) for i, n in enumerate(src.raw.get("needs") or [])],
                        "citations": lawtext.citations(body.act_id, proc.cites), "quote": proc.quote,
                        "periods": periods})
            break
    return out


def _period_words(period) -> str:
    if isinstance(period, dict):
        if "param" in period:
            return _("as the Act's rules fix it")
        if "field" in period:
            return _("as fixed in the order")
        return period_words(period)
    return str(period or "")


def apply(user, body: Body, offer: dict, post, files) -> object:
    data = actionforms.read_data(post, offer["fields"])
    address = (post.get("address") or "").strip()
    if not address:
        raise Invalid(_("Give the address of the property or premises."), code="missing_field")
    with transaction.atomic():
        Membership.objects.get_or_create(user=user, body=body, role=Role.APPLICANT, office="")
        if hasattr(user, "_adhiniyam_memberships"):
            del user._adhiniyam_memberships
        person = Person.objects.filter(body=body, user=user).first() or Person.objects.create(
            body=body, user=user, name=(user.get_full_name() or user.username)[:200], email=user.email or "")
        prop = Property.objects.create(body=body, owner=person, address=address,
                                       survey_number=(post.get("survey_number") or "").strip()[:60])
        case = services.create_case(user, body, offer["id"],
                                    services.EventInput(type=offer["event"], on=E.today(), data=data, by=offer["role"]),
                                    applicant=person, property=prop,
                                    title=f"{offer['title']} — {address}"[:300])
        upload = files.get("document")
        if upload is not None:
            documents.store(user, body=body, case=case, person=person, kind=post.get("document_kind") or "plan",
                            upload=upload, title=post.get("document_title", ""))
    return case


def staff_procedures(user, body: Body) -> list[dict]:
    """Procedures of the body's Act whose opening event this user may record, with its form."""
    from adhiniyam.records import access
    from adhiniyam.records.present import field_out

    pack = lawtext.pack(body.act_id)
    snap = E.settings_snapshot(body)
    out = []
    for pid, src in sorted(pack.sources.items(), key=lambda kv: (kv[1].kind, kv[1].title)):
        try:
            proc = services.get_procedure(pack, pid, snap, E.today())
        except Exception:
            continue
        for et in proc.events.values():
            if not et.opens:
                continue
            roles = access.opening_roles(user, body, body.act_id, et)
            if not roles:
                continue
            fields = {n: field_out(f) for n, f in et.fields.items()}
            w = lawtext.proc_words(body.act_id, proc)
            out.append({"id": pid, "title": w.title(), "title_en": proc.title, "kind": src.kind, "event": et.id,
                        "event_title": w.event(et.id), "role": roles[0], "role_label": w.role(roles[0]),
                        "fields": fields, "widgets": w.widgets(et.id, fields),
                        "citations": lawtext.citations(body.act_id, et.cites), "quote": et.quote})
            break
    return out


def open_case(user, body: Body, offer: dict, post, complaint=None) -> object:
    """An officer or clerk opens a case: the person concerned and the property (if given), then the
    case through the records service, and (when it answers a complaint) the complaint's "case opened"
    action through the enforcement service, all in one transaction."""
    on = actionforms.read_on(post)
    data = actionforms.read_data(post, offer["fields"])
    name = (post.get("person") or "").strip()
    address = (post.get("address") or "").strip()
    with transaction.atomic():
        person = Person.objects.create(body=body, name=name[:200]) if name else None
        prop = Property.objects.create(body=body, owner=person, address=address,
                                       survey_number=(post.get("survey_number") or "").strip()[:60]) if address else None
        case = services.create_case(user, body, offer["id"],
                                    services.EventInput(type=offer["event"], on=on, data=data, by=offer["role"]),
                                    applicant=person, property=prop,
                                    title=(f"{offer['title']}" + (f" — {name}" if name else ""))[:300])
        if complaint is not None:
            from adhiniyam.enforcement import services as enf
            enf.act_on_complaint(user, complaint, "case_opened", note=f"{offer['title_en']}: {case.number}", case=case)
    return case


def objection_events(act_id: str, proc) -> list:
    """The notice's objection events that a member of the public (a party role) may lodge."""
    return [(et.id, r) for et in proc.events.values() if not et.opens and "objection" in et.id
            for r in et.by if R.kind_of(act_id, r) == R.PARTY][:1]


def lodge_objection(user, case, post):
    """Check the objection against the Act on today's date (the engine must allow the notice's
    objection event now) and keep it for the office to record in the case. One transaction."""
    from adhiniyam.records.errors import LawRefused

    from .models import Objection

    pack = lawtext.pack(case.act_id)
    proc = services.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    events = objection_events(case.act_id, proc)
    if pack.sources[case.procedure].kind != "public_notice" or not events:
        raise NotFound(_("This notice takes no objections under the Act."))
    name = (post.get("name") or "").strip()
    text = (post.get("text") or "").strip()
    if not name or not text:
        raise Invalid(_("Give your name and the objection."), code="missing_field")
    etype, role = events[0]
    today = E.today()
    rows = list(case.events.order_by("seq"))
    try:
        E.evaluate(case, rows, extra=E.law().Event(type=etype, on=today, by=role, data={}))
    except E.law().LawError as exc:
        raise LawRefused.from_law(exc) from exc
    with transaction.atomic():
        return Objection.objects.create(body_id=case.body_id, case=case, event_type=etype, name=name[:200],
                                        address=(post.get("address") or "").strip()[:300], text=text,
                                        lodged_on=today, user=user if user.is_authenticated else None)
