"""What the vectorised simulation covers: :func:`fast_supported` names the first thing it does
not, so :func:`~kit.successors.combat.simulate.simulate` falls back to the event-log engine."""

from __future__ import annotations

from math import prod
from typing import Any

from ...entities import ABILITIES
from ..policies import AutoPolicy, Never, RetreatAfter, RetreatWhenLosses
from .tables import MAX_CODES

__all__ = ["fast_supported"]


def fast_supported(battle: Any, policy: Any) -> str | None:
    """None when the fast path covers this battle and policy, else the reason it does not."""
    if type(policy) is not AutoPolicy:
        return "only AutoPolicy is vectorised"
    if policy.gather:
        return "gathering is not vectorised"
    if len(battle.log):
        return "the battle has already started"
    if battle.jammer:
        return "Jammer Fields are not vectorised"
    for i, s in enumerate(battle.sides):
        if (
            s.static_defenses
            or s.busters
            or s.rammers
            or s.stellar_cannon is not None
            or s.matrix
            or s.targeter
            or s.adjacent
            or s.feral
            or s.carried
            or s.cubes
        ):
            return f"{s.name!r} has extras (defenses, busters, rammers, racks...) not vectorised"
        e = s.entity
        if e is not None and (
            e.fragile
            or e.has("self_repair")
            or e.kind == "facet"
            or e.has("no_battle")
            or e.has("no_handling")
        ):
            return f"{e.name}'s traits are not vectorised"
        if e is not None and any(e.aptitude_bonus(t) for t in ("repair", "recondition")):
            return f"{e.name}'s Natural Aptitude for repairs is not vectorised"
        if e is not None and prod(e.base(a) + 1 for a in ABILITIES) > MAX_CODES:
            return f"{e.name}'s ranks are too high for the vectorised tables"
        if e is not None and s.controlled and (e.base("battle") < 1 or e.base("handling") < 1):
            return "controllers without Battle or Handling are not vectorised"
        rule = policy._rule(i)
        if not isinstance(rule, (Never, RetreatAfter, RetreatWhenLosses)):
            return "custom retreat rules are not vectorised"
        if not isinstance(rule, Never) and any(sh.design.immobile for sh in s.ships):
            return "retreating sides with immobile ships are not vectorised"
    return None
