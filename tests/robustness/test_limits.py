"""Abuse limits (issue 25, finding 6), each under a bounded flood: anonymous complaints and notice-board
objections are counted per address (and signed-in ones per account) in the database; the text the public
sends is refused over its length, never cut short; a request body over the limit is refused by its
Content-Length before anything reads it. (Sign-in limits: test_security.py.)"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.test import Client
from django.test.client import FakePayload

from adhiniyam.enforcement.models import Complaint
from adhiniyam.ops.models import PostCount

pytestmark = pytest.mark.django_db
OPEN311 = "/open311/v2/requests.json"


def open311(client, address, **extra):
    return client.post(OPEN311, {"jurisdiction_id": "ga-taleigao", "service_code": "latrine_near_well",
                                 "description": "Cesspool beside the public well", "address_string": "Odxel",
                                 **extra}, REMOTE_ADDR=address)


def test_a_flood_of_anonymous_complaints_from_one_address_is_cut_at_the_limit(world, settings):
    """The finding: 100 anonymous Open311 complaints from one address were all accepted."""
    most = settings.ADHINIYAM_POST_LIMITS["complaint"]["address"][0]
    c = Client()
    codes = [open311(c, "203.0.113.50").status_code for _ in range(100)]
    assert codes == [201] * most + [429] * (100 - most)
    assert Complaint.objects.count() == most
    refused = open311(c, "203.0.113.50").json()
    assert refused[0]["code"] == 429 and "try again" in refused[0]["description"]
    # another address, and the public form from it, are not affected
    assert open311(c, "198.51.100.7").status_code == 201
    assert c.post("/complaints/ga-taleigao/", {"category": "latrine_near_well", "description": "Overflowing",
                                               "address": "Odxel"}, REMOTE_ADDR="198.51.100.8").status_code == 201
    # counted in the database (every server process sees the same count), per body
    assert PostCount.objects.get(key="203.0.113.50").count == most
    assert set(PostCount.objects.values_list("body_id", flat=True)) == {world["vp"].pk}


def test_signed_in_complaints_are_counted_per_account_not_per_address(api, world, settings):
    most = settings.ADHINIYAM_POST_LIMITS["complaint"]["account"][0]
    body = {"category": "latrine_near_well", "description": "Cesspool", "address": "Odxel"}
    codes = [api.post("applicant", "/api/enforcement/bodies/ga-taleigao/complaints", body,
                      REMOTE_ADDR="203.0.113.60").status_code for _ in range(most + 3)]
    assert codes == [201] * most + [429] * 3
    r = api.post("applicant", "/api/enforcement/bodies/ga-taleigao/complaints", body)
    assert r["Content-Type"] == "application/problem+json" and r.json()["code"] == "too_many_posts"
    assert int(r["Retry-After"]) > 0
    # another citizen behind the same address is not affected
    assert api.post("neighbour", "/api/enforcement/bodies/ga-taleigao/complaints", body,
                    REMOTE_ADDR="203.0.113.60").status_code == 201


def test_complaint_text_over_its_limit_is_refused_not_cut(world):
    c = Client()
    # the description: at most the 4,000 characters Open311 GeoReport v2 allows (the standards' limit)
    for field, size in (("description", 4001), ("address_string", 301), ("first_name", 201)):
        r = open311(c, "203.0.113.70", **{field: "x" * size})
        assert r.status_code == 400 and "at most" in r.json()[0]["description"], (field, r.content[:200])
    assert Complaint.objects.count() == 0
    assert open311(c, "203.0.113.70", description="x" * 4000).status_code == 201
    assert len(Complaint.objects.get().description) == 4000


def _notice(api):
    """A Goa road-closure public notice (s.65, first proviso) calling for objections, published today."""
    from adhiniyam.records.models import Case
    r = api.post("clerk", "/api/enforcement/bodies/ga-taleigao/public-notices",
                 {"procedure": "road_closure", "on": "2026-01-10", "data": {}})
    assert r.status_code == 201, r.content
    return Case.objects.get(pk=r.json()["id"])


def test_objections_are_limited_in_length_and_number(api, world, settings):
    from adhiniyam.web.models import Objection
    case = _notice(api)
    url = f"/notices/{case.pk}/object/"
    c = Client()
    # the finding: 5 MiB of text in one objection. The form (as a browser sends it) is refused by its size
    # before it is read; sent as multipart, Django reads no more of its fields than DATA_UPLOAD_MAX_MEMORY_SIZE
    form = urlencode({"name": "Asha", "text": "x" * (5 * 1024 * 1024)})
    r = c.post(url, form, content_type="application/x-www-form-urlencoded", REMOTE_ADDR="203.0.113.80")
    assert r.status_code == 413
    r = c.post(url, {"name": "Asha", "text": "x" * (5 * 1024 * 1024)}, REMOTE_ADDR="203.0.113.80")
    assert r.status_code == 400
    # …and one over the objection's own limit is refused, with nothing kept
    c.post(url, {"name": "Asha", "text": "x" * 5001}, REMOTE_ADDR="203.0.113.80")
    assert Objection.objects.count() == 0
    most = settings.ADHINIYAM_POST_LIMITS["objection"]["address"][0]
    for i in range(most + 5):
        c.post(url, {"name": f"Objector {i}", "text": "The road is the only way to the temple."},
               REMOTE_ADDR="203.0.113.81")
    assert Objection.objects.count() == most
    c.post(url, {"name": "Another", "text": "The road is the only way to the temple."}, REMOTE_ADDR="198.51.100.9")
    assert Objection.objects.count() == most + 1


def test_an_oversized_upload_is_refused_before_it_is_read(api, world, client):
    """The finding: a 60 MB upload was read in full before the 10 MB limit refused it. The request says how
    long it is; the server answers 413 without reading a byte (the body here cannot be read at all)."""
    from robustness_kit import open_case
    case = open_case(api, "clerk")

    class Unreadable(FakePayload):
        def read(self, *args, **kwargs):
            raise AssertionError("the body was read")

    for url in (f"/api/cases/{case['id']}/documents", f"/case/{case['id']}/upload/"):
        r = client.generic("POST", url, CONTENT_TYPE="multipart/form-data; boundary=xyz",
                           CONTENT_LENGTH=str(60 * 1024 * 1024), HTTP_AUTHORIZATION=f"Bearer {world['tokens']['clerk']}",
                           **{"wsgi.input": Unreadable(b"")})
        assert r.status_code == 413, (url, r.status_code, r.content[:200])
        assert "10 MB" in r.content.decode()


def test_the_office_entering_complaints_at_the_counter_is_not_limited(api, world, settings):
    most = settings.ADHINIYAM_POST_LIMITS["complaint"]["account"][0]
    body = {"category": "latrine_near_well", "description": "Brought to the counter", "address": "Odxel"}
    codes = {api.post("clerk", "/api/enforcement/bodies/ga-taleigao/complaints", body).status_code
             for _ in range(most + 2)}
    assert codes == {201}
