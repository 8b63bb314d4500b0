"""Build acts/goa_panchayat_raj_1994/text.yaml from the seed 001_f25892e74388f120.txt.

NOT the source of text.yaml any more: its output lacks the nodes split by hand in issue 16 (the
provisos of s.66(2), (2E), s.72(2A) and s.111(2), clauses (i) and (ii) of s.112-B(1), the notes on
omissions and section numbering). text.yaml is edited by hand (CONTRACTS.md §1); never write this
script's output over it. It is kept only to audit how the seed was first split.

The seed is an imperfect copy of Chapter III (ss.60-112-F) of the Goa Panchayat Raj Act, 1994.
Most section numbers and headings are not printed; the numbers are recovered from the
cross-references inside the text (see SECTIONS below).  The script splits the seed into
sections at hand-chosen points, then into sub-sections, clauses, sub-clauses, provisos and
explanations by the bracketed markers the seed prints.  Provisions printed in two versions
(s.66(2), s.66(2E), s.72(2A) and the bracketed penalty amendments) become one node with
`versions:`.  text.yaml is the committed artefact; this script is kept so the split can be
re-run and audited.

    python tools/extract_goa_panchayat_raj_1994.py [seed] > src/adhiniyam/acts/goa_panchayat_raj_1994/text.yaml
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

SEED = Path("/work/shared/seeds/001_f25892e74388f120.txt")

# Mid-line points where a new piece starts: (seed line, anchor text).
INLINE_SPLITS = [
    (37, "63[(d) incur"),
    (47, "65[(3) The Deputy"),
    (69, "(2B) The applicant"),
    (69, "(2C) Subject to"),
    (69, "(2D) The occupancy"),
    (69, "(2E) If a Panchayat"),
    (75, "Provided that the observations"),
    (75, "(2F) Where the occupancy"),
    (65, "The period between"),  # kept with the proviso (see FOLD_INTO_PREVIOUS)
    (82, "75[(5) Where"),
    (105, "77[(2) The provisions"),
    (115, "79[(2A) If a Panchayat"),
    (119, "Provided that the observations"),
    (126, "83[72-A. Sealing"),
    (126, "Provided that if the application"),
    (126, "Provided further that no such"),
    (240, "shall on conviction, be punished with fine which may extend to fifty"),
    (240, "[shall be liable to a penalty which may extend to one thousand"),
    (246, "[(3) Any person who buries"),
    (254, "“(3) Whoever washes"),
    (327, "[110. Using of"),
    (346, "shall, on conviction, be punished with fine which may extend to one hundred"),
    (346, "[shall be liable to a penalty which may extend to one thousand rupees]"),
    (346, "92[112-A. Stray"),
    (346, "112-B. Penalty for"),
    (353, "[(1) Whoever, within"),
    (357, "112-C. Impounding"),
    (360, "[(2) Whoever forcibly"),
    (360, "112-D. Delivery"),
    (362, "112-E. Sale of cattle"),
    (364, "112-F. Complaint"),
    (369, "Explanation:— For purpose of section 112 A"),
    (15, "Provided that no entrustment"),
    (15, "Provided further that when"),
    (30, "(a) Each Committee"),
    (30, "Provided that the Social Justice"),
    (55, "Provided that no road"),
    (90, "Provided that such prohibition"),
    (143, "Provided that the funds"),
    (190, "Provided that the number"),
    (224, "Provided that in the case of any well"),
    (250, "Provided that if the Secretary"),
    (325, "Provided further that the Panchayat shall immediately"),
    (330, "Provided that nothing in this section shall be held to apply"),
    (331, "Provided that nothing in this section shall be held to apply"),
]
FOLD_INTO_PREVIOUS = {(65, "The period between"), (126, None), (182, None)}

CROSS = "cross-references and sequence: the Act's Chapter III runs ss.60-112-F (GUIDE, seed table)"

# num, start (line, anchor|None), printed heading (stripped from the text) or None,
# descriptive heading (when none is printed), number printed?, inferred_from
SECTIONS = [
    ("60", (5, None), None, "Functions of Panchayats", False,
     "first section of Chapter III (ss.60-112-F); the Schedule-I functions section that opens the Chapter; s.61 follows with the Government's entrustment"),
    ("61", (11, None), None, "Functions entrusted by the Government", False,
     "sequence: between s.60 (functions, Schedule-I) and s.62; counted back from s.66 (fixed by s.64(1)(j) and s.67)"),
    ("62", (21, None), None, "Powers of Panchayats", False,
     "sequence: counted back from s.66 (fixed by s.64(1)(j), s.67 and s.68(2)); three unnumbered passages precede s.63"),
    ("63", (23, None), None, "Committees of the Panchayat", False,
     "sequence: counted back from s.66; the committees section precedes the Sarpanch's powers (s.64)"),
    ("64", (34, None), None, "Powers and functions of the Sarpanch and Deputy Sarpanch", False,
     "sequence: immediately before s.65 (vesting of roads) and s.66; counted back from s.66"),
    ("65", (49, None), None, "Vesting of public roads and places in the Panchayat", False,
     "sequence: the passage immediately before s.66"),
    ("66", (57, None), None, "Erection of buildings", False,
     "s.64(1)(j) 'sub-section (3) of section 66' matches this passage's (3); s.67 opens 'Notwithstanding anything contained in section 66'; s.68(2) and s.100(2) apply 'sub-sections (2), (2A) ... and Explanation to section 66'. (The '66[' before (1) is an amendment footnote marker, not the section number.)"),
    ("67", (90, None), "Power of Government to prohibit and regulate the erection of building in certain areas without permission.—", None, False,
     "sequence: the passage after s.66 that opens 'Notwithstanding anything contained in section 66'; s.68 is fixed by s.72(1)"),
    ("68", (100, None), "machinery.—", "Construction of factories and installation of machinery", False,
     "s.72(1) 'A permission under section 68' and s.72(2)/(3) 'refusal to grant permission under section 68' match this factory/machinery permission; the printed heading is truncated to 'machinery.—'"),
    ("69", (107, None), None, "Offensive or dangerous trades", False,
     "s.72(1) 'the licence under section 69, 70 or 71' and s.72-A(1) 'section 69 or section 70 or section 71': the three licence passages, in order; this is the first (offensive or dangerous trades)"),
    ("70", (109, None), None, "Hotels, restaurants, lodging houses and like places", False,
     "s.72(1) and s.72-A(1): the second of the three licence passages"),
    ("71", (111, None), None, "Shops", False,
     "s.72(1) and s.72-A(1): the third of the three licence passages"),
    ("72", (113, None), None, "Grant of permission and licences", False,
     "the passage immediately before the printed '72-A'; it governs 'permission under section 68 or the licence under section 69, 70 or 71'"),
    ("72A", (126, "83[72-A. Sealing"), "83[72-A. Sealing of premises carrying on any trade and or occupation without licence.—", None, True, None),
    ("73", (129, None), "Obstructions and encroachments upon public streets and open sites.—", None, False,
     "sequence: the passage immediately after s.72-A; counted forward from s.72-A to s.84 (fixed by s.85)"),
    ("74", (143, None), None, "Execution of works on behalf of the Government", False, "sequence between s.73 and s.84"),
    ("75", (145, None), None, "Naming of streets and numbering of buildings", False, "sequence between s.73 and s.84"),
    ("76", (149, None), None, "Buildings and trees in a ruinous or dangerous state", False, "sequence between s.73 and s.84"),
    ("77", (162, None), None, "Improvement of sanitary conditions", False, "sequence between s.73 and s.84"),
    ("78", (170, None), None, "Places of worship, fairs and festivals", False, "sequence between s.73 and s.84"),
    ("79", (175, None), None, "Water supply", False, "sequence between s.73 and s.84"),
    ("80", (187, None), None, "Bye-laws for water supply", False, "sequence between s.73 and s.84"),
    ("81", (189, None), None, "Joint committees", False, "sequence between s.73 and s.84"),
    ("82", (203, None), None, "Power of entry", False, "sequence: the passage before s.83 and s.84 (fixed by s.85)"),
    ("83", (209, None), None, "Filthy or unwholesome land", False, "sequence: the passage immediately before s.84"),
    ("84", (211, None), None, "Requisition to owners of sources of water supply", False,
     "s.85 'fails or neglects to comply with any such requisition within the time required by or under the provisions of section 84' refers to this requisition passage"),
    ("85", (224, None), None, "Execution of work in default", False, "s.85 itself cites s.84 as the requisition it follows; the next passage"),
    ("86", (226, None), None, "Setting apart springs, tanks and wells", False, "sequence between s.85 and s.87"),
    ("87", (228, None), None, "Prohibition of use of water during epidemics", False,
     "s.88(f) 'uses water from any source in contravention of the provisions of section 87' refers to this epidemic prohibition"),
    ("88", (230, None), None, "Fouling of water", False, "sequence: the passage after s.87, and it cites s.87 in clause (f)"),
    ("89", (242, None), None, "Notice to cleanse pools and stagnant water", False, "sequence between s.88 and s.94 (fixed by s.96)"),
    ("90", (244, None), None, "Closure of places for disposal of the dead", False, "sequence between s.88 and s.94"),
    ("91", (248, None), None, "Inspection where infectious disease exists", False, "sequence between s.88 and s.94"),
    ("92", (250, None), None, "Cleansing and disinfecting of buildings and articles", False, "sequence between s.88 and s.94"),
    ("93", (252, None), None, "Places for washing infected clothing", False, "sequence: the passage immediately before s.94"),
    ("94", (256, None), None, "Registration of places for disposal of the dead", False,
     "s.96(1) and s.97 'registered under section 94 or licensed under section 95': the registration passage"),
    ("95", (259, None), None, "Licensing of new places for disposal of the dead", False,
     "s.96(1) and s.97 'licensed under section 95': the licensing passage"),
    ("96", (265, None), None, "Book of registered and licensed places", False, "sequence after s.95; it cites ss.94 and 95"),
    ("97", (268, None), None, "Disposal of the dead near dwellings or drinking water", False, "sequence after s.96; it cites ss.94 and 95"),
    ("98", (270, None), None, "Information of disposals of the dead", False, "sequence between s.97 and s.100"),
    ("99", (272, None), None, "Landing places, halting places and cart stands", False, "sequence between s.97 and s.100"),
    ("100", (277, None), None, "Huts and sheds", False,
     "the issue and GUIDE name s.100 as borrowing s.66 mutatis mutandis; this passage's (2) does so; counted back from s.104 (fixed by s.105)"),
    ("101", (281, None), None, "Drainage schemes", False, "sequence between s.100 and s.104"),
    ("102", (286, None), None, "Drainage of buildings and land", False, "sequence between s.100 and s.104"),
    ("103", (294, None), None, "Emptying drains into Panchayat sewers", False, "sequence: the passage immediately before s.104"),
    ("104", (296, None), None, "Carrying a drain through another's land", False,
     "s.105 'a drain has been carried under section 104' refers to this passage, which authorizes carrying a drain into, through or under another's land"),
    ("105", (308, None), None, "Building over land through which a drain was carried", False, "sequence after s.104; it cites s.104"),
    ("106", (310, None), None, "Privies, cesspools and water-closets", False, "sequence between s.105 and s.110"),
    ("107", (317, None), None, "Repair of sewers, drains and privies", False, "sequence between s.105 and s.110"),
    ("108", (320, None), None, "Inspection of sewers, drains and privies", False, "sequence between s.105 and s.110"),
    ("109", (323, None), None, "Quarries and removal of earth", False, "sequence: the passage immediately before s.110"),
    ("110", (327, None), None, "Using offensive substances", True, None),
    ("111", (329, None), None, "Smoke from furnaces", False, "sequence between the printed '110.' and s.112 (cited by s.112-A)"),
    ("112", (333, None), None, "Nuisances in public streets and places", False,
     "s.112-A opens 'Notwithstanding anything contained in section 112'; the passage immediately before it"),
    ("112A", (346, "92[112-A. Stray"), "92[112-A. Stray cattle’s.—", None, True, None),
    ("112B", (346, "112-B. Penalty for"), "112-B. Penalty for allowing cattle to stray in streets or to trespass in public or private property.—", None, True, None),
    ("112C", (357, "112-C. Impounding"), "112-C. Impounding of cattles.—", None, True, None),
    ("112D", (360, "112-D. Delivery"), "112-D. Delivery of cattle claimed.—", None, True, None),
    ("112E", (362, "112-E. Sale of cattle"), "112-E. Sale of cattle not claimed.—", None, True, None),
    ("112F", (364, "112-F. Complaint"), "112-F. Complaint of illegal seizure or detention.—", None, True, None),
]

# Provisions printed more than once: node id -> version ids in printed order, with notes.
VERSIONS = {
    "sec_66__subsec_2": [
        ("sec_66__subsec_2__bdo_route", "older printed version (footnote 68): thirty days, then the Secretary forwards to the Block Development Officer; applicant may appeal within thirty days; the officer's own thirty days; deemed grant"),
        ("sec_66__subsec_2__fifteen_days", "newer printed version (footnote 69): deemed grant after fifteen days; one observation letter within seven days; clock stopped from dispatch to compliance"),
    ],
    "sec_66__subsec_2E": [
        ("sec_66__subsec_2E__thirty_days", "older printed version: occupancy certificate deemed issued after thirty days"),
        ("sec_66__subsec_2E__fifteen_days", "newer printed version (footnote 72): fifteen days, one observation letter within seven days, clock stopped from dispatch to compliance"),
    ],
    "sec_72__subsec_2A": [
        ("sec_72__subsec_2A__bdo_route", "older printed version (footnote 79): thirty days, forward to the Block Development Officer, appeal within thirty days, the officer's own thirty days, deemed licence"),
        ("sec_72__subsec_2A__seven_days", "newer printed version (footnote 80): deemed licence after seven days; one observation letter within three days; clock stopped from dispatch to compliance"),
    ],
    "sec_88__wrap": [
        ("sec_88__conviction", "original words: fine on conviction up to fifty rupees, ten rupees a day after first conviction"),
        ("sec_88__penalty", "amended words printed in square brackets: penalty up to one thousand rupees, five hundred a day after first imposition"),
    ],
    "sec_90__subsec_3": [
        ("sec_90__subsec_3__conviction", "original: fine on conviction up to one hundred rupees"),
        ("sec_90__subsec_3__penalty", "amended (square brackets): penalty up to one thousand rupees"),
    ],
    "sec_93__subsec_3": [
        ("sec_93__subsec_3__conviction", "original: fine on conviction up to fifty rupees"),
        ("sec_93__subsec_3__penalty", "amended (opened with a quotation mark, closed with a square bracket): penalty up to five hundred rupees"),
    ],
    "sec_110": [
        ("sec_110__conviction", "original: fine on conviction up to one hundred rupees"),
        ("sec_110__penalty", "amended (square brackets, with the number and heading '110. Using of ensive substance, etc.'): penalty up to one thousand rupees"),
    ],
    "sec_111__subsec_2": [
        ("sec_111__subsec_2__conviction", "original: fine up to one hundred rupees, up to five hundred on a subsequent conviction"),
        ("sec_111__subsec_2__penalty", "amended (printed second, closing square bracket): penalty up to one thousand rupees, up to five thousand on a subsequent contravention"),
    ],
    "sec_112__wrap": [
        ("sec_112__conviction", "original: fine on conviction up to one hundred rupees"),
        ("sec_112__penalty", "amended (square brackets): penalty up to one thousand rupees"),
    ],
    "sec_112B__subsec_1": [
        ("sec_112B__subsec_1__conviction", "original: fine up to two hundred rupees for a first offence, five hundred for a second or subsequent offence"),
        ("sec_112B__subsec_1__penalty", "amended (square brackets): penalty up to two thousand rupees for a first contravention, five thousand for a second or subsequent"),
    ],
    "sec_112C__subsec_2": [
        ("sec_112C__subsec_2__conviction", "original: imprisonment up to six months, or a fine of Rs. 1,000/-, or both"),
        ("sec_112C__subsec_2__penalty", "amended (square brackets): penalty of forty thousand rupees"),
    ],
}

# Pieces that are a section's closing words (after its clauses), printed in two versions.
WRAP_ANCHORS = {
    (240, "shall on conviction, be punished with fine which may extend to fifty"): "sec_88__wrap",
    (240, "[shall be liable to a penalty which may extend to one thousand"): "sec_88__wrap",
    (346, "shall, on conviction, be punished with fine which may extend to one hundred"): "sec_112__wrap",
    (346, "[shall be liable to a penalty which may extend to one thousand rupees]"): "sec_112__wrap",
}
WRAP_OF_SECTION_NODE: set[str] = set()
# Whole-section versions (s.110): the first piece of the section is the original,
# the bracketed piece is the amendment.
SECTION_VERSION_ANCHORS = {(327, "[110. Using of"): "sec_110"}

LIST_PREFIX = re.compile(r"^\s*(?:\d+\.\s+|•\s+)")
FOOTNOTE = re.compile(r"^(?:\d+\[|\[|“)")
MARK = re.compile(r"^\((\d+[A-Z]?|[a-z]{1,4})\)\s*")
ROMAN = {"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"}

NOTES = {
    "chap_3": "the chapter heading is printed twice ('Chapter III Chapter III'); recorded once",
    "sec_61__subsec_1__clause_d": "the provisos that follow clause (d) are run into it in the seed and broken by a page break after 'maintenance of a'; the two halves are joined here",
    "sec_63__subsec_1__clause_ii__subclause_a": "printed as '(a)' at the same indent as the clauses; read as a sub-clause of clause (ii) (the Social Justice Committee's functions)",
    "sec_63__subsec_1__clause_iii": "printed indented under (ii)(c); read as a clause of sub-section (1) (the third committee)",
    "sec_64__subsec_1__clause_d": "clauses (d) to (m) are an inserted block (footnote 63, closing bracket after (m)); '64[rupees five thousand]' is itself an amended figure",
    "sec_64__subsec_1__clause_i": "printed indented as if a sub-clause; it is clause (i), following (h)",
    "sec_66__subsec_1__proviso_1": "printed as 'Provided further that' (footnote 67); no first proviso is printed",
    "sec_66__expl": "truncated in the seed after 'remiss in the performance of duties by the'",
    "sec_68": "the printed heading is truncated to 'machinery.—'",
    "sec_72__subsec_3": "printed split across two list items: '1. (3) ... under sub-section' and '2. (2) may, within thirty days'; the '(2)' is the reference 'sub-section (2)', not a new sub-section",
    "sec_72A__subsec_2": "printed '3. (2)'; ends with a colon and nothing after it",
    "sec_76__subsec_1__clause_iv": "the closing words of sub-section (1) ('such building or part of it ... therefrom') are run into clause (iv) as printed",
    "sec_84__clause_b": "printed across a page break after 'in such'",
    "sec_102__subsec_3": "garbled as printed: 'situated at a distance, then such drain shall empty into such cess pool' — words appear to be missing (see misprints)",
    "sec_112F__expl": "the seed ends mid-sentence after 'elephants, camels,'",
}

SUBCLAUSE_SECTIONS = {"84", "112"}  # roman numerals under lettered clauses


def pieces_from_seed(path: Path):
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for no, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        splits = sorted((raw.find(a), a) for (ln, a) in INLINE_SPLITS if ln == no)
        for pos, a in splits:
            if pos < 0:
                raise SystemExit(f"anchor not found on line {no}: {a!r}")
        cuts = [0] + [p for p, _ in splits] + [len(raw)]
        anchors = [None] + [a for _, a in splits]
        for i in range(len(cuts) - 1):
            seg = raw[cuts[i]:cuts[i + 1]]
            if seg.strip():
                out.append({"line": no, "anchor": anchors[i], "text": seg.strip()})
    return out


def main():
    seed = Path(sys.argv[1]) if len(sys.argv) > 1 else SEED
    pieces = pieces_from_seed(seed)
    starts = {(s[1][0], s[1][1]): s for s in SECTIONS}
    nodes = [{"id": "chap_3", "kind": "chapter", "num": "III",
              "heading": "Functions, Duties and Powers of Panchayats, Sarpanch and Deputy Sarpanch",
              "number": "printed", "text": "", "seed_line": 1, "note": NOTES["chap_3"]}]
    byid = {}
    versions_seen = {}
    current = None
    sec = None
    sub = clause = last = None
    for p in pieces:
        if p["line"] < 5:
            continue
        key = (p["line"], p["anchor"])
        if key in starts:
            num, _, printed_heading, desc, printed, inferred = starts[key]
            sec = {"id": f"sec_{num}", "kind": "section", "num": re.sub(r"(\d)([A-F])$", r"\1-\2", num),
                   "parent": "chap_3"}
            text = p["text"]
            if printed_heading:
                assert text.startswith(printed_heading), (num, text[:80])
                heading = re.sub(r"^\d+\[", "", printed_heading).rstrip("—").rstrip(".").strip()
                heading = re.sub(r"^\d+-[A-F]\.\s*", "", heading)
                text = text[len(printed_heading):].strip()
                sec["heading"] = heading if desc is None else desc
                sec["heading_printed"] = heading
            else:
                sec["heading"] = desc
            sec["number"] = "printed" if printed else "inferred"
            if inferred:
                sec["inferred_from"] = inferred
            sec["text"] = ""
            sec["seed_line"] = p["line"]
            if not printed_heading:
                sec["note"] = "no heading printed; the heading is descriptive"
            nodes.append(sec)
            byid[sec["id"]] = sec
            sub = clause = None
            last = sec
            current = sec
            p = dict(p, text=text)
            if not text:
                continue
        text = LIST_PREFIX.sub("", p["text"])
        if key in SECTION_VERSION_ANCHORS:
            vid = SECTION_VERSION_ANCHORS[key]
            versions_seen.setdefault(vid, []).append({"text": text, "line": p["line"], "kind": "version"})
            last = versions_seen[vid][-1]
            continue
        if key in WRAP_ANCHORS:
            wid = WRAP_ANCHORS[key]
            if wid in WRAP_OF_SECTION_NODE:
                sec["text"] = (sec["text"] + " " + text).strip()
                last = sec
            else:
                versions_seen.setdefault(wid, []).append({"text": text, "line": p["line"], "kind": "version"})
                last = versions_seen[wid][-1]
            continue
        if key in FOLD_INTO_PREVIOUS:
            last["text"] += " " + text
            continue
        body = FOOTNOTE.sub("", text)
        m = MARK.match(body)
        kind = num = None
        if body.startswith("Provided"):
            kind = "proviso"
        elif body.startswith("Explanation"):
            kind = "explanation"
        elif m:
            tok = m.group(1)
            if re.fullmatch(r"\d+[A-Z]?", tok):
                kind, num = "subsection", tok
            elif tok in ROMAN and not (tok == "i" and clause and clause["num"] == "h") and not (
                    tok in ("v", "x") and clause and clause["num"] in ("u", "w")):
                roman_under_letter = (sec["num"] in SUBCLAUSE_SECTIONS and clause is not None
                                      and clause["num"] not in ROMAN)
                if roman_under_letter or (clause is not None and clause.get("kind") == "subclause_parent"):
                    kind, num = "subclause", tok
                else:
                    kind, num = "clause", tok
            else:
                kind, num = "clause", tok
            if sec["num"] == "63" and kind == "clause" and tok in ("a", "b", "c") and sub and sub["num"] == "1":
                kind = "subclause"
        if kind is None:
            if last is None or (last is sec and not sec["text"]):
                sec["text"] = (sec["text"] + " " + text).strip()
                last = sec
            else:
                last["text"] += " " + text
            continue
        # build the node
        if kind == "subsection":
            parent = sec
            nid = f"{sec['id']}__subsec_{num}"
        elif kind == "clause":
            parent = sub or sec
            nid = f"{parent['id']}__clause_{num}"
        elif kind == "subclause":
            parent = clause
            if parent is None:
                raise SystemExit(f"sub-clause with no clause at line {p['line']}")
            nid = f"{parent['id']}__subclause_{num}"
        elif kind == "proviso":
            if last is not None and last.get("kind") in ("subsection", "section"):
                parent = last
            elif last is not None and last.get("kind") == "proviso":
                parent = byid[last["parent"]]
            else:
                parent = sub or sec
            n = sum(1 for x in nodes if x.get("parent") == parent["id"] and x["kind"] == "proviso") + 1
            nid = f"{parent['id']}__proviso_{n}"
        else:
            parent = sec
            nid = f"{sec['id']}__expl"
        if nid in VERSIONS or any(nid.startswith(v + "__") for v in VERSIONS):
            base = nid if nid in VERSIONS else next(v for v in VERSIONS if nid.startswith(v + "__"))
            lst = versions_seen.setdefault(base, [])
            if nid == base:
                lst.append({"text": text, "line": p["line"], "kind": "version"})
            else:
                lst[-1]["text"] += " " + text
            last = lst[-1]
            if kind == "subsection":
                sub = byid.get(base) or {"id": base, "kind": "subsection", "num": num}
                clause = None
            continue
        if nid in byid:
            raise SystemExit(f"duplicate id {nid} at line {p['line']}")
        node = {"id": nid, "kind": kind}
        if num:
            node["num"] = num
        node["parent"] = parent["id"]
        node["text"] = text
        node["seed_line"] = p["line"]
        if nid in NOTES:
            node["note"] = NOTES[nid]
        nodes.append(node)
        byid[nid] = node
        if kind == "subsection":
            sub, clause = node, None
        elif kind == "clause":
            clause = node
        last = node

    # versioned nodes
    for base, vers in VERSIONS.items():
        seen = versions_seen.get(base, [])
        if base == "sec_110":
            seen = [{"text": byid["sec_110"]["text"], "line": byid["sec_110"]["seed_line"]}] + seen
            byid["sec_110"]["text"] = ""
        if len(seen) != len(vers):
            raise SystemExit(f"{base}: expected {len(vers)} printed versions, found {len(seen)}")
        if base.endswith("__wrap"):
            secnode = byid[base.split("__")[0]]
            secnode["versions"] = [{"id": vid, "text": s["text"], "seed_line": s["line"], "note": note}
                                   for (vid, note), s in zip(vers, seen, strict=True)]
            secnode["note"] = (secnode.get("note", "") + "; the closing (penalty) words are printed in two versions, recorded under versions").lstrip("; ")
            continue
        if base == "sec_110":
            node = byid["sec_110"]
        else:
            sid = base.split("__")[0]
            parts = base.split("__")
            num = parts[-1].replace("subsec_", "")
            node = {"id": base, "kind": "subsection", "num": num, "parent": sid, "text": "",
                    "seed_line": seen[0]["line"]}
            # insert after the last node of the preceding sibling
            idx = max(i for i, x in enumerate(nodes) if x["id"] == sid or x["id"].startswith(sid + "__"))
            # keep printed order: place before the first node printed after it
            later = [i for i, x in enumerate(nodes) if (x["id"].startswith(sid + "__")) and x.get("seed_line", 0) > seen[0]["line"]]
            nodes.insert(min(later) if later else idx + 1, node)
        node["versions"] = [{"id": vid, "text": s["text"], "seed_line": s["line"], "note": note}
                            for (vid, note), s in zip(vers, seen, strict=True)]
        node["note"] = "printed in two versions; a body chooses which is in force (see procedures and interpretations)"
        byid[base] = node

    for n in nodes:
        n["text"] = re.sub(r"\s+", " ", n["text"]).strip()
        if n["id"] in NOTES and "note" not in n:
            n["note"] = NOTES[n["id"]]
    yaml.safe_dump({"act": "goa_panchayat_raj_1994", "seed": seed.name, "nodes": nodes}, sys.stdout,
                   allow_unicode=True, sort_keys=False, width=110)


if __name__ == "__main__":
    print("extract_goa_panchayat_raj_1994: the output lacks the nodes added by hand in issue 16; "
          "do not write it over text.yaml", file=sys.stderr)
    main()
