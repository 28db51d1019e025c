"""The vocabulary an entity is written in: the signature table (ruling 3), tasks a Natural
Aptitude names, and where its extra success lands (kit.successors.abilities).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.successors import Entity, Rank, entity_signature
from kit.successors.entities import ABILITIES


@pytest.mark.parametrize(
    "total,sig", [(0, 2), (5, 2), (6, 3), (10, 3), (11, 4), (15, 4), (16, 5), (20, 5), (21, 6)]
)
def test_signature_table(total, sig):
    assert entity_signature(total) == sig


def test_large_and_small():
    assert Entity("a", edges=["Large"]).signature == 3
    assert Entity("a", edges=["Small"]).signature == 1
    assert entity_signature(0, small=True) == 1
    assert (
        Entity(
            "a", battle=0, control=0, handling=0, information=0, sensors=0, kind="creature"
        ).signature
        == 2
    )
    both = Entity("a", edges=["Large", "Small"], flaws=["Checkered Past"])
    assert both.signature == 2
    assert "contradictory_traits" in {f.code for f in both.findings()}


@given(st.lists(st.integers(0, 30), min_size=5, max_size=5), st.booleans(), st.booleans())
def test_signature_monotone_in_ranks(ranks, large, small):
    edges = (["Large"] if large else []) + (["Small"] if small else [])
    e = Entity("x", **dict(zip(ABILITIES, ranks)), edges=edges)
    bigger = e.replace(battle=e.battle + 5)
    diff = bigger.signature - e.signature
    # +5 ranks always crosses exactly one bracket (<=5, 6..10, 11..15, ...), except from 0 to 5
    assert diff == (1 if e.total_ranks >= 1 else 0)
    assert str(e.rank("battle")) == str(Rank(ranks[0]))


def test_natural_aptitude_area_is_stored_and_matched_to_tasks():
    from kit.successors.entities import HANDLING_TASKS, task_key

    miner = Entity("m", edges=["Natural Aptitude: Mining"])
    assert miner.aptitude_areas == ("mine",)
    assert [miner.aptitude_bonus(t) for t in ("mine", "Mining", "MINING", "repair")] == [1, 1, 1, 0]
    lib = Entity("l", edges=["Natural Aptitude: System Scanning"])
    assert lib.aptitude_bonus("system scanning") == 1 and lib.aptitude_bonus("System_Scanning") == 1
    assert lib.aptitude_bonus("identify") == 0
    hands = Entity("h", edges=["Natural Aptitude: Handling"])
    assert [hands.aptitude_bonus(t) for t in HANDLING_TASKS] == [1] * 6
    assert hands.aptitude_bonus("identify") == 0
    own = Entity("o", edges=["Natural Aptitude: Diplomacy"])  # a GM's own area matches itself
    assert own.aptitude_bonus("diplomacy") == 1 and own.aptitude_bonus("mine") == 0
    ident = Entity("i", edges=["Complete Database", "Natural Aptitude: Identification"])
    assert ident.bonus("identify") == 2
    assert task_key("Reconditioning") == "recondition" and task_key("Take-Over") == "takeover"
    # the area survives a save
    assert Entity.from_json(miner.to_json()).aptitude_areas == ("mine",)


def test_one_statement_of_where_natural_aptitude_lands():
    # The Workshop, a battle's repair phase and the facet/spawn rolls all call one function;
    # check it against a direct reading on every pattern of up to three attempts.
    from itertools import product

    from kit.successors.abilities import aptitude_attempt

    for n in range(4):
        for oks in product([False, True], repeat=n):
            first_failed = next((i for i, ok in enumerate(oks) if not ok), None)
            expected = first_failed if first_failed is not None else (0 if oks else None)
            assert aptitude_attempt(list(oks)) == expected
            first_hit = next((i for i, ok in enumerate(oks) if ok), None)
            assert aptitude_attempt(list(oks), needs_a_success=True) == first_hit
