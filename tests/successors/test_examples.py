"""The rule text's worked examples as objects: Joe's TanRac and Lisa's Releata, their fleets."""

from __future__ import annotations

from collections import Counter

from kit.successors.examples import (
    RELEATA_SHEET,
    TANRAC_SHEET,
    example_one,
    example_two,
    garrison,
    releata,
    releata_fleet,
    tanrac,
    tanrac_fleet,
)


def test_worked_examples_sheets():
    assert tanrac().sheet() == TANRAC_SHEET
    assert releata().sheet() == RELEATA_SHEET
    assert tanrac().findings() == [] and releata().findings() == []


def test_tanrac_is_joes_roll_of_3_and_4_spent_as_the_text_says():
    # 3 + 4 + 3 = 10 points; every ability starts at rank 1, then Battle+3, Control+3,
    # Handling+2, Information+1, Sensors+1
    t = tanrac()
    assert t.roll == (3, 4) and t.points == 3 + 4 + 3 == t.points_spent
    assert t.abilities == {
        "battle": 1 + 3,
        "control": 1 + 3,
        "handling": 1 + 2,
        "information": 1 + 1,
        "sensors": 1 + 1,
    }
    assert t.signature == 4  # 15 total ranks: the 11-15 row of the signature table
    assert (t.sex, t.side) == ("Male", "Vontuni Empire")


def test_releata_is_lisas_roll_of_2_and_4_seven_into_battle():
    r = releata()
    assert r.roll == (2, 4) and r.points == 2 + 4 + 3 == r.points_spent
    assert (r.battle, r.control, r.handling, r.information, r.sensors) == (8, 3, 1, 1, 1)
    assert r.rank("battle").dice == (5, 3)  # ranks above 5 are split: "5+3" on her sheet
    assert r.signature == 4  # 14 total ranks
    # Combat Reflexes (4) is balanced by Checkered Past (3) and No Memory (1)
    assert r.edge_points == 4 == r.flaw_points


def test_the_starting_fleets_spend_the_32_ru_of_a_5_and_a_2_plus_25():
    tf, rf = tanrac_fleet(), releata_fleet()
    assert tf.budget == rf.budget == 5 + 2 + 25
    # Joe: 5 Gunboats for 10RU, 10 Satellites for 10RU, a Tug for 3, 2 Servos for 6, a Relay for 3
    assert tf.counts() == {"GUNBOAT": 5, "SATELLITE": 10, "TUG": 1, "SERVO": 2, "RELAY": 1}
    assert tf.spent == 10 + 10 + 3 + 6 + 3 == 32
    # Lisa: 2 Battleships for 24RU and 8 Drones for 8RU
    assert rf.counts() == {"BATTLESHIP": 2, "DRONE": 8}
    assert rf.spent == 24 + 8 == 32 and rf.remaining == 0
    assert tf.owner == tanrac() and rf.owner == releata()


def test_the_garrison_is_twenty_signature_0_and_five_signature_1_ships():
    # "twenty signature 0 and five sig 1 objects ... 2x Servos, 8x Drones, 5x Gunboats,
    # 5x Frigates and 5x Cruisers"; nobody leads it and it has no Sensors
    side = garrison()
    kinds = Counter(s.type_name for s in side.ships)
    assert kinds == {"SERVO": 2, "DRONE": 8, "GUNBOAT": 5, "FRIGATE": 5, "CRUISER": 5}
    assert Counter(s.design.signature for s in side.ships) == {0: 20, 1: 5}
    assert side.entity is None and side.sensors == 0


def test_the_two_combat_examples_set_up_as_the_text_tells():
    one = example_one()
    releatas = one.sides[0]
    # Releata, her two Battleships and one Drone under her Control; eight Drones in all
    assert Counter(s.type_name for s in releatas.ships) == {"BATTLESHIP": 2, "DRONE": 8}
    controlled = [s.type_name for s in releatas.ships if s.id in releatas.controlled]
    assert sorted(controlled) == ["BATTLESHIP", "BATTLESHIP", "DRONE"]
    two = example_two()
    tanracs = two.sides[0]
    # four days of scanning gave 5 Sensors successes; four Satellites under his Control
    assert tanracs.sensors == 5
    controlled = [s.type_name for s in tanracs.ships if s.id in tanracs.controlled]
    assert controlled == ["SATELLITE"] * 4
    assert [s.name for s in two.sides] == ["TanRac", "Garrison"]
