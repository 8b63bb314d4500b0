"""The parts of docs/law-packs.md generated from the engine itself, so the documentation cannot
drift from what the loader accepts: the condition table (from `conditions.CONDITIONS`) and the
amount expressions (from `amounts`). `adhiniyam law docs --write` refreshes them; a test fails
when they are stale."""

from __future__ import annotations

import re
from pathlib import Path

from . import amounts
from .conditions import doc_table

DOC = Path(__file__).resolve().parents[3] / "docs" / "law-packs.md"
SECTIONS = {"conditions": doc_table, "amounts": lambda: amounts.__doc__.split("\n\n", 1)[1].strip()}


def _block(name: str) -> str:
    return f"<!-- generated: {name} (adhiniyam law docs --write) -->\n{SECTIONS[name]()}\n<!-- end generated: {name} -->"


def render() -> str:
    return "\n\n".join(_block(n) for n in SECTIONS)


def current(text: str) -> str:
    """`text` with every generated block replaced by what the engine says now."""
    for name in SECTIONS:
        pattern = re.compile(rf"<!-- generated: {name} .*?<!-- end generated: {name} -->", re.S)
        text = pattern.sub(lambda _m, n=name: _block(n), text)
    return text


def write() -> None:
    DOC.write_text(current(DOC.read_text(encoding="utf-8")), encoding="utf-8")
