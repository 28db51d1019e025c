"""Ruling 4's automatic allocation of hits in waves (kit.successors.combat.allocation).

Each wave places, in order: hits that bring operational ships (columns in the default order:
decoys, then the cheapest) to their damage roll; hits on the entity while every ability
stays at 1 or more; one hit on each neutralized ship, cheapest first (it destroys it); and
only with nothing else to hit, one hit on the entity that neutralizes or destroys it. The
expected waves below are worked by hand from that order.
"""

from __future__ import annotations

import numpy as np

from kit.successors.combat.allocation import Wave, plan_wave


def _wave(hits, cap, room, neutralized, order, entity=True) -> Wave:
    return plan_wave(
        np.array([hits]),
        np.array([cap]),
        np.array([room]),
        np.array([neutralized]),
        np.array(order),
        np.array([entity]),
    )


def _rows(w: Wave) -> tuple:
    return w.take.tolist(), w.entity.tolist(), w.kill.tolist(), w.last.tolist(), w.landed.tolist()


def test_operational_ships_take_hits_first_in_the_default_order():
    # a decoy (1 hit to its roll), then a ship that rolls once per 2 hits, then a
    # neutralized ship; 2 hits: the decoy's 1, then 1 toward the second ship's roll
    w = _wave(2, [1, 2, 0], 1, [False, False, True], [2, 0, 1])
    assert _rows(w) == ([[1, 1, 0]], [0], [[False, False, False]], [False], [2])


def test_then_the_entity_while_it_stays_up_then_neutralized_ships():
    # 6 hits: ships take 1 + 2, the entity 1 (its room), the neutralized ship 1; the sixth
    # waits for the next wave (the damage rolls decide what it can land on)
    w = _wave(6, [1, 2, 0], 1, [False, False, True], [2, 0, 1])
    assert _rows(w) == ([[1, 2, 0]], [1], [[False, False, True]], [False], [5])


def test_neutralized_ships_are_destroyed_cheapest_first():
    # columns 0 and 2 neutralized; the order says column 2 is the cheaper
    w = _wave(1, [0, 0, 0], 0, [True, False, True], [2, 0, 1])
    assert w.kill.tolist() == [[False, False, True]] and w.landed.tolist() == [1]
    w = _wave(5, [0, 0, 0], 0, [True, False, True], [2, 0, 1])
    assert w.kill.tolist() == [[True, False, True]] and w.landed.tolist() == [2]


def test_the_entity_is_hit_last_only_when_nothing_else_is_left():
    # nothing to hit but the entity: one hit lands on it (neutralizing or destroying it)
    w = _wave(3, [0, 0], 0, [False, False], [0, 1])
    assert _rows(w) == ([[0, 0]], [0], [[False, False]], [True], [1])
    # with anything else placed in the wave, the entity's last hit waits
    w = _wave(3, [1, 0], 0, [False, False], [0, 1])
    assert w.last.tolist() == [False] and w.landed.tolist() == [1]
    # no entity in the battle and nothing to hit: nothing lands
    w = _wave(3, [0, 0], 0, [False, False], [0, 1], entity=False)
    assert w.landed.tolist() == [0] and not w.last.any()


def test_no_hits_place_nothing():
    w = _wave(0, [1, 2], 2, [False, True], [1, 0])
    assert w.landed.tolist() == [0] and w.take.sum() == 0 and not w.kill.any()


def test_a_batch_plans_each_battle_as_if_alone():
    cases = [
        (2, [1, 2, 0], 1, [False, False, True], True),
        (6, [1, 2, 0], 1, [False, False, True], True),
        (3, [0, 0, 0], 0, [False, False, False], True),
        (4, [0, 1, 0], 2, [True, False, True], False),
    ]
    order = [2, 0, 1]
    batch = plan_wave(
        np.array([c[0] for c in cases]),
        np.array([c[1] for c in cases]),
        np.array([c[2] for c in cases]),
        np.array([c[3] for c in cases]),
        np.array(order),
        np.array([c[4] for c in cases]),
    )
    for i, (hits, cap, room, neutral, ent) in enumerate(cases):
        alone = _wave(hits, cap, room, neutral, order, ent)
        assert batch.take[i].tolist() == alone.take[0].tolist()
        assert batch.entity[i] == alone.entity[0] and batch.last[i] == alone.last[0]
        assert batch.kill[i].tolist() == alone.kill[0].tolist()
        assert batch.landed[i] == alone.landed[0] <= hits
