"""Hits on one named target in a batch of battles (:mod:`kit.successors.combat.simulate.keys`),
as the rules text lands them: "one hit causes a ship to roll on the damage table or reduces an
entity's rank in an ability by 1", "some ships can take more than a single hit before going to
the damage table", "a hit on a neutralized ship or entity destroys it", and the damage table
(1-3 neutralized, 4-5 hulked, 6 vaporized: without gathering a hulk is a ship gone).
"""

from __future__ import annotations

import numpy as np

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.simulate.batch import AWAY, DMG, GONE
from kit.successors.combat.simulate.hits import Hits
from kit.successors.combat.simulate.keys import hit_key, in_orbit, known, land_key, valid_target
from kit.successors.combat.simulate.tables import Tables

N = 4000


def batch(n: int = N, seed: int = 1) -> tuple[Hits, dict[str, int]]:
    """A Drone (1 hit per damage roll), a Battlecruiser (2) and 2 Static Defense points on side
    A with an entity of Control 2; a Frigate on side B."""
    b = Battle(
        [
            Side(
                "A",
                Entity("E", battle=3, control=2),
                ships=["Drone", "Battlecruiser"],
                static_defenses=2,
            ),
            Side("B", ships=["Frigate"]),
        ],
        seed=1,
    )
    policy = AutoPolicy()
    T = Tables(b, policy)
    return Hits(b, policy, T, n, np.random.default_rng(seed)), {k: j for j, k in enumerate(T.keys)}


def test_one_hit_rolls_on_the_damage_table_and_a_second_destroys():
    h, rows = batch()
    drone = rows["0:1"]
    land_key(h, "0:1", np.ones(N, np.int64), rows)
    st = h.state[drone]
    assert set(np.unique(st).tolist()) == {DMG, GONE}
    neutralized = float(np.mean(st == DMG))
    assert abs(neutralized - 3 / 6) <= 4.5 * np.sqrt(0.25 / N)  # 1-3 on a d6
    # a hit on the neutralized Drone destroys it, a hit on a Drone already gone is wasted
    land_key(h, "0:1", np.ones(N, np.int64), rows)
    assert ((h.state[drone] & GONE) != 0).all()
    assert not in_orbit(h, "0:1", rows).any()


def test_a_ship_taking_two_hits_rolls_once_per_two():
    h, rows = batch(n=200)
    bc = rows["0:2"]
    land_key(h, "0:2", np.ones(200, np.int64), rows)
    assert (h.state[bc] == 0).all() and (h.counter[bc] == 1).all()  # no roll yet
    land_key(h, "0:2", np.ones(200, np.int64), rows)
    assert (h.state[bc] != 0).all() and (h.counter[bc] == 0).all()  # rolled: out of action


def test_aimed_hits_land_one_by_one_until_the_target_is_gone():
    h, rows = batch(n=4)
    # three hits in the first battle: the Drone is gone after at most two, the third is wasted
    land_key(h, "0:1", np.array([3, 0, 1, 0]), rows)
    st = h.state[rows["0:1"]]
    assert st[0] & GONE and st[1] == 0 and st[2] != 0 and st[3] == 0


def test_static_defenses_lose_a_point_per_hit_and_never_go_below_zero():
    h, rows = batch(n=4)
    land_key(h, "0:S", np.array([3, 1, 0, 2]), rows)
    assert h.static[0].tolist() == [0, 1, 2, 0]
    assert in_orbit(h, "0:S", rows).tolist() == [False, True, True, False]


def test_hits_on_an_entitys_ability_neutralize_and_then_destroy_it():
    h, rows = batch(n=3)
    e = h.T.entities[0]
    land_key(h, "0:E:control", np.array([1, 2, 3]), rows)
    # Control 2: one hit leaves rank 1; the second puts it below 1 (neutralized); the third
    # lands on a neutralized entity and destroys it
    assert e.hits_on[1, h.ecode[0]].tolist() == [1, 2, 2]
    assert e.neutral[h.ecode[0]].tolist() == [False, True, True]
    assert h.ethere[0].tolist() == [True, True, False]


def test_hit_key_lands_only_in_the_battles_asked():
    h, rows = batch(n=6)
    m = np.array([True, False, True, False, False, False])
    hit_key(h, "0:S", m, rows)
    assert h.static[0].tolist() == [1, 2, 1, 2, 2, 2]


def test_known_keys_are_ships_entities_abilities_they_have_and_static_defenses():
    h, rows = batch(n=1)
    for key in ("0:1", "0:2", "1:1", "0:E", "0:S", "0:E:battle", "0:E:sensors"):
        assert known(h, key, rows), key
    # no such ship, no such ability, no such side
    for key in ("0:9", "0:E:charm", "5:E:battle", "1:E:battle"):
        assert not known(h, key, rows), key


def test_a_valid_target_is_the_defenders_own_and_still_in_the_orbit():
    h, rows = batch(n=3)
    drone = rows["0:1"]
    h.state[drone] = np.array([0, AWAY, DMG | GONE], np.uint8)
    assert valid_target(h, 0, "0:1", rows).tolist() == [True, False, False]
    assert not valid_target(h, 1, "0:1", rows).any()  # not side B's ship
    assert valid_target(h, 1, "1:1", rows).all()
    assert valid_target(h, 0, "0:E", rows).all() and not valid_target(h, 1, "0:E", rows).any()
