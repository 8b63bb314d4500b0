"""The law packs' own words in other languages (contract 7).

A pack's titles and labels are written in English in its procedure files. Their translations sit
beside the pack, one file per language: `acts/<act>/locale/<lang>.yaml`; words that every pack
shares live once in `law/locale/<lang>.yaml`. A file says, for each English text, its translation:

    words:                         # English text as the pack prints it -> translation
      "Application received": "अर्ज मेळ्ळो"
    keys:                          # rarely: one key whose words must differ from the text's usual ones
      procedure.licence.status.pending: "..."

The keys are derived from the compiled pack (every version of every procedure):

    act.title                                         the Act's title (shown as an unofficial translation)
    procedure.<pid>.title
    procedure.<pid>.role.<rid>
    procedure.<pid>.status.<sid>
    procedure.<pid>.event.<eid>.title                 what happened ("Application withdrawn by the applicant")
    procedure.<pid>.event.<eid>.action                what the person does ("Withdraw the application"),
                                                      where `en.yaml` names it under `actions:`
    procedure.<pid>.event.<eid>.field.<fid>
    procedure.<pid>.event.<eid>.field.<fid>.choice.<value>
    procedure.<pid>.amount.<name>                     a named amount (`amounts:`) that the pack titles
    procedure.<pid>.timer.<tid>
    procedure.<pid>.timer.<tid>.condition.<n>         a deemed outcome's conditions
    procedure.<pid>.needs.<n>                         what an applicant must bring

A key is translated when the pack's file (or the shared file) has its key or its English text. A
key left untranslated, a word or key that the pack no longer has, and a key repeated in a file are
errors naming the file, the key and the English. `adhiniyam law translations --missing [ACT]` lists
what a change to a pack left untranslated. Plain Python: no web framework.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from . import yamlio
from .errors import PackError
from .pack import Pack, load_pack

LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The languages of the product: English (the packs' own), Hindi for every body, and each State's.
LANGUAGES = {"en": "English", "hi": "हिन्दी", "gu": "ગુજરાતી", "pa": "ਪੰਜਾਬੀ", "kok": "कोंकणी"}

#: The official language of each State (ISO 3166-2:IN code), and the others its bodies are offered
#: (Marathi for Goa once the packs' words and the catalogue exist in Marathi: add "mr" here then).
STATE_LANGUAGE = {"GA": "kok", "GJ": "gu", "PB": "pa", "HP": "hi", "UK": "hi", "UP": "hi"}
STATE_ALSO: dict[str, tuple] = {}


def state_language(state: str | None) -> str:
    """A body's default language: its State's (Hindi where the State is not listed)."""
    return STATE_LANGUAGE.get((state or "").upper(), "hi")


def state_languages(state: str | None) -> list[str]:
    """The languages a body of this State is offered, in the order shown: its own first."""
    own = state_language(state)
    out = [own] + [x for x in STATE_ALSO.get((state or "").upper(), ()) if x in available_languages()]
    return out + [x for x in ("hi", "en") if x not in out]


def required_languages(pack: Pack) -> list[str]:
    """The languages a pack must be translated into: Hindi, and its State's."""
    return list(dict.fromkeys(["hi", state_language(pack.state)]))


@cache
def available_languages() -> frozenset:
    """Languages some file translates (the shared files' names), and English."""
    return frozenset(p.stem for p in LOCALE_DIR.glob("*.yaml")) | {"en"}


# ---------------------------------------------------------------------------------------------
# The words of a pack


def _humanize(name) -> str:
    return str(name).replace("_", " ")


def _compiled(pack: Pack):
    """Every procedure of the pack in every combination of its provisions' versions."""
    for src in pack.sources.values():
        combos = [{}]
        for prov, spec in src.provisions.items():
            combos = [dict(c, **{prov: v}) for c in combos for v in spec["versions"]]
        for combo in combos:
            yield src, pack.procedure(src.id, combo)


def _conditions(timer) -> list[str]:
    deemed = (timer.on_expiry or {}).get("deemed") or {}
    return [c.get("text", "") if isinstance(c, dict) else str(c) for c in deemed.get("conditions") or []]


