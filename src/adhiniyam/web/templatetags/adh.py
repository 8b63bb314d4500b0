from django import template

from .. import formatting, lawtext

register = template.Library()


@register.filter
def idate(value):
    return formatting.indian_date(value)


@register.filter
def monthyear(value):
    return formatting.month_year(value)


@register.filter
def inr(value):
    return formatting.rupees(value)


@register.filter
def cite_labels(citations):
    return ", ".join(c["label"] for c in citations or [])


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


@register.filter
def period_text(value):
    """English period words from another app ("6 months") in the page's language; anything else as it is."""
    n, _sp, unit = str(value).partition(" ")
    unit = unit if unit.endswith("s") else unit + "s"
    if n.isdigit() and unit in ("days", "weeks", "months", "years", "hours"):
        return formatting.period_words({unit: int(n)})
    return value


@register.filter
def act_title(act_id):
    return lawtext.act_title(act_id) if act_id else ""


@register.filter
def layer_name(layer):
    from django.utils.translation import gettext as _

    return {"state": _("State"), "district": _("District"), "body": _("Body")}.get(layer, layer)


@register.filter
def num(value):
    return formatting.number(value) if isinstance(value, int) and not isinstance(value, bool) else value


@register.filter
def body_name(body):
    return lawtext.body_name(body)


@register.filter
def pay_mode(value):
    from django.utils.translation import gettext as _

    return {"cash": _("cash"), "cheque": _("cheque"), "upi": "UPI"}.get(value, value)


def amount_names():
    from django.utils.translation import gettext as _

    return {"penalty_kind": _("Kind of penalty"), "conviction_number": _("Conviction number"),
            "fine_max": _("Fine, at most"), "fine_min": _("Fine, at least"), "fine_fixed": _("Fine"),
            "daily_rate": _("Daily fine, a day"), "daily_fixed": _("Daily fine, a day, fixed by the Act"),
            "daily_days": _("Days of continuance"),
            "daily_total": _("Daily fine in all"), "imprisonment_max": _("Imprisonment, at most"),
            "either_or_both": _("Fine or imprisonment or both"), "total_max": _("In all, at most"),
            "consequences": _("Further consequences"), "fee": _("Fee")}


@register.filter
def amount_name(key):
    return amount_names().get(key, str(key).replace("_", " "))


@register.filter
def amount_value(value, key):
    from django.utils.translation import gettext as _

    if key == "penalty_kind":
        return {"fine": _("fine"), "penalty": _("penalty")}.get(value, value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if key == "imprisonment_max":     # "6 months", "1 year"
        n, _sp, unit = str(value).partition(" ")
        return formatting.period_words({unit.rstrip("s") + "s": int(n)}) if n.isdigit() else value
    if is_money(key):
        return formatting.rupees(value)
    if isinstance(value, (int, float)):
        return formatting.number(value)
    if isinstance(value, list):
        return "; ".join(str(v) for v in value)
    return value
