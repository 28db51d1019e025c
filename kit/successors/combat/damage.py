"""Where hits land: the damage table, multi-hit ships, entities, neutralized targets.

A hit on a ship adds to its counter; when the counter reaches the hits the ship takes per
roll (1 for most, 2..5 for the big ones) it rolls on the damage table: neutralized, hulked
(scrap worth half its RU, rounded down) or vaporized. A hit on anything already neutralized
destroys it. A hit on an entity lowers one ability (the defender's choice) by one; an entity
with an ability below 1 is neutralized. A Fragile creature dies to one hit. A hit on Static
Defenses removes one point.

The default allocation (ruling 4) is here too, built on :func:`.allocation.plan_wave`, which
the fast simulation runs as well: decoys first, then the cheapest operational ship, the entity
last; every hit lands while the defender has anything left to hit (:func:`resolve_hits`). A hit
that lowers Control below the ships under it makes the side let ships go
(:func:`release_control`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import numpy as np

from ... import validate
from ...errors import IllegalAction
from ..entities import ABILITIES
from .allocation import plan_wave
from .core_rules import control_excess as rules_control_excess
from .events import Ctx
from .state import STRUCTURES, BattleState, Unit, entity_neutralized, parse_key

if TYPE_CHECKING:
    from ..entities import Entity

__all__ = [
    "allocation_order",
    "auto_allocation",
    "cheapest_first",
    "control_excess",
    "default_release",
    "entity_loss_order",
    "land_hit",
    "land_hits",
    "release_control",
    "resolve_hits",
    "valid_target",
]

#: Order in which the default policy gives up abilities when ranks tie (Battle kept longest).
ENTITY_LOSS_PREFERENCE = ("information", "sensors", "handling", "control", "battle")


def entity_loss_order(entity: Entity) -> str:
    """Ability the default policy lowers: the highest current rank, ties by preference."""
    return _loss_choice({a: entity.current(a) for a in ENTITY_LOSS_PREFERENCE})


def _loss_choice(current: dict[str, int]) -> str:
    """:func:`entity_loss_order` on the current ranks (the rule stated once)."""
    return max(ENTITY_LOSS_PREFERENCE, key=lambda a: (current[a], -ENTITY_LOSS_PREFERENCE.index(a)))


def allocation_order(units: list[Unit]) -> list[Unit]:
    """Operational units in the default order: decoys (biggest decoy first), then by cost."""
    return sorted(units, key=lambda u: (-u.design.decoy, u.cost, unit_order(u.key)))


def cheapest_first(u: Unit) -> tuple[float, tuple[int, int, str]]:
    """Sort key of the automatic choices that go by price (ruling 4): the cheapest ship first,
    then setup order. Hits on neutralized ships, repairs and releases of Control use it, in the
    engine and in the fast simulation alike."""
    return (u.cost, unit_order(u.key))


@functools.lru_cache(maxsize=65536)
def unit_order(key: str) -> tuple[int, int, str]:
    """Sort key of a unit key: side, then the ship id as a number (``"0:10"`` after ``"0:9"``)."""
    side, rest = parse_key(key)
    return (side, int(rest) if validate.is_whole_text(rest) else 10**9, rest)


def valid_target(st: BattleState, defender: int, key: str) -> bool:
    """True when ``key`` names something of ``defender`` that a hit can land on."""
    side, rest = parse_key(key)
    if rest.startswith("E"):
        s = st.sides[side]
        return side == defender and s.entity is not None and s.entity_state == "active"
    if rest == "S":
        return side == defender and st.sides[side].static_defenses > 0
    if rest in STRUCTURES:
        struct = st.sides[side].structures.get(rest) if side < len(st.sides) else None
        return side == defender and struct is not None and struct["state"] != "destroyed"
    u = st.units.get(key)
    return u is not None and u.owner == defender and u.in_orbit and u.carried_by is None


def _entity_room(ent: Any) -> int:
    """Hits the entity takes with every ability it has still at 1 or more."""
    if entity_neutralized(ent) or ent.fragile:
        return 0
    return sum(max(0, ent.current(a) - 1) for a in ABILITIES if ent.base(a) >= 1)


_entity_room_cached = functools.lru_cache(maxsize=4096)(_entity_room)


def _plan_one(
    hits: int,
    cap: tuple[int, ...],
    room: int,
    neutralized: tuple[bool, ...],
    order: tuple[int, ...],
    there: bool,
) -> tuple[tuple[int, ...], int, tuple[bool, ...], bool]:
    """:func:`~.allocation.plan_wave` for a batch of one, in plain tuples (hashable, so a
    battle and the battles after it in a simulation can reuse what the same situation gave)."""
    n = len(cap)
    wave = plan_wave(
        np.array([hits]),
        np.array([cap], int).reshape(1, n),
        np.array([room], int),
        np.array([neutralized], bool).reshape(1, n),
        np.array(order, int),
        np.array([there], bool),
    )
    return (
        tuple(int(x) for x in wave.take[0]),
        int(wave.entity[0]),
        tuple(bool(x) for x in wave.kill[0]),
        bool(wave.last[0]),
    )


#: :func:`_plan_one` remembered for defenders of up to :data:`_PLAN_MEMO_SHIPS` ships (bigger
#: ones rarely meet the same situation twice, and their keys would take room).
_plan_one_cached = functools.lru_cache(maxsize=8192)(_plan_one)
_PLAN_MEMO_SHIPS = 64


def auto_allocation(st: BattleState, defender: int, hits: int) -> list[str]:
    """Ruling 4's next wave of ``hits`` on ``defender`` (see :mod:`.allocation`).

    Operational ships (decoys, then the cheapest) take the hits that bring them to their
    damage roll; the entity takes hits while every ability stays at 1 or more; neutralized
    ships take one hit each, cheapest first; then Static Defenses lose points; the entity
    takes a neutralizing (then destroying) hit only when nothing else is left. The list can be
    shorter than ``hits``: the rest wait for the next wave, once the damage rolls are known.
    """
    if hits <= 0:
        return []
    units = allocation_order(
        [u for u in st.units.values() if u.owner == defender and u.state == "active"]
    )
    units = [u for u in units if u.carried_by is None]
    cap = tuple(u.design.hits_per_damage - u.counter if u.operational else 0 for u in units)
    neut = tuple(u.status == "neutralized" for u in units)
    order = tuple(sorted(range(len(units)), key=lambda j: cheapest_first(units[j])))
    s = st.sides[defender]
    ent = s.entity
    there = ent is not None and s.entity_state == "active"
    room = 0
    if there and ent is not None:
        try:
            room = _entity_room_cached(ent)
        except TypeError:  # an entity holding something unhashable
            room = _entity_room(ent)
    plan = _plan_one_cached if len(cap) <= _PLAN_MEMO_SHIPS else _plan_one
    take, n_entity, kill, last = plan(int(hits), cap, room, neut, order, there)
    out: list[str] = []
    for j, u in enumerate(units):
        out += [u.key] * take[j]
    if n_entity and ent is not None:
        current = {a: ent.current(a) for a in ENTITY_LOSS_PREFERENCE}
        for _ in range(n_entity):
            a = _loss_choice(current)
            out.append(f"{defender}:E:{a}")
            current[a] = max(0, current[a] - 1)  # one more hit on it, as with_damage would
    out += [units[j].key for j in order if kill[j]]
    if not out and s.static_defenses > 0:
        return [f"{defender}:S"] * min(hits, s.static_defenses)
    if last and ent is not None:
        out.append(
            f"{defender}:E" if entity_neutralized(ent) else f"{defender}:E:{entity_loss_order(ent)}"
        )
    return out


def resolve_hits(ctx: Ctx, defender: int, hits: int, *, by: int, phase: str) -> None:
    """Allocate and land ``hits`` on ``defender``, wave after wave, until none is left.

    Each wave is a decision of the policy (``allocate``) with the hits still to place; its
    hits land in order. A hit whose target is gone by the time it lands (a ship hulked or
    vaporized by an earlier hit of the wave) goes back into the next wave, so no hit is lost
    while the defender has anything left to hit (ruling 4).
    """
    left = hits
    while left > 0:
        if not auto_allocation(ctx.st, defender, left):
            ctx.emit(
                "note",
                text=f"{left} hit(s) on side {defender} lost: nothing of it left to hit",
                by=by,
                phase=phase,
            )
            return
        alloc = [str(k) for k in ctx.policy.allocate(ctx, defender, left, phase, by)]
        if not 1 <= len(alloc) <= left:
            raise IllegalAction(
                f"allocate between 1 and {left} hits for side {defender}, got {len(alloc)}"
            )
        for key in alloc:
            if not valid_target(ctx.st, defender, key):
                raise IllegalAction(f"a hit on side {defender} cannot land on {key!r}")
        ctx.emit("decision", decision="allocate", side=defender, hits=left, targets=alloc)
        for key in alloc:
            if not valid_target(ctx.st, defender, key):
                break  # gone meanwhile: this hit and the rest go to the next wave
            land_hit(ctx, key, by=by, phase=phase)
            left -= 1


def default_release(st: BattleState, side: int, n: int) -> list[str]:
    """The automatic choice of ``n`` ships to let go of Control: the cheapest first."""
    held = [u for u in st.side_units(side) if u.controlled]
    held.sort(key=cheapest_first)
    return [u.key for u in held[:n]]


def control_excess(ctx: Ctx, side: int) -> tuple[int, list[str]]:
    """(ships over the Control limit, keys of the ships under Control) for ``side``."""
    s = ctx.st.sides[side]
    ent = s.entity
    held = [u.key for u in ctx.st.side_units(side) if u.controlled]
    if ent is None or s.entity_state != "active" or not held:
        return 0, held
    per_rank = ctx.rules.fleet_rules.control_limit_per_rank
    return int(rules_control_excess(len(held), ent.current("control"), per_rank)), held


def release_control(ctx: Ctx, side: int, *, by: int, phase: str) -> None:
    """Control fell below the ships under it: the policy names the ships let go (ruling 4)."""
    excess, held = control_excess(ctx, side)
    if not excess:
        return
    ask = getattr(ctx.policy, "release", None)
    keys = (
        [str(k) for k in ask(ctx, side, excess, held)]
        if ask is not None
        else default_release(ctx.st, side, excess)
    )
    if len(set(keys)) != excess or len(keys) != excess or not set(keys) <= set(held):
        raise IllegalAction(
            f"release exactly {excess} of the ships under Control of side {side} "
            f"({', '.join(held)}), got {keys!r}"
        )
    ctx.emit("control_release", side=side, units=keys, by=by, phase=phase)


def _hit_structure(ctx: Ctx, side: int, code: str, common: dict[str, Any]) -> None:
    """A hit on a Matrix or Targeter: like any finished project, it is neutralized once it has
    taken its hits (and stops adding ranks); a hit on it neutralized destroys it, and the
    entity inside is destroyed with it (``rules.structure_loss_destroys_entity``)."""
    s = ctx.st.sides[side]
    struct = s.structures.get(code)
    if struct is None or struct["state"] == "destroyed":
        ctx.emit("note", text=f"hit on {side}:{code} wasted: nothing there", **common)
        return
    if struct["state"] == "neutralized":
        ctx.emit("structure_hit", side=side, code=code, state="destroyed", **common)
        if (
            ctx.rules.structure_loss_destroys_entity
            and s.entity is not None
            and s.entity_state == "active"
        ):
            ctx.emit("entity_state", side=side, state="destroyed", **common)
        return
    state = "neutralized" if struct["hits"] + 1 >= struct["capacity"] else "active"
    ctx.emit("structure_hit", side=side, code=code, state=state, **common)


def land_hits(
    ctx: Ctx, defender: int, targets: list[str], *, by: int, phase: str, aimed: bool = False
) -> None:
    """Land ``targets`` (one key per hit) in order; every target must belong to ``defender``."""
    for key in targets:
        if not valid_target(ctx.st, defender, key):
            raise IllegalAction(f"a hit on side {defender} cannot land on {key!r}")
    for key in targets:
        land_hit(ctx, key, by=by, phase=phase, aimed=aimed)


def land_hit(ctx: Ctx, key: str, *, by: int, phase: str, aimed: bool = False) -> None:
    """Land one hit on ``key`` (a unit, ``"<side>:E[:ability]"`` or ``"<side>:S"``)."""
    st = ctx.st
    side, rest = parse_key(key)
    common = {"by": by, "phase": phase, "aimed": aimed}
    if rest == "S":
        if st.sides[side].static_defenses > 0:
            ctx.emit("static_hit", side=side, hits=1, **common)
        return
    if rest in STRUCTURES:
        _hit_structure(ctx, side, rest, common)
        return
    if rest.startswith("E"):
        s = st.sides[side]
        ent = s.entity
        if ent is None or s.entity_state != "active":
            ctx.emit("note", text=f"hit on {key} wasted: no entity", **common)
            return
        if ent.fragile or entity_neutralized(ent):
            ctx.emit("entity_state", side=side, state="destroyed", **common)
            return
        ability = rest[2:] if rest.startswith("E:") else ctx.policy.entity_ability(ctx, side)
        ctx.emit("ability_hit", side=side, ability=ability, **common)
        release_control(ctx, side, by=by, phase=phase)
        return
    u = st.units[key]
    if not u.in_orbit:
        ctx.emit("note", text=f"hit on {key} wasted: already {u.state}", **common)
        return
    if u.status == "neutralized":
        ctx.emit("damage", unit=key, result="destroyed", face=None, **common)
        return
    counter = u.counter + 1
    if counter < u.design.hits_per_damage:
        ctx.emit("counter", unit=key, counter=counter, **common)
        return
    if u.counter:
        ctx.emit("counter", unit=key, counter=0, **common)
    face = ctx.roller.damage()
    result = ctx.rules.damage(face)
    extra = {"hulk_ru": int(u.cost // 2)} if result == "hulked" else {}
    ctx.emit("damage", unit=key, result=result, face=face, **extra, **common)
