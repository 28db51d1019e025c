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

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import validate
from ..dice import parse
from ..errors import InvalidInput, InvalidType
from ..rng import SeedLike, make_rng
from .edges import Trait
from .entities import ABILITIES, Entity
from .rules import DEFAULT_RULES, SuccessorsRules

if TYPE_CHECKING:
    from .combat.rules import CombatRules

__all__ = ["BESTIARY", "Creature", "FeralPack", "creature"]


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
            if validate.is_whole_text(expr):
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
            ranks[a] = int(expr) if validate.is_whole_text(expr) else parse(expr).roll(rng)
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


def creature(name: object) -> Creature:
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


# --------------------------------------------------------------------------- ferals at large
class FeralPack:
    """Ferals between battles, a day at a time: eating RU and mating.

    Each day every Feral that is not neutralized eats ``feral_ru_per_day`` (2) RU of the food
    lying about (neutralized ships and other objects, the smallest first; a large one is
    gnawed at day after day until consumed), never holding more than ``feral_capacity`` (20).
    Then each Feral holding ``feral_mating_ru`` (10) RU or more seeks the richest other Feral
    not yet mated that day; the two make a new Feral, rolled from the bestiary, and pay its
    total of ranks in RU between them, half each (the richer one covers what the other
    lacks). When the two together hold too little, no Feral is born that day.

    Everything that happens is appended to :attr:`events`, with the seed each newborn was
    rolled from, so a pack can be replayed.

    >>> pack = FeralPack([BESTIARY["FERAL"].generate("Fang", seed=1)], seed=2)
    >>> food = pack.add_food("Cruiser")
    >>> first = pack.day()[0]
    >>> first["kind"], pack.ru
    ('eat', [2.0])
    """

    def __init__(
        self,
        ferals: Iterable[Entity] = (),
        *,
        seed: SeedLike = None,
        rules: SuccessorsRules = DEFAULT_RULES,
        combat_rules: CombatRules | None = None,
    ) -> None:
        from .combat.rules import DEFAULT_COMBAT_RULES, CombatRules

        if combat_rules is None:
            combat_rules = DEFAULT_COMBAT_RULES
        if not isinstance(combat_rules, CombatRules):
            raise InvalidType(f"combat_rules must be CombatRules, got {combat_rules!r}")
        if not isinstance(rules, SuccessorsRules):
            raise InvalidType(f"rules must be SuccessorsRules, got {rules!r}")
        self.ru_per_day = combat_rules.feral_ru_per_day
        self.capacity = combat_rules.feral_capacity
        self.mating_ru = rules.feral_mating_ru
        self.rng, self.seed = make_rng(seed)
        self.ferals: list[Entity] = []
        """The pack, newborns appended."""
        self.ru: list[float] = []
        """RU each Feral holds, in the order of :attr:`ferals`."""
        self.food: dict[str, dict[str, Any]] = {}
        """Food by key: ``name``, ``ru`` (what is left to eat)."""
        self.events: list[dict[str, Any]] = []
        """What happened, day by day."""
        self.days = 0
        for f in validate.sequence("ferals", list(ferals)):
            self.add(f)

    def add(self, feral: Entity, ru: float = 0) -> int:
        """Add a Feral (holding ``ru`` RU); return its index."""
        if not isinstance(feral, Entity):
            raise InvalidType(f"a feral must be an Entity, got {feral!r}")
        ru = float(validate.number("ru", ru, 0, self.capacity))
        self.ferals.append(feral)
        self.ru.append(ru)
        return len(self.ferals) - 1

    def add_food(self, what: str, ru: float | None = None) -> str:
        """Put food in reach: a neutralized catalog ship (its cost in RU) or an object of ``ru``."""
        from .ships import ship_type

        name = validate.text("food", what, max_len=120)
        if ru is None:
            t = ship_type(name)
            name, ru = t.name, float(t.cost)
        ru = float(validate.number("ru", ru, 0))
        key = f"F{len(self.food) + 1}"
        self.food[key] = {"name": name, "ru": ru}
        return key

    def day(self) -> list[dict[str, Any]]:
        """One day: every Feral eats, then those with enough RU mate. Returns the day's events."""
        self.days += 1
        start = len(self.events)
        for i, feral in enumerate(self.ferals):
            if not feral.neutralized:
                self._eat(i)
        mated: set[int] = set()
        for i in range(len(self.ferals)):
            if i in mated or self.ru[i] < self.mating_ru or self.ferals[i].neutralized:
                continue
            partners = [
                j
                for j in range(len(self.ferals))
                if j != i and j not in mated and not self.ferals[j].neutralized
            ]
            if not partners:
                continue
            j = max(partners, key=lambda k: (self.ru[k], -k))
            if self.mate(i, j):
                mated |= {i, j}
        return self.events[start:]

    def _eat(self, i: int) -> None:
        bite = min(float(self.ru_per_day), self.capacity - self.ru[i])
        for key, food in sorted(self.food.items(), key=lambda kv: (kv[1]["ru"], kv[0])):
            if bite <= 0:
                break
            if food["ru"] <= 0:
                continue
            take = min(bite, food["ru"])
            food["ru"] -= take
            self.ru[i] += take
            bite -= take
            self._log("eat", feral=i, food=key, ru=take)
            if food["ru"] <= 0:
                self._log("consumed", food=key, name=food["name"])

    def mate(self, i: int, j: int) -> bool:
        """Feral ``i`` mates with ``j``: roll the newborn and pay its ranks; True if born."""
        for k in (i, j):
            validate.integer("feral", k, 0, len(self.ferals) - 1)
        if i == j:
            raise InvalidInput(f"a feral cannot mate with itself (both are {i})")
        seed = int(self.rng.integers(0, 2**32))
        child = BESTIARY["FERAL"].generate(f"Feral {len(self.ferals) + 1}", seed=seed)
        cost = float(child.total_ranks)
        if self.ru[i] + self.ru[j] < cost:
            self._log("no_birth", parents=[i, j], seed=seed, cost=cost)
            return False
        pay_i = min(self.ru[i], max(cost / 2, cost - self.ru[j]))
        pay_j = cost - pay_i
        self.ru[i] -= pay_i
        self.ru[j] -= pay_j
        new = self.add(child)
        self._log("birth", parents=[i, j], seed=seed, cost=cost, paid=[pay_i, pay_j], feral=new)
        return True

    def _log(self, kind: str, **data: Any) -> None:
        self.events.append({"day": self.days, "kind": kind, **data})
