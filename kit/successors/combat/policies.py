"""Decisions in a battle, asked of a policy.

The engine never decides for a person: every choice (what to fire and at what, how to take
hits, what to repair, whom to take over, whether to retreat) is a method of a policy.
:class:`AutoPolicy` is the automatic default (ruling 4) used by simulations;
:class:`InteractivePolicy` stops the battle with :class:`DecisionNeeded` when the GM should
choose, and uses the GM's answer when the phase is played again (same seed, same dice).

Retreat rules are small objects: :class:`RetreatAfter` (after N rounds) and
:class:`RetreatWhenLosses` (when the share of the side's RU out of action passes X).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import prod
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ... import validate
from ...errors import IllegalAction, InvalidInput
from ...store import JSON
from ..ranks import split
from .damage import (
    auto_allocation,
    cheapest_first,
    default_release,
    entity_loss_order,
)
from .events import Ctx
from .operations import can_imprison
from .state import BattleState, entity_key

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "OPERATION_ORDER",
    "AutoOptions",
    "AutoPolicy",
    "DecisionNeeded",
    "InteractivePolicy",
    "Never",
    "RetreatAfter",
    "RetreatRule",
    "RetreatRules",
    "RetreatWhenLosses",
    "buster_stakes",
    "detonate_answer",
    "losses_share",
    "takeover_plan",
]

#: The automatic policy's Handling jobs in a battle's repair phase, in the order dice go to
#: them. Both the event-log engine (:meth:`AutoPolicy.operations`) and the vectorised
#: simulation (:mod:`.simulate.fast`) walk this one tuple.
OPERATION_ORDER = (
    "entity_neutralized",
    "imprison",
    "ships_neutralized",
    "recondition",
    "entity_damaged",
    "gather",
)


def buster_stakes(st: BattleState, side: int, rank: int) -> tuple[float, float]:
    """Expected RU a Buster of Battle ``rank`` exploded by ``side`` now costs (the side, its
    enemies): it attacks every ship in the orbit (not in racks) alike, so each ship is hit at
    least once with the same chance, and a ship's stake is that chance times its RU, counted
    for the side that owns it now. Entities carry no RU price and weigh nothing here.

    >>> from kit.successors.combat import Battle, Side
    >>> b = Battle([Side("A", ships=["Cruiser"], busters=(5,)), Side("B", ships=["Drone"])])
    >>> own, enemy = buster_stakes(b.state, 0, 5)
    >>> round(own / enemy, 6) == round(b.state.units["0:1"].cost / b.state.units["1:1"].cost, 6)
    True
    """
    dice = split(rank)
    chance = 1.0 - prod(1.0 - min(max(d, 0), 5) / 6 for d in dice)
    own = enemy = 0.0
    for u in st.units.values():
        if u.in_orbit and u.carried_by is None:
            if u.owner == side:
                own += chance * u.cost
            else:
                enemy += chance * u.cost
    return own, enemy


def losses_share(ctx: Ctx, side: int) -> float:
    """Share of the RU a side started with that is no longer operational for it."""
    mine = [u for u in ctx.st.units.values() if u.origin == side]
    total = sum(u.cost for u in mine)
    if not total:
        return 0.0
    ok = sum(u.cost for u in mine if u.owner == side and u.operational)
    return 1.0 - ok / total


@dataclass(frozen=True)
class RetreatAfter:
    """Retreat at the end of round ``rounds``."""

    rounds: int
    """Rounds to fight before leaving."""

    def __post_init__(self) -> None:
        validate.integer("rounds", self.rounds, 1, 10000)

    def __call__(self, ctx: Ctx, side: int) -> bool:
        return ctx.st.round >= self.rounds


@dataclass(frozen=True)
class RetreatWhenLosses:
    """Retreat once more than ``share`` (0..1) of the side's RU is out of action."""

    share: float
    """Share of starting RU (neutralized, destroyed or taken) that triggers a retreat."""

    def __post_init__(self) -> None:
        validate.number("share", self.share, 0, 1)

    def __call__(self, ctx: Ctx, side: int) -> bool:
        return losses_share(ctx, side) > self.share


