"""Printable documents as PDF (WeasyPrint; Pango/HarfBuzz shape Devanagari with the Noto or Lohit
Devanagari font): the acknowledgement of an application, fee receipts, orders and notices recorded
by an office, and deemed-grant certificates. Each is numbered from the case and the event it
records, dated, and cites its section with the Act's words; English or Hindi."""

from __future__ import annotations

import datetime as dt

from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from adhiniyam.records import engine as E
from adhiniyam.records import present, services
from adhiniyam.records import roles as R

from . import lawtext
from .formatting import indian_date, rupees


class NoSuchDocument(Exception):
    pass


def OUTCOME_WORDS():  # noqa: N802 - evaluated in the active language
    return {"granted": _("granted"), "refused": _("refused"), "approved": _("approved"), "sanctioned": _("sanctioned")}


def _base(case, lang):
    pack = lawtext.pack(case.act_id)
    return {"case": case, "body": case.body, "act_title": pack.title, "lang": lang,
            "body_name": (case.body.name_local if lang == "hi" and case.body.name_local else case.body.name)}


def _field_rows(proc, ev) -> list[tuple[str, str]]:
    et = proc.events.get(ev["type"])
    rows = []
    for k, v in (ev.get("data") or {}).items():
        if k in ("source", "status"):
            continue
        f = et.fields.get(k) if et else None
        label = (getattr(f, "title", "") or k.replace("_", " ")).capitalize()
        if f is not None and f.type == "money":
            v = rupees(v)
        elif f is not None and f.type == "bool":
            v = _("yes") if v else _("no")
        elif f is not None and f.type == "date":
            v = indian_date(v)
        elif f is not None and f.type == "period" and isinstance(v, dict):
            v = ", ".join(f"{n} {unit}" for unit, n in v.items())
        elif f is not None and f.type == "choice":
            v = str(v).replace("_", " ")
        rows.append((label, str(v)))
    return rows


def how_recorded(ev: dict) -> str:
    """How an entry of the case log was dated, in words (records.dating): by the office's clock on receipt,
    by office staff on the day, or recorded late, with when and why."""
    entered = timezone.localtime(dt.datetime.fromisoformat(ev["recorded_at"]))
    who = ev.get("actor") or ""
    if ev["dated_by"] == "clock":
        return _("dated on receipt by the office's clock, %(t)s") % {"t": indian_date(entered)}
    if ev["recorded_late"]:
        return _("recorded late: entered on %(e)s by %(who)s, because: %(why)s") % {
            "e": indian_date(entered), "who": who, "why": ev["late_reason"]}
    return _("entered by %(who)s on the day") % {"who": who}


def rests_on(case, events: list[dict], until) -> list[tuple[str, str]]:
    """The recorded entries a deemed outcome of `until` rests on, each with its date and how it was recorded,
    and the property, where the applicant declared it, with its verification by the office."""
    day = str(until)[:10]
    rows = [(f"{ev['title']} — {indian_date(ev['on'])}", how_recorded(ev))
            for ev in events if not ev["system"] and str(ev["on"])[:10] <= day]
    prop = case.property
    if prop is not None and prop.declared_by_id is not None:
        rows.append((_("Property %(p)s") % {"p": prop.survey_number or prop.address[:40]},
                     _("declared on the application; verified by %(who)s on %(d)s") % {
                         "who": prop.verified_by.username if prop.verified_by else "",
                         "d": indian_date(timezone.localtime(prop.verified_at))}))
    return rows


def document_context(user, case, kind: str, n: int, lang: str) -> dict:
    out = present.case_out(user, case)
    pack = lawtext.pack(case.act_id)
    proc = services.get_procedure(pack, case.procedure, case.settings_snapshot, case.opened_on)
    ctx = _base(case, lang)
    ctx["proc"] = proc
    ctx["status_label"] = out["status_label"]
    events = out["events"]
    if kind == "receipt" and n == 0:
        first = events[0]
        et = proc.events[first["type"]]
        ctx.update(kind="receipt", heading=_("Acknowledgement of receipt"), number=f"{case.number}/ACK",
                   dated=first["on"], subject=proc.title, lines=[
                       _("Received on %(d)s: %(what)s.") % {"d": indian_date(first["on"]), "what": et.title},
                       _("The date of receipt: %(how)s.") % {"how": how_recorded(first)}],
                   rows=_field_rows(proc, first), citations=lawtext.citations(case.act_id, et.cites), quote=et.quote)
        ctx["deadlines"] = [{"title": d["title"], "last": indian_date(d["last_day"]),
                             "cites": ", ".join(lawtext.cite_label(c) for c in d["cites"])}
                            for d in out["deadlines"] if d.get("last_day") and not d.get("expired")]
        return ctx
    if kind in ("order", "receipt"):
        ev = next((e for e in events if e["seq"] == n), None)
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
                   dated=ev["on"], subject=et.title if et else ev["type"], lines=[],
                   rows=_field_rows(proc, ev), citations=lawtext.citations(case.act_id, et.cites if et else []),
                   quote=et.quote if et else "", by=proc.roles.get(ev["by"], ev["by"]))
        return ctx
    if kind == "deemed":
        return _deemed_context(ctx, case, proc, out, n)
    raise NoSuchDocument(_("Unknown document '%(k)s'.") % {"k": kind})


def _deemed_context(ctx: dict, case, proc, out: dict, n: int) -> dict:
    """The certificate of the n-th deemed outcome: what arose and when, the dates it rests on and how each
    was recorded, its conditions and the words of the Act. Not while the property it rests on is only declared."""
    if n >= len(out["deemed"]):
        raise NoSuchDocument(_("No deemed outcome %(n)s has arisen in this case.") % {"n": n + 1})
    d = out["deemed"][n]
    if case.property is not None and not case.property.verified:
        raise NoSuchDocument(_("The property was declared on the application and the office has not yet "
                               "verified it: the certificate is issued once it has."))
    conds = [{"text": c.get("text", ""), "cites": ", ".join(lawtext.cite_label(x) for x in (
        c.get("cites") if isinstance(c.get("cites"), list) else [c.get("cites")]) if x)}
             for c in d.get("conditions") or []]
    ctx.update(kind="deemed", heading=(_("Certificate of deemed permission") if d["outcome"] == "granted" else
                        _("Certificate of deemed outcome: %(o)s") % {"o": d["outcome"].replace("_", " ")}),
               number=f"{case.number}/DG/{n + 1}", dated=d["on"], subject=proc.title,
               lines=[_("The application received on %(r)s was not decided within the period the Act allows. "
                        "By operation of law, it is deemed %(o)s on %(d)s.")
                      % {"r": indian_date(case.opened_on), "o": OUTCOME_WORDS().get(d["outcome"], d["outcome"].replace("_", " ")),
                         "d": indian_date(d["on"])}],
               rows=[], citations=lawtext.citations(case.act_id, d.get("cites")), quote=d.get("quote", ""),
               conditions=conds, rests_on=rests_on(case, out["events"], d["on"]))
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
