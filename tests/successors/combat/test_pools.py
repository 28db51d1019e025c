"""Dice pools in a battle: rank modifiers applied per die of a split rank (ruling 4) or to the
whole rank, Jammer Fields and Static Defenses, and the dice a unit, an entity or a side rolls."""

from __future__ import annotations

from combat_setups import ctx_of

from kit.successors.combat import (
    Battle,
    CombatRules,
    Side,
)
from kit.successors.combat.phases import _aimed_dice
from kit.successors.combat.pools import modify, unit_dice


def test_modifiers_move_each_die_or_the_whole_rank():
    per, whole = CombatRules(), CombatRules(modifier_per_die=False)
    assert modify([5, 3], -2, per) == [3, 1] and modify([5, 3], -2, whole) == [5, 1]
    assert modify([5, 1], -1, per) == [4] and modify([5, 1], -1, whole) == [5]
    assert modify([5, 3], +1, per) == [6, 4] and modify([5, 3], +1, whole) == [5, 4]
    assert modify([2], -2, per) == [] and modify([2], -2, whole) == []
    assert modify([5, 5, 1], 0, whole) == [5, 5, 1]


def test_a_jammer_and_static_defenses_move_each_die():
    jam = Battle([Side("A", ships=["Battleship"]), Side("B", ships=["Cruiser"])], seed=1, jammer=1)
    assert unit_dice(ctx_of(jam), jam.state.units["0:1"], "battle") == [4]  # 5-1, 1-1 gone
    whole = Battle(
        [Side("A", ships=["Battleship"]), Side("B", ships=["Cruiser"])],
        seed=1,
        jammer=1,
        rules=CombatRules(modifier_per_die=False),
    )
    assert unit_dice(ctx_of(whole), whole.state.units["0:1"], "battle") == [5]  # 6-1 = 5
    sd = Battle([Side("A", ships=["Cruiser"]), Side("B", static_defenses=4)], seed=1)
    assert _aimed_dice(ctx_of(sd), [5, 3], "1:S") == [6, 4]  # a 6 still fails
