"""The packs' words in other languages (contract 7, src/adhiniyam/law/translations.py): every pack is
translated into Hindi and its State's language; a missing, stale or repeated word is an error that
names it; the translations use the same word for the same legal term (a glossary check)."""

from __future__ import annotations

import re

import pytest

from adhiniyam.law import PackError, list_packs, load_pack
from adhiniyam.law import translations as T
from adhiniyam.law.cli import main as law


def test_every_pack_is_translated_into_hindi_and_its_states_language():
    assert T.required_languages(load_pack("gujarat_municipalities_1963")) == ["hi", "gu"]
    assert T.required_languages(load_pack("goa_panchayat_raj_1994")) == ["hi", "kok"]
    assert T.required_languages(load_pack("punjab_municipal_1911")) == ["hi", "pa"]
    for act in list_packs():
        pack = load_pack(act)
        T.check(pack)
        for lang in T.required_languages(pack):
            assert T.missing(act, lang) == [], (act, lang)
    T.check_shared(list_packs())


def test_words_by_key_in_each_language():
    w = T.words("goa_panchayat_raj_1994", "kok")
    assert w.get("procedure.building_permission.status.pending", "Application pending with the Panchayat") == \
        "अर्ज पंचायतीकडेन प्रलंबित"
    assert w.action("building_permission", "application_withdrawn", "Application withdrawn by the applicant") == \
        "अर्ज फाटीं घेयात"
    # another State's pack on a Konkani page: its Hindi words
    assert T.words("gujarat_municipalities_1963", "kok").lang == "hi"
    assert T.words("gujarat_municipalities_1963", "en").get("act.title", "X") == "X"


def test_a_missing_word_is_an_error_naming_its_key(monkeypatch):
    act = "uttarakhand_panchayats_1961"
    real = T.pack_file(act, "hi")
    english = "Kshettra Panchayat"
    thinner = T.LocaleFile(real.path, {k: v for k, v in real.words.items() if k != english}, real.keys, real.actions,
                           real.lines)
    monkeypatch.setattr(T, "pack_file", lambda a, lang: thinner if (a, lang) == (act, "hi") else real)
    T.words.cache_clear()
    try:
        with pytest.raises(PackError) as err:
            T.check(load_pack(act))
        assert "not translated into hi" in str(err.value) and "role.kshettra_panchayat ('Kshettra Panchayat')" in str(err.value)
    finally:
        T.words.cache_clear()


def test_a_word_the_pack_no_longer_has_is_an_error(monkeypatch):
    act = "uttarakhand_panchayats_1961"
    real = T.pack_file(act, "hi")
    stale = T.LocaleFile(real.path, {**real.words, "Notice of a renamed event": "…"}, real.keys, real.actions, real.lines)
    monkeypatch.setattr(T, "pack_file", lambda a, lang: stale if (a, lang) == (act, "hi") else real)
    T.words.cache_clear()
    try:
        with pytest.raises(PackError, match="the pack does not have .*Notice of a renamed event"):
            T.check(load_pack(act))
    finally:
        T.words.cache_clear()


def test_a_word_written_twice_is_an_error(tmp_path):
    f = tmp_path / "hi.yaml"
    f.write_text('words:\n  "Owner": "स्वामी"\n  "Owner": "मालिक"\n', encoding="utf-8")
    with pytest.raises(PackError, match="'Owner' is written twice"):
        T._load_file(f)


def test_law_translations_lists_what_is_missing(capsys):
    assert law(["translations", "goa_panchayat_raj_1994", "--missing"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"goa_panchayat_raj_1994 kok: (\d+) of \1 translated", out)
    assert law(["check", "goa_panchayat_raj_1994"]) == 0


# The same legal term, the same word (a stem, so that inflections pass): checked over every
# translated word of every pack. The words were chosen from the Acts' official Hindi usage where we
# know it (अनुज्ञप्ति, अधिभोगी, प्रतिकर, अध्यपेक्षा) and from the States' municipal usage otherwise.
GLOSSARY = {
    "hi": {"appeal": "अपील", "licence": "अनुज्ञप्ति", "permission": "अनुमति", "owner": "स्वामि|स्वामी",
           "occupier": "अधिभोगी", "compensation": "प्रतिकर", "objection": "आपत्ति", "requisition": "अध्यपेक्षा"},
    "gu": {"appeal": "અપીલ", "licence": "પરવાન", "permission": "પરવાનગી", "owner": "માલિક", "occupier": "કબજેદાર",
           "compensation": "વળતર", "objection": "વાંધ"},
    "pa": {"appeal": "ਅਪੀਲ", "licence": "ਲਾਇਸੈਂਸ", "permission": "ਇਜਾਜ਼ਤ", "owner": "ਮਾਲਕ", "occupier": "ਕਾਬਜ਼",
           "compensation": "ਮੁਆਵਜ਼", "objection": "ਇਤਰਾਜ਼"},
    "kok": {"appeal": "अपील|अपिल", "licence": "परवान", "permission": "परवानग", "owner": "मालक", "occupier": "भोगवटादार",
            "compensation": "भरपाय", "objection": "हरकत"},
}


def test_one_word_for_one_legal_term():
    bad = []
    for act in list_packs():
        pack = load_pack(act)
        for lang in T.required_languages(pack):
            w = T.words(act, lang)
            for key, english in T.pack_words(act):
                shown = w.find(key, english) or ""
                for term, stems in GLOSSARY[lang].items():
                    if re.search(rf"\b{term}s?\b", english, re.I) and not re.search(stems, shown):
                        bad.append((act, lang, term, english, shown))
    assert not bad, bad[:10]
