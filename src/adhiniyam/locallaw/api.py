"""The public register of local instruments, per body: its own small API at /local-law/api/
(OpenAPI at /local-law/api/openapi.json; the same authentication and problem+json errors as /api/).

  GET  /local-law/api/bodies/{code}/instruments[?on=YYYY-MM-DD]   public: what binds the body, and what it sets
  GET  /local-law/api/bodies/{code}/areas                         public: named areas and their declarations
  POST /local-law/api/bodies/{code}/instruments                   an administrator enters one (checked by the Act)
  POST /local-law/api/bodies/{code}/areas                         an administrator enters a named area
  GET  /local-law/api/cases/{id}/fee                              the fee a case owes, from the schedules in force

It is not mounted on /api/ until the API's authorization matrix (tests/robustness) lists these endpoints
(var/engine-requests/locallaw.md).
"""

from __future__ import annotations

import datetime as dt
import json

from django.utils.translation import gettext as _
from ninja import NinjaAPI, Router, Status

from adhiniyam.records import access
from adhiniyam.records.errors import Invalid, NotFound
from adhiniyam.records.models import Body

from . import services as S
from .models import Instrument, NamedArea

router = Router(tags=["local law"])


def _body(code: str) -> Body:
    body = Body.objects.filter(code=code, active=True).first()
    if body is None:
        raise NotFound(f"No body with code {code!r}.", code="unknown_body")
    return body


def _on(value: str | None) -> dt.date | None:
    if not value:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise Invalid(f"'{value}' is not a date. Write dates as YYYY-MM-DD (e.g. 2026-04-01).", code="bad_date",
                      errors=[{"field": "on", "message": "use YYYY-MM-DD"}]) from None


def _iso(d):
    return d.isoformat() if d else None


def words(value) -> str:
    """A value as the register shows it: a period in words ("2 years"), else the number."""
    from adhiniyam.law.time import Period

    if isinstance(value, dict):
        try:
            return str(Period.parse(value))
        except Exception:
            return str(value)
    return "" if value is None else str(value)


def cite(act_id: str, node_id: str | None) -> dict | None:
    """{id, label, url} of a provision: "s.106(2) …" and a link into the statute browser, where the web
    app is installed."""
    if not node_id:
        return None
    try:
        from adhiniyam.web.lawtext import cite_label, section_url
        return {"id": node_id, "label": cite_label(node_id), "url": section_url(act_id, node_id)}
    except Exception:
        return {"id": node_id, "label": node_id, "url": None}


def register_entry(row: Instrument, pack, on: dt.date | None) -> dict:
    """One line of the public register: the instrument, what the Act says, and what it changes."""
    inst = row.engine()
    sets = []
    for name, value in (row.sets or {}).items():
        p = pack.parameters.get(name) or {}
        try:
            base, cites, quote = pack.parameter(name, inst.commencement)
        except Exception:
            base, cites, quote = None, p.get("cites"), p.get("quote", "")
        sets.append({"parameter": name, "title": p.get("title", name), "unit": p.get("unit"), "value": value,
                     "act_value": base, "cites": cites, "quote": quote, "value_words": words(value),
                     "act_value_words": words(base) if base is not None else _("left to be prescribed"),
                     "cite": cite(row.act_id, cites)})
    switches = [{"switch": s, "title": (pack.switches.get(s) or {}).get("title", s),
                 "cites": (pack.switches.get(s) or {}).get("cites"),
                 "cite": cite(row.act_id, (pack.switches.get(s) or {}).get("cites"))} for s in row.switches_on or []]
    node = pack.nodes.get(row.under) or {}
    return {"id": row.ident, "title": row.title, "kind": row.kind, "kind_label": row.get_kind_display(),
            "layer": row.layer, "made_by": row.made_by, "body": row.body.code if row.body_id else None,
            "act": row.act_id, "under": row.under, "under_heading": node.get("heading", ""),
            "under_cite": cite(row.act_id, row.under),
            "commencement": _iso(row.commencement), "repeal": _iso(row.repeal), "approved_on": _iso(row.approved_on),
            "published_on": _iso(row.published_on), "area": row.area or None, "procedure": row.procedure or None,
            "text": row.text, "sets": sets, "switches_on": switches,
            "in_force": inst.in_force(on) if on else None, "label": inst.label()}


