"""Dates, amounts and periods in each language's conventions, through Babel (CLDR): "17 March 2026",
"17 માર્ચ 2026", "17 ਮਾਰਚ 2026"; rupees with Indian grouping in every language (₹1,23,45,678.00)."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from babel.dates import format_date, format_time
from babel.numbers import format_currency, format_decimal
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

# CLDR's Marathi currency pattern groups in thousands; every Indian language groups in lakhs and crores.
INDIAN_RUPEES = "¤#,##,##0.00"


def locale_of(lang: str | None = None) -> str:
    """The Babel locale for a language of the product (English is Indian English)."""
    lang = (lang or get_language() or "en").split("-")[0].lower()
    return "en_IN" if lang == "en" else lang


def _as_date(value):
    if value in (None, ""):
        return None
    if isinstance(value, dt.date):
        return value
    text = str(value)
    try:
        return dt.datetime.fromisoformat(text) if "T" in text else dt.date.fromisoformat(text[:10])
    except ValueError:
        return None


def indian_date(value, lang: str | None = None) -> str:
    """17 March 2026 (the month in the page's language), with the clock time where it counts."""
    d = _as_date(value)
    if d is None:
        return "" if value in (None, "") else str(value)
    loc = locale_of(lang)
    out = format_date(d, "d MMMM y", locale=loc)
    if isinstance(d, dt.datetime) and (d.hour or d.minute):
        out += ", " + format_time(d, "HH:mm", locale=loc)
    return out


def month_year(value, lang: str | None = None) -> str:
    d = _as_date(value)
    return format_date(d, "MMMM y", locale=locale_of(lang)) if d else ""


def lakh_group(digits: str) -> str:
    """'12345678' -> '1,23,45,678' (the last three digits, then pairs)."""
    return format_decimal(int(digits), format="#,##,##0", locale="en_IN")


def rupees(value, paise: bool = True, lang: str | None = None) -> str:
    if value in (None, ""):
        return ""
    try:
        amount = Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    except InvalidOperation:
        return str(value)
    pattern = INDIAN_RUPEES if paise else "¤#,##,##0"
    return format_currency(amount, "INR", format=pattern, locale=locale_of(lang), currency_digits=False)


def number(value, lang: str | None = None) -> str:
    return format_decimal(value, locale=locale_of(lang))


def period_words(period) -> str:
    """{days: 15} -> "15 days" in the page's language."""
    if not isinstance(period, dict):
        return str(period or "")
    units = {"days": lambda n: ngettext("%(n)d day", "%(n)d days", n),
             "weeks": lambda n: ngettext("%(n)d week", "%(n)d weeks", n),
             "months": lambda n: ngettext("%(n)d month", "%(n)d months", n),
             "years": lambda n: ngettext("%(n)d year", "%(n)d years", n),
             "hours": lambda n: ngettext("%(n)d hour", "%(n)d hours", n)}
    return ", ".join(units[k](int(v)) % {"n": int(v)} for k, v in period.items() if k in units)


def days_left_words(days: int | None) -> str:
    if days is None:
        return ""
    if days < 0:
        return ngettext("%(n)d day overdue", "%(n)d days overdue", -days) % {"n": -days}
    if days == 0:
        return _("due today")
    return ngettext("%(n)d day left", "%(n)d days left", days) % {"n": days}


def urgency(days: int | None) -> str:
    if days is None:
        return "none"
    if days < 0:
        return "overdue"
    if days <= 2:
        return "urgent"
    if days <= 7:
        return "soon"
    return "ok"
