"""Demo local law, for the records service's `adhiniyam demo`:

    from adhiniyam.locallaw.demo import populate
    populate()            # or populate(bodies): Body objects, a queryset or a dict; others are skipped

For the Uttarakhand demo bodies (State `uk` → district `uk-dehradun` → Zila Panchayat `uk-dehradun-zp`):
controlled rural areas declared under s.106(c) (Doiwala, Bhaniyawala) and villages (Raiwala, Lachhiwala);
a Zila Panchayat bye-law shortening the period a building sanction is available to two years (s.106(f)(1),
bye-law power s.106(2) head A (c)); a State rule prescribing a higher fine for obstructing a street in a
controlled rural area (s.106(bi)(1), "fifty rupees or as may be prescribed"); and two building notices in
Doiwala sanctioned before and after the bye-law, so the register and the cases show it working.

For the Goa demo body (Village Panchayat Taleigao): the Government of Goa's notification under s.69
declaring offensive trades (so s.69 licences are needed from its date), and the Panchayat's fee schedules
for building permission under s.66(1) ("on payment of such fees as prescribed"), the later one revising
the rate per square metre.

Only parameters and switches the packs declare settable are used. Every write goes through the services,
checked by the Act. Dates count back from the service's today; run twice, it adds nothing.
"""

from __future__ import annotations

import datetime as dt

from dateutil.relativedelta import relativedelta
from django.db import transaction

from adhiniyam.records import engine as E
from adhiniyam.records.errors import ServiceError
from adhiniyam.records.models import Body, Case

from . import services as S

UK = "uttarakhand_panchayats_1961"
CONTROLLED = ["sec_106D", "sec_106E", "sec_106F", "sec_106G", "sec_106H", "sec_106I", "sec_106J", "sec_106K",
              "sec_106L", "sec_106O", "sec_106P", "sec_106R", "sec_106BI", "sec_106BN", "sec_106BP"]


def _actor():
    from django.contrib.auth import get_user_model
    User = get_user_model()
    user, made = User.objects.get_or_create(username="locallaw-demo",
                                            defaults={"is_superuser": True, "is_staff": False,
                                                      "first_name": "Demo", "last_name": "registrar"})
    if made:
        user.set_unusable_password()          # records the demo only; cannot sign in
        user.save()
    return user


def _first_of_month(d: dt.date) -> dt.date:
    return d.replace(day=1)


def instruments(today: dt.date) -> tuple[list[dict], list[dict]]:
    """(areas, instruments) for the Uttarakhand demo bodies, dated from `today`."""
    bye_from = _first_of_month(today - relativedelta(months=8))
    rule_from = _first_of_month(today - relativedelta(months=14))
    resolution = _first_of_month(today - relativedelta(months=30))
    areas = [
        {"body": "uk-dehradun-zp", "name": "Doiwala", "kind": "controlled_rural_area", "sections": CONTROLLED,
         "resolution_on": resolution, "public_notice_on": resolution + dt.timedelta(days=14),
         "source": f"Zila Panchayat Dehradun resolution of {resolution:%d %B %Y} under s.106(c), public notice given",
         "boundary": '{"type": "Polygon", "coordinates": [[[78.02, 30.16], [78.08, 30.16], [78.08, 30.21], '
                     '[78.02, 30.21], [78.02, 30.16]]]}'},
        {"body": "uk-dehradun-zp", "name": "Bhaniyawala", "kind": "controlled_rural_area", "sections": CONTROLLED,
         "resolution_on": resolution, "public_notice_on": resolution + dt.timedelta(days=14),
         "source": f"Zila Panchayat Dehradun resolution of {resolution:%d %B %Y} under s.106(c), public notice given"},
        {"body": "uk-dehradun-zp", "name": "Raiwala", "kind": "village"},
        {"body": "uk-dehradun-zp", "name": "Lachhiwala", "kind": "village"},
    ]
    insts = [
        {"id": f"zp-dehradun-building-bye-law-{bye_from.year}", "title": f"Building Bye-laws, {bye_from.year}",
         "kind": "bye_law", "layer": "body", "body": "uk-dehradun-zp", "made_by": "Zila Panchayat Dehradun",
         "under": "sec_106__subsec_2__head_A__clause_c", "commencement": bye_from,
         "approved_on": bye_from - relativedelta(months=2), "published_on": bye_from - relativedelta(months=1),
         "sets": {"sanction_validity": {"years": 2}},
         "text": "A sanction given or deemed to have been given under section 106(e) shall be available for two "
                 "years from the date on which it is given."},
        {"id": f"uk-street-obstruction-fine-rules-{rule_from.year}",
         "title": f"Uttarakhand Kshettra Panchayat (Street Obstruction Fines) Rules, {rule_from.year}",
         "kind": "rule", "layer": "state", "made_by": "Government of Uttarakhand", "under": "sec_106BI__subsec_1",
         "commencement": rule_from, "published_on": rule_from - relativedelta(days=15),
         "sets": {"street_obstruction_fine_max": 500},
         "text": "The fine for depositing or obstructing under section 106(bi)(1) may extend to five hundred rupees."},
    ]
    return areas, insts


