"""Progress of long work (the demo, a sweep, an import, a backup or a restore).

On a terminal a bar (rich); otherwise plain lines — each step of a short piece of work, or about every
tenth of a long one — so that a log says how far it got. With no stream it says nothing.

    with Progress("sweep ga-taleigao", total=len(ids), stream=self.stdout) as progress:
        for pk in ids:
            ...
            progress.advance()

    for body in track(bodies, "demo bodies", stream=stdout):
        ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _raw(stream):
    """The file under a Django OutputWrapper (which would add a newline to each of the bar's writes)."""
    return getattr(stream, "_out", stream)


class Progress:
    def __init__(self, what: str, total: int | None = None, stream=None):
        self.what, self.total, self.stream, self.done = what, total, stream, 0
        self._bar = self._task = None
        self._next_line = 0

    def __enter__(self) -> Progress:
        if self.stream is not None and _is_terminal(self.stream):
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            self._bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            TextColumn("{task.fields[note]}"), console=Console(file=_raw(self.stream)),
                            transient=False)
            self._bar.start()
            self._task = self._bar.add_task(self.what, total=self.total, note="")
        return self

    def advance(self, n: int = 1, note: str = "") -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(self._task, advance=n, note=note)
        elif self.stream is not None and self._line_due():
            of = f"/{self.total}" if self.total else ""
            self.stream.write(f"{self.what}: {self.done}{of}{' — ' + note if note else ''}\n")

    def _line_due(self) -> bool:
        if not self.total or self.total <= 20 or self.done >= self.total:
            return True
        if self.done * 10 >= self._next_line * self.total:
            self._next_line = self.done * 10 // self.total + 1
            return True
        return False

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.stop()


def track(items: Iterable, what: str, stream=None, total: int | None = None, note=None) -> Iterator:
    """Each of `items`, advancing the progress after it (`note(item)` is shown beside the count)."""
    items = list(items) if total is None else items
    with Progress(what, total=len(items) if total is None else total, stream=stream) as progress:
        for item in items:
            yield item
            progress.advance(note=note(item) if note else "")
