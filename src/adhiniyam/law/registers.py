"""Interpretations registers: where the text can be read two ways, every reading, a default with its
reason, and the body's choice.

Three registers answer a body's choice: the pack's (`acts/<act>/interpretations.yaml`), the
jurisdiction's (`law/jurisdictions.yaml`: how a General Clauses Act counts time) and the records
service's own (`records/readings.yaml`, questions of the service, not of an Act). A choice naming
an unknown question or reading is refused with the valid ones listed.

Any value of a procedure may depend on a reading:

    period:
      by_reading: himachal.s177.one_month
      values: {calendar_month: {months: 1}, thirty_days: {days: 30}}

`resolve` replaces each such value by the one for the body's reading, and records which reading
shaped which part, so the result lists it and the trace names it where it acts. A pack question
with `overrides: gca.x` (or `{question: gca.x, as: {own_reading: their_reading}}`) and `procedures:
[...]` answers a jurisdiction-wide question for those procedures, whose words differ.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from . import yamlio
from .errors import InvalidData, PackError
from .model import Interpretation

LAW_DIR = Path(__file__).resolve().parent
SERVICE_REGISTER = LAW_DIR.parent / "records" / "readings.yaml"
INTERPRETATION_KEYS = {"id", "question", "readings", "default", "reason", "cites", "quote", "overrides", "procedures",
                       "note", "alias_of"}


def unread_refused(pack, path) -> None:
    """The loader refuses a question of the pack that no rule reads, unless known_gaps.yaml lists it."""
    listed = set(pack.known_gaps.get("unread_readings") or [])
    unread = sorted(set(pack.interpretations) - read_ids(pack) - listed)
    if unread:
        raise PackError(path, None, f"no rule reads {', '.join(unread)}: a reading that changes nothing tells a body "
                                    f"something false (read it in a rule, or list it in known_gaps.yaml while it is work to do)")


def interpretation(it, path, register: str) -> Interpretation:
    for key in ("id", "question", "readings", "default", "reason"):
        if key not in it:
            raise PackError(path, getattr(it, "line", None), f"an interpretation needs {key!r}")
    unknown = set(it) - INTERPRETATION_KEYS
    if unknown:
        raise PackError(path, it.line, f"{it['id']}: unknown key(s) {sorted(unknown)}; an interpretation has {sorted(INTERPRETATION_KEYS)}")
    for key in ("question", "reason"):
        if not isinstance(it[key], str) or not it[key].strip():
            raise PackError(path, it.line, f"{it['id']}: the {key} needs words a person can read (it is empty)")
    readings = {str(k): v for k, v in it["readings"].items()}
    for r, words in readings.items():
        if not isinstance(words, str) or not words.strip():
            raise PackError(path, it.line, f"{it['id']}: reading {r} needs words saying what it means (it is empty)")
    if str(it["default"]) not in readings:
        raise PackError(path, it.line, f"{it['id']}: default {it['default']!r} is not one of its readings ({', '.join(readings)})")
    procs = it.get("procedures") or []
    over = it.get("overrides")
    question, maps = (over.get("question"), {str(k): str(v) for k, v in (over.get("as") or {}).items()}) \
        if isinstance(over, dict) else (over, {r: r for r in readings} if over else {})
    return Interpretation(it["id"], it["question"], readings, str(it["default"]), it["reason"], it.get("cites"),
                          it.get("quote", ""), overrides=question, maps=maps,
                          procedures=tuple([procs] if isinstance(procs, str) else procs), register=register)


def load_register(path: Path, register: str) -> tuple[dict, list]:
    if not path.exists():
        return {}, []
    doc = yamlio.load(path) or {}
    out = {}
    for it in doc.get("interpretations") or []:
        i = interpretation(it, path, register)
        if i.id in out:
            raise PackError(path, it.line, f"interpretation {i.id!r} appears twice")
        out[i.id] = i
    return out, list(doc.get("misprints") or [])


@lru_cache(maxsize=1)
def jurisdictions() -> dict:
    doc = yamlio.load(LAW_DIR / "jurisdictions.yaml")
    doc["_interpretations"] = load_register(LAW_DIR / "jurisdictions.yaml", "jurisdiction")[0]
    return doc


@lru_cache(maxsize=1)
def service_register() -> dict:
    return load_register(SERVICE_REGISTER, "service")[0]


def find(pack, iid: str) -> Interpretation | None:
    """The question `iid` in the pack's register or the jurisdiction's (the ones rules may read)."""
    return pack.interpretations.get(iid) or jurisdictions()["_interpretations"].get(iid)


def known(pack) -> dict[str, Interpretation]:
    """Every question a body may answer for this pack: the pack's, the jurisdiction's, the service's."""
    return {**service_register(), **jurisdictions()["_interpretations"], **pack.interpretations}


def validate_choices(pack, choices: dict, where: str = "the body's settings") -> None:
    """Refuse a choice that names an unknown question or reading; the error lists the valid ones."""
    for iid, reading in choices.items():
        it = find(pack, iid) or service_register().get(iid)
        if it is None:
            raise InvalidData(f"{where} choose a reading of {iid!r}, which is no question of {pack.title} or its "
                              f"jurisdiction; the questions are: {', '.join(sorted(known(pack)))}")
        if str(reading) not in it.readings:
            raise InvalidData(f"{where}: {iid} has no reading {reading!r}; its readings are {', '.join(it.readings)}")


