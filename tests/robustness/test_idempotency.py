"""Idempotency-Key on API writes (issue 25, finding 8: a committed write whose answer was lost was repeated
by the client's retry). A repeated key returns the first answer and stores nothing new; the same key for a
different request is refused; a refused write keeps nothing, so it may be sent again. The retry after a
server killed past the commit is in test_server.py."""

from __future__ import annotations

import pytest
from robustness_kit import PROBLEM, open_case, table_counts

from adhiniyam.api.models import IdempotentRequest
from adhiniyam.records.models import Case, CaseEvent

pytestmark = pytest.mark.django_db
NEW = {"procedure": "building_permission", "event": {"type": "application_received", "data": {"complete": True}},
       "applicant": {"name": "Asha Naik"}}


def key(k):
    return {"HTTP_IDEMPOTENCY_KEY": k}


def test_a_retried_write_with_the_same_key_changes_nothing(api, world):
    first = api.post("clerk", "/api/bodies/ga-taleigao/cases", NEW, **key("9b2f0c1e-open-1"))
    assert first.status_code == 201 and not first.has_header("Idempotent-Replayed")
    counts = table_counts()
    again = api.post("clerk", "/api/bodies/ga-taleigao/cases", NEW, **key("9b2f0c1e-open-1"))
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first.json()["id"] and again.content == first.content
    assert table_counts() == counts and Case.objects.count() == 1
    # an action: the second send is the first answer, not a 409 or a second event
    case = first.json()
    act = {"type": "observations_dispatched", "data": {"observations": "setback"}, "version": case["version"]}
    one = api.post("secretary", f"/api/cases/{case['id']}/actions", act, **key("act-1"))
    two = api.post("secretary", f"/api/cases/{case['id']}/actions", act, **key("act-1"))
    assert one.status_code == two.status_code == 201 and one.content == two.content
    assert CaseEvent.objects.filter(case_id=case["id"]).count() == 2
    # kept beside the write, at the write's body
    assert set(IdempotentRequest.objects.values_list("body_id", flat=True)) == {world["vp"].pk}


def test_the_same_key_for_another_request_is_refused(api, world):
    assert api.post("clerk", "/api/bodies/ga-taleigao/cases", NEW, **key("k-1")).status_code == 201
    counts = table_counts()
    other = {**NEW, "applicant": {"name": "Someone Else"}}
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", other, **key("k-1"))
    assert r.status_code == 422 and r["Content-Type"] == PROBLEM and r.json()["code"] == "idempotency_key_reused"
    assert table_counts() == counts
    # a key is the caller's own: another user's same key is another write
    assert api.post("secretary", "/api/bodies/ga-taleigao/cases", NEW, **key("k-1")).status_code == 201
    assert Case.objects.count() == 2


def test_a_used_key_on_a_method_the_api_does_not_declare_gets_405(api, world):
    """The API's own answer comes first: a PUT where only POST is declared is 405, not a reused key's 422."""
    assert api.post("clerk", "/api/bodies/ga-taleigao/cases", NEW, **key("k-2")).status_code == 201
    counts = table_counts()
    r = api.client.put("/api/bodies/ga-taleigao/cases", NEW, content_type="application/json", **api._auth("clerk"),
                       **key("k-2"))
    assert r.status_code == 405
    assert table_counts() == counts and Case.objects.count() == 1


def test_a_refused_write_keeps_no_answer_and_may_be_sent_again(api, world):
    case = open_case(api, "clerk")                     # received and entered on 5 January
    late = {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": "x"}, "version": 1}
    r = api.post("secretary", f"/api/cases/{case['id']}/actions", late, **key("late-1"))
    assert r.status_code == 422 and r.json()["code"] == "late_reason_required"
    assert not IdempotentRequest.objects.exists()
    fixed = {**late, "late_reason": "letter of 7 January, entered on 10 January"}
    r = api.post("secretary", f"/api/cases/{case['id']}/actions", fixed, **key("late-1"))
    assert r.status_code == 201, r.content


@pytest.mark.parametrize("bad", ["", "x" * 256, "ключ", "tab\there"], ids=["empty", "long", "non-ascii", "control"])
def test_a_malformed_key_is_refused_clearly(api, world, bad):
    counts = table_counts()
    r = api.client.post("/api/bodies/ga-taleigao/cases", NEW, content_type="application/json",
                        HTTP_AUTHORIZATION=f"Bearer {world['tokens']['clerk']}",
                        HTTP_IDEMPOTENCY_KEY=bad.encode("utf-8").decode("latin-1"))
    assert r.status_code == 422 and r.json()["code"] == "bad_idempotency_key"
    assert table_counts() == counts


def test_the_sign_in_answer_is_never_kept(client, world):
    from django.contrib.auth import get_user_model
    user = get_user_model().objects.get(username="clerk")
    user.set_password("the clerk's password")
    user.save()
    body = {"username": "clerk", "password": "the clerk's password"}
    one = client.post("/api/auth/token", body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="t")
    two = client.post("/api/auth/token", body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="t")
    assert one.status_code == two.status_code == 201 and one.json()["token"] != two.json()["token"]
    assert not IdempotentRequest.objects.exists()
