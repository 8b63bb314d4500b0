"""The audit chain detects tampering; documents are checked on upload."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def _case_with_two_events(api, open_case):
    case = open_case()
    r = api.act("secretary", case["id"],
                 {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": "Plans unsigned"},
                  "version": 1})
    assert r.status_code == 201, r.content
    open_case("neighbour")
    return case


class tampering:
    """Someone with the database owner's rights: on PostgreSQL they must first switch the
    append-only trigger off."""

    def __enter__(self):
        from django.db import connection
        if connection.vendor == "postgresql":
            with connection.cursor() as cur:
                cur.execute("SET CONSTRAINTS ALL IMMEDIATE")     # settle the test transaction's deferred checks
                cur.execute("ALTER TABLE records_caseevent DISABLE TRIGGER records_caseevent_append_only")

    def __exit__(self, *exc):
        from django.db import connection
        if connection.vendor == "postgresql":
            with connection.cursor() as cur:
                cur.execute("SET CONSTRAINTS ALL IMMEDIATE")
                cur.execute("ALTER TABLE records_caseevent ENABLE TRIGGER records_caseevent_append_only")
                cur.execute("SET CONSTRAINTS ALL DEFERRED")


def _verify():
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("audit", "verify", stdout=out, stderr=err)
        return True, out.getvalue() + err.getvalue()
    except CommandError:
        return False, out.getvalue() + err.getvalue()


def test_audit_verify_passes_then_detects_a_changed_event(api, open_case):
    from adhiniyam.records.models import CaseEvent

    case = _case_with_two_events(api, open_case)
    ok, text = _verify()
    assert ok and "3 events checked" in text
    # someone with database access rewrites the observations (bypassing the service)
    ev = CaseEvent.objects.get(case_id=case["id"], seq=2)
    with tampering():
        CaseEvent.objects.filter(pk=ev.pk).update(data={"observations": "No observations"})
    ok, text = _verify()
    assert not ok
    assert f"link {ev.chain_seq}" in text and "changed after it was recorded" in text and case["number"] in text


def test_audit_verify_detects_a_removed_event(api, open_case):
    from django.db import connection

    from adhiniyam.records.models import CaseEvent

    case = _case_with_two_events(api, open_case)
    ev = CaseEvent.objects.get(case_id=case["id"], seq=2)
    with tampering(), connection.cursor() as cur:
        cur.execute("DELETE FROM records_caseevent WHERE id = %s", [ev.pk])
    ok, text = _verify()
    assert not ok and "removed" in text


def test_events_refuse_update_and_delete_through_the_orm(api, open_case):
    from adhiniyam.records.models import AppendOnly, CaseEvent

    case = open_case()
    ev = CaseEvent.objects.get(case_id=case["id"], seq=1)
    ev.data = {"complete": False}
    with pytest.raises(AppendOnly):
        ev.save()
    with pytest.raises(AppendOnly):
        ev.delete()


def test_postgresql_refuses_changing_events_even_in_raw_sql(api, open_case):
    from django.db import IntegrityError, connection, transaction

    if connection.vendor != "postgresql":
        pytest.skip("the trigger exists on PostgreSQL only")
    case = open_case()
    for sql in ("UPDATE records_caseevent SET type = 'x' WHERE case_id = %s",
                "DELETE FROM records_caseevent WHERE case_id = %s"):
        with pytest.raises(IntegrityError, match="append-only"), transaction.atomic(), connection.cursor() as cur:
            cur.execute(sql, [case["id"]])


PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def test_document_upload_checks_type_and_size(api, open_case, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    case = open_case()
    url = f"/api/cases/{case['id']}/documents"
    ok = api.upload("applicant", url, {"kind": "plan", "file": SimpleUploadedFile("plan.pdf", PDF, "application/pdf")})
    assert ok.status_code == 201, ok.content
    doc = ok.json()
    assert doc["content_type"] == "application/pdf" and doc["size"] == len(PDF)
    got = api.get("secretary", doc["url"])
    assert got.status_code == 200 and b"".join(got.streaming_content) == PDF
    assert api.get("neighbour", doc["url"]).status_code == 404
    fake = api.upload("applicant", url, {"kind": "plan",
                                         "file": SimpleUploadedFile("plan.pdf", b"MZ\x90\x00binary", "application/pdf")})
    assert fake.status_code == 422 and fake.json()["code"] == "file_type_not_accepted"
    settings.ADHINIYAM_MAX_UPLOAD_BYTES = 20
    big = api.upload("applicant", url, {"kind": "plan", "file": SimpleUploadedFile("plan.pdf", PDF, "application/pdf")})
    assert big.status_code == 422 and big.json()["code"] == "file_too_large"
    bad_kind = api.upload("applicant", url, {"kind": "poem", "file": SimpleUploadedFile("p.pdf", PDF)})
    assert bad_kind.status_code == 422
    assert len(api.get("applicant", url).json()) == 1


def test_a_late_entrys_reason_is_in_the_audit_chain(api, world):
    """The reason an entry was made late is hashed with it: rewritten afterwards, the chain breaks."""
    from adhiniyam.records.models import CaseEvent

    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", {
        "procedure": "building_permission",
        "event": {"type": "application_received", "on": "2026-01-05", "data": {"complete": True},
                  "late_reason": "Paper received at the counter on 5 January"}})
    assert r.status_code == 201, r.content
    ok, text = _verify()
    assert ok and "1 events checked" in text
    with tampering():
        CaseEvent.objects.filter(case_id=r.json()["id"]).update(late_reason="entered on the day")
    ok, text = _verify()
    assert not ok and "does not match its hash" in text
