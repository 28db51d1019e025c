"""The fast path's static tables (:mod:`kit.successors.combat.simulate.tables`) hold what the
rules say for each ship and die, checked against the rules text and RULINGS.md worked by hand.

Dice tables count dice per rank 1..5 (index 0 is rank 1), so ``[1, 0, 0, 0, 1]`` is one die of
rank 1 and one of rank 5.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.simulate.tables import CHANCE, PARTS, Tables


def tables(*sides: Side, jammer: int = 0) -> Tables:
    return Tables(Battle(list(sides), seed=1, jammer=jammer), AutoPolicy())


def dice(T: Tables, key: str, row: int = 0) -> list[int]:
    """Battle dice of the ship ``key`` in Main combat, per rank 1..5 (row 0: on its own)."""
    return T.pool["battle:main"][row, T.keys.index(key)].tolist()


def test_a_die_of_rank_r_succeeds_with_chance_r_in_6():
    # "a die roll result of rank or lower is a success", and a 6 always fails
    assert PARTS.tolist() == [1, 2, 3, 4, 5]
    for r, p in zip(PARTS, CHANCE):
        want = Fraction(sum(1 for roll in range(1, 6) if roll <= r), 6)
        assert p == pytest.approx(float(want))


def test_the_damage_table_is_the_texts():
    # 1-3 neutralized, 4-5 hulked, 6 vaporized
    T = tables(Side("A", ships=["Cruiser"]), Side("B", ships=["Frigate"]))
    assert T.damage_p.tolist() == pytest.approx([3 / 6, 2 / 6, 1 / 6])


def test_ship_rows_follow_the_allocation_order_and_the_catalog():
    T = tables(
        Side("A", ships=["Cruiser", "Mocker", "Drone", "Battlecruiser"]),
        Side("B", ships=["Frigate"]),
    )
    a = [T.keys[j] for j in T.side_rows[0]]
    # ruling 4: decoys first (the Mocker, ship 2), then the cheapest: Drone 1 RU, Cruiser 8,
    # Battlecruiser 15
    assert a == ["0:2", "0:3", "0:1", "0:4"]
    at = {k: j for j, k in enumerate(T.keys)}
    assert T.cost[[at[k] for k in a]].tolist() == [3, 1, 8, 15]
    # "takes two hits to roll on damage table"
    assert T.k[[at[k] for k in a]].tolist() == [1, 1, 1, 2]
    assert T.multi
    # a hulk is worth half the ship's RU, rounded down (the text's Frigates became 2 RU hulks)
    assert T.hulk_ru[at["1:1"]] == 2
    assert T.hulk_ru[[at[k] for k in a]].tolist() == [1, 0, 4, 7]
    # the Drone is "neutralized after one attack"; nobody here is an imploder
    assert T.reloader[[at[k] for k in a]].tolist() == [False, True, False, False]
    assert not T.imploder.any()


def test_ship_dice_split_ranks_and_control_as_rulings_1_and_2_say():
    T = tables(
        Side("A", Entity("E", battle=8, control=2), ships=["Battleship"], controlled=(1,)),
        Side("B", ships=["Cruiser"]),
    )
    # a 5+1 Battleship rolls a 5 and a 1 on its own
    assert dice(T, "0:1") == [1, 0, 0, 0, 1]
    # under a 5+3 controller each of its dice becomes the split: 5, 3, 5, 3
    assert dice(T, "0:1", row=1) == [0, 0, 2, 0, 2]
    # one hit on the controller's Battle (7 = 5+2): 5, 2, 5, 2
    assert dice(T, "0:1", row=2) == [0, 2, 0, 0, 2]
    assert dice(T, "1:1") == [0, 0, 0, 1, 0]  # the Cruiser's rank 4


def test_tanracs_satellites_under_control_roll_his_battle_rank():
    # RULINGS 2 checked with TanRac, Battle 4: his Satellites under Control attack at rank 4
    T = tables(
        Side("A", Entity("TanRac", battle=4, control=4), ships=["Satellite"], controlled=(1,)),
        Side("B", ships=["Frigate"]),
    )
    assert dice(T, "0:1") == [1, 0, 0, 0, 0]
    rows = [dice(T, "0:1", row=1 + hits) for hits in range(5)]
    # each hit on his Battle lowers the rank they roll at, down to their own 1; at 4 hits he is
    # neutralized and they roll their own die
    assert rows == [
        [0, 0, 0, 1, 0],
        [0, 0, 1, 0, 0],
        [0, 1, 0, 0, 0],
        [1, 0, 0, 0, 0],
        [1, 0, 0, 0, 0],
    ]


def test_a_jammer_field_lowers_each_die_of_the_sides_not_attuned_to_it():
    # ruling 4: the Jammer's -level applies to each die of a split rank; a die brought to 0 or
    # below does not roll
    T = tables(
        Side("A", Entity("E", battle=8, control=2), ships=["Battleship"], controlled=(1,)),
        Side("B", ships=["Cruiser"]),
        jammer=1,
    )
    assert T.jam == [1, 1]
    assert dice(T, "0:1") == [0, 0, 0, 1, 0]  # 5+1 -> 4 (and a 0 that does not roll)
    assert dice(T, "0:1", row=1) == [0, 2, 0, 2, 0]  # 5,3,5,3 -> 4,2,4,2
    assert dice(T, "1:1") == [0, 0, 1, 0, 0]  # 4 -> 3
    T = tables(
        Side("A", ships=["Battleship"], jammer_attuned=True),
        Side("B", ships=["Battleship", "Cruiser"]),
        jammer=2,
    )
    assert T.jam == [0, 2]
    assert dice(T, "0:1") == [1, 0, 0, 0, 1]  # attuned: as it is
    assert dice(T, "1:1") == [0, 0, 1, 0, 0]  # 5+1 -> 3 (and -1, no die)
    assert dice(T, "1:2") == [0, 1, 0, 0, 0]  # 4 -> 2
    # a ship taken over by B rolls under B's Jammer Field, and A's own under none
    j = T.keys.index("0:1")
    assert T.own["battle:main"][:, j].tolist() == [[1, 0, 0, 0, 1], [0, 0, 1, 0, 0]]


def test_ships_alike_share_a_run_and_ships_under_control_stand_alone():
    T = tables(
        Side(
            "A",
            Entity("E", battle=3, control=3),
            ships=["Gunboat", "Gunboat", "Gunboat", "Frigate"],
            controlled=(4,),
        ),
        Side("B", ships=["Frigate", "Frigate"]),
    )
    runs = sorted(sorted(T.keys[j] for j in range(a, b)) for a, b in T.runs)
    assert runs == [["0:1", "0:2", "0:3"], ["1:1", "1:2"]]
    assert [T.keys[j] for j in T.ccols] == ["0:4"]  # under Control: a segment of its own
    covered = sorted(j for a, b in T.segments for j in range(a, b))
    assert covered == list(range(T.U))  # every ship lies in exactly one segment
