"""Odds of contests and chases, the Markov chains of kit.boards.markov: closed forms worked by hand
from the rules (RULINGS Complex Tasks 5 and 6) and the average over every deal."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Any

import numpy as np
import pytest

from kit.boards import (
    BoardRules,
    Card,
    Chase,
    CheckDistribution,
    CheckSource,
    Contest,
    autoplay,
    deal_odds,
    odds,
)


def test_contest_three_cards_closed_form():
    board = Contest([7, 7, 7])
    d, o = CheckDistribution.of("2d6"), CheckDistribution.of("1d6+3")
    pa, pb = float(d.at_least(7)), float(o.at_least(7))
    right, left = pa * (1 - pb), pb * (1 - pa)
    a = right / (right + left)
    want = a * a + 2 * a * a * (1 - a)
    got = odds(board, "2d6", opponent_checks="1d6+3")
    assert got.success == pytest.approx(want, abs=1e-9)
    assert sum(got.outcomes.values()) == pytest.approx(1, abs=1e-9)
    assert got.outcomes["opponent wins"] == pytest.approx(1 - want, abs=1e-9)


def test_symmetric_contest_is_even():
    o = odds(Contest([4, 6, 8, 6, 4]), "2d6")
    assert o.success == pytest.approx(0.5, abs=1e-9)


def test_chase_head_start_closed_form():
    p = float(CheckDistribution.of("2d6").at_least(6))
    o = odds(Chase([6] * 5, head_start=True), "2d6")
    assert o.outcomes["escaped"] == pytest.approx(p**4 * (1 + 4 * (1 - p)), abs=1e-12)
    assert o.length[2] == pytest.approx((1 - p) ** 2, abs=1e-12)  # two failures: caught


@pytest.mark.parametrize(
    "shape, opts",
    [
        (Contest([5, 5, 5]), {"opponent_checks": "1d6+3"}),
        (Chase([5] * 5, head_start=True, rules=BoardRules(npc_chance=0.5)), {}),
    ],
    ids=["contest", "chase"],
)
def test_deal_odds_of_contests_and_chases_average_every_deal(shape, opts):
    pool = [
        Card(4, "spades"),
        Card(6, "hearts"),
        Card(6, "clubs"),
        Card(8, "diamonds"),
        Card(7, "clubs"),
        Card(5, "hearts"),
    ]
    got = deal_odds(shape, "2d6", pool=pool, **opts)
    total, count = 0.0, 0
    for deal in itertools.permutations(pool, shape.length):
        total += float(odds(shape.fork(cards=list(deal)), "2d6", **opts).success)
        count += 1
    assert got.success == pytest.approx(total / count, abs=1e-9)
    assert sum(got.outcomes.values()) == pytest.approx(1, abs=1e-9)


CHASE_POOL = [4, 5, 6, 6, 7, 8]


@pytest.mark.parametrize(
    "make, skills",
    [
        (lambda: Chase([5] * 5, rules=BoardRules(npc_chance=0.6)), None),
        (lambda: Chase([5] * 5, head_start=True, modifiers=[0, 1, 0, -1, 2]), "Athletics"),
        (lambda: Chase([5] * 5, role="pursuer", rules=BoardRules(npc_chance=0.55)), None),
        (
            lambda: Chase(
                [5] * 5, role="pursuer", rules=BoardRules(npc_chance=0.5, pursuer_faces="goal")
            ),
            ["Athletics", None, "Athletics"],
        ),
        (
            lambda: Chase(
                [5] * 5, role="pursuer", npc_checks="1d6+3", rules=BoardRules(pursuer_faces="goal")
            ),
            None,
        ),
        (lambda: Chase([5] * 5, npc_checks="2d6"), None),  # both cards faced: rows
    ],
    ids=["escapee", "escapee-head-start", "pursuer", "pursuer-faces-goal", "npc-rolls", "rows"],
)
def test_chase_every_deal_matches_every_ordered_deal(make, skills):
    """Cards turned up as the chase reaches them give the average over every ordered deal."""
    board = make()
    got = deal_odds(board, "2d6", skills, pool=CHASE_POOL)
    cache: dict[tuple[int, ...], Any] = {}
    total: Counter[str] = Counter()
    deals = list(itertools.permutations(CHASE_POOL, board.length))
    for deal in deals:
        if deal not in cache:
            cache[deal] = odds(board.fork(cards=list(deal)), "2d6", skills)
        for k, p in cache[deal].outcomes.items():
            total[k] += float(p) / len(deals)
    for k in set(total) | set(got.outcomes):
        assert float(got.outcomes.get(k, 0)) == pytest.approx(total[k], abs=1e-9), k


def test_long_chase_every_deal_agrees_with_dealing_and_playing():
    """Seven cards have more distinct rows than the kit lists; deal and play them instead."""
    board = Chase([5] * 7, rules=BoardRules(npc_chance=0.6))
    pool = [4, 5, 6, 7, 8] * 2
    exact = deal_odds(board, "2d6", pool=pool)
    rng = np.random.default_rng(7)
    src = CheckSource("2d6", rng)
    runs, escaped = 1500, 0
    for _ in range(runs):
        deal = [pool[i] for i in rng.permutation(len(pool))[:7]]
        game = autoplay(board.fork(cards=deal, seed=int(rng.integers(2**31))), src)
        escaped += game.snapshot.outcome == "escaped"
    p = float(exact.outcomes["escaped"])
    assert abs(escaped / runs - p) <= 4 * math.sqrt(p * (1 - p) / runs)
    assert sum(exact.outcomes.values()) == pytest.approx(1, abs=1e-9)


def test_a_contest_that_can_only_tie_is_unresolved():
    # both sides always succeed: every exchange ties and nothing ever moves
    o = odds(Contest([5, 5, 5]), 20, opponent_checks=20)
    assert o.outcomes["unresolved"] == pytest.approx(1.0) and o.success == 0


def test_an_escapee_nobody_pursues_escapes_in_a_negative_binomial_time():
    # the NPC pursuer never succeeds: the escapee needs five successes (slot 1 -> off the end)
    # and failures cost nothing, so the rounds taken average 5 / p with p = P(2d6 >= 6) = 26/36
    o = odds(Chase([6] * 5, rules=BoardRules(npc_chance=0.0)), "2d6")
    assert o.outcomes["escaped"] == pytest.approx(1.0, abs=1e-9) and o.outcomes["caught"] == 0
    assert o.mean_length == pytest.approx(5 / (26 / 36), abs=1e-9)
