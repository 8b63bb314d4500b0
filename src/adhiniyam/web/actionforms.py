"""Forms for the actions the engine says are open, built from the law pack's field types, and the
reading of a submitted form back into event data. Wrong input is refused here with words; the
engine and the records service refuse what the law does not allow."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext as _

from adhiniyam.records.errors import Invalid

INPUT = {"bool": "checkbox", "int": "number", "number": "number", "money": "number", "date": "date",
         "datetime": "datetime-local", "period": "number", "text": "textarea"}


def widgets(fields: dict) -> list[dict]:
    out = []
    for name, f in fields.items():
        kind = f["type"]
        w = {"name": name, "label": (f.get("title") or name.replace("_", " ")).capitalize(), "type": kind,
             "input": "select" if kind == "choice" else ("multi" if kind == "list" else INPUT.get(kind, "text")),
             "required": bool(f.get("required")) and kind != "bool", "choices": f.get("choices") or [],
             "default": f.get("default"), "step": "0.01" if kind in ("money", "number") else "1"}
        if kind == "period":
            w["label_unit"] = " " + _("(days)")
            w["label"] += w["label_unit"]
        out.append(w)
    return out


def read_on(post, field="on") -> dt.date | dt.datetime:
    text = (post.get(field) or "").strip()
    at = (post.get(field + "_time") or "").strip()
    if not text:
        raise Invalid(_("Give the date on which it happened (YYYY-MM-DD)."), code="bad_date")
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise Invalid(_("'%(v)s' is not a date; write it as YYYY-MM-DD, e.g. 2026-03-02.") % {"v": text},
                      code="bad_date") from None
    if at:
        try:
            t = dt.time.fromisoformat(at)
        except ValueError:
            raise Invalid(_("'%(v)s' is not a clock time; write it as HH:MM.") % {"v": at}, code="bad_time") from None
        return timezone.make_aware(dt.datetime.combine(day, t))
    return day


def read_data(post, fields: dict) -> dict:
    data = {}
    for name, f in fields.items():
        kind = f["type"]
        key = f"f_{name}"
        label = (f.get("title") or name.replace("_", " "))
        if kind == "bool":
            data[name] = post.get(key) in ("on", "true", "1", "yes")
            continue
        if kind == "list":
            vals = post.getlist(key)
            if vals or f.get("required"):
                data[name] = vals
            continue
        raw = (post.get(key) or "").strip()
        if raw == "":
            if f.get("required") and f.get("default") is None:
                raise Invalid(_("%(label)s is required.") % {"label": label.capitalize()}, code="missing_field",
                              errors=[{"field": name, "message": "required"}])
            continue
        try:
            if kind == "int":
                data[name] = int(raw)
            elif kind in ("number", "money"):
                data[name] = float(raw.replace(",", ""))
            elif kind == "period":
                data[name] = {"days": int(raw)}
            elif kind == "date":
                data[name] = dt.date.fromisoformat(raw).isoformat()
            elif kind == "datetime":
                data[name] = dt.datetime.fromisoformat(raw).isoformat()
            else:
                data[name] = raw
        except ValueError:
            raise Invalid(_("%(label)s: '%(v)s' is not a valid %(kind)s.") % {"label": label.capitalize(), "v": raw,
                                                                               "kind": kind},
                          code="bad_field", errors=[{"field": name, "message": kind}]) from None
    return data