def reading_for(pack, proc_id: str, iid: str, choices: dict) -> tuple[str, str, str]:
    """(the question that answers `iid` in this procedure, its reading, the reading of `iid` that
    follows): a pack question that overrides a jurisdiction-wide one for this procedure answers in
    its place, in its own words (`overrides: {question: gca.x, as: {own: theirs}}`)."""
    it = answering(pack, proc_id, iid)
    return answer(it, iid, str(choices.get(it.id, it.default)))


def answering(pack, proc_id: str, iid: str) -> Interpretation:
    """The question that answers `iid` in this procedure: the pack's own where it overrides `iid` there."""
    return next((o for o in pack.overrides.get(iid, ()) if proc_id in o.procedures), None) or find(pack, iid)


def answer(it: Interpretation, iid: str, r: str) -> tuple[str, str, str]:
    if r not in it.readings:
        raise InvalidData(f"{it.id} has no reading {r!r}; its readings are {', '.join(it.readings)}")
    return it.id, r, (it.maps.get(r, r) if it.id != iid else r)


# -- values that depend on a reading ----------------------------------------------------------------


def chosen_ids(raw) -> set:
    """Interpretation ids of every `by_reading` value in `raw`."""
    out = set()
    if isinstance(raw, dict):
        if "by_reading" in raw:
            out.add(raw["by_reading"])
        for v in raw.values():
            out |= chosen_ids(v)
    elif isinstance(raw, list):
        for v in raw:
            out |= chosen_ids(v)
    return out


def check_by_reading(node, pack, err) -> None:
    """A `by_reading` value names a known question and gives a value for every one of its readings."""
    it = find(pack, node["by_reading"])
    if it is None:
        raise err(node, f"by_reading {node['by_reading']!r} is not in interpretations.yaml or jurisdictions.yaml")
    if set(node) != {"by_reading", "values"} or not isinstance(node["values"], dict):
        raise err(node, "a value that depends on a reading is {by_reading: id, values: {reading: value, …}}")
    have = {str(k) for k in node["values"]}
    if have != set(it.readings):
        raise err(node, f"by_reading {it.id}: give a value for each reading ({', '.join(it.readings)}), not {', '.join(sorted(have))}")


def resolve(raw, pick, path=(), used=None):
    """`raw` with every by_reading value replaced by the value for the reading `pick(iid)` returns;
    `used` collects (path, iid, reading) for each."""
    if isinstance(raw, dict):
        if "by_reading" in raw:
            answering, r, key = pick(raw["by_reading"])
            used.append((path, answering, r))
            values = {str(k): v for k, v in raw["values"].items()}
            return resolve(values[key], pick, path, used)
        out = yamlio.Mapping((k, resolve(v, pick, path + (k,), used)) for k, v in raw.items())
        out.file, out.line = getattr(raw, "file", None), getattr(raw, "line", None)
        return out
    if isinstance(raw, list):
        return [resolve(v, pick, path + (i,), used) for i, v in enumerate(raw)]
    return raw


# -- which questions a pack's rules read ---------------------------------------------------------

# readings the engine itself consults, and what in a procedure makes it consult them
ENGINE_READS = {
    "gca.receipt_on_closed_day": lambda raw: _has_key_value(raw, "on_receipt", True),
    "gca.date_of_expiry": lambda raw: _has_key(raw, "last_day_of"),
    "gca.continuing_offence_days": lambda raw: _has_key(raw, "daily"),
    "gca.closed_office_for_silence_periods": lambda raw: _has_key(raw, "deemed"),
    "gca.month_end": lambda raw: _has_key(raw, "months") or _has_key(raw, "years"),
}


def _has_key(obj, key) -> bool:
    if isinstance(obj, dict):
        return key in obj or any(_has_key(v, key) for v in obj.values())
    if isinstance(obj, list):
        return any(_has_key(v, key) for v in obj)
    return False


def _has_key_value(obj, key, value) -> bool:
    if isinstance(obj, dict):
        return obj.get(key) == value or any(_has_key_value(v, key, value) for v in obj.values())
    if isinstance(obj, list):
        return any(_has_key_value(v, key, value) for v in obj)
    return False


def _reads(obj, out: set) -> None:
    """Interpretation ids a procedure reads: `reading:` conditions, pause `days: {reading: id}`, `by_reading`."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "reading":
                out.update(v if isinstance(v, dict) else [v])
            elif k == "by_reading":
                out.add(v)
            else:
                _reads(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _reads(v, out)


def read_ids(pack) -> set:
    """Every question some rule of the pack reads (its own, and the jurisdiction's that the engine consults)."""
    out: set = set()
    for src in pack.sources.values():
        _reads(src.raw, out)
        out.update(iid for iid, test in ENGINE_READS.items() if test(src.raw))
    for iid, its in pack.overrides.items():
        for it in its:
            if iid in out and any(p in pack.sources for p in it.procedures):
                out.add(it.id)
    return out


