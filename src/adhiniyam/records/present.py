"""A case as the API and the web pages show it: derived afresh as of now, with the explanation."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from . import access
from . import engine as E
from . import roles as R
from .models import DUE_NEVER, Document
from .prepared import Prepared
from .services import events_of, get_pack, get_procedure


def field_out(f) -> dict:
    return {"type": f.type, "required": bool(f.required), "title": getattr(f, "title", "") or "",
            "choices": list(f.choices or []), "default": E.as_json(f.default)}


def procedure_out(pack, proc) -> dict:
    return {
        "id": proc.id, "title": proc.title, "kind": proc.kind, "cites": list(proc.cites or []), "quote": proc.quote or "",
        # a role the pack gives no title (a defect of the pack, reported by its check) is shown by its id
        "roles": {r: title or r.replace("_", " ") for r, title in proc.roles.items()}, "role_kinds": {r: R.kind_of(pack.id, r) for r in proc.roles},
        "statuses": dict(proc.statuses), "opening_events": proc.opening_events,
        "events": [{"id": et.id, "title": et.title, "by": list(et.by), "opens": bool(et.opens), "closes": bool(et.closes),
                    "cites": list(et.cites or []), "fields": {n: field_out(f) for n, f in et.fields.items()}}
                   for et in proc.events.values() if not et.system],
    }


def summary(case) -> dict:
    return {"id": case.pk, "number": case.number, "body": case.body.code, "procedure": case.procedure,
            "title": case.title, "status": case.status, "status_label": case.status_label, "closed": case.closed,
            "opened_on": case.opened_on.isoformat(),
            "next_deadline": case.next_deadline.isoformat() if case.next_deadline else None,
            "next_deadline_who": case.next_deadline_who,
            "due": case.due.isoformat() if case.due != DUE_NEVER else None,
            "overdue": case.due < E.today() if case.due != DUE_NEVER else False, "version": case.version}


SUMMARY_FIELDS = ("id", "number", "body__code", "procedure", "title", "status", "status_label", "closed", "opened_on",
                  "next_deadline", "next_deadline_who", "due", "version")


def summaries(qs) -> list[dict]:
    """Inbox rows straight from the index and the row, without loading the stored engine answer."""
    today = E.today()
    out = []
    for r in qs.values(*SUMMARY_FIELDS):
        due = r["due"] if r["due"] != DUE_NEVER else None
        out.append({"id": r["id"], "number": r["number"], "body": r["body__code"], "procedure": r["procedure"],
                    "title": r["title"], "status": r["status"], "status_label": r["status_label"], "closed": r["closed"],
                    "opened_on": r["opened_on"].isoformat(),
                    "next_deadline": r["next_deadline"].isoformat() if r["next_deadline"] else None,
                    "next_deadline_who": r["next_deadline_who"], "due": due.isoformat() if due else None,
                    "overdue": bool(due and due < today), "version": r["version"]})
    return out


def document_out(doc) -> dict:
    return {"id": doc.pk, "kind": doc.kind, "title": doc.title, "content_type": doc.content_type, "size": doc.size,
            "sha256": doc.sha256, "uploaded_at": doc.uploaded_at.isoformat(),
            "url": reverse("api:document_download", kwargs={"doc_id": doc.pk})}


def property_out(prop) -> dict:
    """A property, and whether the office vouches for it: its own record, or a citizen's declaration on an
    application that the office has verified (no certificate of a deemed outcome rests on it before)."""
    return {"id": prop.pk, "address": prop.address, "survey_number": prop.survey_number,
            "verified": prop.verified, "declared_on_application": prop.declared_by_id is not None}


def event_out(proc, row) -> dict:
    """One entry of the case log, with how it was dated: by the server's clock on receipt (a party's own
    submission), as office staff gave it, or recorded late (a day after it happened) with the reason."""
    return {"seq": row.seq, "type": row.type,
            "title": proc.events[row.type].title if row.type in proc.events else row.type,
            "on": (_utc(row.on_at) if row.on_at else row.on_date.isoformat()), "by": row.by_role,
            "actor": row.actor.username if row.actor else None, "system": row.system, "data": row.data,
            "recorded_at": _utc(row.recorded_at), "dated_by": dated_by(row),
            "recorded_late": row.recorded_late, "late_reason": row.late_reason, "hash": row.hash}


def _utc(moment: dt.datetime) -> str:
    """A moment in UTC, as the database gives it back: a write's answer (built from what it computed, in the
    server's zone) and a read of the same case say the same."""
    return moment.astimezone(dt.UTC).isoformat()


def dated_by(row) -> str:
    """law: an outcome of time, dated by the Act; clock: dated by the server's clock when received; office:
    the day office staff gave (recorded_late says whether that was before the day of entry)."""
    return "law" if row.system else "clock" if row.clock_dated else "office"


