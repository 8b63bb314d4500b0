"""The records service's own interpretations register (readings.yaml beside this file): the questions of
who may record what, with their readings, default and reason, switchable per body through the same
interpretation choices as a law pack's readings."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from adhiniyam.law import yamlio
from adhiniyam.law.pack import Interpretation

LATE_OUTCOME = "records.late_entry.outcome_already_arisen"
LATE_DEFEAT = "records.late_entry.defeat_outcome_already_arisen"


@lru_cache(maxsize=1)
def register() -> dict[str, Interpretation]:
    doc = yamlio.load(Path(__file__).with_name("readings.yaml"))
    return {it["id"]: Interpretation(it["id"], it["question"], {str(k): v for k, v in it["readings"].items()},
                                     str(it["default"]), it["reason"]) for it in doc["interpretations"]}


def reading(body, iid: str) -> str:
    """The body's reading of one of these questions (its interpretation choice, else the default)."""
    item = register()[iid]
    chosen = body.interpretation_choices.filter(interpretation=iid).values_list("reading", flat=True).first()
    return chosen if chosen in item.readings else item.default
