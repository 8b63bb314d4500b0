"""The worker as it runs in production (`adhiniyam notify work`, its own process) against a real SMTP
server on localhost: killed with SIGKILL in the middle of an SMTP conversation and started again,
every message arrives once, in its recipient's language. On SQLite, and on PostgreSQL when the suite
runs there (DATABASE_URL)."""

from __future__ import annotations

import asyncio
import email
import email.policy
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import pytest
from notify_kit import free_port

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

SEED = """
import datetime as dt, django, json
django.setup()
from django.contrib.auth import get_user_model
from adhiniyam.notify.models import Preference
from adhiniyam.records.models import Body, Membership, Person
from adhiniyam.records import engine as E
from adhiniyam.records.services import EventInput, create_case, sweep_case
vp = Body.objects.create(code="ga-taleigao", name="Village Panchayat Taleigao", name_local="ताळगांव ग्राम पंचायत",
                         kind="gram_panchayat", state="GA", act_id="goa_panchayat_raj_1994")
clerk = get_user_model().objects.create_user("clerk", password="x")
Membership.objects.create(user=clerk, body=vp, role="clerk")
for name, mail, lang in [("Maria Fernandes", "maria@example.in", "hi"), ("Anant Naik", "anant@example.in", "en")]:
    p = Person.objects.create(body=vp, name=name, email=mail)
    Preference.objects.create(body=vp, person=p, language=lang)
    with E.clock_at(dt.datetime(2026, 1, 5, 10)):            # entered on the day it was received
        case = create_case(clerk, vp, "building_permission", EventInput("application_received", dt.date(2026, 1, 5),
                           {"complete": True}, by="applicant"), applicant=p)
    sweep_case(case.pk)
"""

STATUS = """
import django, json
django.setup()
from adhiniyam.notify.models import Notification
print(json.dumps(list(Notification.objects.order_by("pk").values_list("to_address", "kind", "status", "attempts"))))
"""


class StallingMailbox:
    """Keeps what it accepts; the first conversation stalls after RCPT until released (the worker is
    killed meanwhile), so that message was not accepted and must come again."""

    def __init__(self):
        self.messages, self.stalled, self.release, self.first = [], threading.Event(), threading.Event(), True

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.first:
            self.first = False
            self.stalled.set()
            while not self.release.is_set():
                await asyncio.sleep(0.05)
            return "451 Requested action aborted: the client went away"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.original_content, policy=email.policy.default))
        return "250 Message accepted for delivery"


class Site:
    """A fresh database (SQLite file, or a new PostgreSQL database on DATABASE_URL's server)."""

    def __init__(self, smtp_port: int):
        self.var = Path(tempfile.mkdtemp(prefix="adhiniyam-notify-"))
        pg = os.environ.get("DATABASE_URL", "")
        self.admin = None
        if pg.startswith("postgres"):
            import psycopg
            base = urlparse(pg)
            self.name = "adh_notify_" + uuid.uuid4().hex[:10]
            self.admin = urlunparse(base._replace(path="/postgres"))
            with psycopg.connect(self.admin, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{self.name}"')
            url = urlunparse(base._replace(path=f"/{self.name}"))
        else:
            url = f"sqlite:///{self.var / 'db.sqlite3'}"
        self.env = {**os.environ, "DATABASE_URL": url, "ADHINIYAM_VAR": str(self.var),
                    "DJANGO_SETTINGS_MODULE": "adhiniyam.site.settings", "ADHINIYAM_CLOCK": "2026-01-25",
                    "ADHINIYAM_EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                    "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp_port), "ADHINIYAM_EMAIL_TIMEOUT": "2",
                    "ADHINIYAM_NOTIFY_LEASE_SECONDS": "4", "ADHINIYAM_NOTIFY_BACKOFF_SECONDS": "1",
                    "PYTHONPATH": str(REPO / "src")}

    def run(self, *args, code: str | None = None) -> str:
        cmd = [sys.executable, "-c", code] if code else [str(BIN / "adhiniyam"), *args]
        r = subprocess.run(cmd, env=self.env, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, f"{cmd[:3]} failed:\n{r.stdout}\n{r.stderr}"
        return r.stdout

    def worker(self) -> subprocess.Popen:
        return subprocess.Popen([str(BIN / "adhiniyam"), "notify", "work", "--interval", "0.2"], env=self.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def drop(self):
        if self.admin:
            import psycopg
            with psycopg.connect(self.admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def _wait(predicate, seconds: float, what: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    pytest.fail(f"waited {seconds} s for {what}")


def test_a_worker_killed_mid_delivery_and_restarted_delivers_each_message_once(tmp_path):
    from aiosmtpd.controller import Controller

    box = StallingMailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    site = Site(port)
    workers = []
    try:
        site.run("migrate", "--no-input", "-v", "0")
        site.run(code=SEED)                                # two applications, each acknowledged and deemed granted
        workers.append(site.worker())
        _wait(box.stalled.is_set, 60, "the first delivery to reach the SMTP server")
        os.killpg(workers[0].pid, signal.SIGKILL)          # killed in the middle of the SMTP conversation
        workers[0].wait(10)
        box.release.set()
        workers.append(site.worker())                      # started again
        _wait(lambda: len(box.messages) >= 4, 90, "four messages")
        time.sleep(6)                                      # longer than a lease: nothing comes twice
        rows = json.loads(site.run(code=STATUS).strip().splitlines()[-1])
    finally:
        for w in workers:
            if w.poll() is None:
                os.killpg(w.pid, signal.SIGTERM)
                w.wait(10)
        controller.stop()
        site.drop()
    ids = [m["Message-ID"] for m in box.messages]
    assert len(ids) == len(set(ids)) == 4
    assert sorted(m["To"].addresses[0].addr_spec for m in box.messages) == ["anant@example.in"] * 2 + ["maria@example.in"] * 2
    for m in box.messages:
        assert m["Content-Language"] == ("hi" if "maria" in str(m["To"]) else "en")
    assert {tuple(r[:3]) for r in rows} == {(a, k, "sent") for a in ("maria@example.in", "anant@example.in")
                                           for k in ("acknowledgement", "outcome")}
    assert max(r[3] for r in rows) == 2                   # the interrupted one took a second attempt