def _warnings(case, pack, proc, routes) -> list[str]:
    """What the reader of a case should know that its status does not say."""
    out = []
    if str(pack.version) != case.pack_version:
        out.append(f"This case is bound to law-pack version {case.pack_version}, which is not stored here; it is "
                   f"evaluated under the version now installed, {pack.version}. Check the explanation for changed "
                   "rules.")
    if case.property_id is not None and not case.property_here.verified:
        out.append("The property was declared on the application and the office has not yet verified it: no "
                   "certificate of a deemed outcome is issued on it until the office has.")
    for role in proc.roles:
        if R.kind_of(case.act_id, role) == R.AUTHORITY and not any(r.role == role for r, _office in routes):
            out.append(f"No office of '{proc.roles[role]}' ({role}) is set up above {case.body.name}: "
                       "an administrator should add it in the admin (Bodies → Offices).")
    return out


def case_out(user, case, as_of: dt.datetime | None = None, explain: bool = True) -> dict:
    """A case as read: derived afresh as of now (or `as_of`), with the explanation unless `explain` is False."""
    pack = get_pack(case.act_id, case.pack_version)
    proc = get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    rows = events_of(case)
    warnings = []
    try:
        _p, result = E.evaluate(case, rows, as_of=as_of, trace=explain)
        d = E.as_json(result)
    except E.law().LawError as exc:
        # the installed law pack no longer accepts this history: show what was stored, and say why
        d = dict(case.derived or {})
        warnings.append(f"The law pack installed now refuses this case's recorded events ({exc.message}); shown "
                        f"is the answer stored on {case.derived_as_of:%d %B %Y %H:%M}. Ask the administrator "
                        "to check the case against the pack's changes.")
        result = None
    routes = [(r, r.office_body) for r in access.routes_of(case)]
    allowed = (result.allowed if result is not None else d.get("allowed")) or {}
    return _out(user, case, pack, proc, d, allowed, rows, routes, _documents(case), warnings, as_of)


def written(user, w, explain: bool = False) -> dict:
    """The answer to a write, from what the write stored and the engine answered (no reading back); the
    explanation only when asked (`explain`), since tracing costs three evaluations' time."""
    case = w.case
    d = dict(case.derived)               # the answer made JSON-ready once, as the write stored it (set_derived)
    if explain:
        d["trace"] = E.as_json(E.evaluate(case, w.rows, trace=True)[1].trace)
    documents = _documents(case) if len(w.rows) > 1 else []     # a case just opened has none yet
    return _out(user, case, w.pack, w.procedure, d, w.result.allowed or {}, w.rows, w.routes, documents, [], None)


_DOCUMENTS = Prepared(lambda body_id, case_id: Document.objects.filter(body_id=body_id, case_id=case_id).order_by("pk"),
                      -101, -102)


def _documents(case) -> list[dict]:
    """The case's documents; none read when the case's own read found it has none (`has_documents`,
    annotated by access.case_for; a case read otherwise is looked up)."""
    if not getattr(case, "has_documents", True):
        return []
    return [document_out(doc) for doc in _DOCUMENTS(case.body_id, case.pk)]


def _out(user, case, pack, proc, d: dict, allowed_now: dict, rows, routes, documents, warnings, as_of) -> dict:
    mine = access.acting_roles(user, case, proc, [r for r, _office in routes])
    my_actions = []
    for role in mine:
        for etype in allowed_now.get(role, []):
            et = proc.events[etype]
            my_actions.append({"type": etype, "title": et.title, "as_role": role,
                               "fields": {n: field_out(f) for n, f in et.fields.items()}})
    warnings += _warnings(case, pack, proc, routes)
    applicant, prop = case.applicant_here, case.property_here
    out = summary(case)
    out.update({
        "act_id": case.act_id, "pack_version": case.pack_version,
        "pack_current": str(E.load_pack(case.act_id).version) == case.pack_version,
        "as_of": (as_of or E.now_local()).isoformat(),
        "status": d.get("status") or case.status, "status_label": d.get("status_label") or case.status_label,
        "closed": d.get("closed", case.closed),
        "applicant": {"id": applicant.pk, "name": applicant.name} if applicant else None,
        "property": property_out(prop) if prop else None,
        "deadlines": d.get("deadlines", []), "deemed": d.get("deemed", []), "allowed": d.get("allowed", {}),
        "my_actions": my_actions, "my_roles": mine, "amounts": d.get("amounts", {}), "findings": d.get("findings", {}),
        "versions": d.get("versions", {}), "readings": d.get("readings", {}), "explanation": d.get("trace") or [],
        "routes": [{"role": r.role, "office": office.code, "office_name": office.name, "active": r.active}
                   for r, office in routes],
        "events": [event_out(proc, r) for r in rows],
        "documents": documents,
        "warnings": warnings,
    })
    return out
