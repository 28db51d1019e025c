"""What the vectorised simulation covers (:mod:`kit.successors.combat.simulate.support`):
``fast_supported`` is None for a battle it plays and otherwise names what it does not cover, and
``simulate`` then plays the battle on the engine (``method="auto"``) or refuses
(``method="fast"``) with that reason.
"""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput
from kit.successors import Entity
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    CombatRules,
    InteractivePolicy,
    RetreatAfter,
    RetreatWhenLosses,
    Side,
    simulate,
)
from kit.successors.combat.simulate.support import fast_supported

FOE = Side("B", ships=["Frigate", "Gunboat"])


def battle(rules: CombatRules | None = None, **side: object) -> Battle:
    sides = [Side("A", ships=["Cruiser"], **side), FOE]
    return Battle(sides, seed=1, rules=rules) if rules else Battle(sides, seed=1)


class Mine(AutoPolicy):
    """The automatic policy with a method changed: the fast path cannot know what changed."""


def test_the_automatic_policy_on_plain_ships_and_covered_extras_is_covered():
    assert fast_supported(battle(), AutoPolicy()) is None
    assert fast_supported(battle(static_defenses=2, busters=(3,)), AutoPolicy()) is None
    rules = {0: RetreatAfter(2), 1: RetreatWhenLosses(0.5)}
    assert fast_supported(battle(), AutoPolicy(retreat_rules=rules)) is None


@pytest.mark.parametrize(
    ("policy", "reason"),
    [
        (InteractivePolicy(), "only AutoPolicy is vectorised"),
        (Mine(), "only AutoPolicy is vectorised"),
        (AutoPolicy(gather=True), "gathering is not vectorised"),
        (
            AutoPolicy(retreat_rules={0: lambda ctx, side: False}),
            "custom retreat rules are not vectorised",
        ),
    ],
)
def test_other_policies_are_named(policy, reason):
    assert fast_supported(battle(), policy) == reason


def test_extras_it_does_not_cover_are_named_with_their_side():
    ent = Entity("E", battle=2, control=2)
    got = fast_supported(battle(entity=ent, cubes=1), AutoPolicy())
    assert got == "'A' has extras the fast path does not cover: Cubes"
    got = fast_supported(battle(entity=ent, feral=True), AutoPolicy())
    assert got == "'A' has extras the fast path does not cover: a Feral entity"
    apt = Entity("Mender", battle=2, edges=("Natural Aptitude (repair)",))
    assert fast_supported(battle(entity=apt), AutoPolicy()) == (
        "Mender's Natural Aptitude for repairs is not vectorised"
    )
    # 21 ** 5 damage patterns: more than the tables hold
    big = Entity("Big", battle=20, control=20, handling=20, information=20, sensors=20)
    assert "Big's ranks are too high" in (fast_supported(battle(entity=big), AutoPolicy()) or "")
    per_rank = CombatRules(modifier_per_die=False)
    assert fast_supported(battle(per_rank, static_defenses=1), AutoPolicy()) == (
        "Static Defenses with modifier_per_die=False are not vectorised"
    )
    assert fast_supported(battle(per_rank), AutoPolicy()) is None  # no Static Defenses: fine


def test_a_battle_under_way_is_covered_only_when_the_caller_says_so():
    b = battle()
    b.step_phase(AutoPolicy())
    assert fast_supported(b, AutoPolicy()) == "the battle has already started"
    assert fast_supported(b, AutoPolicy(), started=True) is None


def test_simulate_falls_back_to_the_engine_or_refuses_with_the_reason():
    b = battle(entity=Entity("E", battle=2, control=2), cubes=1)
    assert simulate(b, 4, seed=1, progress=False).engine == "engine"
    with pytest.raises(InvalidInput, match=r"method='fast' cannot run this battle: .*Cubes"):
        simulate(b, 4, seed=1, method="fast")
