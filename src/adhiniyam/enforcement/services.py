"""Writes and reads of the enforcement area. Every write is one transaction and asks the law first:
notices and offences are records-service cases, opened and advanced through
`adhiniyam.records.services` (so the engine decides and the events are hash-chained); what is not a
case (complaints, demands, payments, emergency expenditure) is stored here, in the same transaction.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator, validate_email
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from adhiniyam.ops import limits
from adhiniyam.records import access
from adhiniyam.records import engine as E
from adhiniyam.records import services as RS
from adhiniyam.records.errors import Forbidden, Invalid, LawRefused, NotFound
from adhiniyam.records.models import Body, Case, CaseEvent, Person, Property, Role

from . import mapping as M
from .models import Complaint, ComplaintAction, Counter, Demand, EmergencyExpenditure, Payment

CONVICTION_EVENTS = ("convicted", "conviction", "penalty_imposed")
STAFF = (Role.CLERK, Role.DECIDING_OFFICER, Role.ADMINISTRATOR)


# ------------------------------------------------------------------------------------ helpers

def section_label(node_id: str) -> str:
    """sec_64__subsec_1__clause_d -> s.64(1)(d); sec_112B -> s.112-B."""
    out = ""
    for part in (node_id or "").split("__"):
        m = re.fullmatch(r"sec_(\d+)([A-Z]*)", part)
        if m:
            out += f"s.{m.group(1)}" + (f"-{m.group(2)}" if m.group(2) else "")
            continue
        m = re.fullmatch(r"(subsec|clause|subclause)_(\w+)", part)
        if m:
            out += f"({m.group(2)})"
            continue
        m = re.fullmatch(r"proviso_(\d+)", part)
        if m:
            out += f", proviso {m.group(1)}"
            continue
        out += f" [{part}]"
    return out or node_id


def money(value, field: str = "amount") -> Decimal:
    try:
        d = Decimal(str(value)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError):
        raise Invalid(f"{field}: '{value}' is not an amount of rupees; write it as a number, e.g. 2500 or 2500.50.",
                      code="bad_amount", errors=[{"field": field, "message": "not a number"}]) from None
    if d <= 0:
        raise Invalid(f"{field}: the amount must be more than zero (got {value}).", code="bad_amount",
                      errors=[{"field": field, "message": "must be more than zero"}])
    return d


def q(d) -> str:
    return str(Decimal(d).quantize(Decimal("0.01")))


def rupees(d) -> str:
    d = Decimal(d)
    return f"₹{d:,.2f}" if d != d.to_integral_value() else f"₹{int(d):,}"


def as_day(value) -> dt.date:
    return value.date() if isinstance(value, dt.datetime) else value


def require_staff(user, body: Body, what: str = "do this"):
    if user.is_superuser:
        return
    if access.covering(user, body, STAFF):
        return
    raise Forbidden(f"Only the staff of {body.name} (clerk, deciding officer, administrator) may {what}.")


def require_reader(user, body: Body):
    if user.is_superuser:
        return
    if access.covering(user, body, access.STAFF_READ):
        return
    raise Forbidden(f"Only the staff and auditors of {body.name} may see its registers.")


def next_number(body: Body, series: str, year: int) -> int:
    Counter.objects.get_or_create(body=body, series=series, year=year)
    row = Counter.objects.select_for_update().get(body=body, series=series, year=year)
    row.last += 1
    row.save(update_fields=["last"])
    return row.last


def now_aware() -> dt.datetime:
    """Now on the service's clock (ADHINIYAM_CLOCK in training and tests), time-zone aware."""
    return timezone.make_aware(E.now_local())


def _today() -> dt.date:
    return E.today()


def _check_day(day: dt.date, field: str):
    if day > _today():
        raise Invalid(f"{field}: {day.isoformat()} is in the future; record it on or after the day it happened.",
                      code="future_date", errors=[{"field": field, "message": "in the future"}])


def pack_and_proc(body: Body, procedure_id: str, on: dt.date | None = None):
    pack = RS.get_pack(body.act_id)
    return pack, RS.get_procedure(pack, procedure_id, E.settings_snapshot(body), on or _today())


def person_for(body: Body, person_id: int | None, person: dict | None) -> Person:
    if person_id is not None:
        p = Person.objects.filter(body=body, pk=person_id).first()
        if p is None:
            raise NotFound(f"No person {person_id} in {body.name}'s records.")
        return p
    if person and (person.get("name") or "").strip():
        return Person.objects.create(body=body, **{k: v for k, v in person.items() if v is not None})
    raise Invalid("Name the person served or accused: give person_id, or person with at least a name.",
                  code="person_required", errors=[{"field": "person", "message": "required"}])


