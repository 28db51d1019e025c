"""Dice pools in a battle: which dice a unit, an entity or a whole side rolls right now.

The phases, Sensors and Take-Overs all ask this module, so it sits below them and imports
none of them (no import cycle). Pools start from
:func:`kit.successors.fleets.ability_pool` (ruling 2: Control, split ranks) and add what
only a battle knows: a Matrix or Targeter in use, a Jammer Field, and the rank modifiers of
ruling 4 (:func:`modify`), which Aimed Shots, Long Ranged entities, Static Defenses and the
Stellar Cannon use too.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ..fleets import ability_pool, entity_phase
from ..ranks import split
from .core_rules import die_hits
from .events import Ctx
from .rules import CombatRules
from .state import Unit

if TYPE_CHECKING:
    from ..entities import Entity

__all__ = ["boosted_entity", "entity_dice", "hits_of", "modify", "pool", "unit_dice"]


def modify(dice: Sequence[int], delta: int, rules: CombatRules) -> list[int]:
    """Dice of an attack after a rank modifier of ``delta`` (ruling 4).

    With ``rules.modifier_per_die`` (the default) every die of a split rank moves by
    ``delta`` and a die brought to 0 or below is not rolled; otherwise the whole rank (the sum
    of the dice) moves and is split again. A die above 5 still fails on a 6.

    >>> from kit.successors.combat.rules import CombatRules
    >>> modify([5, 3], -2, CombatRules()), modify([5, 3], -2, CombatRules(modifier_per_die=False))
    ([3, 1], [5, 1])
    """
    if not delta:
        return list(dice)
    if rules.modifier_per_die:
        return [d + delta for d in dice if d + delta > 0]
    return list(split(max(0, sum(dice) + delta)))


def hits_of(dice: Sequence[int], faces: Sequence[int]) -> int:
    """Successes of ``dice`` rolling ``faces``: a face at or under the part, never a 6."""
    return sum(1 for d, f in zip(dice, faces) if die_hits(d, f))


def boosted_entity(ctx: Ctx, side: int) -> Entity | None:
    """The side's entity as it acts: None unless active; a Matrix and Targeter add ranks."""
    s = ctx.st.sides[side]
    if not s.entity_active:
        return None
    ent = s.entity
    assert ent is not None
    matrix, targeter = s.structure_level("M"), s.structure_level("T")
    if matrix or targeter:
        try:
            return cast("Entity | None", _boosted_cached(ent, matrix, targeter))
        except TypeError:  # an entity holding something unhashable
            return cast("Entity | None", _boosted(ent, matrix, targeter))
    return ent


def _boosted(ent: Any, matrix: int, targeter: int) -> Any:
    ranks = {
        a: ent.base(a) + matrix
        for a in ("battle", "control", "handling", "information", "sensors")
        if ent.base(a)
    }
    if "battle" in ranks or targeter:
        ranks["battle"] = ent.base("battle") + matrix + targeter
    return ent.replace(**ranks)


_boosted_cached = functools.lru_cache(maxsize=1024)(_boosted)


def _jam(ctx: Ctx, side: int, dice: Sequence[int], ability: str) -> list[int]:
    """A Jammer Field lowers the Battle of every side not attuned to it."""
    if ability != "battle" or not ctx.jammer or ctx.sides[side].jammer_attuned:
        return list(dice)
    return modify(dice, -ctx.jammer, ctx.rules)


def unit_dice(ctx: Ctx, u: Unit, ability: str, phase: str | None = None) -> list[int]:
    """Dice one operational unit rolls in ``ability`` (in ``phase`` for Battle; else all)."""
    ent = boosted_entity(ctx, u.owner) if u.controlled else None
    rules = ctx.rules.fleet_rules
    try:
        dice = list(_unit_pool(ability, ent, u.design, u.controlled, phase, rules))
    except TypeError:  # something unhashable in the entity or design: no memory
        dice = list(_unit_pool.__wrapped__(ability, ent, u.design, u.controlled, phase, rules))
    return _jam(ctx, u.owner, dice, ability)


@functools.lru_cache(maxsize=16384)
def _unit_pool(
    ability: str, ent: Any, design: Any, controlled: bool, phase: str | None, rules: Any
) -> tuple[int, ...]:
    """One ship's pool by :func:`~kit.successors.fleets.ability_pool`, remembered: it depends
    only on these arguments, and a battle asks for the same ones every phase."""
    ship = _PoolShip("u", design)
    ctl: Any = {"u"} if controlled else ()  # a stand-in id, as combat keys stand in for ids
    return tuple(
        ability_pool(ability, ent, [ship], ctl, phase=phase, include_owner=False, rules=rules)
    )


class _PoolShip:
    """The two things :func:`~kit.successors.fleets.ability_pool` reads of a ship."""

    __slots__ = ("design", "id")

    def __init__(self, id: str, design: Any) -> None:
        self.id, self.design = id, design


def entity_dice(ctx: Ctx, side: int, ability: str, phase: str | None = None) -> list[int]:
    """Dice the side's own entity rolls (none if inactive, or not its phase for Battle)."""
    ent = boosted_entity(ctx, side)
    if ent is None:
        return []
    try:
        acts, dice = _entity_facts(ent, ability)
    except TypeError:  # an entity holding something unhashable: no memory
        acts, dice = _entity_facts.__wrapped__(ent, ability)
    if ability == "battle" and phase is not None and acts != phase:
        return []
    return _jam(ctx, side, dice, ability)


@functools.lru_cache(maxsize=4096)
def _entity_facts(ent: Any, ability: str) -> tuple[str | None, tuple[int, ...]]:
    """(phase the entity attacks in, its own dice in ``ability``), remembered per entity value."""
    return entity_phase(ent), tuple(ent.dice(ability))


def pool(ctx: Ctx, side: int, ability: str) -> list[int]:
    """All dice the side rolls in a non-Battle ability (entity and operational ships)."""
    dice = entity_dice(ctx, side, ability)
    for u in ctx.st.side_units(side, operational=True):
        dice += unit_dice(ctx, u, ability)
    return sorted(dice, reverse=True)
