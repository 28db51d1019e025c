"""Take-Over: wresting enemy ships away with Control.

A side needs a lock (3 Sensors successes on the target's fleet, same orbit) to try. Each of
its Control users (the entity and its ships with Control) may try one target per day,
rolling its Control dice. Strong Control, Access Codes and Rank add successes to the
attacker, Weak Control of the target's owner adds one too. When two sides score on the same
ship in one phase, their successes cancel until only one side has any. The first success
neutralizes the ship; 2 successes take over a ship not under direct Control, 3 one that is.
A taken ship may need reconditioning before its new owner can use it.
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction
from .core_rules import competing_margin, takeover_needed
from .events import Ctx
from .pools import entity_dice, hits_of, unit_dice
from .state import Unit, entity_key

__all__ = [
    "cancel_competing",
    "lockable_targets",
    "needed_successes",
    "needs_recondition",
    "takeover_bonus",
    "takeover_phase",
    "takeover_users",
]


def needed_successes(ctx: Ctx, u: Unit) -> int:
    """Successes needed to take ``u`` over: more when it is under an entity's Control."""
    return int(
        takeover_needed(
            u.controlled, ctx.rules.takeover_uncontrolled, ctx.rules.takeover_controlled
        )
    )


def takeover_bonus(ctx: Ctx, side: int, u: Unit) -> int:
    """Automatic extra successes of ``side`` against ``u`` from Edges and Flaws."""
    bonus = 0
    ent = ctx.st.sides[side].entity
    if ent is not None:
        bonus += ent.bonus("takeover")
        if ctx.sides[u.owner].ancient:
            bonus += ent.bonus(
                "takeover_ancient", own_side_target=u.maker == ctx.sides[side].faction
            )
    owner = ctx.st.sides[u.owner].entity
    if owner is not None:
        bonus += owner.enemy_takeover_bonus
    return bonus


def cancel_competing(successes: dict[int, int]) -> dict[int, int]:
    """Successes left after cancelling: only the best side keeps its margin over the next.

    >>> cancel_competing({0: 2, 1: 1}), cancel_competing({0: 1, 2: 1}), cancel_competing({1: 3})
    ({0: 1}, {}, {1: 3})
    """
    if not successes:
        return {}
    sides = list(successes)
    best, margin = competing_margin([successes[s] for s in sides])
    return {sides[best]: margin} if best >= 0 else {}


def lockable_targets(ctx: Ctx, side: int) -> list[str]:
    """Enemy ships ``side`` has a lock on (enough Sensors successes on their fleet)."""
    out = []
    for j in ctx.enemies(side):
        if ctx.st.sides[side].sensors.get(j, 0) >= ctx.rules.takeover_lock:
            out += [u.key for u in ctx.st.side_units(j) if u.carried_by is None]
    return out


def takeover_users(ctx: Ctx, side: int) -> dict[str, list[int]]:
    """Who of ``side`` can attempt a Take-Over, with its Control dice."""
    out = {}
    ed = entity_dice(ctx, side, "control")
    if ed:
        out[entity_key(side)] = ed
    for u in ctx.st.side_units(side, operational=True):
        d = unit_dice(ctx, u, "control")
        if d:
            out[u.key] = d
    return out


def needs_recondition(ctx: Ctx, side: int, u: Unit) -> bool:
    """True when ``side`` cannot use ``u`` before reconditioning it (made by another nation)."""
    ent = ctx.st.sides[side].entity
    if ent is not None and ent.has("no_recondition"):
        return False
    return u.maker is not None and u.maker != ctx.sides[side].faction


def takeover_phase(ctx: Ctx) -> None:
    """Take-Over attempts: roll, bonus, cancel competing scores, neutralize or take over."""
    scores: dict[str, dict[int, int]] = {}
    for side in range(len(ctx.sides)):
        if not ctx.fighting(side):
            continue
        targets = lockable_targets(ctx, side)
        users = takeover_users(ctx, side)
        if not targets or not users:
            continue
        plan = ctx.policy.takeovers(ctx, side, users, targets)
        for who, target in plan.items():
            if who not in users or target not in targets:
                raise IllegalAction(f"{who!r} cannot attempt a Take-Over on {target!r}")
            u = ctx.st.units[target]
            dice = users[who]
            faces = ctx.roller.attack(dice)
            n = hits_of(dice, faces)
            bonus = takeover_bonus(ctx, side, u)
            if ctx.rules.takeover_bonus_needs_a_success and not n:
                bonus = 0
            ctx.emit(
                "roll",
                purpose="takeover",
                side=side,
                unit=target,
                by=who,
                dice=dice,
                faces=faces,
                successes=n,
                bonus=bonus,
            )
            scores.setdefault(target, {})
            scores[target][side] = scores[target].get(side, 0) + n + bonus
    for target, by_side in scores.items():
        kept = cancel_competing(by_side)
        if not kept:
            continue
        ((side, n),) = kept.items()
        u = ctx.st.units[target]
        progress: dict[Any, int] = {str(k): v for k, v in u.takeover.items()}
        progress[str(side)] = progress.get(str(side), 0) + n
        if progress[str(side)] >= needed_successes(ctx, u):
            ctx.emit(
                "taken_over",
                unit=target,
                side=side,
                from_side=u.owner,
                needs_recondition=needs_recondition(ctx, side, u),
            )
        else:
            ctx.emit("takeover_progress", unit=target, side=side, successes=progress)