def property_for(body: Body, property_id: int | None, prop: dict | None, owner: Person | None) -> Property | None:
    if property_id is not None:
        p = Property.objects.filter(body=body, pk=property_id).first()
        if p is None:
            raise NotFound(f"No property {property_id} in {body.name}'s records.")
        return p
    if prop and (prop.get("address") or "").strip():
        return Property.objects.create(body=body, owner=owner, **{k: v for k, v in prop.items() if v is not None})
    return None


# ------------------------------------------------------------------------------------ complaints

def categories(body: Body) -> list[M.Category]:
    return list(M.load(body.act_id).categories.values())


def complaint_status(actions) -> str:
    status = "open"
    for a in actions:
        status = {"acknowledged": "acknowledged", "case_opened": "in_progress", "closed": "closed",
                  "reopened": "open"}[a.type]
    return status


# The longest text a complaint keeps in each field (the description: Open311 GeoReport v2's 4,000 characters).
COMPLAINT_LIMITS = {"description": 4000, "address": 300, "reporter_name": 200, "reporter_email": 254,
                    "reporter_phone": 30, "media_url": 500, "account_id": 100}


def file_complaint(body: Body, *, category: str, description: str, address: str = "", latitude=None,
                   longitude=None, reporter_name: str = "", reporter_email: str = "", reporter_phone: str = "",
                   channel: str = "api", user=None, media_url: str = "", account_id: str = "",
                   description_required: bool = True) -> Complaint:
    """File a complaint in one of the body's categories. Text past its field's limit is refused, never cut;
    Open311 leaves the description optional (`description_required=False`)."""
    cats = M.load(body.act_id).categories
    if not body.act_id or not cats:
        raise Invalid(f"{body.name} takes no complaints here: its Act has no complaint categories set up.",
                      code="no_categories")
    if category not in cats:
        raise Invalid(f"'{category}' is not a complaint category of {body.name}. Categories: "
                      f"{', '.join(sorted(cats))}.", code="unknown_category",
                      errors=[{"field": "service_code", "message": "unknown category"}])
    text = {k: (v or "").strip() for k, v in (("description", description), ("address", address),
            ("reporter_name", reporter_name), ("reporter_email", reporter_email), ("reporter_phone", reporter_phone),
            ("media_url", media_url), ("account_id", account_id))}
    _check_complaint_text(text, description_required)
    lat, lon = _coord(latitude, "lat", -90, 90), _coord(longitude, "long", -180, 180)
    if not text["address"] and lat is None:
        raise Invalid("Say where the problem is: give an address, or a location (lat and long).",
                      code="location_required", errors=[{"field": "address_string", "message": "or lat/long"}])
    now = E.now_local()
    with transaction.atomic():
        limits.count_post("complaint", body, user)      # per address (anonymous) or account; refused: 429
        n = next_number(body, "CMP", now.year)
        c = Complaint.objects.create(
            body=body, number=f"{body.code.upper()}/CMP/{now.year}/{n:05d}", category=category,
            latitude=lat, longitude=lon, channel=channel, received_at=now_aware(),
            reporter_user=user if user is not None and user.is_authenticated else None, **text)
    return c


def _check_complaint_text(text: dict[str, str], description_required: bool) -> None:
    """Refuse (never cut) a complaint's text that is missing, too long, or not what the field takes."""
    if description_required and not text["description"]:
        raise Invalid("Describe the problem: description is required.", code="description_required",
                      errors=[{"field": "description", "message": "required"}])
    for field, most in COMPLAINT_LIMITS.items():
        if "\x00" in text[field]:
            raise Invalid(f"{field}: text only — it holds a NUL character.", code="text_not_text",
                          errors=[{"field": field, "message": "must not contain a NUL character"}])
        if len(text[field]) > most:
            raise Invalid(f"{field}: at most {most:,} characters of text (this has {len(text[field]):,}); shorten "
                          "it — nothing was recorded.", code="text_too_long",
                          errors=[{"field": field, "message": f"at most {most} characters"}])
    if text["reporter_email"]:
        try:
            validate_email(text["reporter_email"])
        except ValidationError:
            raise Invalid(f"email: '{text['reporter_email']}' is not an e-mail address; leave it out or correct it.",
                          code="bad_email", errors=[{"field": "email", "message": "not an e-mail address"}]) from None
    if text["media_url"]:
        try:
            URLValidator(schemes=["http", "https"])(text["media_url"])
        except ValidationError:
            raise Invalid("media_url: only an http:// or https:// address of a photo or page is taken.",
                          code="bad_media_url", errors=[{"field": "media_url", "message": "http(s) URL only"}]) from None


def _coord(value, field: str, lo: float, hi: float):
    if value in (None, ""):
        return None
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise Invalid(f"{field}: '{value}' is not a number.", code="bad_location",
                      errors=[{"field": field, "message": "not a number"}]) from None
    if not lo <= v <= hi:
        raise Invalid(f"{field}: {v} is outside {lo}..{hi}.", code="bad_location",
                      errors=[{"field": field, "message": "out of range"}])
    return v


