"""The write path's statement budget (issue 21): at most eight SQL statements per create or action in the
records service, and a whole API request not many more. Counted, never timed. The entries are dated by
the server's clock (records.dating: no `on`), as a portal submission is."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from adhiniyam.records import access, services
from adhiniyam.records.services import EventInput

pytestmark = pytest.mark.django_db

BOOKKEEPING = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")


def statements(q) -> list[str]:
    return [x["sql"] for x in q.captured_queries if not x["sql"].startswith(BOOKKEEPING)]


def own(sql: list[str]) -> list[str]:
    """The records service's own statements: without adhiniyam.notify's outbox and its delivery tasks
    (counted on their own)."""
    return [x for x in sql if "notify_" not in x and "django_tasks" not in x]


# the outbox's share of a write (adhiniyam.notify.outbox) when no notice is written (the applicant here
# gives no address): none, its cursor being on the case's row, stored with it. A notice written adds the
# recipient's preferences, its row and its task (counted below).
NOTIFY = 0


@pytest.fixture
def warm(api, open_case):
    """A case already opened, so the packs and the body's settings are loaded (as in a running server)."""
    return open_case("clerk")


def signed_in(world, name):
    """The user as a request has them: memberships read with the token (api/auth.py)."""
    user = world["users"][name]
    access.memberships(user)
    return user


def test_a_create_is_five_statements(world, warm):
    from adhiniyam.records.models import Body, Case
    clerk, body = signed_in(world, "clerk"), Body.objects.get(code="ga-taleigao")
    with CaptureQueriesContext(connection) as q:
        w = services.open_case(clerk, body, "building_permission",
                               EventInput("application_received", None,
                                          {"complete": True}, by="applicant"))
    sql = statements(q)
    # ledger locked, case inserted with its derived fields (and the outbox's cursor), its event, its routes,
    # the ledger updated
    assert len(own(sql)) == 5, "\n".join(sql)
    assert len(sql) - len(own(sql)) <= NOTIFY, "\n".join(sql)
    assert Case.objects.get(pk=w.case.pk).status == "pending"


def test_an_action_is_at_most_eight_statements(world, warm):
    secretary = signed_in(world, "secretary")
    with CaptureQueriesContext(connection) as q:
        w = services.record(secretary, warm["id"],
                            EventInput("observations_dispatched", None,
                                       {"observations": "site plan unsigned"}), warm["version"])
    sql = statements(q)
    # case read, its events, its routes; case updated (with the outbox's cursor), ledger locked, event
    # inserted, ledger updated
    assert len(own(sql)) <= 8, "\n".join(sql)
    assert len(sql) - len(own(sql)) <= NOTIFY, "\n".join(sql)
    assert w.case.status == "observations_pending" and w.case.version == 2


def block_clerk(world):
    """A clerk at the block above Taleigao, with a token (world's tokens are the api fixture's)."""
    from django.contrib.auth import get_user_model

    from adhiniyam.api.models import ApiToken
    from adhiniyam.records.models import Membership
    user = get_user_model().objects.create_user("block_clerk")
    Membership.objects.create(user=user, body=world["block"], role="clerk")
    world["tokens"]["block_clerk"] = ApiToken.issue(user, "test")[1]


def test_api_requests_stay_within_a_few_statements_of_the_service(api, world, warm):
    with CaptureQueriesContext(connection) as q:
        r = api.post("clerk", "/api/bodies/ga-taleigao/cases", {
            "procedure": "building_permission", "applicant": {"name": "A. Fernandes"},
            "event": {"type": "application_received", "data": {"complete": True}}})
    assert r.status_code == 201, r.content
    # + the token with its user and memberships (one query, with the bodies: the clerk's own is the body of
    # the address, not read again), the new person
    assert len(own(statements(q))) <= 7, "\n".join(statements(q))
    assert len(statements(q)) <= 7 + NOTIFY, "\n".join(statements(q))
    case = r.json()
    block_clerk(world)
    with CaptureQueriesContext(connection) as q:                  # a clerk above the body: it is read
        r = api.post("block_clerk", "/api/bodies/ga-taleigao/cases", {
            "procedure": "building_permission", "applicant": {"name": "A. Fernandes"},
            "event": {"type": "application_received", "data": {"complete": True}}})
    assert r.status_code == 201, r.content
    assert len(own(statements(q))) <= 8 + 1, "\n".join(statements(q))      # + its token's first use stamped
    assert [x for x in statements(q) if x.startswith('SELECT "records_body"')]
    with CaptureQueriesContext(connection) as q:
        r = api.post("secretary", f"/api/cases/{case['id']}/actions", {
            "type": "observations_dispatched", "data": {"observations": "x"},
            "version": case["version"]})
    assert r.status_code == 201, r.content
    # + the token with its user and memberships (and its last use, at most every few minutes); the case's
    # documents only when the case's own read found it has some (access.case_for: none here)
    assert len(own(statements(q))) <= 9, "\n".join(statements(q))
    assert len(statements(q)) <= 9 + NOTIFY, "\n".join(statements(q))
    assert not [x for x in statements(q) if "records_document" in x and not x.startswith("SELECT \"records_case\"")]


def test_an_action_on_a_case_with_a_document_answers_it_for_one_statement_more(api, world, warm):
    from django.core.files.uploadedfile import SimpleUploadedFile
    pdf = SimpleUploadedFile("plan.pdf", b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", content_type="application/pdf")
    r = api.upload("clerk", f"/api/cases/{warm['id']}/documents", {"kind": "plan", "title": "site plan", "file": pdf})
    assert r.status_code == 201, r.content
    doc = r.json()
    api.get("secretary", "/api/me")                          # the token's last use stamped before the count
    with CaptureQueriesContext(connection) as q:
        r = api.post("secretary", f"/api/cases/{warm['id']}/actions", {
            "type": "observations_dispatched", "data": {"observations": "x"}, "version": warm["version"]})
    assert r.status_code == 201, r.content
    assert r.json()["documents"] == [doc]
    assert len(own(statements(q))) == 9, "\n".join(statements(q))
    read = api.get("secretary", f"/api/cases/{warm['id']}", explain="false").json()
    assert {k: v for k, v in r.json().items() if k != "as_of"} == {k: v for k, v in read.items() if k != "as_of"}


def test_a_notice_written_costs_a_few_statements_more(api, world):
    """An applicant with an address is told of the opening and of the observations: the outbox then also reads
    their preferences and writes the notice's row and its delivery task, in the write's transaction."""
    from adhiniyam.notify.models import Notification
    r = api.post("clerk", "/api/bodies/ga-taleigao/cases", {
        "procedure": "building_permission", "applicant": {"name": "A. Fernandes", "email": "af@example.org"},
        "event": {"type": "application_received", "data": {"complete": True}}})
    assert r.status_code == 201, r.content
    case = r.json()
    secretary = signed_in(world, "secretary")
    with CaptureQueriesContext(connection) as q:
        services.record(secretary, case["id"], EventInput("observations_dispatched", None,
                                                          {"observations": "site plan unsigned"}), case["version"])
    sql = statements(q)
    assert len(own(sql)) <= 8, "\n".join(sql)
    # the preferences, the notice's row (looked for, then inserted), its task (the cursor is the case's row's)
    assert len(sql) - len(own(sql)) <= 4, "\n".join(sql)
    assert Notification.objects.filter(case_id=case["id"], to_address="af@example.org").count() == 2
