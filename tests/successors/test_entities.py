"""Entities: generation from 2d6+3 points, rule effects of edges and flaws, damage, saves.

The signature, edges, sheets and facets have their own files (test_abilities, test_edges,
test_sheets, test_facets); the worked examples are in test_examples.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.errors import InvalidInput, InvalidType, SaveFileError
from kit.successors import Entity, Trait
from kit.successors.entities import ABILITIES, SIDES
from kit.successors.examples import releata, tanrac


def test_generate_with_hand_allocation_records_roll():
    e = Entity.generate(
        "TanRac",
        seed=11,
        allocation={"battle": 3, "control": 3, "handling": 2, "information": 1, "sensors": 1},
    )
    assert e.points == sum(e.roll) + 3 and len(e.roll) == 2
    assert e.battle == 4 and e.sensors == 2
    codes = {f.code for f in e.findings()}
    if e.points == 10:
        assert codes == set()
    else:
        assert codes == {"points_unspent" if e.points > 10 else "points_overspent"}
    assert e.side in SIDES.values() and e.sex in ("Female", "Male", "Neuter")


@given(st.integers(0, 2**32))
def test_random_generation_spends_exactly_the_points(seed):
    e = Entity.generate("X", seed=seed)
    assert 5 <= e.points <= 15
    assert e.points_spent == e.points
    assert all(e.base(a) >= 1 for a in ABILITIES)
    assert e.findings() == []
    assert Entity.generate("X", seed=seed) == e  # same seed, same entity


def test_generation_points_distribution_matches_2d6_plus_3():
    counts = Counter(Entity.generate("X", seed=s).points for s in range(3000))
    assert abs(counts[10] / 3000 - 6 / 36) < 4 * (6 / 36 * 30 / 36 / 3000) ** 0.5


def test_generate_rejects_bad_allocation():
    with pytest.raises(InvalidInput, match="unknown field"):
        Entity.generate("X", seed=1, allocation={"speed": 3})
    with pytest.raises(InvalidInput, match="allocation"):
        Entity.generate("X", seed=1, allocation="even")
    with pytest.raises(InvalidInput, match="allocation\\['battle'\\]"):
        Entity.generate("X", seed=1, allocation={"battle": -1})


def test_rule_effects():
    e = Entity(
        "a",
        battle=3,
        handling=2,
        edges=[
            "Fast",
            "Stealthed",
            "Combat Reflexes",
            "Long Ranged",
            "Strong Control",
            "Access Codes",
            "Rank",
            "Complete Database",
            "Natural Aptitude: Mining",
            "Cross-Trained",
            "Self-Repairing",
        ],
        flaws=[
            "Weak Control",
            "No Weapon Systems",
            "No Hyper-Jump",
            "Tek Locked",
            "Files Deleted",
            "No Manipulation",
            "No Information",
        ],
    )
    assert e.orbits_per_day == 2 and e.stealth == 1 and e.first_strike_controlled
    assert e.long_ranged and not e.can_hyper_jump and e.enemy_takeover_bonus == 1
    assert e.bonus("takeover") == 1
    assert (
        e.bonus("takeover_ancient") == 1 and e.bonus("takeover_ancient", own_side_target=True) == 2
    )
    assert e.bonus("identify") == 0  # Complete Database and Files Deleted cancel
    assert e.bonus("mining") == 1 and e.bonus("repairing") == 0
    assert e.dice("battle") == () and e.dice("handling") == () and e.dice("information") == ()
    assert e.dice("sensors") == (1,)
    assert e.has("no_recondition") and e.has("Self-Repairing") and e.has("tek_locked")
    assert Entity("s", flaws=["Slow"]).orbits_per_day == Fraction(1, 2)
    assert Entity("n").orbits_per_day == 1 and Entity("n").bonus("identify") == 0


def test_damage_current_ranks_and_neutralized():
    r = releata()
    hit = r.with_damage("control", 1)
    assert (
        hit.current("control") == 2
        and hit.base("control") == 3
        and str(hit.rank("battle")) == "5+3"
    )
    assert not hit.neutralized
    assert hit.with_damage("sensors").neutralized
    assert hit.repaired("control") == r and hit.repaired() == r
    assert hit.with_damage("sensors").dice("battle") == ()
    with pytest.raises(InvalidInput, match="ability must be one of"):
        r.with_damage("speed")


def test_old_import_paths_still_work():
    from kit.successors import abilities, facets, sheets
    from kit.successors.entities import (
        ENTITY_FORMAT,
        FACET_RU_PER_HIT,
        HANDLING_TASKS,
        KINDS,
        SPAWN_COST,
        Creation,
        require_ability,
        task_key,
    )

    assert (SPAWN_COST, FACET_RU_PER_HIT) == (12, 2)  # "12RU"; "2RU adding an additional hit"
    assert ENTITY_FORMAT == ("successors-entity", 1) and "facet" in KINDS
    assert Creation is facets.Creation and task_key is abilities.task_key
    assert HANDLING_TASKS is abilities.HANDLING_TASKS and require_ability("Battle") == "battle"
    assert issubclass(Entity, (facets.FacetsMixin, sheets.SheetMixin))


def test_round_trip_and_bad_input():
    for e in (
        tanrac(),
        releata().with_damage("control"),
        Entity.generate("G", seed=5).facet(),
        Entity("L", flaws=[Trait("Mental Disadvantage", "Curious", 2)], notes=["x | y"]),
    ):
        assert Entity.from_json(e.to_json()) == e
        assert Entity.from_dict(e.to_dict()) == e
    with pytest.raises(SaveFileError):
        Entity.from_json('{"format": "gm-kit/successors-fleet", "version": 1, "data": {}}')
    with pytest.raises(InvalidInput, match="unknown field"):
        Entity.from_dict({"name": "x", "speed": 3})
    with pytest.raises(InvalidType, match="battle must be an integer"):
        Entity("x", battle="4")
    with pytest.raises(InvalidInput, match="sex must be one of"):
        Entity("x", sex="Robot")
    with pytest.raises(InvalidInput, match="name must not be empty"):
        Entity("  ")


@pytest.mark.parametrize(
    "module",
    [
        "ranks",
        "edges",
        "abilities",
        "entities",
        "facets",
        "sheets",
        "design",
        "ships",
        "fleets",
        "projects",
        "bestiary",
    ],
)
def test_module_doctests(module):
    import doctest
    import importlib

    mod = importlib.import_module(f"kit.successors.{module}")
    result = doctest.testmod(mod)
    assert result.failed == 0 and result.attempted > 0
