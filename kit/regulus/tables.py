"""Regulus incidents and job types: the resolution tables as data.

Every job is resolved on a 2d6 table of eleven *incidents*. Six rows are shared by all job
types (2, 4, 6, 8, 10, 12); five rows (3, 5, 7, 9, 11) belong to the job type. The rule text
fixes the effect of 7 (+1 Progress and a companion incident) and leaves the others to the
type; following the project's rulings, each built-in type ships its own names for those rows
with default effects a GM can edit.

An incident's effect is a small vocabulary of data - a progress change, a consequence, losing
a crew member, a companion incident, heat and threat changes - never code, so a GM's custom
table saves to JSON like everything else.

>>> JOB_TYPES["heist"].table[12].name
'Windfall'
>>> JOB_TYPES["heist"].table[12].effects_text()
'+2 Progress, Postponed Minor Consequence'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from .. import validate
from ..errors import InvalidInput
from ..store import JSON

__all__ = ["CONSEQUENCES", "GENERAL_ROWS", "JOB_TYPES", "TOTALS", "Incident", "JobType"]

#: The consequence an incident can impose.
CONSEQUENCES = (None, "minor", "major", "postponed")
#: Every total a 2d6 table must cover.
TOTALS = tuple(range(2, 13))
#: Longest description of a job type or an incident (a few sentences for the GM).
MAX_DESCRIPTION = 1000


@dataclass(frozen=True)
class Incident:
    """One row of a resolution table: a named twist and its effects."""

    name: str
    """What the GM calls this incident ("Fumble", "Smoke Alarm")."""
    progress: int = 0
    """Change to the job's Progress (the floor is applied afterwards)."""
    consequence: str | None = None
    """None, "minor", "major" or "postponed" (a Postponed Minor Consequence token)."""
    lose_crew: bool = False
    """A Knockout: one operative leaves the roster (a decision)."""
    companion: bool = False
    """Bring a companion incident, rolled on 1d6+1 without spending a clock tick."""
    heat: int = 0
    """Change to Heat."""
    threat: int = 0
    """Extra change to Threat, on top of what the consequence adds."""
    description: str = ""
    """Optional flavour text for the GM."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", validate.text("incident name", self.name, max_len=80))
        for f in ("progress", "heat", "threat"):
            validate.integer(f"incident {self.name!r} {f}", getattr(self, f), -10, 10)
        validate.choice(f"incident {self.name!r} consequence", self.consequence, CONSEQUENCES)
        validate.boolean(f"incident {self.name!r} lose_crew", self.lose_crew)
        validate.boolean(f"incident {self.name!r} companion", self.companion)
        object.__setattr__(
            self,
            "description",
            validate.text(
                f"incident {self.name!r} description",
                self.description,
                allow_empty=True,
                max_len=MAX_DESCRIPTION,
            ),
        )

    def effects_text(self) -> str:
        """The effects in the table's own style: ``'+1 Progress, Minor Consequence'``."""
        parts = [f"{self.progress:+d} Progress" if self.progress else "No Progress"]
        if self.consequence == "postponed":
            parts.append("Postponed Minor Consequence")
        elif self.consequence:
            parts.append(f"{self.consequence.title()} Consequence")
        if self.lose_crew:
            parts.append("Lose one crew")
        if self.companion:
            parts.append("companion incident")
        if self.heat:
            parts.append(f"{self.heat:+d} Heat")
        if self.threat:
            parts.append(f"{self.threat:+d} Threat")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (only the fields that differ from the defaults, plus the name)."""
        out: dict[str, Any] = {"name": self.name}
        for f, default in (
            ("progress", 0),
            ("consequence", None),
            ("lose_crew", False),
            ("companion", False),
            ("heat", 0),
            ("threat", 0),
            ("description", ""),
        ):
            value = getattr(self, f)
            if value != default:
                out[f] = value
        return out

    @classmethod
    def from_dict(cls, raw: object) -> Incident:
        """Read the form written by :meth:`to_dict`, naming any bad field."""
        raw = validate.mapping("incident", raw)
        validate.no_unknown_keys(
            "incident",
            raw,
            (
                "name",
                "progress",
                "consequence",
                "lose_crew",
                "companion",
                "heat",
                "threat",
                "description",
            ),
        )
        validate.require_keys("incident", raw, ("name",))
        return cls(**raw)


def _check_table(name: str, table: Mapping[Any, Incident]) -> dict[int, Incident]:
    if not isinstance(table, Mapping):
        raise InvalidInput(f"job type {name!r} table must map each total 2..12 to an Incident")
    out: dict[int, Incident] = {}
    for key, inc in table.items():
        try:
            total = int(key)
        except (TypeError, ValueError):
            raise InvalidInput(
                f"job type {name!r} table key {key!r} is not a total from 2 to 12"
            ) from None
        if total not in TOTALS or str(total) != str(key).strip():
            raise InvalidInput(f"job type {name!r} table key {key!r} is not a total from 2 to 12")
        if isinstance(inc, Mapping):
            inc = Incident.from_dict(inc)
        if not isinstance(inc, Incident):
            raise InvalidInput(f"job type {name!r} row {total} must be an Incident, got {inc!r}")
        out[total] = inc
    missing = [t for t in TOTALS if t not in out]
    if missing:
        raise InvalidInput(
            f"job type {name!r} table is missing totals {missing}; it needs every total 2..12"
        )
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class JobType:
    """A kind of job with its resolution table (every 2d6 total 2..12 maps to an Incident)."""

    name: str
    """The type's name ("heist", or a GM's own)."""
    table: Mapping[int, Incident]
    """Total -> Incident for every total 2..12 (companions use 2..7 of the same table)."""
    description: str = field(default="", compare=False)
    """What kind of job this is, in a sentence or two."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", validate.text("job type name", self.name, max_len=60))
        object.__setattr__(
            self,
            "description",
            validate.text(
                "job type description", self.description, allow_empty=True, max_len=MAX_DESCRIPTION
            ),
        )
        object.__setattr__(self, "table", MappingProxyType(_check_table(self.name, self.table)))

    def with_row(self, total: int, incident: Incident) -> JobType:
        """A copy with row ``total`` replaced (a GM editing the table)."""
        total = validate.integer("total", total, 2, 12)
        table = dict(self.table)
        table[total] = incident
        return replace(self, table=table)

    def renamed(self, name: str) -> JobType:
        """A copy under a new name (to start a custom type from a built-in one)."""
        return replace(self, name=name)

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return {
            "name": self.name,
            "description": self.description,
            "table": {str(k): v.to_dict() for k, v in self.table.items()},
        }

    @classmethod
    def from_dict(cls, raw: JSON) -> JobType:
        """Read the form written by :meth:`to_dict`."""
        raw = validate.mapping("job type", raw)
        validate.no_unknown_keys("job type", raw, ("name", "description", "table"))
        return cls(raw.get("name"), raw.get("table"), raw.get("description", ""))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JobType) and (self.name, dict(self.table)) == (
            other.name,
            dict(other.table),
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.table.items())))


