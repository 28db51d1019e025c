"""Applying battle events to the state, and the context phase code writes through.

Events are facts: rolls (for the record) and changes (a unit neutralized, an ability hit, a
ship taken over). :func:`apply_event` is the only code that changes a :class:`BattleState`;
replaying a battle's log through it rebuilds the state without rolling a die. Phase code
never changes the state directly: it calls :meth:`Ctx.emit`, which records the event and
applies it at once, so later decisions in the same phase see its effect.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ...errors import IllegalAction, InvalidInput
from .rules import PHASES, CombatRules
from .state import BattleState, Side, Unit, parse_key

__all__ = ["Ctx", "OutOfFaces", "RngRoller", "Roller", "ScriptedRoller", "apply_event"]

#: Event kinds that only record a roll or a decision and change nothing.
RECORD_ONLY = ("roll", "attack", "decision", "note")


def apply_event(st: BattleState, kind: str, d: dict[str, Any]) -> None:
    """Change ``st`` as event ``kind`` with data ``d`` says (see the module docs)."""
    if kind in RECORD_ONLY:
        return
    u = st.units.get(d["unit"]) if "unit" in d else None
    if "unit" in d and u is None:
        raise InvalidInput(f"event {kind!r} names an unknown unit {d['unit']!r}")
    if kind == "phase":
        st.round, st.phase_index = d["round"], PHASES.index(d["phase"]) + 1
        st.steps += 1
        if d["phase"] == "order":
            for x in st.units.values():
                x.fired = False
    elif kind == "control":
        ids = set(d["units"])
        for x in st.units.values():
            if x.owner == d["side"]:
                x.controlled = x.key in ids
    elif kind == "control_release":
        for k in d["units"]:
            st.units[k].controlled = False
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
            for x in st.units.values():
                if x.carried_by == u.key:  # type: ignore[union-attr]
                    x.carried_by = None
    elif kind == "fired":
        for k in d["units"]:
            st.units[k].fired = True
    elif kind == "ability_hit":
        s = st.sides[d["side"]]
        s.entity = s.entity.with_damage(d["ability"], d.get("hits", 1))
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
    elif kind == "eaten":
        u.eaten += d["ru"]  # type: ignore[union-attr]
        st.sides[d["side"]].feral_ru += d["ru"]
        if u.eaten >= u.cost:  # type: ignore[union-attr]
            u.state = "eaten"  # type: ignore[union-attr]
    elif kind == "retreat":
        st.sides[d["side"]].retreated = True
        for k in d["units"]:
            st.units[k].state = "retreated"
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


class Ctx:
    """What phase code works with: setup, state, rules, the policy, a roller and ``emit``."""

    def __init__(
        self,
        sides: Sequence[Side],
        st: BattleState,
        rules: CombatRules,
        policy: Any,
        roller: Roller,
        *,
        jammer: int = 0,
        record: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.sides, self.st, self.rules, self.policy = sides, st, rules, policy
        self.roller, self.jammer, self._record = roller, jammer, record

    def emit(self, kind: str, **data: Any) -> None:
        """Record an event and apply it to the state."""
        if self._record is not None:
            self._record(kind, data)
        apply_event(self.st, kind, data)

    # ------------------------------------------------------------ helpers shared by phases
    def entity(self, side: int) -> Any:
        """The side's entity with its current damage (None if it has none)."""
        return self.st.sides[side].entity

    def enemies(self, side: int) -> list[int]:
        """Indices of the other sides still in the battle."""
        return [j for j in range(len(self.sides)) if j != side and in_fight(self.st, j)]

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
    if s.retreated and not st.side_units(side):
        return False
    if s.entity_active:
        return True
    return any(u.operational for u in st.side_units(side)) or s.static_defenses > 0


def _copy_unit(u: Unit) -> Unit:
    """A copy of a unit record (a plain attribute copy: phases copy the state every step)."""
    new = object.__new__(Unit)
    new.__dict__.update(u.__dict__)
    new.takeover = dict(u.takeover)
    return new


def copy_state(st: BattleState) -> BattleState:
    """A deep copy of the state (units and sides are small mutable records)."""
    units = {k: _copy_unit(u) for k, u in st.units.items()}
    sides = [
        dataclasses.replace(
            s,
            sensors=dict(s.sensors),
            busters=list(s.busters),
            prisoners=list(s.prisoners),
            structures={k: dict(v) for k, v in s.structures.items()},
        )
        for s in st.sides
    ]
    return dataclasses.replace(
        st, units=units, sides=sides, result=dict(st.result) if st.result else None
    )
