"""Options for the Successors builders, and the :class:`Finding` they report.

Where the rule text leaves a choice (see ``docs/rulings.md``, Successors), the choice is a
field of :class:`SuccessorsRules` with the ruling as its default, so a GM can play it another
way by passing ``rules=SuccessorsRules(...)``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .. import validate
from ..dice import parse

__all__ = ["DEFAULT_RULES", "Finding", "SuccessorsRules"]


@dataclass(frozen=True)
class SuccessorsRules:
    """Choices for entities, ships and fleets; defaults follow docs/rulings.md."""

    ability_points: str = "2d6+3"
    """Points a new character spreads over its abilities (on top of a 1 in each)."""
    starting_ru: str = "2d6+25"
    """Resource Units a new character spends on its starting fleet."""
    whole_split_control: bool = True
    """Ruling 2: under a split controller rank each ship die becomes the controller's whole
    split (5+1 under 5+3 rolls 5,3,5,3). False: each die takes the higher of its part and the
    controller's first part."""
    control_limit_per_rank: int = 1
    """Ships under direct Control per rank of Control (ruling 2: at most the Control rank)."""
    signature_from_current_ranks: bool = False
    """Entity signature from damaged (current) ranks instead of the ranks it was built with."""
    spawn_may_lower_to_zero: bool = False
    """Whether a parent may lower an ability from 1 to 0 while spawning (default: no)."""
    project_ru_per_success: int = 5
    """Engineering projects need one Handling success per this many RU (rounded up)."""
    project_ru_per_hit: int = 10
    """A finished project takes one hit per this many RU (rounded down)."""
    project_min_hits: int = 1
    """Fewest hits a finished project takes (a 2 RU Targeter still takes one)."""
    build_ru_per_success: int = 3
    """Building ships: each Handling success adds up to this many RU."""
    aptitude_bonus_needs_a_success: bool = False
    """Natural Aptitude's extra success is added to every attempt of its task, as the text's
    "automatically" reads (False), or only to an attempt that already rolled a success (True)."""
    facet_cap_is_total_ranks: bool = True
    """A facet strengthened with RU becomes an entity at hits equal to the total of its ranks
    (True), or at its single highest rank (False); the text says "the max of all ranks"."""
    failed_creation_spends_ru: bool = False
    """A facet or spawn whose Control or Handling roll fails still uses up its RU (True), or
    the RU stay in hand and only the day is lost (False)."""
    feral_mating_ru: int = 10
    """RU a Feral must hold before it seeks a mate."""

    def __post_init__(self) -> None:
        for f in ("project_ru_per_success", "project_ru_per_hit", "build_ru_per_success"):
            validate.integer(f, getattr(self, f), 1, 1000)
        validate.integer("project_min_hits", self.project_min_hits, 0, 1000)
        parse(self.ability_points)
        parse(self.starting_ru)
        validate.boolean("whole_split_control", self.whole_split_control)
        validate.integer("control_limit_per_rank", self.control_limit_per_rank, 0, 100)
        validate.boolean("signature_from_current_ranks", self.signature_from_current_ranks)
        validate.boolean("spawn_may_lower_to_zero", self.spawn_may_lower_to_zero)
        for f in (
            "aptitude_bonus_needs_a_success",
            "facet_cap_is_total_ranks",
            "failed_creation_spends_ru",
        ):
            validate.boolean(f, getattr(self, f))
        validate.integer("feral_mating_ru", self.feral_mating_ru, 0, 1000)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: object) -> SuccessorsRules:
        """Read :meth:`to_dict` output, refusing unknown fields."""
        raw = validate.mapping("rules", raw)
        validate.no_unknown_keys("rules", raw, cls.__dataclass_fields__)
        return cls(**raw)


#: The rulings as written in docs/rulings.md.
DEFAULT_RULES = SuccessorsRules()


@dataclass(frozen=True)
class Finding:
    """A soft problem a builder shows (over budget, flaws below edges); never an exception."""

    code: str
    """Short machine-readable code, e.g. ``"over_budget"``."""
    message: str
    """What is wrong, in words for the GM."""

    def __str__(self) -> str:
        return self.message
