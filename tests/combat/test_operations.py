"""Repairs, gathering and holding, reconditioning, building, mining and recycling."""

from __future__ import annotations

import pytest
from combat_setups import releata

from kit.errors import IllegalAction
from kit.successors import Entity
from kit.successors.combat import MINING_RATES, AutoPolicy, Battle, Side, Workshop


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


def test_repair_and_recondition_example_runs_as_days_of_rolls():
    # Releata (Handling 1) repairs a captured Servo: rolls 5, 6, 3, 1 -> repaired on day 4;
    # a 1 on day 5 reconditions it; then, under her Control, she rolls two dice a day.
    ws = Workshop(releata(), seed=1)
    s1 = ws.add("Servo", neutralized=True, maker="Takeru Republic")
    s2 = ws.add("Servo", neutralized=True, maker="Takeru Republic")
    ws.add("Drone", neutralized=True)
    for face in (5, 6, 3):
        assert not ws.day(faces=[face])["rolls"][0]["success"]
    day4 = ws.day(faces=[1])["rolls"]
    assert day4[0]["task"] == "repair" and day4[0]["target"] == s1 and day4[0]["done"]
    day5 = ws.day(faces=[1])["rolls"]
    assert day5[0]["task"] == "recondition" and day5[0]["done"]
    assert ws.dice() == [1, 1] and ws.units[s1].operational  # the Servo rolls too
    day6 = ws.day(faces=[6, 6])
    assert len(day6["rolls"]) == 2 and ws.units[s1].controlled
    assert {r["target"] for r in day6["rolls"]} == {s2, "0:3"}
    days = ws.run_until_done()
    assert days > 0 and not ws.pending()


def test_mining_building_and_recycling_rates():
    ent = Entity("Miner", battle=1, control=1, handling=5, information=1, sensors=1)
    ws = Workshop(ent, seed=1)
    ws.day([("mine", "surface")], faces=[1])
    ws.day([("mine", "crust")], faces=[1])
    ws.day([("mine", "core")], faces=[1])
    assert ws.ru == sum(MINING_RATES.values()) == 6
    ws.day([("build", "Matrix")], faces=[1])
    assert ws.projects["Matrix"]["ru"] == 3 and ws.ru == 3
    k = ws.add("Cruiser")
    ws.day([("recycle", k)], faces=[1])
    ws.day([("recycle", k)], faces=[1])
    assert ws.ru == 3 + 8 and ws.units[k].state == "destroyed"  # never more than its cost