ALLOWED_ACTIONS = {"acknowledged": {"open"}, "case_opened": {"open", "acknowledged", "in_progress"},
                   "closed": {"open", "acknowledged", "in_progress"}, "reopened": {"closed"}}


def act_on_complaint(user, complaint: Complaint, type: str, note: str = "", case: Case | None = None,
                     public_note: str = "") -> Complaint:
    """An officer's action on a complaint. `note` is the office's own; `public_note` is written for the public
    (the Open311 status_notes) and is the only one the public ever sees."""
    require_staff(user, complaint.body, "act on complaints")
    if type not in ALLOWED_ACTIONS:
        raise Invalid(f"'{type}' is not an action on a complaint: {', '.join(ALLOWED_ACTIONS)}.", code="bad_action")
    with transaction.atomic():
        c = Complaint.objects.select_for_update().get(pk=complaint.pk)
        if c.status not in ALLOWED_ACTIONS[type]:
            raise Invalid(f"Complaint {c.number} is {c.status.replace('_', ' ')}; '{type}' is allowed only when it is "
                          f"{' or '.join(sorted(ALLOWED_ACTIONS[type]))}.", code="bad_state")
        if type == "closed" and not note.strip():
            raise Invalid("Say why the complaint is closed (note).", code="note_required")
        if case is not None and case.body_id != c.body_id:
            raise Invalid("The case belongs to another body.")
        ComplaintAction.objects.create(body_id=c.body_id, complaint=c, type=type, note=note, case=case,
                                       public_note=public_note.strip(),
                                       actor=user if user.is_authenticated else None, recorded_at=now_aware())
        c.status = complaint_status(c.actions.order_by("pk"))
        Complaint.objects.filter(pk=c.pk).update(status=c.status)
    return c


def complaint_out(c: Complaint, staff: bool = True) -> dict:
    cat = M.load(c.body.act_id).categories.get(c.category)
    out = {"id": c.pk, "number": c.number, "body": c.body.code, "category": c.category,
           "category_name": cat.name if cat else c.category, "description": c.description, "address": c.address,
           "latitude": c.latitude, "longitude": c.longitude, "status": c.status, "channel": c.channel,
           "received_at": c.received_at.isoformat(),
           "procedures_that_could_apply": _procedures_out(c.body, cat.procedures if cat else []),
           "actions": [{"type": a.type, "note": a.note, "public_note": a.public_note,
                        "case": a.case.number if a.case else None,
                        "case_id": a.case_id, "recorded_at": a.recorded_at.isoformat()}
                       for a in c.actions.select_related("case").order_by("pk")]}
    if staff:
        out.update({"reporter_name": c.reporter_name, "reporter_email": c.reporter_email,
                    "reporter_phone": c.reporter_phone})
    return out


def _procedures_out(body: Body, ids: list[str]) -> list[dict]:
    if not ids:
        return []
    pack = RS.get_pack(body.act_id)
    out = []
    for pid in ids:
        proc = RS.get_procedure(pack, pid, E.settings_snapshot(body), _today())
        out.append({"procedure": pid, "title": proc.title, "kind": proc.kind,
                    "cites": [section_label(c) for c in proc.cites], "cite_ids": list(proc.cites)})
    return out


# ------------------------------------------------------------------------------------ notices

def _conditions_out(conds) -> list[dict]:
    out = []
    for c in conds or []:
        raw = getattr(c, "raw", c)
        if isinstance(raw, dict):
            out.append({"condition": {k: v for k, v in raw.items() if k not in ("error", "cites")},
                        "error": raw.get("error", ""), "cites": raw.get("cites")})
    return out


def _get(obj, key):
    return obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)


def _list(v) -> list:
    return [] if v is None else list(v) if isinstance(v, (list, tuple)) else [v]


def notice_provisions(body: Body, kinds=("notice",)) -> list[dict]:
    """The body's Act's notice procedures, with the opening event's fields and preconditions."""
    pack = RS.get_pack(body.act_id)
    snap = E.settings_snapshot(body)
    out = []
    for pid in sorted(pack.procedures):
        proc = RS.get_procedure(pack, pid, snap, _today())
        if proc.kind not in kinds:
            continue
        opening = proc.events[proc.opening_events[0]]
        out.append({
            "procedure": pid, "title": proc.title, "kind": proc.kind, "cites": [section_label(c) for c in proc.cites],
            "cite_ids": list(proc.cites), "quote": proc.quote or "", "opening_event": opening.id,
            "served_by": list(opening.by),
            "fields": {n: {"type": f.type, "required": bool(f.required), "title": getattr(f, "title", "") or "",
                           "choices": list(f.choices or [])} for n, f in opening.fields.items()},
            "preconditions": _conditions_out(opening.when)
            + [{"check": cid, "title": _get(ch, "title") or cid, "cites": _list(_get(ch, "cites")),
                "refuses": bool(_get(ch, "refuse"))}
               for cid, ch in (proc.checks or {}).items() if _get(ch, "on") == opening.id],
            "compliance_periods": [{"timer": n, "title": t.title, "period": E.as_json(t.period),
                                    "cites": [section_label(c) for c in (t.cites or [])]}
                                   for n, t in proc.timers.items() if getattr(t, "start", None) == opening.id],
            "on_default": [o.kind for o in M.load(body.act_id).defaults.get(pid, [])],
        })
    return out