@cache
def pack_words(act_id: str) -> dict[tuple[str, str], None]:
    """Every (key, English text) of a pack, in file order. A key may carry two texts where two
    versions of a provision word it differently; each needs its translation."""
    pack = load_pack(act_id)
    out: dict[tuple[str, str], None] = {}

    def add(key, text):
        if text:
            out[(key, str(text))] = None

    add("act.title", pack.title)
    actions = _actions(act_id)
    for src, proc in _compiled(pack):
        p = f"procedure.{proc.id}"
        add(f"{p}.title", proc.title)
        for i, need in enumerate(src.raw.get("needs") or []):
            add(f"{p}.needs.{i}", need)
        for rid, label in proc.roles.items():
            add(f"{p}.role.{rid}", label or _humanize(rid))
        for sid, label in proc.statuses.items():
            add(f"{p}.status.{sid}", label or _humanize(sid))
        for eid, et in proc.events.items():
            add(f"{p}.event.{eid}.title", et.title)
            add(f"{p}.event.{eid}.action", actions.get(et.title))
            for fid, f in et.fields.items():
                add(f"{p}.event.{eid}.field.{fid}", f.title or _humanize(fid))
                for ch in f.choices:
                    add(f"{p}.event.{eid}.field.{fid}.choice.{ch}", _humanize(ch))
        for name, spec in (src.raw.get("amounts") or {}).items():  # a named amount the pack titles
            add(f"{p}.amount.{name}", spec.get("title"))
        for tid, t in proc.timers.items():
            add(f"{p}.timer.{tid}", t.title)
            for i, text in enumerate(_conditions(t)):
                add(f"{p}.timer.{tid}.condition.{i}", text)
            for eid in _expiry_events(t, proc):
                add(f"{p}.event.{eid}.title", system_event_title(eid))
    return out


def system_event_title(eid: str) -> str:
    """The English words of an event that time alone records (a timer's `on_expiry: {event: …}`), which
    the pack declares by its id only: "permission_deemed_granted" -> "Permission deemed granted"."""
    return eid.replace("_", " ").capitalize()


def _expiry_events(timer, proc) -> list[str]:
    oe = timer.on_expiry or {}
    return [b["event"] for b in (oe, oe.get("otherwise") or {}) if b.get("event") and b["event"] not in proc.events]


# ---------------------------------------------------------------------------------------------
# Locale files


@dataclass
class LocaleFile:
    path: Path
    words: dict      # English text -> translation
    keys: dict       # key -> translation
    actions: dict    # (en.yaml only) event title -> what the person does
    lines: dict      # English text or key -> line, for errors


def _load_file(path: Path) -> LocaleFile:
    if not path.exists():
        return LocaleFile(path, {}, {}, {}, {})
    _refuse_duplicates(path)
    doc = yamlio.load(path) or {}
    if not isinstance(doc, dict) or set(doc) - {"words", "keys", "actions"}:
        raise PackError(path, getattr(doc, "line", None), "a locale file has `words:`, and optionally `keys:` "
                        "(and, in en.yaml, `actions:`), each a mapping of text to text")
    lines = {}
    parts = []
    for section in ("words", "keys", "actions"):
        m = doc.get(section) or {}
        if not isinstance(m, dict):
            raise PackError(path, getattr(doc, "line", None), f"`{section}:` is a mapping of text to text")
        for k, v in m.items():
            if not isinstance(v, str) or not v.strip():
                raise PackError(path, getattr(m, "line", None), f"{section}: {k!r} needs a translation (a non-empty text)")
        parts.append({str(k): v.strip() for k, v in m.items()})
        lines.update({str(k): getattr(m, "line", None) for k in m})
    return LocaleFile(path, *parts, lines)


def _refuse_duplicates(path: Path):
    """A key written twice in one mapping is an error (YAML would keep the last silently)."""
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise PackError(path, mark.line + 1 if mark else None, f"not valid YAML: {getattr(e, 'problem', e)}") from None
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            seen = set()
            for k, v in node.value:
                if k.value in seen:
                    raise PackError(path, k.start_mark.line + 1, f"{k.value!r} is written twice")
                seen.add(k.value)
                stack.append(v)


@cache
def shared_file(lang: str) -> LocaleFile:
    return _load_file(LOCALE_DIR / f"{lang}.yaml")


