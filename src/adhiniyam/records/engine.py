"""The only place the records service talks to the law engine (`adhiniyam.law`, pure Python).

It turns stored rows into the engine's inputs (BodySettings, Event) and back. The engine is never
told about Django.
"""

from __future__ import annotations

import contextvars
import dataclasses
import datetime as dt
import functools
from contextlib import contextmanager
from typing import Any

from django.utils import timezone


def law():
    import adhiniyam.law as law_module
    return law_module


def load_pack(act_id: str, version: str | None = None):
    """The installed pack, or the stored version a case is bound to (adhiniyam.packs). A version that
    was never stored gives the installed pack; the case page says so."""
    if version:
        from adhiniyam.packs.store import load
        found = load(act_id, version)
        if found is not None:
            return found
    return law().load_pack(act_id)


def list_packs() -> list[str]:
    return list(law().list_packs())


_replay_clock: contextvars.ContextVar[dt.datetime | None] = contextvars.ContextVar("adhiniyam_clock", default=None)


@contextmanager
def clock_at(moment: dt.datetime):
    """Inside this block the service's clock reads `moment` (a naive local time): the demo enters its past
    on the days it happened, so that what time produced is recorded as of each day, as the sweep would have."""
    token = _replay_clock.set(moment)
    try:
        yield
    finally:
        _replay_clock.reset(token)


def _clock() -> dt.datetime | None:
    """settings.ADHINIYAM_CLOCK (env ADHINIYAM_CLOCK): a fixed 'now' for training, demos and tests."""
    from django.conf import settings
    fixed = _replay_clock.get() or getattr(settings, "ADHINIYAM_CLOCK", None)
    if not fixed:
        return None
    if isinstance(fixed, dt.datetime):
        return fixed
    if isinstance(fixed, dt.date):
        return dt.datetime.combine(fixed, dt.time(12, 0))
    text = str(fixed)
    return dt.datetime.fromisoformat(text) if "T" in text else dt.datetime.combine(dt.date.fromisoformat(text), dt.time(12))


def today() -> dt.date:
    fixed = _clock()
    return fixed.date() if fixed else timezone.localdate()


def now_local() -> dt.datetime:
    """Now, as a naive local (IST) datetime: the engine's legal clock has no time zones."""
    fixed = _clock()
    return fixed if fixed else timezone.localtime().replace(tzinfo=None, microsecond=0)


def now_aware() -> dt.datetime:
    """Now on the service's clock, time-zone aware: when an entry is made (CaseEvent.recorded_at)."""
    fixed = _clock()
    return timezone.make_aware(fixed) if fixed else timezone.now()


def local_naive(moment: dt.datetime) -> dt.datetime:
    """An aware moment as the engine's naive local time."""
    return timezone.localtime(moment).replace(tzinfo=None)


def _iso(value):
    return value.isoformat() if isinstance(value, (dt.date, dt.datetime)) else value


def _date(value):
    return dt.date.fromisoformat(value) if isinstance(value, str) else value


def settings_snapshot(body) -> dict[str, Any]:
    """The body's choices that bind a case from the day it opens (JSON-ready; a copy)."""
    from .bodysettings import facts
    return facts(body).snapshot()


def engine_versions(snap: dict) -> dict[str, Any]:
    versions: dict[str, Any] = {}
    for provision, choices in (snap.get("versions") or {}).items():
        if len(choices) == 1 and not choices[0]["from"]:
            versions[provision] = choices[0]["version"]
        else:
            versions[provision] = [{"from": _date(c["from"]) or dt.date.min, "version": c["version"]}
                                   for c in choices]
    return versions


def procedure(pack, procedure_id: str, snapshot: dict | None, on: dt.date | None):
    """The procedure with the body's chosen provision versions and readings applied (as the engine resolves them)."""
    snap = snapshot or {}
    return pack.procedure(procedure_id, engine_versions(snap), on, dict(snap.get("interpretations") or {}))


def body_settings(body, snapshot: dict | None = None):
    """BodySettings for the engine: State, calendar, location, local law, and the chosen versions and
    readings (from the case's snapshot when given, so a later change of choice does not rewrite old
    cases). Cached per process under the body's settings version (bodysettings.py)."""
    from .bodysettings import facts
    return facts(body).engine_settings(body, snapshot)


def to_engine_event(row) -> Any:
    """The engine's Event: `on` when it happened, `recorded_on` the day it was entered (contract 4)."""
    on = local_naive(row.on_at) if row.on_at else row.on_date
    recorded = timezone.localtime(row.recorded_at).date() if getattr(row, "recorded_at", None) else None
    return law().Event(type=row.type, on=on, by=row.by_role, data=dict(row.data or {}), recorded_on=recorded)


RECORD_EVENTS = frozenset({"record_corrected", "law_pack_upgraded"})   # the records' own, not the Act's


def evaluate(case, rows, extra=None, as_of=None, body=None, trace: bool = True, settings=None, pack=None):
    """Evaluate a case from its stored events (+ one new one), under the pack version it is bound to
    (or `pack`). System events (time's outcomes that the sweep recorded) are records for registers and
    alerts: the engine derives them again from the same events, so they are not fed back; nor are the
    records' own events (a correction, a re-binding to a new pack version)."""
    pack = pack or load_pack(case.act_id, case.pack_version)
    events = [to_engine_event(r) for r in rows if not r.system and r.type not in RECORD_EVENTS]
    if extra is not None:
        events.append(extra)
    settings = settings or body_settings(body or case.body, case.settings_snapshot)
    return pack, law().evaluate(pack, case.procedure, settings, events, as_of=as_of or now_local(), trace=trace)


_PLAIN = frozenset({str, int, float, bool, type(None)})


def as_json(value):
    """Make the engine's answer JSON-safe (dates to ISO strings) for storage and the API. The engine's
    dataclasses (Evaluation, Deadline, Deemed…) are read field by field, without copying them first.
    A plain value is known by its exact type first (most of an answer is)."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [as_json(v) for v in value]
    if isinstance(value, (str, int, float, bool)):      # a subclass (an enum of str, say)
        return value
    if isinstance(value, (dt.date, dt.datetime, dt.time)):
        return value.isoformat()
    names = _field_names(type(value))
    if names is not None:
        return {name: as_json(getattr(value, name)) for name in names}
    if hasattr(value, "to_dict"):
        return as_json(value.to_dict())
    return str(value)


@functools.cache
def _field_names(kind: type) -> tuple[str, ...] | None:
    """A dataclass's field names (None for any other type), looked up once per type."""
    return tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else None


def answer(result) -> dict:
    """The engine's answer as stored on the case row (JSON; without the trace, which reads derive afresh)."""
    return {name: as_json(getattr(result, name)) for name in _field_names(type(result)) if name != "trace"}


def deadline_date(value) -> dt.date | None:
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value)[:10])
