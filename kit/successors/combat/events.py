"""Applying battle events to the state, and the context phase code writes through.

Events are facts: rolls (for the record) and changes (a unit neutralized, an ability hit, a
ship taken over). :func:`apply_event` is the only code that changes a :class:`BattleState`;
replaying a battle's log through it rebuilds the state without rolling a die. Phase code
never changes the state directly: it calls :meth:`Ctx.emit`, which records the event and
applies it at once, so later decisions in the same phase see its effect.

A :class:`Ctx` holds the policy that decides for the sides, a :class:`CombatPolicy`, whose
methods take the Ctx in turn; the two protocols are defined here beside it for that reason and
are documented and imported from :mod:`.protocol`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from ...errors import IllegalAction, InvalidInput
from ...store import JSON
from ..design import ShipDesign
from .rules import PHASES, CombatRules
from .state import BattleState, Side, SideState, Unit, entity_with_damage, parse_key

if TYPE_CHECKING:
    from ..entities import Entity

__all__ = [
    "AnsweringPolicy",
    "CombatPolicy",
    "Ctx",
    "LazyRngRoller",
    "OutOfFaces",
    "RngRoller",
    "Roller",
    "ScriptedRoller",
    "apply_event",
    "copy_state",
    "phase_copy",
    "plain_json",
]

#: Event kinds that only record a roll or a decision and change nothing.
RECORD_ONLY = ("roll", "attack", "decision", "note")


def apply_event(st: BattleState, kind: str, d: dict[str, Any]) -> None:
    """Change ``st`` as event ``kind`` with data ``d`` says (see the module docs)."""
    if kind in RECORD_ONLY:
        return
    st._changes += 1
    u = None
    if "unit" in d:
        if d["unit"] not in st.units:
            raise InvalidInput(f"event {kind!r} names an unknown unit {d['unit']!r}")
        u = _writable(st, d["unit"])
    if kind == "phase":
        st.round, st.phase_index = d["round"], PHASES.index(d["phase"]) + 1
        st.steps += 1
        if d["phase"] == "order":
            for k in [k for k, x in st.units.items() if x.fired]:
                _writable(st, k).fired = False
    elif kind == "control":
        ids = set(d["units"])
        for k in [
            k
            for k, x in st.units.items()
            if x.owner == d["side"] and x.controlled != (x.key in ids)
        ]:
            _writable(st, k).controlled = k in ids
    elif kind == "control_release":
        for k in d["units"]:
            _writable(st, k).controlled = False
    elif kind == "load":
        u.carried_by, u.controlled = d["carrier"], False  # type: ignore[union-attr]
    elif kind == "unload":
        u.carried_by = None  # type: ignore[union-attr]
    elif kind == "sensors":
        st.sides[d["side"]].sensors[d["target"]] = d["total"]
    elif kind == "takeover_progress":
        u.takeover = {int(k): v for k, v in d["successes"].items() if v}  # type: ignore[union-attr]
    elif kind == "taken_over":
        u.owner, u.takeover, u.controlled = d["side"], {}, False  # type: ignore[union-attr]
        u.held_by = None  # type: ignore[union-attr]
        u.needs_recondition = d["needs_recondition"]  # type: ignore[union-attr]
    elif kind == "counter":
        u.counter = d["counter"]  # type: ignore[union-attr]
    elif kind == "damage":
        res = d["result"]
        if res == "neutralized":
            u.damaged = True  # type: ignore[union-attr]
        else:
            u.state = {"hulked": "hulked", "vaporized": "vaporized"}.get(res, "destroyed")  # type: ignore[union-attr]
            u.hulk_ru = d.get("hulk_ru", 0)  # type: ignore[union-attr]
            u.controlled = False  # type: ignore[union-attr]
            for k in [k for k, x in st.units.items() if x.carried_by == u.key]:  # type: ignore[union-attr]
                _writable(st, k).carried_by = None
    elif kind == "fired":
        for k in d["units"]:
            _writable(st, k).fired = True
    elif kind == "ability_hit":
        s = st.sides[d["side"]]
        s.entity = entity_with_damage(s.entity, d["ability"], d.get("hits", 1))
    elif kind == "entity_state":
        st.sides[d["side"]].entity_state = d["state"]
    elif kind == "repair":
        u.damaged, u.counter = False, 0  # type: ignore[union-attr]
    elif kind == "takeover_cancelled":
        u.takeover = {int(k): v for k, v in d["successes"].items() if v}  # type: ignore[union-attr]
    elif kind == "recondition":
        u.needs_recondition = False  # type: ignore[union-attr]
    elif kind == "gather":
        u.held_by = d["side"]  # type: ignore[union-attr]
    elif kind == "release":
        u.held_by = None  # type: ignore[union-attr]
    elif kind == "imprison":
        captor, prisoner = st.sides[d["side"]], st.sides[d["target"]]
        prisoner.entity_state = "imprisoned"
        captor.cubes -= 1
        captor.prisoners.append(d["target"])
    elif kind == "structure_hit":
        struct = st.sides[d["side"]].structures[d["code"]]
        struct["hits"] += 1
        struct["state"] = d["state"]
    elif kind == "static_hit":
        st.sides[d["side"]].static_defenses -= d["hits"]
    elif kind == "buster":
        st.sides[d["side"]].busters.pop(d["index"])
    elif kind == "rammer_used":
        st.sides[d["side"]].rammers -= 1
    elif kind == "rammers_arrive":  # a Hyper Cannon's launch joins the side between rounds
        i = d["side"]
        if not 0 <= i < len(st.sides):
            raise InvalidInput(f"event {kind!r} names an unknown side {i!r}")
        have = sum(1 for k in st.units if k.startswith(f"{i}:R"))
        for n in range(have, have + d["count"]):
            key = f"{i}:R{n + 1}"
            st.units[key] = Unit(
                key,
                i,
                i,
                "Rammer",
                ShipDesign(battle=5, weapon="imploder"),
                3.0,
                d.get("faction"),
                sig=0,
                kind="rammer",
            )
        st.sides[i].rammers += d["count"]
    elif kind == "eaten":
        u.eaten += d["ru"]  # type: ignore[union-attr]
        st.sides[d["side"]].feral_ru += d["ru"]
        if u.eaten >= u.cost:  # type: ignore[union-attr]
            u.state = "eaten"  # type: ignore[union-attr]
    elif kind == "retreat":
        st.sides[d["side"]].retreated = True
        for k in d["units"]:
            _writable(st, k).state = "retreated"
        if d.get("entity"):
            st.sides[d["side"]].entity_state = "retreated"
    elif kind == "end":
        st.over, st.result = True, dict(d)
    else:
        raise InvalidInput(f"unknown battle event {kind!r}")


class OutOfFaces(IllegalAction):
    """A scripted roller ran out of faces (the script is too short for this phase)."""


class Roller:
    """Where dice faces come from. Subclasses give :meth:`faces`."""

    def faces(self, n: int) -> list[int]:  # pragma: no cover - interface
        """``n`` faces of 1d6."""
        raise NotImplementedError

    def attack(self, dice: Sequence[int]) -> list[int]:
        """Faces for an attack with ``dice`` (the exact odds override this)."""
        return self.faces(len(dice))

    def damage(self) -> int:
        """One face on the damage table."""
        return self.faces(1)[0]


class RngRoller(Roller):
    """Faces from a numpy Generator."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def faces(self, n: int) -> list[int]:
        """``n`` faces of 1d6."""
        return [int(x) for x in self.rng.integers(1, 7, size=n)] if n else []


