"""What the vectorised simulation covers: :func:`fast_supported` names the first thing it does
not, so :func:`~kit.successors.combat.simulate.simulate` falls back to the event-log engine."""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING

from ...entities import ABILITIES
from ..policies import AutoPolicy, Never, RetreatAfter, RetreatWhenLosses
from .tables import MAX_CODES

if TYPE_CHECKING:
    from ..battle import Battle
    from ..protocol import CombatPolicy

__all__ = ["fast_supported"]


def fast_supported(battle: Battle, policy: CombatPolicy, *, started: bool = False) -> str | None:
    """None when the fast path covers this battle and policy, else the reason it does not.

    ``started``: the battle may be under way (the advisor plays on from its state)."""
    if type(policy) is not AutoPolicy:
        return "only AutoPolicy is vectorised"
    if policy.gather:
        return "gathering is not vectorised"
    if len(battle.log) and not started:
        return "the battle has already started"
    for i, s in enumerate(battle.sides):
        extras = [
            what
            for what, there in (
                ("a Feral entity", s.feral),
                ("Cubes", s.cubes),
            )
            if there
        ]
        if extras:
            return f"{s.name!r} has extras the fast path does not cover: {', '.join(extras)}"
        if s.static_defenses and not battle.rules.modifier_per_die:
            return "Static Defenses with modifier_per_die=False are not vectorised"
        e = s.entity
        if e is not None and any(e.aptitude_bonus(t) for t in ("repair", "recondition")):
            return f"{e.name}'s Natural Aptitude for repairs is not vectorised"
        if e is not None and prod(e.base(a) + 1 for a in ABILITIES) > MAX_CODES:
            return f"{e.name}'s ranks are too high for the vectorised tables"
        rule = policy._rule(i)
        if not isinstance(rule, (Never, RetreatAfter, RetreatWhenLosses)):
            return "custom retreat rules are not vectorised"
    return None
