"""The records' own events in a case's timeline, in the page's words: a correction (records.corrections)
that supersedes an outcome of time a late entry defeated, and a re-binding to a new law-pack version
(adhiniyam.packs). The superseded outcome stays in the timeline, struck through, with the reason."""

from __future__ import annotations

from django.utils.translation import gettext as _

CORRECTION, UPGRADE = "record_corrected", "law_pack_upgraded"


def annotate(rows: list[dict], w) -> None:
    """Give the timeline's rows of record events their words, and mark each superseded outcome."""
    corrections = {r["data"].get("supersedes"): r for r in rows if r["type"] == CORRECTION}
    for r in rows:
        if r["type"] == CORRECTION:
            r.update(title=_("Record corrected"), shown=[], printable=False, record=_correction(r, w))
        elif r["type"] == UPGRADE:
            d = r["data"]
            r.update(title=_("Law-pack version changed"), role_label=_("State administrator"), shown=[], printable=False,
                     record={"kind": "upgrade", "from": d.get("from"), "to": d.get("to"), "reason": d.get("reason"),
                             "rules": d.get("rules") or []})
        if r["seq"] in corrections:
            r["superseded"] = _correction(corrections[r["seq"]], w)


def _correction(r: dict, w) -> dict:
    d = r["data"]
    return {"kind": "correction", "on": r["on"], "superseded_title": w.event(d.get("superseded_type", "")),
            "superseded_on": d.get("superseded_on"), "now_on": d.get("now_on"),
            "late_title": w.event(d["late_type"]) if d.get("late_type") else "", "late_on": d.get("late_on"),
            "entered_by": d.get("entered_by", ""), "entered_at": str(d.get("entered_at") or "")[:10],
            "reason": d.get("reason", "")}
