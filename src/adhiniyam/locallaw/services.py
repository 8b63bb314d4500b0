"""Writes and reads of local law. Every write is one transaction, checked against the Act first:
an instrument that the Act does not empower, or that goes past a statutory bound, is refused with the
engine's words and the section, and nothing is stored.

  add_instrument(user, data)     enter one instrument (the exchange form, docs/law-packs.md)
  add_area(user, body, ...)      enter a named area (ward, village, controlled rural area, notified area)
  instruments_for(body, on)      the State's, the district's and the body's own instruments, for the engine
  settings_for(body)             {instruments, areas} for BodySettings (the records service's hook)
  import_text / export_state     a whole State's instruments and areas at once, refused whole if any is bad
  fee_for(case)                  the fee a procedure with `fee:` charges, from the schedules in force
"""

from __future__ import annotations

import datetime as dt
import logging

import yaml
from django.db import transaction
from django.db.models import Q

from adhiniyam.progress import track
from adhiniyam.records import engine as E
from adhiniyam.records.errors import Forbidden, Invalid, LawRefused, NotFound, ServiceError
from adhiniyam.records.models import Body, Case, Role

from .models import AreaKind, Instrument, NamedArea

log = logging.getLogger("adhiniyam.locallaw")

FIELDS = ("title", "kind", "layer", "made_by", "under", "commencement", "repeal", "approved_on", "published_on",
          "text", "sets", "switches_on")


# ------------------------------------------------------------------------------------------ reads


def _chain(body: Body) -> list[Body]:
    return body.ancestors(include_self=True)


def _chain_ids(body: Body) -> list[int]:
    """The ids of the body and the bodies above it, from its materialised path (no query)."""
    ids = [int(x) for x in (body.path or "").strip("/").split("/") if x.isdigit()]
    return ids or [body.pk]


def instrument_rows(body: Body):
    """Rows of the instruments that bind `body`: the State's (any State-layer instrument of its State
    and Act), its district's and its own (or an ancestor body's, e.g. a Zila Panchayat's bye-law)."""
    if not body.act_id:
        return Instrument.objects.none()
    chain = _chain_ids(body)
    return (Instrument.objects.filter(state=body.state, act_id=body.act_id)
            .filter(Q(layer="state") | Q(body_id__in=chain))
            .select_related("body").order_by("commencement", "ident"))


def instruments_for(body: Body, on: dt.date | None = None) -> list:
    """The engine's Instruments binding `body` (all dates, or only those in force on `on`)."""
    out = [row.engine() for row in instrument_rows(body)]
    return [i for i in out if i.in_force(on)] if on is not None else out


def areas_for(body: Body) -> list[dict]:
    """Declared areas (BodySettings.areas) of the body and the bodies above it."""
    chain = _chain_ids(body)
    out = []
    for a in NamedArea.objects.filter(body_id__in=chain).order_by("name"):
        d = a.declaration()
        if d is not None:
            out.append(d)
    return out


def settings_for(body: Body) -> dict:
    """What local law adds to the engine's BodySettings for `body` (two queries)."""
    return {"instruments": instruments_for(body), "areas": areas_for(body)}


def verify() -> list[dict]:
    """Check every stored instrument again against the law packs as they now stand (a pack may since have
    narrowed what local law may set). Returns the ones now out of power, with the reason and the section."""
    bad = []
    for row in Instrument.objects.select_related("body").order_by("state", "ident"):
        item = row.as_dict()
        item["state"] = row.state
        try:
            validate(item)
        except ServiceError as exc:
            bad.append({"state": row.state, "instrument": row.ident, "message": exc.detail, "cites": exc.cites})
    return bad


# ----------------------------------------------------------------------------------- permissions


def can_enter(user, body: Body | None, state: str) -> bool:
    if user is None:          # the command line: the operator of the deployment
        return True
    if getattr(user, "is_superuser", False):
        return True
    from adhiniyam.records.access import covering, memberships

    for m in memberships(user):
        if m.role != Role.ADMINISTRATOR:
            continue
        if body is not None and m in covering(user, body):
            return True
        if body is None and m.body.kind == "state" and m.body.state == state:
            return True
    return False


# ---------------------------------------------------------------------------------- validation


def _date(value, field: str, ident: str):
    if value in (None, ""):
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise Invalid(f"{ident}: {field} {value!r} is not a date; write it as YYYY-MM-DD (e.g. 2026-04-01).",
                      code="bad_date") from None


