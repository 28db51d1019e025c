"""Handling in a battle's repair phase: repairs, gathering and holding (ships and hulks) and
reconditioning. The Workshop's days out of combat are in test_workshop.py."""

from __future__ import annotations

import pytest

from kit.errors import IllegalAction
from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, Side


def to_phase(b, name, policy=None):
    while b.next_phase != name:
        b.step_phase(policy)


class Quiet(AutoPolicy):
    def fire(self, ctx, side, phase, can):
        return []


def test_repair_in_combat_fixes_the_cheapest_neutralized_ship():
    b = Battle(
        [Side("A", ships=["Repair", "Cruiser", "Gunboat"]), Side("B", ships=["Castle"])], seed=1
    )
    for k in ("0:2", "0:3"):
        b.log.append("damage", unit=k, result="neutralized", face=1, by=1, phase="main")
    b.state = b._replay()
    to_phase(b, "repair", Quiet())
    ev = b.step_phase(Quiet(), faces=[2])
    assert [e["target"] for e in ev if e.kind == "roll"] == ["0:3"]
    assert b.state.units["0:3"].status == "operational"
    assert b.state.units["0:2"].status == "neutralized"


def test_gathering_holds_a_ship_and_keeps_a_die_busy():
    b = Battle(
        [Side("A", ships=["Servo", "Servo", "Castle"]), Side("B", ships=["Castle", "Gunboat"])],
        seed=1,
    )
    b.log.append("damage", unit="1:2", result="neutralized", face=1, by=0, phase="main")
    b.state = b._replay()
    pol = Quiet(gather=True)
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[1, 1])
    assert b.state.units["1:2"].held_by == 0
    to_phase(b, "repair", pol)
    ev = b.step_phase(pol, faces=[1])
    assert len([e for e in ev if e.kind == "roll" and e.get("side") == 0]) <= 1  # one die holds


class Plan(Quiet):
    """Each side gathers the ships listed for it, one die each, and fires nothing."""

    def __init__(self, plans):
        super().__init__()
        self.plans = plans

    def operations(self, ctx, side, dice):
        return [("gather", k) for k in self.plans.get(side, [])][: len(dice)]


def _three_sides():
    # A and C each bring Servos; B's Gunboat lies neutralized between them.
    b = Battle(
        [
            Side("A", ships=["Servo", "Servo", "Castle"]),
            Side("B", ships=["Castle", "Gunboat"]),
            Side("C", ships=["Servo", "Castle"]),
        ],
        seed=1,
    )
    b.log.append("damage", unit="1:2", result="neutralized", face=1, by=0, phase="main")
    b.state = b._replay()
    return b


def test_competing_gathers_cancel_one_for_one():
    # Text: "if two or more ... are attempting the same action ... and more then one gets a
    # success, the successes are cancelled until only one entity or ship has a success."
    # Before: A's gather landed first and C's plan raised IllegalAction.
    b = _three_sides()
    pol = Plan({0: ["1:2"], 2: ["1:2"]})
    to_phase(b, "repair", pol)
    ev = b.step_phase(pol, faces=[1, 1])  # A: 1 success, C: 1 success -> both cancel
    assert b.state.units["1:2"].held_by is None
    (note,) = [e for e in ev if e.kind == "note"]
    assert note["successes"] == {"0": 1, "2": 1} and note["kept"] == {}


def test_the_side_with_more_gather_successes_keeps_the_margin():
    b = _three_sides()
    pol = Plan({0: ["1:2", "1:2"], 2: ["1:2"]})
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[1, 2, 3])  # A: 2 successes, C: 1 -> A keeps 1 and gathers
    assert b.state.units["1:2"].held_by == 0


def test_a_lone_gather_success_is_not_cancelled_by_a_failure():
    b = _three_sides()
    pol = Plan({0: ["1:2"], 2: ["1:2"]})
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[6, 1])  # A fails, C succeeds
    assert b.state.units["1:2"].held_by == 2


def test_an_owner_can_gather_its_own_ship_against_an_enemy():
    b = Battle(
        [Side("A", ships=["Servo", "Castle"]), Side("B", ships=["Servo", "Castle", "Gunboat"])],
        seed=1,
    )
    b.log.append("damage", unit="1:3", result="neutralized", face=1, by=0, phase="main")
    b.state = b._replay()
    pol = Plan({0: ["1:3"], 1: ["1:3"]})
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[1, 1])
    assert b.state.units["1:3"].held_by is None  # tie: nobody
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[5, 1])
    assert b.state.units["1:3"].held_by == 1  # B pulls its own Gunboat in


