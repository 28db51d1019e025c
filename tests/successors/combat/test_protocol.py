"""CombatPolicy lists every decision the engine asks: a policy that answers only those
methods (no AutoPolicy base class) plays whole battles, the same as the policy it forwards to.
"""

from __future__ import annotations

from typing import Any

import pytest
from combat_setups import example_one, tanrac

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, InteractivePolicy, Side
from kit.successors.combat.protocol import AnsweringPolicy, CombatPolicy

#: The decisions the Protocol declares (read from the class, so a new one is covered too).
METHODS = sorted(
    n for n in vars(CombatPolicy) if not n.startswith("_") and callable(vars(CombatPolicy)[n])
)


class OnlyTheProtocol:
    """Forwards exactly the Protocol's methods to an AutoPolicy and counts what is asked; any
    other attribute the engine reached for would raise AttributeError."""

    def __init__(self) -> None:
        self._inner = AutoPolicy()
        self.asked: dict[str, int] = {}
        for name in METHODS:
            setattr(self, name, self._forward(name))

    def _forward(self, name: str) -> Any:
        def call(*args: Any) -> Any:
            self.asked[name] = self.asked.get(name, 0) + 1
            return getattr(self._inner, name)(*args)

        return call


def _battles() -> list[Battle]:
    ent = Entity("Boom", battle=3, control=2, handling=2, information=1, sensors=3)
    extras = Battle(
        [
            Side("A", ent, ships=["Servo", "Cruiser"], busters=(4,), static_defenses=2),
            Side("B", ships=["Frigate", "Gunboat", "Drone"], rammers=1, sensors=2),
        ],
        seed=3,
    )
    return [example_one(), extras]


def test_the_protocol_declares_the_eight_phases_decisions():
    expected = {"order", "sensor_targets", "takeovers", "operations", "fire", "aim"}
    expected |= {"target_side", "allocate", "release", "entity_ability", "static_split"}
    expected |= {"detonate", "self_destruct", "retreat", "begin_phase"}
    assert set(METHODS) == expected


@pytest.mark.parametrize("i", [0, 1])
def test_a_policy_with_only_the_protocols_methods_plays_as_the_one_it_forwards_to(i):
    policy = OnlyTheProtocol()
    assert isinstance(policy, CombatPolicy) and not isinstance(policy, AnsweringPolicy)
    played = _battles()[i].run(policy=policy)
    auto = _battles()[i].run(policy=AutoPolicy())
    assert played.over and played.result == auto.result
    assert played.log.to_list() == auto.log.to_list()
    assert {"begin_phase", "fire", "allocate", "retreat"} <= set(policy.asked)


def test_an_object_missing_a_decision_is_no_combat_policy():
    policy = OnlyTheProtocol()
    del policy.retreat
    assert not isinstance(policy, CombatPolicy)
    assert not isinstance(AutoPolicy(), AnsweringPolicy)
    assert isinstance(InteractivePolicy(), AnsweringPolicy)


def test_the_text_example_two_is_played_through_the_protocol_alone():
    side = Side("TanRac", tanrac(), ships=["Gunboat"] * 3)
    b = Battle([side, Side("B", ships=["Frigate", "Cruiser"])], seed=2)
    assert b.run(policy=OnlyTheProtocol()).over
