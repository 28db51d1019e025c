"""Manipulating the universe: Handling operations, in a battle's repair phase or day by day.

Each Handling die is one operation a day; a success does one unit of work:

* **repair**: one neutralized ship back in action (or one hit on an entity; or one Take-Over
  success cancelled);
* **recondition**: one ship of another nation made usable (needless when Cross-Trained,
  impossible when Tek Locked);
* **gather**: one neutralized ship (an enemy's, or one's own to carry it off) or object
  pulled in and held; a held ship keeps one die busy each day. In a battle the objects are
  the hulks of ships hulked there (``hulk_ru`` of scrap, half the ship's cost): a gathered
  hulk is its gatherer's for good (its RU count in the result) and keeps no die busy, as
  there is nothing left to hold back. A hulk of nothing (a 1 RU ship) cannot be gathered.
  Sides gathering the same ship or hulk in one phase cancel each other's successes until
  only one side has any;
* **imprison** (in a battle, with an empty Cube at hand: ``Side.cubes``): one neutralized
  enemy entity put in a Cube. The text lets a Cube take an entity once neutralized and
  says nothing of how; the kit makes it a Handling success, resolved and cancelled like a
  gather. Inside, the entity is out of the battle (``entity_state`` ``"imprisoned"``):
  nothing can target it, its side fights on without it, and it still heals (its rank-1
  roll a day) but may only use Sensors, and only in the Cube's orbit (``projects.Cube``);
* **build**: up to 5 RU put into an engineering project, up to 3 into a ship or anything
  else (RU must be at hand);
* **mine**: 3 RU of surface, 2 of crust or 1 of core RU (a Core Tap mines a core at the
  crust's rate; a Stellar Tap mines a star);
* **recycle**: 5 RU broken off an object, never more than its cost.

:func:`run_operations` resolves a side's dice inside a battle. The same tasks outside combat,
as days of rolls, are the :class:`~.workshop.Workshop`'s (``workshop`` module; its names are
also importable from here, as are the rates in ``handling``).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

from ... import validate
from ...errors import IllegalAction
from ..abilities import aptitude_attempt
from .events import Ctx, in_fight
from .handling import MINING_RATES, RECYCLE_RU, TASKS, entity_repair_ability
from .state import BattleState, parse_key
from .takeover import cancel_competing
from .workshop import BuildJob, DayReport, LooseObject, Workshop

__all__ = [
    "BATTLE_TASKS",
    "MINING_RATES",
    "RECYCLE_RU",
    "TASKS",
    "BuildJob",
    "DayReport",
    "LooseObject",
    "Workshop",
    "can_imprison",
    "check_task",
    "operations_phase",
    "resolve_gathers",
    "run_operations",
    "self_repair",
]


#: What a Handling die may do in a battle's repair phase (the rest takes days: the Workshop).
BATTLE_TASKS = ("repair", "recondition", "gather", "imprison")


def check_task(ctx: Ctx, side: int, task: str, target: str) -> None:
    """Raise IllegalAction unless ``side`` may do ``task`` on ``target`` now."""
    st = ctx.st
    validate.choice("task", task, BATTLE_TASKS)
    s, rest = parse_key(target)
    if task == "imprison":
        _check_imprison(ctx, side, s, rest, target)
        return
    if rest.startswith("E"):
        ent = st.sides[s].entity
        if (
            task != "repair"
            or s != side
            or ent is None
            or st.sides[s].entity_state != "active"
            or not any(ent.damage)
        ):
            raise IllegalAction(f"{target!r}: only a side's own damaged entity can be repaired")
        return
    u = st.units.get(target)
    if task == "gather" and u is not None and u.state == "hulked":
        if not u.gatherable:
            why = "its gatherer holds it already" if u.hulk_ru > 0 else "it left no scrap"
            raise IllegalAction(f"{target!r} is a hulk that cannot be gathered: {why}")
        return
    if u is None or not u.in_orbit:
        raise IllegalAction(f"{target!r} is not a ship or hulk in the orbit")
    if task == "repair" and (u.owner != side or u.status != "neutralized"):
        raise IllegalAction(f"{target!r} is not a neutralized ship of this side")
    if task == "recondition":
        ent = st.sides[side].entity
        if u.owner != side or not u.needs_recondition:
            raise IllegalAction(f"{target!r} is not a ship of this side needing reconditioning")
        if ent is not None and ent.has("tek_locked"):
            raise IllegalAction(f"{ent.name} is Tek Locked and cannot recondition {target!r}")
    if task == "gather" and not u.gatherable:
        raise IllegalAction(f"{target!r} is not a neutralized ship free to gather")


def can_imprison(st: BattleState, side: int, target: int) -> bool:
    """May ``side`` put ``target``'s entity in a Cube now? It needs an empty Cube, and the
    entity must be an enemy's, in the orbit (not destroyed, gone or already held) and
    neutralized (a willing entity enters a Cube outside a battle: ``projects.Cube``)."""
    if target == side or not 0 <= target < len(st.sides) or st.sides[side].cubes < 1:
        return False
    t = st.sides[target]
    return t.entity is not None and t.entity_state == "active" and t.entity.neutralized


def _check_imprison(ctx: Ctx, side: int, s: int, rest: str, target: str) -> None:
    if rest != "E":
        raise IllegalAction(f"imprison targets an enemy entity ('1:E'), got {target!r}")
    if not can_imprison(ctx.st, side, s):
        raise IllegalAction(
            f"{target!r} cannot be put in a Cube now: it takes an empty Cube of this side "
            f"({ctx.st.sides[side].cubes} left) and a neutralized enemy entity in the orbit"
        )


@dataclass
class _PhaseGathers:
    """Gather successes of one repair phase, kept until every side has rolled."""

    steps: int
    """``BattleState.steps`` of the phase they belong to."""
    scores: dict[str, dict[int, int]] = field(default_factory=dict)
    """Target key -> side -> successes."""


#: Gathers waiting for the other sides of the same phase, by context.
_PENDING: weakref.WeakKeyDictionary[Ctx, _PhaseGathers] = weakref.WeakKeyDictionary()


def run_operations(ctx: Ctx, side: int, dice: list[int]) -> None:
    """Resolve one day of ``side``'s Handling operations in a battle.

    The repair phase calls this once per side still in the fight, in side order. Repairs and
    reconditioning land at once (each side works on its own ships). Gathers are simultaneous:
    their successes wait until the last side of the phase has rolled, then
    :func:`resolve_gathers` lets competing successes on one ship cancel.
    """
    pending = _PENDING.get(ctx)
    if pending is None or pending.steps != ctx.st.steps:
        pending = _PENDING[ctx] = _PhaseGathers(ctx.st.steps)
    _side_operations(ctx, side, dice, pending.scores)
    if not any(in_fight(ctx.st, j) for j in range(side + 1, len(ctx.sides))):
        del _PENDING[ctx]
        resolve_gathers(ctx, pending.scores)


def operations_phase(ctx: Ctx, pools: dict[int, list[int]]) -> None:
    """Every side's Handling operations of one repair phase (``pools``: side -> dice)."""
    scores: dict[str, dict[int, int]] = {}
    for side in sorted(pools):
        _side_operations(ctx, side, pools[side], scores)
    resolve_gathers(ctx, scores)


