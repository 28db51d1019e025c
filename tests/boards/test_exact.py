"""Exact odds of standard, preparation and limit boards (kit.boards.exact) against oracles written
in this file, independent of the kit's DP.

The main oracle deals every ordered sequence of distinct physical cards from the pool, card by
card, and plays each board slot by slot as the text describes (a success on the leftmost open
slot, a failure face down on the rightmost; a success on the goal ends the task; otherwise play
goes on until every slot is filled). Each check's chance is counted over the equally weighted
results of the check distribution (the 36 rolls of 2d6, say). Weights stay integers until the
end, so the comparison with the kit's Fractions is exact.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.boards import (
    BoardRules,
    LimitBoard,
    PreparationBoard,
    StandardBoard,
    deal_odds,
    event_deck_cards,
    odds,
)
from kit.errors import InvalidInput

TWO_D6 = Counter(a + b for a in range(1, 7) for b in range(1, 7))
EVENT_DECK = [c.value for c in event_deck_cards()]


def ways(rolls: Counter[int], target: int, meet: bool = True) -> int:
    """How many of the equally weighted results reach ``target`` (or beat it)."""
    return sum(n for r, n in rolls.items() if (r >= target if meet else r > target))


def penalties(plan: list[str | None], general_tracked: bool = True) -> list[int]:
    """+2 for each earlier use of the same skill (a general skill alone counts as its own)."""
    seen: Counter[str] = Counter()
    out = []
    for skill in plan:
        key = None if skill is None else skill.casefold()
        if key is not None and (general_tracked or ":" in key):
            out.append(2 * seen[key])
            seen[key] += 1
        else:
            out.append(0)
    return out


def falling(n: int, k: int) -> int:
    return math.perm(n, k)


def to_odds(
    tally: dict[tuple[str, int, int], int], pool_size: int, faces: int, draws_at: list[int]
):
    """Turn integer tallies ``{(outcome, successes, checks): weight}`` into probabilities.

    ``draws_at[k]`` is how many cards were dealt in the first ``k`` checks (the denominator of a
    path of ``k`` checks is the ordered deals of those cards times the check results).
    """
    outcomes: dict[str, Fraction] = {}
    successes: dict[int, Fraction] = {}
    length: dict[int, Fraction] = {}
    for (name, s, k), w in tally.items():
        p = Fraction(w, falling(pool_size, draws_at[k]) * faces**k)
        outcomes[name] = outcomes.get(name, Fraction(0)) + p
        successes[s] = successes.get(s, Fraction(0)) + p
        length[k] = length.get(k, Fraction(0)) + p
    return outcomes, successes, length


def standard_oracle(n, goal, offsets, pool, rolls=TWO_D6, meet=True):
    """Every ordered deal of ``n`` distinct cards from ``pool``, each board played slot by slot."""
    tally: Counter[tuple[str, int, int]] = Counter()
    faces = sum(rolls.values())

    def play(slots: list[str | None], left: list[int], weight: int, reached: bool) -> None:
        k = sum(x is not None for x in slots)
        if reached or k == n:
            name = "goal reached" if reached else "goal missed"
            tally[(name, slots.count("S"), k)] += weight
            return
        for i, value in enumerate(left):
            ok = ways(rolls, value + offsets[k], meet)
            for success, count in ((True, ok), (False, faces - ok)):
                if count == 0:
                    continue
                new = list(slots)
                open_ = [j for j, x in enumerate(new) if x is None]
                where = open_[0] if success else open_[-1]
                new[where] = "S" if success else "F"
                play(new, left[:i] + left[i + 1 :], weight * count, success and where == goal - 1)

    play([None] * n, list(pool), 1, False)
    return to_odds(tally, len(pool), faces, list(range(n + 1)))


def check_against(got, want) -> None:
    outcomes, successes, length = want
    assert {k: v for k, v in got.outcomes.items() if v} == outcomes
    assert dict(got.successes) == successes
    assert dict(got.length) == length
    assert sum(got.outcomes.values()) == 1


SMALL_POOL = [4, 4, 5, 6, 6, 7, 8, 8]


@pytest.mark.parametrize(
    "n, goal, mods, plan, pool",
    [
        (3, 2, [0, 0, 0], [None] * 3, EVENT_DECK),
        (3, 3, [1, 0, -1], ["Tinker: Repair"] * 3, EVENT_DECK),
        (3, 1, [0, 2, 0], ["Tinker", "Tinker: Repair", "Tinker"], EVENT_DECK),
        (4, 2, [0, 2, 0, 0], ["Tinker", "Tinker: Repair", "Tinker", None], SMALL_POOL),
        (4, 4, [0, 0, 0, -2], ["Persuasion: Calm", None, "Persuasion: Calm", None], SMALL_POOL),
        (5, 4, [0] * 5, ["Athletics"] * 5, SMALL_POOL[:7]),
        (5, 2, [1, -1, 0, 1, -1], [None, "Stealth", None, "Stealth", None], SMALL_POOL[1:]),
    ],
    ids=["N3g2", "N3g3-mods-repeat", "N3g1-general", "N4g2", "N4g4", "N5g4-repeat", "N5g2-mods"],
)
def test_every_deal_matches_ordered_deals(n, goal, mods, plan, pool):
    board = StandardBoard([5] * n, goal=goal, modifiers=mods)
    offsets = [m + p for m, p in zip(mods, penalties(plan))]
    got = deal_odds(board, "2d6", plan, pool=pool)
    check_against(got, standard_oracle(n, goal, offsets, pool))


def test_every_deal_matches_when_a_check_must_beat_its_target():
    rules = BoardRules(meet_target=False)
    board = StandardBoard([5] * 4, goal=3, modifiers=[0, 1, 0, 0], rules=rules)
    got = deal_odds(board, "1d6+3", "Tinker: Repair", pool=SMALL_POOL)
    rolls = Counter(range(4, 10))
    want = standard_oracle(4, 3, [0, 3, 4, 6], SMALL_POOL, rolls, meet=False)
    check_against(got, want)


def test_every_deal_with_a_table_of_huge_weights():
    """A check table whose common denominator is huge: the packed integers must not overflow."""
    table = {3: 10**9 + 7, 6: 3, 9: 999_999_937, 12: 5}
    got = deal_odds(StandardBoard([5] * 5, goal=3), table, pool=SMALL_POOL[:6])
    check_against(got, standard_oracle(5, 3, [0] * 5, SMALL_POOL[:6], Counter(table)))


@settings(max_examples=30)
@given(
    n=st.integers(3, 4),
    data=st.data(),
)
def test_every_deal_property(n, data):
    goal = data.draw(st.integers(1, n), label="goal")
    mods = data.draw(st.lists(st.integers(-2, 2), min_size=n, max_size=n), label="mods")
    plan = data.draw(
        st.lists(st.sampled_from([None, "Tinker", "Tinker: Repair"]), min_size=n, max_size=n),
        label="plan",
    )
    pool = data.draw(st.lists(st.integers(2, 11), min_size=n, max_size=6), label="pool")
    offsets = [m + p for m, p in zip(mods, penalties(plan))]
    got = deal_odds(StandardBoard([5] * n, goal=goal, modifiers=mods), "2d6", plan, pool=pool)
    check_against(got, standard_oracle(n, goal, offsets, pool))


def limit_oracle(cards, need, hidden, order, offsets, pool, early=True, rolls=TWO_D6):
    """Face the slots in ``order``; a hidden card is dealt from ``pool`` when it is faced."""
    tally: Counter[tuple[str, int, int]] = Counter()
    faces = sum(rolls.values())
    draws_at = [sum(1 for s in order[:k] if s in hidden) for k in range(len(order) + 1)]

    def play(k: int, s: int, left: list[int], weight: int) -> None:
        remaining = len(order) - k
        if s >= need or remaining == 0 or (early and s + remaining < need):
            tally[("limit met" if s >= need else "limit missed", s, k)] += weight
            return
        slot = order[k]
        deals = list(enumerate(left)) if slot in hidden else [(None, cards[slot - 1])]
        for i, value in deals:
            rest = left if i is None else left[:i] + left[i + 1 :]
            ok = ways(rolls, value + offsets[k])
            if ok:
                play(k + 1, s + 1, rest, weight * ok)
            if faces - ok:
                play(k + 1, s, rest, weight * (faces - ok))

    play(0, 0, list(pool), 1)
    return to_odds(tally, len(pool), faces, draws_at)


@pytest.mark.parametrize("early", [True, False])
@pytest.mark.parametrize("order", [[1, 2, 3, 4, 5], [5, 3, 1, 2, 4]])
def test_limit_hidden_cards_match_ordered_deals(order, early):
    cards, need, hidden = [5, 8, 6, 7, 4], 3, {2, 4, 5}
    mods = [0, 1, 0, -1, 0]
    plan = ["Tinker: Repair", None, "Tinker: Repair", "Tinker: Repair", None]
    board = LimitBoard(
        cards, need=need, hidden=sorted(hidden), modifiers=mods,
        rules=BoardRules(limit_stop_early=early),
    )  # fmt: skip
    pens = penalties(plan)
    offsets = [mods[s - 1] + pens[k] for k, s in enumerate(order)]
    got = odds(board, "2d6", plan, order=order, pool=SMALL_POOL)
    check_against(got, limit_oracle(cards, need, hidden, order, offsets, SMALL_POOL, early))


def test_limit_every_deal_matches_ordered_deals():
    board = LimitBoard([5, 5, 5, 5], need=2)
    got = deal_odds(board, "2d6", ["Stealth"] * 4, pool=SMALL_POOL[:7], order=[1, 2, 3, 4])
    want = limit_oracle([0] * 4, 2, {1, 2, 3, 4}, [1, 2, 3, 4], [0, 2, 4, 6], SMALL_POOL[:7])
    check_against(got, want)


def test_preparation_every_deal_matches_ordered_deals():
    board = PreparationBoard([5] * 4, modifiers=[0, 0, 1, 0])
    got = deal_odds(board, "2d6", ["Tinker", None, "Tinker", "Tinker"], pool=SMALL_POOL)
    # a preparation is a limit board that never stops early and needs every card
    want = limit_oracle(
        [0] * 4, 5, {1, 2, 3, 4}, [1, 2, 3, 4], [0, 0, 3, 4], SMALL_POOL, early=False
    )
    _, successes, length = want
    assert dict(got.successes) == successes and dict(got.length) == length
    assert got.outcomes == {f"strength {s}": p for s, p in successes.items()}


@pytest.mark.parametrize("n", [6, 8, 10])
def test_full_deck_closed_form_for_long_boards(n):
    """Ten cards have 670 billion ordered deals; an exchangeable closed form checks them instead.

    With no modifiers and no repeated skill every check is alike. Had every one of the ``N``
    checks been made, the goal (slot ``g``) is reached exactly when at least ``g`` succeeded:
    each success fills the next slot from the left and failures can cover slot ``g`` only when
    fewer than ``g`` successes are possible. Given which values were dealt, the successes are
    independent, so P(goal) sums, over how many cards of each value are dealt (weighted by the
    number of ways to pick them), the chance of ``g`` or more successes.
    """
    goal = n - 2
    q = {v: Fraction(ways(TWO_D6, v), 36) for v in range(4, 9)}
    total = Fraction(0)
    missed: dict[int, Fraction] = {}
    for counts in itertools.product(range(5), repeat=5):
        if sum(counts) != n:
            continue
        weight = Fraction(math.prod(math.comb(4, c) for c in counts), math.comb(20, n))
        dist = [Fraction(1)]  # successes among the dealt cards
        for v, c in zip(range(4, 9), counts):
            for _ in range(c):
                dist = [
                    (dist[i] if i < len(dist) else 0) * (1 - q[v])
                    + (dist[i - 1] * q[v] if i else 0)
                    for i in range(len(dist) + 1)
                ]
        total += weight * sum(dist[goal:])
        for s in range(goal):
            missed[s] = missed.get(s, Fraction(0)) + weight * dist[s]
    got = deal_odds(StandardBoard([5] * n, goal=goal), "2d6")
    assert got.success == total
    assert {s: p for s, p in got.successes.items() if s < goal} == missed


def test_pool_that_runs_out_is_refused():
    with pytest.raises(InvalidInput, match="pool"):
        deal_odds(StandardBoard([5] * 5, goal=5), "2d6", pool=[4, 5, 6])
