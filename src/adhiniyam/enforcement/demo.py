"""Demo data for enforcement, called by the records service's `demo`:

    from adhiniyam.enforcement.demo import populate
    populate(bodies)          # Body objects, a queryset, or a dict of them; others are skipped

For each body whose Act has it: complaints (through each channel), notices with their periods running
and in default, works done by the body on default with the demand for the cost and a receipt, offences
with first and subsequent penalties, and for Goa the Sarpanch's emergency expenditure, pound cases (one
claimed, with the fees receipted), an entry for inspection and a road-closure notice; a Gujarat building
offence with its daily fine; an Uttarakhand entry into a dwelling. Dates
are counted back from the service's today, so deadlines are live. Run twice, it adds nothing.
"""

from __future__ import annotations

import datetime as dt

from adhiniyam.records import engine as E
from adhiniyam.records import services as RS
from adhiniyam.records.models import Body

from . import services as S
from .models import Complaint

GOA, HP, PB = "goa_panchayat_raj_1994", "himachal_municipal_1994", "punjab_municipal_1911"


def _actor():
    from django.contrib.auth import get_user_model
    User = get_user_model()
    user, made = User.objects.get_or_create(username="enforcement-demo",
                                            defaults={"is_superuser": True, "is_staff": False,
                                                      "first_name": "Demo", "last_name": "officer"})
    if made:
        user.set_unusable_password()          # acts for the demo only; cannot sign in
        user.save()
    return user


def _bodies(bodies) -> list[Body]:
    if isinstance(bodies, dict):
        bodies = bodies.values()
    return [b for b in bodies if isinstance(b, Body) and b.act_id]


