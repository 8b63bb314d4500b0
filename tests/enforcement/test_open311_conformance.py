"""Conformance to Open311 GeoReport v2, written from the specification (wiki.open311.org/GeoReport_v2 and
/Service_Discovery), run for both formats. Every XML answer is read by an XML parser and turned into
the specification's JSON (the Spark convention: a list element becomes a list, the rest objects,
text stays text), so that one set of assertions holds for both.

What the specification says, and where each is tested:
- XML is required, JSON optional; the format is the resource's extension; Content-Type `text/xml` or
  `application/json`, UTF-8, the XML declaration before the root (every answer, `read`).
- Service discovery at …/discovery.<format>, both formats, with changeset, contact, key_service and
  endpoints (specification, url, changeset, type, formats).
- GET services: service_code, service_name, description, metadata true|false, type
  realtime|batch|blackbox, keywords, group. 404 for an unknown jurisdiction_id, 400 when it is needed
  and missing.
- GET a service definition: service_code and attributes; 404 for an unknown service_code.
- POST a request (application/x-www-form-urlencoded): service_code and a location (lat & long, or
  address_string, or address_id) are required; lat and long are sent together; description is
  optional and at most 4,000 characters; the answer has service_request_id (realtime: no token),
  service_notice and account_id.
- GET requests: service_request_id (comma-delimited) overrides the rest; service_code and status
  (open, closed; comma-delimited); start_date/end_date in w3 format, at most 90 days; "Optional"
  arguments sent empty are as if not sent.
- GET a request: the request's fields, requested/updated datetimes in w3 format with a time zone.
- Errors: a list of {code, description}; 404 for what does not exist, 403 for a wrong api_key, 400 for
  any other; this holds for addresses and methods the API does not have.
"""

from __future__ import annotations

import datetime as dt
import re
from xml.etree import ElementTree as ET

import pytest
from django.test import Client

from adhiniyam.enforcement.models import Complaint

BASE = "/open311/v2"
LISTS = {"services", "service_requests", "errors", "attributes", "values", "endpoints", "formats"}
W3 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$")
FORMATS = pytest.mark.parametrize("fmt", ["xml", "json"])


def _spark(node: ET.Element):
    if node.tag in LISTS:
        return [_spark(child) for child in node]
    if len(node):
        return {child.tag: _spark(child) for child in node}
    return node.text


def _text(value):
    """A JSON value as its XML text (the two formats compared on the same footing)."""
    if isinstance(value, list):
        return [_text(v) for v in value]
    if isinstance(value, dict):
        return {k: _text(v) for k, v in value.items()}
    if isinstance(value, bool):
        return "true" if value else "false"
    return None if value in (None, "") else str(value)


def read(response, fmt: str):
    """The answer's data, after checking what the specification asks of the format."""
    ctype = response["Content-Type"]
    if fmt == "xml":
        assert ctype == "text/xml; charset=utf-8", ctype
        raw = response.content
        assert raw.startswith(b'<?xml version="1.0" encoding="utf-8"?>'), raw[:80]
        root = ET.fromstring(raw)                      # an XML parser reads every XML answer
        assert root.tag and "}" not in root.tag        # schemaless, no namespace
        return _spark(root)
    assert ctype == "application/json; charset=utf-8", ctype
    return _text(response.json())


def url(resource: str, fmt: str) -> str:
    return f"{BASE}/{resource}.{fmt}"


def post(fmt: str, **fields):
    return Client(enforce_csrf_checks=True).post(url("requests", fmt), fields)


def assert_error(response, fmt: str, status: int, words: str = ""):
    assert response.status_code == status, (response.status_code, response.content[:300])
    errors = read(response, fmt)
    assert isinstance(errors, list) and errors, errors
    assert errors[0]["code"] == str(status) and errors[0]["description"], errors
    assert words in errors[0]["description"], errors
    return errors


SOLAN = {"jurisdiction_id": "hp-solan"}