def _owner(item: dict, layer: str, state: str | None) -> Body | None:
    ident = item.get("id")
    code = item.get("body")
    if code:
        body = Body.objects.filter(code=code).first()
        if body is None:
            raise NotFound(f"{ident}: no body with code {code!r}.", code="unknown_body")
        return body
    qs = Body.objects.all()
    if state:
        qs = qs.filter(state=state)
    if layer == "state":
        return qs.filter(kind="state").order_by("pk").first()
    found = list(qs.filter(name=item.get("made_by", "")))
    if len(found) == 1:
        return found[0]
    raise Invalid(f"{ident}: name the body it belongs to (`body: <code>`); no single body is called "
                  f"{item.get('made_by')!r}{' in ' + state if state else ''}.", code="unknown_body")


def _act_for(item: dict, body: Body | None, default_act: str | None, state: str) -> str:
    act = item.get("act") or default_act or (body.act_id if body is not None else "")
    if not act and body is not None:
        acts = set(body.subtree().exclude(act_id="").values_list("act_id", flat=True))
        if len(acts) == 1:
            act = acts.pop()
    if not act:
        acts = set(Body.objects.filter(state=state).exclude(act_id="").values_list("act_id", flat=True))
        if len(acts) == 1:
            act = acts.pop()
    if not act:
        raise Invalid(f"{item.get('id')}: say which Act it is made under (`act: <law pack id>`).", code="unknown_act")
    return act


def _pack(act: str, ident: str):
    try:
        return E.load_pack(act)
    except Exception as exc:
        raise Invalid(f"{ident}: no law pack {act!r} ({exc}).", code="unknown_act") from None


def _area_known(name: str, body: Body | None, state: str) -> bool:
    qs = NamedArea.objects.filter(name=name)
    if body is not None:
        return qs.filter(Q(body__path__startswith=body.path) | Q(body__in=_chain(body))).exists()
    return qs.filter(body__state=state).exists()


def validate(item: dict, *, default_state: str | None = None, default_act: str | None = None) -> dict:
    """Check one instrument (the exchange form) against its Act and the records; return the row's fields.
    Raises a ServiceError naming the instrument, with the engine's words and the section when the Act
    does not empower it."""
    from adhiniyam.law import LawError
    from adhiniyam.law.instruments import check, from_dict

    if not isinstance(item, dict):
        raise Invalid(f"an instrument is a mapping of fields, not {item!r}")
    ident = str(item.get("id") or "(no id)")
    try:
        inst = from_dict(item)
    except LawError as exc:
        raise Invalid(f"{ident}: {exc.message}", code="invalid_instrument") from None
    state = (item.get("state") or default_state or "").upper() or None
    body = _owner(item, inst.layer, state)
    if body is not None:
        state = state or body.state
        if body.state != state:
            raise Invalid(f"{ident}: {body.name} is in {body.state}, not {state}.", code="wrong_state")
    if not state:
        raise Invalid(f"{ident}: say which State it belongs to (`state: UK`).", code="unknown_state")
    if inst.layer == "state" and body is not None and body.kind != "state":
        raise Invalid(f"{ident}: a State-layer instrument belongs to the State, not to {body.name}.", code="wrong_layer")
    if inst.layer != "state" and body is None:
        raise Invalid(f"{ident}: a {inst.layer}-layer instrument needs the body it belongs to.", code="unknown_body")
    if inst.layer == "body" and body is not None and not body.act_id:
        raise Invalid(f"{ident}: {body.name} keeps no cases under an Act; a body-layer instrument belongs to a "
                      "panchayat or municipality.", code="wrong_layer")
    act = _act_for(item, body, default_act, state)
    if inst.layer == "body" and body is not None and body.act_id != act:
        raise Invalid(f"{ident}: {body.name} is governed by {body.act_id}, not {act}.", code="wrong_act")
    pack = _pack(act, ident)
    if inst.repeal is not None and inst.repeal <= inst.commencement:
        raise Invalid(f"{ident}: repealed on {inst.repeal}, on or before its commencement ({inst.commencement}).",
                      code="bad_date")
    if not inst.sets and not inst.switches_on:
        raise Invalid(f"{ident}: it neither sets a parameter nor switches on a provision of {pack.title}; "
                      "record it as a document instead.", code="invalid_instrument")
    try:
        check(pack, inst)
    except LawError as exc:
        err = LawRefused.from_law(exc)
        err.detail = f"{ident}: {err.detail}"
        err.args = (err.detail,)
        raise err from None
    procedure = item.get("procedure") or ""
    if procedure and procedure not in pack.procedures:
        raise Invalid(f"{ident}: {pack.title} has no procedure {procedure!r}.", code="unknown_procedure")
    if inst.kind == "fee_schedule" and procedure:
        fee = pack.procedures[procedure].raw.get("fee")
        if fee is None:
            raise Invalid(f"{ident}: the procedure {procedure!r} charges no fee under {pack.title}.",
                          code="no_fee")
    if inst.area and not _area_known(inst.area, body, state):
        raise Invalid(f"{ident}: {inst.area!r} is not a named area of "
                      f"{body.name if body is not None else state}; enter the area first.", code="unknown_area")
    return {"state": state, "body": body, "act_id": act, "ident": inst.id, "title": inst.title, "kind": inst.kind,
            "layer": inst.layer, "made_by": inst.made_by, "under": inst.under, "commencement": inst.commencement,
            "repeal": inst.repeal, "approved_on": inst.approved_on, "published_on": inst.published_on,
            "area": inst.area or "", "procedure": procedure, "text": inst.text or "", "sets": dict(inst.sets),
            "switches_on": list(inst.switches_on)}


