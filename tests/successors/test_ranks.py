"""Ability ranks (kit.successors.ranks): split ranks, one die per part, a 6 always fails.

The text: a value over five is written as 5s and a remainder (7 is 5+2, 9 is 5+4, 14 is
5+5+4); a die succeeds when it rolls at or under its rank, and a 6 is always a miss. Under an
entity's Control a ship uses the higher of its rank and the controller's, and a split controller
gives each of the ship's dice its whole split (5+3 over a 5+1 ship fights as 5+3+5+3).
The expected chances below are counted over the faces of real dice, not taken from the code.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors.ranks import (
    Rank,
    controlled_dice,
    die_success,
    roll_successes,
    split,
    success_distribution,
)


@pytest.mark.parametrize(
    "value, dice, printed",
    [
        (0, (), "0"),
        (1, (1,), "1"),
        (5, (5,), "5"),
        (7, (5, 2), "5+2"),
        (9, (5, 4), "5+4"),
        (10, (5, 5), "5+5"),
        (14, (5, 5, 4), "5+5+4"),
    ],
)
def test_ranks_split_as_the_text_writes_them(value, dice, printed):
    assert split(value) == dice == Rank(value).dice
    assert str(Rank(value)) == printed


def test_a_negative_or_non_integer_rank_is_refused_by_name():
    with pytest.raises(InvalidInput, match="rank"):
        split(-1)
    with pytest.raises(InvalidInput, match="rank"):
        Rank(-3)
    with pytest.raises(InvalidType, match="rank"):
        Rank("4")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="at least 0"):
        die_success(-1)


def _by_faces(parts: tuple[int, ...]) -> dict[int, Fraction]:
    """Every way the dice can fall, each equally likely: successes counted by the text's rule."""
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=len(parts)):
        k = sum(1 for part, face in zip(parts, faces) if face <= part and face != 6)
        counts[k] = counts.get(k, 0) + 1
    total = 6 ** len(parts)
    return {k: Fraction(n, total) for k, n in counts.items()}


@pytest.mark.parametrize("part", range(8))
def test_one_die_succeeds_at_or_under_its_rank_never_on_a_6(part):
    assert die_success(part) == _by_faces((part,)).get(1, Fraction(0))
    assert die_success(part) <= Fraction(5, 6)


@pytest.mark.parametrize("parts", [(4,), (5, 3), (1, 2, 6), (5, 5, 4), (0, 3)])
def test_the_distribution_of_a_pool_counts_every_fall_of_the_dice(parts):
    dist = success_distribution(parts)
    assert dist == _by_faces(parts)
    assert sum(dist.values()) == 1
    assert Rank(sum(parts)).distribution() == success_distribution(split(sum(parts)))


def test_ranks_compare_and_hash_by_their_value():
    assert Rank(Rank(7)) == Rank(7) == 7 and Rank(7) != Rank(8)
    assert Rank(3) < Rank(4) < 5 and sorted([Rank(9), Rank(2)]) == [2, 9]
    assert len({Rank(4), Rank(4), 4}) == 1
    assert int(Rank(12)) == 12 and [0, 1, 2][Rank(1)] == 1  # usable as an index
    assert repr(Rank(6)) == "Rank(6)"


def test_rolling_is_seeded_and_a_pool_of_zeros_never_succeeds():
    assert roll_successes([], 1) == 0
    assert roll_successes([0, 0, 0], 5) == 0
    pool = [5, 3, 2, 1]
    assert roll_successes(pool, 42) == roll_successes(pool, 42)
    gen = np.random.default_rng(7)
    rolls = [roll_successes([3], gen) for _ in range(2000)]
    # rank 3 succeeds on 1, 2 or 3: one in two; four standard errors around it
    assert abs(sum(rolls) / 2000 - 0.5) < 4 * (0.25 / 2000) ** 0.5
    assert Rank(0).successes(3) == 0


def test_controlled_ships_use_the_better_rank_and_the_whole_split():
    # the text's example: a 5+3 controller over a rank 3 ship and a 5+1 ship
    assert controlled_dice(3, 8) == (5, 3)
    assert controlled_dice(6, 8) == (5, 3, 5, 3)
    # unsplit: the higher of the two ranks; a ship with no rank gets no dice
    assert controlled_dice(1, 4) == (4,) and controlled_dice(4, 2) == (4,)
    assert controlled_dice(0, 8) == ()
    # the other reading of ruling 2: each part takes the higher of itself and the first part
    assert controlled_dice(6, 8, whole_split=False) == (5, 5)
    assert controlled_dice(6, 0) == (5, 1)
