"""Authorization matrix: every role × every API endpoint × own body / other body / own case /
someone else's case, asserted cell by cell.

The expected table below is the rule written out; an endpoint added later and not yet in the table
is held to the isolation rule by `test_endpoints_outside_the_matrix_still_keep_bodies_apart`. Each request runs in a savepoint that is rolled back, so cells do not affect each other.
"""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from robustness_kit import PROBLEM, USERS, open_case

pytestmark = pytest.mark.django_db

ROLES = ["applicant", "clerk", "secretary", "auditor", "bdo", "director", "admin", "anonymous"]
# what each role calls "own body" and "other body": the body of its membership / one outside it
OWN_BODY = {"applicant": "ga-taleigao", "clerk": "ga-taleigao", "secretary": "ga-taleigao",
            "auditor": "ga-taleigao", "bdo": "ga-tiswadi", "director": "ga", "admin": "ga",
            "anonymous": "ga-taleigao"}
OTHER_BODY = {r: "hp-solan" for r in ROLES} | {"applicant": "ga-merces", "clerk": "ga-merces",
                                                  "secretary": "ga-merces", "auditor": "ga-merces"}
DENIED = {401, 403, 404}


class Targets:
    """The objects the matrix points at, made once per test."""

    def __init__(self, api, world):
        from adhiniyam.records.models import Person
        self.own_case = open_case(api, "applicant")                      # the applicant's case at Taleigao
        self.others_case = open_case(api, "neighbour")                   # another applicant's, same body
        self.other_body_case = open_case(api, "merces_applicant", body="ga-merces")
        pdf = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
        from django.core.files.uploadedfile import SimpleUploadedFile
        r = api.post("applicant", f"/api/cases/{self.own_case['id']}/documents",
                     {"__multipart__": True, "kind": "plan", "title": "site plan",
                      "file": SimpleUploadedFile("plan.pdf", pdf, content_type="application/pdf")})
        assert r.status_code == 201, r.content
        self.own_doc = r.json()["id"]
        r = api.post("merces_applicant", f"/api/cases/{self.other_body_case['id']}/documents",
                     {"__multipart__": True, "kind": "plan", "title": "merces plan",
                      "file": SimpleUploadedFile("m.pdf", pdf, content_type="application/pdf")})
        assert r.status_code == 201, r.content
        self.other_doc = r.json()["id"]
        self.own_person = Person.objects.get(user=world["users"]["applicant"]).pk
        self.other_person = Person.objects.get(user=world["users"]["merces_applicant"]).pk
        # the properties declared on the applications, and a token of each user
        self.own_property = self.own_case["property"]["id"]
        self.other_body_property = self.other_body_case["property"]["id"]
        from adhiniyam.api.models import ApiToken
        self.tokens = {u.username: ApiToken.objects.get(user=u).pk for u in world["users"].values()}
        # a property of the neighbour's, in the office's records (issue 25: refused as an unknown one)
        self.neighbours_property = self.others_case["property"]["id"]
        self.neighbour = Person.objects.get(user=world["users"]["neighbour"]).pk

    def case(self, target):
        return {"own_case": self.own_case, "others_case": self.others_case,
                "other_body_case": self.other_body_case}[target]


def _upload():
    from django.core.files.uploadedfile import SimpleUploadedFile
    return {"__multipart__": True, "kind": "plan", "title": "t",
            "file": SimpleUploadedFile("p.pdf", b"%PDF-1.4\n%%EOF\n", content_type="application/pdf")}


NEW_CASE = {"procedure": "building_permission",          # received now: dated by the server's clock
            "event": {"type": "application_received", "data": {"complete": True}},
            "applicant": {"name": "Asha Naik"}}


def action(case):
    # observations by the Secretary (s.66(2E)), within seven days of the 5 January receipt, entered late
    return {"type": "observations_dispatched", "on": "2026-01-07", "data": {"observations": "setback"},
            "late_reason": "letter dispatched on 7 January, entered on 10 January", "version": case["version"]}