class LazyRngRoller(Roller):
    """Faces like an :class:`RngRoller`, from a generator made by ``make`` when the first die
    is rolled: a phase that rolls nothing (most order and retreat phases) makes none, and one
    that rolls draws exactly what the generator made up front would have given."""

    def __init__(self, make: Callable[[], np.random.Generator]) -> None:
        self._make = make
        self._rng: np.random.Generator | None = None

    @property
    def rng(self) -> np.random.Generator:
        """The generator (made on first use)."""
        if self._rng is None:
            self._rng = self._make()
        return self._rng

    def faces(self, n: int) -> list[int]:
        """``n`` faces of 1d6."""
        return [int(x) for x in self.rng.integers(1, 7, size=n)] if n else []


class ScriptedRoller(Roller):
    """Faces from a list (worked examples and tests); then from ``fallback`` if given."""

    def __init__(self, faces: Sequence[int], fallback: Roller | None = None) -> None:
        for f in faces:
            if not isinstance(f, (int, np.integer)) or isinstance(f, bool) or not 1 <= f <= 6:
                raise InvalidInput(f"scripted faces must be integers 1..6, got {f!r}")
        self.queue = [int(f) for f in faces]
        self.fallback = fallback

    def faces(self, n: int) -> list[int]:
        """The next ``n`` scripted faces."""
        if len(self.queue) < n:
            if self.fallback is None:
                raise OutOfFaces(f"the scripted faces ran out: {n} needed, {len(self.queue)} left")
            have, self.queue = self.queue, []
            return have + self.fallback.faces(n - len(have))
        out, self.queue = self.queue[:n], self.queue[n:]
        return out


