"""The command line explains itself: `adhiniyam --help` lists the product's commands first, each with a
line, and every command can be asked about (`adhiniyam help law`, `adhiniyam law --help`)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.core.management import get_commands

from adhiniyam.cli import COMMANDS, main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "adhiniyam.cli", *args], capture_output=True, text=True, timeout=120)


def test_help_lists_the_products_commands_first_each_with_a_line(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    listed = [line.split()[0] for line in lines[lines.index("commands:") + 1:] if line.startswith("  ")]
    assert listed[:3] == ["law", "demo", "serve"] and listed[-1] == "django"
    assert set(listed) == set(COMMANDS)
    assert all(len(line.split(None, 1)) == 2 for line in lines if line.startswith("  "))
    assert "runserver" not in out and "dumpdata" not in out        # Django's own list stays behind `django`
    assert main([]) == 0 and main(["help"]) == 0


def test_every_command_of_ours_is_listed_and_every_listed_one_exists():
    ours = {name for name, app in get_commands().items() if app.startswith("adhiniyam")}
    assert ours <= set(COMMANDS), ours - set(COMMANDS)
    assert set(COMMANDS) - {"law", "django"} <= set(get_commands())


def test_help_law_and_law_help_explain_the_law_engine():
    for args in (("help", "law"), ("law", "--help")):
        r = run(*args)
        assert r.returncode == 0, r.stderr
        assert "usage: adhiniyam law" in r.stdout and "evaluate" in r.stdout and "coverage" in r.stdout


@pytest.mark.parametrize("args", [("help", "sweep"), ("sweep", "--help"), ("help", "backup")])
def test_help_on_a_service_command(args):
    r = run(*args)
    assert r.returncode == 0, r.stderr
    assert f"usage: adhiniyam {args[1] if args[0] == 'help' else args[0]}" in r.stdout


def test_django_commands_behind_one_entry():
    r = run("django", "help")
    assert r.returncode == 0 and "runserver" in r.stdout and "dumpdata" in r.stdout
    r = run("no-such-command")
    assert r.returncode != 0 and "no-such-command" in (r.stderr + r.stdout)
