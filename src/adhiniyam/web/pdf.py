"""Printable documents as PDF (WeasyPrint; Pango/HarfBuzz shape Devanagari with the Noto or Lohit
Devanagari font): the acknowledgement of an application, fee receipts, orders and notices recorded
by an office, and deemed-grant certificates. Each is numbered from the case and the event it
records, dated, and cites its section with the Act's words; English or Hindi."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from adhiniyam.records import engine as E
from adhiniyam.records import present, services
from adhiniyam.records import roles as R

from . import lawtext
from .formatting import indian_date, period_words, rupees


class NoSuchDocument(Exception):
    pass


def OUTCOME_WORDS():  # noqa: N802 - evaluated in the active language
    """The packs' deemed outcomes (`deemed: {outcome: …}`), in words."""
    return {"granted": _("granted"), "refused": _("refused"), "approved": _("approved"), "sanctioned": _("sanctioned"),
            "sanctioned_absolutely": _("sanctioned absolutely"), "issued": _("issued"),
            "occupation_permitted": _("permitted to occupy"), "closure_ordered": _("ordered closed"),
            "excluded": _("excluded"), "consent_without_condition": _("consented to without condition"),
            "right_to_proceed": _("entitled to proceed"), "right_to_lay_out": _("entitled to lay out the street")}


def _base(case, lang):
    return {"case": case, "body": case.body, "act_title": lawtext.act_title(case.act_id, lang), "lang": lang,
            "act_title_en": lawtext.pack(case.act_id).title, "body_name": lawtext.body_name(case.body, lang)}


def _field_rows(proc, ev, w) -> list[tuple[str, str]]:
    """An event's data as (label, value) rows in the page's language; a text someone wrote stays
    as written."""
    et = proc.events.get(ev["type"])
    rows = []
    for k, v in (ev.get("data") or {}).items():
        if k in ("source", "status"):
            continue
        f = et.fields.get(k) if et else None
        label = w.field(ev["type"], k).capitalize() if f is not None else k.replace("_", " ").capitalize()
        kind = getattr(f, "type", "")
        if kind == "money":
            v = rupees(v)
        elif kind == "bool":
            v = _("yes") if v else _("no")
        elif kind == "date":
            v = indian_date(v)
        elif kind == "period" and isinstance(v, dict):
            v = period_words(v)
        elif kind == "choice":
            v = w.choice(ev["type"], k, v)
        elif kind == "list" and isinstance(v, list):
            v = ", ".join(w.choice(ev["type"], k, x) for x in v)
        elif kind == "periods" and isinstance(v, list):  # days of use with gaps (law engine v2)
            v = "; ".join(f"{indian_date(p.get('from'))} – {indian_date(p.get('to'))}" for p in v if isinstance(p, dict))
        rows.append((label, str(v), kind in ("text", "")))
    return rows


def people(events: list[dict]) -> dict:
    """The name of each person who entered one of `events`, as a certificate names them (their
    username where the account has no name)."""
    actors = {ev["actor"] for ev in events if ev.get("actor")}
    users = get_user_model().objects.filter(username__in=actors) if actors else ()
    return {u.username: u.get_full_name() or u.username for u in users}


def how_recorded(ev: dict, names: dict | None = None) -> str:
    """How an entry of the case log was dated, in words (records.dating): by the office's clock on receipt,
    by office staff on the day, or recorded late, with when and why; `names`: from `people`."""
    entered = timezone.localtime(dt.datetime.fromisoformat(ev["recorded_at"]))
    who = ev.get("actor") or ""
    who = (names or {}).get(who, who)
    if ev["dated_by"] == "clock":
        return _("dated on receipt by the office's clock, %(t)s") % {"t": indian_date(entered)}
    if ev["recorded_late"]:
        return _("recorded late: entered on %(e)s by %(who)s, because: %(why)s") % {
            "e": indian_date(entered), "who": who, "why": ev["late_reason"]}
    return _("entered by %(who)s on the day") % {"who": who}


def rests_on(case, w, events: list[dict], until) -> list[tuple[str, str]]:
    """The recorded entries a deemed outcome of `until` rests on, each with its date and how it was recorded,
    and the property, where the applicant declared it, with its verification by the office."""
    day = str(until)[:10]
    shown = [ev for ev in events if not ev["system"] and str(ev["on"])[:10] <= day]
    names = people(shown)
    rows = [(f"{w.event(ev['type'])} — {indian_date(ev['on'])}", how_recorded(ev, names)) for ev in shown]
    prop = case.property
    if prop is not None and prop.declared_by_id is not None:
        rows.append((_("Property %(p)s") % {"p": prop.survey_number or prop.address[:40]},
                     _("declared on the application; verified by %(who)s on %(d)s") % {
                         "who": (prop.verified_by.get_full_name() or prop.verified_by.username) if prop.verified_by else "",
                         "d": indian_date(timezone.localtime(prop.verified_at))}))
    return rows


