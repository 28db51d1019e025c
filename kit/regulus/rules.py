"""Options for the parts of Regulus the rule text leaves open, and the job's conditions.

:class:`RegulusRules` gathers every ruling that is a choice, with the project's ruling as the
default, so a GM can play a job their own way (``RegulusRules(progress_floor=None)`` lets
Progress go negative). :class:`Condition` is one thing that must hold for a job to succeed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .. import validate
from ..dice import Dice, as_dice
from ..errors import InvalidInput
from ..store import JSON

__all__ = ["CONDITION_KINDS", "DEFAULT_CONDITIONS", "Condition", "RegulusRules"]


@dataclass(frozen=True)
class RegulusRules:
    """House-rule options for job resolution; the defaults follow the project's rulings."""

    progress_floor: int | None = 0
    """Progress never drops below this (None: no floor)."""
    main_dice: str = "2d6"
    """Dice of a main roll; spends one clock tick."""
    companion_dice: str = "1d6+1"
    """Dice of a companion incident, read on the same table; spends no tick."""
    minor_threat: int = 1
    """Threat added by a Minor Consequence."""
    major_threat: int = 2
    """Threat added by a Major Consequence."""
    token_progress: int = 1
    """Progress gained when a Postponed Minor Consequence token is spent."""
    token_on_same_incident: bool = False
    """Whether a token may be spent right after the incident that granted it.

    The ruling (False): the incident that grants a token imposed a consequence of its own (the
    postponed one), so the token can first be spent after a *later* incident with no
    consequence. True lets a Windfall play as an immediate Minor Consequence for +1 Progress.
    """
    knockout_keeps: int = 1
    """Contributions a knocked-out operative leaves in the Crew Workup."""

    def __post_init__(self) -> None:
        if self.progress_floor is not None:
            validate.integer("progress_floor", self.progress_floor, -20, 0)
        self.main()
        self.companion()
        for f in ("minor_threat", "major_threat", "token_progress", "knockout_keeps"):
            validate.integer(f, getattr(self, f), 0, 10)
        validate.boolean("token_on_same_incident", self.token_on_same_incident)
        for f, dice in (("main_dice", self.main()), ("companion_dice", self.companion())):
            if dice.min < 2 or dice.max > 12:
                raise InvalidInput(
                    f"{f} {str(dice)!r} must roll totals within 2..12 to read the table"
                )

    def main(self) -> Dice:
        """The main roll's dice."""
        return as_dice(self.main_dice, "main_dice")

    def companion(self) -> Dice:
        """The companion roll's dice."""
        return as_dice(self.companion_dice, "companion_dice")

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: object) -> RegulusRules:
        """Read :meth:`to_dict` output, naming unknown or bad fields."""
        raw = validate.mapping("rules", raw)
        validate.no_unknown_keys("rules", raw, [f.name for f in fields(cls)])
        return cls(**raw)


#: Kinds of condition: what must hold when Progress reaches the Difficulty.
CONDITION_KINDS = {
    "crew_active": "at least one operative (of any gig type) is still on the job",
    "gig_active": "an operative with this gig type is still on the job",
    "min_crew": "at least this many operatives are still on the job",
    "max_heat": "Heat is at most this value",
    "max_threat": "Threat is at most this value",
}


@dataclass(frozen=True)
class Condition:
    """Something that must hold for the job to count as a success."""

    kind: str
    """One of :data:`CONDITION_KINDS`."""
    value: str | float | None = None
    """The gig type, crew count, or Heat/Threat limit (None for ``crew_active``); a number is
    a whole one (``5`` or ``5.0``, as JSON may write it)."""

    def __post_init__(self) -> None:
        validate.choice("condition kind", self.kind, list(CONDITION_KINDS))
        if self.kind == "crew_active":
            if self.value is not None:
                raise InvalidInput("condition 'crew_active' takes no value")
        elif self.kind == "gig_active":
            object.__setattr__(
                self, "value", validate.text("condition gig", self.value, max_len=60)
            )
        elif self.kind == "min_crew":
            validate.integer("condition min_crew", self.value, 1, 20)
        else:
            validate.integer(f"condition {self.kind}", self.value, 0, 100)

    @classmethod
    def gig_active(cls, gig: str) -> Condition:
        """An operative of ``gig`` must still be on the job."""
        return cls("gig_active", gig)

    @classmethod
    def max_heat(cls, limit: int) -> Condition:
        """Heat must be at most ``limit``."""
        return cls("max_heat", limit)

    @classmethod
    def max_threat(cls, limit: int) -> Condition:
        """Threat must be at most ``limit``."""
        return cls("max_threat", limit)

    def holds(self, roster_gigs: tuple[str, ...], heat: int, threat: int) -> bool:
        """Whether the condition holds for this roster (their gig types), Heat and Threat."""
        if self.kind == "crew_active":
            return len(roster_gigs) > 0
        if self.kind == "gig_active":
            return str(self.value).casefold() in (g.casefold() for g in roster_gigs)
        assert self.value is not None  # __post_init__ checked the whole number the rest hold
        limit = int(self.value)  # min_crew, max_heat and max_threat hold a whole number
        if self.kind == "min_crew":
            return len(roster_gigs) >= limit
        if self.kind == "max_heat":
            return heat <= limit
        return threat <= limit

    def recoverable(self, heat_can_fall: bool, threat_can_fall: bool) -> bool:
        """Whether a broken condition could still come to hold later.

        Operatives never rejoin a job, so crew conditions cannot recover; Heat and Threat limits
        recover only if some incident on the table can lower them.
        """
        if self.kind == "max_heat":
            return heat_can_fall
        if self.kind == "max_threat":
            return threat_can_fall
        return False

    @property
    def uses_counters(self) -> bool:
        """True when the condition reads Heat or Threat."""
        return self.kind in ("max_heat", "max_threat")

    def describe(self) -> str:
        """A short sentence for the record sheet."""
        if self.kind == "crew_active":
            return "at least one crew gig type remains active"
        if self.kind == "gig_active":
            return f"a {self.value} remains active"
        if self.kind == "min_crew":
            return f"at least {self.value} crew remain"
        return f"{'Heat' if self.kind == 'max_heat' else 'Threat'} at most {self.value}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return {"kind": self.kind, "value": self.value}

    @classmethod
    def from_dict(cls, raw: JSON) -> Condition:
        """Read :meth:`to_dict` output."""
        if isinstance(raw, Condition):
            return raw
        raw = validate.mapping("condition", raw)
        validate.no_unknown_keys("condition", raw, ("kind", "value"))
        return cls(raw.get("kind"), raw.get("value"))


#: The most common condition, and the default: one crew gig type remains active.
DEFAULT_CONDITIONS: tuple[Condition, ...] = (Condition("crew_active"),)