def _bodies(bodies) -> list[Body]:
    if bodies is None:
        return list(Body.objects.filter(act_id=UK))
    if isinstance(bodies, dict):
        bodies = bodies.values()
    return [b for b in bodies if isinstance(b, Body) and b.act_id == UK]


GOA = "goa_panchayat_raj_1994"


def goa_instruments(today: dt.date) -> list[dict]:
    """A State notification under s.69 and two fee schedules of Village Panchayat Taleigao."""
    notified = _first_of_month(today - relativedelta(months=10))
    old_fees = dt.date(today.year - 1 if today.month < 4 else today.year, 4, 1) - relativedelta(years=1)
    new_fees = old_fees + relativedelta(years=1)
    return [
        {"id": f"goa-dp-notification-offensive-trades-{notified.year}",
         "title": f"Notification No. 17/{notified.year}-DP (offensive and dangerous trades)",
         "kind": "notification", "layer": "state", "made_by": "Government of Goa", "under": "sec_69",
         "commencement": notified, "published_on": notified - dt.timedelta(days=7),
         "switches_on": ["offensive_trade"],
         "text": "Tanning, bone-crushing, and the storage of fireworks are declared offensive or dangerous trades "
                 "for the purposes of section 69."},
        {"id": f"ga-taleigao-fees-{old_fees.year}", "title": f"Fee Schedule {old_fees.year}-{(old_fees.year + 1) % 100:02d}",
         "kind": "fee_schedule", "layer": "body", "body": "ga-taleigao", "made_by": "Village Panchayat Taleigao",
         "under": "sec_66__subsec_1", "commencement": old_fees, "sets": {"building_permission_fee_per_sqm": 15},
         "text": "Building permission: fifteen rupees per square metre of built-up area."},
        {"id": f"ga-taleigao-fees-{new_fees.year}", "title": f"Fee Schedule {new_fees.year}-{(new_fees.year + 1) % 100:02d}",
         "kind": "fee_schedule", "layer": "body", "body": "ga-taleigao", "made_by": "Village Panchayat Taleigao",
         "under": "sec_66__subsec_1", "commencement": new_fees, "sets": {"building_permission_fee_per_sqm": 20},
         "text": "Building permission: twenty rupees per square metre of built-up area (revised)."},
    ]


def populate(bodies=None, stdout=None) -> dict:
    """Enter the demo's local law for the Uttarakhand and Goa demo bodies (each skipped if absent)."""
    import yaml

    say = stdout.write if stdout is not None else (lambda _s: None)
    today = E.today()
    out = {}
    if Body.objects.filter(code="ga-taleigao", act_id=GOA).exists() and (
            bodies is None or "ga-taleigao" in {b.code for b in (bodies.values() if isinstance(bodies, dict) else bodies)}):
        out["goa"] = S.import_text(yaml.safe_dump({"state": "GA", "act": GOA, "instruments": goa_instruments(today)},
                                                  sort_keys=False))
        say(f"Local law: {out['goa']['created']} instruments for Goa (a s.69 notification, fee schedules of Taleigao)\n")
    wanted = {b.code for b in _bodies(bodies)}
    if "uk-dehradun-zp" not in wanted:
        return out or {"skipped": "no Uttarakhand demo body (uk-dehradun-zp)"}
    areas, insts = instruments(today)
    counts = S.import_text(yaml.safe_dump({"state": "UK", "act": UK, "areas": areas, "instruments": insts},
                                          sort_keys=False))
    counts["cases"] = _cases(Body.objects.get(code="uk-dehradun-zp"), insts[0]["commencement"], today)
    say(f"Local law: {counts['created']} instruments, {counts['areas']} named areas, {counts['cases']} "
        "building notices for Zila Panchayat Dehradun\n")
    out.update(counts)
    return out


def _cases(body: Body, bye_from: dt.date, today: dt.date) -> int:
    """Two building notices in Doiwala: sanctioned before the bye-law (three years) and after it (two)."""
    from adhiniyam.records.services import EventInput, append_event, create_case

    actor = _actor()
    made = 0
    for title, notice_on in (("Building notice (sanctioned before the 2-year bye-law)", bye_from - dt.timedelta(days=40)),
                             ("Building notice (sanctioned under the 2-year bye-law)", bye_from + dt.timedelta(days=20))):
        if notice_on + dt.timedelta(days=14) > today or Case.objects.filter(body=body, title=title).exists():
            continue
        try:
            with transaction.atomic():
                case = create_case(actor, body, "building_notice", EventInput(
                    "notice_tendered", notice_on, {"work": "erection", "area": "Doiwala", "abuts_public_property": True},
                    by="owner"), title=title)
                append_event(actor, case.pk, EventInput("sanctioned", notice_on + dt.timedelta(days=14), {},
                                                        by="kshettra_panchayat"), case.version)
            made += 1
        except ServiceError:
            continue
    return made