# endpoint key -> (method, path template, payload builder or None, targets it is tried with)
BODY_T = ("own_body", "other_body")
CASE_T = ("own_case", "others_case", "other_body_case")
ENDPOINTS = {
    "GET /api/me": ("GET", "/api/me", None, ("none",)),
    "GET /api/bodies": ("GET", "/api/bodies", None, ("none",)),
    "GET /api/bodies/{code}": ("GET", "/api/bodies/{code}", None, BODY_T),
    "GET /api/bodies/{code}/procedures": ("GET", "/api/bodies/{code}/procedures", None, BODY_T),
    "GET /api/bodies/{code}/cases": ("GET", "/api/bodies/{code}/cases", None, BODY_T),
    "POST /api/bodies/{code}/cases": ("POST", "/api/bodies/{code}/cases", lambda t, c, x: NEW_CASE, BODY_T),
    "GET /api/bodies/{code}/people": ("GET", "/api/bodies/{code}/people", None, BODY_T),
    "POST /api/bodies/{code}/people": ("POST", "/api/bodies/{code}/people", lambda t, c, x: {"name": "Asha Naik"},
                                       BODY_T),
    "GET /api/bodies/{code}/properties": ("GET", "/api/bodies/{code}/properties", None, BODY_T),
    "POST /api/bodies/{code}/properties": ("POST", "/api/bodies/{code}/properties",
                                           lambda t, c, x: {"address": "H.No. 3, Caranzalem"}, BODY_T),
    "GET /api/cases": ("GET", "/api/cases", None, ("none",)),
    "POST /api/cases": ("POST", "/api/cases?body={code}", lambda t, c, x: NEW_CASE, BODY_T),
    "GET /api/cases/{case_id}": ("GET", "/api/cases/{case_id}", None, CASE_T),
    "POST /api/cases/{case_id}/actions": ("POST", "/api/cases/{case_id}/actions", lambda t, c, x: action(c), CASE_T),
    "GET /api/cases/{case_id}/documents": ("GET", "/api/cases/{case_id}/documents", None, CASE_T),
    "POST /api/cases/{case_id}/documents": ("POST", "/api/cases/{case_id}/documents", lambda t, c, x: _upload(),
                                            CASE_T),
    "GET /api/documents/{doc_id}": ("GET", "/api/documents/{doc_id}", None, ("own_case", "other_body_case")),
    "DELETE /api/auth/token": ("DELETE", "/api/auth/token", None, ("none",)),
    "GET /api/auth/tokens": ("GET", "/api/auth/tokens", None, ("none",)),
    "DELETE /api/auth/tokens/{token_id}": ("DELETE", "/api/auth/tokens/{token_id}", None, ("own_token", "others_token")),
    "POST /api/bodies/{code}/properties/{property_id}/verify": (
        "POST", "/api/bodies/{code}/properties/{property_id}/verify", None, ("own_property", "other_body_property")),
    # opening a case at Taleigao on the neighbour's property, or for the neighbour: the office may (a paper
    # at the counter); a citizen gets exactly what an unknown id gets
    "POST /api/bodies/{code}/cases [another's property or person]": (
        "POST", "/api/bodies/ga-taleigao/cases", lambda t, c, x: _on_others(t, x), ("neighbours_property", "neighbour")),
}


def _on_others(target, targets):
    if target == "neighbours_property":
        return {**NEW_CASE, "property_id": targets.neighbours_property}
    return {**NEW_CASE, "applicant": None, "applicant_id": targets.neighbour}

# The expected table. A = allowed (2xx); D = denied (401/403/404). Cells not listed for a role are D.
# Rows: endpoint; columns: target. Written from access.py's rules: staff read their body and below;
# applicants only their own cases; appellate authorities only cases routed to their office while engaged
# (none is engaged on a fresh application); auditors never write; nobody reaches another body.
A, D = "A", "D"
EXPECT: dict[str, dict[str, dict[str, str]]] = {
    "applicant": {
        "GET /api/me": {"none": A}, "GET /api/bodies": {"none": A}, "GET /api/cases": {"none": A},
        "GET /api/bodies/{code}": {"own_body": A}, "GET /api/bodies/{code}/procedures": {"own_body": A},
        "GET /api/bodies/{code}/cases": {"own_body": A}, "POST /api/bodies/{code}/cases": {"own_body": A},
        "POST /api/cases": {"own_body": A},
        "GET /api/cases/{case_id}": {"own_case": A}, "GET /api/cases/{case_id}/documents": {"own_case": A},
        "POST /api/cases/{case_id}/documents": {"own_case": A}, "GET /api/documents/{doc_id}": {"own_case": A},
        "DELETE /api/auth/token": {"none": A},
    },
}
# every signed-in user lists their own tokens and revokes their own, never another's
_TOKENS = {"GET /api/auth/tokens": {"none": A}, "DELETE /api/auth/tokens/{token_id}": {"own_token": A}}
EXPECT["applicant"].update(_TOKENS)
_STAFF_READ = {
    "GET /api/me": {"none": A}, "GET /api/bodies": {"none": A}, "GET /api/cases": {"none": A},
    "GET /api/bodies/{code}": {"own_body": A}, "GET /api/bodies/{code}/procedures": {"own_body": A},
    "GET /api/bodies/{code}/cases": {"own_body": A}, "GET /api/bodies/{code}/people": {"own_body": A},
    "GET /api/cases/{case_id}": {"own_case": A, "others_case": A},
    "GET /api/cases/{case_id}/documents": {"own_case": A, "others_case": A},
    "GET /api/documents/{doc_id}": {"own_case": A}, "DELETE /api/auth/token": {"none": A}, **_TOKENS,
}
# master data of the body (people, properties): its clerks, officers and administrators, not auditors
_MASTER_DATA = {"GET /api/bodies/{code}/properties": {"own_body": A}, "POST /api/bodies/{code}/people": {"own_body": A},
                "POST /api/bodies/{code}/properties": {"own_body": A},
                "POST /api/bodies/{code}/properties/{property_id}/verify": {"own_property": A}}