# --------------------------------------------------------------------------------------- writes


def _store(fields: dict, user) -> tuple[Instrument, str]:
    """Create or replace the instrument with this id in this State. Returns (row, created|updated|unchanged)."""
    row = Instrument.objects.select_for_update().filter(state=fields["state"], ident=fields["ident"]).first()
    if row is None:
        row = Instrument.objects.create(entered_by=user if getattr(user, "is_authenticated", False) else None, **fields)
        return row, "created"
    if all(getattr(row, k) == v for k, v in fields.items()):
        return row, "unchanged"
    for k, v in fields.items():
        setattr(row, k, v)
    row.save()
    return row, "updated"


def refresh_cases(bodies) -> int:
    """Derive again the stored status and deadlines of the open cases of `bodies` (and the bodies below
    them), now that the local law they are decided under has changed. Returns the cases refreshed."""
    from adhiniyam.records.sweep import refresh

    paths = {b.path for b in bodies if b is not None}
    if not paths:
        return 0
    q = Q()
    for p in paths:
        q |= Q(body__path__startswith=p)
    return refresh(Case.objects.filter(q)).cases_checked


def _affected(row: Instrument) -> list[Body]:
    if row.layer == "state":
        return list(Body.objects.filter(state=row.state, parent__isnull=True))
    return [row.body]


def add_instrument(user, data: dict, *, state: str | None = None, act: str | None = None) -> Instrument:
    """Enter one instrument, in one transaction; refused (nothing stored) if the Act does not empower it."""
    with transaction.atomic():
        fields = validate(data, default_state=state, default_act=act)
        if not can_enter(user, fields["body"], fields["state"]):
            raise Forbidden(f"Only an administrator of {fields['body'].name if fields['body'] else fields['state']} "
                            "or above may enter its instruments.", code="not_administrator")
        row, _how = _store(fields, user)
        refresh_cases(_affected(row))
    return row


def _area_fields(item: dict, body: Body) -> dict:
    name = str(item.get("name") or "").strip()
    if not name:
        raise Invalid(f"an area of {body.name} needs a name.", code="invalid_area")
    kind = item.get("kind") or AreaKind.OTHER
    if kind not in AreaKind.values:
        raise Invalid(f"area {name!r}: kind {kind!r} is not one of {', '.join(AreaKind.values)}.", code="invalid_area")
    boundary = item.get("boundary") or ""
    if boundary and not isinstance(boundary, str):
        import json
        boundary = json.dumps(boundary)
    if boundary:
        import json
        try:
            gj = json.loads(boundary)
        except ValueError as exc:
            raise Invalid(f"area {name!r}: the boundary is not GeoJSON ({exc}).", code="invalid_area") from None
        if not isinstance(gj, dict) or gj.get("type") not in {"Polygon", "MultiPolygon", "Feature", "FeatureCollection"}:
            raise Invalid(f"area {name!r}: the boundary must be a GeoJSON Polygon, MultiPolygon, Feature or "
                          "FeatureCollection.", code="invalid_area")
    sections = list(item.get("sections") or [])
    if sections and body.act_id:
        pack = _pack(body.act_id, name)
        bad = [s for s in sections if s not in pack.nodes]
        if bad:
            raise Invalid(f"area {name!r}: {', '.join(bad)} is not a section of {pack.title}.", code="invalid_area")
    resolution_on = _date(item.get("resolution_on"), "resolution_on", name)
    public_notice_on = _date(item.get("public_notice_on"), "public_notice_on", name)
    if resolution_on and public_notice_on and public_notice_on < resolution_on:
        raise Invalid(f"area {name!r}: public notice ({public_notice_on}) before the resolution ({resolution_on}).",
                      code="bad_date")
    return {"name": name, "kind": kind, "boundary": boundary, "sections": sections, "resolution_on": resolution_on,
            "public_notice_on": public_notice_on, "source": str(item.get("source") or "")}


