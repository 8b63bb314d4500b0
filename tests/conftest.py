"""Puts tests/ on the import path, so every test folder can use the shared helpers here (api_client), and
gives the suite the two settings production must set for itself: a secret key (there is no default one),
and plain HTTP (the test client and the test servers speak HTTP on the loopback; the HTTPS settings are
tested on their own in tests/robustness/test_deploy.py)."""

import os

os.environ.setdefault("ADHINIYAM_SECRET_KEY", "test-suite-only-" + "k" * 40)
os.environ.setdefault("ADHINIYAM_HTTPS", "0")
