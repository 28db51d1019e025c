"""Manipulating the universe: Handling operations, in a battle's repair phase or day by day.

Each Handling die is one operation a day; a success does one unit of work:

* **repair**: one neutralized ship back in action (or one hit on an entity; or one Take-Over
  success cancelled);
* **recondition**: one ship of another nation made usable (needless when Cross-Trained,
  impossible when Tek Locked);
* **gather**: one neutralized ship or object pulled in and held; a held ship keeps one die
  busy each day;
* **build**: up to 3 RU added to a ship or project (RU must be at hand);
* **mine**: 3 RU of surface, 2 of crust or 1 of core RU;
* **recycle**: 5 RU broken off an object, never more than its cost.

:func:`run_operations` resolves a side's dice inside a battle. :class:`Workshop` runs the same
tasks outside combat as days of rolls (the repair-and-recondition example).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ... import validate
from ...errors import IllegalAction, InvalidInput
from ...rng import SeedLike, make_rng
from ..entities import ABILITIES, Entity
from ..fleets import ability_pool
from ..ships import ship_type
from .events import Ctx, RngRoller, Roller, ScriptedRoller
from .state import Unit, parse_key

__all__ = [
    "MINING_RATES",
    "RECYCLE_RU",
    "TASKS",
    "DayReport",
    "Workshop",
    "check_task",
    "run_operations",
    "self_repair",
]

#: Operations a Handling die can do.
TASKS = ("repair", "recondition", "gather", "build", "mine", "recycle")
#: RU per success by where the RU lie.
MINING_RATES = {"surface": 3, "crust": 2, "core": 1}
#: RU a success of recycling breaks off.
RECYCLE_RU = 5


def _entity_repair_ability(ent: Entity) -> str | None:
    """Which ability a repair fixes: one below 1 first, else the most hit."""
    hit = [(ent.damage[i], -i, a) for i, a in enumerate(ABILITIES) if ent.damage[i] > 0]
    if not hit:
        return None
    low = [a for a in ABILITIES if ent.base(a) >= 1 and ent.current(a) < 1]
    return low[0] if low else max(hit)[2]


def check_task(ctx: Ctx, side: int, task: str, target: str) -> None:
    """Raise IllegalAction unless ``side`` may do ``task`` on ``target`` now."""
    st = ctx.st
    validate.choice("task", task, ("repair", "recondition", "gather"))
    s, rest = parse_key(target)
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
    if u is None or not u.in_orbit:
        raise IllegalAction(f"{target!r} is not a ship in the orbit")
    if task == "repair" and (u.owner != side or u.status != "neutralized"):
        raise IllegalAction(f"{target!r} is not a neutralized ship of this side")
    if task == "recondition":
        ent = st.sides[side].entity
        if u.owner != side or not u.needs_recondition:
            raise IllegalAction(f"{target!r} is not a ship of this side needing reconditioning")
        if ent is not None and ent.has("tek_locked"):
            raise IllegalAction(f"{ent.name} is Tek Locked and cannot recondition {target!r}")
    if task == "gather" and (u.owner == side or u.status != "neutralized" or u.held_by is not None):
        raise IllegalAction(f"{target!r} is not a neutralized enemy ship free to gather")


def run_operations(ctx: Ctx, side: int, dice: list[int]) -> None:
    """Resolve one day of ``side``'s Handling operations in a battle."""
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
    for (task, target), die, face in zip(plan, free, faces):
        ok = face <= die and face < 6
        ctx.emit(
            "roll",
            purpose=task,
            side=side,
            target=target,
            dice=[die],
            faces=[face],
            successes=int(ok),
        )
        if not ok:
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
        ability = rest[2:] if rest.startswith("E:") else _entity_repair_ability(ent)
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
    elif task == "gather":
        ctx.emit("gather", unit=target, side=side)


