"""API fuzzing with schemathesis against /api/openapi.json, in process (WSGI) on the test database:
for every operation, generated requests (valid and invalid, signed in as a deciding officer or not at
all) never get a 500, and every error is application/problem+json. Bounded to a few examples per
operation so the whole run takes a minute or two; raise ADHINIYAM_FUZZ_EXAMPLES to search harder."""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from robustness_kit import PROBLEM, make_world

from adhiniyam.site.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)
EXAMPLES = int(os.environ.get("ADHINIYAM_FUZZ_EXAMPLES", "8"))


@pytest.fixture
def fuzz_world(db):
    """The world, and Django's connection kept open across requests as its test Client keeps it
    (schemathesis calls the WSGI handler directly, whose request signals would close the connection
    inside the test's transaction)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield make_world()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_server_errors_and_every_error_is_problem_json(case, fuzz_world):
    for who in ("secretary", None):
        headers = {"Authorization": f"Bearer {fuzz_world['tokens'][who]}"} if who else {}
        response = case.call(headers=headers)
        assert response.status_code < 500, (case.method, case.formatted_path, response.status_code,
                                            response.text[:500])
        if response.status_code >= 400:
            ctype = (response.headers.get("content-type") or [""])[0]
            assert ctype.startswith(PROBLEM), (case.method, case.formatted_path, response.status_code, ctype,
                                               response.text[:200])
            problem = response.json()
            assert problem["status"] == response.status_code and problem["detail"]
