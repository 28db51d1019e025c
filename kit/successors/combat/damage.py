"""Where hits land: the damage table, multi-hit ships, entities, neutralized targets.

A hit on a ship adds to its counter; when the counter reaches the hits the ship takes per
roll (1 for most, 2..5 for the big ones) it rolls on the damage table: neutralized, hulked
(scrap worth half its RU, rounded down) or vaporized. A hit on anything already neutralized
destroys it. A hit on an entity lowers one ability (the defender's choice) by one; an entity
with an ability below 1 is neutralized. A Fragile creature dies to one hit. A hit on Static
Defenses removes one point.

The default allocation (ruling 4) is here too, as data the policies and the fast simulation
share: decoys first, then the cheapest operational ship, the entity last.
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction
from ..entities import ABILITIES
from .events import Ctx
from .state import STRUCTURES, BattleState, Unit, parse_key

__all__ = [
    "allocation_order",
    "auto_allocation",
    "entity_loss_order",
    "land_hit",
    "land_hits",
    "valid_target",
]

#: Order in which the default policy gives up abilities when ranks tie (Battle kept longest).
ENTITY_LOSS_PREFERENCE = ("information", "sensors", "handling", "control", "battle")


def entity_loss_order(entity: Any) -> str:
    """Ability the default policy lowers: the highest current rank, ties by preference."""
    return max(
        ENTITY_LOSS_PREFERENCE, key=lambda a: (entity.current(a), -ENTITY_LOSS_PREFERENCE.index(a))
    )


def allocation_order(units: list[Unit]) -> list[Unit]:
    """Operational units in the default order: decoys (biggest decoy first), then by cost."""
    return sorted(units, key=lambda u: (-u.design.decoy, u.cost, unit_order(u.key)))


def unit_order(key: str) -> tuple[int, int, str]:
    """Sort key of a unit key: side, then the ship id as a number (``"0:10"`` after ``"0:9"``)."""
    side, rest = parse_key(key)
    return (side, int(rest) if rest.isdigit() else 10**9, rest)


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


def auto_allocation(st: BattleState, defender: int, hits: int) -> list[str]:
    """Ruling 4's allocation of ``hits`` on ``defender``: decoys, cheapest ships, entity last.

    Each operational ship takes the hits that make it roll on the damage table (its
    remaining counter), one ship after another; then the entity takes hits on its highest
    ability until it would be neutralized; then neutralized ships (cheapest first); the very
    last hits fall on the entity.
    """
    out: list[str] = []
    left = hits
    for u in allocation_order(st.side_units(defender, operational=True)):
        if left <= 0:
            break
        take = min(left, u.design.hits_per_damage - u.counter)
        out += [u.key] * take
        left -= take
    s = st.sides[defender]
    ent = s.entity
    if left > 0 and ent is not None and s.entity_state == "active" and not ent.neutralized:
        # hits the entity can take with every ability still >= 1, spreading from the top
        room = sum(max(0, ent.current(a) - 1) for a in ABILITIES if ent.base(a) >= 1)
        trial = ent
        for _ in range(min(left, room)):
            a = entity_loss_order(trial)
            out.append(f"{defender}:E:{a}")
            trial = trial.with_damage(a, 1)
            left -= 1
    if left > 0:
        for u in sorted(
            (
                u
                for u in st.side_units(defender)
                if u.status == "neutralized" and u.carried_by is None
            ),
            key=lambda u: (u.cost, unit_order(u.key)),
        ):
            if left <= 0:
                break
            out.append(u.key)
            left -= 1
    while left > 0 and ent is not None and s.entity_state == "active":
        out.append(f"{defender}:E:{entity_loss_order(ent)}")
        left -= 1
    return out


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
        if ctx.rules.structure_loss_destroys_entity and s.entity is not None and s.entity_state == "active":
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
        if ent.fragile or ent.neutralized:
            ctx.emit("entity_state", side=side, state="destroyed", **common)
            return
        ability = rest[2:] if rest.startswith("E:") else ctx.policy.entity_ability(ctx, side)
        ctx.emit("ability_hit", side=side, ability=ability, **common)
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