#: The six rows every job type shares.
GENERAL_ROWS: Mapping[int, Incident] = MappingProxyType(
    {
        2: Incident(
            "Knockout",
            progress=-1,
            lose_crew=True,
            description="Someone is taken out of the job; they leave the roster.",
        ),
        4: Incident(
            "Bricked",
            progress=0,
            consequence="major",
            description="The crew runs into a wall; nothing moves and it costs them.",
        ),
        6: Incident(
            "Fumble",
            progress=-1,
            consequence="minor",
            description="A slip that sets the crew back and leaves a mark.",
        ),
        8: Incident(
            "Interruption",
            progress=1,
            companion=True,
            description="Good work, cut short: a second, smaller incident follows.",
        ),
        10: Incident("Perfect", progress=1, description="Everything goes to plan."),
        12: Incident(
            "Windfall",
            progress=2,
            consequence="postponed",
            description="Luck smiles: big progress, and a consequence held in reserve.",
        ),
    }
)

# Names for the five type-specific rows (3, 5, 7, 9, 11) and a line of flavour for each.
_TYPE_ROWS: dict[str, tuple[str, dict[int, tuple[str, str]]]] = {
    "arson": (
        "Destruction is the goal: a ship, a wing of a haven, a whole haven put to the torch.",
        {
            3: ("Smoke Alarm", "Someone smells it early; the alarm goes up."),
            5: ("Damp Fuse", "The charge fizzles and has to be set again."),
            7: ("Catching", "The fire takes hold, and something else catches too."),
            9: ("Spreading Blaze", "The burn runs faster than planned; people notice."),
            11: ("Flashover", "Everything goes up at once; the bill comes later."),
        },
    ),
    "assault": (
        "Open force against a group or a place; a ship may be wrecked or taken.",
        {
            3: ("Alarm Raised", "Defenders rally and word gets out."),
            5: ("Pinned Down", "The push stalls under fire."),
            7: ("Breach", "A way in opens, and the fight spills through it."),
            9: ("Overrun", "A position falls loudly."),
            11: ("Rout", "The defenders break; the crew owes someone for it."),
        },
    ),
    "caper": (
        "A bit of everything, and the most that can go wrong; finishing is what counts.",
        {
            3: ("Loose Thread", "A detail unravels in public view."),
            5: ("Wrong Door", "The plan meets a room nobody expected."),
            7: ("Improvise", "Plan B works, and opens plan C."),
            9: ("Lucky Break", "Chance helps, loudly."),
            11: ("Serendipity", "A gift from nowhere, with strings attached."),
        },
    ),
    "con": (
        "Deception for money or goods: the mark hands it over believing every word.",
        {
            3: ("Mark Gets Wary", "The mark asks one question too many."),
            5: ("Story Slips", "A cover detail fails to line up."),
            7: ("Hook Set", "The mark bites, and wants more."),
            9: ("Convincer", "A staged win sells the story; someone saw it."),
            11: ("Mark Brings a Friend", "A second mark walks in, and a debt with them."),
        },
    ),
    "espionage": (
        "Secrets and information, gained by deception in the political arena.",
        {
            3: ("Burned Contact", "An asset is exposed and the watchers stir."),
            5: ("Empty Drop", "The dead drop is empty; time is lost."),
            7: ("Cover Holds", "The legend survives scrutiny and opens a door."),
            9: ("Intercept", "A message is read, and the breach is noticed."),
            11: ("Double Agent", "An insider helps, for a price to be named later."),
        },
    ),
    "heist": (
        "They guard the thing; the crew wants the thing.",
        {
            3: ("Tripped Sensor", "Something registered the crew; security tightens."),
            5: ("Vault Delay", "The lock takes longer than it should."),
            7: ("Inside Man", "Help from within, and a complication with it."),
            9: ("Clean Crack", "The way opens, though the noise carries."),
            11: ("Bonus Loot", "More than they came for, and someone will miss it."),
        },
    ),
    "hit": (
        "A protected, influential target has to be removed.",
        {
            3: ("Target Spooked", "The target senses danger and security reacts."),
            5: ("Blocked Shot", "The moment passes; the line of fire closes."),
            7: ("Clear Line", "An opening appears, and events move quickly."),
            9: ("Security Gap", "A hole in the cordon, found the hard way."),
            11: ("Second Target", "An extra chance at the mark, owed to someone."),
        },
    ),
}

# Default effects of the type rows (RULINGS Regulus 6); 7 is fixed by the rule text.
_TYPE_EFFECTS: dict[int, dict[str, Any]] = {
    3: dict(progress=-1, consequence="minor", heat=1),
    5: dict(progress=0, consequence="minor"),
    7: dict(progress=1, companion=True),
    9: dict(progress=1, heat=1),
    11: dict(progress=1, consequence="postponed"),
}


def _build(name: str) -> JobType:
    description, rows = _TYPE_ROWS[name]
    table = dict(GENERAL_ROWS)
    for total, (row_name, flavour) in rows.items():
        table[total] = Incident(row_name, description=flavour, **_TYPE_EFFECTS[total])
    return JobType(name, table, description)


#: The seven built-in job types by name.
JOB_TYPES: Mapping[str, JobType] = MappingProxyType(
    {
        name: _build(name)
        for name in ("arson", "assault", "caper", "con", "espionage", "heist", "hit")
    }
)