def filed(fmt: str, **extra) -> str:
    fields = {**SOLAN, "service_code": "obstruction", "address_string": "Mall Road, Solan",
              "description": "Shop steps built onto the footpath", **extra}
    r = post(fmt, **fields)
    assert r.status_code == 201, r.content
    [answer] = read(r, fmt)
    return answer["service_request_id"]


# ------------------------------------------------------------------------------------ discovery

@FORMATS
def test_service_discovery_in_both_formats(world, fmt):
    for path in (f"/open311/discovery.{fmt}", f"{BASE}/discovery.{fmt}"):
        r = Client().get(path)
        assert r.status_code == 200
        doc = read(r, fmt)
        assert {"changeset", "contact", "key_service", "endpoints"} <= set(doc)
        [endpoint] = doc["endpoints"]
        assert endpoint["specification"] == "http://wiki.open311.org/GeoReport_v2"
        assert endpoint["url"].endswith("/open311/v2") and endpoint["type"] in ("production", "test")
        assert set(endpoint["formats"]) == {"text/xml", "application/json"}
        assert endpoint["changeset"]


# ------------------------------------------------------------------------------------ services

@FORMATS
def test_service_list(world, fmt):
    services = read(Client().get(url("services", fmt), SOLAN), fmt)
    assert services and all(set(s) == {"service_code", "service_name", "description", "metadata", "type",
                                       "keywords", "group"} for s in services)
    s = {x["service_code"]: x for x in services}["latrine_near_well"]
    assert s["metadata"] in ("true", "false") and s["type"] in ("realtime", "batch", "blackbox")
    assert s["group"] == "Municipal Council Solan"
    # keywords: a comma-separated list of words (titles and sections), never internal procedure ids
    words = [w.strip() for w in s["keywords"].split(",")]
    assert "s.133(1)" in words and not any(re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)+", w) for w in words)


@FORMATS
def test_service_list_errors(world, fmt):
    assert_error(Client().get(url("services", fmt), {"jurisdiction_id": "nowhere"}), fmt, 404, "nowhere")
    assert_error(Client().get(url("services", fmt)), fmt, 400, "jurisdiction_id is required")
    # "Optional" arguments: an empty one is as if it were not sent
    assert_error(Client().get(url("services", fmt), {"jurisdiction_id": ""}), fmt, 400, "jurisdiction_id")


@FORMATS
def test_service_definition(world, fmt):
    d = read(Client().get(url("services/obstruction", fmt), SOLAN), fmt)
    assert d["service_code"] == "obstruction" and d["attributes"] in ([], None)
    assert_error(Client().get(url("services/potholes", fmt), SOLAN), fmt, 404, "potholes")


# ------------------------------------------------------------------------------------ POST a request

@FORMATS
def test_post_request_answers_id_notice_and_account_id(world, fmt):
    r = post(fmt, **SOLAN, service_code="latrine_near_well", lat="30.905", long="77.101",
             email="asha@example.org", first_name="Asha", last_name="Devi", phone="9800000000",
             account_id="asha-42", device_id="tt222111", description="Cesspool beside the public well\nat Saproon",
             media_url="https://example.org/photos/1.jpg")
    assert r.status_code == 201, r.content
    [answer] = read(r, fmt)
    assert set(answer) == {"service_request_id", "service_notice", "account_id"}   # realtime: no token
    assert answer["account_id"] == "asha-42" and "CMP" in answer["service_notice"]
    c = Complaint.objects.get(pk=answer["service_request_id"])
    assert (c.account_id, c.reporter_name, c.channel) == ("asha-42", "Asha Devi", "open311")
    assert c.description == "Cesspool beside the public well\nat Saproon"        # line breaks kept


@FORMATS
def test_description_is_optional_and_location_alone_will_do(world, fmt):
    rid = filed(fmt, description="")
    assert Complaint.objects.get(pk=rid).description == ""
    [req] = read(Client().get(url(f"requests/{rid}", fmt)), fmt)
    assert req["description"] is None
    rid = filed(fmt, address_string="", lat="30.9", long="77.1", description="Tin shed on the road")
    assert Complaint.objects.get(pk=rid).latitude == 30.9


