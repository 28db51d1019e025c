"""Busters and the Stellar Cannon in a batch of battles
(:mod:`kit.successors.combat.simulate.specials`), against the rules text and RULINGS.md:

* a Buster "attacks everything in its orbit when exploded": every ship and entity, its own
  side's included (ruling 9), rolling its Battle rank against each; the automatic policy
  explodes it only when the RU it puts at risk are more the enemy's than its own, or, with
  ``busters_at_first_chance``, at the first chance (ruling 9);
* the Stellar Cannon fires the controlling entity's Battle rank minus its orbit and "damage is
  1d6 hits on a successful attack" (ruling 10).

The shares are compared with the chances worked by hand within 4.5 standard errors (the seeds
are fixed, so the tests are deterministic).
"""

from __future__ import annotations

import numpy as np

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.simulate.specials import Specials
from kit.successors.combat.simulate.tables import Tables

N = 3000


def batch(a: Side, b: Side, policy: AutoPolicy | None = None, n: int = N) -> Specials:
    battle = Battle([a, b], seed=1)
    policy = policy or AutoPolicy()
    return Specials(battle, policy, Tables(battle, policy), n, np.random.default_rng(2))


def near(share: float, p: float, n: int = N) -> bool:
    return abs(share - p) <= 4.5 * np.sqrt(p * (1 - p) / n)


def explode(s: Specials, side: int = 0, rnd: int = 1) -> list:
    s.rounds[:] = rnd
    landings: list = []
    s.specials(side, np.ones(s.B, bool), np.ones(s.B, np.int64), landings)
    return landings


def test_a_buster_attacks_every_ship_and_entity_in_the_orbit_its_own_included():
    # A risks its Cruiser (8 RU), B a Battleship and a Cruiser (20 RU): A explodes its Buster
    s = batch(
        Side("A", ships=["Cruiser"], busters=(5,)),
        Side("B", Entity("E", battle=2, control=2), ships=["Battleship", "Cruiser"]),
    )
    got = explode(s)
    assert [(kind, side, key) for kind, side, key, _ in got] == [
        ("key", 0, "0:1"),
        ("key", 0, "1:1"),
        ("key", 0, "1:2"),
        ("key", 0, "1:E"),
    ]
    for *_, hits in got:  # one die of rank 5 against each
        assert set(np.unique(hits).tolist()) == {0, 1}
        assert near(float(hits.mean()), 5 / 6)
    assert not s.bleft.any()  # exploded: gone in every battle
    assert explode(s, rnd=2) == []


def test_a_buster_rank_above_five_rolls_its_split():
    s = batch(Side("A", ships=["Gunboat"], busters=(7,)), Side("B", ships=["Battleship"]))
    for *_, hits in explode(s):  # 7 = 5+2: two dice
        assert hits.max() == 2
        mean, var = 5 / 6 + 2 / 6, 5 / 36 + 8 / 36
        assert abs(hits.mean() - mean) <= 4.5 * np.sqrt(var / N)


def test_the_automatic_policy_keeps_a_buster_that_would_cost_its_own_side_more():
    a = Side("A", ships=["Battleship", "Cruiser"], busters=(5,))
    b = Side("B", ships=["Cruiser"])
    s = batch(a, b)
    assert explode(s) == [] and s.bleft[0].all()
    # the literal reading: explode at the first chance (round buster_round), whatever it costs
    literal = AutoPolicy(busters_at_first_chance=True, buster_round=2)
    s = batch(a, b, literal)
    assert explode(s, rnd=1) == [] and s.bleft[0].all()  # not its round yet
    assert len(explode(s, rnd=2)) == 3 and not s.bleft.any()


def test_the_stellar_cannon_fires_battle_minus_orbit_for_1d6_hits():
    s = batch(
        Side("A", Entity("E", battle=5, control=2), ships=["Cruiser"], stellar_cannon=2),
        Side("B", ships=["Battleship", "Cruiser"]),
        n=4000,
    )
    ((kind, side, target, hits),) = explode(s)
    assert (kind, side) == ("hits", 0)
    assert (target == 1).all()  # at the side's target in every battle where it fires
    hit = hits > 0
    assert near(float(hit.mean()), 3 / 6, n=4000)  # Battle 5 in orbit 2: one die of rank 3
    assert set(np.unique(hits[hit]).tolist()) == {1, 2, 3, 4, 5, 6}
    assert abs(hits[hit].mean() - 3.5) <= 4.5 * np.sqrt(35 / 12 / hit.sum())
    # the Cannon's shot is the side's first attack of the battle
    assert s.first[0].tolist() == hits.tolist()


def test_a_neutralized_entity_does_not_fire_the_cannon():
    s = batch(
        Side(
            "A",
            Entity("E", battle=5, control=2, damage=(0, 2, 0, 0, 0)),
            ships=["Cruiser"],
            stellar_cannon=1,
        ),
        Side("B", ships=["Cruiser"]),
        n=50,
    )
    assert explode(s) == []