def _open_case(user, body: Body, procedure_id: str, kinds: tuple, on, data: dict, *, person_id=None, person=None,
               property_id=None, property=None, complaint_id=None, title="", opening: str | None = None,
               prepare=None, person_required: bool = True, late_reason: str = ""):
    pack, proc = pack_and_proc(body, procedure_id, as_day(on))
    if proc.kind not in kinds:
        offered = sorted(pid for pid in pack.procedures
                         if RS.get_procedure(pack, pid, E.settings_snapshot(body), _today()).kind in kinds)
        raise Invalid(f"'{procedure_id}' is a {proc.kind} procedure, not a {' or '.join(kinds)}. Under the "
                      f"{pack.title} {body.name} may use: {', '.join(offered) or 'none encoded'}.",
                      code="wrong_kind")
    ev_type = opening or proc.opening_events[0]
    with transaction.atomic():
        complaint = None
        if complaint_id is not None:
            complaint = Complaint.objects.filter(body=body, pk=complaint_id).first()
            if complaint is None:
                raise NotFound(f"No complaint {complaint_id} at {body.name}.")
        who = (person_for(body, person_id, person)
               if person_required or person_id is not None or person else None)
        prop = property_for(body, property_id, property, who)
        data = dict(data or {})
        note = None
        if prepare is not None:
            data, note = prepare(proc, ev_type, who, data)
        case = RS.create_case(user, body, procedure_id,
                              RS.EventInput(type=ev_type, on=on, data=data, late_reason=late_reason),
                              applicant=who, property=prop,
                              title=title or (f"{proc.title} — {who.name}" if who else proc.title))
        if complaint is not None:
            act_on_complaint(user, complaint, "case_opened", note=f"{proc.title}", case=case)
    return case, note


def issue_notice(user, body: Body, procedure_id: str, served, data: dict, **kw):
    require_staff(user, body, "issue notices")
    case, _ = _open_case(user, body, procedure_id, ("notice",), served, data, **kw)
    return case


# inspections, pounds, public notices and meetings: cases of the body's Act of that kind, opened here so that
# the form offers only that kind; later steps go through the records API (/api/cases/{id}/actions).
OTHER_KINDS = {"inspections": ("inspection",), "pound": ("pound", "complaint"), "public_notices": ("public_notice",),
               "meetings": ("meeting", "governance")}


def open_of_kind(user, body: Body, group: str, procedure_id: str, on, data: dict, **kw):
    require_staff(user, body, f"open {group.replace('_', ' ')}")
    case, _ = _open_case(user, body, procedure_id, OTHER_KINDS[group], on, data, person_required=False, **kw)
    return case


def _evaluate(case: Case, as_of=None):
    rows = list(case.events.order_by("seq"))
    return E.evaluate(case, rows, as_of=as_of)[1]


def default_options(case: Case, result=None) -> dict:
    """What the Act lets the body do now that a notice (or offence) stands in default."""
    result = result or _evaluate(case)
    pack = RS.get_pack(case.act_id)
    proc = RS.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    expired = [{"timer": d.name, "title": d.title, "last_day": E.as_json(d.last_day),
                "cites": [section_label(c) for c in d.cites]} for d in result.deadlines or [] if d.expired]
    # a period whose expiry changed the status (s.118: "in default") is no longer listed as a deadline
    for name, t in proc.timers.items():
        if (t.on_expiry or {}).get("status") == result.status and t.who not in _office_roles(case, proc):
            expired.append({"timer": name, "title": t.title, "last_day": None,
                            "cites": [section_label(c) for c in t.cites or []]})
    options = []
    allowed = {e for evs in (result.allowed or {}).values() for e in evs}
    for o in M.load(case.act_id).defaults.get(case.procedure, []):
        entry = {"kind": o.kind, "note": o.note}
        if o.kind == "works_by_body":
            entry.update({"event": o.event, "amount_field": o.amount_field,
                          "available": (o.event in allowed) if o.event else not result.closed,
                          "recoverable_as": o.recovery.label if o.recovery else None,
                          "cites": section_label(o.recovery.cites) if o.recovery else None,
                          "quote": o.recovery.quote if o.recovery else None})
        elif o.kind == "prosecution":
            op = pack.procedure(o.offence)
            entry.update({"offence": o.offence, "title": op.title, "available": bool(expired),
                          "cites": ", ".join(section_label(c) for c in op.cites)})
        elif o.event:                        # a further notice: offered when the engine allows its event
            entry.update({"event": o.event, "available": o.event in allowed,
                          "title": proc.events[o.event].title if o.event in proc.events else o.event,
                          "cites": ", ".join(section_label(c) for c in proc.events[o.event].cites)})
        else:
            entry["available"] = bool(expired)
        options.append(entry)
    return {"in_default": bool(expired) and not result.closed, "status": result.status, "expired": expired,
            "options": options}


