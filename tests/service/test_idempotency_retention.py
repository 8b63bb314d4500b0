"""An Idempotency-Key is kept for settings.IDEMPOTENCY_KEEP_DAYS (env ADHINIYAM_IDEMPOTENCY_DAYS, default 7):
within it a retry gets the first answer; after it the key is forgotten, whether or not the nightly sweep has
deleted its row yet (api.idempotency). Ages are on the rows' own clock (timezone.now), not ADHINIYAM_CLOCK."""

from __future__ import annotations

import datetime as dt
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone

from adhiniyam.api import idempotency
from adhiniyam.api.models import IdempotentRequest
from adhiniyam.records.models import Case
from adhiniyam.site.settings import _whole_number

pytestmark = pytest.mark.django_db
CASES = "/api/bodies/ga-taleigao/cases"
NEW = {"procedure": "building_permission", "event": {"type": "application_received", "data": {"complete": True}},
       "applicant": {"name": "Asha Naik"}}


def send(api, key, payload=NEW):
    return api.post("clerk", CASES, payload, HTTP_IDEMPOTENCY_KEY=key)


def used(api, key, days_ago):
    """A case opened with `key`, its stored answer then made `days_ago` days old."""
    first = send(api, key)
    assert first.status_code == 201, first.content
    IdempotentRequest.objects.filter(key=key).update(created_at=timezone.now() - dt.timedelta(days=days_ago))
    return first


def test_a_key_used_eight_days_ago_is_forgotten_and_the_write_happens_again(api):
    first = used(api, "k-old", days_ago=8)
    again = send(api, "k-old")
    assert again.status_code == 201 and not again.has_header("Idempotent-Replayed")
    assert again.json()["id"] != first.json()["id"] and Case.objects.count() == 2
    # the old row gave way to the new answer: one row for the key, of today
    row = IdempotentRequest.objects.get(key="k-old")
    assert row.content == again.content.decode() and row.created_at > idempotency.kept_since()
    # …which a retry now gets
    assert send(api, "k-old")["Idempotent-Replayed"] == "true" and Case.objects.count() == 2


def test_a_key_used_six_days_ago_is_replayed(api):
    first = used(api, "k-recent", days_ago=6)
    again = send(api, "k-recent")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.content == first.content and Case.objects.count() == 1


def test_a_forgotten_key_sent_with_another_request_is_a_new_write(api):
    used(api, "k-other", days_ago=8)
    r = send(api, "k-other", {**NEW, "applicant": {"name": "Someone Else"}})
    assert r.status_code == 201 and Case.objects.count() == 2


def test_a_refused_write_with_a_forgotten_key_changes_nothing(api):
    used(api, "k-refused", days_ago=8)
    r = send(api, "k-refused", {**NEW, "procedure": "no_such_procedure"})
    assert r.status_code == 404 and Case.objects.count() == 1                 # no such procedure
    assert IdempotentRequest.objects.filter(key="k-refused").count() == 1     # the old row's delete rolled back


def test_the_retention_follows_the_setting(api, settings):
    used(api, "k-month", days_ago=8)
    settings.IDEMPOTENCY_KEEP_DAYS = 30
    assert send(api, "k-month")["Idempotent-Replayed"] == "true"


def _aged(api, *days_ago):
    for n, days in enumerate(days_ago):
        used(api, f"k-{n}", days)


def test_the_sweep_deletes_only_expired_keys_and_says_how_many(api):
    _aged(api, 8, 9, 30, 6, 0)
    out = io.StringIO()
    call_command("sweep", stdout=out)
    assert "; 3 idempotency keys older than 7 days forgotten" in out.getvalue()
    assert sorted(IdempotentRequest.objects.values_list("key", flat=True)) == ["k-3", "k-4"]
    out = io.StringIO()
    call_command("sweep", stdout=out)                     # nothing left to forget
    assert "; 0 idempotency keys older than 7 days forgotten" in out.getvalue()


def test_only_shard_zero_of_a_whole_sweep_purges(api):
    _aged(api, 8, 9)
    for args in (["--shard", "1/2"], ["--body", "ga-taleigao"]):
        out = io.StringIO()
        call_command("sweep", *args, stdout=out)
        assert "idempotency" not in out.getvalue() and IdempotentRequest.objects.count() == 2
    out = io.StringIO()
    call_command("sweep", "--shard", "0/2", stdout=out)
    assert "2 idempotency keys" in out.getvalue() and not IdempotentRequest.objects.exists()


def test_the_purge_deletes_in_batches(api):
    _aged(api, 8, 9, 10, 11, 12, 1)
    assert idempotency.purge(batch=2) == 5                # 2 + 2 + 1
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["k-5"]


def test_the_openapi_description_says_how_long_a_key_is_kept(client, settings):
    settings.IDEMPOTENCY_KEEP_DAYS = 7
    schema = client.get("/api/openapi.json").json()
    header = [p for p in schema["paths"]["/api/bodies/{code}/cases"]["post"]["parameters"]
              if p["name"] == "Idempotency-Key"]
    assert len(header) == 1 and "kept for 7 days" in header[0]["description"]


@pytest.mark.parametrize("value", ["0", "-3", "7.5", "seven", "٣", "3651"])
def test_a_bad_retention_setting_is_refused_naming_the_variable(monkeypatch, value):
    monkeypatch.setenv("ADHINIYAM_IDEMPOTENCY_DAYS", value)
    with pytest.raises(RuntimeError, match=r"ADHINIYAM_IDEMPOTENCY_DAYS=.*whole number from 1 to 3650"):
        _whole_number("ADHINIYAM_IDEMPOTENCY_DAYS", 7, most=3650)


@pytest.mark.parametrize(("value", "days"), [(None, 7), ("", 7), (" 30 ", 30), ("1", 1)])
def test_a_good_retention_setting_is_read(monkeypatch, value, days):
    if value is None:
        monkeypatch.delenv("ADHINIYAM_IDEMPOTENCY_DAYS", raising=False)
    else:
        monkeypatch.setenv("ADHINIYAM_IDEMPOTENCY_DAYS", value)
    assert _whole_number("ADHINIYAM_IDEMPOTENCY_DAYS", 7, most=3650) == days


@pytest.mark.parametrize(("name", "value", "message"), [
    ("ADHINIYAM_IDEMPOTENCY_DAYS", "0", "ADHINIYAM_IDEMPOTENCY_DAYS='0': it must be a whole number from 1 to 3650"),
    ("ADHINIYAM_TOKEN_DAYS", "0", "ADHINIYAM_TOKEN_DAYS='0': it must be a whole number from 1 to 365"),
    ("ADHINIYAM_TOKEN_DAYS", "thirty", "ADHINIYAM_TOKEN_DAYS='thirty': it must be a whole number from 1 to 365")])
def test_the_service_does_not_start_with_a_bad_number_of_days(name, value, message):
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONPATH": str(src), "ADHINIYAM_SECRET_KEY": "x", name: value,
           "DJANGO_SETTINGS_MODULE": "adhiniyam.site.settings"}
    r = subprocess.run([sys.executable, "-c", "import django; django.setup()"], env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode != 0 and message in r.stderr
