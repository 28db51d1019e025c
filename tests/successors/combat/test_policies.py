"""Decisions asked of a policy (kit.successors.combat.policies): the automatic policy's choices
by the rulings, the retreat rules, and reading the GM's answers to the interactive decisions.
Expected choices are worked from the rule text and the rulings; RU values are the catalog's
(Castle 22, Cruiser 8, Frigate 4, Servo 3, Gunboat 2, Drone 1)."""

from __future__ import annotations

import pytest
from combat_setups import ctx_of, plain

from kit.errors import InvalidInput, InvalidType
from kit.successors.combat import Battle, Side
from kit.successors.combat.events import apply_event
from kit.successors.combat.policies import (
    AutoPolicy,
    InteractivePolicy,
    Never,
    RetreatAfter,
    RetreatWhenLosses,
    detonate_answer,
    losses_share,
    takeover_plan,
)


def _fleet() -> Battle:
    # A: Cruiser 8 + Frigate 4 + Gunboat 2 + Drone 1 = 15 RU
    return Battle(
        [Side("A", ships=["Cruiser", "Frigate", "Gunboat", "Drone"]), Side("B", ships=["Castle"])],
        seed=1,
    )


def test_losses_count_neutralized_destroyed_and_taken_ships_against_the_starting_ru():
    b = _fleet()
    c = ctx_of(b)
    assert losses_share(c, 0) == 0.0
    apply_event(b.state, "damage", {"unit": "0:3", "result": "neutralized"})  # the Gunboat
    assert losses_share(c, 0) == pytest.approx(2 / 15)
    apply_event(b.state, "damage", {"unit": "0:2", "result": "vaporized"})  # the Frigate
    assert losses_share(c, 0) == pytest.approx((2 + 4) / 15)
    apply_event(b.state, "taken_over", {"unit": "0:1", "side": 1, "needs_recondition": False})
    assert losses_share(c, 0) == pytest.approx((2 + 4 + 8) / 15)
    assert losses_share(c, 1) == 0.0  # a taken ship is no gain in this share
    nothing = Battle([Side("A", plain()), Side("B", ships=["Drone"])], seed=1)
    assert losses_share(ctx_of(nothing), 0) == 0.0  # no ships: nothing to lose


def test_retreat_rules():
    b = _fleet()
    c = ctx_of(b)
    assert not Never()(c, 0)
    assert not RetreatAfter(2)(c, 0)  # round 1
    b.state.round = 2
    assert RetreatAfter(2)(c, 0)
    assert not RetreatWhenLosses(0.1)(c, 0)
    apply_event(b.state, "damage", {"unit": "0:3", "result": "neutralized"})  # 2/15 > 0.1
    assert RetreatWhenLosses(0.1)(c, 0) and not RetreatWhenLosses(0.2)(c, 0)
    policy = AutoPolicy(retreat_rules={0: RetreatWhenLosses(0.1)})
    assert policy.retreat(c, 0) and not policy.retreat(c, 1)  # sides not listed never retreat
    assert AutoPolicy(retreat_rules=RetreatAfter(1)).retreat(c, 1)


@pytest.mark.parametrize(
    "make,field",
    [(lambda: RetreatAfter(0), "rounds"), (lambda: RetreatWhenLosses(1.5), "share")],
)
def test_bad_retreat_rules_name_their_field(make, field):
    with pytest.raises(InvalidInput, match=field):
        make()


@pytest.mark.parametrize("points,attacks", [(3, [3]), (5, [5]), (12, [5, 5, 2]), (10, [5, 5])])
def test_static_defenses_fire_as_rank_5_attacks_and_a_remainder(points, attacks):
    assert AutoPolicy().static_split(ctx_of(_fleet()), 1, points) == attacks


def test_sensors_go_on_every_enemy_until_level_5():
    b = Battle([Side("A", ships=["Relay"]), Side("B", ships=["Drone"]), Side("C")], seed=1)
    c = ctx_of(b)
    assert AutoPolicy().sensor_targets(c, 0, [1, 2]) == [1, 2]
    b.state.sides[0].sensors[1] = 5
    assert AutoPolicy().sensor_targets(c, 0, [1, 2]) == [2]
    assert AutoPolicy(sensors=False).sensor_targets(c, 0, [1, 2]) == []


