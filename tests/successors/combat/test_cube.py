"""The Cube in a battle (successors.txt 561): a neutralized entity put inside by a Handling
success of a side with an empty Cube; inside it is out of the fight, heals, uses Sensors only."""

from __future__ import annotations

import pytest

from kit.errors import IllegalAction
from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, Side, summarize
from kit.successors.combat.events import Ctx, ScriptedRoller
from kit.successors.combat.simulate import fast_supported


class Quiet(AutoPolicy):
    def fire(self, ctx, side, phase, can):
        return []


class Plan(Quiet):
    def __init__(self, plans):
        super().__init__()
        self.plans = plans

    def operations(self, ctx, side, dice):
        return list(self.plans.get(side, []))[: len(dice)]


def to_phase(b, name, policy):
    while b.next_phase != name:
        b.step_phase(policy)


def captive():
    # every ability at 1: one hit on Control takes it below 1, which neutralizes the entity
    return Entity("Captive", battle=1, control=1, handling=1, information=1, sensors=1)


def battle(*, cubes=1, neutralize=True, third=False):
    sides = [
        Side("A", ships=["Servo", "Castle"], cubes=cubes),
        Side("B", captive(), ships=["Castle"]),
    ]
    if third:
        sides.append(Side("C", ships=["Servo", "Castle"], cubes=1))
    b = Battle(sides, seed=3)
    if neutralize:
        b.log.append("ability_hit", side=1, ability="control", hits=1)
        b.state = b._replay()
        assert b.state.sides[1].entity.neutralized
    return b


def row(b, side):
    ctx = Ctx(b.sides, b.state, b.rules, AutoPolicy(), ScriptedRoller([]))
    return summarize(ctx)["sides"][side]


def test_one_handling_success_puts_a_neutralized_enemy_entity_in_a_cube():
    b = battle()
    pol = Plan({0: [("imprison", "1:E")]})
    to_phase(b, "repair", pol)
    # faces: B's entity heals first (rank-1 roll: 6 fails), then A's Servo (rank 1: 1 succeeds)
    ev = b.step_phase(pol, faces=[6, 1])
    (imp,) = [e for e in ev if e.kind == "imprison"]
    assert (imp["side"], imp["target"]) == (0, 1)
    st = b.state
    assert st.sides[1].entity_state == "imprisoned" and not st.sides[1].entity_active
    assert st.sides[0].cubes == 0 and st.sides[0].prisoners == [1]
    assert row(b, 0)["prisoners"] == ["B"] and row(b, 1)["entity"] == "imprisoned"
    assert "prisoners" not in row(b, 1)
    # the log replays to the same state, and the setup's Cube count saves and loads
    again = Battle.from_json(b.to_json())
    assert again.state.sides[1].entity_state == "imprisoned" and again.sides[0].cubes == 1


def test_inside_the_cube_the_entity_still_heals_but_stays_out_of_the_fight():
    # "A neutralized entity will attempt to heal itself, getting a rank 1 repair roll every
    # standard day until it is unneutralized": healing goes on inside; acting does not.
    b = battle()
    pol = Plan({0: [("imprison", "1:E")]})
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[6, 1])
    pol = Quiet()
    to_phase(b, "repair", pol)
    ev = b.step_phase(pol, faces=[1])  # the rank-1 roll succeeds: Control back to 1
    assert [e["ability"] for e in ev if e.kind == "ability_hit"] == ["control"]
    s = b.state.sides[1]
    assert not s.entity.neutralized and s.entity_state == "imprisoned" and not s.entity_active


def test_a_cube_takes_only_a_neutralized_enemy_entity_and_needs_an_empty_cube():
    b = battle(neutralize=False)
    pol = Plan({0: [("imprison", "1:E")]})
    to_phase(b, "repair", pol)
    with pytest.raises(IllegalAction, match="cannot be put in a Cube"):
        b.step_phase(pol)  # not neutralized
    b = battle(cubes=0)
    to_phase(b, "repair", pol)
    with pytest.raises(IllegalAction, match="0 left"):
        b.step_phase(pol)  # no Cube
    b = battle()
    to_phase(b, "repair", pol)
    with pytest.raises(IllegalAction, match="enemy entity"):
        b.step_phase(Plan({0: [("imprison", "1:1")]}))  # a ship is no Cube's prisoner


def test_an_entity_that_heals_the_same_day_is_not_put_in_the_cube():
    b = battle()
    pol = Plan({0: [("imprison", "1:E")]})
    to_phase(b, "repair", pol)
    # B's rank-1 roll (1) heals it before A's dice are asked for: the plan is refused
    with pytest.raises(IllegalAction, match="cannot be put in a Cube"):
        b.step_phase(pol, faces=[1, 1])


def test_two_sides_trying_one_entity_cancel_as_gathers_do():
    b = battle(third=True)
    pol = Plan({0: [("imprison", "1:E")], 2: [("imprison", "1:E")]})
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[6, 1, 1])  # heal fails; A 1 success, C 1 success -> cancel
    assert b.state.sides[1].entity_state == "active"
    assert b.state.sides[0].cubes == b.state.sides[2].cubes == 1


def test_the_automatic_policy_uses_its_cube_and_the_fast_path_steps_aside():
    b = battle()
    pol = Quiet()
    to_phase(b, "repair", pol)
    ev = b.step_phase(pol, faces=[6, 1])
    assert [e["purpose"] for e in ev if e.kind == "roll" and e["side"] == 0] == ["imprison"]
    assert b.state.sides[1].entity_state == "imprisoned"
    assert "extras" in (fast_supported(battle(neutralize=False), AutoPolicy(takeover=False)) or "")
    assert fast_supported(battle(cubes=0, neutralize=False), AutoPolicy(takeover=False)) is None
