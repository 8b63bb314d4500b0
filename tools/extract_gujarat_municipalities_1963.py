"""Build text.yaml for the Gujarat Municipalities Act, 1963 — Chapter XI, from seed 004.

The seed prints no section numbers. The table below gives, for each section, the seed lines it
occupies, the run-in heading (marginal notes) to strip from its first line, the passages printed
twice (skipped, with a note), and where the number comes from (a cross-reference inside the text,
or its position between two numbers fixed by cross-references).

Run:  .venv/bin/python tools/extract_gujarat_municipalities_1963.py [--out FILE]
Writes FILE (by default a scratch file beside text.yaml), never text.yaml itself: text.yaml is the
committed artefact and has been edited by hand since this first cut (the fifth '[Repealed]' entry
s.237, the run-in provisos of ss.151(3), 155(5), 185(2) and 190(3), the paragraphs of s.211(1), the
closing words of the s.155 Explanation and of s.221(1), notes) — regenerating it would lose them
and rename nothing back. The script is kept so the first split can be re-done and compared.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SEED = Path("/work/shared/seeds/004_951c4124446ff400.txt")
TEXT = ROOT / "src/adhiniyam/acts/gujarat_municipalities_1963/text.yaml"
OUT = TEXT.with_name("text.first_cut.yaml")  # never text.yaml: see the module's docstring

POS = "position: printed between s.{a} and s.{b}, whose numbers are fixed by cross-references"

# num, first line, last line, run-in heading printed (stripped from the first line), clean heading,
# sub-headings, inferred_from, skips [(a, b)], truncations {line: keep-up-to-and-including}, note
S = [
    ("148", 3, 5, None, None, {}, "position: the first section printed in the Chapter, immediately before s.149 (new streets), which immediately precedes s.150", [], {}, "no heading printed (subject: declaring a private street a public street); the sections of Chapter XI before s.148, if any, are not in the seed"),
    ("149", 7, 23, None, None, {}, "position: immediately before s.150 (regular line), fixed by s.151(1) 'as prescribed under section 150'; s.229(1) proviso (b) lists 'sub-section (1) of section 149' among orders, which fits the executive committee's orders fixing a new street under s.149(1)", [], {}, "no heading printed (subject: new streets)"),
    ("150", 25, 61, None, None, {}, "s.151(1) 'the regular line of a public street as prescribed under section 150'; s.155(1) 'which the chief officer is empowered by section 150 to give permission'", [(51, 61)], {49: "in accordance with the provisions of such notice."}, "no heading printed (subject: regular line of public streets); sub-sections (3) and (4) printed twice (lines 37-49 and 49-61), recorded once"),
    ("151", 63, 83, "(1) Setting back projecting buildings. (2) Acquisition of land which is within the regular line of a street and open or occupied only by platform etc. (3) Compensation payable by the municipality. (2) Powers to regulate buildings, etc.", "Setting back projecting buildings", {"2": "Acquisition of land which is within the regular line of a street and open or occupied only by platform etc.", "3": "Compensation payable by the municipality"}, "s.155(1) 'in respect of which the executive committee is empowered by section 151 to enforce a removal or set back'", [(71, 75)], {}, "marginal notes printed on line 63 before the section; the last of them, '(2) Powers to regulate buildings, etc.', reads as the heading of a sub-chapter; sub-section (1) printed twice (line 71 breaks off after 'after giving the owner of the land' into a repeat of (1)); recorded once from lines 65-69 and 77"),
    ("152", 85, 87, "Setting forward to regular line of street.", "Setting forward to regular line of street", {}, POS.format(a=151, b=155), [], {}, None),
    ("153", 89, 95, "(1) Roofs and external wall of buildings not to be made of inflammable materials. (2) Powers of require removal of roof and wall if inflammable. (4) Penalty.", "Roofs and external wall of buildings not to be made of inflammable materials", {"2": "Powers of require removal of roof and wall if inflammable", "4": "Penalty"}, POS.format(a=151, b=155), [], {}, None),
    ("154", 97, 97, "Level of buildings.", "Level of buildings", {}, POS.format(a=151, b=155), [], {}, None),
    ("155", 99, 151, "(1) Notice of new buildings. (2) Power to chief officer to pass order. (4) Power to suspend the work or require further particulars. (5) Right to proceed in certain cases. (6) Commencement of work.", "Notice of new buildings", {"2": "Power to chief officer to pass order", "4": "Power to suspend the work or require further particulars", "5": "Right to proceed in certain cases", "6": "Commencement of work"}, "s.156(1) 'given notice to the chief officer under subsection (1) of section 155'; s.150(3)(a) 'the permission of the chief officer under section 155'; s.157(1)", [(107, 113)], {}, "sub-sections (1) to (4) printed twice: line 107 breaks off after '(a) a provisional order ... shall not be proceeded with, or' into a repeat of (1)-(4); recorded once from lines 99-105 and 115 onwards"),
    ("156", 153, 161, None, None, {}, "position: immediately after s.155 and before s.157; its text refers to 'sub-section (1) of section 155'", [], {}, "no heading printed (subject: refusal where the land is proposed to be acquired)"),
    ("157", 163, 181, "Completion certificates permission to occupy or use.", "Completion certificates permission to occupy or use", {}, POS.format(a=155, b=160), [], {}, None),
    ("158", 183, 183, "Regulation of huts.", "Regulation of huts", {}, POS.format(a=155, b=160), [], {}, None),
    ("159", 185, 199, None, None, {}, POS.format(a=155, b=160), [], {}, "no heading printed (subject: insanitary huts and sheds)"),
    ("160", 201, 203, "Municipal control over drains etc.", "Municipal control over drains etc.", {}, "s.229(1) proviso (b) 'under sections 160, 162, 167 or 168' (an order or requisition: s.160(2) notice to provide traps); position between s.157 and s.162", [], {}, None),
    ("161", 205, 211, "Powers for making and repairing drains.", "Powers for making and repairing drains", {}, POS.format(a=160, b=162), [], {}, None),
    ("162", 213, 217, "Power to require sufficient drainage of houses.", "Power to require sufficient drainage of houses", {}, "s.229(1) proviso (a) 'without prejudice to its powers under section 162' (drainage of houses, in a proviso about drainage schemes) and proviso (b) 'requisition ... under sections 160, 162'", [], {}, None),
    ("163", 219, 225, "New buildings not to be erected without drains.", "New buildings not to be erected without drains", {}, POS.format(a=162, b=164), [], {}, None),
    ("164", 227, 231, "Powers of owners and occupiers of buildings or lands to drain into municipal drains.", "Powers of owners and occupiers of buildings or lands to drain into municipal drains", {}, "s.229(1) proviso (b) 'where permission has been given under section 164' (the chief officer's written permission to drain into a municipal drain)", [], {}, None),
    ("165", 233, 251, None, None, {}, "s.166 'a drain has been carried under section 165 whilst such land was unbuilt upon' (a drain carried through another person's land)", [], {}, "no heading printed (subject: connecting a drain through another person's land)"),
    ("166", 253, 253, None, None, {}, POS.format(a=165, b=167), [], {}, "no heading printed"),
    ("167", 255, 259, "Provisions of privies, etc.", "Provisions of privies, etc.", {}, "s.229(1) proviso (b) 'under sections 160, 162, 167 or 168' (requisitions to provide privies)", [], {259: "which he deems to be a nuisance."}, "line 259 runs on, after 'which he deems to be a nuisance.', into the last words of s.167A(1) ('extended by the Chief Officer for any reasonable cause ... Chapter IX of this Act.') and lines 261-269 repeat s.167A(2)-(5) and its Explanation; those are recorded once under s.167A"),
    ("167A", 271, 281, None, None, {}, "inserted section: printed between s.167 and s.168 (both fixed by s.229(1) proviso (b)); the count from s.165 to s.176 leaves no whole number for it; its text (Chief Officer in capitals, the Bombay Rents Act, 1947) reads as a later insertion", [], {}, "no heading printed (subject: water-closet or privy accommodation); sub-sections (2)-(5) and the Explanation printed twice (lines 261-269 and 273-281), recorded once"),
    ("168", 283, 285, "Power to require owners to keep drains, etc., in proper order or to demolish or close a privy or cesspool.", "Power to require owners to keep drains, etc., in proper order or to demolish or close a privy or cesspool", {}, "s.229(1) proviso (b) 'under sections 160, 162, 167 or 168' (requisitions to repair drains); position after s.167A", [], {}, None),
    ("169", 287, 287, "Power to close existing private drains.", "Power to close existing private drains", {}, POS.format(a=168, b=176), [], {}, None),
    ("170", 289, 295, "Power in respect of sewers, etc., unauthorizedly constructed, rebuilt or unstopped.", "Power in respect of sewers, etc., unauthorizedly constructed, rebuilt or unstopped", {}, POS.format(a=168, b=176), [], {}, None),
    ("171", 297, 301, "Encroachments on municipal drains.", "Encroachments on municipal drains", {}, POS.format(a=168, b=176), [], {}, None),
    ("172", 303, 305, "(1) Inspection of drains etc. (2) Expense of inspection when to be borne by the Municipality.", "Inspection of drains etc.", {"2": "Expense of inspection when to be borne by the Municipality"}, POS.format(a=168, b=176), [], {}, None),
    ("173", 307, 309, None, None, {}, POS.format(a=168, b=176), [], {}, "no heading printed (subject: works executed by municipal agency)"),
    ("174", 311, 311, None, None, {}, POS.format(a=168, b=176), [], {}, "no heading printed (subject: drainage appliances as municipal property)"),
    ("175", 313, 313, None, None, {}, POS.format(a=168, b=176), [], {}, "no heading printed (subject: water mains)"),
    ("176", 315, 329, None, None, {}, "s.150(3)(a) 'Except under the provisions of section 176'; s.185(5) 'any projection duly authorized under sub-section (1) of section 176'", [], {}, "no heading printed (subject: projections over streets)"),
    ("177", 331, 331, None, None, {}, POS.format(a=176, b=182), [], {}, "no heading printed (subject: roof water troughs and pipes)"),
    ("178", 333, 333, "Fixing of lamps, brackets, etc., to houses.", "Fixing of lamps, brackets, etc., to houses", {}, POS.format(a=176, b=182), [], {}, None),
    ("179", 335, 341, "Naming streets and numbering of premises; penalty for defacing etc.", "Naming streets and numbering of premises; penalty for defacing etc.", {}, POS.format(a=176, b=182), [], {}, None),
    ("180", 343, 349, None, None, {}, POS.format(a=176, b=182), [], {}, "no heading printed (subject: posting bills and defacing buildings)"),
    ("181", 351, 351, "Removal and trimming of hedges, trees, etc.", "Removal and trimming of hedges, trees, etc.", {}, POS.format(a=176, b=182), [], {}, None),
    ("182", 353, 359, "(1) Ruinous or dangerous buildings; precautionary measures. (2) Repairs to be made by owner or occupier; default by such.", "Ruinous or dangerous buildings; precautionary measures", {"2": "Repairs to be made by owner or occupier; default by such"}, "s.150(3)(c) proviso and s.151(3) 'cases to which section 182 applies'; s.151(4) 'a ruinous or dangerous building ... taken down under the provisions of section 182'", [], {}, None),
    ("183", 361, 379, "(1) Powers and duties with regard to dangerous, stagnant or insanitary sources of water supply. (2) Remedy on non-compliance with directions issued.", "Powers and duties with regard to dangerous, stagnant or insanitary sources of water supply", {"2": "Remedy on non-compliance with directions issued"}, POS.format(a=182, b=199), [(381, 395)], {379: "be paid from the municipal fund."}, "clauses (a)-(g) of sub-section (1), sub-section (2) and its proviso printed twice (lines 363-379 and 379-395), recorded once"),
    ("184", 397, 399, None, None, {}, POS.format(a=182, b=199), [], {}, "no heading printed (subject: displacing pavements and municipal property)"),
    ("185", 401, 415, "Obstructions and encroachments upon public streets and open spaces.", "Obstructions and encroachments upon public streets and open spaces", {}, POS.format(a=182, b=199), [], {}, None),
    ("186", 417, 423, "Hoards to be set up during repairs, etc.", "Hoards to be set up during repairs, etc.", {}, POS.format(a=182, b=199), [], {}, None),
    ("187", 425, 427, "Fencing and lighting during repairs, etc.", "Fencing and lighting during repairs, etc.", {}, POS.format(a=182, b=199), [], {}, None),
    ("188", 429, 431, None, None, {}, POS.format(a=182, b=199), [], {}, "no heading printed (subject: holes and building materials in streets)"),
    ("189", 433, 439, None, None, {}, POS.format(a=182, b=199), [], {}, "no heading printed (subject: dangerous quarries)"),
    ("190", 441, 449, "Provision as to dogs.", "Provision as to dogs", {}, POS.format(a=182, b=199), [], {}, None),
    ("191", 451, 455, None, None, {}, POS.format(a=182, b=199), [], {}, "no heading printed (subject: keeping pigs)"),
    ("192", 457, 459, "Depositing dust, etc., committing nuisance.", "Depositing dust, etc., committing nuisance", {}, POS.format(a=182, b=199), [], {}, None),
    ("193", 461, 461, "Discharging sewage, etc.", "Discharging sewage, etc.", {}, POS.format(a=182, b=199), [], {}, None),
    ("194", 463, 463, "Non removal of filth, etc.", "Non removal of filth, etc.", {}, POS.format(a=182, b=199), [], {}, None),
    ("195", 465, 483, None, None, {}, POS.format(a=182, b=199), [], {}, "no heading printed (subject: removal of night-soil)"),
    ("196", 485, 495, None, None, {}, POS.format(a=182, b=199), [], {}, "no heading printed (subject: filthy land and dilapidated buildings)"),
    ("197", 497, 499, None, None, {}, POS.format(a=182, b=199), [], {}, "no heading printed (subject: buildings unfit for human habitation)"),
    ("198", 501, 501, None, None, {}, POS.format(a=182, b=199), [], {}, "no heading printed (subject: entry to inspect and lime-washing)"),
    ("199", 503, 505, None, None, {}, "s.201 'in disobedience of any order of the municipality under section 199' (setting apart places for bathing and washing)", [], {}, "no heading printed (subject: bathing and washing places)"),
    ("200", 507, 511, None, None, {}, POS.format(a=199, b=214), [], {}, "no heading printed (subject: washing places for washermen)"),
    ("201", 513, 513, "Fouling water.", "Fouling water", {}, POS.format(a=199, b=214), [], {}, None),
    ("202", 515, 531, None, None, {}, POS.format(a=199, b=214), [], {}, "no heading printed (subject: mosquito breeding places; new wells and tanks)"),
    ("203", 533, 533, "Using offensive manure, etc.", "Using offensive manure, etc.", {}, POS.format(a=199, b=214), [], {}, None),
    ("204", 535, 539, "Tethering cattle, etc.", "Tethering cattle, etc.", {}, POS.format(a=199, b=214), [], {}, None),
    ("205", 541, 541, "Feeding animals on filth.", "Feeding animals on filth", {}, POS.format(a=199, b=214), [], {}, None),
    ("206", 543, 547, "Consumption of smoke.", "Consumption of smoke", {}, POS.format(a=199, b=214), [], {}, None),
    ("207", 549, 555, "Licensing markets and slaughter-houses.", "Licensing markets and slaughter-houses", {}, POS.format(a=199, b=214), [], {}, None),
    ("208", 557, 559, "Opening, closing and letting of markets and slaughter-house.", "Opening, closing and letting of markets and slaughter-house", {}, POS.format(a=199, b=214), [], {}, None),
    ("209", 561, 561, "Power to remove persons from municipal markets.", "Power to remove persons from municipal markets", {}, POS.format(a=199, b=214), [], {}, None),
    ("210", 563, 563, None, None, {}, POS.format(a=199, b=214), [], {}, "no heading printed (subject: slaughter-houses beyond the borough)"),
    ("211", 565, 577, "(1) Search for and inspection of unwholesome articles. (2) Application for summons to be refused if not applied for within reasonable time.", "Search for and inspection of unwholesome articles", {"2": "Application for summons to be refused if not applied for within reasonable time"}, POS.format(a=199, b=214), [], {}, None),
    ("212", 579, 579, "Powers of inspection of weights and measures, etc.", "Powers of inspection of weights and measures, etc.", {}, POS.format(a=199, b=214), [], {}, None),
    ("213", 581, 593, "Licensing of dairies.", "Licensing of dairies", {}, POS.format(a=199, b=214), [], {}, None),
    ("214", 595, 633, None, None, {}, "s.215(5)(a) 'any power conferred on it under section 214 or under this section'; s.216(1) 'The State Government, in the case of section 214'", [], {633: "fine which may extend to one hundred rupees."}, "no heading printed (subject: dangerous disease declared by the State Government); line 633 repeats the end of sub-section (4) ('exercise of any power ... Rs. 100.'), recorded once"),
    ("215", 635, 659, None, None, {}, "s.216(1) 'the Collector, in the case of section 215'", [], {}, "no heading printed (subject: outbreak notified by the Collector)"),
    ("216", 661, 669, "Withdrawal and modification of powers and orders.", "Withdrawal and modification of powers and orders", {}, POS.format(a=215, b=226), [], {}, None),
    ("217", 671, 671, "Duties of municipality in respect of diseases among cattle.", "Duties of municipality in respect of diseases among cattle", {}, POS.format(a=215, b=226), [], {}, None),
    ("218", 673, 681, "Proceedings to abate the overcrowding of the interiors of building.", "Proceedings to abate the overcrowding of the interiors of building", {}, POS.format(a=215, b=226), [], {}, None),
    ("219", 683, 711, None, None, {}, POS.format(a=215, b=226), [], {}, "no heading printed (subject: areas at risk of disease)"),
    ("220", 713, 717, None, None, {}, POS.format(a=215, b=226), [], {}, "no heading printed (subject: closing places for the disposal of the dead)"),
    ("221", 719, 801, "Regulation of certain trades.", "Regulation of certain trades", {}, POS.format(a=215, b=226), [(771, 799)], {769: "mentioned in sub-section (1)."}, "clauses (j)-(s), the Explanations and sub-sections (2)-(3) printed twice (lines 739-769 and 769-799), recorded once"),
    ("222", 803, 809, "Prohibition of use of steam whistles, etc.", "Prohibition of use of steam whistles, etc.", {}, POS.format(a=215, b=226), [], {}, None),
    ("223", 811, 813, "Loitering or importuning for purpose of prostitution.", "Loitering or importuning for purpose of prostitution", {}, POS.format(a=215, b=226), [], {}, None),
    ("224", 815, 821, None, None, {}, POS.format(a=215, b=226), [], {}, "no heading printed (subject: licences to lodge pilgrims)"),
    ("225", 823, 823, None, None, {}, POS.format(a=215, b=226), [], {}, "no heading printed (subject: aid to the fire-brigade)"),
    ("226", 825, 875, "(1) Service of notices, etc. addressed to individuals. (2) Service of notices on owners or occupiers of buildings and lands. (3) Public and general notices how to be published. (4) Defective form not to invalidate notice. (5) Execution of acts required to be done by any notice.", "Service of notices, etc. addressed to individuals", {"2": "Service of notices on owners or occupiers of buildings and lands", "3": "Public and general notices how to be published", "4": "Defective form not to invalidate notice", "5": "Execution of acts required to be done by any notice"}, "s.219(2)(c) 'general notice published in the manner provided in sub-section (3) of section 226' (public and general notices)", [(849, 869)], {847: "No notice or bill shall be invalid for defect of form."}, "sub-sections (1)-(4) printed twice (lines 825-847 and 847-869), recorded once"),
    ("227", 877, 879, "Punishment for disobedience of order and notice not punishable under any other section.", "Punishment for disobedience of order and notice not punishable under any other section", {}, "position: after s.226", [], {}, None),
    ("228", 881, 881, "General penalty.", "General penalty", {}, "position: after s.226", [], {}, None),
    ("229", 883, 901, "(1) Municipality in default of owner or occupier may execute works and recover expenses. (a) Agreement for construction of drainage and water connections. (b) Improvement expenses. (2) Power to levy charges on occupier who may deduct the same from his rent. (3) Occupiers not to be liable for more than the amount of rent due.", "Municipality in default of owner or occupier may execute works and recover expenses", {"2": "Power to levy charges on occupier who may deduct the same from his rent", "3": "Occupiers not to be liable for more than the amount of rent due"}, "position: after s.226", [(889, 893)], {}, "sub-section (1) printed twice: line 889 breaks off in proviso (b) ('under sub-section (1)') into a repeat of (1); recorded once from lines 883-887 and 895"),
    ("230", 903, 903, "Occupier in default of owner, may execute works and deduct expenses from his rent.", "Occupier in default of owner, may execute works and deduct expenses from his rent", {}, "position: after s.226", [], {}, None),
    ("231", 905, 905, None, None, {}, "position: after s.226", [], {}, "no heading printed (subject: occupier preventing the owner from complying)"),
    ("232", 907, 907, "Liability of persons receiving rent as owners subject to availability of funds.", "Liability of persons receiving rent as owners subject to availability of funds", {}, "position: after s.226", [], {}, None),
    ("233", 909, 909, None, None, {}, "position: the first of four entries printed '[Repealed]' after s.232", [], {}, "printed '[Repealed]'; the numbers 233-236 are the next four after s.232 and are the least certain in this pack"),
    ("234", 911, 911, None, None, {}, "position: second '[Repealed]' entry after s.232", [], {}, "printed '[Repealed]'"),
    ("235", 913, 913, None, None, {}, "position: third '[Repealed]' entry after s.232", [], {}, "printed '[Repealed]'"),
    ("236", 915, 915, None, None, {}, "position: fourth '[Repealed]' entry after s.232", [], {}, "printed '[Repealed]'"),
]

# closing words printed after a list attach to the subsection (or section) by default; these go elsewhere
CLOSING_TARGET = {647: "sec_215__subsec_3__clause_a"}
ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii"]
MARK = re.compile(r"^\((\d+[A-Z]?|[a-z]{1,4})\)\s*")


def is_intro(text: str) -> bool:
    t = text.rstrip()
    return t.endswith(("-", ":", "—", ":-", "namely :-", "namely:-"))


class Node(dict):
    pass


def build():
    lines = SEED.read_text(encoding="utf-8").split("\n")
    nodes = [{"id": "chap_11", "kind": "chapter", "num": "XI", "heading": "MUNICIPAL POWERS AND OFFENCES",
              "number": "printed", "text": "", "seed_line": 1}]
    ids = set()

    def add(node):
        if node["id"] in ids:
            raise SystemExit(f"duplicate id {node['id']}")
        ids.add(node["id"])
        nodes.append(node)
        return node

    for (num, a, b, prefix, heading, subheads, inferred, skips, truncs, note) in S:
        sid = f"sec_{num}"
        paras = []
        for ln in range(a, b + 1):
            if any(x <= ln <= y for x, y in skips):
                continue
            t = lines[ln - 1].strip()
            if not t:
                continue
            if ln in truncs:
                k = t.index(truncs[ln]) + len(truncs[ln])
                t = t[:k]
            if ln == a and prefix:
                assert t.startswith(prefix), (num, t[:80])
                t = t[len(prefix):].strip()
                if not t:
                    continue
            paras.append((ln, t))
        sec = {"id": sid, "kind": "section", "num": num, "parent": "chap_11"}
        if heading:
            sec["heading"] = heading
        sec["number"] = "inferred"
        sec["inferred_from"] = inferred
        sec["text"] = ""
        sec["seed_line"] = a
        notes = []
        if prefix and prefix.count(") ") > 1:
            notes.append(f"marginal notes printed run-in before the text: {prefix!r}")
        elif prefix:
            notes.append("heading printed run-in with the first words; separated")
        if note:
            notes.append(note)
        if notes:
            sec["note"] = "; ".join(notes)
        add(sec)
        cur_sub = None
        cur_prov = None
        cur_clause = None
        cur_subcl = None
        n_prov = {}
        n_expl = [0]

        def container():
            if cur_prov is not None and is_intro(cur_prov["text"]):
                return cur_prov
            return cur_sub if cur_sub is not None else sec

        for ln, t in paras:
            if t == "[Repealed]":
                sec["text"] = t
                continue
            if t.startswith("Explanation"):
                n_expl[0] += 1
                cur_prov = add({"id": f"{sid}__expl_{n_expl[0]}", "kind": "explanation", "parent": sid,
                                "number": "printed", "text": t, "seed_line": ln})
                cur_clause = cur_subcl = None
                continue
            if t.startswith("Provided"):
                par = cur_sub if cur_sub is not None else sec
                n_prov[par["id"]] = n_prov.get(par["id"], 0) + 1
                cur_prov = add({"id": f"{par['id']}__proviso_{n_prov[par['id']]}", "kind": "proviso",
                                "parent": par["id"], "number": "printed", "text": t, "seed_line": ln})
                cur_clause = cur_subcl = None
                continue
            marks = []
            while True:
                m = MARK.match(t)
                if not m:
                    break
                marks.append(m.group(1))
                t = t[m.end():]
            if not marks:
                target = CLOSING_TARGET.get(ln)
                tn = next(n for n in nodes if n["id"] == target) if target else (cur_sub if cur_sub is not None else sec)
                tn["text"] = (tn["text"] + "\n" if tn["text"] else "") + t
                continue
            for j, mk in enumerate(marks):
                body = t if j == len(marks) - 1 else ""
                if mk[0].isdigit():
                    cur_sub = add({"id": f"{sid}__subsec_{mk}", "kind": "subsection", "num": mk, "parent": sid,
                                   **({"heading": subheads[mk]} if mk in subheads else {}),
                                   "number": "printed", "text": body, "seed_line": ln})
                    cur_prov = cur_clause = cur_subcl = None
                    continue
                roman = mk in ROMAN
                sub_of_clause = False
                if cur_clause is not None:
                    subs = cur_clause.setdefault("_subs", [])
                    if roman:
                        if subs and subs[-1] in ROMAN and ROMAN.index(subs[-1]) + 1 < len(ROMAN) and ROMAN[ROMAN.index(subs[-1]) + 1] == mk:
                            sub_of_clause = True
                        elif mk == "i" and "i" not in subs and (cur_clause["_label"] != "h" or is_intro(cur_clause["text"])) and cur_clause["_label"] not in ROMAN:
                            sub_of_clause = True
                    else:
                        if cur_clause["_label"] in ROMAN and (subs or is_intro(cur_clause["text"])):
                            sub_of_clause = True
                if sub_of_clause:
                    cur_clause["_subs"].append(mk)
                    cur_subcl = add({"id": f"{cur_clause['id']}__subclause_{mk}", "kind": "subclause", "num": mk,
                                     "parent": cur_clause["id"], "number": "printed", "text": body, "seed_line": ln})
                    continue
                par = container()
                cur_clause = add({"id": f"{par['id']}__clause_{mk}", "kind": "clause", "num": mk, "parent": par["id"],
                                  "number": "printed", "text": body, "seed_line": ln, "_label": mk})
                cur_subcl = None
    # s.221(1): the two requirements (i), (ii) follow the closing words printed with clause (s);
    # they belong to the whole sub-section, not to clause (s)
    for n in nodes:
        if n["id"].startswith("sec_221__subsec_1__clause_s__subclause_"):
            r = n["id"].rsplit("_", 1)[1]
            n["id"] = f"sec_221__subsec_1__requirement_{r}"
            n["kind"] = "clause"
            n["parent"] = "sec_221__subsec_1"
            n["note"] = ("printed after clause (s), whose last words ('the executive committee may by written notice "
                         "require the owner or occupier-') govern the whole list (a)-(s); recorded under the sub-section")
    for n in nodes:
        n.pop("_label", None)
        n.pop("_subs", None)
        if n.get("text") == "" and n["kind"] != "chapter":
            n["text"] = ""
    return nodes


def main():
    out = Path(sys.argv[sys.argv.index("--out") + 1]) if "--out" in sys.argv else OUT
    if out.resolve() == TEXT.resolve():
        sys.exit("refusing to overwrite text.yaml: it holds hand-made splits this script does not make (see its docstring)")
    nodes = build()
    out.parent.mkdir(parents=True, exist_ok=True)
    header = ("# Gujarat Municipalities Act, 1963 — Chapter XI, as printed in seed 004_951c4124446ff400.txt.\n"
              "# Built by tools/extract_gujarat_municipalities_1963.py and checked by hand. The seed prints no\n"
              "# section numbers: every section number is inferred, and `inferred_from` says from what.\n"
              "# Sub-section and clause numbers are printed. Passages printed twice are recorded once (see `note`).\n")
    body = yaml.safe_dump({"nodes": nodes}, sort_keys=False, allow_unicode=True, width=100000)
    out.write_text(header + body, encoding="utf-8")
    print(f"{len(nodes)} nodes, {sum(1 for n in nodes if n['kind'] == 'section')} sections -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
