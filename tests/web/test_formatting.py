import datetime as dt

from django.utils import translation

from adhiniyam.web.formatting import days_left_words, indian_date, lakh_group, rupees, urgency
from adhiniyam.web.lawtext import cite_label


def test_rupees_are_grouped_in_lakhs_and_crores():
    assert lakh_group("1000") == "1,000"
    assert lakh_group("100000") == "1,00,000"
    assert rupees(12345678) == "₹1,23,45,678.00"
    assert rupees(5000) == "₹5,000.00"
    assert rupees("999.5") == "₹999.50"
    assert rupees(-250000) == "-₹2,50,000.00"


def test_dates_are_written_the_indian_way_in_english_and_hindi():
    assert indian_date(dt.date(2026, 3, 17), "en") == "17 March 2026"
    assert indian_date("2026-03-18", "hi") == "18 मार्च 2026"
    with translation.override("hi"):
        assert indian_date(dt.date(2026, 2, 1)) == "1 फ़रवरी 2026"


def test_days_left_and_urgency():
    assert days_left_words(-3) == "3 days overdue" and urgency(-3) == "overdue"
    assert days_left_words(0) == "due today" and urgency(0) == "urgent"
    assert urgency(5) == "soon" and urgency(20) == "ok" and urgency(None) == "none"
    with translation.override("hi"):
        assert days_left_words(15) == "15 दिन बाक़ी"


def test_citations_read_as_the_act_prints_them():
    assert cite_label("sec_66__subsec_2") == "s.66(2)"
    assert cite_label("sec_66__subsec_2__fifteen_days") == "s.66(2) [fifteen days]"
    assert cite_label("sec_72A__subsec_1") == "s.72-A(1)"
    assert cite_label("sec_66__subsec_2A") == "s.66(2A)"
    assert cite_label("sec_112F__proviso_1") == "s.112-F, proviso 1"


def test_hindi_catalogue_is_complete_and_compiled():
    import re
    from pathlib import Path

    import adhiniyam.web

    po = Path(adhiniyam.web.__file__).parent / "locale" / "hi" / "LC_MESSAGES" / "django.po"
    text = po.read_text(encoding="utf-8")
    entries = re.findall(r'\nmsgid "(.+)"\nmsgstr "(.*)"', text)
    assert entries and not [m for m, t in entries if not t], "untranslated strings in the Hindi catalogue"
    assert "#, fuzzy" not in text
    assert po.with_suffix(".mo").exists()
    with translation.override("hi"):
        from django.utils.translation import gettext
        assert gettext("Why this date?") == "यह तारीख़ क्यों?"


def test_every_catalogue_is_complete_and_compiled():
    """Hindi, Gujarati, Punjabi and Konkani: every string of every page has its translation."""
    import re
    from pathlib import Path

    import adhiniyam.enforcement
    import adhiniyam.locallaw
    import adhiniyam.web

    for app in (adhiniyam.web, adhiniyam.enforcement, adhiniyam.locallaw):
        for lang in ("hi", "gu", "pa", "kok"):
            po = Path(app.__file__).parent / "locale" / lang / "LC_MESSAGES" / "django.po"
            text = po.read_text(encoding="utf-8")
            empty = re.findall(r'\nmsgid "(.+)"\n(?:msgid_plural ".*"\n)?msgstr(?:\[0\])? ""\n', text)
            assert not empty and "#, fuzzy" not in text, (po, empty[:5])
            assert po.with_suffix(".mo").stat().st_mtime >= po.stat().st_mtime - 1, f"{po}: run msgfmt"
    with translation.override("gu"):
        assert days_left_words(3) == "3 દિવસ બાકી"
    with translation.override("pa"):
        assert indian_date(dt.date(2026, 3, 23)) == "23 ਮਾਰਚ 2026"
    with translation.override("kok"):
        assert rupees(12345678) == "₹1,23,45,678.00"