def resolve_gathers(ctx: Ctx, scores: dict[str, dict[int, int]]) -> None:
    """Gather the ships and hulks (and imprison the entities) whose successes survive
    cancelling (ties take nothing).

    When two or more sides gather the same ship or hulk, or try to put the same entity in
    their Cubes, and more than one succeeds, the successes cancel until only one side has any
    (the rule for any action tried by several at once). The ``gather`` event of a hulk
    records its RU (``hulk_ru``). An entity brought back above 0 by its own side's repair
    earlier in the same phase is no longer neutralized and escapes the Cube.
    """
    for target, by_side in scores.items():
        kept = cancel_competing(by_side)
        if len([n for n in by_side.values() if n > 0]) > 1:
            ctx.emit(
                "note",
                purpose="gather_cancelled",
                target=target,
                successes={str(k): v for k, v in by_side.items()},
                kept={str(k): v for k, v in kept.items()},
            )
        if not kept:
            continue
        ((side, _),) = kept.items()
        owner, rest = parse_key(target)
        if rest == "E":
            if can_imprison(ctx.st, side, owner):
                ctx.emit("imprison", side=side, target=owner)
            continue
        u = ctx.st.units[target]
        if u.gatherable:
            extra = {"hulk_ru": u.hulk_ru} if u.state == "hulked" else {}
            ctx.emit("gather", unit=target, side=side, **extra)


def _aptitude_bonuses(
    ctx: Ctx, side: int, plan: list[tuple[str, str]], oks: list[bool]
) -> list[int]:
    """Natural Aptitude of the side's entity: one extra success per task kind in the plan,
    given to the first attempt of that kind that failed (else the first)."""
    bonus = [0] * len(plan)
    s = ctx.st.sides[side]
    ent = s.entity
    if ent is None or not s.entity_active:
        return bonus
    needs = ctx.rules.fleet_rules.aptitude_bonus_needs_a_success
    for task in dict.fromkeys(t for t, _ in plan):
        rows = [i for i, (t, _) in enumerate(plan) if t == task]
        at = aptitude_attempt([oks[i] for i in rows], needs_a_success=needs)
        if at is not None:
            bonus[rows[at]] += ent.aptitude_bonus(task)
    return bonus


