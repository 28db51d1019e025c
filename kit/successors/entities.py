"""Entities: the player characters (and creatures) of Successors.

An :class:`Entity` is a value object: a name, sex and side, five ability ranks, its Edges and
Flaws, and the hits its abilities have taken (combat keeps its own per-battle state, but can
express a damaged entity with :meth:`Entity.with_damage`). Here: validation, ranks and dice,
traits and their bonuses, damage, generation and save/load. Beside it, mixed into the class and
re-exported here: :mod:`~kit.successors.abilities` (the vocabulary and signature table),
:mod:`~kit.successors.facets` (facets and spawns) and :mod:`~kit.successors.sheets` (the sheet,
its Markdown and the findings).

>>> tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2,
...                 edges=["Cross-Trained"], flaws=["Still at War"], sex="Male",
...                 side="Vontuni Empire")
>>> tanrac.signature, str(tanrac.rank("battle")), tanrac.findings()
(4, '4', [])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypedDict

from .. import store, validate
from ..dice import parse
from ..errors import FixedField, InvalidInput
from ..rng import SeedLike, make_rng
from .abilities import (
    ABILITIES,
    AREA_GROUPS,
    HANDLING_TASKS,
    KINDS,
    SEXES,
    SIDES,
    entity_signature,
    parse_traits,
    ranks_kwargs,
    require_ability,
    task_key,
)
from .edges import Trait
from .entity_like import EntityLike
from .facets import (
    FACET_RU_PER_HIT,
    SPAWN_COST,
    Creation,
    FacetsMixin,
    make_facet,
    make_spawn,
    reabsorb,
)
from .ranks import Rank, split
from .rules import DEFAULT_RULES, SuccessorsRules
from .sheets import SheetMixin

if TYPE_CHECKING:
    from typing_extensions import Unpack


__all__ = [
    "ABILITIES",
    "ENTITY_FORMAT",
    "FACET_RU_PER_HIT",
    "HANDLING_TASKS",
    "KINDS",
    "SEXES",
    "SIDES",
    "SPAWN_COST",
    "Creation",
    "Entity",
    "EntityChanges",
    "entity_signature",
    "make_facet",
    "make_spawn",
    "reabsorb",
    "require_ability",
    "task_key",
]

#: Save-file format kind and version.
ENTITY_FORMAT = ("successors-entity", 1)

#: Which effect keyword takes away the entity's own use of an ability.
_NO_OWN = {"battle": "no_battle", "handling": "no_handling", "information": "no_information"}


class EntityChanges(TypedDict, total=False):
    """The fields :meth:`Entity.replace` may change, each checked as the constructor checks it."""

    name: str
    """What the entity is called."""
    battle: int
    """Battle rank as built (undamaged)."""
    control: int
    """Control rank as built."""
    handling: int
    """Handling rank as built."""
    information: int
    """Information rank as built."""
    sensors: int
    """Sensors rank as built."""
    edges: tuple[Trait, ...]
    """Edges (names, ``"Name: parameter"`` strings, tuples or :class:`Trait`)."""
    flaws: tuple[Trait, ...]
    """Flaws (creature-only traits such as Fragile are allowed here)."""
    sex: str | None
    """Female, Male or Neuter; None if not chosen."""
    side: str | None
    """One of :data:`SIDES` (or a GM's own name); None if not chosen."""
    kind: str
    """One of :data:`KINDS`."""
    points: int | None
    """Points to spread when generated (2d6+3); None when the ranks were typed in."""
    roll: tuple[int, ...] | None
    """The dice faces of the generation roll, if rolled."""
    seed: int | None
    """The seed generation used, if generated."""
    damage: tuple[int, int, int, int, int]
    """Hits taken on each ability, in :data:`ABILITIES` order."""
    facet_hits: int
    """For facets: how many hits it can take (1 when made; consuming RU adds more)."""
    signature_override: int | None
    """A signature fixed from outside (a facet keeps its creator's); None to compute it."""
    notes: tuple[str, ...]
    """Free notes (specials of bestiary creatures, GM remarks)."""


@dataclass(frozen=True)
class Entity(FacetsMixin, SheetMixin):
    """An entity: abilities, Edges and Flaws, and (optionally) hits taken."""

    name: str
    """What the entity is called."""
    battle: int = 1
    """Battle rank as built (undamaged)."""
    control: int = 1
    """Control rank as built."""
    handling: int = 1
    """Handling rank as built."""
    information: int = 1
    """Information rank as built."""
    sensors: int = 1
    """Sensors rank as built."""
    edges: tuple[Trait, ...] = ()
    """Edges (names, ``"Name: parameter"`` strings, tuples or :class:`Trait`)."""
    flaws: tuple[Trait, ...] = ()
    """Flaws (creature-only traits such as Fragile are allowed here)."""
    sex: str | None = None
    """Female, Male or Neuter; None if not chosen."""
    side: str | None = None
    """One of :data:`SIDES` (or a GM's own name); None if not chosen."""
    kind: str = "character"
    """One of :data:`KINDS`."""
    points: int | None = None
    """Points to spread when generated (2d6+3); None when the ranks were typed in."""
    roll: tuple[int, ...] | None = None
    """The dice faces of the generation roll, if rolled."""
    seed: int | None = None
    """The seed generation used, if generated."""
    damage: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """Hits taken on each ability, in :data:`ABILITIES` order."""
    facet_hits: int = 0
    """For facets: how many hits it can take (1 when made; consuming RU adds more)."""
    signature_override: int | None = None
    """A signature fixed from outside (a facet keeps its creator's); None to compute it."""
    notes: tuple[str, ...] = field(default=())
    """Free notes (specials of bestiary creatures, GM remarks)."""

    def __post_init__(self) -> None:
        s = object.__setattr__
        s(self, "name", validate.text("name", self.name, max_len=120))
        for a in ABILITIES:
            s(self, a, validate.integer(a, getattr(self, a), 0, 1000))
        s(self, "edges", parse_traits("edges", self.edges, ("edge",)))
        s(self, "flaws", parse_traits("flaws", self.flaws, ("flaw", "creature")))
        if self.sex is not None:
            s(self, "sex", validate.choice("sex", str(self.sex).capitalize(), SEXES))
        if self.side is not None:
            s(self, "side", validate.text("side", self.side, max_len=80))
        validate.choice("kind", self.kind, KINDS)
        if self.points is not None:
            s(self, "points", validate.integer("points", self.points, 0, 1000))
        if self.roll is not None:
            roll = tuple(
                validate.integer("roll", r, 1, 6) for r in validate.sequence("roll", self.roll)
            )
            s(self, "roll", roll)
        if self.seed is not None:
            s(self, "seed", validate.integer("seed", self.seed, 0))
        dmg = validate.sequence("damage", self.damage)
        if len(dmg) != 5:
            raise InvalidInput(f"damage must list 5 numbers (one per ability), got {self.damage!r}")
        s(self, "damage", tuple(validate.integer("damage", d, 0, 1000) for d in dmg))
        s(self, "facet_hits", validate.integer("facet_hits", self.facet_hits, 0, 10000))
        if self.signature_override is not None:
            sig = validate.integer("signature_override", self.signature_override, 0)
            s(self, "signature_override", sig)
        notes = validate.sequence(
            "notes", (self.notes,) if isinstance(self.notes, str) else self.notes
        )
        s(self, "notes", tuple(validate.text("note", n, max_len=500) for n in notes))

    # ------------------------------------------------------------------ ranks
    def base(self, ability: str) -> int:
        """The rank of ``ability`` as built."""
        return int(getattr(self, require_ability(ability)))

    def current(self, ability: str) -> int:
        """The rank of ``ability`` after hits (never below 0)."""
        i = ABILITIES.index(require_ability(ability))
        return max(0, self.base(ability) - self.damage[i])

    def rank(self, ability: str) -> Rank:
        """The current rank of ``ability`` as a :class:`Rank` (``str`` gives ``"5+3"``)."""
        return Rank(self.current(ability))

    @property
    def abilities(self) -> dict[str, int]:
        """Ranks as built, keyed by ability."""
        return {a: self.base(a) for a in ABILITIES}

    @property
    def current_abilities(self) -> dict[str, int]:
        """Current ranks (after hits), keyed by ability."""
        return {a: self.current(a) for a in ABILITIES}

    @property
    def total_ranks(self) -> int:
        """Sum of the ranks as built."""
        return sum(self.abilities.values())

    def dice(self, ability: str) -> tuple[int, ...]:
        """The entity's own dice for ``ability`` (none if a Flaw takes the ability away)."""
        ability = require_ability(ability)
        if ability in _NO_OWN and self.has(_NO_OWN[ability]):
            return ()
        if self.neutralized:
            return ()
        return split(self.current(ability))

    # ------------------------------------------------------------------ traits
    @property
    def traits(self) -> tuple[Trait, ...]:
        """Edges then Flaws."""
        return self.edges + self.flaws

    @property
    def effects(self) -> frozenset[str]:
        """The effect keywords of all its traits (see :data:`kit.successors.edges.EFFECTS`)."""
        return frozenset(t.effect for t in self.traits)

    def has(self, effect_or_name: str) -> bool:
        """True if a trait has this effect keyword or this name (case-insensitive)."""
        key = effect_or_name.upper()
        return effect_or_name in self.effects or any(t.name.upper() == key for t in self.traits)

    @property
    def edge_points(self) -> int:
        """Total cost of the Edges."""
        return sum(t.cost for t in self.edges)

    @property
    def flaw_points(self) -> int:
        """Total cost of the Flaws."""
        return sum(t.cost for t in self.flaws)

    @property
    def signature(self) -> int:
        """Signature (ruling 3), with Large and Small."""
        return self.signature_with()

    def signature_with(self, rules: SuccessorsRules = DEFAULT_RULES) -> int:
        """Signature under ``rules`` (which ranks count)."""
        if self.signature_override is not None:
            return self.signature_override
        ranks = self.current_abilities if rules.signature_from_current_ranks else self.abilities
        return entity_signature(
            sum(ranks.values()), large=self.has("sig+1"), small=self.has("sig-1")
        )

    @property
    def first_strike_controlled(self) -> bool:
        """Combat Reflexes: the entity and its controlled ships attack in the First Strike phase."""
        return self.has("first_strike_controlled")

    @property
    def long_ranged(self) -> bool:
        """May attack adjacent orbits (at -1 rank)."""
        return self.has("long_ranged")

    @property
    def stealth(self) -> int:
        """Extra Sensors successes an enemy needs to detect it."""
        return sum(1 for t in self.traits if t.effect == "stealth+1")

    @property
    def orbits_per_day(self) -> Fraction:
        """Movement: 1 orbit a day, 2 with Fast, 1/2 with Slow (both cancel)."""
        fast, slow = self.has("fast"), self.has("slow")
        if fast and not slow:
            return Fraction(2)
        if slow and not fast:
            return Fraction(1, 2)
        return Fraction(1)

    @property
    def can_hyper_jump(self) -> bool:
        """False with No Hyper-Jump."""
        return not self.has("no_hyper_jump")

    def bonus(self, task: str, *, own_side_target: bool = False) -> int:
        """Automatic extra successes for ``task``.

        ``task`` is ``"takeover"`` (an enemy's ship), ``"takeover_ancient"`` (ancient bases and
        fleets; ``own_side_target`` adds Rank), ``"identify"`` (Complete Database adds one,
        Files Deleted takes one) or the name of a Natural Aptitude task.
        """
        task = validate.text("task", task, max_len=80)
        if task == "takeover":
            return self.effects_count("takeover+1")
        if task == "takeover_ancient":
            extra = self.effects_count("takeover_ancient+1")
            if own_side_target:
                extra += self.effects_count("takeover_own_side+1")
            return extra
        if task == "identify":
            return (
                self.effects_count("identify+1")
                - self.effects_count("identify-1")
                + self.aptitude_bonus("identify")
            )
        return self.aptitude_bonus(task)

    @property
    def aptitude_areas(self) -> tuple[str, ...]:
        """The areas of its Natural Aptitudes, as the kit's task names (see :func:`task_key`)."""
        return tuple(
            task_key(t.parameter) for t in self.edges if t.effect == "task+1" and t.parameter
        )

    def aptitude_bonus(self, task: str) -> int:
        """Extra successes Natural Aptitude gives on ``task`` (0 when it has none for it).

        ``task`` is a kit task name or a player's word for one (``"mine"``, ``"Mining"``,
        ``"System Scanning"``). An area of ``"Handling"`` covers every Handling operation
        (:data:`HANDLING_TASKS`). Other engines call this for their own tasks.

        >>> miner = Entity("M", edges=["Natural Aptitude: Mining"])
        >>> miner.aptitude_bonus("mine"), miner.aptitude_bonus("Mining"), miner.aptitude_bonus("repair")
        (1, 1, 0)
        """
        key = task_key(task)
        return sum(
            1 for area in self.aptitude_areas if area == key or key in AREA_GROUPS.get(area, ())
        )

    def effects_count(self, effect: str) -> int:
        """How many traits carry the effect keyword ``effect``."""
        return sum(1 for t in self.traits if t.effect == effect)

    @property
    def enemy_takeover_bonus(self) -> int:
        """Extra successes enemies gain taking over this entity's ships (Weak Control)."""
        return self.effects_count("enemy_takeover+1")

    @property
    def fragile(self) -> bool:
        """One hit destroys it (bestiary Fragile)."""
        return self.has("fragile")

    # ------------------------------------------------------------------ damage
    @property
    def neutralized(self) -> bool:
        """True when an ability it has (rank 1 or more as built) is below 1 after hits.

        A facet is neutralized once its hits taken reach its ``facet_hits``.
        """
        if self.kind == "facet" and sum(self.damage) >= max(1, self.facet_hits):
            return True
        return any(self.base(a) >= 1 and self.current(a) < 1 for a in ABILITIES)

    def with_damage(self, ability: str, hits: int = 1) -> Entity:
        """A copy with ``hits`` more hits on ``ability`` (negative hits repair)."""
        i = ABILITIES.index(require_ability(ability))
        hits = validate.integer("hits", hits)
        new = list(self.damage)
        new[i] = max(0, new[i] + hits)
        return dataclasses.replace(self, damage=(new[0], new[1], new[2], new[3], new[4]))

    def repaired(self, ability: str | None = None) -> Entity:
        """A copy with one hit repaired on ``ability`` (or all damage cleared if None)."""
        if ability is None:
            return dataclasses.replace(self, damage=(0, 0, 0, 0, 0))
        return self.with_damage(ability, -1)

    def replace(self, **changes: Unpack[EntityChanges]) -> Entity:
        """A copy with fields changed (validated like the constructor)."""
        return dataclasses.replace(self, **changes)

    @property
    def points_spent(self) -> int:
        """Points put on top of the starting 1 in each ability."""
        return sum(max(0, self.base(a) - 1) for a in ABILITIES)

    # ------------------------------------------------------------------ generation
    @classmethod
    def generate(
        cls,
        name: str,
        seed: SeedLike = None,
        allocation: str | Mapping[str, int] = "random",
        *,
        sex: str | None = None,
        side: str | None = None,
        edges: Iterable[Any] = (),
        flaws: Iterable[Any] = (),
        rules: SuccessorsRules = DEFAULT_RULES,
    ) -> Entity:
        """Roll the ability points (2d6+3) and spread them, at random or as ``allocation``.

        ``allocation`` is ``"random"`` (each point to an ability chosen uniformly) or a mapping
        of points added per ability; a mapping that does not spend exactly the rolled points
        is kept and reported by :meth:`findings`. A missing ``side`` is rolled on 1d6 and a
        missing ``sex`` chosen at random. The faces rolled and the seed are recorded.
        """
        name = validate.text("name", name, max_len=120)
        rng, recorded = make_rng(seed)
        faces, points = parse(rules.ability_points).roll_dice(rng)
        added = dict.fromkeys(ABILITIES, 0)
        if isinstance(allocation, str):
            validate.choice("allocation", allocation, ("random",))
            for pick in rng.integers(0, len(ABILITIES), size=points):
                added[ABILITIES[int(pick)]] += 1
        else:
            allocation = validate.mapping("allocation", allocation)
            validate.no_unknown_keys("allocation", allocation, ABILITIES)
            for a, n in allocation.items():
                added[a] = validate.integer(f"allocation[{a!r}]", n, 0, 1000)
        if side is None:
            side = SIDES[int(rng.integers(1, 7))]
        if sex is None:
            sex = SEXES[int(rng.integers(0, 3))]
        return cls(
            name,
            **ranks_kwargs({a: 1 + added[a] for a in ABILITIES}),
            edges=tuple(edges),
            flaws=tuple(flaws),
            sex=sex,
            side=side,
            points=points,
            roll=tuple(faces),
            seed=recorded,
        )

    # ------------------------------------------------------------------ save/load
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (only fields that differ from the defaults besides the abilities)."""
        out: dict[str, Any] = {"name": self.name, **self.abilities}
        out["edges"] = [t.to_dict() for t in self.edges]
        out["flaws"] = [t.to_dict() for t in self.flaws]
        for f in ("sex", "side", "kind", "points", "seed", "facet_hits", "signature_override"):
            out[f] = getattr(self, f)
        out["roll"] = list(self.roll) if self.roll is not None else None
        out["damage"] = list(self.damage)
        out["notes"] = list(self.notes)
        return out

    @classmethod
    def from_dict(cls, raw: object) -> Entity:
        """Read :meth:`to_dict` output; raise naming the bad field."""
        raw = validate.mapping("entity", raw)
        validate.no_unknown_keys("entity", raw, [f.name for f in dataclasses.fields(cls)])
        if "name" not in raw:
            raise InvalidInput("entity has no 'name'")
        data = dict(raw)
        data["edges"] = tuple(
            Trait.from_dict(t) for t in validate.sequence("edges", data.get("edges", []))
        )
        data["flaws"] = tuple(
            Trait.from_dict(t) for t in validate.sequence("flaws", data.get("flaws", []))
        )
        return cls(**data)

    def to_json(self) -> str:
        """Versioned JSON text (format ``gm-kit/successors-entity``)."""
        return store.dumps(*ENTITY_FORMAT, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Entity:
        """Read :meth:`to_json` text."""
        return cls.from_dict(store.loads(text, *ENTITY_FORMAT))


def _refuse_assignment(self: Entity, name: str, value: object) -> None:
    """An Entity is a value (saved with the battles, fleets and campaigns that hold it), so
    its fields are not assigned in place; say how to get the changed entity instead."""
    raise FixedField(
        f"Entity.{name} cannot be assigned: an Entity is a value; make a changed copy with "
        f"entity.replace({name}=...) (or with_damage / repaired for hits) and use that"
    )


def _refuse_deletion(self: Entity, name: str) -> None:
    raise FixedField(f"Entity.{name} cannot be deleted; make a changed copy with entity.replace()")


# after the class is made: a frozen dataclass may not define these itself, and its own
# constructor and dataclasses.replace write through object.__setattr__, not these
Entity.__setattr__ = _refuse_assignment  # type: ignore[method-assign,assignment]
Entity.__delattr__ = _refuse_deletion  # type: ignore[method-assign,assignment]


def _check_like(entity: Entity) -> EntityLike:
    """The type checker matches the entity class against what its mixins read of it."""
    return entity
