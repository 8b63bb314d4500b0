"""Fixtures for notifications: a Goa village panchayat with an applicant who has an e-mail address and
a language, a deciding officer, and a real SMTP server on localhost (aiosmtpd) that keeps what it is
given."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")
os.environ.setdefault("ADHINIYAM_VAR", tempfile.mkdtemp(prefix="adhiniyam-test-"))

import django  # noqa: E402
import pytest  # noqa: E402
from notify_kit import Mailbox, free_port  # noqa: E402

django.setup()

GOA = "goa_panchayat_raj_1994"


@pytest.fixture
def smtp(settings):
    """A real SMTP server on localhost; Django's SMTP backend pointed at it."""
    from aiosmtpd.controller import Controller

    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    box.port = port
    yield box
    controller.stop()


@pytest.fixture
def goa(db):
    from django.contrib.auth import get_user_model

    from adhiniyam.records.models import Body, Membership, Office, Person

    User = get_user_model()
    ga = Body.objects.create(code="ga", name="Goa", kind="state", state="GA")
    Office.objects.create(body=ga, role="director", title="Director of Panchayats")
    block = Body.objects.create(code="ga-tiswadi", name="Tiswadi block", kind="block", state="GA", parent=ga)
    Office.objects.create(body=block, role="bdo", title="Block Development Officer, Tiswadi")
    vp = Body.objects.create(code="ga-taleigao", name="Village Panchayat Taleigao", name_local="ताळगांव ग्राम पंचायत",
                             kind="gram_panchayat", state="GA", parent=block, act_id=GOA)
    clerk = User.objects.create_user("clerk", password="x", email="clerk@taleigao.example")
    Membership.objects.create(user=clerk, body=vp, role="clerk")
    officer = User.objects.create_user("secretary", password="x", email="secretary@taleigao.example",
                                       first_name="Sanjay", last_name="Naik")
    Membership.objects.create(user=officer, body=vp, role="deciding_officer", office="secretary")
    maria = Person.objects.create(body=vp, name="Maria Fernandes", email="maria@example.in", phone="9822000001")
    anant = Person.objects.create(body=vp, name="Anant Naik", email="anant@example.in", phone="9822000002")
    return {"vp": vp, "clerk": clerk, "officer": officer, "maria": maria, "anant": anant}


@pytest.fixture
def drain(monkeypatch, settings):
    """Run the notify queue's tasks that are due, as the worker does, in this test's transaction."""
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)   # the test's connection stays open
    settings.ADHINIYAM_NOTIFY_BACKOFF_SECONDS = 0

    def run():
        db_worker.Worker(queue_names=["notify"], interval=0, batch=True, backend_name="default", startup_delay=False,
                         max_tasks=None, worker_id="test", excluded_queue_names=[]).run()
    return run


@pytest.fixture
def apply(goa):
    """Open a building-permission application at the counter (the clerk, for the applicant), entered on the
    day it was received; the sweep then records what time produced up to the test's clock."""
    import datetime as dt

    from adhiniyam.records import engine as E
    from adhiniyam.records.services import EventInput, create_case, sweep_case

    def make(person=None, on="2026-01-05"):
        day = dt.date.fromisoformat(on)
        with E.clock_at(dt.datetime.combine(day, dt.time(10))):
            case = create_case(goa["clerk"], goa["vp"], "building_permission",
                               EventInput("application_received", day, {"complete": True}, by="applicant"),
                               applicant=person or goa["maria"])
        sweep_case(case.pk)
        case.refresh_from_db()
        return case
    return make