_STAFF_WRITE = {**_MASTER_DATA, "POST /api/bodies/{code}/cases": {"own_body": A}, "POST /api/cases": {"own_body": A},
                "POST /api/bodies/{code}/cases [another's property or person]": {"neighbours_property": A,
                                                                                "neighbour": A},
                "POST /api/cases/{case_id}/documents": {"own_case": A, "others_case": A}}
EXPECT["clerk"] = {**_STAFF_READ, **_STAFF_WRITE}
EXPECT["secretary"] = {**_STAFF_READ, **_STAFF_WRITE,
                       "POST /api/cases/{case_id}/actions": {"own_case": A, "others_case": A}}
EXPECT["auditor"] = dict(_STAFF_READ)
# appellate authorities see their own body, and cases only when routed and engaged
_APPELLATE = {"GET /api/me": {"none": A}, "GET /api/bodies": {"none": A}, "GET /api/cases": {"none": A},
              "GET /api/bodies/{code}": {"own_body": A}, "DELETE /api/auth/token": {"none": A}, **_TOKENS,
              # the office's own inbox (cases routed to it) and its own body's people
              "GET /api/bodies/{code}/cases": {"own_body": A}, "GET /api/bodies/{code}/people": {"own_body": A}}
EXPECT["bdo"] = dict(_APPELLATE)
EXPECT["director"] = dict(_APPELLATE)
# the administrator reads the State's bodies and cases below it (the Goa cases are all below "ga")
EXPECT["admin"] = {**_STAFF_READ, **_MASTER_DATA,
                   "GET /api/cases/{case_id}": {"own_case": A, "others_case": A, "other_body_case": A},
                   "GET /api/cases/{case_id}/documents": {"own_case": A, "others_case": A, "other_body_case": A},
                   "GET /api/documents/{doc_id}": {"own_case": A, "other_body_case": A},
                   "GET /api/bodies/{code}/procedures": {},          # the State itself names no Act: 422
                   "POST /api/bodies/{code}/properties/{property_id}/verify": {"own_property": A,
                                                                               "other_body_property": A},
                   "GET /api/bodies/{code}/cases": {"own_body": A}}
EXPECT["anonymous"] = {}

# cells where the answer is neither allowed nor denied but a 4xx the law or the data gives
SPECIAL = {
    ("bdo", "GET /api/bodies/{code}/procedures", "own_body"): 422,      # a block keeps no cases: no Act
    ("director", "GET /api/bodies/{code}/procedures", "own_body"): 422,
    ("admin", "GET /api/bodies/{code}/procedures", "own_body"): 422,
    ("admin", "POST /api/bodies/{code}/cases", "own_body"): 422,        # a State body keeps no cases
    ("admin", "POST /api/cases", "own_body"): 422,
    ("bdo", "POST /api/bodies/{code}/cases", "own_body"): 422,
    ("bdo", "POST /api/cases", "own_body"): 422,
    ("director", "POST /api/bodies/{code}/cases", "own_body"): 422,
    ("director", "POST /api/cases", "own_body"): 422,
}

# cells where the service does not yet do what the rule says (each with its own xfail(strict=True) test);
# none at present
KNOWN_BUGS: set = set()

LEAK = re.compile(r"GA-MERCES/|HP-SOLAN/")


