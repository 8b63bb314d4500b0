"""The law engine: pure Python, no web framework.

    from adhiniyam.law import load_pack, evaluate, Event, BodySettings
    pack = load_pack("goa_panchayat_raj_1994")
    result = evaluate(pack, "building_permission", BodySettings(), [Event("application_received", date(2026, 1, 5), "applicant")], date(2026, 1, 25))
"""

from .errors import (
                     CaseClosed,
                     Conflict,
                     InvalidData,
                     LawError,
                     NoOffence,
                     NoRule,
                     NotAllowed,
                     OutOfOrder,
                     PackError,
                     UnknownEvent,
)
from .evaluator import BodySettings, Deadline, Deemed, Evaluation, Event, evaluate
from .pack import Pack, list_packs, load_pack
from .time import Period

__all__ = ["BodySettings", "CaseClosed", "Conflict", "Deadline", "Deemed", "Evaluation", "Event", "InvalidData",
           "LawError", "NoOffence", "NoRule", "NotAllowed", "OutOfOrder", "Pack", "PackError", "Period", "UnknownEvent",
           "evaluate", "list_packs", "load_pack"]