def register(body: Body, on: dt.date | None = None, only_in_force: bool = True) -> dict:
    pack = S._pack(body.act_id, body.code) if body.act_id else None
    rows = list(S.instrument_rows(body)) if pack is not None else []
    entries = [register_entry(r, pack, on) for r in rows]
    if on is not None and only_in_force:
        entries = [e for e in entries if e["in_force"]]
    return {"body": body.code, "name": body.name, "state": body.state, "act": body.act_id or None,
            "act_title": pack.title if pack is not None else None, "on": _iso(on), "instruments": entries}


def areas_out(body: Body) -> list[dict]:
    chain = [b.pk for b in body.ancestors(include_self=True)]
    out = []
    for a in NamedArea.objects.filter(body_id__in=chain).select_related("body").order_by("name"):
        out.append({"name": a.name, "kind": a.kind, "kind_label": a.get_kind_display(), "body": a.body.code,
                    "sections": list(a.sections or []),
                    "section_labels": [(cite(body.act_id, x) or {}).get("label", x) for x in a.sections or []],
                    "resolution_on": _iso(a.resolution_on),
                    "public_notice_on": _iso(a.public_notice_on), "source": a.source,
                    "boundary": json.loads(a.boundary) if a.boundary else None})
    return out


@router.get("/bodies/{code}/instruments", auth=None)
def list_instruments(request, code: str, on: str | None = None):
    """The public register: every bye-law, rule, notification, order, resolution and fee schedule that binds
    the body (the State's, the district's and its own), with what each sets against the Act's own figure.
    `on`: only those in force that day."""
    return register(_body(code), _on(on))


@router.get("/bodies/{code}/areas", auth=None)
def list_areas(request, code: str, lat: float | None = None, lon: float | None = None):
    """Named areas of the body (and of the bodies above it), with any declaration and boundary. With `lat`
    and `lon`: only the areas whose boundary contains that point (which ward, which controlled area)."""
    body = _body(code)
    out = areas_out(body)
    if lat is not None or lon is not None:
        if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
            raise Invalid("Give both lat (−90…90) and lon (−180…180), in decimal degrees.", code="bad_point")
        names = {a.name for a in S.areas_at(body, lat, lon)}
        out = [a for a in out if a["name"] in names]
    return out


def _payload(request) -> dict:
    try:
        data = json.loads(request.body or b"{}")
    except ValueError as exc:
        raise Invalid(f"the request body is not valid JSON ({exc})", code="invalid_request") from None
    if not isinstance(data, dict):
        raise Invalid("send one instrument as a JSON object", code="invalid_request")
    return data


@router.post("/bodies/{code}/instruments", response={201: dict})
def enter_instrument(request, code: str):
    """Enter an instrument (the exchange form of docs/law-packs.md) for this body, or — with
    `layer: state` / `district` — for the State or district above it. Refused, with the section, if the Act
    does not empower it; nothing is stored then."""
    body = _body(code)
    data = _payload(request)
    if data.get("layer", "body") == "body":
        data.setdefault("body", body.code)
    if not data.get("body") and data.get("layer") == "district":
        district = next((b for b in body.ancestors(include_self=True) if b.kind == "district"), None)
        if district is not None:
            data["body"] = district.code
    data.setdefault("state", body.state)
    if body.act_id:
        data.setdefault("act", body.act_id)
    row = S.add_instrument(request.user, data)
    pack = S._pack(row.act_id, row.ident)
    return Status(201, register_entry(row, pack, None))


@router.post("/bodies/{code}/areas", response={201: dict})
def enter_area(request, code: str):
    """Enter (or replace) a named area of this body."""
    body = _body(code)
    S.add_area(request.user, body, _payload(request))
    return Status(201, {"areas": areas_out(body)})


@router.get("/cases/{case_id}/fee")
def case_fee(request, case_id: int):
    """The fee the case's procedure charges, computed from the fee schedules in force on the day it opened,
    with the schedule named (for the receipt)."""
    case = access.case_for(request.user, case_id)
    fee = S.fee_for(case)
    if fee is None:
        raise NotFound(f"The procedure '{case.procedure}' of case {case.number} charges no fee under its Act.",
                       code="no_fee")
    return fee


def _make_api() -> NinjaAPI:
    from adhiniyam.api import problems
    from adhiniyam.api.auth import AUTH
    from adhiniyam.api.openapi import DeclaredProblemsAPI

    api = DeclaredProblemsAPI(title="Adhiniyam local law API", version="1", auth=AUTH, urls_namespace="locallaw-api",
                   description="The register of bye-laws, rules, notifications and fee schedules per body. Reading "
                               "is public; entering needs an administrator of the body (or above).")
    problems.install(api)
    api.add_router("/", router)
    return api


api = _make_api()