def add_area(user, body: Body, item: dict) -> NamedArea:
    """Enter (or replace) a named area of `body`, in one transaction."""
    with transaction.atomic():
        if not can_enter(user, body, body.state):
            raise Forbidden(f"Only an administrator of {body.name} or above may enter its areas.",
                            code="not_administrator")
        fields = _area_fields(item, body)
        row, _created = NamedArea.objects.update_or_create(body=body, name=fields.pop("name"), defaults=fields)
        refresh_cases([body])
    return row


# ------------------------------------------------------------------------------------- boundaries


def _rings(geo: dict) -> list[list[list[list[float]]]]:
    """Polygons (each a list of rings of [lon, lat]) of a GeoJSON geometry, Feature or FeatureCollection."""
    t = geo.get("type")
    if t == "FeatureCollection":
        return [p for f in geo.get("features") or [] for p in _rings(f)]
    if t == "Feature":
        return _rings(geo.get("geometry") or {})
    if t == "Polygon":
        return [geo.get("coordinates") or []]
    if t == "MultiPolygon":
        return list(geo.get("coordinates") or [])
    return []


def _in_ring(lon: float, lat: float, ring) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > lat) != (y2 > lat) and lon < (x2 - x1) * (lat - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def areas_at(body: Body, lat: float, lon: float) -> list[NamedArea]:
    """The named areas of the body (and above it) whose boundary contains the point (GeoJSON: lon, lat;
    holes respected). Areas recorded without a boundary are never returned."""
    import json

    out = []
    for a in NamedArea.objects.filter(body_id__in=_chain_ids(body)).exclude(boundary="").order_by("name"):
        for poly in _rings(json.loads(a.boundary)):
            rings = [[(float(p[0]), float(p[1])) for p in r] for r in poly if r]
            if rings and _in_ring(lon, lat, rings[0]) and not any(_in_ring(lon, lat, h) for h in rings[1:]):
                out.append(a)
                break
    return out


# ------------------------------------------------------------------------------ import / export


class FileRefused(Invalid):
    code, title = "instruments_refused", "The file was refused; nothing was stored"


class _DryRun(Exception):
    pass


def import_text(text: str, user=None, *, dry_run: bool = False, stream=None) -> dict:
    """Import a State's instruments and areas (YAML). All or nothing: if any instrument is out of power
    or wrong, nothing is stored and the error lists each one with the reason and the section.
    `dry_run`: check everything and count, then store nothing."""
    if dry_run:
        out: dict = {}
        try:
            with transaction.atomic():
                out.update(import_text(text, user, stream=stream))
                raise _DryRun
        except _DryRun:
            pass
        return dict(out, dry_run=True)
    try:
        docs = [d for d in yaml.safe_load_all(text) if d is not None]
    except yaml.YAMLError as exc:
        raise FileRefused(f"the file is not YAML: {exc}") from None
    docs = [{"instruments": d} if isinstance(d, list) else d for d in docs]
    if not docs or not all(isinstance(d, dict) for d in docs):
        raise FileRefused("the file holds a list of instruments, or mappings (one per State, separated by ---) "
                          "with `state`, `act`, `areas` and `instruments`.")
    counts = {"created": 0, "updated": 0, "unchanged": 0, "areas": 0, "cases_refreshed": 0}
    errors: list[dict] = []
    with transaction.atomic():
        touched: list[Body] = []
        for doc in docs:          # areas first: the instruments may name them
            touched += _import_areas(doc, user, counts, errors)
        seen: set = set()
        rows = []
        for doc in docs:
            rows += _check_instruments(doc, user, seen, errors)
        if errors:
            lines = "; ".join(e["message"] + (f" [{', '.join(e['cites'])}]" if e["cites"] else "") for e in errors)
            raise FileRefused(f"{len(errors)} of the file's entries cannot be entered, so nothing was stored: {lines}",
                              errors=errors)
        for fields in track(rows, "instruments", stream=stream):
            row, how = _store(fields, user)
            counts[how] += 1
            if how != "unchanged":
                touched += _affected(row)
        counts["cases_refreshed"] = refresh_cases(touched)
    return counts


def _import_areas(doc: dict, user, counts: dict, errors: list) -> list[Body]:
    state = (doc.get("state") or "").upper() or None
    touched = []
    for item in doc.get("areas") or []:
        try:
            if not isinstance(item, dict) or not item.get("body"):
                raise Invalid(f"area {item!r}: name the body it belongs to (`body: <code>`).")
            body = Body.objects.filter(code=item["body"]).first()
            if body is None:
                raise NotFound(f"area {item.get('name')!r}: no body with code {item['body']!r}.")
            if state and body.state != state:
                raise Invalid(f"area {item.get('name')!r}: {body.name} is not in {state}.")
            if not can_enter(user, body, body.state):
                raise Forbidden(f"area {item.get('name')!r}: you may not enter areas of {body.name}.")
            fields = _area_fields(item, body)
            NamedArea.objects.update_or_create(body=body, name=fields.pop("name"), defaults=fields)
            counts["areas"] += 1
            touched.append(body)
        except ServiceError as exc:
            errors.append({"area": item.get("name") if isinstance(item, dict) else None,
                           "message": exc.detail, "cites": exc.cites})
    return touched


def _check_instruments(doc: dict, user, seen: set, errors: list) -> list[dict]:
    state = (doc.get("state") or "").upper() or None
    rows = []
    for item in doc.get("instruments") or []:
        try:
            fields = validate(item, default_state=state, default_act=doc.get("act"))
            key = (fields["state"], fields["ident"])
            if key in seen:
                raise Invalid(f"{fields['ident']}: the id appears twice in the file.", code="duplicate")
            seen.add(key)
            if not can_enter(user, fields["body"], fields["state"]):
                raise Forbidden(f"{fields['ident']}: you may not enter instruments of "
                                f"{fields['body'].name if fields['body'] else fields['state']}.")
            rows.append(fields)
        except ServiceError as exc:
            errors.append({"instrument": item.get("id") if isinstance(item, dict) else None,
                           "message": exc.detail, "cites": exc.cites})
    return rows


def export_state(state: str, act: str | None = None) -> str:
    """The State's instruments and named areas in the exchange format (YAML), as `import_text` reads it."""
    state = state.upper()
    qs = Instrument.objects.filter(state=state).select_related("body").order_by("commencement", "ident")
    if act:
        qs = qs.filter(act_id=act)
    areas = []
    for a in NamedArea.objects.filter(body__state=state).select_related("body").order_by("body__code", "name"):
        d = {"body": a.body.code, "name": a.name, "kind": a.kind}
        if a.sections:
            d["sections"] = list(a.sections)
        for k in ("resolution_on", "public_notice_on"):
            if getattr(a, k):
                d[k] = getattr(a, k).isoformat()
        if a.source:
            d["source"] = a.source
        if a.boundary:
            d["boundary"] = a.boundary
        areas.append(d)
    doc = {"state": state}
    if act:
        doc["act"] = act
    doc["areas"] = areas
    doc["instruments"] = [row.as_dict() for row in qs]
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110)


