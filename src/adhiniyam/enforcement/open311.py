"""Open311 GeoReport v2 (https://wiki.open311.org/GeoReport_v2), JSON format, so existing civic-reporting
clients work unchanged:

  GET  /open311/v2/services.json?jurisdiction_id=<body code>        the body's complaint categories
  GET  /open311/v2/services/<service_code>.json                      a category's definition (no attributes)
  POST /open311/v2/requests.json   (form fields, as the specification has it)   file a complaint
  GET  /open311/v2/requests.json?jurisdiction_id=…&status=…&service_code=…&start_date=…&end_date=…
  GET  /open311/v2/requests/<service_request_id>.json

`jurisdiction_id` is the body's code; it may be left out where only one body takes complaints. POST
needs no account (the public reports); an `api_key` that is sent must be a valid API token, and then the
complaint is tied to that user. Reporters' names, e-mails and phones are never shown here. Errors are
`[{"code": <http status>, "description": "…"}]` as the specification has them.
"""

from __future__ import annotations

import datetime as dt
import json

from django.http import HttpResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from adhiniyam.api.models import ApiToken, hash_token
from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import Body

from . import mapping as M
from . import services as S
from .models import Complaint


def _json(data, status=200) -> HttpResponse:
    return HttpResponse(json.dumps(data, ensure_ascii=False), status=status, content_type="application/json; charset=utf-8")


def _error(status: int, description: str) -> HttpResponse:
    return _json([{"code": status, "description": description}], status)


class _Fail(Exception):
    def __init__(self, status, description):
        super().__init__(description)
        self.status, self.description = status, description


def _bodies():
    return [b for b in Body.objects.exclude(act_id="").filter(active=True).order_by("code")
            if M.load(b.act_id).categories]


def _jurisdiction(request) -> Body:
    params = request.POST if request.method == "POST" else request.GET
    code = (params.get("jurisdiction_id") or "").strip()
    if code:
        body = Body.objects.filter(code=code, active=True).exclude(act_id="").first()
        if body is None or not M.load(body.act_id).categories:
            raise _Fail(404, f"jurisdiction_id '{code}' is not a body that takes complaints.")
        return body
    bodies = _bodies()
    if len(bodies) == 1:
        return bodies[0]
    raise _Fail(400, "jurisdiction_id is required: give the code of the panchayat or municipality "
                     f"({', '.join(b.code for b in bodies[:20])}{'…' if len(bodies) > 20 else ''}).")


def _service(c: M.Category, body: Body) -> dict:
    return {"service_code": c.code, "service_name": c.name, "description": c.description, "metadata": False,
            "type": "realtime", "keywords": ", ".join(c.procedures), "group": body.name}


def _request_out(c: Complaint) -> dict:
    cat = M.load(c.body.act_id).categories.get(c.category)
    last = c.actions.order_by("-pk").first()
    return {"service_request_id": str(c.pk), "status": "closed" if c.status == "closed" else "open",
            "status_notes": (last.note if last and last.note else c.status.replace("_", " ")),
            "service_name": cat.name if cat else c.category, "service_code": c.category, "description": c.description,
            "agency_responsible": c.body.name, "service_notice": c.number,
            "requested_datetime": timezone.localtime(c.received_at).isoformat(timespec="seconds"),
            "updated_datetime": timezone.localtime(last.recorded_at if last else c.received_at).isoformat(timespec="seconds"),
            "expected_datetime": None, "address": c.address, "address_id": None, "zipcode": None,
            "lat": c.latitude, "long": c.longitude, "media_url": c.media_url or None}


def _guard(view):
    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except _Fail as exc:
            return _error(exc.status, exc.description)
        except ServiceError as exc:
            return _error(400 if exc.status == 422 else exc.status, exc.detail)
    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


@require_http_methods(["GET"])
@_guard
def services(request):
    body = _jurisdiction(request)
    return _json([_service(c, body) for c in M.load(body.act_id).categories.values()])


@require_http_methods(["GET"])
@_guard
def service_definition(request, service_code: str):
    body = _jurisdiction(request)
    if service_code not in M.load(body.act_id).categories:
        raise _Fail(404, f"service_code '{service_code}' is not a category of {body.name}.")
    return _json({"service_code": service_code, "attributes": []})


def _parse_dt(value: str, field: str):
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise _Fail(400, f"{field} '{value}' is not a w3c date-time (e.g. 2026-03-02T10:30:00+05:30).") from None
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


@csrf_exempt
@require_http_methods(["GET", "POST"])
@_guard
def requests(request):
    if request.method == "POST":
        return _post(request)
    body = _jurisdiction(request)
    qs = Complaint.objects.filter(body=body).select_related("body")
    ids = request.GET.get("service_request_id")
    if ids:
        try:
            qs = qs.filter(pk__in=[int(x) for x in ids.split(",") if x.strip()])
        except ValueError:
            raise _Fail(400, "service_request_id must be numbers separated by commas.") from None
    else:
        if request.GET.get("service_code"):
            qs = qs.filter(category__in=request.GET["service_code"].split(","))
        status = request.GET.get("status")
        if status:
            if status not in ("open", "closed"):
                raise _Fail(400, "status is open or closed.")
            qs = qs.filter(status="closed") if status == "closed" else qs.exclude(status="closed")
        end = _parse_dt(request.GET["end_date"], "end_date") if request.GET.get("end_date") else S.now_aware()
        start = (_parse_dt(request.GET["start_date"], "start_date") if request.GET.get("start_date")
                 else end - dt.timedelta(days=90))
        qs = qs.filter(received_at__gte=start, received_at__lte=end)
    return _json([_request_out(c) for c in qs.order_by("-received_at", "-pk")[:1000]])


def _post(request):
    p = request.POST
    user = None
    key = (p.get("api_key") or "").strip()
    if key:
        row = ApiToken.objects.select_related("user").filter(key_hash=hash_token(key)).first()
        if row is None or not row.usable() or not row.user.is_active:
            raise _Fail(403, "api_key is not valid. Leave it out to report as a member of the public.")
        user = row.user
    body = _jurisdiction(request)
    if not (p.get("service_code") or "").strip():
        raise _Fail(400, "service_code is required: one of the codes from services.json.")
    name = " ".join(x for x in (p.get("first_name", "").strip(), p.get("last_name", "").strip()) if x)
    c = S.file_complaint(body, category=p.get("service_code", "").strip(), description=p.get("description", ""),
                         address=p.get("address_string", ""), latitude=p.get("lat"), longitude=p.get("long"),
                         reporter_name=name, reporter_email=p.get("email", ""), reporter_phone=p.get("phone", ""),
                         channel="open311", user=user, media_url=p.get("media_url", ""))
    return _json([{"service_request_id": str(c.pk), "service_notice": f"Complaint {c.number} received by {body.name}.",
                   "account_id": None}], 201)


@require_http_methods(["GET"])
@_guard
def request_detail(request, request_id: str):
    try:
        pk = int(request_id)
    except ValueError:
        raise _Fail(404, f"No service request '{request_id}'.") from None
    c = Complaint.objects.select_related("body").filter(pk=pk).first()
    code = request.GET.get("jurisdiction_id")
    if c is None or (code and c.body.code != code):
        raise _Fail(404, f"No service request '{request_id}'.")
    return _json([_request_out(c)])
