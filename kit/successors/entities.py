"""Entities: the player characters (and creatures) of Successors.

An :class:`Entity` is a value object: a name, sex and side, five ability ranks, its Edges and
Flaws, and the hits its abilities have taken (combat keeps its own per-battle state, but can
express a damaged entity with :meth:`Entity.with_damage`). Generation, signature, the
character sheet, findings (soft problems), faceting, spawning and save/load live here.

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
from typing import Any

from .. import store, validate
from ..dice import parse
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..rng import SeedLike, make_rng
from .edges import Trait
from .ranks import Rank, split
from .rules import DEFAULT_RULES, Finding, SuccessorsRules

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
    "entity_signature",
    "task_key",
]

#: The five abilities, in the order of the rule text.
ABILITIES = ("battle", "control", "handling", "information", "sensors")
#: The sexes an entity may have.
SEXES = ("Female", "Male", "Neuter")
#: The sides, numbered as on the 1d6 table.
SIDES = {
    1: "Takeru Republic",
    2: "Amtik Commonwealth",
    3: "Kingdoms of Jukint",
    4: "Holy Bringers of Light",
    5: "Vontuni Empire",
    6: "Minor side",
}
#: What an entity is: a full character, a facet, a spawn or a bestiary creature.
KINDS = ("character", "facet", "spawn", "creature")
#: Save-file format kind and version.
ENTITY_FORMAT = ("successors-entity", 1)

#: RU a spawn costs (plus a Control and a Handling success from each contributing entity).
SPAWN_COST = 12
#: RU a facet consumes for each hit of extra toughness.
FACET_RU_PER_HIT = 2

#: The Handling operations of "Manipulating the Universe", by the kit's task names.
HANDLING_TASKS = ("repair", "recondition", "gather", "build", "mine", "recycle")

#: Words a player may write for a task (as a Natural Aptitude area or a task name), by task.
_TASK_WORDS: dict[str, tuple[str, ...]] = {
    "repair": ("repair", "repairs", "repairing"),
    "recondition": ("recondition", "reconditioning"),
    "gather": ("gather", "gathering"),
    "build": ("build", "building", "construction", "constructing", "engineering"),
    "mine": ("mine", "mining"),
    "recycle": ("recycle", "recycling"),
    "identify": ("identify", "identifying", "identification"),
    "system scanning": ("system scanning", "scanning", "scan", "system scan"),
    "takeover": ("takeover", "take over", "taking over"),
    "facet": ("facet", "faceting"),
    "spawn": ("spawn", "spawning"),
    "hyper jump": ("hyper jump", "jump", "jumping", "jump plotting", "plotting"),
}
_WORD_TO_TASK = {w: task for task, words in _TASK_WORDS.items() for w in words}
#: Areas that cover several tasks: every Handling operation.
_AREA_GROUPS: dict[str, tuple[str, ...]] = {
    "handling": HANDLING_TASKS,
    "manipulation": HANDLING_TASKS,
    "manipulating the universe": HANDLING_TASKS,
}


def task_key(text: Any) -> str:
    """The kit's name for a task written by a player (``"Mining"`` -> ``"mine"``).

    Case, hyphens and underscores do not matter; a word the kit does not know stays as
    written (lower case), so a GM's own aptitude such as ``"Diplomacy"`` still matches itself.

    >>> task_key("Mining"), task_key("System_Scanning"), task_key("Take-Over"), task_key("Poetry")
    ('mine', 'system scanning', 'takeover', 'poetry')
    """
    words = validate.text("task", text, max_len=80).casefold().replace("_", " ").replace("-", " ")
    norm = " ".join(words.split())
    return _WORD_TO_TASK.get(norm, norm)


#: Which effect keyword takes away the entity's own use of an ability.
_NO_OWN = {"battle": "no_battle", "handling": "no_handling", "information": "no_information"}


def entity_signature(total_ranks: int, *, large: bool = False, small: bool = False) -> int:
    """Signature of an entity from the total of its ranks (ruling 3).

    5 or less gives 2, 6..10 gives 3, 11..15 gives 4 and each further 5 one more; Large adds
    1, Small takes 1 (never below 0).

    >>> [entity_signature(t) for t in (0, 5, 6, 10, 11, 15, 16, 21)]
    [2, 2, 3, 3, 4, 4, 5, 6]
    """
    total = validate.integer("total of ranks", total_ranks, 0)
    sig = 2 + max(0, -(-(total - 5) // 5))
    sig += int(large) - int(small)
    return max(0, sig)


def _traits(field_name: str, values: Any, kinds: tuple[str, ...]) -> tuple[Trait, ...]:
    if isinstance(values, (str, Trait, dict)):
        values = [values]
    items = validate.sequence(field_name, values)
    out = []
    for v in items:
        t = Trait.parse(v)
        if t.kind not in kinds:
            raise InvalidInput(
                f"{field_name}: {t.name!r} is a{'n' if t.kind == 'edge' else ''} {t.kind}, "
                f"not one of {', '.join(kinds)}"
            )
        out.append(t)
    return tuple(out)


@dataclass(frozen=True)
class Entity:
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
        s(self, "edges", _traits("edges", self.edges, ("edge",)))
        s(self, "flaws", _traits("flaws", self.flaws, ("flaw", "creature")))
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
            s(
                self,
                "signature_override",
                validate.integer("signature_override", self.signature_override, 0),
            )
        notes = self.notes
        if isinstance(notes, str):
            notes = (notes,)
        s(
            self,
            "notes",
            tuple(validate.text("note", n, max_len=500) for n in validate.sequence("notes", notes)),
        )

    # ------------------------------------------------------------------ ranks
    def base(self, ability: str) -> int:
        """The rank of ``ability`` as built."""
        return int(getattr(self, _ability(ability)))

    def current(self, ability: str) -> int:
        """The rank of ``ability`` after hits (never below 0)."""
        i = ABILITIES.index(_ability(ability))
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
        ability = _ability(ability)
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
            1 for area in self.aptitude_areas if area == key or key in _AREA_GROUPS.get(area, ())
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
        i = ABILITIES.index(_ability(ability))
        hits = validate.integer("hits", hits)
        new = list(self.damage)
        new[i] = max(0, new[i] + hits)
        return dataclasses.replace(self, damage=(new[0], new[1], new[2], new[3], new[4]))

    def repaired(self, ability: str | None = None) -> Entity:
        """A copy with one hit repaired on ``ability`` (or all damage cleared if None)."""
        if ability is None:
            return dataclasses.replace(self, damage=(0, 0, 0, 0, 0))
        return self.with_damage(ability, -1)

    def replace(self, **changes: Any) -> Entity:
        """A copy with fields changed (validated like the constructor)."""
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------------------------ findings
    @property
    def points_spent(self) -> int:
        """Points put on top of the starting 1 in each ability."""
        return sum(max(0, self.base(a) - 1) for a in ABILITIES)

    def findings(self) -> list[Finding]:
        """Soft problems of a character build (empty when the build is legal).

        The build rules (Flaws at least the Edges, points spent) apply to characters only;
        facets, spawns and bestiary creatures are not built from points.
        """
        out: list[Finding] = []
        if self.kind == "character" and self.flaw_points < self.edge_points:
            out.append(
                Finding(
                    "flaws_below_edges",
                    f"Flaws total {self.flaw_points} points but Edges total {self.edge_points}; "
                    "Flaws must be at least the Edges.",
                )
            )
        if self.kind == "character" and self.points is not None:
            diff = self.points - self.points_spent
            if diff > 0:
                out.append(
                    Finding("points_unspent", f"{diff} of {self.points} ability points unspent.")
                )
            elif diff < 0:
                out.append(
                    Finding(
                        "points_overspent",
                        f"{-diff} points more than the {self.points} rolled were spent.",
                    )
                )
        if self.kind == "character" and any(self.base(a) < 1 for a in ABILITIES):
            low = [a for a in ABILITIES if self.base(a) < 1]
            out.append(
                Finding(
                    "ability_below_1", f"Characters start at 1 in every ability: {', '.join(low)}."
                )
            )
        for a, b, what in (
            ("fast", "slow", "Fast and Slow"),
            ("sig+1", "sig-1", "Large and Small"),
        ):
            if self.has(a) and self.has(b):
                out.append(Finding("contradictory_traits", f"{what} cancel each other."))
        seen: set[tuple[str, str | None]] = set()
        for t in self.traits:
            key = (t.name, t.parameter)
            if key in seen:
                out.append(Finding("duplicate_trait", f"{t.label()} is taken more than once."))
            seen.add(key)
        return out

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
            **_ranks({a: 1 + added[a] for a in ABILITIES}),
            edges=tuple(edges),
            flaws=tuple(flaws),
            sex=sex,
            side=side,
            points=points,
            roll=tuple(faces),
            seed=recorded,
        )

    # ------------------------------------------------------------------ facets and spawns
    @property
    def facet_cost(self) -> int:
        """RU to make a facet: the total of current ranks (plus a Control and a Handling success)."""
        return sum(self.current_abilities.values())

    def facet(self, name: str | None = None) -> Entity:
        """A facet: a copy at current ranks with the same traits and signature, 1 hit to neutralize.

        Raises IllegalAction when a neutralized entity tries it.
        """
        if self.neutralized:
            raise IllegalAction(f"{self.name} is neutralized and cannot make a facet")
        return Entity(
            name if name is not None else f"{self.name} (facet)",
            **_ranks(self.current_abilities),
            edges=self.edges,
            flaws=self.flaws,
            sex=self.sex,
            side=self.side,
            kind="facet",
            facet_hits=1,
            signature_override=self.signature,
        )

    def strengthen(self, ru: int, rules: SuccessorsRules = DEFAULT_RULES) -> tuple[Entity, int]:
        """Feed a facet ``ru`` RU: 2 RU per extra hit, up to the total of its ranks.

        Returns the new facet and the RU actually used. When the hits reach the total of its
        ranks (its highest single rank with ``rules.facet_cap_is_total_ranks=False``) the
        facet becomes a full entity (``kind="character"``).
        """
        if self.kind != "facet":
            raise IllegalAction(f"only a facet can be strengthened; {self.name} is a {self.kind}")
        ru = validate.integer("ru", ru, 0)
        top = self.total_ranks if rules.facet_cap_is_total_ranks else max(self.abilities.values())
        cap = max(1, top)
        hits = min(cap - self.facet_hits, ru // FACET_RU_PER_HIT)
        new_hits = self.facet_hits + hits
        if new_hits >= cap:
            done = dataclasses.replace(
                self, kind="character", facet_hits=0, signature_override=None
            )
            return done, hits * FACET_RU_PER_HIT
        return dataclasses.replace(self, facet_hits=new_hits), hits * FACET_RU_PER_HIT

    def make_facet(
        self,
        name: str | None = None,
        *,
        ru: float,
        seed: SeedLike = None,
        rules: SuccessorsRules = DEFAULT_RULES,
    ) -> Creation:
        """Try to make a facet: pay the total of current ranks in RU, roll Control and Handling.

        The entity rolls its own Control dice and its own Handling dice; each roll needs a
        success (Natural Aptitude for faceting adds one to the first roll that failed). On
        success :attr:`Creation.made` is the facet (see :meth:`facet`). A failed attempt keeps
        the RU unless ``rules.failed_creation_spends_ru``. Rolls are recorded with the seed.

        >>> tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2)
        >>> c = tanrac.make_facet(ru=20, seed=1)
        >>> c.cost, [r["ability"] for r in c.rolls]
        (15, ['control', 'handling'])
        """
        if self.neutralized:
            raise IllegalAction(f"{self.name} is neutralized and cannot make a facet")
        cost = self.facet_cost
        _check_ru(self.name, "a facet", ru, cost)
        rng, recorded = make_rng(seed)
        rolls = _creation_rolls(self, "facet", rng)
        ok = all(r["successes"] + r["bonus"] > 0 for r in rolls)
        made = self.facet(name) if ok else None
        used = cost if ok or rules.failed_creation_spends_ru else 0
        return Creation("facet", ok, tuple(rolls), cost, used, made, self, (), recorded)

    def make_spawn(
        self,
        name: str,
        lower: Iterable[str] = (),
        *,
        ru: float,
        assistants: Iterable[Any] = (),
        seed: SeedLike = None,
        sex: str | None = None,
        rules: SuccessorsRules = DEFAULT_RULES,
    ) -> Creation:
        """Try to make a spawn: 12 RU and a Control and a Handling success from every maker.

        ``assistants`` are other entities helping, each an :class:`Entity` or an
        ``(entity, abilities_to_lower)`` pair: every one of them rolls both abilities and all
        must succeed. An assistant that lowers an ability gives the spawn its new rank there
        when that is higher than what the parent gives. On success :attr:`Creation.made` is
        the spawn, :attr:`Creation.parent` the parent after lowering and
        :attr:`Creation.assistants` the assistants after theirs.
        """
        helpers: list[tuple[Entity, list[str]]] = []
        for a in validate.sequence("assistants", list(assistants)):
            ent, low = (a, []) if isinstance(a, Entity) else tuple(a)
            if not isinstance(ent, Entity):
                raise InvalidType(
                    f"an assistant must be an Entity or (Entity, abilities), got {a!r}"
                )
            if ent.neutralized:
                raise IllegalAction(f"{ent.name} is neutralized and cannot help spawn")
            helpers.append((ent, [low] if isinstance(low, str) else list(low)))
        if self.neutralized:
            raise IllegalAction(f"{self.name} is neutralized and cannot spawn")
        _check_ru(self.name, "a spawn", ru, SPAWN_COST)
        rng, recorded = make_rng(seed)
        rolls = _creation_rolls(self, "spawn", rng)
        for ent, _ in helpers:
            rolls += _creation_rolls(ent, "spawn", rng)
        ok = all(r["successes"] + r["bonus"] > 0 for r in rolls)
        used = SPAWN_COST if ok or rules.failed_creation_spends_ru else 0
        if not ok:
            return Creation(
                "spawn",
                False,
                tuple(rolls),
                SPAWN_COST,
                used,
                None,
                self,
                tuple(e for e, _ in helpers),
                recorded,
            )
        after, kid = self.spawn(name, lower, sex=sex, rules=rules)
        helped = []
        for ent, low in helpers:
            ent_after, given = ent.spawn(name, low, rules=rules)
            better = {a: max(kid.base(a), given.base(a)) for a in ABILITIES}
            kid = dataclasses.replace(kid, **_ranks(better))
            helped.append(ent_after)
        return Creation(
            "spawn", True, tuple(rolls), SPAWN_COST, used, kid, after, tuple(helped), recorded
        )

    def reabsorb(self, facet: Entity, *, willing: bool) -> Entity:
        """Take a facet back: any time if it is willing, only once neutralized if not.

        What the facet learnt (its notes) joins the entity's notes.
        """
        if not isinstance(facet, Entity):
            raise InvalidType(f"facet must be an Entity, got {facet!r}")
        validate.boolean("willing", willing)
        if facet.kind != "facet":
            raise IllegalAction(f"{facet.name} is a {facet.kind}, not a facet")
        if self.neutralized:
            raise IllegalAction(f"{self.name} is neutralized and cannot reabsorb a facet")
        if not willing and not facet.neutralized:
            raise IllegalAction(
                f"{facet.name} is unwilling and not neutralized: it must be neutralized first"
            )
        notes = self.notes + tuple(n for n in facet.notes if n not in self.notes)
        return dataclasses.replace(self, notes=notes)

    def spawn(
        self,
        name: str,
        lower: Iterable[str] = (),
        *,
        sex: str | None = None,
        rules: SuccessorsRules = DEFAULT_RULES,
    ) -> tuple[Entity, Entity]:
        """Split off a spawn (12 RU, a Control and a Handling success).

        The spawn starts with 1 in every ability. For each ability in ``lower`` the parent
        permanently loses one rank and the spawn gets the parent's new rank. Returns
        ``(parent_after, spawn)``; lowering an ability of 1 raises IllegalAction unless
        ``rules.spawn_may_lower_to_zero``.
        """
        if isinstance(lower, str):
            lower = [lower]
        chosen = [_ability(a) for a in validate.sequence("lower", list(lower))]
        if len(set(chosen)) != len(chosen):
            raise InvalidInput(f"lower lists an ability more than once: {chosen!r}")
        if self.neutralized:
            raise IllegalAction(f"{self.name} is neutralized and cannot spawn")
        floor = 0 if rules.spawn_may_lower_to_zero else 1
        parent = dict(self.abilities)
        child = dict.fromkeys(ABILITIES, 1)
        for a in chosen:
            if parent[a] - 1 < floor:
                raise IllegalAction(
                    f"{self.name} cannot lower {a} below {floor} to spawn (it is {parent[a]})"
                )
            parent[a] -= 1
            child[a] = parent[a]
        after = dataclasses.replace(self, **_ranks(parent))
        kid = Entity(name, **_ranks(child), sex=sex, side=self.side, kind="spawn")
        return after, kid

    # ------------------------------------------------------------------ sheets
    def edges_and_flaws_text(self) -> str:
        """``"Cross-Trained, Still at War."`` (empty when it has none)."""
        labels = [t.label() for t in self.traits]
        return (", ".join(labels) + ".") if labels else ""

    def sheet(self) -> str:
        """The character sheet as plain text, laid out like the rule book's examples."""

        def r(a: str) -> str:
            return str(self.rank(a))

        head = f"NAME: {self.name}\t\tSEX: {self.sex or '-'}\t\tSIDE: {self.side or '-'}"
        row1 = f"\tBATTLE\t{r('battle')}\tHANDLING\t{r('handling')}\tSENSORS\t{r('sensors')}"
        row2 = f"\tCONTROL\t{r('control')}\tINFORMATION\t{r('information')}\tSIGNATURE\t{self.signature}"
        ef = self.edges_and_flaws_text()
        return "\n".join([head, row1, row2, "EDGES&FLAWS:" + (" " + ef if ef else "")])

    def to_markdown(self) -> str:
        """The character sheet as a Markdown table."""

        def r(a: str) -> str:
            cur, base = self.current(a), self.base(a)
            return str(Rank(cur)) + (f" (of {Rank(base)})" if cur != base else "")

        lines = [
            f"**{_md(self.name)}** ({self.kind}) | Sex: {self.sex or '-'} | Side: {_md(self.side or '-')}",
            "",
            "| Ability | Rank | Ability | Rank |",
            "|---|---|---|---|",
            f"| Battle | {r('battle')} | Information | {r('information')} |",
            f"| Control | {r('control')} | Sensors | {r('sensors')} |",
            f"| Handling | {r('handling')} | Signature | {self.signature} |",
            "",
            f"Edges ({self.edge_points}): {_md(', '.join(t.label() for t in self.edges) or 'none')}  ",
            f"Flaws ({self.flaw_points}): {_md(', '.join(t.label() for t in self.flaws) or 'none')}",
        ]
        lines.extend(f"- {_md(n)}" for n in self.notes)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.sheet()

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

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
    def from_dict(cls, raw: Any) -> Entity:
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