# -------------------------------------------------------------------------------------------- fees


def fee_for(case: Case) -> dict | None:
    """The fee a case's procedure charges (its `fee:`), computed by the engine from the fee schedules in
    force on the day the case opened, with the words of the computation and the instrument named.
    None when the procedure charges no fee."""
    pack = E.load_pack(case.act_id)
    src = pack.procedures.get(case.procedure)
    if src is None or src.raw.get("fee") is None:
        return None
    rows = list(case.events.order_by("seq"))
    _p, result = E.evaluate(case, rows)
    words = [s.text for s in result.trace if s.text.startswith("fee:")]
    params = [s.text for s in result.trace if "fee" in s.text.lower() and not s.text.startswith("fee:")]
    used = [row for row in instrument_rows(case.body) if row.kind == "fee_schedule" and row.engine().in_force(case.opened_on)
            and any(f"{row.title} of {row.made_by}" in t for t in params + words)]
    amount = (result.amounts or {}).get("fee")
    return {"case": case.number, "procedure": case.procedure, "on": case.opened_on.isoformat(), "amount": amount,
            "computed": words[0][len("fee: "):] if words else "", "rates": params,
            "instruments": [{"id": r.ident, "title": r.title, "made_by": r.made_by, "under": r.under,
                             "commencement": r.commencement.isoformat()} for r in used],
            "cites": list(pack.procedures[case.procedure].raw.get("cites") and [pack.procedures[case.procedure].raw["cites"]] or [])}
