from django import template

from .. import formatting, lawtext

register = template.Library()


@register.filter
def idate(value):
    return formatting.indian_date(value)


@register.filter
def inr(value):
    return formatting.rupees(value)


@register.filter
def cite(value):
    return lawtext.cite_label(value)


@register.filter
def get(mapping, key):
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def humanize_id(value):
    return str(value or "").replace("_", " ")


@register.filter
def outcome(value):
    from ..pdf import OUTCOME_WORDS

    return OUTCOME_WORDS().get(value, str(value or "").replace("_", " "))


@register.filter
def is_money(key):
    k = str(key)
    return k.startswith(("fine", "daily", "total", "amount", "fee", "cost")) and not k.endswith(("days", "_text"))