def _office_roles(case: Case, proc) -> set:
    from adhiniyam.records import roles as R
    return {r for r in proc.roles if R.kind_of(case.act_id, r) != R.PARTY}


def record_default_works(user, case_id: int, *, on, amount, version: int, note: str = "",
                         late_reason: str = "") -> tuple[Case, Demand]:
    """The body did the work itself: record it (as the procedure's event, where the pack has one) and
    raise a demand for the cost, recoverable as the Act says. One transaction."""
    amt = money(amount)
    with transaction.atomic():
        case = access.case_for(user, case_id, lock=True)
        require_staff(user, case.body, "record works done by the body")
        opts = [o for o in M.load(case.act_id).defaults.get(case.procedure, []) if o.kind == "works_by_body"]
        if not opts:
            raise LawRefused(f"The {RS.get_pack(case.act_id).title}, as encoded, gives no power to do the work of "
                             f"a '{case.procedure}' case at the person's cost and recover it.",
                             code="no_default_works")
        o = opts[0]
        ev = None
        if o.event:
            case, ev = RS.append_event(user, case.pk, RS.EventInput(type=o.event, on=on, late_reason=late_reason,
                                                                    data={o.amount_field: float(amt)}), version)
        else:
            result = _evaluate(case)
            if result.closed:
                raise LawRefused(f"Case {case.number} is closed.", code="case_closed")
            _check_day(as_day(on), "on")
        if case.applicant is None:
            raise Invalid("The case names nobody to recover the cost from.")
        day = as_day(on)
        n = next_number(case.body, "DMD", day.year)
        d = Demand.objects.create(
            body_id=case.body_id, number=f"{case.body.code.upper()}/DMD/{day.year}/{n:05d}", kind="default_works",
            person=case.applicant, property=case.property, case=case, case_event=ev, amount=amt, raised_on=day,
            description=(note or f"Cost of works done by the body in case {case.number}")[:300],
            recoverable_as=o.recovery.label, cites=o.recovery.cites, quote=o.recovery.quote,
            created_by=user)
    return case, d


def prosecute_on_default(user, case_id: int, *, on, offence: str | None = None, data: dict | None = None,
                         late_reason: str = ""):
    """Open the offence case the Act gives for a notice in default, against the person served, with the
    facts its elements require (`data`); the engine refuses a record short of them."""
    notice = access.case_for(user, case_id)
    require_staff(user, notice.body, "prosecute")
    info = default_options(notice)
    choices = [o for o in info["options"] if o["kind"] == "prosecution"]
    if offence:
        choices = [o for o in choices if o["offence"] == offence]
    if not choices:
        raise LawRefused(f"No prosecution on default of a '{notice.procedure}' notice is set up for this Act.",
                         code="no_prosecution")
    if not info["in_default"]:
        raise LawRefused(f"Notice {notice.number} is not in default (status: {info['status']}); prosecution for "
                         "disobeying it can begin only after the period allowed has run out.", code="not_in_default",
                         cites=[c for o in choices for c in RS.get_pack(notice.act_id).procedure(o["offence"]).cites])
    case, note = record_offence(user, notice.body, choices[0]["offence"], on, dict(data or {}),
                                person_id=notice.applicant_id, property_id=notice.property_id, late_reason=late_reason,
                                title=f"{choices[0]['title']} — default of notice {notice.number}")
    return case, note


# ------------------------------------------------------------------------------------ offences

def earlier_convictions(body: Body, procedure_id: str, person: Person, before: dt.date) -> list[Case]:
    """Cases of the same person under the same provision with a conviction (or penalty) dated before."""
    ids = (CaseEvent.objects.filter(body=body, type__in=CONVICTION_EVENTS, on_date__lt=before,
                                    case__procedure=procedure_id, case__applicant=person)
           .values_list("case_id", flat=True).distinct())
    return list(Case.objects.filter(pk__in=list(ids)).order_by("opened_on", "pk"))


def record_offence(user, body: Body, procedure_id: str, on, data: dict, **kw):
    require_staff(user, body, "record offences")

    def prepare(proc, ev_type, who, data):
        et = proc.events[ev_type]
        prior = earlier_convictions(body, procedure_id, who, as_day(on))
        note = {"prior_convictions": len(prior), "earlier_cases": [c.number for c in prior]}
        if "prior_convictions" in et.fields:
            given = data.get("prior_convictions")
            if given not in (None, "") and int(given) != len(prior):
                raise Invalid(f"prior_convictions is counted from the register, not entered: {who.name} has "
                              f"{len(prior)} earlier conviction(s) under this provision"
                              f"{' (' + ', '.join(note['earlier_cases']) + ')' if prior else ''}.",
                              code="prior_convictions_counted")
            data["prior_convictions"] = len(prior)
        return data, note

    return _open_case(user, body, procedure_id, ("offence",), on, data, prepare=prepare, **kw)


