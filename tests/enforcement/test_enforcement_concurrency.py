"""Receipts are numbered without gaps or duplicates when payments arrive at the same moment (PostgreSQL:
real concurrent transactions; SQLite's test database cannot be shared between threads, so it is skipped)."""

import datetime as dt
import threading
from decimal import Decimal

import pytest
from django.db import connection, connections


@pytest.mark.django_db(transaction=True)
def test_concurrent_payments_get_distinct_consecutive_receipts(settings):
    if connection.vendor != "postgresql":
        pytest.skip("needs a database shared between threads (PostgreSQL)")
    from django.contrib.auth import get_user_model

    from adhiniyam.enforcement import services as S
    from adhiniyam.enforcement.models import Demand, Payment
    from adhiniyam.records.models import Body, Membership, Person

    settings.ADHINIYAM_CLOCK = "2026-06-30T12:00"
    body = Body.objects.create(code="hp-x", name="MC X", kind="municipal_council", state="HP",
                               act_id="himachal_municipal_1994")
    clerk = get_user_model().objects.create_user("clerk-x")
    Membership.objects.create(user=clerk, body=body, role="clerk")
    person = Person.objects.create(body=body, name="Payer")
    demands = [Demand.objects.create(body=body, number=f"D{i}", kind="fee", person=person, amount=Decimal(100),
                                     raised_on=dt.date(2026, 6, 1), description="x", recoverable_as="x", cites="sec_118")
               for i in range(8)]
    errors, barrier = [], threading.Barrier(len(demands))

    def pay(d):
        try:
            barrier.wait()
            S.record_payment(get_user_model().objects.get(pk=clerk.pk), d.pk, amount=100, paid_on=dt.date(2026, 6, 2))
        except Exception as exc:   # pragma: no cover - reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=pay, args=(d,)) for d in demands]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    numbers = sorted(Payment.objects.filter(body=body).values_list("receipt_number", flat=True))
    assert numbers == [f"HP-X/RCT/2026/{i:06d}" for i in range(1, 9)]
