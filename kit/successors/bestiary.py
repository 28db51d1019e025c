"""The bestiary: Citizens, Ferals, Guardians and Libraries, generated from their dice.

Each :class:`Creature` lists a dice expression (or a fixed number) per ability; abilities it
does not list are 0 (the creature simply does not have them, and losing them never
neutralizes it). :meth:`Creature.generate` rolls one from a seed and returns an
:class:`~kit.successors.entities.Entity` of kind ``"creature"`` with its Edges, Flaws and
special notes.

>>> feral = BESTIARY["FERAL"].generate(seed=3)
>>> feral.kind, 3 <= feral.battle <= 13, feral.has("Fast")
('creature', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import validate
from ..dice import parse
from ..errors import InvalidInput, InvalidType
from ..rng import SeedLike, make_rng
from .edges import Trait
from .entities import ABILITIES, Entity

__all__ = ["BESTIARY", "Creature", "creature"]


@dataclass(frozen=True)
class Creature:
    """A bestiary entry: how to roll one."""

    name: str
    """Display name."""
    abilities: tuple[tuple[str, str], ...]
    """(ability, dice expression or number) pairs; unlisted abilities are 0."""
    edges: tuple[str, ...] = ()
    """Edges every one has."""
    flaws: tuple[str, ...] = ()
    """Flaws every one has."""
    notes: tuple[str, ...] = ()
    """Specials, in the kit's words."""
    group: str = "1"
    """How many are met together (dice expression)."""
    side: str | None = None
    """Side usually associated with it, if any."""

    def ranges(self) -> dict[str, tuple[int, int]]:
        """Lowest and highest rank of each ability."""
        out = dict.fromkeys(ABILITIES, (0, 0))
        for a, expr in self.abilities:
            if expr.isdigit():
                out[a] = (int(expr), int(expr))
            else:
                d = parse(expr)
                out[a] = (d.min, d.max)
        return out

    def generate(self, name: str | None = None, seed: SeedLike = None) -> Entity:
        """Roll one creature (abilities in the order listed) and return it as an Entity."""
        rng, recorded = make_rng(seed)
        ranks: dict[str, Any] = dict.fromkeys(ABILITIES, 0)
        for a, expr in self.abilities:
            ranks[a] = int(expr) if expr.isdigit() else parse(expr).roll(rng)
        return Entity(
            name or self.name.capitalize(),
            **ranks,
            edges=tuple(Trait.parse(t) for t in self.edges),
            flaws=tuple(Trait.parse(t) for t in self.flaws),
            side=self.side,
            kind="creature",
            seed=recorded,
            notes=self.notes,
        )

    def generate_group(self, seed: SeedLike = None) -> list[Entity]:
        """Roll how many are met together, then each of them (numbered names)."""
        rng, _ = make_rng(seed)
        n = parse(self.group).roll(rng)
        return [self.generate(f"{self.name.capitalize()} {i + 1}", rng) for i in range(n)]


BESTIARY: dict[str, Creature] = {
    "CITIZEN": Creature(
        "CITIZEN",
        (("control", "1"), ("handling", "1"), ("information", "1d6+3"), ("sensors", "1d6+1")),
        flaws=("Fragile", "No Hyper-Jump", "No Weapon Systems"),
        notes=(
            "A non-combatant, most often met drifting below light speed in deep space.",
            "Fragile: a single hit destroys it.",
            "Not territorial; devoted to the arts.",
        ),
    ),
    "FERAL": Creature(
        "FERAL",
        (("battle", "2d6+1"), ("sensors", "1d6+1")),
        edges=("Fast", "Self-Repairing", "Stealthed", "Small"),
        notes=(
            (
                "Lives in packs of two to seven in dusty places (belts, nebulae); ignores lone "
                "entities but goes after fleets and RU."
            ),
            (
                "Holds up to 20 RU inside; eats neutralized ships at 2 RU per day, gnawing at "
                "larger ones until they are gone."
            ),
            "With 10 RU or more it seeks a mate; the pair pays the new feral's total ranks in RU.",
        ),
        group="1d6+1",
    ),
    "GUARDIAN": Creature(
        "GUARDIAN",
        (("battle", "2d6"), ("control", "1d6"), ("handling", "1d6"), ("sensors", "1d6+1")),
        edges=("Fast", "Long Ranged"),
        flaws=("No Hyper-Jump", "Tek Locked"),
        notes=(
            (
                "Set to guard valuable systems; attacks anyone who does not give the recognition "
                "codes, and is slow to think otherwise."
            ),
        ),
        side="Vontuni Empire",
    ),
    "LIBRARY": Creature(
        "LIBRARY",
        (("control", "1d3"), ("handling", "1d3"), ("information", "2d6+3"), ("sensors", "2d6+1")),
        edges=("Complete Database", "Natural Aptitude: System Scanning"),
        flaws=("Mental Disadvantage: Curious", "No Weapon Systems"),
        notes=(
            "Made to learn and to teach; cannot fight and seldom carries tools.",
            "Often found studying odd astrophysical phenomena or talking with sentient bio-units.",
        ),
    ),
}


def creature(name: Any) -> Creature:
    """Look up a bestiary entry by name (case-insensitive)."""
    if not isinstance(name, str):
        raise InvalidType(f"creature must be a name, got {name!r}")
    key = validate.text("creature", name).upper()
    if key.endswith("S") and key[:-1] in BESTIARY:
        key = key[:-1]
    if key == "LIBRARIES":
        key = "LIBRARY"
    if key not in BESTIARY:
        raise InvalidInput(f"unknown creature {name!r}; the bestiary has {', '.join(BESTIARY)}")
    return BESTIARY[key]
