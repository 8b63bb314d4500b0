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
from .models import Body, Case, CaseRoute, Membership, Person, Property, Role

STAFF_READ = {Role.CLERK, Role.DECIDING_OFFICER, Role.AUDITOR, Role.ADMINISTRATOR}
PAPER_ROLES = {Role.CLERK, Role.DECIDING_OFFICER}                # record what a party hands in
FOR_PARTY = "recording for the party"
OFFICE_STAFF = {Role.CLERK, Role.DECIDING_OFFICER, Role.APPELLATE}   # may date an entry (records.dating)


def memberships(user) -> list[Membership]:
    if not user or not user.is_authenticated:
        return []
    cache = getattr(user, "_adhiniyam_memberships", None)
    if cache is None:
        cache = list(Membership.objects.filter(user=user).select_related("body"))
        user._adhiniyam_memberships = cache
    return cache


def _within(body: Body, top: Body) -> bool:
    return body.path.startswith(top.path)


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


def body_for(user, code: str) -> Body:
    body = visible_bodies(user).filter(code=code).first()
    if body is None:
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


def case_for(user, case_id: int, *, lock: bool = False) -> Case:
    qs = Case.objects.select_related("body", "applicant", "property")
    if lock:
        qs = qs.select_for_update(of=("self",))
    case = qs.filter(case_scope(user)).filter(pk=case_id).first()
    if case is None:
        raise NotFound(f"No case {case_id} that you can see.")
    return case


def acting_roles(user, case: Case, procedure) -> dict[str, str]:
    """The Act's roles this user may act as in this case: {role: why}."""
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
                if m.role == Role.APPELLATE and (not m.office or m.office == role) and \
                        CaseRoute.objects.filter(case=case, role=role, office_body_id=m.body_id).exists():
                    out[role] = f"{role} at {m.body.code}, to which this case is routed"
    return out


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
    return user.is_superuser or any(m.role in OFFICE_STAFF and _within(body, m.body) for m in memberships(user))


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
    return user.is_superuser or any(m.role == Role.DECIDING_OFFICER and _within(body, m.body)
                                    for m in memberships(user))


def require_writer(user, body: Body):
    for m in memberships(user):
        if m.role == Role.AUDITOR and _within(body, m.body) and len(memberships(user)) == 1:
            raise Forbidden("Auditors have read-only access: you cannot record anything.")
    return True


def offices_above(body: Body, roles) -> dict[str, int]:
    """{role: id of the nearest body at or above `body` with an office of that role}, in one query."""
    from .models import Office
    ids = [int(x) for x in body.path.strip("/").split("/") if x]
    depth = {pk: i for i, pk in enumerate(ids)}
    best: dict[str, int] = {}
    for body_id, role in Office.objects.filter(body_id__in=ids, role__in=list(roles)).values_list("body_id", "role"):
        if role not in best or depth[body_id] > depth[best[role]]:
            best[role] = body_id
    return best


def route(body: Body, role: str) -> Body | None:
    """The nearest body at or above `body` with an office of this role."""
    from .models import Office
    ids = [int(x) for x in body.path.strip("/").split("/") if x]
    found = dict(Office.objects.filter(body_id__in=ids, role=role).values_list("body_id", "body_id"))
    for pk in reversed(ids):
        if pk in found:
            return Body.objects.get(pk=pk)
    return None
