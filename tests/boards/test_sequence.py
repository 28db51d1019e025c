"""The exact programme behind the odds of a row of checks (kit.boards.sequence), called directly."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kit.boards import CheckDistribution
from kit.boards.sequence import sequence_dp


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
