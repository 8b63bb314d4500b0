"""Every endpoint for every body (issue 25, finding 3: GET /api/bodies/hp-solan-mc/procedures answered 500
to every user). On the demo (`adhiniyam demo`: five bodies, one per Act, a user for every role), each user
calls every operation of the APIs' OpenAPI descriptions and opens every page, with the ids of their own
body's records; no answer is a 500, and every API error is application/problem+json. POSTs send an empty
form or `{}`: what is checked is that nothing fails, not what is allowed (the authorization matrix does that)."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import URLResolver, get_resolver

pytestmark = pytest.mark.django_db
ROLES = ["applicant", "clerk", "officer", "appellate", "state", "auditor", "admin"]
SCHEMAS = ["/api/openapi.json", "/local-law/api/openapi.json"]
SKIP_PAGES = {"ops/floor", "signout/"}          # the benchmark's own view; signing out ends the walk


@pytest.fixture
def demo(settings):
    settings.ADHINIYAM_CLOCK = None          # the demo replays its scenarios up to the real today
    call_command("demo", "--no-serve", "--cases", "3", stdout=io.StringIO())
    from adhiniyam.records import demo as D
    from adhiniyam.records.models import Body
    return {place.body[0]: Body.objects.get(code=place.body[0]) for place in D.PLACES}


def _ids(body) -> dict:
    """The ids of a body's own records, for the path parameters."""
    from adhiniyam.enforcement.models import Complaint, Demand, Payment
    from adhiniyam.records.models import Case, Document, Person, Property
    case = Case.objects.filter(body=body).order_by("pk").first()
    pack = case and __import__("adhiniyam.law", fromlist=["load_pack"]).load_pack(body.act_id)
    first = lambda qs: str(qs.values_list("pk", flat=True).first() or 0)   # noqa: E731
    return {"code": body.code, "case_id": str(case.pk), "doc_id": first(Document.objects.filter(body=body)),
            "person_id": first(Person.objects.filter(body=body)), "property_id": first(Property.objects.filter(body=body)),
            "complaint_id": first(Complaint.objects.filter(body=body)), "demand_id": first(Demand.objects.filter(body=body)),
            "payment_id": first(Payment.objects.filter(body=body)), "request_id": first(Complaint.objects.filter(body=body)),
            "name": "notices", "procedure": case.procedure, "act_id": body.act_id,
            "node_id": next(n for n in pack.order if pack.nodes[n].get("kind") == "section"),
            "service_code": "obstruction", "kind": "receipt", "n": "0", "fmt": "json", "token": "0",
            "path": "unknown"}


def _api_calls(client, ids, token_id):
    for schema in SCHEMAS:
        paths = client.get(schema).json()["paths"]
        for path, ops in paths.items():
            url = re.sub(r"\{(\w+)\}", lambda m: token_id if m.group(1) == "token_id" else ids[m.group(1)], path)
            for method in ops:
                if (method, path) == ("delete", "/api/auth/token"):
                    continue                 # revokes the token the walk is using: called last
                yield method.upper(), url + (f"?body={ids['code']}" if path == "/api/cases" else "")


def _pages(ids):
    def walk(patterns, prefix=""):
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            else:
                yield prefix + str(p.pattern)
    for pattern in walk(get_resolver().url_patterns):
        if pattern.startswith(("admin/", "api/", "local-law/api/")) or pattern in SKIP_PAGES:
            continue
        path = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: ids[m.group(1)], pattern)     # re_path groups first
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: ids[m.group(1)], path).replace("^", "").replace("$", "")
        yield "/" + path.replace("\\.", ".")
    yield f"/inbox/{ids['code']}/?page=abc"          # the finding's page: a bad page number
    yield f"/case/{ids['case_id']}/pdf/deemed/0/"


def _fails(r, method, url, api: bool) -> str | None:
    if r.status_code >= 500:
        return f"{method} {url}: {r.status_code} {r.content[:200]!r}"
    if api and r.status_code >= 400 and not r["Content-Type"].startswith("application/problem+json"):
        return f"{method} {url}: {r.status_code} not problem+json ({r['Content-Type']})"
    return None


def test_every_endpoint_and_page_for_every_body_and_role_answers_without_a_500(demo):
    from django.contrib.auth import get_user_model

    from adhiniyam.api.models import ApiToken
    users = {u.username: u for u in get_user_model().objects.all()}
    failures, calls = [], 0
    for code, body in demo.items():
        ids = _ids(body)
        for who in [f"{code.split('-')[0]}-{role}" for role in ROLES] + ["admin"]:
            row, raw = ApiToken.issue(users[who], "walk")
            api = Client(HTTP_AUTHORIZATION=f"Bearer {raw}")
            for method, url in _api_calls(api, ids, str(row.pk)):
                r = api.generic(method, url, b"{}" if method != "GET" else b"", content_type="application/json")
                calls += 1
                failures.append(_fails(r, method, url, api=True))
            web = Client()
            web.force_login(users[who])
            for url in _pages(ids):
                for method in ("GET", "POST"):
                    r = web.get(url) if method == "GET" else web.post(url, {})
                    calls += 1
                    failures.append(_fails(r, method, url, api=False))
            failures.append(_fails(api.delete("/api/auth/token"), "DELETE", "/api/auth/token", api=True))
    failures = [f for f in failures if f]
    assert calls > 3000, calls
    assert not failures, "\n".join(failures[:40])
