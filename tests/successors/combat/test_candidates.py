"""The answers the combat advisor tries at a decision (kit.successors.combat.candidates), worked
from the battle's state: the labels show each answer, repeats are dropped."""

from __future__ import annotations

from combat_setups import example_one

from kit.successors.combat import Battle, Side
from kit.successors.combat.candidates import battle_candidates


def test_candidates_for_the_garrison_and_for_releata():
    battle = example_one()
    st = battle.state
    # Garrison, 6 hits: priciest first is the five 8 RU Cruisers, then a 4 RU Frigate (text's
    # ship table); the default (ruling 4) is the six cheapest operational ships, the 1 RU Drones.
    dec = {"kind": "allocate", "side": 1, "hits": 6, "by": 0, "phase": "first"}
    dec["default"] = ["1:3", "1:4", "1:5", "1:6", "1:7", "1:8"]
    cands = battle_candidates(st, dec)
    assert cands["priciest first: 1:21, 1:22, 1:23, 1:24, 1:25, 1:16"] == [
        "1:21",
        "1:22",
        "1:23",
        "1:24",
        "1:25",
        "1:16",
    ]
    assert cands["default: 1:3, 1:4, 1:5, 1:6, 1:7, 1:8"] == dec["default"]
    # spread gives each single-hit Drone one hit: the same as the default, so it is dropped
    assert not [k for k in cands if k.startswith("spread")]
    # Releata (Battle 5+3 = 8, Control 3, the rest 1) with 12 hits on her entity first: each hit
    # lowers the highest ability, Control before Battle on a tie, and none goes below 1:
    # Battle 8->3 (5 hits), Control 3->2, Battle 3->2, Control 2->1, Battle 2->1; 9 hits in all.
    dec = {"kind": "allocate", "side": 0, "hits": 12, "by": 1, "phase": "main", "default": []}
    ent = [v for k, v in battle_candidates(st, dec).items() if k.startswith("entity first")]
    b, c = "0:E:battle", "0:E:control"
    assert ent == [[b] * 5 + [c, b, c, b]]


def test_a_retreat_is_tried_both_ways():
    st = example_one().state
    assert battle_candidates(st, {"kind": "retreat", "side": 0}) == {
        "retreat": True,
        "stay": False,
    }


def test_a_ship_taking_two_hits_a_roll_gets_them_in_one_answer_and_spread_in_another():
    # A Battlecruiser (15 RU) rolls damage once per 2 hits (its catalog design): priciest
    # first puts both hits on it; spread gives one hit to each ship in the default order.
    b = Battle(
        [Side("A", ships=["Cruiser"]), Side("B", ships=["Battlecruiser", "Gunboat"])], seed=1
    )
    assert b.state.units["1:1"].design.hits_per_damage == 2
    dec = {"kind": "allocate", "side": 1, "hits": 2, "default": ["1:2", "1:1"]}
    got = battle_candidates(b.state, dec)
    assert got == {
        "default: 1:2, 1:1": ["1:2", "1:1"],
        "priciest first: 1:1 x2": ["1:1", "1:1"],
    }  # spread (1:2, 1:1) repeats the default and is dropped


def test_release_answers_list_each_choice_while_there_are_few():
    st = example_one().state
    dec = {"kind": "release", "side": 0, "n": 1, "options": ["0:1", "0:2", "0:3"]}
    dec["default"] = ["0:3"]
    got = battle_candidates(st, dec)
    # releasing 0:3 alone repeats the default: it is dropped
    assert got == {"release 0:1": ["0:1"], "release 0:2": ["0:2"], "default: 0:3": ["0:3"]}
    many = {**dec, "n": 2, "options": [f"0:{i}" for i in range(1, 7)], "default": ["0:1", "0:2"]}
    # C(6, 2) = 15 > 8 choices: only the default and the last ones
    assert battle_candidates(st, many) == {
        "release the last": ["0:5", "0:6"],
        "default: 0:1, 0:2": ["0:1", "0:2"],
    }


def test_fire_answers_hold_uncontrolled_reloaders_back():
    b = Battle([Side("A", ships=["Drone", "Cruiser"]), Side("B", ships=["Frigate"])], seed=1)
    dec = {"kind": "fire", "side": 0, "options": ["0:1", "0:2"]}
    assert battle_candidates(b.state, dec) == {
        "fire all: 0:1, 0:2": ["0:1", "0:2"],
        "hold reloaders: 0:2": ["0:2"],
    }


def test_aim_answers_aim_everything_at_the_priciest_operational_enemy():
    b = Battle(
        [Side("A", ships=["Cruiser"]), Side("B", ships=["Gunboat", "Frigate", "Drone"])], seed=1
    )
    dec = {"kind": "aim", "side": 0, "options": ["0:1"]}
    assert battle_candidates(b.state, dec) == {
        "no Aimed Shots": {},
        "aim all at FRIGATE 1:2": {"0:1": "1:2"},
    }