@runtime_checkable
class CombatPolicy(Protocol):
    """The decisions a battle asks for, phase by phase (``side`` is the deciding side's index)."""

    def begin_phase(self) -> None:
        """Called before each phase is played (or played again after a question)."""

    def order(self, ctx: Ctx, side: int) -> dict[str, Any] | None:
        """Phase 1: order-of-battle changes (racks, Control), or None."""

    def sensor_targets(self, ctx: Ctx, side: int, enemies: Sequence[int]) -> list[int]:
        """Phase 2: the enemy sides to scan."""

    def takeovers(
        self, ctx: Ctx, side: int, users: dict[str, list[int]], targets: list[str]
    ) -> dict[str, str]:
        """Phase 3: Control user -> the locked enemy ship it tries to take over."""

    def operations(self, ctx: Ctx, side: int, dice: list[int]) -> list[tuple[str, str]]:
        """Phase 4: one Handling job per die (repairs, reconditioning, gathering, a Cube)."""

    def fire(self, ctx: Ctx, side: int, phase: str, can: list[str]) -> list[str]:
        """Phases 5-7: which of the units that may attack do."""

    def aim(self, ctx: Ctx, side: int, phase: str, fire: list[str]) -> dict[str, str]:
        """Aimed Shots: attacker unit -> the target it places its hit on."""

    def target_side(self, ctx: Ctx, side: int, enemies: list[int]) -> int:
        """Which enemy side the attacks go at when there are several."""

    def allocate(self, ctx: Ctx, side: int, hits: int, phase: str, by: int) -> list[str]:
        """Where the hits ``side`` takes land (one target key per hit)."""

    def release(self, ctx: Ctx, side: int, n: int, controlled: list[str]) -> list[str]:
        """Which ships leave Control when the controller's rank drops below their count."""

    def entity_ability(self, ctx: Ctx, side: int) -> str:
        """Which ability a hit on the entity lowers."""

    def static_split(self, ctx: Ctx, side: int, points: int) -> list[int]:
        """How Static Defenses split their points into attacks."""

    def detonate(self, ctx: Ctx, side: int, phase: str) -> list[int]:
        """Which Busters explode this phase."""

    def self_destruct(self, ctx: Ctx, side: int, phase: str) -> list[str]:
        """Which units self-destruct."""

    def retreat(self, ctx: Ctx, side: int) -> bool:
        """Phase 8: whether the side retreats."""


@runtime_checkable
class AnsweringPolicy(CombatPolicy, Protocol):
    """A policy that raises questions and takes the GM's answers to them."""

    def answer(self, decision: dict[str, Any], value: JSON) -> None:
        """Queue the answer to ``decision`` (a :class:`~.policies.DecisionNeeded` dict)."""


