"""Puts tests/ on the import path, so every test folder can use the shared helpers here (api_client), and
gives the suite the two settings production must set for itself: a secret key (there is no default one),
and plain HTTP (the test client and the test servers speak HTTP on the loopback; the HTTPS settings are
tested on their own in tests/robustness/test_deploy.py)."""

import os

os.environ.setdefault("ADHINIYAM_SECRET_KEY", "test-suite-only-" + "k" * 40)
os.environ.setdefault("ADHINIYAM_HTTPS", "0")

# Property tests assert what the law requires, never how fast: no per-example deadline, and no health check
# that fails a run because a machine shared with other work generated its inputs slowly.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("adhiniyam", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("adhiniyam")