def test_natural_aptitude_in_combat_turns_a_failed_repair_into_a_success():
    fixer = Entity(
        "Fixer",
        battle=1,
        control=1,
        handling=1,
        information=1,
        sensors=1,
        edges=["Natural Aptitude: Repairing"],
    )
    b = Battle([Side("A", fixer, ships=["Gunboat", "Castle"]), Side("B", ships=["Castle"])], seed=1)
    b.log.append("damage", unit="0:1", result="neutralized", face=1, by=1, phase="main")
    b.state = b._replay()
    to_phase(b, "repair", Quiet())
    ev = b.step_phase(Quiet(), faces=[6])
    (roll,) = [e for e in ev if e.kind == "roll" and e["purpose"] == "repair"]
    assert roll["successes"] == 0 and roll["bonus"] == 1
    assert b.state.units["0:1"].status == "operational"


def test_tek_locked_cannot_recondition():
    from kit.successors.combat.events import Ctx, ScriptedRoller
    from kit.successors.combat.operations import check_task

    ent = Entity(
        "Old",
        battle=1,
        control=2,
        handling=2,
        information=1,
        sensors=1,
        flaws=["Tek Locked"],
        side="Vontuni Empire",
    )
    b = Battle([Side("A", ent, ships=["Servo"]), Side("B", ships=["Castle"])], seed=1)
    b.state.units["0:1"].needs_recondition = True
    ctx = Ctx(b.sides, b.state, b.rules, AutoPolicy(), ScriptedRoller([]))
    with pytest.raises(IllegalAction, match="Tek Locked"):
        check_task(ctx, 0, "recondition", "0:1")


# ---------------------------------------------------------------- gathering hulks in a battle
def _hulk_battle(third_side=False):
    """B's Gunboat, two Frigates and Drone hulked by damage rolls of 4/5 (the damage table's
    "hulked" rows); A (and C) bring Servos, Handling 1 each, and a Castle to stay in the fight."""
    from kit.successors.combat.damage import land_hit
    from kit.successors.combat.events import Ctx, ScriptedRoller

    sides = [
        Side("A", ships=["Servo", "Servo", "Servo", "Castle"]),
        Side("B", ships=["Castle", "Gunboat", "Frigate", "Frigate", "Drone"]),
    ]
    if third_side:
        sides.append(Side("C", ships=["Servo", "Castle"]))
    b = Battle(sides, seed=1)
    c = Ctx(
        b.sides,
        b.state,
        b.rules,
        AutoPolicy(),
        ScriptedRoller([4, 5, 4, 4]),
        record=lambda k, d: b.log.append(k, **d),
    )
    for key in ("1:2", "1:3", "1:4", "1:5"):
        land_hit(c, key, by=0, phase="main")
    return b


def _summary_row(b, side):
    from kit.successors.combat import summarize
    from kit.successors.combat.events import Ctx, ScriptedRoller

    ctx = Ctx(b.sides, b.state, b.rules, AutoPolicy(), ScriptedRoller([]))
    return summarize(ctx)["sides"][side]


def test_hulks_hold_half_their_ships_ru_as_in_the_first_example():
    # successors.txt 339/355/363: a hulked Gunboat is "a 1RU scrap pile", hulked Frigates are
    # "2RU hulks"; a hulked Drone is "the same as destroyed for a 1RU ship". Catalog costs:
    # Gunboat 2, Frigate 4, Drone 1 -> 2 // 2 = 1, 4 // 2 = 2, 1 // 2 = 0.
    b = _hulk_battle()
    assert [b.state.units[k].state for k in ("1:2", "1:3", "1:4", "1:5")] == ["hulked"] * 4
    assert [b.state.units[k].hulk_ru for k in ("1:2", "1:3", "1:4", "1:5")] == [1, 2, 2, 0]