@cache
def pack_file(act_id: str, lang: str) -> LocaleFile:
    return _load_file(load_pack(act_id).path / "locale" / f"{lang}.yaml")


@cache
def _actions(act_id: str) -> dict:
    """Event title -> what the person does, in English (the pack's en.yaml over the shared one)."""
    return {**shared_file("en").actions, **pack_file(act_id, "en").actions}


# ---------------------------------------------------------------------------------------------
# Looking words up


class Words:
    """One pack's words in one language. `get(key, english)` gives the translation, or the English
    when there is none. A pack not translated into the language asked for (another State's: a
    Gujarat Act's words on a Konkani page) gives its Hindi words; `shown` says which language it is."""

    def __init__(self, act_id: str, lang: str):
        self.actions = _actions(act_id)
        if lang != "en" and lang not in present_languages(load_pack(act_id)):
            lang = "hi"
        self.act_id, self.lang = act_id, lang
        if lang == "en":
            self.own, self.shared = LocaleFile(Path(), {}, {}, {}, {}), LocaleFile(Path(), {}, {}, {}, {})
        else:
            self.own, self.shared = pack_file(act_id, lang), shared_file(lang)

    def find(self, key: str, english: str) -> str | None:
        return self.own.keys.get(key) or self.own.words.get(english) or self.shared.words.get(english)

    def get(self, key: str, english: str) -> str:
        if self.lang == "en" or not english:
            return english
        return self.find(key, english) or english

    def action(self, proc_id: str, event_id: str, title: str) -> str:
        """What the person does, in this language: the action phrase, else the event's title."""
        phrase = self.actions.get(title)
        if phrase is None:
            return self.get(f"procedure.{proc_id}.event.{event_id}.title", title)
        return self.get(f"procedure.{proc_id}.event.{event_id}.action", phrase)


@cache
def words(act_id: str, lang: str) -> Words:
    return Words(act_id, (lang or "en").split("-")[0].lower())


# ---------------------------------------------------------------------------------------------
# Checking


def missing(act_id: str, lang: str) -> list[tuple[str, str]]:
    """(key, English) of every word of the pack that has no translation in `lang`."""
    w = words(act_id, lang)
    return [(k, e) for (k, e) in pack_words(act_id) if w.find(k, e) is None]


def check(pack: Pack) -> None:
    """Refuse a pack whose translations are incomplete or stale: every required language has every
    key; no file holds a word or key the pack does not have. Raises PackError naming them."""
    act_id = pack.id
    have = pack_words(act_id)
    texts = {e for (_k, e) in have}
    keys = {k for (k, _e) in have}
    for lang in sorted(set(required_languages(pack)) | present_languages(pack)):
        f = pack_file(act_id, lang)
        gaps = missing(act_id, lang) if lang != "en" else []
        if gaps:
            listed = "; ".join(f"{k} ({e!r})" for k, e in gaps[:10])
            more = f"; and {len(gaps) - 10} more (adhiniyam law translations --missing {act_id})" if len(gaps) > 10 else ""
            raise PackError(f.path, None, f"{len(gaps)} word(s) not translated into {lang}: {listed}{more}")
        stale = [t for t in f.words if t not in texts] + [k for k in f.keys if k not in keys]
        stale += [t for t in f.actions if t not in {e for (k, e) in have if k.endswith(".title")}]
        if stale:
            raise PackError(f.path, f.lines.get(stale[0]), f"{len(stale)} word(s) or key(s) the pack does not have "
                            f"(renamed or removed?): {', '.join(repr(s) for s in stale[:10])}")


def present_languages(pack: Pack) -> set[str]:
    d = pack.path / "locale"
    return {p.stem for p in d.glob("*.yaml")} if d.exists() else set()


def check_shared(act_ids: list[str]) -> None:
    """A shared word that no pack uses is stale: an error naming it."""
    used = {e for a in act_ids for (_k, e) in pack_words(a)}
    for lang in sorted(available_languages()):
        f = shared_file(lang)
        stale = [t for t in list(f.words) + list(f.actions) if t not in used]
        if stale:
            raise PackError(f.path, f.lines.get(stale[0]), f"{len(stale)} shared word(s) no pack uses: "
                            f"{', '.join(repr(s) for s in stale[:10])}")