def record_conviction(user, case_id: int, *, on, version: int, type: str | None = None, late_reason: str = "") -> Case:
    """Record the conviction (or the penalty imposed). Where the Act's procedure asks at conviction for the
    number of earlier convictions, it is counted from the register, as for the offence."""
    case = access.case_for(user, case_id)
    require_staff(user, case.body, "record convictions")
    pack, proc = RS.get_pack(case.act_id), None
    proc = RS.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    types = [t for t in CONVICTION_EVENTS if t in proc.events]
    if type:
        if type not in types:
            raise Invalid(f"'{type}' is not a conviction or penalty of '{proc.title}': {', '.join(types) or 'none'}.",
                          code="not_a_conviction")
        types = [type]
    if not types:
        raise Invalid(f"'{proc.title}' has no conviction or penalty event.", code="not_a_conviction")
    et = proc.events[types[0]]
    data = {}
    if "prior_convictions" in et.fields:
        if case.applicant is None:
            raise Invalid("The case names no accused to count earlier convictions for.")
        data["prior_convictions"] = len(earlier_convictions(case.body, case.procedure, case.applicant, case.opened_on))
    case, _ev = RS.append_event(user, case.pk, RS.EventInput(type=et.id, on=on, data=data, late_reason=late_reason),
                                version)
    return case


# ------------------------------------------------------------------------------------ demands and payments

def raise_penalty_demand(user, case_id: int, *, on, amount, note: str = "") -> Demand:
    """A fine or penalty imposed in an offence case, as a demand: refused above the engine's maximum."""
    amt = money(amount)
    with transaction.atomic():
        case = access.case_for(user, case_id, lock=True)
        require_staff(user, case.body, "raise demands")
        day = as_day(on)
        _check_day(day, "on")
        rows = list(case.events.order_by("seq"))
        if not any(r.type in CONVICTION_EVENTS for r in rows):
            raise LawRefused(f"Case {case.number} has no conviction or penalty imposed yet: a fine is due only "
                             "after it.", code="not_convicted")
        result = _evaluate(case)
        amounts = result.amounts or {}
        top = amounts.get("total_max") or amounts.get("fine_max") or amounts.get("fine_fixed")
        cites = RS.get_pack(case.act_id).procedure(case.procedure).penalty or {}
        cite = cites.get("cites")
        cite = cite[0] if isinstance(cite, list) else cite
        if top is not None and amt > Decimal(str(top)):
            raise LawRefused(f"{rupees(amt)} is more than the law allows in this case: at most {rupees(top)} "
                             f"({section_label(cite)}).", code="above_maximum", cites=[cite] if cite else [])
        n = next_number(case.body, "DMD", day.year)
        return Demand.objects.create(
            body_id=case.body_id, number=f"{case.body.code.upper()}/DMD/{day.year}/{n:05d}", kind="penalty",
            person=case.applicant, property=case.property, case=case, amount=amt, raised_on=day,
            description=(note or f"Fine/penalty in case {case.number}")[:300],
            recoverable_as="fine or penalty imposed", cites=cite or "", quote=cites.get("quote", ""), created_by=user)


def record_paid_event(user, case_id: int, *, on, amount, version: int, person_id=None, person=None,
                      mode: str = "cash", late_reason: str = "") -> tuple[Case, Payment]:
    """An event on which the Act makes an amount payable there and then (pound fees and expenses on a claim,
    Goa s.112-D): the case's event, the demand and its payment with a numbered receipt, in one transaction."""
    amt = money(amount)
    with transaction.atomic():
        case = access.case_for(user, case_id, lock=True)
        require_staff(user, case.body, "receive fees")
        fee = M.load(case.act_id).fees.get(case.procedure)
        if fee is None:
            raise Invalid(f"No fee is set up for '{case.procedure}' cases.", code="no_fee")
        payer = person_for(case.body, person_id, person) if (person_id is not None or person) else case.applicant
        if payer is None:
            raise Invalid("Name the person who pays (person or person_id).", code="person_required")
        case, ev = RS.append_event(user, case.pk, RS.EventInput(type=fee["event"], on=on, late_reason=late_reason,
                                                                data={fee["amount_field"]: float(amt)}), version)
        day = as_day(on)
        n = next_number(case.body, "DMD", day.year)
        d = Demand.objects.create(
            body_id=case.body_id, number=f"{case.body.code.upper()}/DMD/{day.year}/{n:05d}", kind="fee", person=payer,
            property=case.property, case=case, case_event=ev, amount=amt, raised_on=day,
            description=f"{fee['event'].replace('_', ' ')} in case {case.number}", recoverable_as="payable on the event",
            cites=fee["cites"], quote=fee["quote"], created_by=user)
        n = next_number(case.body, "RCT", day.year)
        p = Payment.objects.create(body_id=case.body_id, demand=d, amount=amt, paid_on=day, mode=mode[:30],
                                   received_by=user, receipt_number=f"{case.body.code.upper()}/RCT/{day.year}/{n:06d}")
    return case, p


