"""Re-binding a body's open cases to a new version of its law pack, once an administrator has seen
the impact: one transaction; on each case an event `law_pack_upgraded` (who approved, from and to
which version, why, and what changed in that case), the case re-derived under the new version, and
any outcome time alone now produces recorded as the sweep would."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from adhiniyam.records import access
from adhiniyam.records import engine as E
from adhiniyam.records import services as S
from adhiniyam.records.errors import Forbidden, Invalid
from adhiniyam.records.models import Body, Case, Membership, Role

from . import impact, store
from .models import PackUpgrade

EVENT = "law_pack_upgraded"


def may_upgrade(user, body: Body) -> bool:
    """The State's administrator (an administrator at the body or a body above it), or a superuser."""
    if user.is_superuser:
        return True
    return any(m.role == Role.ADMINISTRATOR and body.path.startswith(m.body.path) for m in access.memberships(user))


def admin_bodies(user):
    """Bodies keeping cases that this user may upgrade."""
    if user.is_superuser:
        return Body.objects.exclude(act_id="").order_by("name")
    tops = [m.body.path for m in Membership.objects.filter(user=user, role=Role.ADMINISTRATOR).select_related("body")]
    bodies = Body.objects.none()
    for path in tops:
        bodies |= Body.objects.filter(path__startswith=path).exclude(act_id="")
    return bodies.order_by("name")


def approve(user, body: Body, old: str, new: str, reason: str) -> PackUpgrade:
    if not may_upgrade(user, body):
        raise Forbidden("Only the State's administrator approves a law-pack upgrade for a body.", code="not_admin")
    if not (reason or "").strip():
        raise Invalid("Say why the upgrade is approved (a written reason is kept with it).", code="reason_required")
    if old == new:
        raise Invalid("The two versions are the same: there is nothing to upgrade.", code="same_version")
    new_pack = store.load(body.act_id, new)
    if new_pack is None or store.load(body.act_id, old) is None:
        raise Invalid(f"Version {new if new_pack is None else old} of {body.act_id} is not stored.", code="unknown_version")
    with transaction.atomic():
        seen = {r.case.pk: r for r in impact.compare(body.act_id, old, new, body)}
        up = PackUpgrade.objects.create(body=body, act_id=body.act_id, from_version=old, to_version=new,
                                        approved_by=user, approved_at=timezone.now(), reason=reason.strip(),
                                        impact=[r.as_json() for r in seen.values()])
        ids = list(Case.objects.filter(body=body, act_id=body.act_id, closed=False, pack_version=old)
                   .order_by("pk").values_list("pk", flat=True))
        for pk in ids:
            _rebind(pk, new_pack, up, seen.get(pk))
        up.rebound = len(ids)
        up.save(update_fields=["rebound"])
    return up


def _rebind(case_id: int, pack, up: PackUpgrade, row) -> None:
    case = Case.objects.select_for_update(of=("self",)).select_related("body").get(pk=case_id)
    rows = list(case.events.order_by("seq"))
    case.pack_version = str(pack.version)
    procedure = S.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    _p, result = E.evaluate(case, rows, trace=False, pack=pack)
    ledger = S._ledger(case.body)
    data = {"from": up.from_version, "to": up.to_version, "upgrade": up.pk, "reason": up.reason,
            "differs": row.differs if row else [], "rules": row.rules if row else []}
    today = E.today()
    rows.append(S._append(case, ledger, seq=len(rows) + 1, type=EVENT, day=today, at=None, by_role="administrator",
                          actor=up.approved_by, data=data, system=False, pack_version=case.pack_version))
    S._record_system_events(case, ledger, rows, result, pack, today)
    S._store_derived(case, pack, procedure, result, rows)
    case.version += 1
    case.updated_at = timezone.now()
    case.save()