def populate(bodies) -> dict:
    """Add the demo records to each body; returns {body code: what was added}."""
    user = _actor()
    today = E.today()
    ago = lambda n: today - dt.timedelta(days=n)   # noqa: E731
    out = {}
    for body in _bodies(bodies):
        if Complaint.objects.filter(body=body).exists():
            continue
        made = []
        if body.act_id == HP:
            c = S.file_complaint(body, category="obstruction", description="Shop extension built onto the Mall Road footpath",
                                 address="Shop 7, Mall Road", reporter_name="Asha Devi", channel="open311")
            S.file_complaint(body, category="latrine_near_well", description="Cesspool beside the public well",
                             address="Saproon chowk", latitude=body.latitude, longitude=body.longitude, channel="api")
            case = S.issue_notice(user, body, "encroachment_notice", ago(20), {}, person={"name": "Ram Lal"},
                                  property={"address": "Shop 7, Mall Road"}, complaint_id=c.pk)
            _c, demand = S.record_default_works(user, case.pk, on=ago(10), amount=12500, version=case.version,
                                                note="Removal of the shop extension by the municipality")
            S.record_payment(user, demand.pk, amount=5000, paid_on=ago(5))
            S.issue_notice(user, body, "latrine_near_water_notice", ago(3), {"distance_m": 9},
                           person={"name": "Kamla Thakur"}, property={"address": "Saproon chowk"})
            S.issue_notice(user, body, "requisition_with_period", ago(2), {"section": "123", "period": {"days": 15}},
                           person={"name": "Hotel Shivalik"})
            made = ["2 complaints", "encroachment notice in default, works, demand, receipt", "2 notices running"]
        elif body.act_id == PB:
            S.file_complaint(body, category="latrine_near_well", description="Privy drains towards the village well",
                             address="Near the Gurdwara well", channel="open311")
            S.issue_notice(user, body, "water_source_latrine", ago(25), {"distance_feet": 30, "source_for_public_use": True},
                           person={"name": "Gurpreet Singh"})
            case = S.issue_notice(user, body, "ruinous_building_notice", ago(6), {"period": {"days": 15}},
                                  person={"name": "Harbans Kaur"}, property={"address": "Old haveli, Bazaar"})
            S.record_default_works(user, case.pk, on=ago(4), amount=3000, version=case.version,
                                   note="Shoring the leaning wall to avert imminent danger")
            made = ["complaint", "latrine notice with continuing fine", "ruinous building, danger averted, demand"]
        elif body.act_id == GOA:
            S.file_complaint(body, category="stray_cattle", description="Cattle straying on the market road daily",
                             address="Market road", channel="open311")
            cows = {"animal": "cow", "allowed_by_accused": True, "owner_or_in_charge": True,   # the elements of s.112-B(1)
                    "contravention": "strayed_in_street"}
            first, _ = S.record_offence(user, body, "offence_s112B_stray_cattle", ago(60), cows,
                                        person={"name": "Savio Fernandes"})
            RS.append_event(user, first.pk, RS.EventInput(type="penalty_imposed", on=ago(45)), first.version)
            S.raise_penalty_demand(user, first.pk, on=ago(44), amount=1500)
            S.record_offence(user, body, "offence_s112B_stray_cattle", ago(7), cows, person_id=first.applicant_id)
            notice = S.issue_notice(user, body, "sanitary_improvement_notice", ago(40),
                                    {"period": {"weeks": 3}, "requirement": "iii_cleanse"},
                                    person={"name": "Joao Pereira"}, property={"address": "Plot 12, Dona Paula"})
            _c, demand = S.record_default_works(user, notice.pk, on=ago(12), amount=4200, version=notice.version,
                                                note="Cleansing of the plot by the Panchayat (s.77(2))")
            S.record_payment(user, demand.pk, amount=4200, paid_on=ago(2))
            if _has_cap(body):
                S.record_emergency_expenditure(user, body, spent_on=ago(3), amount=3000,
                                               purpose="Clearing a fallen tree blocking the school road",
                                               emergency=True, public_interest=True)
            pound = S.open_of_kind(user, body, "pound", "cattle_pound", ago(3), {"head_of_cattle": 2},
                                   person={"name": "Owner unknown"})
            claimed = S.open_of_kind(user, body, "pound", "cattle_pound", ago(9), {"head_of_cattle": 1},
                                     person={"name": "Owner unknown"})
            S.record_paid_event(user, claimed.pk, on=ago(6), amount=350, version=claimed.version,
                                person={"name": "Rama Gaonkar"})
            S.open_of_kind(user, body, "inspections", "entry_for_inspection", ago(1), {"premises": "dwelling_house"},
                           person={"name": "Occupier, H.No. 4"})
            S.open_of_kind(user, body, "public_notices", "road_closure", ago(5), {})
            made = ["complaint", "stray cattle: first penalty and a subsequent contravention", "emergency expenditure",
                    f"pound cases ({pound.number} running; one claimed with a receipt)", "entry planned",
                    "road closure notice"]
        elif body.act_id == "gujarat_municipalities_1963":
            S.file_complaint(body, category="obstruction", description="Goods stacked on the footpath",
                             address="Station road", channel="open311")
            case, _ = S.record_offence(user, body, "building_offence", ago(50),
                                       {"cost_of_construction": 400000, "work": "erection", "limb": "without_notice"},
                                       person={"name": "Builder, Station road"})
            S.record_conviction(user, case.pk, on=ago(20), version=case.version)
            made = ["complaint", "building offence convicted (daily fine running)"]
        elif body.act_id == "uttarakhand_panchayats_1961":
            S.file_complaint(body, category="obstruction", description="Street blocked by a shop extension",
                             address="Raipur road", channel="api")
            S.open_of_kind(user, body, "inspections", "entry", ago(1),
                           {"dwelling": True, "power": "general", "authorised": True}, person={"name": "Occupier"})
            made = ["complaint", "entry proposed (dwelling: four hours' notice)"]
        if made:
            out[body.code] = made
    return out


def _has_cap(body: Body) -> bool:
    from . import mapping as M
    return bool(M.load(body.act_id).emergency_expenditure)