def record_payment(user, demand_id: int, *, amount, paid_on: dt.date, mode: str = "cash", reference: str = "") -> Payment:
    amt = money(amount)
    _check_day(paid_on, "paid_on")
    with transaction.atomic():
        d = Demand.objects.select_for_update().select_related("body").filter(pk=demand_id).first()
        if d is None or not access.visible_bodies(user).filter(pk=d.body_id).exists():
            raise NotFound(f"No demand {demand_id} that you can see.")
        require_staff(user, d.body, "receive payments")
        if paid_on < d.raised_on:
            raise Invalid(f"paid_on {paid_on.isoformat()} is before the demand was raised ({d.raised_on.isoformat()}).",
                          code="paid_before_demand")
        due = d.amount - d.paid()
        if amt > due:
            raise Invalid(f"{rupees(amt)} is more than what is outstanding on {d.number} ({rupees(due)}).",
                          code="overpayment")
        n = next_number(d.body, "RCT", paid_on.year)
        return Payment.objects.create(body_id=d.body_id, demand=d, amount=amt, paid_on=paid_on, mode=mode[:30],
                                      reference=reference[:100], received_by=user,
                                      receipt_number=f"{d.body.code.upper()}/RCT/{paid_on.year}/{n:06d}")


def demand_out(d: Demand, as_of: dt.date | None = None) -> dict:
    paid = d.paid(as_of)
    pays = d.payments.all() if as_of is None else d.payments.filter(paid_on__lte=as_of)
    return {"id": d.pk, "number": d.number, "kind": d.kind, "person": d.person.name, "person_id": d.person_id,
            "case": d.case.number if d.case_id else None, "case_id": d.case_id, "amount": q(d.amount),
            "paid": q(paid), "outstanding": q(d.amount - paid), "raised_on": d.raised_on.isoformat(),
            "description": d.description, "recoverable_as": d.recoverable_as, "cites": section_label(d.cites),
            "cite_id": d.cites, "quote": d.quote,
            "payments": [{"receipt_number": p.receipt_number, "amount": q(p.amount), "paid_on": p.paid_on.isoformat(),
                          "mode": p.mode} for p in pays.order_by("paid_on", "pk")]}


def ledger(demands, as_of: dt.date | None = None) -> dict:
    qs = demands.select_related("person", "case", "body")
    if as_of is not None:
        qs = qs.filter(raised_on__lte=as_of)
    rows = [demand_out(d, as_of) for d in qs.order_by("raised_on", "pk")]
    total = sum((Decimal(r["amount"]) for r in rows), Decimal("0"))
    paid = sum((Decimal(r["paid"]) for r in rows), Decimal("0"))
    return {"as_of": (as_of or _today()).isoformat(), "demands": rows, "total_demanded": q(total),
            "total_paid": q(paid), "outstanding": q(total - paid)}


# ------------------------------------------------------------------------------------ emergency expenditure

EMERGENCY_PROCEDURE = "sarpanch_emergency_expenditure"