def _url(template, role, target, targets: Targets):
    url = template
    if "{property_id}" in url:       # the property declared on the own case (Taleigao) or on Merces' case
        own = target == "own_property"
        url = url.replace("{code}", "ga-taleigao" if own else "ga-merces").replace(
            "{property_id}", str(targets.own_property if own else targets.other_body_property))
    if "{code}" in url:
        url = url.replace("{code}", OWN_BODY[role] if target == "own_body" else OTHER_BODY[role])
    case = None
    if "{case_id}" in url:
        case = targets.case(target)
        url = url.replace("{case_id}", str(case["id"]))
    if "{doc_id}" in url:
        url = url.replace("{doc_id}", str(targets.own_doc if target == "own_case" else targets.other_doc))
    if "{token_id}" in url:          # the role's own token, or the neighbour's (anonymous: the applicant's)
        mine = role if role in targets.tokens else "applicant"
        url = url.replace("{token_id}", str(targets.tokens[mine if target == "own_token" else "neighbour"]))
    return url, case


@pytest.mark.parametrize("role", ROLES)
def test_matrix(role, api, world):
    targets = Targets(api, world)
    who = None if role == "anonymous" else role
    failures, cells = [], 0
    for key, (method, template, payload, tried) in ENDPOINTS.items():
        for target in tried:
            if (role, key, target) in KNOWN_BUGS:
                continue
            url, case = _url(template, role, target, targets)
            body = payload(target, case, targets) if payload else None
            with transaction.atomic():
                r = api.call(who, method, url, body)
                transaction.set_rollback(True)
            cells += 1
            want = SPECIAL.get((role, key, target)) or EXPECT[role].get(key, {}).get(target, D)
            got = r.status_code
            ok = (200 <= got < 300) if want == A else (got in DENIED) if want == D else got == want
            if got >= 400 and r["Content-Type"] != PROBLEM:
                ok = False
            text = r.content.decode("utf-8", "replace") if r.get("Content-Type", "").endswith("json") else ""
            # the applicant must never see another applicant's case; Taleigao's staff never Merces' or Solan's
            if role != "admin" and LEAK.search(text):
                ok = False
                got = f"{got} leaking another body's case"
            if role == "applicant" and targets.others_case["number"] in text:
                ok = False
                got = f"{got} showing the neighbour's case"
            if not ok:
                failures.append(f"{role:10} {key:40} {target:16} expected {want}, got {got}: {text[:160]}")
    assert cells >= 25
    assert not failures, "\n".join(failures)


def test_lists_never_include_what_the_role_may_not_see(api, world):
    t = Targets(api, world)
    mine = api.get("applicant", "/api/cases").json()["items"]
    assert [c["id"] for c in mine] == [t.own_case["id"]]
    inbox = api.get("applicant", "/api/bodies/ga-taleigao/cases").json()["items"]
    assert [c["id"] for c in inbox] == [t.own_case["id"]]
    staff = {c["id"] for c in api.get("secretary", "/api/cases").json()["items"]}
    assert staff == {t.own_case["id"], t.others_case["id"]}
    assert {c["id"] for c in api.get("merces_secretary", "/api/cases").json()["items"]} == {t.other_body_case["id"]}
    assert api.get("solan_eo", "/api/cases").json()["items"] == []
    assert api.get("bdo", "/api/cases").json()["items"] == []          # nothing routed to the BDO yet
    bodies = {b["code"] for b in api.get("secretary", "/api/bodies").json()}
    assert bodies == {"ga-taleigao"}
    assert {b["code"] for b in api.get("admin", "/api/bodies").json()} == {"ga", "ga-tiswadi", "ga-taleigao",
                                                                             "ga-merces"}


def test_officer_never_acts_outside_their_body(api, world):
    t = Targets(api, world)
    from robustness_kit import case_state, table_counts
    before, cases = table_counts(), case_state()
    for who in ("merces_secretary", "solan_eo"):
        r = api.act(who, t.own_case["id"], action(t.own_case))
        assert r.status_code == 404 and r["Content-Type"] == PROBLEM
        r = api.post(who, "/api/bodies/ga-taleigao/cases", NEW_CASE)
        assert r.status_code == 404
    # the applicant cannot decide their own case: the Act gives that to the Secretary (s.66(2))
    r = api.act("applicant", t.own_case["id"],
                 {"type": "permission_granted", "on": "2026-01-08", "version": 1})
    assert r.status_code == 403 and r.json()["code"] in ("not_your_role", "wrong_role")
    assert table_counts() == before and case_state() == cases


