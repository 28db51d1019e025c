"""A battle's recorded rolls are checked against the rules as its log is replayed
(kit.successors.combat.audit): a result that is not what the rules make of the recorded
faces is refused, naming the event, the field, what the file says and what the rules give.
Expected results are the text's: a die hits at or under its part and never on a 6; the damage
table reads 1-3 neutralized, 4-5 hulked (half the RU, rounded down), 6 vaporized."""

from __future__ import annotations

import pytest

from kit.errors import SaveFileError
from kit.successors.combat import Battle, CombatRules, Side
from kit.successors.combat.audit import check_recorded
from kit.successors.combat.events import apply_event

RULES = CombatRules()


def _state():
    # A: a Cruiser (8 RU) and a Frigate (4 RU); B: a Gunboat
    b = Battle([Side("A", ships=["Cruiser", "Frigate"]), Side("B", ships=["Gunboat"])], seed=1)
    apply_event(b.state, "phase", {"round": 1, "phase": "main"})
    return b.state


def _check(kind, **data):
    check_recorded(_state(), RULES, 7, kind, data)


def test_an_attacks_hits_are_what_its_faces_give():
    _check("attack", dice=[5, 3], faces=[5, 4], hits=1)  # 5 <= 5 hits, 4 > 3 misses
    _check("attack", dice=[5, 5], faces=[6, 1], hits=1)  # a 6 always fails
    with pytest.raises(SaveFileError) as err:
        _check("attack", dice=[5, 3], faces=[5, 4], hits=2)
    text = str(err.value)
    assert "battle event 7 (attack, round 1, main phase)" in text
    assert "the file says hits = 2, the rules give 1 for dice [5, 3] rolling [5, 4]" in text


@pytest.mark.parametrize(
    "dice,faces",
    [([5], [7]), ([5], [0]), ([5, 3], [1]), ([5], [True]), ("5", [1]), ([5], None)],
)
def test_a_roll_needs_one_face_from_1_to_6_per_die(dice, faces):
    with pytest.raises(SaveFileError, match="a roll needs one face from 1 to 6 per die"):
        _check("roll", dice=dice, faces=faces, successes=0)


def test_an_aimed_shot_at_a_neutralized_target_rolls_no_die():
    _check("attack", dice=[3], faces=[], aimed=True, hits=1)


def test_sensor_successes_add_up_to_the_recorded_total():
    st = _state()
    st.sides[0].sensors[1] = 2
    check_recorded(
        st,
        RULES,
        3,
        "sensors",
        {"dice": [1], "faces": [1], "successes": 1, "side": 0, "target": 1, "total": 3},
    )
    with pytest.raises(SaveFileError, match=r"total = 1, the rules give 3 \(the earlier scans"):
        check_recorded(
            st,
            RULES,
            3,
            "sensors",
            {"dice": [1], "faces": [1], "successes": 1, "side": 0, "target": 1, "total": 1},
        )
    with pytest.raises(SaveFileError, match="successes = 1, the rules give 0"):
        _check("sensors", dice=[1], faces=[2], successes=1, side=0, target=1, total=1)


@pytest.mark.parametrize("face,result", [(1, "neutralized"), (3, "neutralized"), (6, "vaporized")])
def test_a_damage_die_gives_the_tables_result(face, result):
    _check("damage", unit="0:1", face=face, result=result)
    other = "vaporized" if result == "neutralized" else "neutralized"
    with pytest.raises(SaveFileError, match=f"result = '{other}', the rules give '{result}'"):
        _check("damage", unit="0:1", face=face, result=other)


def test_a_hulk_holds_half_the_ships_ru_rounded_down():
    _check("damage", unit="0:1", face=4, result="hulked", hulk_ru=4)  # Cruiser: 8 // 2
    _check("damage", unit="0:2", face=5, result="hulked", hulk_ru=2)  # Frigate: 4 // 2
    with pytest.raises(SaveFileError, match=r"hulk_ru = 8, the rules give 4 \(half of 0:1"):
        _check("damage", unit="0:1", face=4, result="hulked", hulk_ru=8)


def test_only_a_neutralized_ship_is_destroyed_without_a_die():
    st = _state()
    with pytest.raises(
        SaveFileError, match="destroys 0:1 without a damage die, but it is operational"
    ):
        check_recorded(st, RULES, 1, "damage", {"unit": "0:1", "face": None, "result": "destroyed"})
    check_recorded(
        st, RULES, 1, "damage", {"unit": "0:1", "result": "destroyed", "reason": "reloader"}
    )
    apply_event(st, "damage", {"unit": "0:1", "result": "neutralized"})
    check_recorded(st, RULES, 2, "damage", {"unit": "0:1", "result": "destroyed"})
    with pytest.raises(SaveFileError, match="already neutralized"):
        check_recorded(st, RULES, 2, "damage", {"unit": "0:1", "face": 2, "result": "neutralized"})
    with pytest.raises(SaveFileError, match="the rules give 'destroyed'"):
        check_recorded(st, RULES, 2, "damage", {"unit": "0:1", "result": "hulked"})
    with pytest.raises(SaveFileError, match="damage die 9; a die shows 1 to 6"):
        _check("damage", unit="0:2", face=9, result="neutralized")


def test_a_saved_battle_with_an_edited_damage_die_is_refused():
    b = Battle([Side("A", ships={"Cruiser": 3}), Side("B", ships={"Frigate": 4})], seed=4).run()
    data = b.to_dict()
    assert Battle.from_dict(data) == b
    damage = next(e for e in data["events"] if e["kind"] == "damage" and e["data"].get("face"))
    face = damage["data"]["face"]
    damage["data"]["face"] = 6 if face < 6 else 1  # another row of the table, result kept
    with pytest.raises(SaveFileError, match="the rules give"):
        Battle.from_dict(data)


def test_events_that_roll_nothing_are_not_checked():
    _check("note", anything="goes")
    _check("phase", round=1, phase="main")