def record_emergency_expenditure(user, body: Body, *, spent_on: dt.date, amount, purpose: str,
                                 emergency: bool = False, public_interest: bool = False,
                                 late_reason: str = "") -> EmergencyExpenditure:
    """The Sarpanch's expenditure in an emergency (Goa s.64(1)(d)). The month's earlier expenditure is
    added up here from the records, and the engine (the pack's procedure, with its cap) decides; where
    the pack has no such procedure, the cap parameter is applied here with its citation."""
    ee = M.load(body.act_id).emergency_expenditure
    if not ee:
        raise Invalid(f"The Act of {body.name} sets no emergency expenditure power to record here.",
                      code="no_emergency_power")
    if not user.is_superuser and not any(
            m.role == Role.DECIDING_OFFICER and m.body_id == body.pk and m.office in ("", ee["by"])
            for m in access.memberships(user)):
        raise Forbidden(f"Emergency expenditure under this power is incurred by the {ee['by'].title()} of {body.name}.")
    amt = money(amount)
    _check_day(spent_on, "spent_on")
    if not (purpose or "").strip():
        raise Invalid("Say on what matter the money is spent (purpose).", code="purpose_required")
    pack = RS.get_pack(body.act_id)
    cap, cites, quote = pack.parameter(ee["parameter"], spent_on)
    cap = Decimal(str(cap))
    first = spent_on.replace(day=1)
    last = (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    with transaction.atomic():
        Counter.objects.get_or_create(body=body, series="EMG", year=spent_on.year)
        Counter.objects.select_for_update().get(body=body, series="EMG", year=spent_on.year)   # serialise the month
        earlier = EmergencyExpenditure.objects.filter(body=body, spent_on__range=(first, last))
        if _cap_per_matter(body, pack, ee):   # the body reads the cap as one for each matter: the same purpose only
            earlier = earlier.filter(purpose=purpose[:300])
        spent = earlier.aggregate(s=Sum("amount"))["s"] or Decimal("0")
        case = None
        if EMERGENCY_PROCEDURE in pack.procedures:
            case = RS.create_case(user, body, EMERGENCY_PROCEDURE, RS.EventInput(
                type="expenditure_incurred", on=spent_on, by=ee["by"], late_reason=late_reason,
                data={"amount": float(amt), "earlier_in_month": float(spent), "month_total": float(spent + amt),
                      "matter": purpose[:300], "emergency": bool(emergency), "public_interest": bool(public_interest)}),
                title=f"Emergency expenditure: {purpose[:200]}")
        elif spent + amt > cap:
            raise LawRefused(
                f"{rupees(amt)} would take the Sarpanch's emergency expenditure in {spent_on:%B %Y} to "
                f"{rupees(spent + amt)}, above the cap of {rupees(cap)} a month ({section_label(cites)}: \"{quote}\"). "
                f"Already spent this month: {rupees(spent)}; at most {rupees(max(cap - spent, Decimal(0)))} more.",
                code="above_monthly_cap", cites=[cites])
        return EmergencyExpenditure.objects.create(body=body, spent_on=spent_on, amount=amt, purpose=purpose[:300],
                                                   cap=cap, cites=cites, recorded_by=user, case=case)


def _cap_per_matter(body: Body, pack, ee: dict) -> bool:
    """Whether the body's reading (the mapping's `per_matter`) counts the cap for each matter alone."""
    chosen = E.settings_snapshot(body)["interpretations"]
    return any(pack.reading_for(EMERGENCY_PROCEDURE, iid, chosen)[1] == r for iid, r in (ee.get("per_matter") or {}).items())


# ------------------------------------------------------------------------------------ registers

REGISTER_KINDS = {"notices": ("notice",), "offences": ("offence",), "pound": ("pound", "complaint"),
                  "licences": ("licence",), "public_notices": ("public_notice",), "applications": ("application",),
                  "inspections": ("inspection",), "meetings": ("meeting", "governance"),
                  "other_registers": ("register", "check", "appeal")}
REGISTER_NAMES = ("complaints", "demands", *REGISTER_KINDS)


def _day_end(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day + dt.timedelta(days=1), dt.time()))


def register(user, body: Body, name: str, as_of: dt.date | None = None) -> dict:
    """A register as it stood at the end of `as_of` (default today): the entries made by then, each with
    the status the law gave it on that day (the engine replays only the events recorded by then)."""
    require_reader(user, body)
    day = as_of or _today()
    if name == "complaints":
        qs = Complaint.objects.filter(body=body, received_at__lt=_day_end(day)).order_by("received_at", "pk")
        rows = []
        for c in qs:
            acts = [a for a in c.actions.order_by("pk") if a.recorded_at < _day_end(day)]
            rows.append({"number": c.number, "category": c.category, "received_at": c.received_at.isoformat(),
                         "status": complaint_status(acts)})
        return {"register": name, "as_of": day.isoformat(), "entries": rows}
    if name == "demands":
        return {"register": name, **ledger(Demand.objects.filter(body=body), day)}
    if name not in REGISTER_KINDS:
        raise Invalid(f"No register '{name}'. Registers: {', '.join(REGISTER_NAMES)}.",
                      code="unknown_register")
    pack = RS.get_pack(body.act_id)
    kinds = REGISTER_KINDS[name]
    procs = [pid for pid, src in pack.procedures.items() if (src.raw.get("kind") in kinds)]
    end = dt.datetime.combine(day, dt.time(23, 59, 59))
    rows = []
    for case in (Case.objects.filter(body=body, procedure__in=procs, opened_on__lte=day)
                 .select_related("applicant", "body").order_by("opened_on", "pk")):
        events = [r for r in case.events.order_by("seq") if r.on_date <= day]
        result = E.evaluate(case, events, as_of=end)[1]
        amounts = {k: v for k, v in (result.amounts or {}).items() if v is not None}
        rows.append({"case": case.number, "case_id": case.pk, "procedure": case.procedure,
                     "person": case.applicant.name if case.applicant else None, "opened_on": case.opened_on.isoformat(),
                     "status": result.status, "status_label": result.status_label, "closed": result.closed,
                     "next_deadline": E.as_json(result.next_deadline), "amounts": E.as_json(amounts),
                     "events": [{"type": r.type, "on": r.on_date.isoformat()} for r in events]})
    return {"register": name, "as_of": day.isoformat(), "entries": rows}
