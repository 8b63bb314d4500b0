"""Who sees what, and who may act as which of the Act's roles. Every query goes through here.

  applicant         their own cases at the bodies where they are registered
  clerk             the body and every body below it; opens cases; records what parties hand in
  deciding_officer  the body and below; acts as the body's office (secretary, chief officer…), and
                    records what parties hand in as a clerk does
  appellate         the cases routed to their office (appeals, supervision) while it is engaged
  auditor           the body and below, read only
  administrator     the body and below, read; manages master data in the admin
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q

from . import roles as R
from .errors import Forbidden, NotFound
from .models import Body, Case, CaseRoute, Document, Membership, Person, Property, Role, body_of_case
from .prepared import Prepared

STAFF_READ = {Role.CLERK, Role.DECIDING_OFFICER, Role.AUDITOR, Role.ADMINISTRATOR}
PAPER_ROLES = {Role.CLERK, Role.DECIDING_OFFICER}                # record what a party hands in
FOR_PARTY = "recording for the party"
OFFICE_STAFF = {Role.CLERK, Role.DECIDING_OFFICER, Role.APPELLATE}   # may date an entry (records.dating)


def memberships(user) -> list[Membership]:
    """The user's roles at bodies, read once per request (with the token, for an API client: api/auth.py)."""
    if not user or not user.is_authenticated:
        return []
    cache = getattr(user, "_adhiniyam_memberships", None)
    if cache is None:
        cache = list(Membership.objects.filter(user=user).select_related("body"))
        remember_memberships(user, cache)
    return cache


def remember_memberships(user, held: list[Membership]) -> None:
    user._adhiniyam_memberships = held


def _within(body: Body, top: Body) -> bool:
    return body.path.startswith(top.path)


def covering(user, body: Body, roles=None) -> list[Membership]:
    """The user's memberships at `body` or at a body above it (with one of `roles`, when given): the one
    place where a role at a body is found to reach the bodies below it."""
    return [m for m in memberships(user) if _within(body, m.body) and (roles is None or m.role in roles)]


def visible_bodies(user):
    if user.is_superuser:
        return Body.objects.all()
    q = Q(pk__in=[])
    for m in memberships(user):
        if m.role in STAFF_READ:
            q |= Q(path__startswith=m.body.path)
        else:
            q |= Q(pk=m.body_id)
    return Body.objects.filter(q)


def sees_body(user, body: Body) -> bool:
    """Whether `visible_bodies(user)` holds this body (the same rule, for one body, without a query)."""
    return user.is_superuser or any(_within(body, m.body) if m.role in STAFF_READ else m.body_id == body.pk
                                    for m in memberships(user))


_BODY = Prepared(lambda code: Body.objects.filter(code=code)[:1], "\x00code")


def body_for(user, code: str) -> Body:
    """The body of this code, if the user may see it. A body the user holds a role at was read in this
    request with their roles (memberships(): with the token, for an API client): that row, not a second read."""
    held = [] if user.is_superuser else memberships(user)
    body = next((m.body for m in held if m.body.code == code), None) or next(iter(_BODY(code)), None)
    if body is None or not sees_body(user, body):
        raise NotFound(f"No body '{code}' that you can see. Check the code, or ask an administrator "
                       "to give you a role at that body.")
    return body


def case_scope(user) -> Q:
    """A Q over Case that keeps exactly the cases this user may read."""
    if user.is_superuser:
        return Q()
    q = Q(pk__in=[])
    for m in memberships(user):
        if m.role in STAFF_READ:
            q |= Q(body__path__startswith=m.body.path)
        elif m.role == Role.APPLICANT:
            q |= Q(body_id=m.body_id, applicant_user=user)
        elif m.role == Role.APPELLATE:
            routes = CaseRoute.objects.filter(case=OuterRef("pk"), office_body_id=m.body_id, active=True)
            if m.office:
                routes = routes.filter(role=m.office)
            q |= Exists(routes)
    return q


def body_case_scope(user, body: Body) -> Q | None:
    """The scope within one body, as a Q that keeps the inbox query on its (body, …) index.
    None: the user sees nothing there."""
    if user.is_superuser:
        return Q()
    q, any_ = Q(pk__in=[]), False
    for m in memberships(user):
        if m.role in STAFF_READ and _within(body, m.body):
            return Q()
        if m.role == Role.APPLICANT and m.body_id == body.pk:
            q |= Q(applicant_user=user)
            any_ = True
        elif m.role == Role.APPELLATE:
            routes = CaseRoute.objects.filter(case=OuterRef("pk"), office_body_id=m.body_id, active=True)
            if m.office:
                routes = routes.filter(role=m.office)
            q |= Exists(routes)
            any_ = True
    return q if any_ else None