class Ctx:
    """What phase code works with: setup, state, rules, the policy, a roller and ``emit``."""

    def __init__(
        self,
        sides: Sequence[Side],
        st: BattleState,
        rules: CombatRules,
        policy: CombatPolicy,
        roller: Roller,
        *,
        jammer: int = 0,
        record: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.sides, self.st, self.rules, self.policy = sides, st, rules, policy
        self.roller, self.jammer, self._record = roller, jammer, record
        self._fight: tuple[BattleState, int, list[bool]] | None = None

    def emit(self, kind: str, **data: JSON) -> None:
        """Record an event and apply it to the state."""
        if self._record is not None:
            self._record(kind, data)
        apply_event(self.st, kind, data)

    # ------------------------------------------------------------ helpers shared by phases
    def entity(self, side: int) -> Entity | None:
        """The side's entity with its current damage (None if it has none)."""
        return self.st.sides[side].entity

    def fighting(self, side: int) -> bool:
        """:func:`in_fight` for ``side``, worked out once per change of the state (events are
        the only changes, and each one moves the state's change count on)."""
        st = self.st
        memo = self._fight
        if memo is None or memo[0] is not st or memo[1] != st._changes:
            memo = self._fight = (st, st._changes, [in_fight(st, j) for j in range(len(st.sides))])
        return memo[2][side]

    def enemies(self, side: int) -> list[int]:
        """Indices of the other sides still in the battle."""
        return [j for j in range(len(self.sides)) if j != side and self.fighting(j)]

    def unit_side(self, key: str) -> int:
        """Side a key belongs to now (entity, Static Defense, Matrix and Targeter keys: that side)."""
        side, rest = parse_key(key)
        if rest.startswith("E") or rest in ("S", "M", "T"):
            return side
        if key not in self.st.units:
            raise IllegalAction(
                f"{key!r} names no ship, entity, Static Defenses, Matrix or Targeter in the battle"
            )
        return self.st.units[key].owner


def in_fight(st: BattleState, side: int) -> bool:
    """True while the side has its entity active or any ship in the orbit not yet gone."""
    s = st.sides[side]
    units = st.units.values()
    if s.retreated and not any(u.owner == side and u.state == "active" for u in units):
        return False
    if s.entity_active:
        return True
    return any(u.owner == side and u.operational for u in units) or s.static_defenses > 0


def _copy_unit(u: Unit) -> Unit:
    """A copy of a unit record (a plain attribute copy)."""
    new = object.__new__(Unit)
    new.__dict__.update(u.__dict__)
    new.takeover = dict(u.takeover)
    return new


def _copy_side(s: SideState) -> SideState:
    """A copy of a side's record (its dicts and lists copied, the entity shared: immutable)."""
    new = object.__new__(SideState)
    new.__dict__.update(s.__dict__)
    new.sensors = dict(s.sensors)
    new.busters = list(s.busters)
    new.prisoners = list(s.prisoners)
    new.structures = {k: dict(v) for k, v in s.structures.items()}
    return new


def _writable(st: BattleState, key: str) -> Unit:
    """The unit ``key`` of ``st``, copied first if ``st`` still shares it (copy on write)."""
    u = st.units[key]
    shared = st._shared
    if shared and key in shared:
        u = st.units[key] = _copy_unit(u)
        shared.discard(key)
    return u


def phase_copy(st: BattleState) -> BattleState:
    """A copy of the state for playing one phase on: sides are copied, unit records are
    shared until an event changes one (:func:`apply_event` copies it first), so a phase
    costs nothing for the units it leaves alone. The original is never changed."""
    new = object.__new__(BattleState)
    new.__dict__.update(st.__dict__)
    new.units = dict(st.units)
    new._shared = set(st.units)
    new.sides = [_copy_side(s) for s in st.sides]
    new.result = dict(st.result) if st.result else None
    return new


def copy_state(st: BattleState) -> BattleState:
    """A deep copy of the state (units and sides are small mutable records).

    The engine itself no longer copies the state each phase (a failed phase is undone by
    replaying the log); what-if tools that play on from a state use this.
    """
    new = object.__new__(BattleState)
    new.__dict__.update(st.__dict__)
    new.units = {k: _copy_unit(u) for k, u in st.units.items()}
    new._shared = None
    new.sides = [_copy_side(s) for s in st.sides]
    new.result = dict(st.result) if st.result else None
    return new


_LEAVES = (str, int, float, bool, type(None))


def plain_json(value: JSON) -> JSON:
    """``value`` as JSON would give it back: tuples become lists, containers are new.

    The same as ``json.loads(json.dumps(value))`` (which it falls back to for anything but
    str-keyed dicts, lists, tuples and plain str, int, float, bool and None), without the text.

    >>> plain_json({"dice": (5, 3), "units": ["0:1"], "n": 2})
    {'dice': [5, 3], 'units': ['0:1'], 'n': 2}
    """
    t = type(value)
    if t in _LEAVES:
        return value
    if t is list or t is tuple:
        return [plain_json(v) for v in value]
    if t is dict and all(type(k) is str for k in value):
        return {k: plain_json(v) for k, v in value.items()}
    return json.loads(json.dumps(value))