def document_context(user, case, kind: str, n: int, lang: str) -> dict:
    out = present.case_out(user, case)
    pack = lawtext.pack(case.act_id)
    proc = services.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    w = lawtext.proc_words(case.act_id, proc, lang)
    ctx = _base(case, lang)
    ctx.update(proc=proc, status_label=w.status(out["status"], out["status_label"]), subject=w.title())
    if kind == "receipt" and n == 0:
        return _acknowledgement(ctx, case, proc, w, out)
    if kind in ("order", "receipt"):
        return _order(ctx, case, proc, w, out, kind, n)
    if kind == "deemed":
        return _certificate(ctx, case, w, out, n)
    raise NoSuchDocument(_("Unknown document '%(k)s'.") % {"k": kind})


def _acknowledgement(ctx, case, proc, w, out) -> dict:
    first = out["events"][0]
    et = proc.events[first["type"]]
    ctx.update(kind="receipt", heading=_("Acknowledgement of receipt"), number=f"{case.number}/ACK", dated=first["on"],
               lines=[_("Received on %(d)s: %(what)s.") % {"d": indian_date(first["on"]), "what": w.event(et.id)},
                      _("The date of receipt: %(how)s.") % {"how": how_recorded(first, people([first]))}],
               rows=_field_rows(proc, first, w), citations=lawtext.citations(case.act_id, et.cites), quote=et.quote)
    ctx["deadlines"] = [{"title": w.timer(d["name"], d["title"]), "last": indian_date(d["last_day"]),
                         "cites": ", ".join(lawtext.cite_label(c) for c in d["cites"])}
                        for d in out["deadlines"] if d.get("last_day") and not d.get("expired")]
    return ctx


def _order(ctx, case, proc, w, out, kind, n) -> dict:
    ev = next((e for e in out["events"] if e["seq"] == n), None)
    if ev is None or ev["system"]:
        raise NoSuchDocument(_("This case has no recorded action %(n)s.") % {"n": n})
    et = proc.events.get(ev["type"])
    office = R.kind_of(case.act_id, ev["by"]) in (R.OFFICE, R.AUTHORITY)
    money = et is not None and any(f.type == "money" and ev["data"].get(k) is not None for k, f in et.fields.items())
    if kind == "order" and not office:
        raise NoSuchDocument(_("Only an action of an office is printed as an order or notice."))
    if kind == "receipt" and not money:
        raise NoSuchDocument(_("This action records no payment."))
    heading = (_("Receipt") if kind == "receipt" else
               (_("Notice") if proc.kind in ("notice", "public_notice") else _("Order")))
    ctx.update(kind=kind, heading=heading, number=f"{case.number}/{'R' if kind == 'receipt' else 'O'}/{ev['seq']}",
               dated=ev["on"], subject=w.event(ev["type"]), lines=[], rows=_field_rows(proc, ev, w),
               citations=lawtext.citations(case.act_id, et.cites if et else []), quote=et.quote if et else "",
               by=w.role(ev["by"]))
    return ctx


def _certificate(ctx, case, w, out, n) -> dict:
    """The certificate of the n-th deemed outcome: what arose and when, the dates it rests on and how each
    was recorded, its conditions and the words of the Act. Not while the property it rests on is only declared."""
    if n >= len(out["deemed"]):
        raise NoSuchDocument(_("No deemed outcome %(n)s has arisen in this case.") % {"n": n + 1})
    d = out["deemed"][n]
    if case.property is not None and not case.property.verified:
        raise NoSuchDocument(_("The property was declared on the application and the office has not yet "
                               "verified it: the certificate is issued once it has."))
    conds = [{"text": w.condition_text(c.get("text", "")), "cites": ", ".join(lawtext.cite_label(x) for x in (
        c.get("cites") if isinstance(c.get("cites"), list) else [c.get("cites")]) if x)}
             for c in d.get("conditions") or []]
    outcome = OUTCOME_WORDS().get(d["outcome"], d["outcome"].replace("_", " "))
    ctx.update(kind="deemed", heading=(_("Certificate of deemed permission") if d["outcome"] == "granted" else
                                       _("Certificate of deemed outcome: %(o)s") % {"o": outcome}),
               number=f"{case.number}/DG/{n + 1}", dated=d["on"],
               lines=[_("The application received on %(r)s was not decided within the period the Act allows. "
                        "By operation of law, it is deemed %(o)s on %(d)s.")
                      % {"r": indian_date(case.opened_on), "o": outcome, "d": indian_date(d["on"])}],
               rows=[], citations=lawtext.citations(case.act_id, d.get("cites")), quote=d.get("quote", ""),
               conditions=conds, rests_on=rests_on(case, w, out["events"], d["on"]))
    return ctx


def render_html(user, case, kind: str, n: int, lang: str) -> str:
    with translation.override(lang):
        ctx = document_context(user, case, kind, n, lang)
        ctx["printed_on"] = indian_date(E.today())
        return render_to_string("web/pdf/document.html", ctx)


def render_case_document(user, case, kind: str, n: int, lang: str) -> tuple[bytes, str]:
    from weasyprint import HTML

    html = render_html(user, case, kind, n, lang)
    data = HTML(string=html).write_pdf()
    name = f"{case.number.replace('/', '-')}-{kind}{'-' + str(n) if n else ''}-{lang}.pdf"
    return data, name
