#!/usr/bin/env python3
"""Build text.yaml for the Uttarakhand (U.P.) Kshettra Panchayats and Zila Panchayats Adhiniyam,
1961 (s.106 bye-laws and the controlled-rural-area sections) from its seed text.

The seed is one heading line and one paragraph of ~44,000 characters: no section number is
printed except "106", no heading except the first.  Sections are found by the words that open
them (ANCHORS below, hand-checked against the seed); every number after 106 is inferred, and
the reason is recorded.  Each node's words run from its anchor to the next node's anchor, so
nothing is dropped and nothing is repeated.

Usage: python tools/extract_uttarakhand_panchayats_1961.py [seed] out

text.yaml is the committed artefact; this script is kept so that the anchors and the numbering
evidence are reviewable. It no longer reproduces text.yaml: issue 17 (phase A) added notes by hand
(from what the numbers of 106(f)-(i) and (k) are inferred, the construction s.106(h)(b) shares with (c),
the unnumbered limbs of s.106(k) and of the s.106(aw) Exception, s.106(p)(4)(iv)). It refuses to write
over an existing file: add nodes and notes to text.yaml by hand, in the existing id style (contract 1:
ids are never renamed or removed).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SEED = Path("/work/shared/seeds/000_557096a9b6f4f11e.txt")
OUT = ROOT / "src/adhiniyam/acts/uttarakhand_panchayats_1961/text.yaml"

SEQ = "by sequence"

# (id, kind, num, anchor, heading, number, inferred_from, note)
# heading: for sections, supplied (the seed prints none but the first) — marked in `note`.
S = []


def sec(id_, num, anchor, heading, number="inferred", inferred_from=None, note=None):
    S.append(dict(id=id_, kind="section", num=num, anchor=anchor, heading=heading, number=number,
                  inferred_from=inferred_from, note=note))


def sub(id_, kind, num, anchor, heading=None, note=None):
    S.append(dict(id=id_, kind=kind, num=num, anchor=anchor, heading=heading, number="printed",
                  inferred_from=None, note=note))


def subs(sec_id, anchors, kind="subsection", prefix="subsec", nums=None):
    for i, a in enumerate(anchors):
        n = nums[i] if nums else str(i + 1)
        sub(f"{sec_id}__{prefix}_{n}", kind, n, a)


def clauses(parent, letters_anchors, kind="clause", prefix="clause"):
    for n, a in letters_anchors:
        sub(f"{parent}__{prefix}_{n}", kind, n, a)


NOTE_HEADING = "section heading not printed in the seed; supplied from the words"

# ---- s.106 ------------------------------------------------------------------------------
sec("sec_106", "106", "106 (1) A Zila Panchayat may", "Powers of Zila Panchayat to make bye-laws",
    number="printed",
    note="heading printed as the seed's first line; the list under sub-section (2) breaks off in "
         "heading D, clause (d) at the words 'and of' and the text runs straight into the "
         "definitions ('For the purposes of this Chapter'): the rest of heading D and headings E, F, G "
         "(s.106(bt) cites 'sub-head (d) of heading \"G\" of section 106') and section 106(a) are not in the seed")
sub("sec_106__subsec_1", "subsection", "1", "(1) A Zila Panchayat may, and where")
sub("sec_106__subsec_2", "subsection", "2", "(2) In particular and without prejudice")
A = "sec_106__subsec_2__head_A"
sub(A, "clause", "A", "A- Construction", heading="Construction",
    note="a lettered heading of the list of bye-laws; kind 'clause' used for the heading group")
clauses(A, [("a", "(a) Declaring of any specific"), ("b", "(b) Prescribing that, on payment"),
            ("c", "(c) Fixing with reference"), ("d", "(d) Prescribing the type"),
            ("e", "(e) Prescribing the circumstances"), ("f", "(f) Prescribing with reference")])
clauses(f"{A}__clause_f", [(str(i), a) for i, a in enumerate([
    "(1) the materials and method", "(2) the position and,", "(3) the height and slope",
    "(4) the ventilation and space", "(5) the level and width", "(6) the number and height",
    "(7) the means to be provided", "(8) any other matter", "(9) the conditions subject"], start=1)],
    kind="subclause", prefix="subclause")
clauses(A, [("g", "(g) Regulating in any manner not specifically provided in this Act, the erection")])
B = "sec_106__subsec_2__head_B"
sub(B, "clause", "B", "B-Drains, latrines", heading="Drains, latrines, pipes, cesspools, etc.")
clauses(B, [("a", "(a) Regulating in any manner not specifically provided in this Act, the construction"),
            ("b", "(b) regulating or prohibiting the discharge")])
C = "sec_106__subsec_2__head_C"
sub(C, "clause", "C", "C-Streets", heading="Streets")
clauses(C, [("a", "(a) Determining the information"), ("b", "(b) permitting, prohibiting"),
            ("c", "(c) regulating the conditions on which permission")])
D = "sec_106__subsec_2__head_D"
sub(D, "clause", "D", "D-- Markets", heading="Markets, slaughter-houses, sale of food, etc.")
clauses(D, [("a", "(a) Prohibiting the use of any place"), ("b", "(b) prescribing the conditions subject"),
            ("c", "(c) providing for the inspection of"), ("d", "(d) providing for the establishment")])

# ---- 106(b), 106(c) ----------------------------------------------------------------------
sec("sec_106B", "106(b)", "For the purposes of this Chapter-", "Definitions",
    inferred_from="not printed. It stands between s.106 and the controlled-rural-area section, which "
                  "precedes s.106(d) (fixed: s.106(e)(1) 'notice has been given under section 106(d)'). "
                  "Counting back from 106(d): controlled rural area 106(c), definitions 106(b); 106(a) is "
                  "taken to be lost in the gap after s.106(2) D(d) 'and of'. See interpretation "
                  "uk.numbering.definitions_and_area",
    note=NOTE_HEADING + "; run-in words 'For the purposes of this Chapter-'")
clauses("sec_106B", [("a", '(a) "Appropriate authority"'), ("b", '(b) "Kshettra Panchayat" shall')])
sec("sec_106C", "106(c)", "(1) Without prejudice to any other provisions", "Controlled rural area",
    inferred_from="not printed. It is the section 'under this section' by which the Zila Panchayat "
                  "specifies the areas to which 'sections 106(d) … 106(bp)' apply; it comes immediately "
                  "before s.106(d) and its list begins at 106(d)",
    note=NOTE_HEADING)
subs("sec_106C", ["(1) Without prejudice to any other provisions", "(2) A Zila Panchayat may by resolution"])
sub("sec_106C__subsec_2__proviso_1", "proviso", "1", "Provided that public notice of the resolution")

# ---- 106(d) … 106(r) ---------------------------------------------------------------------
sec("sec_106D", "106(d)", "(1) No erection or re-erection", "Notice of erection of building or well in controlled rural area",
    inferred_from="s.106(e)(1) 'any work of which notice has been given under section 106(d)'; s.106(e)(2), "
                  "s.106(g) and s.106(h) cite 'notice under section 106(d)'",
    note=NOTE_HEADING)
subs("sec_106D", ["(1) No erection or re-erection", "(2) An alteration in a building shall"])
clauses("sec_106D__subsec_2", [("a", "(a) it affects or is likely"), ("b", "(b) it increases or diminishes"),
                                ("c", "(c) it converts into a place"), ("d", "(d) it is an alteration declared")])
sec("sec_106E", "106(e)", "(1) Subject to the provisions of any bye-law the Kshettra", "Sanction or refusal",
    inferred_from="s.106(f)(1) 'sanction given … by a Kshettra Panchayat under section 106(e)'; s.106(h) "
                  "'order passed … under section 106(e)' and 'clause (b) of sub-section (1) of section 106(e)' "
                  "(the set-back direction)",
    note=NOTE_HEADING)
sub("sec_106E__subsec_1", "subsection", "1", "(1) Subject to the provisions of any bye-law the Kshettra")
clauses("sec_106E__subsec_1", [("a", "(a) any written direction that"), ("b", "(b) any written direction requiring")])
sub("sec_106E__subsec_2", "subsection", "2", "(2) In the case of refusal")
sec("sec_106F", "106(f)", "(1) A sanction given or deemed to have been given by a Kshettra",
    "Period for which sanction available",
    inferred_from=SEQ + " between 106(e) and 106(j) (both fixed by cross-references); the six sections "
                  "106(e)…106(j) are printed in an unbroken run", note=NOTE_HEADING)
subs("sec_106F", ["(1) A sanction given or deemed to have been given by a Kshettra", "(2) After the expiry of the said period"])
sec("sec_106G", "106(g)", "The Pramukh, the Block Development Officer and, if authorized",
    "Inspection of work", inferred_from=SEQ + " between 106(e) and 106(j)", note=NOTE_HEADING)
clauses("sec_106G", [("a", "(a) while under construction"), ("b", "(b) inspect within one month")])
sec("sec_106H", "106(h)", "Notwithstanding anything contained in this Act, a person giving notice",
    "Compensation", inferred_from=SEQ + " between 106(e) and 106(j)", note=NOTE_HEADING)
clauses("sec_106H", [("a", "(a) the order is passed on some"), ("b", "(b) the order not provide"),
                     ("c", "(c) the order not contains"), ("d", "(d) the order is an order of refusal")])
sec("sec_106I", "106(i)", "(1) A sanction given or deemed to have been given under section 106(e) shall not",
    "Effect of sanction", inferred_from=SEQ + " between 106(e) and 106(j)", note=NOTE_HEADING)
subs("sec_106I", ["(1) A sanction given or deemed to have been given under section 106(e) shall not",
                  "(2) In particular, such sanction"])
sec("sec_106J", "106(j)", "Whoever begins, continues or completes", "Penalty for building without notice or against orders",
    inferred_from="s.106(k) 'is an offence under section 106(j)'; s.106(i)(1) 'penalty … under section 106(j)'",
    note=NOTE_HEADING)
sec("sec_106K", "106(k)", "The Zila Panchayat may at any time by written notice direct the owner",
    "Stopping work; alteration or demolition",
    inferred_from="s.106(i)(1) 'penalty or consequence … under section 106(j), 106(k)'; follows 106(j)",
    note=NOTE_HEADING)
sec("sec_106L", "106(l)", "The Zila Panchayat may construct within the controlled rural area",
    "Construction of drains in controlled rural area",
    inferred_from=SEQ + " after 106(k); in the s.106(c)(1) list, as its words 'within the controlled rural area' fit",
    note=NOTE_HEADING)
sub("sec_106L__proviso_1", "proviso", "1", "Provided that compensation estimated")
sec("sec_106M", "106(m)", "(1) The Zila Panchayat may, from time to time, enlarge", "Alteration and closing of public drains",
    inferred_from=SEQ + "; absent from the s.106(c)(1) list, consistent with its applying to any public drain",
    note=NOTE_HEADING)
subs("sec_106M", ["(1) The Zila Panchayat may, from time to time, enlarge", "(2) The exercise of the powers"])
sec("sec_106N", "106(n)", "(1) The owner or occupier of a building or land within the rural area",
    "Connection of private drains with Kshettra Panchayat drains", inferred_from=SEQ + " between 106(m) and 106(p)",
    note=NOTE_HEADING)
sub("sec_106N__subsec_1", "subsection", "1", "(1) The owner or occupier of a building or land within the rural area")
sub("sec_106N__subsec_1__proviso_1", "proviso", "1", "Provided that he first obtains")
sub("sec_106N__subsec_2", "subsection", "2", "(2) Whoever, without the written permission of the Kshettra")
sec("sec_106O", "106(o)", "Except where a site abuts", "Street to connect building sites",
    inferred_from=SEQ + " between 106(n) and 106(p); in the s.106(c)(1) list, as its words 'in a controlled rural area' fit",
    note=NOTE_HEADING)
sec("sec_106P", "106(p)", "(1) Every person before beginning to layout", "New private streets",
    inferred_from="s.106(r) 'after the receipt of an application under section 106(p)'", note=NOTE_HEADING)
sub("sec_106P__subsec_1", "subsection", "1", "(1) Every person before beginning to layout")
clauses("sec_106P__subsec_1", [("a", "(a) the proposed level"), ("b", "(b) the street alignment")])
subs("sec_106P", ["(2) The provisions of this Act and of any rules", "(3) Within sixty days after",
                  "(4) Such sanction may be refused"], nums=["2", "3", "4"])
clauses("sec_106P__subsec_4", [("i", "(i) the proposed street would conflict"), ("ii", "(ii) the proposed street does not"),
                                ("iii", "(iii) the proposed street is not designed"), ("iv", "(iv) No persons shall layout")])
sec("sec_106Q", "106(q)", "If further information is asked for under sub-section (3)",
    "Commencement after further information",
    inferred_from=SEQ + ": printed as a separate paragraph without a sub-section number after 106(p)(4); "
                  "106(r) (deemed sanction) then matches the s.106(c)(1) list, which names 106(p) and 106(r). "
                  "See interpretation uk.numbering.s106q",
    note=NOTE_HEADING)
sub("sec_106Q__proviso_1", "proviso", "1", "Provided that the passing of such orders")
sec("sec_106R", "106(r)", "If the Zila Panchayat neglect or omit for sixty days", "Deemed sanction of new private street",
    inferred_from=SEQ + " after 106(q); in the s.106(c)(1) list; it refers back to 'an application under section 106(p)'",
    note=NOTE_HEADING + "; the proviso breaks off at 'shall be construed' and the text runs into the regular-line "
                        "section: sections 106(s) to 106(aj) (among them 106(s), (t), (aa), (ab), (ac), (ad), (af), "
                        "(ag) of the s.106(c)(1) list, and 106(aa) cited in s.106(i)(2)) are not in the seed")
sub("sec_106R__proviso_1", "proviso", "1", "Provided that nothing contained herein")

# ---- 106(ak) … 106(aw) -------------------------------------------------------------------
sec("sec_106AK", "106(ak)", "(1) Whenever the appropriate authority considers it expedient",
    "Regular line of street",
    inferred_from="s.106(e)(1)(b) 'the regular line of the street, prescribed under section 106(ak)'; "
                  "s.106(i)(1) 'section 106(j), 106(k) or 106(a k)'",
    note=NOTE_HEADING)
subs("sec_106AK", ["(1) Whenever the appropriate authority", "(2) Every such notice specify", "(3) The appropriate authority shall consider",
                   "(4) Thereafter it shall not be lawful", "(5) Any owner of land who is prevented", "(6) The appropriate authority may, by notice"])
SEQAK = SEQ + " from 106(ak). Caution: 106(bd) is fixed by s.106(be), leaving 106(ax)–106(bc) unaccounted for; where " \
              "those six sections fell is not shown by the seed (interpretation uk.numbering.ak_to_bd)"
sec("sec_106AL", "106(al)", "(1) The appropriate authority shall, during the construction",
    "Precautions during repair of streets", inferred_from=SEQAK, note=NOTE_HEADING)
sub("sec_106AL__subsec_1", "subsection", "1", "(1) The appropriate authority shall, during the construction")
clauses("sec_106AL__subsec_1", [("a", "(a) shoring up"), ("b", "(b) fixing bars"), ("c", "(c) guarding and providing")])
sub("sec_106AL__subsec_2", "subsection", "2", "(2) Whoever, without the authority or consent")
sec("sec_106AM", "106(am)", "(1) The Kshettra Panchayat may and when so required", "Private sources of drinking water",
    inferred_from=SEQAK, note=NOTE_HEADING)
subs("sec_106AM", ["(1) The Kshettra Panchayat may and when so required", "(2) When the water of any such"])
sec("sec_106AN", "106(an)", "In the event of the rural area of the district", "Disinfection of water sources in epidemic",
    inferred_from=SEQAK, note=NOTE_HEADING)
sec("sec_106AO", "106(ao)", "The Zila Panchayat or the Kshettra Panchayat may, by notice, require an owner or occupier on whose land",
    "Receptacles for filth near sources of water", inferred_from=SEQAK, note=NOTE_HEADING)
sec("sec_106AP", "106(ap)", "(1) Where, on or after the commencement", "Streets and structures over drains and water works",
    inferred_from=SEQAK, note=NOTE_HEADING)
sub("sec_106AP__subsec_1", "subsection", "1", "(1) Where, on or after the commencement")
clauses("sec_106AP__subsec_1", [("a", "(a) by notice required"), ("b", "(b) itself remove")])
sub("sec_106AP__subsec_2", "subsection", "2", "(2) Any expense incurred by the Zila Panchayat or the Kshettra Panchayat by action")
sec("sec_106AQ", "106(aq)", "(1) The Kshettra Panchayat may with the approval", "Premises for slaughter of animals for sale",
    inferred_from=SEQAK, note=NOTE_HEADING)
subs("sec_106AQ", ["(1) The Kshettra Panchayat may with the approval", "(2) When such premises have been fixed",
                   "(3) Whoever slaughter such animal"])
sec("sec_106AR", "106(ar)", "Whenever it appears to the District Magistrate", "Slaughter for purposes other than sale",
    inferred_from=SEQAK, note=NOTE_HEADING)
sec("sec_106AS", "106(as)", "Whoever in the rural area feeds", "Feeding animals on filthy food",
    inferred_from=SEQAK, note=NOTE_HEADING)
sub("sec_106AS__expl", "explanation", None, "Explanation- Filthy", heading="Explanation")
sec("sec_106AT", "106(at)", "The Chairman, the Chief Executive Officer, the Health Officer", "Inspection of places for sale of food",
    inferred_from=SEQAK, note=NOTE_HEADING)
sec("sec_106AU", "106(au)", "(1) If, in the course of the inspection", "Seizure of unfit food and drugs",
    inferred_from="'under the preceding section' (106(at)); " + SEQAK, note=NOTE_HEADING)
subs("sec_106AU", ["(1) If, in the course of the inspection", "(2) If it is reasonably suspected"])
sec("sec_106AV", "106(av)", "(1) If it, is shown to the satisfaction", "Factories and places of business causing nuisance",
    inferred_from=SEQAK, note=NOTE_HEADING)
sub("sec_106AV__subsec_1", "subsection", "1", "(1) If it, is shown to the satisfaction")
clauses("sec_106AV__subsec_1", [("a", "(a) to desist or refrain"), ("b", "(b) only to use")])
sub("sec_106AV__subsec_2", "subsection", "2", "(2) Whoever, after receiving a notice")
sec("sec_106AW", "106(aw)", "Whoever, in driving, leading or propelling", "Rule of the road",
    inferred_from=SEQAK, note=NOTE_HEADING)
clauses("sec_106AW", [("a", "(a) to keep to the left"), ("b", "(b) when passing a vehicle")])
sub("sec_106AW__exception", "explanation", None, "Exception-- This section", heading="Exception",
    note="an 'Exception' printed after the section; kind 'explanation' used for it")

# ---- 106(bd) … 106(bx) -------------------------------------------------------------------
sec("sec_106BD", "106(bd)", "(1) The Kshettra Panchayat may, where it appears to be necessary",
    "Inflammable materials",
    inferred_from="s.106(be) 'No order of confiscation under section 106 (b d)'; confiscation is provided only here",
    note=NOTE_HEADING)
subs("sec_106BD", ["(1) The Kshettra Panchayat may, where it appears", "(2) Where dry wood", "(3) If any quantity",
                   "(4) If the magistrate decides", "(5) Subject to any provisions"])
SEQBD = SEQ + " from 106(bd) (fixed by s.106(be)); confirmed by 106(bi), 106(bm) and 106(bp) falling where the " \
              "cross-references and the s.106(c)(1) list put them"
sec("sec_106BE", "106(be)", "No order of confiscation", "Confiscation no bar to other proceedings",
    inferred_from=SEQBD, note=NOTE_HEADING)
sec("sec_106BF", "106(bf)", "(1) Whoever displaces, takes up", "Interference with streets and property",
    inferred_from=SEQBD, note=NOTE_HEADING)
subs("sec_106BF", ["(1) Whoever displaces, takes up", "(2) Any expense incurred by the Zila Panchayat or the Kshettra Panchayat by reason"])
sec("sec_106BG", "106(bg)", "Whoever discharges firearms", "Firearms, fireworks and dangerous games",
    inferred_from=SEQBD, note=NOTE_HEADING)
sec("sec_106BH", "106(bh)", "(1) A Zila Panchayat may by notice require the owner", "Dangerous buildings, trees and wells",
    inferred_from=SEQBD, note=NOTE_HEADING)
sub("sec_106BH__subsec_1", "subsection", "1", "(1) A Zila Panchayat may by notice require the owner")
clauses("sec_106BH__subsec_1", [("a", "(a) to demolish or to repair"), ("b", "(b) to repair, protect or enclose")])
sub("sec_106BH__subsec_2", "subsection", "2", "(2) Where it appears to the Zila Panchayat that immediate")
sec("sec_106BI", "106(bi)", "(1) Whoever without the written permission of the Zila Panchayat-",
    "Obstructions in streets in controlled rural area",
    inferred_from=SEQBD + "; in the s.106(c)(1) list, and its words say 'in a controlled rural area'",
    note=NOTE_HEADING)
sub("sec_106BI__subsec_1", "subsection", "1", "(1) Whoever without the written permission of the Zila Panchayat-")
clauses("sec_106BI__subsec_1", [("a", "(a) causes or allows any vehicle"), ("b", "(b) leaves or fastens"),
                                 ("c", "(c) exposes any article"), ("d", "(d) deposits, or occasioned"),
                                 ("e", "(e) erects or sets up"), ("f", "(f) in any manner wilfully")])
subs("sec_106BI", ["(2) The Zila Panchayat shall have powers", "(3) The powers exercise able",
                   "(4) Nothing contained in this section"], nums=["2", "3", "4"])
sec("sec_106BJ", "106(bj)", "The Zila Panchayat may require by notice any person employing",
    "Latrines and urinals for workmen and places of public resort", inferred_from=SEQBD, note=NOTE_HEADING)
sub("sec_106BJ__proviso_1", "proviso", "1", "Provided that nothing in this section shall apply to a factory")
sec("sec_106BK", "106(bk)", "The Zila Panchayat may by notice require the owner or occupier of any land or building to cleanse",
    "Private wells, tanks and excavations injurious to health", inferred_from=SEQBD, note=NOTE_HEADING)
sub("sec_106BK__proviso_1", "proviso", "1", "Provided that the owner or occupier may require")
sec("sec_106BL", "106(bl)", "If any land is in a filthy", "Filthy land", inferred_from=SEQBD, note=NOTE_HEADING)
sec("sec_106BM", "106(bm)", "(1) The Zila Panchayat may in any controlled rural area-",
    "Deposit and disposal of offensive matter in controlled rural area",
    inferred_from="s.106(bn) 'clause (a) of sub-section (1) of section 106(bm)'", note=NOTE_HEADING)
sub("sec_106BM__subsec_1", "subsection", "1", "(1) The Zila Panchayat may in any controlled rural area-")
clauses("sec_106BM__subsec_1", [("a", "(a) provide receptacles"), ("b", "(b) appoint places"), ("c", "(c) by public notice issue")])
sub("sec_106BM__subsec_2", "subsection", "2", "(2) It shall be sufficient notice")
sec("sec_106BN", "106(bn)", "The occupier of any building or land from which any offensive matter",
    "Penalty for depositing offensive matter", inferred_from=SEQBD + "; in the s.106(c)(1) list; follows 106(bm) which it cites",
    note=NOTE_HEADING)
sec("sec_106BO", "106(bo)", "In specified areas, whenever the water", "Discharge of offensive water on streets",
    inferred_from=SEQBD, note=NOTE_HEADING)
sec("sec_106BP", "106(bp)", "(1) In a controlled rural area, should a building", "Buildings unfit for human habitation",
    inferred_from=SEQBD + "; in the s.106(c)(1) list ('106 (bp)'), and its words say 'In a controlled rural area'",
    note=NOTE_HEADING)
subs("sec_106BP", ["(1) In a controlled rural area, should a building", "(2) Upon failure of a person"])
SEQBP = SEQ + " from 106(bp); no cross-reference fixes these numbers (interpretation uk.numbering.tail)"
sec("sec_106BQ", "106(bq)", "Whoever, while suffering from an infectious", "Persons with infectious disorders handling food",
    inferred_from=SEQBP, note=NOTE_HEADING)
clauses("sec_106BQ", [("a", "(a) makes or offers for sale"), ("b", "(b) wilfully touches"), ("c", "(c) takes any part")])
sec("sec_106BR", "106(br)", "If the Director of Medical and Health Services certify", "Prohibition of injurious cultivation, manure or irrigation",
    inferred_from=SEQBP, note=NOTE_HEADING)
clauses("sec_106BR", [("a", "(a) in a place within the limits"), ("b", "(b) in a specified place")])
sub("sec_106BR__proviso_1", "proviso", "1", "Provided that when, on any land")
sec("sec_106BS", "106(bs)", "The Zila Panchayat may, by notice require the owner or occupier of any land to clear away",
    "Injurious vegetation", inferred_from=SEQBP, note=NOTE_HEADING)
sec("sec_106BT", "106(bt)", "In a rural area for which bye-laws have been made", "Filling up excavations made against bye-laws",
    inferred_from=SEQBP, note=NOTE_HEADING)
sec("sec_106BU", "106(bu)", "(1) The Zila Panchayat may, by public notice order a graveyard", "Graveyards and crematoria",
    inferred_from=SEQBP, note=NOTE_HEADING)
subs("sec_106BU", ["(1) The Zila Panchayat may, by public notice order a graveyard", "(2) Private graveyard"])
sub("sec_106BU__subsec_2__proviso_1", "proviso", "1", "Provided that the limits of such burial places")
subs("sec_106BU", ["(3) No new graveyard", "(4) No person shall, except", "(5) Should a person bury"], nums=["3", "4", "5"])
sec("sec_106BV", "106(bv)", "The Chairman, the Chief Executive Officer and, if authorized in this behalf by resolution any other",
    "Power of entry", inferred_from=SEQBP, note=NOTE_HEADING)
sub("sec_106BV__proviso_1", "proviso", "1", "Provided that- (i)",
    note="one proviso with four clauses (i)–(iv)")
clauses("sec_106BV__proviso_1", [("i", "(i) except when it is"), ("ii", "(ii) no entry shall be made except"),
                                  ("iii", "(iii) sufficient notice"), ("iv", "(iv) due regard")])
sec("sec_106BW", "106(bw)", "It shall be lawful for a person authorized to make an entry", "Opening doors and barriers",
    inferred_from=SEQBP, note=NOTE_HEADING)
clauses("sec_106BW", [("a", "(a) if he considers"), ("b", "(b) if the owner or occupier is absent")])
sec("sec_106BX", "106(bx)", "Whoever obstructs or molests a person employed", "Obstructing employees and removing marks",
    inferred_from=SEQBP + ". The project guide speaks of sections up to 106(bw); counting gives 106(bx)",
    note=NOTE_HEADING)

# Closing words printed after the last clause belong to the whole provision ("…, shall be liable
# upon conviction to a fine …"): they are cut from the last clause and recorded in the parent's text
# after " … ", so that a rule citing the provision can quote them.
WRAP = {
    "sec_106P__subsec_1__clause_b": "and shall also state in the application",
    "sec_106AW__clause_b": "shall be liable on conviction to a fine which may extend to ten",
    "sec_106BI__subsec_1__clause_f": "shall be liable upon conviction to a fine which may extend to fifty",
    "sec_106BQ__clause_c": "shall be liable upon conviction to a fine which may extend to fifty",
    "sec_106BR__clause_b": "the Zila Panchayat may by public notice prohibit",
}


def build(seed_path: Path) -> dict:
    lines = seed_path.read_text(encoding="utf-8").split("\n")
    body_line = next(i for i, ln in enumerate(lines) if len(ln) > 1000)
    text = lines[body_line]
    pos = 0
    for node in S:
        i = text.find(node["anchor"], pos)
        if i < 0:
            raise SystemExit(f"anchor not found after {pos}: {node['id']}: {node['anchor']!r}")
        node["start"] = i
        pos = i
    nodes = []
    for k, node in enumerate(S):
        end = S[k + 1]["start"] if k + 1 < len(S) else len(text)
        words = text[node["start"]:end].strip()
        kind = node["kind"]
        # strip the printed label that the `num` records
        if kind == "section" and node["id"] == "sec_106":
            words = words[len("106"):].strip()
        elif node["id"].endswith(("head_A", "head_B", "head_C", "head_D")):
            words = ""  # the run-in heading ("A- Construction") is recorded as `heading`
        elif kind == "explanation":
            words = words[len(node["anchor"].split(" ")[0]):].strip()
        elif node.get("num") and words.startswith(f"({node['num']})"):
            words = words[len(node["num"]) + 2:].strip()
        node["words"] = words
    for k, node in enumerate(S):
        if node["id"] in WRAP:
            w = node["words"]
            j = w.index(WRAP[node["id"]])
            head, tail = w[:j].rstrip(" ,"), w[j:]
            node["words"] = head
            parent = next(n for n in S if n["id"] == node["id"].rsplit("__", 1)[0])
            parent["words"] = parent["words"] + " … " + tail
            parent["note"] = ((parent.get("note") + "; ") if parent.get("note") else "") + \
                "the closing words printed after the last clause are recorded here after ' … '"
    for k, node in enumerate(S):
        words = node["words"]
        kind = node["kind"]
        out = {"id": node["id"], "kind": kind}
        if node.get("num") is not None:
            out["num"] = node["num"]
        parent = node["id"].rsplit("__", 1)[0] if "__" in node["id"] else None
        if parent:
            out["parent"] = parent
        if node.get("heading"):
            out["heading"] = node["heading"]
        out["number"] = node["number"]
        if node.get("inferred_from"):
            out["inferred_from"] = node["inferred_from"]
        if words:
            out["text"] = words
        out["seed_line"] = 1 if node["id"] == "sec_106" else body_line + 1  # s.106's heading is line 1
        if node.get("note"):
            out["note"] = node["note"]
        nodes.append(out)
    return {"nodes": nodes}


def main(argv):
    seed = Path(argv[1]) if len(argv) > 1 else SEED
    out = Path(argv[2]) if len(argv) > 2 else OUT
    if out.exists():
        sys.exit(f"{out} exists: text.yaml carries hand-made notes this script does not reproduce; "
                 f"write to a new file and compare")
    data = build(seed)
    header = ("# The structured text of the Uttarakhand (U.P.) Kshettra Panchayats and Zila Panchayats Adhiniyam, 1961\n"
              "# (s.106 bye-laws and the controlled-rural-area sections), as printed in seed 000_557096a9b6f4f11e.txt.\n"
              "# Built by tools/extract_uttarakhand_panchayats_1961.py; words are as printed (misprints kept; see\n"
              "# interpretations.yaml). The seed prints its heading on line 1 and the whole body on line 3.\n")
    out.write_text(header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110), encoding="utf-8")
    print(f"{len(data['nodes'])} nodes -> {out}")


if __name__ == "__main__":
    main(sys.argv)
