"""The compiled rule model: what a procedure file becomes once checked (see docs/law-packs.md).

The web, records and enforcement code and the translations read these objects (contract 6):
`Procedure.id, title, kind, roles, statuses, events (id -> EventType with title, fields (id ->
Field with title)), timers (id -> Timer with title)`. Shapes (`use:`) compile to the same objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .conditions import mentions
from .time import UNITS, Period


@dataclass
class Field:
    name: str
    type: str
    required: bool = True
    default: object = None
    choices: tuple = ()
    min: object = None
    max: object = None
    title: str = ""


@dataclass
class EventType:
    id: str
    title: str
    by: tuple[str, ...]
    opens: bool = False
    status: str | None = None
    closes: bool = False
    reopens: bool = False
    system: bool = False
    cites: list = field(default_factory=list)
    quote: str = ""
    fields: dict[str, Field] = field(default_factory=dict)
    when: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)
    readings: tuple = ()  # (interpretation id, reading) pairs that shaped this event on compile


@dataclass
class Deemed:
    """An outcome the Act deems to have happened when a period ends without a decision."""

    outcome: str
    on: object  # date
    cites: list
    quote: str
    conditions: list


@dataclass
class Pause:
    start: str
    end: str
    when: list
    days: object  # a way of counting (from_to | inclusive | exclusive), or {"reading": interpretation_id}
    during: str | None = None  # instead of an end event: the clock stops while this timer (started by the same act) runs


@dataclass
class Timer:
    id: str
    title: str
    who: str | None
    cites: list
    quote: str
    start: object
    period: object
    counting: str = "from"
    direction: str = "after"
    on_receipt: bool = False
    restart_on: tuple = ()
    stop_on: tuple = ()
    office: str | None = None
    pauses: list[Pause] = field(default_factory=list)
    when: list = field(default_factory=list)
    on_expiry: dict | None = None
    min: object = None
    max: object = None
    kind: str = "duty"  # duty: someone must act by the last day | window: a right open until then
    depends_on: frozenset = frozenset()  # the events and timers whose happening can start this one
    expiry_when: list = field(default_factory=list)  # compiled on_expiry.when
    beyond_max: str = "refuse"  # a period fixed past `max`: refuse | cap (effect up to the limit) | void (no effect) | keep (runs as fixed); each with a finding
    readings: tuple = ()  # (interpretation id, reading) pairs that shaped this timer on compile
    stop_dates: dict = field(default_factory=dict)  # stop_on event -> its date field on which the act is done
    restart_dates: dict = field(default_factory=dict)  # restart_on event -> its date field the period runs afresh from
    fixed_period: object = None  # the Period, when the period is a number of days, weeks, months, years or hours
    below_min: str = "refuse"  # a period fixed short of `min`: refuse | raise (runs for the least allowed) | void | keep
    outcome_on: str = "next_day"  # the on_expiry outcome: the day after the last day | the last day itself

    def __post_init__(self):
        ((k, v),) = self.period.items()
        if k in UNITS:
            self.fixed_period = Period(v, k)


@dataclass
class Offence:
    """What makes the offence: elements the record must state, exceptions of the text, preconditions
    judged on the date of the act, and the qualities the text gives (cognizable, bailable…)."""

    elements: dict  # name -> {text, cites, quote, when: [Cond]}
    exceptions: dict  # name -> {text, cites, quote, when: [Cond]}
    preconditions: list  # [{text, cites, quote, when: [Cond]}]
    qualities: dict  # name -> {value, cites, quote}
    event: str | None = None  # the event at which the offence is judged (`offence_at`); None: the opening event


@dataclass
class Procedure:
    """One procedure, with the versions of its provisions and the body's readings resolved."""

    id: str
    title: str
    kind: str
    cites: list
    quote: str
    roles: dict
    statuses: dict
    events: dict[str, EventType]
    timers: dict[str, Timer]
    penalty: dict | None
    checks: dict
    versions: dict  # provision -> version id in force
    raw: dict = field(repr=False, default_factory=dict)
    offence: Offence | None = None
    readings: dict = field(default_factory=dict)  # interpretation id -> reading, for every by_reading resolved
    aliases: dict = field(default_factory=dict)  # old id -> current id, for events, fields and statuses
    touches: dict = field(default_factory=dict)  # event id -> the timers it restarts, stops or pauses
    dependents: dict = field(default_factory=dict)  # event or timer id -> the timers whose start it can meet

    checks_on: dict = field(default_factory=dict)  # event id -> [(check id, check)] run when it is recorded
    amount_when: dict = field(default_factory=dict)  # named amount -> [Cond]: computed only where these hold
    listed: list = field(default_factory=list)  # (event type, judged per role) for each action a person may record

    def __post_init__(self):
        self.listed = [(et, mentions(et.when, "by")) for et in self.events.values() if not (et.opens or et.system)]
        for cid, chk in self.checks.items():
            self.checks_on.setdefault(chk["on"], []).append((cid, chk))
        for t in self.timers.values():
            for ev in {*t.restart_on, *t.stop_on, *(p.start for p in t.pauses), *(p.end for p in t.pauses)}:
                self.touches.setdefault(ev, []).append(t.id)
            for ref in t.depends_on:
                self.dependents.setdefault(ref, []).append(t.id)

    @property
    def opening_events(self) -> list[str]:
        return [e.id for e in self.events.values() if e.opens]


@dataclass
class ProcedureSource:
    """A procedure file as written (with its shape applied), before a body's choice of versions and
    readings is applied."""

    id: str
    title: str
    kind: str
    raw: dict
    path: Path
    provisions: dict
    chooses: frozenset = frozenset()  # interpretation ids of its by_reading values
    commenced: dict = field(default_factory=dict)  # provision -> [{from: commencement, id: version}] of dated versions


@dataclass
class Interpretation:
    id: str
    question: str
    readings: dict
    default: str
    reason: str
    cites: str | None = None
    quote: str = ""
    overrides: str | None = None  # a jurisdiction-wide question this provision answers for itself
    maps: dict = field(default_factory=dict)  # own reading -> the overridden question's reading (identity if not given)
    procedures: tuple = ()  # … in these procedures
    register: str = "pack"  # pack | jurisdiction | service
