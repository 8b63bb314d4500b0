"""Progress of long work: plain lines when not a terminal (each step of short work, about every tenth of
long work, and the last), a bar on a terminal, nothing without a stream."""

import io

from adhiniyam.progress import Progress, track


def test_plain_lines_for_short_work_name_each_step():
    out = io.StringIO()
    assert list(track(["ga", "hp", "pb"], "demo bodies", stream=out, note=str.upper)) == ["ga", "hp", "pb"]
    assert out.getvalue().splitlines() == ["demo bodies: 1/3 — GA", "demo bodies: 2/3 — HP", "demo bodies: 3/3 — PB"]


def test_plain_lines_for_long_work_about_every_tenth():
    out = io.StringIO()
    with Progress("sweep", total=1000, stream=out) as p:
        for _ in range(1000):
            p.advance()
    lines = out.getvalue().splitlines()
    assert lines[0] == "sweep: 1/1000" and lines[-1] == "sweep: 1000/1000"
    assert 10 <= len(lines) <= 12, lines


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_bar_on_a_terminal_and_silence_without_a_stream():
    term = Terminal()
    list(track(range(3), "backup", stream=term))
    assert "backup" in term.getvalue() and "3/3" in term.getvalue()
    assert list(track(range(3), "quiet")) == [0, 1, 2]