def test_endpoints_outside_the_matrix_still_keep_bodies_apart(api, client, world):
    """An endpoint added after this matrix was written is held to the isolation rule until it gets
    its own row: pointed at another body (or its case, document or person), every Taleigao role is
    refused (401/403/404, or 422 for a payload refused before the body is looked at), and nothing of
    the other body comes back."""
    t = Targets(api, world)
    paths = client.get("/api/openapi.json").json()["paths"]
    core = {f"{m.upper()} {p}" for p, ops in paths.items() for m in ops if not p.startswith("/api/enforcement")}
    core.discard("POST /api/auth/token")            # the sign-in itself: tested in test_security
    listed = core & set(ENDPOINTS)
    assert len(listed) >= 15, "the matrix lost its rows"
    failures = []
    for key in sorted(core - set(ENDPOINTS)):
        method, path = key.split(" ", 1)
        url = (path.replace("{code}", "ga-merces").replace("{case_id}", str(t.other_body_case["id"]))
               .replace("{doc_id}", str(t.other_doc)).replace("{person_id}", str(t.other_person)))
        for who in ("applicant", "clerk", "secretary", "auditor", None):
            with transaction.atomic():
                r = api.call(who, method, url, {} if method == "POST" else None)
                transaction.set_rollback(True)
            allowed = DENIED | ({422} if method == "POST" else set())
            text = r.content.decode("utf-8", "replace")
            if r.status_code not in allowed or r["Content-Type"] != PROBLEM or "GA-MERCES/" in text:
                failures.append(f"{who} {key} ({url}): {r.status_code} {text[:120]}")
    assert not failures, "\n".join(failures)


ENFORCEMENT_ROLES = [u for u in USERS if u not in ("secretary2",)]


def test_enforcement_endpoints_keep_bodies_apart(api, world, client):
    """Every /api/enforcement endpoint that names a body: a user without a role there gets 403/404 (or a
    422 for a payload that never reached the body), never data."""
    paths = client.get("/api/openapi.json").json()["paths"]
    failures = []
    for path, ops in paths.items():
        if not path.startswith("/api/enforcement") or "{code}" not in path:
            continue
        for method in ops:
            url = path.replace("{code}", "hp-solan").replace("{name}", "licences")
            for who in ("applicant", "clerk", "secretary", "auditor", "merces_secretary"):
                with transaction.atomic():
                    r = api.call(who, method.upper(), url, {} if method == "post" else None)
                    transaction.set_rollback(True)
                allowed = DENIED | ({422} if method == "post" else set())
                if r.status_code not in allowed or r["Content-Type"] != PROBLEM:
                    failures.append(f"{who} {method.upper()} {url}: {r.status_code} {r.content[:120]!r}")
            with transaction.atomic():
                r = api.call(None, method.upper(), url, {} if method == "post" else None)
                transaction.set_rollback(True)
            if r.status_code not in (401, 422):
                failures.append(f"anonymous {method.upper()} {url}: {r.status_code}")
    assert not failures, "\n".join(failures)


def test_administrator_cannot_attach_documents_to_cases(api, world):
    t = Targets(api, world)
    from robustness_kit import table_counts
    before = table_counts()
    r = api.post("admin", f"/api/cases/{t.own_case['id']}/documents", _upload())
    assert r.status_code == 403 and r["Content-Type"] == PROBLEM
    assert table_counts() == before


def test_enforcement_endpoints_keep_other_bodies_records_apart(api, world, client):
    """Enforcement endpoints that name a case or a person: another body's case or person is not
    found (403/404), never shown or acted on, by every role of Taleigao."""
    t = Targets(api, world)
    paths = client.get("/api/openapi.json").json()["paths"]
    failures, tried = [], 0
    for path, ops in paths.items():
        if not path.startswith("/api/enforcement") or not ("{case_id}" in path or "{person_id}" in path):
            continue
        url = path.replace("{case_id}", str(t.other_body_case["id"])).replace("{person_id}", str(t.other_person))
        for method in ops:
            for who in ("applicant", "clerk", "secretary", "auditor"):
                with transaction.atomic():
                    r = api.call(who, method.upper(), url, {} if method == "post" else None)
                    transaction.set_rollback(True)
                tried += 1
                allowed = DENIED | ({422} if method == "post" else set())
                text = r.content.decode("utf-8", "replace")
                if r.status_code not in allowed or r["Content-Type"] != PROBLEM or "GA-MERCES/" in text:
                    failures.append(f"{who} {method.upper()} {url}: {r.status_code} {text[:120]}")
    assert tried > 0
    assert not failures, "\n".join(failures)
