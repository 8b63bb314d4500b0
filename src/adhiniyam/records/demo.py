"""Demonstration data: five bodies, one per Act, in their hierarchies; a user for every role; and
cases at every stage, replayed from the law packs' own scenario tests (moved forward in whole weeks
so that each scenario's "as of" day falls in the week before today).

Every case goes through the same service a clerk uses (create_case / append_event), so it is
checked by the engine and chained in the audit trail like any other.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from adhiniyam.law import yamlio
from adhiniyam.progress import track

from . import engine as E
from . import roles as R
from .errors import ServiceError
from .models import Body, Closure, Membership, Office, Person, Property, Role
from .services import EventInput, append_event, create_case, sweep_case
from .sweep import sweep

PASSWORD = "adhiniyam-demo"


@dataclass
class Place:
    act: str
    state: tuple[str, str, str]                 # code, name, ISO code
    district: tuple[str, str]
    body: tuple[str, str, str, str]            # code, name, local name, kind
    location: tuple[float, float]
    offices: dict[str, tuple[str, str]]        # role -> (level: state|district, title)
    people: list[str]
    streets: list[str]


PLACES = [
    Place("goa_panchayat_raj_1994", ("ga", "Goa", "GA"), ("ga-north", "North Goa district"),
          ("ga-taleigao", "Village Panchayat Taleigao", "ताळगांव ग्राम पंचायत", "gram_panchayat"), (15.468, 73.826),
          {"director": ("state", "Director of Panchayats, Goa"), "deputy_director": ("district", "Deputy Director of Panchayats, North"),
           "bdo": ("district", "Block Development Officer, Tiswadi"), "collector": ("district", "Collector, North Goa")},
          ["Maria Fernandes", "Savio D'Souza", "Anant Naik", "Sunita Kamat", "Rohan Gaonkar"],
          ["Dona Paula road", "Caranzalem ward", "Odxel", "Taleigao plateau"]),
    Place("gujarat_municipalities_1963", ("gj", "Gujarat", "GJ"), ("gj-anand", "Anand district"),
          ("gj-anand-nagarpalika", "Anand Nagarpalika", "આણંદ નગરપાલિકા", "municipality"), (22.556, 72.951),
          {"collector": ("district", "Collector, Anand"), "director": ("state", "Director of Municipalities, Gujarat")},
          ["Hetal Patel", "Jignesh Shah", "Kokila Parmar", "Bhavesh Desai", "Farida Vohra"],
          ["Station road", "Ganesh chowkdi", "Vidya Dairy road", "Bhalej road"]),
    Place("himachal_municipal_1994", ("hp", "Himachal Pradesh", "HP"), ("hp-solan", "Solan district"),
          ("hp-solan-mc", "Municipal Council Solan", "नगर परिषद सोलन", "municipal_council"), (30.905, 77.097),
          {"deputy_commissioner": ("district", "Deputy Commissioner, Solan"),
           "state_government": ("state", "Principal Secretary (Urban Development), Himachal Pradesh")},
          ["Rajesh Thakur", "Neelam Verma", "Kamal Chauhan", "Pooja Kanwar", "Vikram Negi"],
          ["The Mall", "Rajgarh road", "Chambaghat", "Saproon"]),
    Place("punjab_municipal_1911", ("pb", "Punjab", "PB"), ("pb-ludhiana", "Ludhiana district"),
          ("pb-khanna-mc", "Municipal Committee Khanna", "ਨਗਰ ਕੌਂਸਲ ਖੰਨਾ", "municipal_committee"), (30.705, 76.222),
          {"deputy_commissioner": ("district", "Deputy Commissioner, Ludhiana"),
           "state_government": ("state", "Department of Local Government, Punjab")},
          ["Gurpreet Singh", "Harjeet Kaur", "Amandeep Sidhu", "Rajinder Gill", "Manpreet Brar"],
          ["G.T. road", "Amloh road", "Lalheri road", "Samrala road"]),
    Place("uttarakhand_panchayats_1961", ("uk", "Uttarakhand", "UK"), ("uk-dehradun", "Dehradun district"),
          ("uk-dehradun-zp", "Zila Panchayat Dehradun", "जिला पंचायत देहरादून", "zila_panchayat"), (30.316, 78.032),
          {"district_magistrate": ("district", "District Magistrate, Dehradun"),
           "collector": ("district", "Collector, Dehradun"), "commissioner": ("state", "Commissioner, Garhwal Division"),
           "bdo": ("district", "Khand Vikas Adhikari, Doiwala"), "state_government": ("state", "Panchayati Raj Department")},
          ["Mohan Rawat", "Kavita Bisht", "Deepak Negi", "Sushila Joshi", "Harish Semwal"],
          ["Doiwala", "Raiwala", "Bhaniyawala", "Lachhiwala"]),
]


def credentials_table(users: list[tuple[str, str, str]]) -> str:
    lines = [f"{'username':28} {'password':16} role", "-" * 80]
    lines += [f"{u:28} {p:16} {role}" for u, p, role in users]
    return "\n".join(lines)


def _user(username: str, first: str, last: str = "", superuser: bool = False, email: str = ""):
    User = get_user_model()
    user = User.objects.filter(username=username).first()
    if user is None:
        maker = User.objects.create_superuser if superuser else User.objects.create_user
        user = maker(username, password=PASSWORD, first_name=first, last_name=last, email=email)
    return user


def _scenarios(act: str):
    pack = E.load_pack(act)
    for f in sorted(pack.scenario_files):
        items = yamlio.load(f) or []
        for sc in items if isinstance(items, list) else []:
            if not isinstance(sc, dict) or "error" in (sc.get("expect") or {}) or not sc.get("events"):
                continue
            body = sc.get("body") or {}
            if set(body) - {"versions", "interpretations"}:
                continue     # scenarios that need their own calendar or instruments stay in the law tests
            yield sc


def _pick(act: str, limit: int) -> list[dict]:
    """Scenarios with as many different (procedure, status) pairs as possible, longest stories first."""
    seen, chosen = set(), []
    scs = sorted(_scenarios(act), key=lambda s: -len(s["events"]))
    for sc in scs:
        key = (sc["procedure"], (sc.get("expect") or {}).get("status"))
        if key in seen:
            continue
        seen.add(key)
        chosen.append(sc)
    rest = [s for s in scs if s not in chosen]
    return (chosen + rest)[:limit]


def _when(value):
    if isinstance(value, (dt.date, dt.datetime)):
        return value
    text = str(value)
    return dt.datetime.fromisoformat(text) if "T" in text else dt.date.fromisoformat(text)


def build(stdout, per_body: int = 40, seed: int = 7, verbose: bool = False) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    creds = []
    admin = _user("admin", "Administrator", superuser=True)
    creds.append(("admin", PASSWORD, "superuser: the admin site at /admin/"))
    today = E.today()
    for place in track(PLACES, "demo bodies", stream=stdout, note=lambda p: p.body[0]):
        with transaction.atomic():
            scode, sname, iso = place.state
            state = Body.objects.create(code=scode, name=sname, kind="state", state=iso)
            district = Body.objects.create(code=place.district[0], name=place.district[1], kind="district",
                                           state=iso, parent=state)
            code, name, local, kind = place.body
            body = Body.objects.create(code=code, name=name, name_local=local, kind=kind, state=iso, parent=district,
                                       act_id=place.act, latitude=place.location[0], longitude=place.location[1])
            Closure.objects.create(body=body, on=today - dt.timedelta(days=40), reason="Local festival holiday",
                                   source="Order of the Collector (demonstration)")
            sunday = today - dt.timedelta(days=50)
            sunday -= dt.timedelta(days=(sunday.weekday() + 1) % 7)             # a weekly day off everywhere
            Closure.objects.create(body=body, on=sunday, open=True, reason="Office open for the property tax drive",
                                   source="Order of the chief executive (demonstration)")
            for role, (level, title) in place.offices.items():
                Office.objects.create(body=state if level == "state" else district, role=role, title=title)
            short = code.split("-")[0]
            people = []
            for i, full in enumerate(place.people):
                first, _, last = full.partition(" ")
                person = Person.objects.create(body=body, name=full, phone=f"98{rng.randrange(10**7, 10**8)}",
                                               email=f"{first}.{last}@example.in".lower().replace("'", "").replace(" ", ""),
                                               address=f"{rng.randint(1, 300)}, {place.streets[i % len(place.streets)]}")
                people.append(person)
            users = {}
            for suffix, role, office, where, label in [
                ("applicant", Role.APPLICANT, "", body, f"applicant at {code} (sees own cases)"),
                ("clerk", Role.CLERK, "", body, f"clerk at {code}"),
                ("officer", Role.DECIDING_OFFICER, "", body, f"deciding officer at {code}"),
                ("appellate", Role.APPELLATE, "", district, f"appellate authority at {district.code} (district offices)"),
                ("state", Role.APPELLATE, "", state, f"appellate authority at {state.code} (State offices)"),
                ("auditor", Role.AUDITOR, "", body, f"auditor at {code} (read only)"),
                ("admin", Role.ADMINISTRATOR, "", state, f"administrator for {state.name}"),
            ]:
                username = f"{short}-{suffix}"
                user = _user(username, suffix.title(), place.body[1], email=f"{username}@example.in")
                Membership.objects.create(body=where, user=user, role=role, office=office)
                users[suffix] = user
                creds.append((username, PASSWORD, label))
            people[0].user = users["applicant"]
            people[0].save()
        made, skipped = _replay(stdout, place, body, people, users, admin, today, per_body, rng, verbose)
        stdout.write(f"{body.name}: {made} cases" + (f" ({skipped} scenarios skipped: moved by whole weeks, their "
                                                     "month-long periods no longer fit; -v 2 lists them)"
                                                     if skipped else "") + "\n")
    sweep()                                   # what time produced since each case's last entry, up to today
    return creds


def _actor_for(act, role, users, admin):
    kind = R.kind_of(act, role)
    return {R.PARTY: users["clerk"], R.OFFICE: users["officer"], R.AUTHORITY: users["appellate"]}.get(kind, admin)


def _actors(act, role, users, admin, applicant_has_login: bool) -> list:
    """Who records an event of this role in the demo, in order of preference (the last resort is the
    superuser, for a role the demo has no user for)."""
    kind = R.kind_of(act, role)
    if kind == R.PARTY:
        return ([users["applicant"]] if applicant_has_login else []) + [users["clerk"], admin]
    if kind == R.AUTHORITY:
        return [users["appellate"], users["state"], admin]
    return [users["officer"], admin]


def _replay(stdout, place, body, people, users, admin, today, limit, rng, verbose=False) -> tuple[int, int]:
    made = skipped = 0
    for n, sc in enumerate(_pick(place.act, limit)):
        as_of = _when(sc["as_of"])
        as_of_day = as_of.date() if isinstance(as_of, dt.datetime) else as_of
        shift = dt.timedelta(days=(today - as_of_day).days // 7 * 7)
        applicant = people[n % len(people)]
        prop = Property.objects.create(body=body, survey_number=f"{rng.randint(10, 400)}/{rng.randint(1, 9)}",
                                       address=f"{rng.randint(1, 300)}, {place.streets[n % len(place.streets)]}",
                                       owner=applicant)
        try:
            with transaction.atomic():
                events = sc["events"]
                first = events[0]
                role = first.get("by")
                candidates = _actors(place.act, role or "", users, admin, bool(applicant.user_id))
                if R.kind_of(place.act, role or "") == R.PARTY:
                    candidates = [users["clerk"], admin]      # the counter opens the file for the applicant
                for i, actor in enumerate(candidates):
                    on = _when(first.get("at") or first["on"]) + shift
                    try:
                        with _on_the_day(on):
                            case = create_case(actor, body, sc["procedure"], EventInput(
                                type=first["type"], on=on, by=role, data=dict(first.get("data") or {})),
                                applicant=applicant, property=prop, title=_title(place, sc["procedure"], prop),
                                snapshot=_snapshot(sc))
                        break
                    except ServiceError as exc:
                        if exc.status not in (403, 404) or i == len(candidates) - 1:
                            raise
                for ev in events[1:]:
                    role = ev.get("by")
                    candidates = _actors(place.act, role or "", users, admin, bool(applicant.user_id))
                    for i, actor in enumerate(candidates):
                        case.refresh_from_db()
                        on = _when(ev.get("at") or ev["on"]) + shift
                        try:
                            with _on_the_day(on):
                                append_event(actor, case.pk, EventInput(
                                    type=ev["type"], on=on, by=role, data=dict(ev.get("data") or {})), case.version)
                            break
                        except ServiceError as exc:
                            if exc.status not in (403, 404) or i == len(candidates) - 1:
                                raise
            made += 1
        except ServiceError as exc:
            skipped += 1
            if verbose:
                stdout.write(f"  skipped scenario {sc.get('name')!r}: {exc.detail}\n")
    return made, skipped


def _on_the_day(on):
    """The service's clock at the moment an entry of the demo's past is made (noon of its day, or its clock
    time), never later than now: what time produced is recorded as of that day, as the nightly sweep would
    have recorded it, and not before an entry that was made in time (build sweeps up to today at the end)."""
    moment = on if isinstance(on, dt.datetime) else dt.datetime.combine(on, dt.time(12))
    return E.clock_at(min(moment, E.now_local()))


def _title(place: Place, procedure: str, prop) -> str:
    """A case titled as an applicant or clerk would title it: what it is for and where, in the State's
    language (a scenario's name tells a test's story, and its dates are not the demo case's)."""
    from adhiniyam.law import translations as T

    pack = E.load_pack(place.act)
    words = T.words(place.act, T.state_language(place.state[2]))
    what = words.get(f"procedure.{procedure}.title", pack.procedure(procedure).title)
    return f"{what} — {prop.survey_number}, {prop.address}"[:300]


def _snapshot(sc: dict) -> dict | None:
    body = sc.get("body") or {}
    if not body:
        return None
    versions = {}
    for prov, choice in (body.get("versions") or {}).items():
        if isinstance(choice, list):
            versions[prov] = [{"from": E._iso(c.get("from")), "version": c["version"]} for c in choice]
        else:
            versions[prov] = [{"from": None, "version": choice}]
    return {"versions": versions, "interpretations": {k: str(v) for k, v in (body.get("interpretations") or {}).items()}}


def late_entry_examples(stdout) -> list:
    """Two papers of the Goa panchayat entered late at the counter today, as the records service requires
    (records.dating): one received six days ago, entered by the clerk with the reason; one received twenty
    days ago, whose fifteen days have run out unanswered, entered by the deciding officer, who alone may
    make an entry that creates an outcome already arisen (the deemed permission)."""
    from django.contrib.auth import get_user_model

    body = Body.objects.filter(code="ga-taleigao").first()
    if body is None:
        return []
    users = {u.username: u for u in get_user_model().objects.filter(username__in=["ga-clerk", "ga-officer"])}
    today = E.today()
    made = []
    for who, days, name, reason in [
        ("ga-clerk", 6, "Anant Naik", "Paper application received at the counter on {d}; the inward register was "
                                      "entered into the system today, after the office's network was restored."),
        ("ga-officer", 20, "Sunita Kamat", "Paper application received at the counter on {d} and found unentered in "
                                           "the inward register today; entered by the Secretary, the Act's fifteen "
                                           "days having run out unanswered."),
    ]:
        received = today - dt.timedelta(days=days)
        person = Person.objects.filter(body=body, name=name).first()
        prop = Property.objects.create(body=body, owner=person, survey_number=f"{60 + days}/1",
                                       address=f"{days}, Taleigao plateau")
        case = create_case(users[who], body, "building_permission", EventInput(
            type="application_received", on=received, data={"complete": True},
            late_reason=reason.format(d=f"{received.day} {received:%B %Y}")), applicant=person, property=prop,
            title=f"Building permission — {name} (paper entered late)")
        made.append(case)
        stdout.write(f"{body.name}: {case.number} entered late by {who} ({case.status_label})\n")
    return made


def correction_example(stdout):
    """A Goa building permission whose deemed grant the sweep recorded, then defeated by late papers (issue
    24): received at the counter 25 days ago and entered that day; fifteen days of silence, so the sweep
    records the deemed grant; today the Secretary enters the observations letter sent on the third day (it
    stopped the clock) and the applicant's compliance of the fifth, both late, with their reasons. The first
    deemed grant is superseded by a correction; the grant two days later stands."""
    body = Body.objects.filter(code="ga-taleigao").first()
    if body is None:
        return None
    users = {u.username: u for u in get_user_model().objects.filter(username__in=["ga-clerk", "ga-officer"])}
    received = E.today() - dt.timedelta(days=25)
    person = Person.objects.filter(body=body).order_by("pk").last()
    prop = Property.objects.create(body=body, owner=person, survey_number="71/4", address="25, Odxel")
    with E.clock_at(dt.datetime.combine(received, dt.time(11))):
        case = create_case(users["ga-clerk"], body, "building_permission", EventInput(
            type="application_received", on=received, data={"complete": True}), applicant=person, property=prop,
            title=f"Building permission — {person.name} (deemed grant corrected by late papers)")
    sweep_case(case.pk)
    officer = users["ga-officer"]
    for days, etype, data, reason in [
        (3, "observations_dispatched", {"observations": "Site plan to scale 1:100; NOC of the neighbouring owner"},
         "Office copy of the observations letter sent on {d} found in the outward register today: the letter went "
         "by hand and was never entered."),
        (5, "observations_complied", {}, "The applicant's compliance handed in at the counter on {d}, filed with "
                                         "the letter above and entered today."),
    ]:
        on = received + dt.timedelta(days=days)
        case.refresh_from_db()
        append_event(officer, case.pk, EventInput(type=etype, on=on, data=data,
                                                  late_reason=reason.format(d=f"{on.day} {on:%B %Y}")), case.version)
    case.refresh_from_db()
    stdout.write(f"{body.name}: {case.number} — a deemed grant superseded by a correction ({case.status_label})\n")
    return case
