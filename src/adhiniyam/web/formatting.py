"""Indian formats: dates as "17 March 2026" (Hindi month names in Hindi), rupees with lakh grouping
(₹1,23,45,678.00)."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December"]
MONTHS_HI = ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर",
             "नवंबर", "दिसंबर"]


def _as_date(value):
    if value in (None, ""):
        return None
    if isinstance(value, dt.datetime):
        return value
    if isinstance(value, dt.date):
        return value
    text = str(value)
    try:
        return dt.datetime.fromisoformat(text) if "T" in text else dt.date.fromisoformat(text[:10])
    except ValueError:
        return None


def indian_date(value, lang: str | None = None) -> str:
    d = _as_date(value)
    if d is None:
        return "" if value in (None, "") else str(value)
    lang = lang or get_language() or "en"
    months = MONTHS_HI if lang.startswith("hi") else MONTHS_EN
    out = f"{d.day} {months[d.month - 1]} {d.year}"
    if isinstance(d, dt.datetime) and (d.hour or d.minute):
        out += f", {d.hour:02d}:{d.minute:02d}"
    return out


def lakh_group(digits: str) -> str:
    """'12345678' -> '1,23,45,678' (the last three digits, then pairs)."""
    if len(digits) <= 3:
        return digits
    head, tail = digits[:-3], digits[-3:]
    pairs = []
    while len(head) > 2:
        pairs.insert(0, head[-2:])
        head = head[:-2]
    if head:
        pairs.insert(0, head)
    return ",".join(pairs) + "," + tail


def rupees(value, paise: bool = True) -> str:
    if value in (None, ""):
        return ""
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    sign = "-" if amount < 0 else ""
    amount = abs(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    whole, frac = f"{amount:.2f}".split(".")
    out = f"{sign}₹{lakh_group(whole)}"
    return out + (f".{frac}" if paise else "")


def days_left_words(days: int | None) -> str:
    if days is None:
        return ""
    if days < 0:
        return _("%(n)d days overdue") % {"n": -days} if days < -1 else _("1 day overdue")
    if days == 0:
        return _("due today")
    if days == 1:
        return _("1 day left")
    return _("%(n)d days left") % {"n": days}


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
