"""An entity's table in the fast path (:mod:`kit.successors.combat.simulate.entity`): each damage
pattern, coded as one number, says what the rules text says of an entity with those hits.

The expected values are worked by hand from the text ("an entity is neutralized when any of his
abilities go below rank 1", "1 hit will neutralize a facet") and RULINGS.md (1: ranks above 5
split into 5s and a remainder; 4: a Jammer's -level applies to each die, a die brought to 0 does
not roll; 10: the Stellar Cannon fires at Battle minus the orbit, not Jammed).
"""

from __future__ import annotations

import itertools

import numpy as np

from kit.successors import Entity
from kit.successors.combat import CombatRules
from kit.successors.combat.simulate.entity import EntityTable, counts

RULES = CombatRules()


def test_counts_sorts_dice_by_rank_and_drops_the_ones_that_do_not_roll():
    assert counts([1, 3, 3, 5]).tolist() == [1, 0, 2, 0, 1]
    # a part above 5 rolls as a 5; a die at 0 or below does not roll
    assert counts([7, 0, -2, 2]).tolist() == [0, 1, 0, 0, 1]
    assert counts([]).tolist() == [0, 0, 0, 0, 0]


def test_every_damage_pattern_says_what_the_text_says():
    base = (2, 1, 1, 2, 1)  # battle, control, handling, information, sensors
    ent = Entity("E", battle=2, control=1, handling=1, information=2, sensors=1)
    t = EntityTable(ent, RULES)
    # one code per pattern: hits in mixed radix, radix base + 1 (worked by hand)
    assert t.stride.tolist() == [1, 3, 6, 12, 36]
    assert t.size == 3 * 2 * 2 * 3 * 2
    patterns = list(itertools.product(*(range(b + 1) for b in base)))
    codes = np.array([t.code(p) for p in patterns])
    assert sorted(codes.tolist()) == list(range(t.size))
    t.ensure(codes)
    for p, c in zip(patterns, codes):
        below_one = any(b - h < 1 for b, h in zip(base, p))
        assert t.neutral[c] == below_one, p
        assert t.destroyed_by_hit[c] == below_one, p  # a hit on a neutralized entity destroys it
        assert t.hits_on[:, c].tolist() == list(p)
        assert t.control[c] == 1 - p[1]
        assert t.damaged[c] == any(p)
        if below_one:  # neutralized: it can do nothing, so it rolls no dice
            assert not any(t.dice[a][:, c].any() for a in t.dice), p
    # a hit and a repair of the same ability lead back to the same pattern
    start = np.array([t.code((1, 0, 0, 1, 0))] * 5)
    ability = np.arange(5)
    hit = t.step(start, ability, 1)
    assert [t.hits_on[a, c] for a, c in zip(ability, hit)] == [2, 1, 1, 2, 1]
    assert t.step(hit, ability, -1).tolist() == start.tolist()


def test_a_facet_is_neutralized_by_one_hit_and_a_fragile_creature_destroyed():
    facet = EntityTable(Entity("F", battle=3, control=2, kind="facet"), RULES)
    one = np.array([facet.code((0, 1, 0, 0, 0))])  # Control 2 -> 1: a character fights on
    facet.ensure(one)
    assert not facet.neutral[facet.start]
    assert facet.neutral[one[0]] and facet.destroyed_by_hit[one[0]]
    fragile = EntityTable(Entity("C", battle=3, control=2, flaws=("Fragile",)), RULES)
    assert not fragile.neutral[fragile.start]
    assert fragile.destroyed_by_hit[fragile.start]  # "a single hit destroys it"


def test_battle_dice_split_jammed_and_the_stellar_cannon():
    t = EntityTable(Entity("E", battle=7, control=2), RULES, jammer=1, cannon=2)
    start = t.start
    # Battle 7 = 5+2; the Jammer Field lowers each die by 1: 4 and 1
    assert t.dice["battle"][:, start].tolist() == [1, 0, 0, 1, 0]
    # the Cannon in orbit 2: 5-2 and 2-2, not Jammed: one die of rank 3
    assert t.dice["cannon2"][:, start].tolist() == [0, 0, 1, 0, 0]
    hurt = t.step(np.array([start]), np.array([0]), 2)[0]  # two hits on Battle: rank 5
    assert t.dice["battle"][:, hurt].tolist() == [0, 0, 0, 1, 0]
    assert t.dice["cannon2"][:, hurt].tolist() == [0, 0, 1, 0, 0]
    # without a Jammer Field the entity rolls its ranks as they are
    plain = EntityTable(Entity("E", battle=7, control=2, sensors=3), RULES)
    assert plain.dice["battle"][:, plain.start].tolist() == [0, 1, 0, 0, 1]
    assert plain.dice["sensors"][:, plain.start].tolist() == [0, 0, 1, 0, 0]
    assert "cannon2" not in plain.dice