def visible_cases(user):
    return Case.objects.filter(case_scope(user))


def may_read(user, case: Case) -> bool:
    """Whether `case_scope(user)` holds this case (the same rule, for one case: the case's routes are read
    only for an appellate authority that no other role lets see it)."""
    if user.is_superuser:
        return True
    appellate = []
    for m in memberships(user):
        if m.role in STAFF_READ and _within(case.body, m.body):
            return True
        if m.role == Role.APPLICANT and m.body_id == case.body_id and case.applicant_user_id == user.pk:
            return True
        if m.role == Role.APPELLATE:
            appellate.append(m)
    return bool(appellate) and any(r.active and r.office_body_id == m.body_id and (not m.office or r.role == m.office)
                                   for r in routes_of(case) for m in appellate)


def _cases(lock: bool, body_id: int | None = None):
    """Cases with their body, applicant and property, and whether each has documents (a case without, most,
    needs no query for them: present.py), looked up in the body's partition when `body_id` names it."""
    qs = Case.objects.select_related("body", "applicant_here", "property_here")   # joined on (body_id, id)
    documents = Document.objects.filter(body_id=OuterRef("body_id") if body_id is None else body_id,
                                        case_id=OuterRef("pk"))
    qs = qs.annotate(has_documents=Exists(documents))
    return qs.select_for_update(of=("self",)) if lock else qs


# the body's id given twice (the case's and its documents'): each marker stands for one parameter
_CASE = {lock: Prepared(lambda body_id, pk, documents_body_id, lock=lock: _cases(lock, documents_body_id)
                        .filter(body_id=body_id, pk=pk), -101, -102, -103)
         for lock in (False, True)}
_ROUTES = Prepared(lambda body_id, case_id: CaseRoute.objects.filter(body_id=body_id, case_id=case_id)
                   .select_related("office_body").order_by("pk"), -101, -102)


def routes_of(case: Case) -> list[CaseRoute]:
    """The case's routes to the authorities above its body, with their offices' bodies."""
    return _ROUTES(case.body_id, case.pk)


def case_for(user, case_id: int, *, lock: bool = False) -> Case:
    if not 0 < case_id < 2 ** 63:              # no case has such an id (nor could the database take it)
        raise NotFound(f"No case {case_id} that you can see.")
    body_id = body_of_case(case_id)
    if body_id:                                # the id names its body: the lookup goes to one shard
        case = next(iter(_CASE[lock](body_id, case_id, body_id)), None)
        if case is not None and not may_read(user, case):
            case = None
    else:                                      # an id given before ids named their body
        case = _cases(lock).filter(case_scope(user)).filter(pk=case_id).first()
    if case is None:
        raise NotFound(f"No case {case_id} that you can see.")
    if case.applicant_id is not None:          # the rows joined on (body_id, id), under their plain names too
        case.applicant = case.applicant_here
    if case.property_id is not None:
        case.property = case.property_here
    return case


def acting_roles(user, case: Case, procedure, routes: list[CaseRoute] | None = None) -> dict[str, str]:
    """The Act's roles this user may act as in this case: {role: why}. `routes`: the case's routes, when
    the caller has read them already."""
    out: dict[str, str] = {}
    act = case.act_id
    for role in procedure.roles:
        kind = R.kind_of(act, role)
        if user.is_superuser:
            out[role] = "superuser"
            continue
        for m in memberships(user):
            here = _within(case.body, m.body)
            if kind == R.PARTY:
                if m.role == Role.APPLICANT and m.body_id == case.body_id and case.applicant_user_id == user.pk:
                    out[role] = "applicant in own case"
                elif m.role in PAPER_ROLES and here:
                    out.setdefault(role, FOR_PARTY)
            elif kind == R.OFFICE:
                if m.role == Role.DECIDING_OFFICER and here and (not m.office or m.office == role):
                    out[role] = f"deciding officer at {m.body.code}"
            elif kind == R.AUTHORITY:
                if m.role == Role.APPELLATE and (not m.office or m.office == role) and _routed(case, role, m, routes):
                    out[role] = f"{role} at {m.body.code}, to which this case is routed"
    return out


