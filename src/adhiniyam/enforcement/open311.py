"""Open311 GeoReport v2 (http://wiki.open311.org/GeoReport_v2), in XML and JSON, so that existing
civic-reporting clients work unchanged. Every resource is served in both formats, chosen by the
extension as the specification has it (`text/xml` or `application/json`, UTF-8):

  GET  /open311/discovery.{xml,json}                         the service discovery document
  GET  /open311/v2/services.{xml,json}?jurisdiction_id=<body code>   the body's complaint categories
  GET  /open311/v2/services/<service_code>.{xml,json}         a category's definition (no attributes)
  POST /open311/v2/requests.{xml,json}   (form fields)          file a complaint
  GET  /open311/v2/requests.{xml,json}?service_request_id=…&service_code=…&status=open,closed&start_date=…&end_date=…
  GET  /open311/v2/requests/<service_request_id>.{xml,json}
  GET  /open311/v2/tokens/<token>.{xml,json}                  always 404: every service is realtime

`jurisdiction_id` is the body's code; it may be left out where only one body takes complaints. POST
needs no account (the public reports); an `api_key` that is sent must be a valid API token, and then the
complaint is tied to that user. Reporters' names, e-mails, phones and account ids are never shown in
the public answers, nor are the office's own notes: `status_notes` is the note an officer wrote for the
public, or the status in words. Every error, unknown addresses and methods included, is the
specification's list of errors — `[{"code": …, "description": …}]`, or `<errors><error>…` in XML — with
404 for what does not exist, 403 for a bad api_key and 400 for anything else.
"""

from __future__ import annotations

import datetime as dt
import json
from functools import wraps
from xml.etree import ElementTree as ET

from django.http import HttpResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from adhiniyam.api.models import ApiToken, hash_token
from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import Body

from . import mapping as M
from . import services as S
from .models import Complaint

SPEC = "http://wiki.open311.org/GeoReport_v2"
CHANGESET = "2026-12-01"           # the date this service's discovery document or service list last changed
CONTENT_TYPES = {"json": "application/json; charset=utf-8", "xml": "text/xml; charset=utf-8"}
MAX_REQUESTS, MAX_SPAN = 1000, dt.timedelta(days=90)
# The XML element of each item of a list, by the list's own element (the specification's "⇊ ↴").
ITEM_TAG = {"services": "service", "service_requests": "request", "errors": "error", "attributes": "attribute",
            "values": "value", "endpoints": "endpoint", "formats": "format"}
PUBLIC_STATUS = {"open": "Received; not yet acknowledged by the office.",
                 "acknowledged": "Acknowledged by the office.",
                 "in_progress": "The office has opened a case on it under the Act.",
                 "closed": "Closed by the office."}


class Refused(Exception):
    """An answer in the specification's error format: 404 for what does not exist, 400 for the rest."""

    def __init__(self, status: int, description: str):
        super().__init__(description)
        self.status, self.description = status, description


# ------------------------------------------------------------------------------------ formats

def _xml_value(parent: ET.Element, tag: str, value) -> None:
    node = ET.SubElement(parent, tag)
    if isinstance(value, list):
        for item in value:
            _xml_value(node, ITEM_TAG[tag], item)
    elif isinstance(value, dict):
        for key, sub in value.items():
            _xml_value(node, key, sub)
    elif isinstance(value, bool):
        node.text = "true" if value else "false"
    elif value is not None:
        node.text = str(value)


def render(data, fmt: str, root: str, status: int = 200) -> HttpResponse:
    """`data` as the specification's JSON (the Spark convention: a list for a list element, an object
    for the rest) or as its XML, whose root element is `root`."""
    if fmt == "xml":
        holder = ET.Element("holder")
        _xml_value(holder, root, data)
        body = '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(holder[0], encoding="unicode")
    else:
        body = json.dumps(data, ensure_ascii=False)
    return HttpResponse(body.encode("utf-8"), status=status, content_type=CONTENT_TYPES[fmt])


def error(fmt: str, status: int, description: str) -> HttpResponse:
    return render([{"code": status, "description": description}], fmt, "errors", status)


def endpoint(*methods: str):
    """A GeoReport view: only `methods` (others get 405 in the error format), every refusal in the
    error format of the format asked for."""
    def decorate(view):
        @csrf_exempt                      # a civic-reporting app posts a plain form, with no CSRF cookie
        @wraps(view)
        def wrapped(request, *args, fmt: str = "json", **kwargs):
            if request.method not in methods:
                response = error(fmt, 405, f"{request.method} is not accepted here; use {' or '.join(methods)}.")
                response["Allow"] = ", ".join(methods)
                return response
            try:
                return view(request, fmt, *args, **kwargs)
            except Refused as exc:
                return error(fmt, exc.status, exc.description)
            except ServiceError as exc:
                return error(fmt, 400 if exc.status == 422 else exc.status, exc.detail)
        return wrapped
    return decorate


