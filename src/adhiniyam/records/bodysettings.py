"""A body's settings, gathered once per process and never stale.

Everything about a body that the law engine and the write path read besides a case's own snapshot —
its calendar (closures and openings, weekly days off, location), the local-law instruments and named areas that
bind it, its current provision and reading choices, and the nearest office of each authority above
it — is one immutable `BodyFacts`, cached per process under the body's `settings_version`.

Every change to any of those rows gives each body it affects a new version, in the change's own
transaction (the receivers below, connected in RecordsConfig.ready; a bulk change made without the
model's signals calls `bump` itself). Every write reads the body row anyway (the case's, or the body
of the address), so the very next write in any process sees the new version and gathers the facts
again: no query is spent on checking, and nothing expires by time.

A version is a fresh random number, never a count: a change rolled back, or a body id used again after
a rollback (SQLite), can never bring back a version some process has cached. The facts are filed under
the version read from the database with them, not the one a body object in memory carries; and the
process that makes a change empties its own cache, since body objects it read before the change still
carry the old version.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.db.models import Q
from django.db.models.signals import post_delete, post_save, pre_save


@dataclass(frozen=True)
class OfficeAbove:
    body_id: int
    code: str
    name: str


@dataclass(frozen=True)
class BodyFacts:
    body_id: int
    version: int
    choices: dict                  # the body's current provision versions and readings (a new case's snapshot)
    closures: tuple                # ({date, reason, source}, …) of the body's own office
    openings: tuple                # the same, for days its State's holidays or weekly days off close, open
    local: dict                    # {instruments, areas} from adhiniyam.locallaw, when installed
    offices: dict                  # role -> OfficeAbove: the nearest body at or above with that office
    _engine: dict = field(default_factory=dict, compare=False, repr=False)   # snapshot key -> BodySettings

    def snapshot(self) -> dict[str, Any]:
        """A copy of the current choices, for a new case to be bound to."""
        return json.loads(json.dumps(self.choices))

    def engine_settings(self, body, snapshot: dict | None):
        """The engine's BodySettings under a case's snapshot (one object per snapshot, so the engine's
        calendars are built once per process)."""
        snap = self.choices if snapshot is None else snapshot
        key = json.dumps(snap, sort_keys=True)
        settings = self._engine.get(key)
        if settings is None:
            from . import engine as E
            location = (body.latitude, body.longitude) if body.latitude is not None and body.longitude is not None \
                else None
            settings = E.law().BodySettings(
                state=body.state, versions=E.engine_versions(snap),
                interpretations=dict(snap.get("interpretations") or {}), closures=list(self.closures),
                openings=list(self.openings),
                weekly_off=tuple(body.weekly_off) if body.weekly_off else None,   # None: the State's default
                location=location, **self.local)
            self._engine[key] = settings
        return settings


_CACHE: dict[int, BodyFacts] = {}


def facts(body) -> BodyFacts:
    """The body's facts as of its `settings_version` (gathered again when the version moved)."""
    hit = _CACHE.get(body.pk)
    if hit is None or hit.version != body.settings_version:
        hit = _gather([body])[body.pk]
        _CACHE[body.pk] = hit
    return hit


def prefetch(bodies) -> None:
    """Gather the facts of many bodies at once, a query per kind of row for all of them (the sweep)."""
    missing = [b for b in bodies if (hit := _CACHE.get(b.pk)) is None or hit.version != b.settings_version]
    if missing:
        _CACHE.update(_gather(missing))


def _chain(body) -> list[int]:
    return [int(x) for x in body.path.strip("/").split("/") if x]


