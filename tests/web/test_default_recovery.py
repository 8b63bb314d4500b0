"""Goa s.77: a notice to improve the sanitary condition of land (seven days, served 2 March 2026) is
not complied with; on 12 March the case stands in default, the page offers the Panchayat's power to
do the work and recover the cost "as if it were a tax" (s.77(2)); the works (₹12,500) raise a numbered
demand, a part payment of ₹5,000 gets a receipt and leaves ₹7,500.00 outstanding."""

from __future__ import annotations

import pytest
from webhelpers import set_clock, text

from adhiniyam.records.models import Case, Membership

pytest.importorskip("adhiniyam.enforcement.services")


def test_notice_default_works_demand_and_payment(world, as_user):
    from django.contrib.auth import get_user_model

    from adhiniyam.enforcement.models import Demand, Payment

    officer = get_user_model().objects.create_user("panchayat_officer", password="x-pass-123")
    Membership.objects.create(user=officer, body=world["vp"], role="deciding_officer", office="")
    c = as_user(officer)
    r = c.post("/inbox/ga-taleigao/new/sanitary_improvement_notice/", {
        "on": "2026-03-02", "person": "Prakash Naik", "address": "Survey 9, Taleigao",
        "f_period": "7", "f_requirement": "iii_cleanse"})
    assert r.status_code == 302, text(r)[:1500]
    case = Case.objects.get(procedure="sanitary_improvement_notice")
    assert case.next_deadline.isoformat() == "2026-03-09"

    set_clock("2026-03-12")
    page = text(c.get(f"/case/{case.pk}/"))
    assert "In default" in page and "as if it were a tax" in page and "s.77(2)" in page
    r = c.post(f"/case/{case.pk}/default-works/", {"on": "2026-03-12", "amount": "abc", "version": case.version})
    assert r.status_code == 422 and Demand.objects.count() == 0
    case.refresh_from_db()
    r = c.post(f"/case/{case.pk}/default-works/", {"on": "2026-03-12", "amount": "12500", "version": case.version})
    assert r.status_code == 302, text(r)[:1500]
    d = Demand.objects.get(case=case)
    page = text(c.get(f"/case/{case.pk}/"))
    assert d.number in page and "₹12,500.00" in page and "Outstanding: ₹12,500.00" in page

    r = c.post(f"/case/{case.pk}/demands/{d.pk}/pay/", {"amount": "20000", "paid_on": "2026-03-12"})
    assert r.status_code == 422 and "more than what is outstanding" in text(r)
    r = c.post(f"/case/{case.pk}/demands/{d.pk}/pay/", {"amount": "5000", "paid_on": "2026-03-12", "mode": "upi"})
    assert r.status_code == 302
    p = Payment.objects.get(demand=d)
    page = text(c.get(f"/case/{case.pk}/"))
    assert p.receipt_number in page and "Outstanding: ₹7,500.00" in page
