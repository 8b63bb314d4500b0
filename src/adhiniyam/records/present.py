"""A case as the API and the web pages show it: derived afresh as of now, with the explanation."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from . import access
from . import engine as E
from . import roles as R
from .models import DUE_NEVER
from .services import get_pack, get_procedure


def field_out(f) -> dict:
    return {"type": f.type, "required": bool(f.required), "title": getattr(f, "title", "") or "",
            "choices": list(f.choices or []), "default": E.as_json(f.default)}


def procedure_out(pack, proc) -> dict:
    return {
        "id": proc.id, "title": proc.title, "kind": proc.kind, "cites": list(proc.cites or []), "quote": proc.quote or "",
        "roles": dict(proc.roles), "role_kinds": {r: R.kind_of(pack.id, r) for r in proc.roles},
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


def case_out(user, case, as_of: dt.datetime | None = None) -> dict:
    pack = get_pack(case.act_id, case.pack_version)
    proc = get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    rows = list(case.events.select_related("actor").order_by("seq"))
    warnings = []
    try:
        _p, result = E.evaluate(case, rows, as_of=as_of)
        d = E.as_json(result.to_dict())
    except E.law().LawError as exc:
        # the installed law pack no longer accepts this history: show what was stored, and say why
        d = dict(case.derived or {})
        warnings.append(f"The law pack installed now refuses this case's recorded events ({exc.message}); shown "
                        f"is the answer stored on {case.derived_as_of:%d %B %Y %H:%M}. Ask the administrator "
                        "to check the case against the pack's changes.")
        result = None
    allowed_now = (result.allowed if result is not None else d.get("allowed")) or {}
    mine = access.acting_roles(user, case, proc)
    my_actions = []
    for role in mine:
        for etype in allowed_now.get(role, []):
            et = proc.events[etype]
            my_actions.append({"type": etype, "title": et.title, "as_role": role,
                               "fields": {n: field_out(f) for n, f in et.fields.items()}})
    if str(pack.version) != case.pack_version:
        warnings.append(f"This case is bound to law-pack version {case.pack_version}, which is not stored here; it "
                        f"is evaluated under the version now installed, {pack.version}. Check the explanation for "
                        "changed rules.")
    for role in proc.roles:
        if R.kind_of(case.act_id, role) == R.AUTHORITY and not any(r.role == role for r in case.routes.all()):
            warnings.append(f"No office of '{proc.roles[role]}' ({role}) is set up above {case.body.name}: "
                            "an administrator should add it in the admin (Bodies → Offices).")
    out = summary(case)
    out.update({
        "act_id": case.act_id, "pack_version": case.pack_version,
        "pack_current": str(E.load_pack(case.act_id).version) == case.pack_version,
        "as_of": (as_of or E.now_local()).isoformat(),
        "status": d.get("status") or case.status, "status_label": d.get("status_label") or case.status_label,
        "closed": d.get("closed", case.closed),
        "applicant": {"id": case.applicant.pk, "name": case.applicant.name} if case.applicant else None,
        "property": ({"id": case.property.pk, "address": case.property.address,
                      "survey_number": case.property.survey_number} if case.property else None),
        "deadlines": d.get("deadlines", []), "deemed": d.get("deemed", []), "allowed": d.get("allowed", {}),
        "my_actions": my_actions, "my_roles": mine, "amounts": d.get("amounts", {}), "findings": d.get("findings", {}),
        "versions": d.get("versions", {}), "readings": d.get("readings", {}), "explanation": d.get("trace", []),
        "routes": [{"role": r.role, "office": r.office_body.code, "office_name": r.office_body.name, "active": r.active}
                   for r in case.routes.select_related("office_body")],
        "events": [{"seq": r.seq, "type": r.type, "title": proc.events[r.type].title if r.type in proc.events else r.type,
                    "on": (r.on_at.isoformat() if r.on_at else r.on_date.isoformat()), "by": r.by_role,
                    "actor": r.actor.username if r.actor else None, "system": r.system, "data": r.data,
                    "recorded_at": r.recorded_at.isoformat(), "hash": r.hash} for r in rows],
        "documents": [document_out(doc) for doc in case.documents.order_by("pk")],
        "warnings": warnings,
    })
    return out
