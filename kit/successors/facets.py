"""Facets and spawns: the ways an entity makes more of itself (the rule text's "Faceting" and
"Spawning").

A **facet** is a weaker copy of an entity at its current ranks, with its Edges, Flaws and
signature: it costs the total of those ranks in RU plus a success on the maker's Control and
on its Handling, and one hit neutralizes it. Fed 2 RU per extra hit, it grows until it becomes
an entity of its own (:func:`strengthen`); its maker can take it back (:func:`reabsorb`).

A **spawn** is a piece of the entity broken off: 12 RU and a Control and a Handling success
from every entity taking part. It starts at 1 in every ability; for each ability its parent
lowers by one, the spawn gets the parent's new rank there.

The attempts (:func:`make_facet`, :func:`make_spawn`) roll the dice from a seed and return a
:class:`Creation` recording every roll, so an attempt can be shown and replayed. The entity
offers the same operations as methods (``tanrac.make_facet(ru=20)``) through
:class:`FacetsMixin`; this module never imports the entity class at run time, which keeps the
import graph a tree.

>>> from kit.successors import Entity
>>> tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2)
>>> f = tanrac.facet()
>>> f.kind, f.facet_hits, f.signature, tanrac.facet_cost
('facet', 1, 4, 15)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from .. import validate
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..rng import SeedLike, make_rng
from .abilities import ABILITIES, aptitude_attempt, ranks_kwargs, require_ability
from .entity_like import EntityLike
from .rules import DEFAULT_RULES, SuccessorsRules

if TYPE_CHECKING:
    import numpy as np
    from typing_extensions import Self

E = TypeVar("E", bound=EntityLike)
"""An entity (the functions give back the class they are given)."""

M = TypeVar("M")
"""The entities a :class:`Creation` records."""


def _new(like: E, name: str, **fields: Any) -> E:
    """A new entity of ``like``'s class."""
    make = cast("Callable[..., E]", type(like))
    return make(name, **fields)


def _replace(entity: E, **changes: Any) -> E:
    """``entity`` with ``changes`` (entities are frozen dataclasses)."""
    return cast(E, dataclasses.replace(cast(Any, entity), **changes))


__all__ = [
    "FACET_RU_PER_HIT",
    "SPAWN_COST",
    "Creation",
    "FacetsMixin",
    "facet",
    "make_facet",
    "make_spawn",
    "reabsorb",
    "spawn",
    "strengthen",
]

#: RU a spawn costs (plus a Control and a Handling success from each contributing entity).
SPAWN_COST = 12
#: RU a facet consumes for each hit of extra toughness.
FACET_RU_PER_HIT = 2


@dataclass(frozen=True)
class Creation(Generic[M]):
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
    made: M | None
    """The facet or spawn, or None when the attempt failed."""
    parent: M
    """The creator afterwards (a spawn's parent has its lowered ranks)."""
    assistants: tuple[M, ...] = ()
    """Entities that helped a spawn, afterwards."""
    seed: int | None = None
    """Seed the rolls came from."""


def _entity(field_name: str, value: E) -> E:
    """``value`` if it is an entity, else InvalidType naming ``field_name``."""
    if not isinstance(value, FacetsMixin):
        raise InvalidType(f"{field_name} must be an Entity, got {value!r}")
    return value


def facet(entity: E, name: str | None = None) -> E:
    """A facet of ``entity``: a copy at current ranks with its traits and signature, 1 hit to
    neutralize. No RU or rolls (see :func:`make_facet` for the attempt).

    Raises IllegalAction when a neutralized entity tries it.
    """
    entity = _entity("entity", entity)
    if entity.neutralized:
        raise IllegalAction(f"{entity.name} is neutralized and cannot make a facet")
    return _new(
        entity,
        name if name is not None else f"{entity.name} (facet)",
        **ranks_kwargs(entity.current_abilities),
        edges=entity.edges,
        flaws=entity.flaws,
        sex=entity.sex,
        side=entity.side,
        kind="facet",
        facet_hits=1,
        signature_override=entity.signature,
    )