def test_the_automatic_policy_gathers_the_hulks_with_spare_handling():
    # "each success gathers a neutralized ship or object": A has nothing to repair, so its
    # three rank-1 Servo dice (faces 1, 1, 1: three successes) gather the three hulks with
    # scrap, the 2 RU ones first; the Drone's empty hulk is not a target.
    b = _hulk_battle()
    pol = Quiet(gather=True)
    to_phase(b, "repair", pol)
    ev = b.step_phase(pol, faces=[1, 1, 1])
    assert [e["target"] for e in ev if e.kind == "roll" and e.get("purpose") == "gather"] == [
        "1:3",
        "1:4",
        "1:2",
    ]
    assert {e["unit"]: e["hulk_ru"] for e in ev if e.kind == "gather"} == {
        "1:3": 2,
        "1:4": 2,
        "1:2": 1,
    }
    assert [b.state.units[k].held_by for k in ("1:2", "1:3", "1:4", "1:5")] == [0, 0, 0, None]
    mine, theirs = _summary_row(b, 0), _summary_row(b, 1)
    assert mine["hulk_ru_gathered"] == 1 + 2 + 2
    assert sorted(mine["hulks_gathered"]) == ["1:2", "1:3", "1:4"]
    assert theirs["hulk_ru"] == 1 + 2 + 2 + 0 and "hulk_ru_gathered" not in theirs
    # a replay of the saved log knows who holds which hulk
    again = Battle.from_json(b.to_json())
    assert [again.state.units[k].held_by for k in ("1:2", "1:3", "1:4")] == [0, 0, 0]


def test_a_gathered_hulk_keeps_no_die_busy_and_cannot_be_gathered_twice():
    # Holding ties up a die for a ship that could be taken back; a hulk is scrap, gathered for
    # good (the kit's reading), so the next day all three Servo dice roll again.
    b = _hulk_battle()
    pol = Plan({0: ["1:3"]})
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[1])
    assert b.state.units["1:3"].held_by == 0
    pol = Plan({0: ["1:2", "1:4", "1:4"]})
    to_phase(b, "repair", pol)
    ev = b.step_phase(pol, faces=[6, 6, 6])
    assert len([e for e in ev if e.kind == "roll" and e.get("side") == 0]) == 3
    with pytest.raises(IllegalAction, match="already"):
        to_phase(b, "repair", Plan({0: ["1:3"]}))
        b.step_phase(Plan({0: ["1:3"]}), faces=[1])


def test_an_empty_hulk_is_no_gather_target():
    b = _hulk_battle()
    pol = Plan({0: ["1:5"]})
    to_phase(b, "repair", pol)
    with pytest.raises(IllegalAction, match="no scrap"):
        b.step_phase(pol, faces=[1])


def test_competing_gathers_on_one_hulk_cancel_as_for_ships():
    # Same rule as for a ship: successes of several sides on one target cancel one for one.
    b = _hulk_battle(third_side=True)
    pol = Plan({0: ["1:3"], 2: ["1:3"]})
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[1, 1])  # A 1, C 1 -> nobody
    assert b.state.units["1:3"].held_by is None
    pol = Plan({0: ["1:3", "1:3"], 2: ["1:3"]})
    to_phase(b, "repair", pol)
    b.step_phase(pol, faces=[1, 1, 1])  # A 2, C 1 -> A keeps 1 and gathers
    assert b.state.units["1:3"].held_by == 0
    assert _summary_row(b, 0)["hulk_ru_gathered"] == 2
    assert "hulk_ru_gathered" not in _summary_row(b, 2)


def test_tanracs_four_gathers_grab_four_ships_and_hold_his_dice():
    # successors.txt 498-500: TanRac (Handling 3) with his three Servos under Control has "4
    # rank 3 attempts"; he "rolls a 1, 3, 3, and 3. Four successes" and "gathers and grabs the
    # enemy's neutralized Frigate, 2 Gunboats and 1 drone". Each held ship keeps one die busy,
    # so the next day none of the four dice is free.
    tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2)
    b = Battle(
        [
            Side("TanRac", tanrac, ships=["Servo"] * 3, controlled=(1, 2, 3)),
            Side("Takeru", ships=["Castle", "Frigate", "Gunboat", "Gunboat", "Drone"]),
        ],
        seed=1,
    )
    for k in ("1:2", "1:3", "1:4", "1:5"):
        b.log.append("damage", unit=k, result="neutralized", face=1, by=0, phase="main")
    b.state = b._replay()
    pol = Quiet(gather=True, takeover=False)
    to_phase(b, "repair", pol)
    ev = b.step_phase(pol, faces=[1, 3, 3, 3])
    rolls = [e for e in ev if e.kind == "roll" and e["side"] == 0]
    assert [r["dice"] for r in rolls] == [[3]] * 4 and sum(r["successes"] for r in rolls) == 4
    assert sorted(e["unit"] for e in ev if e.kind == "gather") == ["1:2", "1:3", "1:4", "1:5"]
    to_phase(b, "repair", pol)
    ev = b.step_phase(pol, faces=[])
    assert not [e for e in ev if e.kind == "roll" and e["side"] == 0]
    assert [b.state.units[k].held_by for k in ("1:2", "1:3", "1:4", "1:5")] == [0, 0, 0, 0]
