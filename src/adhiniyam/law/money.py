"""Rupees as an Indian office writes them: ₹20,00,000 (lakh and crore grouping), through Babel."""

from __future__ import annotations

from babel.numbers import format_currency

_PATTERN = "¤#,##,##0.##"


def rupees(value) -> str:
    """`rupees(2000000)` → '₹20,00,000'; `rupees(6500.5)` → '₹6,500.5' (paise only where there are any).

    >>> rupees(2000000)
    '₹20,00,000'
    >>> rupees(6500)
    '₹6,500'
    """
    return format_currency(value, "INR", locale="en_IN", format=_PATTERN, currency_digits=False)