def _side_operations(
    ctx: Ctx, side: int, dice: list[int], gathers: dict[str, dict[int, int]]
) -> None:
    st = ctx.st
    held = [u for u in st.units.values() if u.held_by == side and u.in_orbit]
    free = dice[len(held) :]
    for u in held[len(dice) :]:
        ctx.emit("release", unit=u.key, side=side)
    if not free:
        return
    plan = list(ctx.policy.operations(ctx, side, list(free)))[: len(free)]
    for task, target in plan:
        check_task(ctx, side, task, target)
    faces = ctx.roller.faces(len(plan))
    oks = [face <= die and face < 6 for die, face in zip(free, faces)]
    bonuses = _aptitude_bonuses(ctx, side, plan, oks)
    for (task, target), die, face, ok, bonus in zip(plan, free, faces, oks, bonuses):
        extra = {"bonus": bonus} if bonus else {}
        ctx.emit(
            "roll",
            purpose=task,
            side=side,
            target=target,
            dice=[die],
            faces=[face],
            successes=int(ok),
            **extra,
        )
        if not ok and not bonus:
            continue
        if task in ("gather", "imprison"):
            got = gathers.setdefault(target, {})
            got[side] = got.get(side, 0) + int(ok) + bonus
            continue
        try:
            check_task(ctx, side, task, target)
        except IllegalAction:
            continue  # an earlier success the same day already did it
        _succeed(ctx, side, task, target)


def _succeed(ctx: Ctx, side: int, task: str, target: str) -> None:
    st = ctx.st
    s, rest = parse_key(target)
    if rest.startswith("E"):
        ent = st.sides[s].entity
        assert ent is not None
        ability = rest[2:] if rest.startswith("E:") else entity_repair_ability(ent)
        ctx.emit("ability_hit", side=s, ability=ability, hits=-1, repair=True)
        return
    u = st.units[target]
    if task == "repair":
        if any(u.takeover.values()):
            left = (
                {}
                if ctx.rules.repair_cancels_all_takeover
                else {str(k): v - 1 for k, v in u.takeover.items()}
            )
            ctx.emit("takeover_cancelled", unit=target, successes=left)
        else:
            ctx.emit("repair", unit=target, side=side)
    elif task == "recondition":
        ctx.emit("recondition", unit=target, side=side)


def self_repair(ctx: Ctx, side: int) -> None:
    """A neutralized entity's daily rank-1 repair roll; Self-Repairing's free hit a day.

    An entity in a Cube still heals (healing is not the use of an ability), but a Feral in
    one eats nothing.
    """
    s = ctx.st.sides[side]
    ent = s.entity
    if ent is None or s.entity_state not in ("active", "imprisoned"):
        return
    if ctx.sides[side].feral and not ent.neutralized and s.entity_state == "active":
        _feral_eats(ctx, side)
    if not any(ent.damage):
        return
    if ent.has("self_repair"):
        ctx.emit(
            "ability_hit",
            side=side,
            ability=entity_repair_ability(ent),
            hits=-1,
            repair=True,
            reason="self-repairing",
        )
        ent = ctx.st.sides[side].entity
        assert ent is not None
    if ent.neutralized:
        rank = ctx.rules.entity_self_repair_rank
        face = ctx.roller.faces(1)[0]
        ok = face <= rank and face < 6
        ctx.emit(
            "roll", purpose="self-repair", side=side, dice=[rank], faces=[face], successes=int(ok)
        )
        if ok:
            ctx.emit(
                "ability_hit",
                side=side,
                ability=entity_repair_ability(ent),
                hits=-1,
                repair=True,
                reason="self-repair",
            )


def _feral_eats(ctx: Ctx, side: int) -> None:
    st = ctx.st
    room = ctx.rules.feral_capacity - st.sides[side].feral_ru
    bite = min(ctx.rules.feral_ru_per_day, room)
    prey = sorted(
        (
            u
            for u in st.units.values()
            if u.owner != side and u.in_orbit and u.status == "neutralized"
        ),
        key=lambda u: (u.cost - u.eaten, u.key),
    )
    for u in prey:
        if bite <= 0:
            break
        take = min(bite, u.cost - u.eaten)
        ctx.emit("eaten", unit=u.key, side=side, ru=take)
        bite -= take
