"""Every string of the notices, the notify pages and the law-pack upgrade page is in each language's
catalogue, translated and compiled: the web app's gettext machinery, checked the way its own are."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import adhiniyam.notify
import adhiniyam.packs

APPS = [Path(m.__file__).parent for m in (adhiniyam.notify, adhiniyam.packs)]
LANGS = ("hi", "gu", "pa", "kok")


def _msgids(po: Path) -> set[str]:
    text = po.read_text(encoding="utf-8")
    return {m for m in re.findall(r'\nmsgid "(.+)"\n', text)}


@pytest.mark.parametrize("app", APPS, ids=lambda p: p.name)
def test_every_catalogue_is_complete_and_compiled(app):
    for lang in LANGS:
        po = app / "locale" / lang / "LC_MESSAGES" / "django.po"
        text = po.read_text(encoding="utf-8")
        empty = re.findall(r'\nmsgid "(.+)"\n(?:msgid_plural ".*"\n)?msgstr(?:\[0\])? ""\n', text)
        assert not empty and "#, fuzzy" not in text, (po, empty[:5])
        assert po.with_suffix(".mo").stat().st_mtime >= po.stat().st_mtime - 1, f"{po}: run msgfmt"


@pytest.mark.parametrize("app", APPS, ids=lambda p: p.name)
def test_no_string_of_the_app_is_missing_from_the_catalogues(app, tmp_path):
    """makemessages over a copy of the app finds no msgid the committed catalogue lacks."""
    copy = tmp_path / app.name
    shutil.copytree(app, copy, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.rmtree(copy / "locale" / "hi")
    (copy / "locale" / "hi").mkdir()
    subprocess.run([str(Path(sys.executable).parent / "django-admin"), "makemessages", "-l", "hi", "-e", "txt,py,html",
                    "--settings=adhiniyam.site.settings"], cwd=copy, check=True, capture_output=True)
    found = _msgids(copy / "locale" / "hi" / "LC_MESSAGES" / "django.po")
    committed = _msgids(app / "locale" / "hi" / "LC_MESSAGES" / "django.po")
    assert found - committed == set(), "strings not in the catalogue: run makemessages and translate them"