def _routed(case: Case, role: str, m: Membership, routes: list[CaseRoute] | None) -> bool:
    if routes is not None:
        return any(r.role == role and r.office_body_id == m.body_id for r in routes)
    return CaseRoute.objects.filter(body_id=case.body_id, case=case, role=role, office_body_id=m.body_id).exists()


def opening_roles(user, body: Body, act_id: str, event_type) -> dict[str, str]:
    """Roles this user may open a case as, with this opening event: {role: why}, those held in the user's own
    right first."""
    out: dict[str, str] = {}
    for role in event_type.by:
        kind = R.kind_of(act_id, role)
        if user.is_superuser:
            out[role] = "superuser"
            continue
        for m in memberships(user):
            here = _within(body, m.body)
            if m.role == Role.APPLICANT and m.body_id == body.pk and kind == R.PARTY:
                out[role] = "applicant"
            elif m.role == Role.CLERK and here:      # the counter: any opening the Act allows
                out.setdefault(role, FOR_PARTY if kind == R.PARTY else "clerk at the counter")
            elif m.role == Role.DECIDING_OFFICER and here and kind == R.OFFICE and (not m.office or m.office == role):
                out[role] = f"deciding officer at {m.body.code}"
            elif m.role == Role.DECIDING_OFFICER and here and kind == R.PARTY:
                out.setdefault(role, FOR_PARTY)      # the office's head takes a party's paper as its clerk does
    return dict(sorted(out.items(), key=lambda kv: for_party(kv[1])))


def for_party(why: str) -> bool:
    """Whether a role is held only to record a party's paper for them (acting_roles, opening_roles)."""
    return why == FOR_PARTY


def may_add_to_case(user, case: Case) -> bool:
    """Whether this user may add to the case file (a document): the applicant in their own case, the
    body's clerks and deciding officers (and those of the bodies above), an authority the case is routed
    to. Administrators manage master data and auditors read; neither adds to a case file."""
    if user.is_superuser:
        return True
    for m in memberships(user):
        if m.role in (Role.CLERK, Role.DECIDING_OFFICER) and _within(case.body, m.body):
            return True
        if m.role == Role.APPLICANT and case.applicant_user_id == user.pk:
            return True
        if m.role == Role.APPELLATE and CaseRoute.objects.filter(case=case, office_body_id=m.body_id).exists():
            return True
    return False


def office_staff(user, body: Body) -> bool:
    """Whether the user enters papers for the office (and so gives the date they happened): a clerk,
    deciding officer or an authority's officer at or above the body. Everyone else's submissions are
    dated by the server's clock on receipt (records.dating)."""
    return user.is_superuser or bool(covering(user, body, OFFICE_STAFF))


def people_for(user, body: Body):
    """The people of a body's records this user may name on a case: all of them for its office staff, else
    the user's own person. Someone else's id is then not found, exactly as an unknown one."""
    qs = Person.objects.filter(body=body)
    return qs if office_staff(user, body) else qs.filter(user=user)


def properties_for(user, body: Body):
    """The properties of a body's records this user may apply on: all of them for its office staff, else
    those linked to the user (as owner or occupier by the office, or declared on their own application).
    Someone else's id is then not found, exactly as an unknown one (no difference in any answer)."""
    qs = Property.objects.filter(body=body)
    if office_staff(user, body):
        return qs
    return qs.filter(Q(owner__user=user) | Q(occupier__user=user) | Q(declared_by=user)).distinct()


def deciding_officer(user, body: Body) -> bool:
    return user.is_superuser or bool(covering(user, body, {Role.DECIDING_OFFICER}))


def require_writer(user, body: Body):
    for m in memberships(user):
        if m.role == Role.AUDITOR and _within(body, m.body) and len(memberships(user)) == 1:
            raise Forbidden("Auditors have read-only access: you cannot record anything.")
    return True


def route(body: Body, role: str) -> Body | None:
    """The nearest body at or above `body` with an office of this role."""
    from .models import Office
    ids = [int(x) for x in body.path.strip("/").split("/") if x]
    found = dict(Office.objects.filter(body_id__in=ids, role=role).values_list("body_id", "body_id"))
    for pk in reversed(ids):
        if pk in found:
            return Body.objects.get(pk=pk)
    return None