@FORMATS
def test_post_refusals_store_nothing(world, fmt):
    base = {**SOLAN, "service_code": "obstruction", "address_string": "Mall Road"}
    assert_error(post(fmt, **{**base, "service_code": ""}), fmt, 400, "service_code is required")
    assert_error(post(fmt, **{**base, "service_code": "potholes"}), fmt, 404, "potholes")
    assert_error(post(fmt, **{**base, "jurisdiction_id": "nowhere"}), fmt, 404, "nowhere")
    assert_error(post(fmt, **{**base, "address_string": ""}), fmt, 400, "where")
    # lat and long "both need to be sent"
    assert_error(post(fmt, **{**base, "address_string": "", "lat": "30.9"}), fmt, 400, "together")
    assert_error(post(fmt, **{**base, "long": "77.1"}), fmt, 400, "together")
    assert_error(post(fmt, **{**base, "address_string": "", "lat": "300", "long": "77"}), fmt, 400, "lat")
    assert_error(post(fmt, **{**base, "address_string": "", "address_id": "545483"}), fmt, 400, "address_id")
    # the description is "free form text limited to 4,000 characters": more is refused, never cut
    assert_error(post(fmt, **base, description="x" * 4001), fmt, 400, "4,000")
    assert_error(post(fmt, **base, email="not-an-address"), fmt, 400, "e-mail")
    assert_error(post(fmt, **base, api_key="wrong"), fmt, 403, "api_key")
    for bad in ("javascript:alert(document.domain)", "data:text/html,<script>x</script>", "ftp://x.org/a.jpg"):
        assert_error(post(fmt, **base, media_url=bad), fmt, 400, "media_url")
    assert Complaint.objects.count() == 0
    assert post(fmt, **base, description="x" * 4000).status_code == 201


# ------------------------------------------------------------------------------------ GET requests

@FORMATS
def test_get_requests_filters(world, api, fmt):
    a, b, c = filed(fmt), filed(fmt, service_code="stray_cattle"), filed(fmt)
    assert api.post("solan_eo", f"/api/enforcement/complaints/{c}/actions",
                    {"type": "closed", "note": "duplicate"}).status_code == 201

    def ids(**params):
        r = Client().get(url("requests", fmt), {**SOLAN, **params})
        assert r.status_code == 200, r.content
        return {x["service_request_id"] for x in read(r, fmt)}

    assert ids() == {a, b, c}
    assert ids(status="open") == {a, b} and ids(status="closed") == {c}
    assert ids(status="open,closed") == {a, b, c}                       # "can be declared multiple times"
    assert ids(service_code="stray_cattle") == {b}
    assert ids(service_code="stray_cattle,obstruction") == {a, b, c}
    assert ids(service_request_id=f"{a},{c}", status="open") == {a, c}   # "overrides all other arguments"
    assert ids(status="", service_code="") == {a, b, c}                  # empty is as if not sent
    assert ids(start_date="2026-06-01T00:00:00+05:30", end_date="2026-06-30T23:59:59+05:30") == {a, b, c}
    assert ids(start_date="2026-07-01T00:00:00Z") == set()
    assert ids(end_date="2026-05-01T00:00:00Z") == set()


@FORMATS
def test_get_requests_refusals(world, fmt):
    get = Client().get
    assert_error(get(url("requests", fmt), {**SOLAN, "status": "pending"}), fmt, 400, "status")
    assert_error(get(url("requests", fmt), {**SOLAN, "start_date": "yesterday"}), fmt, 400, "start_date")
    assert_error(get(url("requests", fmt), {**SOLAN, "start_date": "2026-01-01T00:00:00Z",
                                            "end_date": "2026-06-01T00:00:00Z"}), fmt, 400, "90 days")
    assert_error(get(url("requests", fmt), {**SOLAN, "service_request_id": "1,x"}), fmt, 400, "numbers")


