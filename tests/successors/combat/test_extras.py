"""Engineering projects in battle (Matrix, Targeter, Stellar Cannon), racks and holding on
retreat, and the interactive retreat and reserve decisions."""

from __future__ import annotations

import numpy as np
import pytest

from kit.successors import Entity
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    DecisionNeeded,
    InteractivePolicy,
    RetreatAfter,
    Side,
)
from kit.successors.combat.events import Ctx, RngRoller
from kit.successors.combat.phases import entity_dice


def ctx_of(b):
    return Ctx(b.sides, b.state, b.rules, AutoPolicy(), RngRoller(np.random.default_rng(0)))


def to_phase(b, name, policy=None):
    while b.next_phase != name:
        b.step_phase(policy)


def ent(**kw):
    base = {"battle": 3, "control": 2, "handling": 1, "information": 1, "sensors": 1}
    base.update(kw)
    return Entity("E", **base)


def test_matrix_and_targeter_add_to_the_entity():
    b = Battle([Side("A", ent(), matrix=2, targeter=1), Side("B", ships=["Castle"])], seed=1)
    c = ctx_of(b)
    assert entity_dice(c, 0, "battle") == [5, 1]  # 3 + 2 + 1 = 6
    assert entity_dice(c, 0, "handling") == [3]  # 1 + 2
    assert entity_dice(c, 0, "sensors") == [3]


def test_stellar_cannon_deals_1d6_hits_on_a_success():
    b = Battle(
        [Side("A", ent(battle=6), stellar_cannon=2), Side("B", ships=["Gunboat"] * 8)], seed=1
    )
    to_phase(b, "main")
    # the entity (5+1) misses twice; the cannon is at -1 per orbit from the star, -2 on each
    # die of 5+1 (ruling 4): 3, and the 1 drops out. It hits and rolls 4 hits.
    ev = b.step_phase(faces=[6, 6, 1, 4])
    cannon = next(e for e in ev if e.kind == "attack" and e["units"] == ["stellar cannon"])
    assert cannon["dice"] == [3] and cannon["hits"] == 4


def test_retreat_takes_carried_and_held_ships_along():
    # the Servo's Handling die holds the gathered Gunboat; the Tug carries a Satellite
    a = Side("A", ships=["Tug", "Satellite", "Satellite", "Cruiser", "Servo"], carried={1: (2,)})
    b = Battle([a, Side("B", ships=["Castle", "Gunboat"])], seed=1)
    b.log.append("damage", unit="1:2", result="neutralized", face=1, by=0, phase="main")
    b.log.append("gather", unit="1:2", side=0)
    b.state = b._replay()

    class Hold(AutoPolicy):
        def fire(self, ctx, side, phase, can):
            return []

    to_phase(b, "retreat", Hold())
    b.step_phase(Hold(retreat_rules={0: RetreatAfter(1)}))
    u = b.state.units
    assert u["0:1"].state == u["0:2"].state == u["1:2"].state == "retreated"
    assert u["0:3"].state == "active"  # an immobile Satellite not in racks stays
    assert b.result is None or b.result["sides"][1]["ru_lost"] >= 2


def test_interactive_retreat_and_reserve():
    b = Battle([Side("A", ships=["Cruiser", "Drone"]), Side("B", ships=["Castle"])], seed=4)
    pol = InteractivePolicy(ask=("fire", "retreat"), sides=(0,))
    to_phase(b, "order")
    for _ in range(5):
        b.step_phase(pol)
    with pytest.raises(DecisionNeeded) as need:
        b.step_phase(pol)
    assert need.value.decision["kind"] == "fire" and set(need.value.decision["options"]) == {
        "0:1",
        "0:2",
    }
    pol.answer(need.value.decision, ["0:1"])  # the Drone is held in reserve
    b.step_phase(pol)
    assert b.state.units["0:2"].status in (
        "operational",
        "neutralized",
        "destroyed",
        "hulked",
        "vaporized",
    )
    assert not b.state.units["0:2"].fired
    if not b.over:
        b.step_phase(pol)  # last combat: nothing of A fires then
        with pytest.raises(DecisionNeeded) as need:
            b.step_phase(pol)
        pol.answer(need.value.decision, True)
        b.step_phase(pol)
        assert b.state.sides[0].retreated
