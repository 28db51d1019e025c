"""The exact programme behind the odds of a row of checks (kit.boards.sequence), called directly."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.boards import CheckDistribution
from kit.boards.sequence import sequence_dp
from kit.errors import InvalidInput


@settings(max_examples=40)
@given(
    n=st.integers(1, 7),
    offset=st.integers(-3, 3),
    pool=st.lists(st.integers(2, 12), min_size=7, max_size=12),
    kind=st.sampled_from(["standard", "limit", "limit-late", "all"]),
    bound=st.integers(1, 7),
    start=st.tuples(st.integers(0, 2), st.integers(0, 2)),
    meet=st.booleans(),
    checks=st.sampled_from(["2d6", "1d6+3", "3d4"]),
)
def test_closed_form_equals_the_general_programme(
    n, offset, pool, kind, bound, start, meet, checks
):
    """When every card is unseen and every check alike the kit takes a closed form; it must give
    the general programme's endings exactly, whatever the stopping rule and the starting point."""
    s0, f0 = start
    goal = min(bound, n) + s0

    def stop(s: int, f: int, i: int) -> bool:
        if kind == "standard":
            return s >= goal or i == n
        if kind in ("limit", "limit-late"):
            early = kind == "limit" and s + n - i < goal
            return s >= goal or i == n or early
        return i == n

    dist = CheckDistribution.of(checks)
    counts = dict(Counter(pool))
    steps = [(None, offset)] * n
    pens = [0] * n
    fast = sequence_dp(steps, pens, dist, meet, counts, s0, f0, stop)
    slow = sequence_dp(steps, pens, dist, meet, counts, s0, f0, stop, exchangeable=False)
    assert fast == slow
    assert sum(fast.values()) == 1


def _2d6(t: int) -> Fraction:
    """2d6 reaches ``t``: counted over its 36 rolls."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= t), 36)


D = CheckDistribution.of("2d6")


def test_two_known_cards_with_a_modifier_and_a_penalty():
    # a 5, then a 7 with modifier +1 and penalty +2: targets 5 and 10
    got = sequence_dp([(5, 0), (7, 1)], [0, 2], D, True, {}, 0, 0, lambda s, f, i: i == 2)
    a, b = _2d6(5), _2d6(10)
    assert got == {
        (2, 0, 2): a * b,
        (1, 1, 2): a * (1 - b) + (1 - a) * b,
        (0, 2, 2): (1 - a) * (1 - b),
    }


def test_play_stops_where_the_rule_says_and_counts_what_was_there():
    # one success already on the board; stop at two successes or after two more checks
    got = sequence_dp([(7, 0), (7, 0)], [0, 0], D, True, {}, 1, 0, lambda s, f, i: s >= 2 or i == 2)
    p = _2d6(7)
    assert got == {(2, 0, 1): p, (2, 1, 2): (1 - p) * p, (1, 2, 2): (1 - p) ** 2}


def test_unseen_cards_are_dealt_without_replacement():
    pool = {4: 1, 9: 1}
    one = sequence_dp([(None, 0)], [0], D, True, pool, 0, 0, lambda s, f, i: i == 1)
    assert one[(1, 0, 1)] == (_2d6(4) + _2d6(9)) / 2
    # two cards from a pool of a 4 and a 9: one of each, whatever the order
    two = sequence_dp([(None, 0)] * 2, [0, 0], D, True, pool, 0, 0, lambda s, f, i: i == 2)
    assert two[(2, 0, 2)] == _2d6(4) * _2d6(9)


def test_a_pool_that_runs_out_is_refused():
    with pytest.raises(InvalidInput, match="pool"):
        sequence_dp([(None, 0)] * 3, [0, 1, 2], D, True, {4: 1, 9: 1}, 0, 0, lambda s, f, i: i == 3)
