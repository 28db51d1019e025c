"""Inputs a battle refuses, with a kit error that says what is allowed (issue 37).

A battle's state is its own (replayed from its log); the same entity, fleet or ship on two
sides, two sides with one name, a Stellar Cannon with no entity to fire it (ruling 10), and
Busters given as a bare number are refused; assigning an entity's field says what to do.
"""

from __future__ import annotations

import pytest

from kit.errors import FixedField, InvalidInput, InvalidType, KitError
from kit.successors import Entity, Fleet
from kit.successors.combat import Battle, Side


def _pair(seed: int) -> Battle:
    return Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=seed)


def _played(seed: int, rounds: int) -> Battle:
    b = _pair(seed)
    for _ in range(rounds):
        if not b.over:
            b.step_round()
    return b


# ---------------------------------------------------------------- the state is the battle's own
def test_a_battle_refuses_another_battles_state():
    mine, other = _pair(5), _played(4, 3)
    before = mine.to_json()
    with pytest.raises(InvalidInput, match="replayed from the battle's own log"):
        mine.state = other.state
    assert mine.to_json() == before
    assert mine.state.phase_index == 0 and mine.state.round == 1


def test_a_played_battle_refuses_a_fresh_state_and_keeps_its_rounds():
    b = _played(4, 3)
    rounds, phases = b.state.round, b.state.phase_index
    with pytest.raises(InvalidInput):
        b.state = _pair(4).state
    again = Battle.from_json(b.to_json())
    assert (again.state.round, again.state.phase_index) == (rounds, phases)
    assert again == b


def test_state_takes_only_a_battle_state():
    b = _pair(1)
    with pytest.raises(InvalidType, match="BattleState"):
        b.state = {"round": 3}


def test_setting_the_replay_of_its_own_log_is_taken_as_its_own_copy():
    b = _played(2, 1)
    replay = b._replay()
    b.state = replay
    assert b.state == replay and b.state is not replay  # the battle keeps its own record
    assert Battle.from_json(b.to_json()) == b


def test_the_orbit_is_checked_and_saves():
    b = _played(3, 1)
    b.orbit = "  Orbit 2 of Keth  "
    assert Battle.from_json(b.to_json()) == b
    with pytest.raises(InvalidInput):
        b.orbit = "x" * 81
    with pytest.raises(KitError):
        b.orbit = 7  # type: ignore[assignment]
    assert b.orbit == "Orbit 2 of Keth"


# ---------------------------------------------------------------- sides that are not apart
def test_one_entity_on_both_sides_is_refused():
    e = Entity("Releata", battle=5, control=3)
    with pytest.raises(InvalidInput, match="'Releata' is on both side 'A' and side 'B'"):
        Battle([Side("A", e), Side("B", e, ships=["Drone"])])


def test_one_fleet_on_both_sides_is_refused():
    f = Fleet()
    f.buy("Cruiser", 2)
    with pytest.raises(InvalidInput, match="the same Fleet or ships on both sides"):
        Battle([Side("A", ships=f), Side("B", ships=f)])
    owned = Fleet(Entity("Own", control=2))
    owned.buy("Drone")
    with pytest.raises(InvalidInput, match="on both side"):
        Battle([Side("A", ships=owned), Side("B", ships=owned)])


def test_two_sides_with_one_name_are_refused():
    with pytest.raises(InvalidInput, match="both named 'Raiders'"):
        Battle([Side("Raiders", ships=["Drone"]), Side("Raiders", ships=["Gunboat"])])


def test_equal_setups_under_different_names_still_fight():
    b = Battle([Side("A", ships=["Drone"]), Side("B", ships=["Drone"])], seed=1)
    assert b.run().over


# ---------------------------------------------------------------- errors that say what to do


def test_assigning_an_entity_field_says_to_make_a_changed_copy():
    e = Entity("TanRac", battle=8, control=3)
    with pytest.raises(FixedField, match=r"entity.replace\(battle=\.\.\.\)"):
        e.battle = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):  # still the error Python code expects
        e.name = "x"  # type: ignore[misc]
    with pytest.raises(FixedField):
        del e.battle  # type: ignore[misc]
    assert e.battle == 8 and e.replace(battle=5).battle == 5
