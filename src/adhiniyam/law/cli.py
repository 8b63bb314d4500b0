"""`adhiniyam law …`: test, evaluate, coverage and check law packs. No database needed."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import translations
from .errors import PackError
from .pack import list_packs, load_pack


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="adhiniyam law", description="The law engine: scenario tests, evaluation, coverage.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("test", help="run the golden time table and the scenario tests; ends with 'N passed, M failed'")
    t.add_argument("act", nargs="?", help="one Act's id (default: all; 'time' for the golden time table only)")
    t.add_argument("-v", "--verbose", action="store_true", help="list every scenario")
    e = sub.add_parser("evaluate", help="evaluate the scenarios in a file and print the outcomes with the trace")
    e.add_argument("file")
    e.add_argument("--act", help="the Act (default: the pack the file lies in)")
    e.add_argument("--json", action="store_true")
    c = sub.add_parser("coverage", help="every section: encoded, informational or unclassified")
    c.add_argument("act", nargs="?")
    c.add_argument("--json", action="store_true")
    k = sub.add_parser("check", help="load and validate law packs")
    k.add_argument("act", nargs="?")
    sub.add_parser("list", help="the law packs")
    tr = sub.add_parser("translations", help="the packs' words in other languages: what is translated, what is missing")
    tr.add_argument("act", nargs="?")
    tr.add_argument("--missing", action="store_true", help="list every key left untranslated, with its English")
    tr.add_argument("--lang", help="one language (default: every language the pack is or must be translated into)")
    i = sub.add_parser("instruments", help="check a file of bye-laws, rules, notifications and fee schedules against an Act")
    i.add_argument("file")
    i.add_argument("--act", required=True)
    args = ap.parse_args(argv)
    try:
        return {"test": _test, "evaluate": _evaluate, "coverage": _coverage, "check": _check, "list": _list,
                "instruments": _instruments, "translations": _translations}[args.cmd](args)
    except PackError as err:
        print(f"law pack error: {err}", file=sys.stderr)
        return 2


def _acts(act):
    if act is None:
        return list_packs()
    if act not in list_packs():
        raise PackError(act, None, f"no law pack {act!r}; there are: {', '.join(list_packs())}")
    return [act]


def _test(args) -> int:
    from .scenarios import run_pack, run_time_table

    groups = []
    if args.act in (None, "time"):
        groups.append(("legal time (golden table)", run_time_table()))
    if args.act != "time":
        for act in _acts(args.act):
            groups.append((act, run_pack(act)))
    passed = failed = 0
    for name, outs in groups:
        p = sum(o.passed for o in outs)
        print(f"{name}: {p} passed, {len(outs) - p} failed")
        for o in outs:
            if args.verbose and o.passed:
                print(f"  ok    {o.name}")
            if not o.passed:
                print(f"  FAIL  {o.name}  ({Path(o.file).name}:{o.line})")
                for f in o.failures:
                    print(f"        {f}")
        passed += p
        failed += len(outs) - p
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def _pack_for_file(path: Path, act: str | None):
    if act:
        return load_pack(act)
    for parent in path.resolve().parents:
        if (parent / "act.yaml").exists():
            return load_pack(parent.name)
    raise PackError(path, None, "cannot tell which Act this file is for: put it in a law pack's tests/ or give --act")


def _evaluate(args) -> int:
    from .scenarios import check, load_file, run_scenario

    path = Path(args.file)
    pack = _pack_for_file(path, args.act)
    out, bad = [], 0
    for sc in load_file(path):
        res, err = run_scenario(pack, sc, trace=True)
        item = {"name": sc.get("name"), "procedure": sc.get("procedure")}
        if err is not None:
            item["error"] = {"type": type(err).__name__, "message": err.message, "cites": err.cites}
        else:
            item["result"] = res.to_dict()
        if "expect" in sc:
            fails = check(pack, sc)
            item["expectations"] = "met" if not fails else fails
            bad += bool(fails)
        out.append(item)
    if args.json:
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 1 if bad else 0
    for item in out:
        print(f"== {item['name']}  [{item['procedure']}]")
        if "error" in item:
            e = item["error"]
            print(f"   refused: {e['type']}: {e['message']}  [{', '.join(e['cites'])}]")
        else:
            r = item["result"]
            print(f"   status: {r['status']} — {r['status_label']}" + ("  (closed)" if r["closed"] else ""))
            for d in r["deemed"]:
                print(f"   deemed {d['outcome']} on {d['on']}  [{', '.join(d['cites'])}]")
                for c in d["conditions"]:
                    print(f"     condition: {c.get('text')}")
            for d in r["deadlines"]:
                flag = " (clock stopped)" if d["suspended"] else (" (passed)" if d["expired"] else "")
                print(f"   deadline {d['name']}: {d['last_day']}{flag} — {d['who'] or ''}  [{', '.join(d['cites'])}]")
                print(f"     why: {d['explanation']}")
            for role, evs in r["allowed"].items():
                print(f"   {role} may: {', '.join(evs)}")
            if r["amounts"]:
                print(f"   amounts: {r['amounts']}")
            if r["findings"]:
                print(f"   findings: {r['findings']}")
            print("   trace:")
            for s in r["trace"]:
                print(f"     {s['on']:>18}  {s['text']}  [{', '.join(s['cites'])}]")
        if "expectations" in item:
            print(f"   expectations: {item['expectations']}")
    return 1 if bad else 0


def _coverage(args) -> int:
    from .coverage import coverage

    report, total_unclassified = {}, 0
    for act in _acts(args.act):
        rows = coverage(load_pack(act))
        report[act] = rows
        total_unclassified += sum(r.state == "unclassified" for r in rows)
    if args.json:
        json.dump({act: {"sections": [r.__dict__ for r in rows],
                         "totals": {s: sum(r.state == s for r in rows) for s in ("encoded", "informational", "unclassified")}}
                   for act, rows in report.items()}, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    for act, rows in report.items():
        print(f"{act}")
        for r in rows:
            detail = ", ".join(r.rules) if r.state == "encoded" else r.reason
            print(f"  s.{r.num:<8} {r.state:<14} {r.heading[:50]:<50} {detail[:90]}")
        tot = {s: sum(r.state == s for r in rows) for s in ("encoded", "informational", "unclassified")}
        print(f"  {len(rows)} sections: {tot['encoded']} encoded, {tot['informational']} informational, {tot['unclassified']} unclassified")
    return 0


def _check(args) -> int:
    for act in _acts(args.act):
        pack = load_pack(act)
        translations.check(pack)
        print(f"{act}: ok — {len(pack.sources)} procedures, {len(pack.parameters)} parameters, "
              f"{len(pack.interpretations)} interpretations, {sum(1 for n in pack.nodes.values() if n.get('kind') == 'section')} sections")
    return 0


def _translations(args) -> int:
    """Per pack and language: how many words are translated; with --missing, each one that is not."""
    acts = _acts(args.act)
    translations.check_shared(list_packs())
    gaps = 0
    for act in acts:
        pack = load_pack(act)
        total = len(translations.pack_words(act))
        langs = [args.lang] if args.lang else sorted(set(translations.required_languages(pack))
                                                    | translations.present_languages(pack) - {"en"})
        for lang in langs:
            miss = translations.missing(act, lang)
            gaps += len(miss)
            print(f"{act} {lang}: {total - len(miss)} of {total} translated")
            if args.missing:
                for key, english in miss:
                    print(f"  {key}\t{english}")
    return 1 if gaps else 0


def _list(args) -> int:
    for act in list_packs():
        try:
            p = load_pack(act)
            print(f"{act}\t{p.title}")
        except PackError as e:
            print(f"{act}\t(does not load: {e})")
    return 0


def _instruments(args) -> int:
    from . import yamlio
    from .errors import LawError
    from .instruments import check, from_dict

    pack = load_pack(args.act)
    bad = 0
    for d in yamlio.load(Path(args.file)) or []:
        try:
            inst = from_dict(d)
            check(pack, inst)
            print(f"ok       {inst.id}: {inst.label()}")
        except LawError as e:
            bad += 1
            print(f"refused  {d.get('id', '?')}: {e}")
    print(f"{bad} refused")
    return 1 if bad else 0
