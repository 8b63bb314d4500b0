"""The engine's errors. Each says what is wrong in words a clerk can act on, and the section."""

from __future__ import annotations


class LawError(Exception):
    code = "law_error"

    def __init__(self, message: str, cites: str | list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.cites = [cites] if isinstance(cites, str) else list(cites or [])

    def __str__(self) -> str:
        where = f" [{', '.join(self.cites)}]" if self.cites else ""
        return f"{self.message}{where}"


class NotAllowed(LawError):
    """The law does not allow this action now, or not to this role."""
    code = "not_allowed"


class NoOffence(NotAllowed):
    """The facts recorded fall within an exception of the text (or lack an element of the offence,
    or a precondition did not hold on the date of the act): no offence. The message begins
    "no offence:", names the section and quotes its words."""
    code = "no_offence"


class UnknownEvent(LawError):
    code = "unknown_event"


class OutOfOrder(LawError):
    code = "out_of_order"


class CaseClosed(LawError):
    code = "case_closed"


class InvalidData(LawError):
    code = "invalid_data"


class NoRule(LawError):
    """No rule of the Act applies to the question asked."""
    code = "no_rule"


class Conflict(LawError):
    """Two rules give different answers and nothing says which prevails."""
    code = "conflict"


class PackError(Exception):
    """A law pack file is wrong; names the file and the line."""

    def __init__(self, path, line, message):
        self.path, self.line, self.message = str(path), line, message
        super().__init__(f"{self.path}:{line or '?'}: {message}")


ERRORS = {cls.__name__: cls for cls in (LawError, NotAllowed, NoOffence, UnknownEvent, OutOfOrder, CaseClosed,
                                        InvalidData, NoRule, Conflict)}