@dataclass(frozen=True)
class Never:
    """Never retreat (the default)."""

    def __call__(self, ctx: Ctx, side: int) -> bool:
        return False


RetreatRule = Callable[[Ctx, int], bool]
"""Whether ``side`` retreats now, asked at the end of each round (:class:`RetreatAfter`,
:class:`RetreatWhenLosses`, :class:`Never` or a function of your own)."""

RetreatRules = RetreatRule | dict[int, RetreatRule]
"""One retreat rule for every side, or side index -> its rule (a side left out never retreats)."""


class AutoOptions(TypedDict, total=False):
    """The settings of :class:`AutoPolicy`, as a policy built on it passes them on."""

    retreat_rules: RetreatRules
    """A rule for every side, or a dict side index -> rule."""
    takeover: bool
    """Attempt Take-Overs when locked on."""
    gather: bool
    """Spend spare Handling dice gathering enemy neutralized ships, then hulks."""
    sensors: bool
    """Roll Sensors on every enemy each day until level 5."""
    buster_round: int
    """First round in which Busters may explode (0: never)."""
    busters_at_first_chance: bool
    """Explode every Buster in round ``buster_round`` whatever it costs."""
    hold_reloaders: bool
    """Keep reloaders not under Control in reserve to soak up hits."""


@dataclass
class AutoPolicy:
    """The automatic policy: fire everything, defender allocates by ruling 4, repair the
    cheapest neutralized ship, take over when locked, retreat by the given rules.

    ``retreat`` maps side indices to a retreat rule (or one rule for every side).
    """

    retreat_rules: RetreatRules = field(default_factory=Never)
    """A rule for every side, or a dict side index -> rule."""
    takeover: bool = True
    """Attempt Take-Overs when locked on (each Control user on the priciest enemy ship)."""
    gather: bool = False
    """Spend spare Handling dice gathering enemy neutralized ships, then hulks (any side's)."""
    sensors: bool = True
    """Roll Sensors on every enemy each day until level 5."""
    buster_round: int = 1
    """First round in which Busters may explode (0: never)."""
    busters_at_first_chance: bool = False
    """Explode every Buster in round :attr:`buster_round` whatever it costs (the text read
    literally, "attacks everything in its orbit"). False (ruling 9): from that round on, a
    side explodes its Busters only when the RU they are expected to cost the enemy exceed
    what they are expected to cost the side itself (:func:`buster_stakes`)."""
    hold_reloaders: bool = False
    """Keep reloaders (Drones, pods) not under Control in reserve to soak up hits, as the
    text's examples do, instead of firing them."""

    def _rule(self, side: int) -> RetreatRule:
        r = self.retreat_rules
        if isinstance(r, dict):
            return r.get(side, Never())
        return r

    # --------------------------------------------------------------- phase 1
    def order(self, ctx: Ctx, side: int) -> dict[str, Any] | None:
        """No order-of-battle changes."""
        return None

    # --------------------------------------------------------------- phase 2
    def sensor_targets(self, ctx: Ctx, side: int, enemies: Sequence[int]) -> list[int]:
        """Every enemy not yet known at level 5."""
        if not self.sensors:
            return []
        return [j for j in enemies if ctx.st.sides[side].sensors.get(j, 0) < 5]

    # --------------------------------------------------------------- phase 3
    def takeovers(
        self, ctx: Ctx, side: int, users: dict[str, list[int]], targets: list[str]
    ) -> dict[str, str]:
        """Each Control user tries the enemy ship closest to falling, then the priciest."""
        if not self.takeover:
            return {}
        units = ctx.st.units
        order = sorted(targets, key=lambda k: (-units[k].takeover.get(side, 0), -units[k].cost, k))
        return {who: order[i] for i, who in enumerate(users) if i < len(order)}

    # --------------------------------------------------------------- phase 4
    def operations(self, ctx: Ctx, side: int, dice: list[int]) -> list[tuple[str, str]]:
        """One job per die, in :data:`OPERATION_ORDER`: the entity if neutralized, a
        neutralized enemy entity into an empty Cube, the cheapest neutralized ships, ships to
        recondition, the entity's other hits, then (optionally) gathering."""
        jobs: list[tuple[str, str]] = []
        for step in OPERATION_ORDER:
            jobs += self._operation_jobs(ctx, side, step)
        return jobs[: len(dice)]

    def _operation_jobs(self, ctx: Ctx, side: int, step: str) -> list[tuple[str, str]]:
        """The jobs of one step of :data:`OPERATION_ORDER` for ``side`` now."""
        st = ctx.st
        s = st.sides[side]
        ent = s.entity
        damaged = ent is not None and s.entity_state == "active" and any(ent.damage)
        neutralized = ent is not None and ent.neutralized
        if step == "entity_neutralized":
            return [("repair", entity_key(side))] if damaged and neutralized else []
        if step == "imprison":  # a neutralized enemy entity goes into an empty Cube first
            found = [
                ("imprison", entity_key(j))
                for j in range(len(st.sides))
                if can_imprison(st, side, j)
            ]
            return found[: s.cubes]
        if step == "ships_neutralized":
            mine = sorted(
                (
                    u
                    for u in st.side_units(side)
                    if u.status == "neutralized" and u.held_by is None and u.carried_by is None
                ),
                key=cheapest_first,
            )
            return [("repair", u.key) for u in mine]
        if step == "recondition":
            if s.entity is not None and s.entity.has("tek_locked"):
                return []
            return [
                ("recondition", u.key)
                for u in st.side_units(side)
                if u.needs_recondition and u.status == "operational"
            ]
        if step == "entity_damaged":
            return [("repair", entity_key(side))] if damaged and not neutralized else []
        if not self.gather:  # "gather": enemy ships by price (they may be repaired), then hulks
            return []
        enemy = sorted(
            (u for u in st.units.values() if u.gatherable and u.in_orbit and u.owner != side),
            key=lambda u: (-u.cost, u.key),
        )
        hulks = sorted(
            (u for u in st.units.values() if u.gatherable and u.state == "hulked"),
            key=lambda u: (-u.hulk_ru, u.key),
        )
        return [("gather", u.key) for u in enemy] + [("gather", u.key) for u in hulks]

    # --------------------------------------------------------------- phases 5-7
    def fire(self, ctx: Ctx, side: int, phase: str, can: list[str]) -> list[str]:
        """Everything that can fire does (reloaders not under Control wait if held)."""
        if not self.hold_reloaders:
            return list(can)
        units = ctx.st.units
        return [
            k
            for k in can
            if k not in units
            or units[k].controlled
            or units[k].design.after_attack != "neutralized"
        ]

    def aim(self, ctx: Ctx, side: int, phase: str, fire: list[str]) -> dict[str, str]:
        """No Aimed Shots, except at Static Defenses once nothing else of the enemy fights."""
        out = {}
        for j in ctx.enemies(side):
            if (
                ctx.st.sides[j].static_defenses
                and not ctx.st.side_units(j, operational=True)
                and not ctx.st.sides[j].entity_active
            ):
                out = {k: f"{j}:S" for k in fire}
        return out

    def target_side(self, ctx: Ctx, side: int, enemies: list[int]) -> int:
        """The first enemy still fighting."""
        return enemies[0]

    def begin_phase(self) -> None:
        """Called by the battle before each attempt at a phase (nothing to do here)."""

    def allocate(self, ctx: Ctx, side: int, hits: int, phase: str, by: int) -> list[str]:
        """Ruling 4, one wave at a time: decoys, then the cheapest operational ship, the entity
        last; what is left after the damage rolls comes back as another wave."""
        return auto_allocation(ctx.st, side, hits)

    def release(self, ctx: Ctx, side: int, n: int, controlled: list[str]) -> list[str]:
        """Control fell below the ships under it: let the ``n`` cheapest go."""
        return default_release(ctx.st, side, n)

    def entity_ability(self, ctx: Ctx, side: int) -> str:
        """The entity loses its highest ability (Battle kept longest on ties)."""
        ent = ctx.st.sides[side].entity
        assert ent is not None  # asked only when a hit lands on the side's entity
        return entity_loss_order(ent)

    def static_split(self, ctx: Ctx, side: int, points: int) -> list[int]:
        """Static Defenses fire as rank 5 attacks and a remainder."""
        return [5] * (points // 5) + ([points % 5] if points % 5 else [])

    def detonate(self, ctx: Ctx, side: int, phase: str) -> list[int]:
        """Ruling 9: every Buster, once it costs the enemy more RU than the side (from round
        :attr:`buster_round`); with :attr:`busters_at_first_chance`, every Buster in that
        round whatever it costs."""
        busters = ctx.st.sides[side].busters
        if not busters or not self.buster_round or ctx.st.round < self.buster_round:
            return []
        if self.busters_at_first_chance:
            return list(range(len(busters))) if ctx.st.round == self.buster_round else []
        own, enemy = buster_stakes(ctx.st, side, busters[0])
        return list(range(len(busters))) if enemy > own else []

    def self_destruct(self, ctx: Ctx, side: int, phase: str) -> list[str]:
        """Never self-destruct."""
        return []

    # --------------------------------------------------------------- phase 8
    def retreat(self, ctx: Ctx, side: int) -> bool:
        """Ask the side's retreat rule."""
        return bool(self._rule(side)(ctx, side))


class DecisionNeeded(IllegalAction):
    """The battle waits for the GM: ``decision`` says what is asked (the phase is not played)."""

    def __init__(self, decision: dict[str, Any]) -> None:
        super().__init__(f"decision needed: {decision['kind']} for side {decision['side']}")
        self.decision = decision


class InteractivePolicy(AutoPolicy):
    """Asks the GM for the decisions named in ``ask``; the rest are automatic.

    When a decision is due and no answer is queued, the step raises :class:`DecisionNeeded`
    (the battle is unchanged). Answer with :meth:`answer` and step again: the phase rolls the
    same dice (they come from the battle's seed and the phase number) and uses the answer.
    Supported decisions: ``"allocate"`` (hit targets, one wave at a time: hits whose target is
    gone come back as a new decision with fewer hits), ``"retreat"`` (bool), ``"fire"`` (keys
    that fire), ``"aim"`` (key -> target), ``"release"`` (ships let go of Control when a hit
    lowers it below their number), ``"takeover"`` (which enemy ship the side's Take-Over goes
    for: one of the decision's ``options``, or ``None`` for no attempt; see
    :func:`takeover_plan`), ``"detonate"`` (which Busters explode in Main combat: True, False
    or their indices; asked by default, as ruling 9 has interactive play ask).

    An answer is used once; when a later decision of the same phase stops the step, the
    answers the step used are kept for the next attempt, so a phase with several decisions
    is answered one decision at a time.
    """

    ASKABLE = ("allocate", "retreat", "fire", "aim", "release", "takeover", "detonate")

    def __init__(
        self,
        ask: Sequence[str] = ("allocate", "detonate"),
        sides: Sequence[int] | None = None,
        **auto: Unpack[AutoOptions],
    ) -> None:
        super().__init__(**auto)
        for a in ask:
            validate.choice("ask", a, self.ASKABLE)
        self.ask = tuple(ask)
        self.sides = None if sides is None else tuple(sides)
        self.answers: dict[tuple[Any, ...], Any] = {}
        self._used: dict[tuple[Any, ...], Any] = {}

    def _asked(self, kind: str, side: int) -> bool:
        return kind in self.ask and (self.sides is None or side in self.sides)

    def answer(self, decision: dict[str, Any], value: JSON) -> None:
        """Queue the GM's answer to ``decision`` (from :class:`DecisionNeeded`)."""
        if decision.get("kind") == "allocate":
            value = [str(v) for v in validate.sequence("targets", value)]
            if len(value) > decision["hits"]:
                raise InvalidInput(f"{decision['hits']} hits to allocate, got {len(value)} targets")
        elif decision.get("kind") == "takeover":
            takeover_plan(value, decision["users"], decision["options"])  # refuse a bad answer now
        elif decision.get("kind") == "detonate":
            value = detonate_answer(value, decision["options"])
        self.answers[_key(decision)] = value

    def begin_phase(self) -> None:
        """Forget which answers the last (successful) attempt at a phase used."""
        self._used = {}

    def _get(self, ctx: Ctx, decision: dict[str, Any]) -> Any:
        decision = {"round": ctx.st.round, **decision}
        k = _key(decision)
        if k in self.answers:
            self._used[k] = self.answers.pop(k)
            return self._used[k]
        # the phase stops here: the answers it used stay queued for its next attempt
        self.answers.update(self._used)
        self._used = {}
        raise DecisionNeeded(decision)

    def allocate(self, ctx: Ctx, side: int, hits: int, phase: str, by: int) -> list[str]:
        """Ask for hit targets when asked; else ruling 4."""
        if not self._asked("allocate", side):
            return super().allocate(ctx, side, hits, phase, by)
        result: Any = self._get(
            ctx,
            {
                "kind": "allocate",
                "side": side,
                "phase": phase,
                "hits": hits,
                "by": by,
                "default": auto_allocation(ctx.st, side, hits),
            },
        )
        return cast("list[str]", result)

    def release(self, ctx: Ctx, side: int, n: int, controlled: list[str]) -> list[str]:
        """Ask which ships leave Control when asked; else the cheapest."""
        if not self._asked("release", side):
            return super().release(ctx, side, n, controlled)
        return [
            str(k)
            for k in self._get(
                ctx,
                {
                    "kind": "release",
                    "side": side,
                    "phase": ctx.st.phase_name,
                    "n": n,
                    "options": list(controlled),
                    "default": default_release(ctx.st, side, n),
                },
            )
        ]

    def takeovers(
        self, ctx: Ctx, side: int, users: dict[str, list[int]], targets: list[str]
    ) -> dict[str, str]:
        """Ask which enemy ship the side's Take-Over goes for when asked; else the automatic
        choice. The decision's ``options`` are the ships the side has a lock on."""
        if not self._asked("takeover", side):
            return super().takeovers(ctx, side, users, targets)
        answer = self._get(
            ctx,
            {
                "kind": "takeover",
                "side": side,
                "phase": "takeover",
                "options": list(targets),
                "users": list(users),
                "default": super().takeovers(ctx, side, users, targets),
            },
        )
        return takeover_plan(answer, list(users), targets)

    def retreat(self, ctx: Ctx, side: int) -> bool:
        """Ask whether to retreat when asked."""
        if not self._asked("retreat", side):
            return super().retreat(ctx, side)
        return bool(
            self._get(
                ctx,
                {
                    "kind": "retreat",
                    "side": side,
                    "phase": "retreat",
                    "default": super().retreat(ctx, side),
                },
            )
        )

    def fire(self, ctx: Ctx, side: int, phase: str, can: list[str]) -> list[str]:
        """Ask which units fire (the rest are held in reserve) when asked."""
        if not self._asked("fire", side) or not can:
            return super().fire(ctx, side, phase, can)
        return list(self._get(ctx, {"kind": "fire", "side": side, "phase": phase, "options": can}))

    def detonate(self, ctx: Ctx, side: int, phase: str) -> list[int]:
        """Ask which Busters explode (ruling 9: interactive play asks every Main combat while
        the side has Busters; the default is the automatic choice)."""
        busters = ctx.st.sides[side].busters
        if not self._asked("detonate", side) or not busters:
            return super().detonate(ctx, side, phase)
        answer = self._get(
            ctx,
            {
                "kind": "detonate",
                "side": side,
                "phase": phase,
                "options": list(range(len(busters))),
                "ranks": list(busters),
                "default": super().detonate(ctx, side, phase),
            },
        )
        return detonate_answer(answer, list(range(len(busters))))

    def aim(self, ctx: Ctx, side: int, phase: str, fire: list[str]) -> dict[str, str]:
        """Ask for Aimed Shots when asked."""
        if not self._asked("aim", side) or not fire:
            return super().aim(ctx, side, phase, fire)
        return dict(self._get(ctx, {"kind": "aim", "side": side, "phase": phase, "options": fire}))


def takeover_plan(answer: object, users: Sequence[str], targets: Sequence[str]) -> dict[str, str]:
    """Read an answer to a ``"takeover"`` decision as the plan ``{user: target}``.

    ``None`` or ``"none"``: no attempt. A target key: every Control user of the side tries that
    ship (their successes add up on it). A dict from user to target sets each user's ship
    (users left out make no attempt).

    >>> takeover_plan("1:2", ["0:E", "0:3"], ["1:1", "1:2"])
    {'0:E': '1:2', '0:3': '1:2'}
    >>> takeover_plan(None, ["0:E"], ["1:1"])
    {}

    Raises:
        InvalidInput: a target the side has no lock on, or a user that cannot try.
    """
    if answer is None or answer == "none":
        return {}
    if isinstance(answer, str):
        if answer not in targets:
            raise InvalidInput(
                f"takeover target {answer!r} is not a ship the side has a lock on; "
                f"allowed: {list(targets)!r} or None"
            )
        return {str(who): answer for who in users}
    if isinstance(answer, dict):
        plan: dict[str, str] = {}
        for who, target in answer.items():
            if who not in users:
                raise InvalidInput(
                    f"takeover user {who!r} cannot attempt a Take-Over; allowed: {list(users)!r}"
                )
            if target is None or target == "none":
                continue
            if target not in targets:
                raise InvalidInput(
                    f"takeover target {target!r} for {who!r} is not a ship the side has a "
                    f"lock on; allowed: {list(targets)!r}"
                )
            plan[str(who)] = str(target)
        return plan
    raise InvalidInput(
        f"takeover answer must be a target key, None or a dict user -> target, got {answer!r}"
    )


def detonate_answer(answer: object, options: Sequence[int]) -> list[int]:
    """Read an answer to a ``"detonate"`` decision: True (every Buster), False or None (none),
    or a list of the Busters' indices (``options``).

    >>> detonate_answer(True, [0, 1]), detonate_answer([1], [0, 1])
    ([0, 1], [1])
    """
    if answer is None or answer is False:
        return []
    if answer is True:
        return list(options)
    if isinstance(answer, (list, tuple)):
        out = []
        for i in answer:
            if isinstance(i, bool) or not isinstance(i, int) or i not in options:
                raise InvalidInput(
                    f"detonate answer names Buster {i!r}; allowed: indices {list(options)!r}"
                )
            out.append(i)
        return sorted(set(out))
    raise InvalidInput(
        f"detonate answer must be True (every Buster), False (none) or a list of Buster "
        f"indices from {list(options)!r}, got {answer!r}"
    )


def _key(decision: dict[str, Any]) -> tuple[Any, ...]:
    """What tells decisions apart: kind, round, side, phase; for hits also who fired and how
    many are left (each wave of one volley has fewer); for releases, how many go."""
    return (
        decision["kind"],
        int(decision.get("round", 0)),
        int(decision["side"]),
        str(decision.get("phase", "")),
        int(decision.get("by", -1)),
        int(decision.get("hits", decision.get("n", 0))),
    )
