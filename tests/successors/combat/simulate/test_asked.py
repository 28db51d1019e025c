"""The policy asked once per distinct situation
(:class:`~kit.successors.combat.simulate.asked.Asked`): each row gets the answer the policy gives
that row, whether or not rows share a hash.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as hs

from kit.successors.combat.simulate.asked import Asked


@settings(max_examples=60, deadline=None)
@given(
    rows=hs.lists(hs.lists(hs.integers(-1, 3), min_size=3, max_size=3), min_size=1, max_size=30),
    way=hs.sampled_from(["codes", "hash", "collide"]),
)
def test_asked_gives_each_row_its_own_answer(rows, way):
    # small numbers are grouped by their mixed-radix code; numbers too far apart for codes go
    # by a hash, and a hash that puts every row together must still give each row its own
    keys = np.array(rows, np.int64) * (1 if way == "codes" else 1_000_003)
    calls: list[tuple[int, ...]] = []

    def policy(row: tuple[int, ...]) -> int:
        calls.append(row)
        return sum(row) * 10 + row[0]

    asked = Asked(policy)
    if way == "collide":
        asked._mult = np.zeros(3, np.int64)
    got = asked(keys)
    assert got.tolist() == [sum(r) * 10 + r[0] for r in keys.tolist()]
    assert sorted(calls) == sorted({tuple(r) for r in keys.tolist()})  # once per situation


def test_the_policy_is_asked_once_per_distinct_situation():
    calls: list[tuple[int, ...]] = []

    def policy(row: tuple[int, ...]) -> int:
        calls.append(row)
        return row[0] - row[1]

    asked = Asked(policy)
    keys = np.array([[1, 2], [3, 0], [1, 2], [3, 0], [1, 2]])
    assert asked(keys).tolist() == [-1, 3, -1, 3, -1]
    assert sorted(calls) == [(1, 2), (3, 0)]
    # the answers are kept: a later batch meeting the same situations asks nothing new
    assert asked(np.array([[3, 0]] * 4)).tolist() == [3] * 4
    assert asked(np.zeros((0, 2), np.int64)).tolist() == []
    assert len(calls) == 2