@dataclass(frozen=True)
class Creation:
    """The outcome of an attempt to make a facet or a spawn."""

    kind: str
    """``"facet"`` or ``"spawn"``."""
    success: bool
    """Every Control and Handling roll had a success."""
    rolls: tuple[dict[str, Any], ...]
    """One row per roll: entity, ability, dice, faces, successes and Natural Aptitude bonus."""
    cost: int
    """RU the creation takes."""
    ru_used: int
    """RU actually spent (0 for a failed attempt unless the rules say otherwise)."""
    made: Entity | None
    """The facet or spawn, or None when the attempt failed."""
    parent: Entity
    """The creator afterwards (a spawn's parent has its lowered ranks)."""
    assistants: tuple[Entity, ...] = ()
    """Entities that helped a spawn, afterwards."""
    seed: int | None = None
    """Seed the rolls came from."""


def _check_ru(who: str, what: str, ru: Any, cost: int) -> None:
    have = validate.number("ru", ru, 0)
    if have < cost:
        raise IllegalAction(f"{who} needs {cost} RU for {what}, has {have:g}")


def _creation_rolls(ent: Entity, task: str, rng: Any) -> list[dict[str, Any]]:
    """``ent``'s own Control and Handling rolls for a facet or spawn."""
    rows: list[dict[str, Any]] = []
    for ability in ("control", "handling"):
        dice = list(ent.dice(ability))
        if not dice:
            raise IllegalAction(
                f"{ent.name} has no {ability.capitalize()} dice of its own and cannot make a {task}"
            )
        faces = [int(f) for f in rng.integers(1, 7, size=len(dice))]
        n = sum(1 for d, f in zip(dice, faces) if f <= d and f < 6)
        rows.append(
            {
                "entity": ent.name,
                "ability": ability,
                "dice": dice,
                "faces": faces,
                "successes": n,
                "bonus": 0,
            }
        )
    extra = ent.aptitude_bonus(task)
    failed = [r for r in rows if not r["successes"]]
    if extra and failed:
        failed[0]["bonus"] = extra
    return rows


def _ability(name: Any) -> str:
    if not isinstance(name, str):
        raise InvalidType(f"ability must be a string, one of {', '.join(ABILITIES)}; got {name!r}")
    key = name.strip().lower()
    if key not in ABILITIES:
        raise InvalidInput(
            f"ability must be one of {', '.join(map(repr, ABILITIES))}; got {name!r}"
        )
    return key


def _ranks(ranks: Mapping[str, int]) -> dict[str, Any]:
    """Ability ranks as keyword arguments (typed loosely for the constructor)."""
    return {a: ranks[a] for a in ABILITIES}


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def require_ability(name: Any) -> str:
    """Validate and normalise an ability name (``"Battle"`` -> ``"battle"``)."""
    return _ability(name)