def strengthen(facet: E, ru: int, rules: SuccessorsRules = DEFAULT_RULES) -> tuple[E, int]:
    """Feed a facet ``ru`` RU: 2 RU per extra hit, up to the total of its ranks.

    Returns the new facet and the RU actually used. When the hits reach the total of its
    ranks (its highest single rank with ``rules.facet_cap_is_total_ranks=False``) the facet
    becomes a full entity (``kind="character"``) with a signature of its own.
    """
    facet = _entity("facet", facet)
    if facet.kind != "facet":
        raise IllegalAction(f"only a facet can be strengthened; {facet.name} is a {facet.kind}")
    ru = validate.integer("ru", ru, 0)
    top = facet.total_ranks if rules.facet_cap_is_total_ranks else max(facet.abilities.values())
    cap = max(1, top)
    hits = min(cap - facet.facet_hits, ru // FACET_RU_PER_HIT)
    new_hits = facet.facet_hits + hits
    if new_hits >= cap:
        done = _replace(facet, kind="character", facet_hits=0, signature_override=None)
        return done, hits * FACET_RU_PER_HIT
    return _replace(facet, facet_hits=new_hits), hits * FACET_RU_PER_HIT


def make_facet(
    entity: E,
    name: str | None = None,
    *,
    ru: float,
    seed: SeedLike = None,
    rules: SuccessorsRules = DEFAULT_RULES,
) -> Creation[E]:
    """Try to make a facet: pay the total of current ranks in RU, roll Control and Handling.

    The entity rolls its own Control dice and its own Handling dice; each roll needs a
    success (Natural Aptitude for faceting adds one, see :func:`creation_rolls`). On success
    :attr:`Creation.made` is the facet (see :func:`facet`). A failed attempt keeps the RU
    unless ``rules.failed_creation_spends_ru``. Rolls are recorded with the seed.

    >>> from kit.successors import Entity
    >>> tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2)
    >>> c = make_facet(tanrac, ru=20, seed=1)
    >>> c.cost, [r["ability"] for r in c.rolls]
    (15, ['control', 'handling'])
    """
    entity = _entity("entity", entity)
    if entity.neutralized:
        raise IllegalAction(f"{entity.name} is neutralized and cannot make a facet")
    cost = entity.facet_cost
    _check_ru(entity.name, "a facet", ru, cost)
    rng, recorded = make_rng(seed)
    rolls = creation_rolls(entity, "facet", rng, rules)
    ok = all(r["successes"] + r["bonus"] > 0 for r in rolls)
    made = facet(entity, name) if ok else None
    used = cost if ok or rules.failed_creation_spends_ru else 0
    return Creation("facet", ok, tuple(rolls), cost, used, made, entity, (), recorded)


def make_spawn(
    parent: E,
    name: str,
    lower: Iterable[str] = (),
    *,
    ru: float,
    assistants: Iterable[Any] = (),
    seed: SeedLike = None,
    sex: str | None = None,
    rules: SuccessorsRules = DEFAULT_RULES,
) -> Creation[E]:
    """Try to make a spawn: 12 RU and a Control and a Handling success from every maker.

    ``assistants`` are other entities helping, each an Entity or an
    ``(entity, abilities_to_lower)`` pair: every one of them rolls both abilities and all
    must succeed. An assistant that lowers an ability gives the spawn its new rank there
    when that is higher than what the parent gives. On success :attr:`Creation.made` is
    the spawn, :attr:`Creation.parent` the parent after lowering and
    :attr:`Creation.assistants` the assistants after theirs.
    """
    parent = _entity("parent", parent)
    helpers: list[tuple[E, list[str]]] = []
    for a in validate.sequence("assistants", list(assistants)):
        ent, low = (a, []) if isinstance(a, FacetsMixin) else tuple(a)
        if not isinstance(ent, FacetsMixin):
            raise InvalidType(f"an assistant must be an Entity or (Entity, abilities), got {a!r}")
        ent = cast(E, ent)
        if ent.neutralized:
            raise IllegalAction(f"{ent.name} is neutralized and cannot help spawn")
        helpers.append((ent, [low] if isinstance(low, str) else list(low)))
    if parent.neutralized:
        raise IllegalAction(f"{parent.name} is neutralized and cannot spawn")
    _check_ru(parent.name, "a spawn", ru, SPAWN_COST)
    rng, recorded = make_rng(seed)
    rolls = creation_rolls(parent, "spawn", rng, rules)
    for ent, _ in helpers:
        rolls += creation_rolls(ent, "spawn", rng, rules)
    ok = all(r["successes"] + r["bonus"] > 0 for r in rolls)
    used = SPAWN_COST if ok or rules.failed_creation_spends_ru else 0
    if not ok:
        crew = tuple(e for e, _ in helpers)
        return Creation(
            "spawn", False, tuple(rolls), SPAWN_COST, used, None, parent, crew, recorded
        )
    after, kid = spawn(parent, name, lower, sex=sex, rules=rules)
    helped = []
    for ent, low in helpers:
        ent_after, given = spawn(ent, name, low, rules=rules)
        better = {a: max(kid.base(a), given.base(a)) for a in ABILITIES}
        kid = _replace(kid, **ranks_kwargs(better))
        helped.append(ent_after)
    return Creation(
        "spawn", True, tuple(rolls), SPAWN_COST, used, kid, after, tuple(helped), recorded
    )


def spawn(
    parent: E,
    name: str,
    lower: Iterable[str] = (),
    *,
    sex: str | None = None,
    rules: SuccessorsRules = DEFAULT_RULES,
) -> tuple[E, E]:
    """Split off a spawn without rolling (the GM has settled the RU and the rolls).

    The spawn starts with 1 in every ability. For each ability in ``lower`` the parent
    permanently loses one rank and the spawn gets the parent's new rank. Returns
    ``(parent_after, spawn)``; lowering an ability of 1 raises IllegalAction unless
    ``rules.spawn_may_lower_to_zero``.
    """
    parent = _entity("parent", parent)
    if isinstance(lower, str):
        lower = [lower]
    chosen = [require_ability(a) for a in validate.sequence("lower", list(lower))]
    if len(set(chosen)) != len(chosen):
        raise InvalidInput(f"lower lists an ability more than once: {chosen!r}")
    if parent.neutralized:
        raise IllegalAction(f"{parent.name} is neutralized and cannot spawn")
    floor = 0 if rules.spawn_may_lower_to_zero else 1
    ranks = dict(parent.abilities)
    child = dict.fromkeys(ABILITIES, 1)
    for a in chosen:
        if ranks[a] - 1 < floor:
            raise IllegalAction(
                f"{parent.name} cannot lower {a} below {floor} to spawn (it is {ranks[a]})"
            )
        ranks[a] -= 1
        child[a] = ranks[a]
    after = _replace(parent, **ranks_kwargs(ranks))
    kid = _new(parent, name, **ranks_kwargs(child), sex=sex, side=parent.side, kind="spawn")
    return after, kid


def reabsorb(entity: E, facet: E, *, willing: bool) -> E:
    """``entity`` takes its facet back: any time if the facet is willing, only once it is
    neutralized if not. What the facet learnt (its notes) joins the entity's notes.
    """
    entity = _entity("entity", entity)
    facet = _entity("facet", facet)
    validate.boolean("willing", willing)
    if facet.kind != "facet":
        raise IllegalAction(f"{facet.name} is a {facet.kind}, not a facet")
    if entity.neutralized:
        raise IllegalAction(f"{entity.name} is neutralized and cannot reabsorb a facet")
    if not willing and not facet.neutralized:
        raise IllegalAction(
            f"{facet.name} is unwilling and not neutralized: it must be neutralized first"
        )
    notes = entity.notes + tuple(n for n in facet.notes if n not in entity.notes)
    return _replace(entity, notes=notes)


def _check_ru(who: str, what: str, ru: Any, cost: int) -> None:
    have = validate.number("ru", ru, 0)
    if have < cost:
        raise IllegalAction(f"{who} needs {cost} RU for {what}, has {have:g}")


def creation_rolls(
    ent: E, task: str, rng: np.random.Generator, rules: SuccessorsRules = DEFAULT_RULES
) -> list[dict[str, Any]]:
    """``ent``'s own Control and Handling rolls for a facet or spawn (``task``).

    Natural Aptitude for the task adds its extra success to the first of the two rolls that
    failed (else the first); with ``rules.aptitude_bonus_needs_a_success`` only to a roll that
    already succeeded, so it can no longer save a failed one (:func:`aptitude_attempt`, the
    same reading as the Workshop's and the battle's).
    """
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
    at = aptitude_attempt(
        [r["successes"] > 0 for r in rows], needs_a_success=rules.aptitude_bonus_needs_a_success
    )
    if at is not None:
        rows[at]["bonus"] = ent.aptitude_bonus(task)
    return rows


class FacetsMixin:
    """The facet and spawn operations as methods of :class:`~kit.successors.entities.Entity`
    (typed by what they read of it, :class:`~kit.successors.entity_like.EntityLike`).

    Each method hands the entity to the function of the same name in this module.
    """

    __slots__ = ()

    @property
    def facet_cost(self) -> int:
        """RU to make a facet: the total of current ranks (plus a Control and a Handling
        success)."""
        return sum(cast(EntityLike, self).current_abilities.values())

    def facet(self, name: str | None = None) -> Self:
        """A facet at current ranks, 1 hit to neutralize (see :func:`facet`)."""
        return cast("Self", facet(cast(EntityLike, self), name))

    def strengthen(self, ru: int, rules: SuccessorsRules = DEFAULT_RULES) -> tuple[Self, int]:
        """Feed this facet ``ru`` RU (see :func:`strengthen`)."""
        return cast("tuple[Self, int]", strengthen(cast(EntityLike, self), ru, rules))

    def make_facet(
        self,
        name: str | None = None,
        *,
        ru: float,
        seed: SeedLike = None,
        rules: SuccessorsRules = DEFAULT_RULES,
    ) -> Creation[Self]:
        """Try to make a facet, paying RU and rolling (see :func:`make_facet`).

        >>> from kit.successors import Entity
        >>> tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2)
        >>> tanrac.make_facet(ru=20, seed=1).cost
        15
        """
        made = make_facet(cast(EntityLike, self), name, ru=ru, seed=seed, rules=rules)
        return cast("Creation[Self]", made)

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
    ) -> Creation[Self]:
        """Try to make a spawn with RU and rolls (see :func:`make_spawn`)."""
        made = make_spawn(
            cast(EntityLike, self),
            name,
            lower,
            ru=ru,
            assistants=assistants,
            seed=seed,
            sex=sex,
            rules=rules,
        )
        return cast("Creation[Self]", made)

    def spawn(
        self,
        name: str,
        lower: Iterable[str] = (),
        *,
        sex: str | None = None,
        rules: SuccessorsRules = DEFAULT_RULES,
    ) -> tuple[Self, Self]:
        """Split off a spawn without rolling; ``(parent_after, spawn)`` (see :func:`spawn`)."""
        pair = spawn(cast(EntityLike, self), name, lower, sex=sex, rules=rules)
        return cast("tuple[Self, Self]", pair)

    def reabsorb(self, facet: Self, *, willing: bool) -> Self:
        """Take a facet back (see :func:`reabsorb`)."""
        return cast(
            "Self", reabsorb(cast(EntityLike, self), cast(EntityLike, facet), willing=willing)
        )
