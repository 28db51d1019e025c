"""Setups from the rule text's combat examples, and small helpers, shared by the combat tests."""

from __future__ import annotations

from typing import Any

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle
from kit.successors.combat.events import Ctx, ScriptedRoller
from kit.successors.examples import example_one, example_two, garrison, releata, tanrac

__all__ = [
    "ctx_of",
    "example_one",
    "example_two",
    "garrison",
    "plain",
    "releata",
    "tanrac",
    "to_phase",
]


def ctx_of(b: Battle, faces: Any = (), policy: Any = None) -> Ctx:
    """A phase context on the battle's state rolling ``faces`` in order; what it records is
    kept in ``ctx.recorded`` as (kind, data) pairs."""
    rec: list = []
    c = Ctx(
        b.sides,
        b.state,
        b.rules,
        policy or AutoPolicy(),
        ScriptedRoller(list(faces)),
        jammer=b.jammer,
        record=lambda k, d: rec.append((k, d)),
    )
    c.recorded = rec  # type: ignore[attr-defined]
    return c


def to_phase(b: Battle, name: str, policy: Any = None) -> None:
    """Step the battle until ``name`` is the next phase."""
    while b.next_phase != name:
        b.step_phase(policy)


def plain(**kw: Any) -> Entity:
    """An entity "E" with every rank 1 but those given."""
    base = {"battle": 1, "control": 1, "handling": 1, "information": 1, "sensors": 1}
    base.update(kw)
    return Entity("E", **base)