def self_repair(ctx: Ctx, side: int) -> None:
    """A neutralized entity's daily rank-1 repair roll; Self-Repairing's free hit a day."""
    s = ctx.st.sides[side]
    ent = s.entity
    if ent is None or s.entity_state != "active":
        return
    if ctx.sides[side].feral and not ent.neutralized:
        _feral_eats(ctx, side)
    if not any(ent.damage):
        return
    if ent.has("self_repair"):
        ctx.emit(
            "ability_hit",
            side=side,
            ability=_entity_repair_ability(ent),
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
                ability=_entity_repair_ability(ent),
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


# --------------------------------------------------------------------------- out of combat
@dataclass
class DayReport:
    """One day of operations."""

    day: int
    """Day number (1-based)."""
    rolls: list[dict[str, Any]] = field(default_factory=list)
    """One row per die: task, target, die, face, success."""


class Workshop:
    """Repairs, reconditioning, building, mining and recycling as days of Handling rolls.

    Ships are :class:`~.state.Unit` records like in a battle, so the same pool helpers give
    the dice: the entity's Handling plus every usable ship with Handling (ships under
    Control roll at the entity's rank or their own, whichever is higher).

    >>> rel = Entity("Releata", battle=8, control=3, handling=1, information=1, sensors=1)
    >>> ws = Workshop(rel, faction="Kingdoms of Jukint", seed=1)
    >>> k = ws.add("Servo", neutralized=True, maker="Takeru Republic")
    >>> [r["task"] for r in ws.day(faces=[1])["rolls"]]
    ['repair']
    """

    def __init__(
        self, entity: Entity, *, faction: str | None = None, seed: SeedLike = None, ru: float = 0
    ) -> None:
        if not isinstance(entity, Entity):
            raise InvalidInput(f"entity must be an Entity, got {entity!r}")
        self.entity = entity
        self.faction = faction if faction is not None else entity.side
        self.rng, self.seed = make_rng(seed)
        self.units: dict[str, Unit] = {}
        self.days: list[DayReport] = []
        self.ru = float(validate.number("ru", ru, 0))
        self.projects: dict[str, dict[str, float]] = {}

    def add(self, name: str, *, neutralized: bool = False, maker: str | None = None) -> str:
        """Add a ship (catalog name); return its key. ``maker`` other than ours needs reconditioning."""
        t = ship_type(name)
        key = f"0:{len(self.units) + 1}"
        maker = maker if maker is not None else self.faction
        self.units[key] = Unit(
            key,
            0,
            0,
            t.name,
            t.design,
            float(t.cost),
            maker,
            sig=t.sig,
            damaged=neutralized,
            needs_recondition=maker != self.faction and not self.entity.has("no_recondition"),
        )
        return key

    @property
    def usable(self) -> list[Unit]:
        """Ships in working order and of usable make."""
        return [u for u in self.units.values() if u.operational]

    def control(self, keys: list[str]) -> None:
        """Put usable ships under the entity's Control (at most its Control rank)."""
        if len(keys) > self.entity.current("control"):
            raise IllegalAction(
                f"{self.entity.name} can Control {self.entity.current('control')} ships"
            )
        for k in keys:
            if k not in self.units or not self.units[k].operational:
                raise IllegalAction(f"{k!r} is not a usable ship")
        for u in self.units.values():
            u.controlled = u.key in keys

    def dice(self) -> list[int]:
        """Today's Handling dice (highest first)."""
        ships = self.usable
        ctl: Any = {u.key for u in ships if u.controlled}  # unit keys stand in for ship ids
        return ability_pool("handling", self.entity, ships, ctl)

    def pending(self) -> list[tuple[str, str]]:
        """Jobs still to do, in the default order: ships with Handling first (they add dice),
        then the entity's own hits (first of all if it is neutralized), then the cheapest."""
        jobs = []
        order = sorted(self.units.values(), key=lambda u: (-u.design.handling, u.cost, u.key))
        entity_done = not any(self.entity.damage)
        for u in order:
            if not entity_done and (self.entity.neutralized or not u.design.handling):
                jobs.append(("repair", "0:E"))  # after the ships that add Handling dice
                entity_done = True
            if u.damaged:
                jobs.append(("repair", u.key))
            elif u.needs_recondition and not self.entity.has("tek_locked"):
                jobs.append(("recondition", u.key))
        if not entity_done:
            jobs.append(("repair", "0:E"))
        return jobs

    def day(
        self, plan: list[tuple[str, Any]] | None = None, *, faces: list[int] | None = None
    ) -> dict[str, Any]:
        """Roll one day. ``plan`` gives (task, target) per die; default: the pending jobs.

        Targets: a unit key for repair/recondition; for ``build`` a project name, for
        ``mine`` one of ``surface``/``crust``/``core``, for ``recycle`` a unit key.
        Usable Handling ships are put under Control first when there is room (default plan).
        """
        if plan is None:
            room = self.entity.current("control")
            helpers = [u.key for u in self.usable if u.design.handling][:room]
            self.control(helpers)
            plan = self.pending()
        dice = self.dice()
        plan = list(plan)[: len(dice)]
        roller: Roller = ScriptedRoller(faces) if faces is not None else RngRoller(self.rng)
        got = roller.faces(len(plan))
        report = DayReport(len(self.days) + 1)
        for (task, target), die, face in zip(plan, dice, got):
            ok = face <= die and face < 6
            done = self._do(task, target) if ok else False
            report.rolls.append(
                {
                    "task": task,
                    "target": target,
                    "die": die,
                    "face": face,
                    "success": ok,
                    "done": done,
                }
            )
        self.days.append(report)
        return {"day": report.day, "rolls": report.rolls}

    def _do(self, task: str, target: Any) -> bool:
        validate.choice("task", task, TASKS)
        if task == "mine":
            self.ru += MINING_RATES[validate.choice("mine", target, tuple(MINING_RATES))]
            return True
        if task == "build":
            proj = self.projects.setdefault(str(target), {"ru": 0.0})
            add = min(3.0, self.ru)
            proj["ru"] += add
            self.ru -= add
            return add > 0
        if target == "0:E":
            a = _entity_repair_ability(self.entity)
            if a is None:
                return False
            self.entity = self.entity.with_damage(a, -1)
            return True
        u = self.units.get(target)
        if u is None or not u.in_orbit:
            return False
        if task == "repair" and u.damaged:
            u.damaged = False
            return True
        if task == "recondition" and u.needs_recondition and not u.damaged:
            u.needs_recondition = False
            return True
        if task == "recycle":
            take = min(RECYCLE_RU, u.cost - u.eaten)
            u.eaten += take
            u.damaged = True
            self.ru += take
            if u.eaten >= u.cost:
                u.state = "destroyed"
            return take > 0
        return False

    def run_until_done(self, max_days: int = 10000) -> int:
        """Roll default days until nothing is pending; return the days it took."""
        start = len(self.days)
        while self.pending():
            if len(self.days) - start >= max_days:
                raise IllegalAction(f"not done after {max_days} days")
            self.day()
        return len(self.days) - start
