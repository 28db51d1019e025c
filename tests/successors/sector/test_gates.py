"""Hyper Gates (kit.successors.sector.gates): the record a sector keeps of a built pair, and
the text's rule that a gate needs 10 Sensors successes on each of its two systems."""

from __future__ import annotations

import pytest

from kit.errors import IllegalAction, InvalidInput
from kit.successors.sector import HyperGate, Sector, SectorRules


def three_in_a_row() -> Sector:
    """S0, S1, S2 9 ly apart: a 10 ly jump joins neighbours only; S0 to S2 is 18 ly."""
    return Sector([[0.0, 0.0], [9.0, 0.0], [18.0, 0.0]], ["S0", "S1", "S2"], seed=1)


def test_gate_needs_ten_sensors_successes_on_both_systems():
    assert HyperGate.SENSORS_NEEDED == 10
    s = three_in_a_row()
    with pytest.raises(IllegalAction, match="not yet on 'S2'"):
        s.add_gate(0, 2, 1, sensors_known=(10, 9))
    assert s.gates == []
    s.add_gate(0, 2, 1, sensors_known=(10, 12))
    assert s.gates == [HyperGate(0, 2, 1)]


def test_a_gate_is_a_one_day_passage_past_the_jump_range():
    # "Ships may travel through the wormhole, taking one day to travel the distance"
    s = three_in_a_row()
    assert not s.graph.has_edge(0, 2)  # 18 ly: no jump reaches
    s.add_gate("S0", "S2", size=2)
    assert s.graph.edges[0, 2]["gate"] == 2
    route = s.route(0, 2)
    assert route.systems == (0, 2) and [leg.gate for leg in route.legs] == [True]
    assert route.legs[0].successes == 0 and route.legs[0].expected_days == 1.0
    slow = Sector(s.positions, s.names, seed=1, rules=SectorRules(gate_days=3))
    slow.add_gate(0, 2)
    assert slow.route(0, 2).legs[0].expected_days == 3.0


def test_resizing_removing_and_saving_gates():
    s = three_in_a_row()
    s.add_gate(0, 2, size=1)
    s.add_gate(2, 0, size=4)  # the same pair again: resized, not doubled
    assert s.gates == [HyperGate(0, 2, 4)]
    assert Sector.from_json(s.to_json()).gates == [HyperGate(0, 2, 4)]
    s.remove_gate(0, 2)
    assert s.gates == [] and not s.graph.has_edge(0, 2)


def test_bad_gates_are_refused_and_change_nothing():
    s = three_in_a_row()
    with pytest.raises(IllegalAction, match="two different systems"):
        s.add_gate(1, "S1")
    with pytest.raises(InvalidInput, match="size"):
        s.add_gate(0, 2, size=0)
    with pytest.raises(InvalidInput, match="sensors_known"):
        s.add_gate(0, 2, sensors_known=(10, 10, 10))
    assert s.gates == []
