"""Learning about the enemy: Sensors successes, what each level reveals, fleet views.

Successes accumulate per target side across days (ruling 5). The two tables of the text are
data here (:data:`SYSTEM_LEVELS`, :data:`FLEET_LEVELS`), in the kit's words. The fleet data
for the rest of the system is one level lower than for the orbit the entity is in. A
Stealthed entity needs one more success per Stealthed to be seen at each level.

:func:`fleet_view` turns a level into what one side knows of another: a GM view (everything,
marked with what the viewer knows) or a player view (only what the viewer knows, decoys
dressed as their owner wishes until level 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ... import validate
from ..ranks import roll_successes  # noqa: F401  (documented helper for callers)
from .events import Ctx
from .pools import hits_of, pool
from .reveal import entity_row, focus_class, ship_row

if TYPE_CHECKING:
    from .rules import CombatRules
    from .state import BattleState, Side


class BattleView(Protocol):
    """What :func:`fleet_view` reads of a :class:`~kit.successors.combat.Battle` (whose module
    reads this one, through the phases, so it names what it needs instead of importing it)."""

    @property
    def state(self) -> BattleState:
        """The battle's current state."""
        ...

    @property
    def rules(self) -> CombatRules:
        """The battle's rules."""
        ...

    @property
    def sides(self) -> Sequence[Side]:
        """The battle's sides as set up."""
        ...


__all__ = [
    "FLEET_LEVELS",
    "SYSTEM_LEVELS",
    "BattleView",
    "fleet_level",
    "fleet_view",
    "level_text",
    "sensors_phase",
    "system_fleet_level",
]

#: Sensors successes -> what is learnt about the star system.
SYSTEM_LEVELS = {
    0: "Kind of star and how many orbits it has.",
    1: "Details of the orbit you are in.",
    2: "Details of the neighbouring orbits.",
    3: "Details of the whole system; any secrets of your own orbit.",
    4: "Secrets of the neighbouring orbits.",
    5: "Secrets of the whole system.",
    6: "Deep secrets the GM has placed at a high level.",
}
#: Sensors successes -> what is learnt about entities and fleets in the orbit.
FLEET_LEVELS = {
    0: "Something is here: an entity and/or a fleet. Facets look like entities.",
    1: "How many entities and ships there are.",
    2: "The signature of each entity and ship.",
    3: "The ship types within one signature class; decoys look as their owner wishes; "
    "facets are unmasked.",
    4: "The whole composition; unknown ship types are flagged; decoys are unmasked.",
    5: "Every ship and entity in detail, with exact abilities.",
    6: "Deep secrets the GM has placed at a high level.",
}


def level_text(successes: int, table: str = "fleet") -> str:
    """What ``successes`` reveal (``table`` is ``"fleet"`` or ``"system"``); 6+ share a row."""
    n = validate.integer("successes", successes, 0)
    rows = (
        FLEET_LEVELS
        if validate.choice("table", table, ("fleet", "system")) == "fleet"
        else SYSTEM_LEVELS
    )
    return rows[min(n, 6)]


def system_fleet_level(successes: int, offset: int = 1) -> int:
    """Fleet data for the other orbits of the system: ``offset`` levels lower (never below 0).

    :func:`fleet_view` with ``elsewhere=True`` uses ``CombatRules.system_view_offset``.
    """
    return max(0, validate.integer("successes", successes, 0) - offset)


def fleet_level(ctx_or_state: Ctx | BattleState, viewer: int, target: int) -> int:
    """Level ``viewer`` has on ``target``'s fleet (its accumulated successes)."""
    st = ctx_or_state.st if isinstance(ctx_or_state, Ctx) else ctx_or_state
    return st.sides[viewer].sensors.get(target, 0)


def sensors_phase(ctx: Ctx) -> None:
    """Each side rolls its Sensors pool against each target its policy names."""
    for side in range(len(ctx.sides)):
        if not ctx.fighting(side):
            continue
        dice = pool(ctx, side, "sensors")
        if not dice:
            continue
        for target in ctx.policy.sensor_targets(ctx, side, ctx.enemies(side)):
            faces = ctx.roller.attack(dice)
            n = hits_of(dice, faces)
            total = ctx.st.sides[side].sensors.get(target, 0) + n
            ctx.emit(
                "sensors",
                side=side,
                target=target,
                dice=dice,
                faces=faces,
                successes=n,
                total=total,
            )


def _looks(battle: Any, target: int) -> dict[str, str]:
    side = battle.sides[target]
    return {f"{target}:{i}": t for i, t in side.decoy_looks}


def fleet_view(
    battle: BattleView,
    viewer: int,
    target: int,
    *,
    gm: bool = False,
    sig_class: int | None = None,
    level: int | None = None,
    elsewhere: bool = False,
) -> dict[str, Any]:
    """What ``viewer`` knows of ``target``'s forces in the orbit.

    Args:
        battle: a :class:`~kit.successors.combat.Battle`.
        viewer: index of the side looking.
        target: index of the side looked at.
        gm: include the truth for every row, with a ``known`` flag per field.
        sig_class: the signature class asked about at level 3 (default: the largest class).
        level: override the level (default: the viewer's successes on the target).
        elsewhere: seen from another orbit of the system: the fleet data is
            ``rules.system_view_offset`` levels lower (ruling 5), never below 0.

    Returns:
        ``{"level", "text", "count", "rows"}``; rows are dicts with ``key``, ``sig``,
        ``type``, ``status`` and ``abilities`` where known (None where not).
    """
    st = battle.state
    n = fleet_level(st, viewer, target) if level is None else validate.integer("level", level, 0)
    if validate.boolean("elsewhere", elsewhere):
        n = system_fleet_level(n, battle.rules.system_view_offset)
    setup = battle.sides[target]
    looks = _looks(battle, target)
    rows: list[dict[str, Any]] = []
    ent = st.sides[target].entity
    if ent is not None and st.sides[target].entity_state == "active":
        seen = entity_row(ent, n)
        if seen["seen"] or gm:
            rows.append(
                {
                    "key": f"{target}:E",
                    "object": "entity",
                    "sig": seen["sig"],
                    "type": seen["type"],
                    "status": None
                    if seen["abilities"] is None
                    else ("neutralized" if ent.neutralized else "active"),
                    "abilities": seen["abilities"],
                    "name": seen["name"],
                    "seen": seen["seen"],
                }
            )
    units = [u for u in st.side_units(target) if u.carried_by is None]
    focus = focus_class((u.sig for u in units), sig_class)
    for u in units:
        row = {"key": u.key, **ship_row(u, n, focus=focus, look=looks.get(u.key))}
        row["status"] = u.status if n >= 5 else None
        if gm:
            row["truth"] = {"type": u.name, "sig": u.sig, "status": u.status, "cost": u.cost}
        rows.append(row)
    if not gm and n < 1:
        rows = rows[:1] if rows else []
        for r in rows:
            r.update(key=None, sig=None, type=None, status=None, abilities=None)
    counted = len(units) + (
        1
        if ent is not None
        and entity_row(ent, n)["counted"]
        and st.sides[target].entity_state == "active"
        else 0
    )
    return {
        "side": setup.name,
        "level": n,
        "text": level_text(n),
        "count": counted if n >= 1 or gm else None,
        "rows": rows,
        "sig_class": focus,
    }
