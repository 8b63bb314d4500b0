"""`adhiniyam law …`: test, evaluate, coverage and check law packs. No database needed.

No input gives a traceback: every error names the file and the line and what was expected, and
the exit status is non-zero when a scenario fails or is refused.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from . import translations
from .errors import LawError, PackError
from .pack import list_packs, load_pack


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="adhiniyam law", description="The law engine: scenario tests, evaluation, coverage.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("test", help="run the golden time table and scenario tests; ends with 'N passed, M failed'")
    t.add_argument("paths", nargs="*", help="scenario files or folders (anywhere), an Act's id, or 'time'; default: every pack")
    t.add_argument("--act", help="the Act the files are for (default: the pack they lie in)")
    t.add_argument("--json", action="store_true", help="each scenario's result as JSON")
    t.add_argument("-v", "--verbose", action="store_true", help="list every scenario")
    e = sub.add_parser("evaluate", help="evaluate the scenarios in a file and print the outcomes with the trace")
    e.add_argument("file")
    e.add_argument("--act", help="the Act (default: the pack the file lies in)")
    e.add_argument("--json", action="store_true")
    c = sub.add_parser("coverage", help="every node of the text: encoded, informational, covered or unclassified")
    c.add_argument("act", nargs="?")
    c.add_argument("--json", action="store_true")
    k = sub.add_parser("check", help="load and validate law packs: readings read and paired, nodes classified, known gaps")
    k.add_argument("act", nargs="?")
    sub.add_parser("list", help="the law packs")
    d = sub.add_parser("docs", help="print (or --write into docs/law-packs.md) the generated condition table")
    d.add_argument("--write", action="store_true")
    tr = sub.add_parser("translations", help="the packs' words in other languages: what is translated, what is missing")
    tr.add_argument("act", nargs="?")
    tr.add_argument("--missing", action="store_true", help="list every key left untranslated, with its English")
    tr.add_argument("--lang", help="one language (default: every language the pack is or must be translated into)")
    i = sub.add_parser("instruments", help="check a file of bye-laws, rules, notifications and fee schedules against an Act")
    i.add_argument("file")
    i.add_argument("--act", required=True)
    return ap


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    commands = {"test": _test, "evaluate": _evaluate, "coverage": _coverage, "check": _check, "list": _list,
                "instruments": _instruments, "docs": _docs, "translations": _translations}
    try:
        return commands[args.cmd](args)
    except PackError as err:
        print(f"law pack error: {err}", file=sys.stderr)
        return 2
    except LawError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`… | head`): stop quietly, as other Unix tools do
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 — so the interpreter's final flush does not fail
        return 141


def _acts(act):
    if act is None:
        return list_packs()
    if act not in list_packs():
        raise PackError(act, None, f"no law pack {act!r}; there are: {', '.join(list_packs())}")
    return [act]


def _pack_for_file(path: Path, act: str | None):
    if act:
        return load_pack(_acts(act)[0])
    for parent in path.resolve().parents:
        if (parent / "act.yaml").exists():
            return load_pack(parent.name)
    raise PackError(path, None, "cannot tell which Act this file is for: put it in a law pack's tests/ or give --act")


def _groups(args):
    """(name, outcomes) for each thing to test: the time table, whole packs, or files and folders."""
    from .scenarios import run_file, run_pack, run_time_table

    targets = list(args.paths) or ([] if args.act else ["time", *list_packs()])
    if args.act and not args.paths:
        targets = [args.act]
    for target in targets:
        if target == "time":
            yield "legal time (golden table)", run_time_table()
        elif target in list_packs() and not Path(target).exists():
            yield target, run_pack(target)
        else:
            path = Path(target)
            if not path.exists():
                raise PackError(path, None, f"no such file or folder, and no law pack {target!r} (packs: {', '.join(list_packs())})")
            files = sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
            for f in files:
                yield str(f), run_file(_pack_for_file(f, args.act), f)


def _test(args) -> int:
    passed = failed = 0
    report = []
    for name, outs in _groups(args):
        p = sum(o.passed for o in outs)
        passed, failed = passed + p, failed + len(outs) - p
        report.extend(o.to_dict() for o in outs)
        if args.json:
            continue
        print(f"{name}: {p} passed, {len(outs) - p} failed")
        for o in outs:
            if args.verbose and o.passed:
                print(f"  ok    {o.name}")
            if not o.passed:
                print(f"  FAIL  {o.name}  ({Path(o.file).name}:{o.line})")
                for f in o.failures:
                    print(f"        {f}")
    if args.json:
        json.dump({"scenarios": report, "passed": passed, "failed": failed}, sys.stdout, indent=2, ensure_ascii=False, default=str)
        print()
    print(f"{passed} passed, {failed} failed", file=sys.stderr if args.json else sys.stdout)
    return 0 if failed == 0 else 1


def _evaluate_one(pack, sc) -> tuple[dict, bool]:
    from .scenarios import ScenarioError, check, run_scenario

    item = {"name": sc.get("name") if isinstance(sc, dict) else None, "line": getattr(sc, "line", None),
            "procedure": sc.get("procedure") if isinstance(sc, dict) else None}
    try:
        res, err = run_scenario(pack, sc, trace=True)
    except ScenarioError as e:
        item["error"] = {"type": "ScenarioError", "message": str(e), "cites": []}
        return item, True
    except (KeyError, TypeError, ValueError, AttributeError) as e:  # a malformed part the checks do not name
        item["error"] = {"type": "ScenarioError", "message": f"line {item['line']}: could not run this scenario "
                                                            f"({type(e).__name__}: {e}); see docs/law-packs.md", "cites": []}
        return item, True
    if err is not None:
        item["error"] = {"type": type(err).__name__, "message": err.message, "cites": err.cites}
    else:
        item["result"] = res.to_dict()
    bad = err is not None and "error" not in (sc.get("expect") or {})
    if "expect" in sc:
        fails = check(pack, sc)
        item["expectations"] = "met" if not fails else fails
        bad = bool(fails)
    return item, bad


def _evaluate(args) -> int:
    from .scenarios import load_file

    path = Path(args.file)
    pack = _pack_for_file(path, args.act)
    out, bad = [], 0
    for sc in load_file(path):
        item, failed = _evaluate_one(pack, sc)
        out.append(item)
        bad += failed
    if args.json:
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False, default=str)
        print()
    else:
        for item in out:
            _print_item(item)
    return 1 if bad else 0


def _print_item(item) -> None:
    print(f"== {item['name']}  [{item['procedure']}]  (line {item['line']})")
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
        for key in ("amounts", "findings", "readings", "offence", "late_entries"):
            if r.get(key):
                print(f"   {key.replace('_', ' ')}: {r[key]}")
        print("   trace:")
        for s in r["trace"]:
            print(f"     {s['on']:>18}  {s['text']}  [{', '.join(s['cites'])}]")
    if "expectations" in item:
        print(f"   expectations: {item['expectations']}")


def _coverage(args) -> int:
    from .check import alternatives, paired, unused_parameters
    from .coverage import coverage, totals
    from .registers import read_ids

    report = {}
    for act in _acts(args.act):
        pack = load_pack(act)
        rows = coverage(pack)
        read = read_ids(pack)
        report[act] = {"nodes": [r.__dict__ for r in rows], "levels": totals(rows),
                       "unread_readings": sorted(set(pack.interpretations) - read),
                       "alternatives_without_scenario": sorted(alternatives(pack, read & set(pack.interpretations)) - paired(pack)),
                       "unused_parameters": sorted(unused_parameters(pack))}
    if args.json:
        json.dump(report, sys.stdout, indent=2, ensure_ascii=False, default=str)
        print()
        return 0
    for act, rep in report.items():
        print(act)
        for r in rep["nodes"]:
            detail = ", ".join(r["rules"]) if r["state"] == "encoded" else r["reason"]
            print(f"  {r['id']:<36} {r['state']:<14} {r['heading'][:40]:<40} {detail[:80]}")
        for lvl, c in rep["levels"].items():
            print(f"  {lvl:<12} " + ", ".join(f"{n} {s}" for s, n in c.items()))
        for key in ("unread_readings", "alternatives_without_scenario", "unused_parameters"):
            print(f"  {key.replace('_', ' ')}: {', '.join(rep[key]) or 'none'}")
    return 0


def _check(args) -> int:
    from .check import check_jurisdiction, check_pack

    packs, bad = [load_pack(a) for a in _acts(args.act)], 0
    for pack in packs:
        translations.check(pack)  # every pack word in every required language (contract 7)
        rep = check_pack(pack)
        gaps = ", ".join(f"{len(v)} {k.replace('_', ' ')}" for k, v in rep.gaps.items() if v) or "no known gaps"
        print(f"{pack.id}: {'ok' if rep.ok else 'FAILS'} — {len(pack.sources)} procedures, {len(pack.parameters)} parameters, "
              f"{len(pack.interpretations)} interpretations; {gaps}")
        for e in rep.errors:
            print(f"  error: {e}")
        for kind, entries in rep.new.items():
            for x in entries:
                print(f"  {kind.replace('_', ' ')}: {x} (not listed in known_gaps.yaml)")
        for kind, entries in rep.closed.items():
            for x in entries:
                print(f"  {kind.replace('_', ' ')}: {x} is listed in known_gaps.yaml but is no longer a gap: remove it")
        bad += not rep.ok
    if args.act is None:
        for problem in check_jurisdiction(packs):
            print(f"jurisdictions.yaml: {problem}")
            bad += 1
    return 1 if bad else 0


def _docs(args) -> int:
    from .docs import DOC, render, write

    if args.write:
        write()
        print(f"wrote {DOC}")
    else:
        print(render())
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
    from .instruments import check, from_dict

    pack = load_pack(args.act)
    bad = 0
    for d in yamlio.load(Path(args.file)) or []:
        if not isinstance(d, dict):
            bad += 1
            print(f"refused  line {getattr(d, 'line', '?')}: an instrument is a mapping with id, title, kind, layer, made_by, under, commencement")
            continue
        try:
            inst = from_dict(d)
            check(pack, inst)
            print(f"ok       {inst.id}: {inst.label()}")
        except LawError as e:
            bad += 1
            print(f"refused  {d.get('id', '?')}: {e}")
    print(f"{bad} refused")
    return 1 if bad else 0