def _gather(bodies) -> dict[int, BodyFacts]:
    from .models import Body, Closure, InterpretationChoice, Office, ProvisionChoice
    ids = [b.pk for b in bodies]
    version = dict(Body.objects.filter(pk__in=ids).values_list("pk", "settings_version"))
    versions: dict[int, dict[str, list]] = {pk: {} for pk in ids}
    for c in ProvisionChoice.objects.filter(body_id__in=ids).order_by("body_id", "provision", "effective_from"):
        versions[c.body_id].setdefault(c.provision, []).append(
            {"from": c.effective_from.isoformat() if c.effective_from else None, "version": c.version})
    readings: dict[int, dict[str, str]] = {pk: {} for pk in ids}
    for c in InterpretationChoice.objects.filter(body_id__in=ids).order_by("pk"):
        readings[c.body_id][c.interpretation] = c.reading
    days: dict[tuple[int, bool], list] = {(pk, open_): [] for pk in ids for open_ in (False, True)}
    for c in Closure.objects.filter(body_id__in=ids).order_by("body_id", "on"):
        days[c.body_id, c.open].append({"date": c.on, "reason": c.reason, "source": c.source})
    chains = {b.pk: _chain(b) for b in bodies}
    offices = list(Office.objects.filter(body_id__in={pk for chain in chains.values() for pk in chain})
                   .values_list("body_id", "role", "body__code", "body__name"))
    local = _local_law(bodies, chains)
    out = {}
    for b in bodies:
        depth = {pk: i for i, pk in enumerate(chains[b.pk])}
        nearest: dict[str, tuple[int, OfficeAbove]] = {}
        for body_id, role, code, name in offices:
            if body_id in depth and (role not in nearest or depth[body_id] > nearest[role][0]):
                nearest[role] = (depth[body_id], OfficeAbove(body_id, code, name))
        out[b.pk] = BodyFacts(b.pk, version.get(b.pk), {"versions": versions[b.pk], "interpretations": readings[b.pk]},
                              tuple(days[b.pk, False]), tuple(days[b.pk, True]), local[b.pk],
                              {r: o for r, (_d, o) in nearest.items()})
    return out


def _local_law(bodies, chains: dict[int, list[int]]) -> dict[int, dict]:
    """Instruments (bye-laws, rules, notifications, fee schedules) and declared areas from
    adhiniyam.locallaw, when that app is installed: asked of it for each body that its State and Act or
    a body of its chain has any of (two queries find which), and empty for the rest."""
    if not apps.is_installed("adhiniyam.locallaw"):
        return {b.pk: {} for b in bodies}
    from adhiniyam.locallaw.models import Instrument, NamedArea
    from adhiniyam.locallaw.services import settings_for
    laws = set(Instrument.objects.filter(state__in={b.state for b in bodies}).values_list("state", "act_id").distinct())
    areas = set(NamedArea.objects.filter(body_id__in={pk for c in chains.values() for pk in c})
                .values_list("body_id", flat=True).distinct())
    return {b.pk: settings_for(b) if (b.state, b.act_id) in laws or areas & set(chains[b.pk])
            else {"instruments": [], "areas": []} for b in bodies}


# ------------------------------------------------------------------------------------ versions


def new_version() -> int:
    return secrets.randbits(62)


def bump(bodies: Q) -> None:
    """A new settings version for the bodies matching `bodies` (in the caller's transaction)."""
    from .models import Body
    Body.objects.filter(bodies).update(settings_version=new_version())
    changed()


def changed() -> None:
    """This process changed some body's settings: forget what it cached (body objects it read before
    the change still carry their old version)."""
    _CACHE.clear()


def subtree(body_id: int | None) -> Q:
    """The body and every body below it (their offices above, local law and areas include its own)."""
    from .models import Body
    path = Body.objects.filter(pk=body_id).values_list("path", flat=True).first() if body_id else None
    return Q(path__startswith=path) if path else Q(pk__in=[])


def _instrument(instance, body_id) -> Q:
    """A State-layer instrument binds every body of its State (and Act); any other, its body and below."""
    return Q(state=instance.state) if instance.layer == "state" else subtree(body_id)


# model -> the bodies a change of one of its rows, held by body `body_id`, affects
AFFECTS = {"records.Closure": lambda instance, body_id: Q(pk=body_id),
           "records.ProvisionChoice": lambda instance, body_id: Q(pk=body_id),
           "records.InterpretationChoice": lambda instance, body_id: Q(pk=body_id),
           "records.Office": lambda instance, body_id: subtree(body_id),
           "locallaw.NamedArea": lambda instance, body_id: subtree(body_id),
           "locallaw.Instrument": _instrument}


def _before_save(sender, instance, **kwargs):
    """Remember the body a row was held by, in case the change moves it to another."""
    instance._settings_body_was = (sender.objects.filter(pk=instance.pk).values_list("body_id", flat=True).first()
                                   if instance.pk else None)


def _changed(sender, instance, **kwargs):
    affects = AFFECTS[sender._meta.label]
    q = affects(instance, instance.body_id)
    was = getattr(instance, "_settings_body_was", None)
    if was is not None and was != instance.body_id:
        q |= affects(instance, was)
    bump(q)


def connect() -> None:
    """Connect the receivers that keep the versions moving (RecordsConfig.ready)."""
    for label in AFFECTS:
        if not apps.is_installed("adhiniyam." + label.split(".")[0]):
            continue
        model = apps.get_model(label)
        pre_save.connect(_before_save, sender=model, dispatch_uid=f"bodysettings:{label}:pre")
        post_save.connect(_changed, sender=model, dispatch_uid=f"bodysettings:{label}:save")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"bodysettings:{label}:delete")