@FORMATS
def test_get_a_request_has_every_field_and_only_public_ones(world, api, fmt):
    rid = filed(fmt, first_name="Asha", email="asha@example.org", phone="9800000000", account_id="asha-42",
                media_url="http://example.org/p.jpg")
    r = api.post("solan_eo", f"/api/enforcement/complaints/{rid}/actions",
                 {"type": "acknowledged", "note": "ask the JE, owner is a councillor's cousin"})
    assert r.status_code == 201
    [req] = read(Client().get(url(f"requests/{rid}", fmt)), fmt)
    assert set(req) == {"service_request_id", "status", "status_notes", "service_name", "service_code",
                        "description", "agency_responsible", "service_notice", "requested_datetime",
                        "updated_datetime", "expected_datetime", "address", "address_id", "zipcode", "lat",
                        "long", "media_url"}
    assert req["status"] == "open" and req["service_code"] == "obstruction"
    assert req["media_url"] == "http://example.org/p.jpg"
    assert W3.match(req["requested_datetime"]) and W3.match(req["updated_datetime"])
    assert dt.datetime.fromisoformat(req["updated_datetime"]) >= dt.datetime.fromisoformat(req["requested_datetime"])
    # the public note is written for the public; the office's own note and the reporter never appear
    assert req["status_notes"] == "Acknowledged by the office."
    text = Client().get(url(f"requests/{rid}", fmt)).content.decode()
    text += Client().get(url("requests", fmt), SOLAN).content.decode()
    for private in ("councillor", "Asha", "asha@example.org", "9800000000", "asha-42"):
        assert private not in text
    assert_error(Client().get(url("requests/999999", fmt)), fmt, 404, "999999")
    assert_error(Client().get(url("requests/abc", fmt)), fmt, 404, "abc")
    assert_error(Client().get(url(f"requests/{rid}", fmt), {"jurisdiction_id": "pb-nabha"}), fmt, 404)


@FORMATS
def test_tokens_are_not_used_every_service_is_realtime(world, fmt):
    assert_error(Client().get(url("tokens/123456", fmt)), fmt, 404, "realtime")


# ------------------------------------------------------------------------------------ errors everywhere

@FORMATS
def test_unknown_addresses_and_methods_get_the_error_format(world, fmt):
    assert_error(Client().get(f"/open311/v2/reports.{fmt}"), fmt, 404, "discovery")
    assert_error(Client().get(f"/open311/v3/services.{fmt}"), fmt, 404)
    r = assert_error(Client().delete(url("services", fmt), query_params=SOLAN), fmt, 405, "GET")
    r = Client().put(url("requests", fmt), "x=1", content_type="application/x-www-form-urlencoded")
    assert_error(r, fmt, 405)
    assert "POST" in r["Allow"]
    assert_error(Client(enforce_csrf_checks=True).post(url("services", fmt), {}), fmt, 405)
    assert_error(Client(enforce_csrf_checks=True).post(f"/open311/v2/nothing.{fmt}", {}), fmt, 404)


def test_both_formats_carry_the_same_data(world):
    rid = filed("json")
    for resource, params in (("services", SOLAN), ("services/obstruction", SOLAN), ("requests", SOLAN),
                             (f"requests/{rid}", {}), ("discovery", {})):
        prefix = "/open311" if resource == "discovery" else BASE
        xml, js = (read(Client().get(f"{prefix}/{resource}.{f}", params), f) for f in ("xml", "json"))
        assert xml == js or (resource == "services/obstruction" and xml["attributes"] is None), resource


def test_xml_escapes_what_it_carries(world):
    rid = filed("xml", description="Drain <script>alert(1)</script> & more \"quotes\" ಕನ್ನಡ हिन्दी")
    [req] = read(Client().get(url(f"requests/{rid}", "xml")), "xml")
    assert req["description"] == "Drain <script>alert(1)</script> & more \"quotes\" ಕನ್ನಡ हिन्दी"
