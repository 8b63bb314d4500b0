"""Puts tests/ on the import path, so every test folder can use the shared helpers here (api_client)."""

# Property tests assert what the law requires, never how fast: no per-example deadline, and no health check
# that fails a run because a machine shared with other work generated its inputs slowly.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("adhiniyam", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("adhiniyam")