# ------------------------------------------------------------------------------------ the resources

def _bodies() -> list[Body]:
    return [b for b in Body.objects.exclude(act_id="").filter(active=True).order_by("code")
            if M.load(b.act_id).categories]


def _param(request, name: str) -> str:
    params = request.POST if request.method == "POST" else request.GET
    return (params.get(name) or "").strip()


def _jurisdiction(request) -> Body:
    code = _param(request, "jurisdiction_id")
    if code:
        body = Body.objects.filter(code=code, active=True).exclude(act_id="").first()
        if body is None or not M.load(body.act_id).categories:
            raise Refused(404, f"jurisdiction_id '{code}' is not a body that takes complaints.")
        return body
    bodies = _bodies()
    if len(bodies) == 1:
        return bodies[0]
    raise Refused(400, "jurisdiction_id is required: give the code of the panchayat or municipality "
                       f"({', '.join(b.code for b in bodies[:20])}{'…' if len(bodies) > 20 else ''}).")


def _keywords(body: Body, category: M.Category) -> str:
    """Words that help a person find the category: what the Act calls each procedure that could follow,
    and the sections."""
    words: list[str] = []
    for p in S._procedures_out(body, category.procedures):
        words += [p["title"], *p["cites"]]
    return ", ".join(dict.fromkeys(w for w in words if w))


def _service(c: M.Category, body: Body) -> dict:
    return {"service_code": c.code, "service_name": c.name, "description": c.description, "metadata": False,
            "type": "realtime", "keywords": _keywords(body, c), "group": body.name}


@endpoint("GET")
def discovery(request, fmt):
    return render({"changeset": CHANGESET,
                   "contact": "The office of the panchayat or municipality named as each service's group.",
                   "key_service": "No key is needed to report. Officers' API tokens: POST /api/auth/token.",
                   "endpoints": [{"specification": SPEC, "url": request.build_absolute_uri("/open311/v2"),
                                  "changeset": CHANGESET, "type": "production",
                                  "formats": ["text/xml", "application/json"]}]}, fmt, "discovery")


@endpoint("GET")
def services(request, fmt):
    body = _jurisdiction(request)
    return render([_service(c, body) for c in M.load(body.act_id).categories.values()], fmt, "services")


@endpoint("GET")
def service_definition(request, fmt, service_code: str):
    body = _jurisdiction(request)
    if service_code not in M.load(body.act_id).categories:
        raise Refused(404, f"service_code '{service_code}' is not a category of {body.name}.")
    return render({"service_code": service_code, "attributes": []}, fmt, "service_definition")


@endpoint("GET")
def token(request, fmt, token: str):
    raise Refused(404, f"No token '{token}': every service here is realtime, and a request's "
                       "service_request_id is returned when it is posted.")


@endpoint("GET", "POST")
def requests(request, fmt):
    if request.method == "POST":
        return _post(request, fmt)
    body = _jurisdiction(request)
    qs = _query(request, Complaint.objects.filter(body=body))
    rows = qs.select_related("body").prefetch_related("actions").order_by("-received_at", "-pk")[:MAX_REQUESTS]
    return render([_request_out(c) for c in rows], fmt, "service_requests")


@endpoint("GET")
def request_detail(request, fmt, request_id: str):
    c = Complaint.objects.select_related("body").filter(pk=_int(request_id) or 0).first()
    code = _param(request, "jurisdiction_id")
    if c is None or (code and c.body.code != code):
        raise Refused(404, f"No service request '{request_id}'.")
    return render([_request_out(c)], fmt, "service_requests")


@csrf_exempt
def unknown(request, path: str = ""):
    """Any other address under /open311/: the specification's error, in the format the address asks for."""
    fmt = "xml" if path.endswith(".xml") else "json"
    return error(fmt, 404, f"Nothing at /open311/{path}. The service discovery document is at "
                           "/open311/discovery.xml (or .json).")


# ------------------------------------------------------------------------------------ reading requests

def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() and len(text) < 19 else None


def _list(request, name: str) -> list[str]:
    return [x.strip() for x in _param(request, name).split(",") if x.strip()]