def test_takeovers_go_for_the_ship_closest_to_falling_then_the_priciest():
    b = Battle(
        [Side("A", plain(control=3)), Side("B", ships=["Gunboat", "Cruiser", "Frigate"])], seed=1
    )
    c = ctx_of(b)
    users = {"0:E": [3], "0:2": [1]}
    targets = ["1:1", "1:2", "1:3"]
    assert AutoPolicy().takeovers(c, 0, users, targets) == {"0:E": "1:2", "0:2": "1:3"}
    b.state.units["1:1"].takeover = {0: 1}  # the Gunboat already has one success
    assert AutoPolicy().takeovers(c, 0, users, targets) == {"0:E": "1:1", "0:2": "1:2"}
    assert AutoPolicy(takeover=False).takeovers(c, 0, users, targets) == {}


def test_repairs_bring_a_neutralized_entity_back_first_then_the_cheapest_ships():
    ent = plain(handling=2).with_damage("sensors")  # Sensors 1 hit once: neutralized
    b = Battle(
        [Side("A", ent, ships=["Cruiser", "Gunboat", "Servo"]), Side("B", ships=["Castle"])],
        seed=1,
    )
    for k in ("0:1", "0:2"):
        apply_event(b.state, "damage", {"unit": k, "result": "neutralized"})
    c = ctx_of(b)
    jobs = AutoPolicy().operations(c, 0, [1, 1, 1, 1])
    assert jobs == [("repair", "0:E"), ("repair", "0:2"), ("repair", "0:1")]
    assert AutoPolicy().operations(c, 0, [2]) == [("repair", "0:E")]  # one job per die


def test_hold_reloaders_keeps_uncontrolled_drones_back():
    b = Battle([Side("A", ships=["Drone", "Cruiser"]), Side("B", ships=["Castle"])], seed=1)
    c = ctx_of(b)
    assert AutoPolicy().fire(c, 0, "main", ["0:1", "0:2"]) == ["0:1", "0:2"]
    assert AutoPolicy(hold_reloaders=True).fire(c, 0, "main", ["0:1", "0:2"]) == ["0:2"]


def test_the_gms_takeover_answer_as_a_plan():
    users, targets = ["0:E", "0:3"], ["1:1", "1:2"]
    assert takeover_plan("1:2", users, targets) == {"0:E": "1:2", "0:3": "1:2"}
    assert takeover_plan("none", users, targets) == {} == takeover_plan(None, users, targets)
    assert takeover_plan({"0:3": "1:1", "0:E": None}, users, targets) == {"0:3": "1:1"}
    with pytest.raises(InvalidInput, match=r"takeover target '1:9' .* allowed: \['1:1', '1:2'\]"):
        takeover_plan("1:9", users, targets)
    with pytest.raises(InvalidInput, match="takeover user '0:7' cannot attempt"):
        takeover_plan({"0:7": "1:1"}, users, targets)
    with pytest.raises(InvalidInput, match="takeover target '1:9' for '0:E'"):
        takeover_plan({"0:E": "1:9"}, users, targets)
    with pytest.raises(InvalidInput, match="takeover answer must be"):
        takeover_plan(3, users, targets)


def test_the_gms_detonate_answer():
    assert detonate_answer(True, [0, 1, 2]) == [0, 1, 2]
    assert detonate_answer(False, [0, 1]) == [] == detonate_answer(None, [0, 1])
    assert detonate_answer([2, 0, 2], [0, 1, 2]) == [0, 2]
    for bad in ([3], [True], ["0"]):
        with pytest.raises(InvalidInput, match="detonate answer names Buster"):
            detonate_answer(bad, [0, 1, 2])
    with pytest.raises(InvalidInput, match="detonate answer must be True"):
        detonate_answer("all", [0, 1])


def test_an_interactive_policy_asks_only_what_it_can_and_checks_answers():
    with pytest.raises(InvalidInput, match="ask must be one of"):
        InteractivePolicy(ask=("allocate", "repair"))
    policy = InteractivePolicy(ask=("allocate",))
    decision = {"kind": "allocate", "side": 1, "phase": "main", "round": 1, "hits": 2, "by": 0}
    with pytest.raises(InvalidInput, match="2 hits to allocate, got 3 targets"):
        policy.answer(decision, ["1:1", "1:1", "1:1"])
    with pytest.raises(InvalidType, match="targets must be a list, got int"):
        policy.answer(decision, 5)
    policy.answer(decision, ["1:1"])
    assert list(policy.answers.values()) == [["1:1"]]