def _query(request, qs):
    """GET Service Requests: `service_request_id` (comma-delimited) overrides every other argument;
    otherwise `service_code` and `status` (each comma-delimited) and a range of at most 90 days that
    defaults to the most recent 90."""
    ids = _list(request, "service_request_id")
    if ids:
        numbers = [_int(x) for x in ids]
        if None in numbers:
            raise Refused(400, "service_request_id must be numbers separated by commas.")
        return qs.filter(pk__in=numbers)
    if _list(request, "service_code"):
        qs = qs.filter(category__in=_list(request, "service_code"))
    statuses = set(_list(request, "status"))
    if statuses - {"open", "closed"}:
        raise Refused(400, f"status is open or closed, or both separated by a comma (not "
                           f"{', '.join(sorted(statuses - {'open', 'closed'}))}).")
    if statuses == {"closed"}:
        qs = qs.filter(status="closed")
    elif statuses == {"open"}:
        qs = qs.exclude(status="closed")
    start, end = _moment(request, "start_date"), _moment(request, "end_date")
    end = end or (start + MAX_SPAN if start else S.now_aware())
    start = start or end - MAX_SPAN
    if start > end:
        raise Refused(400, "start_date is after end_date.")
    if end - start > MAX_SPAN:
        raise Refused(400, "start_date and end_date may not span more than 90 days.")
    return qs.filter(received_at__gte=start, received_at__lte=end)


def _moment(request, name: str) -> dt.datetime | None:
    value = _param(request, name)
    if not value:
        return None
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise Refused(400, f"{name} '{value}' is not a w3c date-time (e.g. 2026-03-02T10:30:00+05:30).") from None
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


def _w3(moment: dt.datetime) -> str:
    return timezone.localtime(moment).isoformat(timespec="seconds")


def _request_out(c: Complaint) -> dict:
    cat = M.load(c.body.act_id).categories.get(c.category)
    actions = list(c.actions.all())
    last = actions[-1] if actions else None
    public = next((a.public_note for a in reversed(actions) if a.public_note), "")
    return {"service_request_id": str(c.pk), "status": "closed" if c.status == "closed" else "open",
            "status_notes": public or PUBLIC_STATUS.get(c.status, c.status.replace("_", " ")),
            "service_name": cat.name if cat else c.category, "service_code": c.category,
            "description": c.description or None, "agency_responsible": c.body.name, "service_notice": c.number,
            "requested_datetime": _w3(c.received_at),
            "updated_datetime": _w3(last.recorded_at if last else c.received_at),
            "expected_datetime": None, "address": c.address or None, "address_id": None, "zipcode": None,
            "lat": c.latitude, "long": c.longitude, "media_url": c.media_url or None}


# ------------------------------------------------------------------------------------ filing a request

def _reporter(request):
    key = _param(request, "api_key")
    if not key:
        return None
    row = ApiToken.objects.select_related("user").filter(key_hash=hash_token(key)).first()
    if row is None or not row.usable() or not row.user.is_active:
        raise Refused(403, "api_key is not valid. Leave it out to report as a member of the public.")
    return row.user


def _location(request) -> tuple[str | None, str | None]:
    lat, lon = _param(request, "lat"), _param(request, "long")
    if bool(lat) != bool(lon):
        raise Refused(400, "lat and long are sent together: give both, or neither and an address_string.")
    if not lat and not _param(request, "address_string") and _param(request, "address_id"):
        raise Refused(400, "address_id: this body keeps no register of address ids; give lat and long, or an "
                           "address_string.")
    return lat or None, lon or None


def _post(request, fmt):
    user = _reporter(request)
    body = _jurisdiction(request)
    code = _param(request, "service_code")
    if not code:
        raise Refused(400, "service_code is required: one of the codes from services.xml (or .json).")
    if code not in M.load(body.act_id).categories:
        raise Refused(404, f"service_code '{code}' is not a category of {body.name}; see services.xml.")
    lat, lon = _location(request)
    p = request.POST
    name = " ".join(x for x in (_param(request, "first_name"), _param(request, "last_name")) if x)
    c = S.file_complaint(body, category=code, description=p.get("description", ""),
                         address=p.get("address_string", ""), latitude=lat, longitude=lon, reporter_name=name,
                         reporter_email=p.get("email", ""), reporter_phone=p.get("phone", ""), channel="open311",
                         user=user, media_url=p.get("media_url", ""), account_id=p.get("account_id", ""),
                         description_required=False)
    return render([{"service_request_id": str(c.pk), "service_notice": f"Complaint {c.number} received by "
                    f"{body.name}.", "account_id": c.account_id or None}], fmt, "service_requests", 201)
