"""The four problems of issue #22, each against an oracle written from the rule text alone.

The rules used (Complex Tasks text, RULINGS Complex Tasks 2, 4 and 6):

* a check succeeds when it reaches card value + slot modifier + 2 for every earlier use of the
  same skill on the board;
* a limit board (n) is won at n successes, the cards faced in any order chosen as play goes,
  lost once the cards left cannot give the successes still needed; a face-down card is any card
  of the event deck (4s to 8s of four suits) not seen, drawn without replacement, and its
  target is its value plus its own slot's modifier;
* before a limit board is dealt, the players will see its face-up cards once dealt and choose
  the order; only the face-down slots stay unknown until faced;
* in a chase the escapee acts first each round; a pursuer's success removes the leftmost card,
  an escapee's moves the goal right; the goal past the end is an escape, the card under it
  removed a catch.

Each oracle is a plain recursion over those rules with 2d6 counted from its 36 outcomes.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import permutations, product

import pytest

import kit
from kit.boards import (
    BoardRules,
    Chase,
    Contest,
    LimitBoard,
    deal_odds,
    odds,
)
from kit.boards import (
    impact as rule_impact,
)
from kit.boards.advice import skill_advice

TWO_D6 = Counter(a + b for a in range(1, 7) for b in range(1, 7))
DECK = [4, 5, 6, 7, 8] * 4


def p2d6(target: int) -> Fraction:
    """P(2d6 >= target)."""
    return Fraction(sum(c for v, c in TWO_D6.items() if v >= target), 36)


# ------------------------------------------------------------------ 1. face-down modifiers
def limit_best(cards, hidden, mods, need, skill_at, wins=0, pool=None):
    """Best play on a limit board by brute force: every open slot tried at every check, a
    face-down card averaged over the deck's unseen cards. ``skill_at(i)`` is the penalty of the
    i-th check from now. Returns {slot: chance when that slot is faced first}."""
    seen = [c for s, c in enumerate(cards, 1) if s not in hidden]
    deck = Counter(DECK) if pool is None else Counter(pool)
    if pool is None:
        deck.subtract(seen)
    start = tuple(sorted((v, c) for v, c in deck.items() if c > 0))

    @cache
    def value(open_, won, i, left):
        if won >= need:
            return Fraction(1)
        if not open_ or won + len(open_) < need:
            return Fraction(0)
        return max(face(open_, won, i, left, s) for s in open_)

    @cache
    def face(open_, won, i, left, s):
        rest = tuple(x for x in open_ if x != s)
        pen = skill_at(i)
        if s not in hidden:
            p = p2d6(cards[s - 1] + mods.get(s, 0) + pen)
            return p * value(rest, won + 1, i + 1, left) + (1 - p) * value(rest, won, i + 1, left)
        total = sum(c for _, c in left)
        out = Fraction(0)
        for v, c in left:
            after = tuple((w, d - (w == v)) for w, d in left if d - (w == v) > 0)
            p = p2d6(v + mods.get(s, 0) + pen)
            out += Fraction(c, total) * (
                p * value(rest, won + 1, i + 1, after) + (1 - p) * value(rest, won, i + 1, after)
            )
        return out

    slots = tuple(range(1, len(cards) + 1))
    return {s: face(slots, wins, 0, start, s) for s in slots}


def test_face_down_slots_with_different_modifiers_are_different_cards():
    # The board: slots 1 and 2 face down, slot 2 at -3; every check with Tinker.
    board = LimitBoard([7, 6, 4], need=2, hidden=[1, 2], modifiers={2: -3})
    want = limit_best([7, 6, 4], {1, 2}, {2: -3}, 2, lambda i: 2 * i)
    a = kit.advice(board, checks="2d6", skills="Tinker")
    labels = {1: "slot 1, face down", 2: "slot 2, face down, -3", 3: "slot 3, 4"}
    assert set(a.options) == set(labels.values())
    for slot, label in labels.items():
        assert a.options[label] == pytest.approx(float(want[slot]), abs=1e-12)
        assert a.answer(label) == slot
    # before: "slot 2 (face down)" recommended at 73.6%, the 4 rated 69.9%
    assert a.best == "slot 3, 4" and a.options["slot 3, 4"] == pytest.approx(0.78439, abs=5e-6)
    fixed = max(
        odds(board, "2d6", "Tinker", order=list(o)).success for o in permutations([1, 2, 3])
    )
    assert float(fixed) == pytest.approx(0.77736, abs=5e-6)
    assert a.options[a.best] >= float(fixed)
    # skill advice walks the same game: one skill on offer is the same question
    s = kit.advice(board, decide="skill", skills=["Tinker"], checks="2d6")
    assert s.options["Tinker"] == pytest.approx(float(max(want.values())), abs=1e-12)
    assert s.notes["Tinker"].startswith("slot 3:")


def test_skill_advice_tells_face_down_slots_apart_by_modifier():
    # Two face-down slots, the first at +3; a strong skill and a weak one. The walk must not
    # treat the +3 slot as the other face-down card (before, it only ever tried the first).
    board = LimitBoard([5, 8, 6, 7], need=2, hidden=[2, 4], modifiers={2: 3})
    got = skill_advice(board, {"Tinker: Locks": "2d6+2", "Stealth": None}, "2d6")

    @cache
    def best(open_, won, uses, left):
        if won >= 2:
            return Fraction(1)
        if won + len(open_) < 2:
            return Fraction(0)
        return max(q(open_, won, uses, left, k) for k in (0, 1))

    mods = {2: 3}
    plus = (2, 0)

    @cache
    def q(open_, won, uses, left, k):
        def p(target):
            return p2d6(target - plus[k] + 2 * uses[k])

        after_uses = uses[:k] + (uses[k] + 1,) + uses[k + 1 :]
        out = Fraction(0)
        for s in open_:
            rest = tuple(x for x in open_ if x != s)
            if s not in (2, 4):
                c = p([5, 8, 6, 7][s - 1])
                v = c * best(rest, won + 1, after_uses, left) + (1 - c) * best(
                    rest, won, after_uses, left
                )
            else:
                total = sum(n for _, n in left)
                v = Fraction(0)
                for card, n in left:
                    after = tuple((w, d - (w == card)) for w, d in left if d - (w == card) > 0)
                    c = p(card + mods.get(s, 0))
                    v += Fraction(n, total) * (
                        c * best(rest, won + 1, after_uses, after)
                        + (1 - c) * best(rest, won, after_uses, after)
                    )
            out = max(out, v)
        return out

    deck = Counter(DECK)
    deck.subtract([5, 6])
    left = tuple(sorted(deck.items()))
    for k, name in enumerate(["Tinker: Locks", "Stealth"]):
        want = q((1, 2, 3, 4), 0, (0, 0), left, k)
        assert got.options[name] == pytest.approx(float(want), abs=1e-12)


# ------------------------------------------------------------------ 2. rules that recursed
def contest_oracle(cards, p_player, p_opponent):
    """P(players win) of a contest whose every exchange is alike (no penalties): the goal moves
    right (players) with a(1-b), left with b(1-a); ties repeat the exchange."""
    n = len(cards)

    @cache
    def win(lo, hi, g):
        if g > hi:
            return Fraction(1)
        if g < lo:
            return Fraction(0)
        a, b = p_player(cards[g]), p_opponent(cards[g])
        right, left = a * (1 - b), b * (1 - a)
        return (right * win(lo + 1, hi, g + 1) + left * win(lo, hi - 1, g - 1)) / (right + left)

    return win(0, n - 1, n // 2)


def test_contest_skill_advice_with_no_penalty_ends():
    # skill_penalty=0: uses cost nothing, so every skill plays the same exchange forever; this
    # recursed without end before. The players roll 2d6+1, the opponent 2d6.
    cards = [6, 7, 8, 7, 6]
    board = Contest(cards, rules=BoardRules(skill_penalty=0))
    a = skill_advice(board, ["Persuasion: Argue", "Insight: Read"], "2d6+1", opponent_checks="2d6")
    want = contest_oracle(cards, lambda c: p2d6(c - 1), p2d6)
    for chance in a.options.values():
        assert chance == pytest.approx(float(want), abs=1e-12)


def chase_oracle(cards, role, npc, penalty, faces="leftmost"):
    """P(the players get their way) in a chase with one skill costing ``penalty`` per earlier
    use (0: untracked), a plain recursion in round order (the escapee first). ``npc``: the NPC's
    chance each round. Rounds that change nothing repeat: ``moved / (1 - same)``."""
    n = len(cards)

    @cache
    def value(left, goal, uses):
        if goal >= n:
            return Fraction(1 if role == "escapee" else 0)
        if left > goal:
            return Fraction(0 if role == "escapee" else 1)
        if p2d6(min(cards[left:]) + penalty * uses) == 0:
            return Fraction(0)  # the players can never succeed again
        more = uses + 1 if penalty else uses
        outs = []
        if role == "escapee":
            a = p2d6(cards[goal] + penalty * uses)
            for pa, g in ((a, goal + 1), (1 - a, goal)):
                if g >= n:
                    outs.append((pa, (left, g, more)))
                    continue
                outs.append((pa * npc, (left + 1, g, more)))
                outs.append((pa * (1 - npc), (left, g, more)))
        else:
            for pb, g in ((npc, goal + 1), (1 - npc, goal)):
                if g >= n:
                    outs.append((pb, (left, g, uses)))
                    continue
                a = p2d6(cards[g if faces == "goal" else left] + penalty * uses)
                outs.append((pb * a, (left + 1, g, more)))
                outs.append((pb * (1 - a), (left, g, more)))
        here = (left, goal, uses)
        same = sum(w for w, pos in outs if pos == here)
        moved = sum(w * value(*pos) for w, pos in outs if pos != here)
        return moved / (1 - same) if same < 1 else Fraction(0)

    return value(0, 0, 0)


@pytest.mark.parametrize("role", ["escapee", "pursuer"])
def test_chase_skill_advice_with_no_penalty_and_a_fallible_npc_ends(role):
    # npc_chance=0.5 and skill_penalty=0: rounds in which nobody gets their way repeat; this
    # recursed without end before.
    cards = [5, 6, 7, 6, 5]
    rules = BoardRules(skill_penalty=0, npc_chance=0.5)
    a = skill_advice(Chase(cards, role=role, rules=rules), ["Athletics: Run", "Stealth: Hide"])
    want = chase_oracle(cards, role, Fraction(1, 2), 0)
    for chance in a.options.values():
        assert chance == pytest.approx(float(want), abs=1e-12)


def test_chase_with_a_fallible_npc_and_penalties_ends_and_matches_the_oracle():
    cards = [5, 6, 7, 6, 5]
    board = Chase(cards, role="escapee", rules=BoardRules(npc_chance=0.5))
    a = skill_advice(board, ["Athletics: Run"])
    want = chase_oracle(cards, "escapee", Fraction(1, 2), 2)
    assert a.options["Athletics: Run"] == pytest.approx(float(want), abs=1e-12)


# ------------------------------------------------------------------ 3. chase order
@pytest.mark.parametrize("skill", ["Tinker", "Athletics: Run"])
def test_a_pursuer_facing_the_goal_checks_it_after_the_escapee_moved(skill):
    # One skill on offer is no choice at all: the advice is the chase's odds with that skill.
    cards = [5, 6, 7, 6, 5, 8]
    rules = BoardRules(pursuer_faces="goal", npc_chance=0.5, track_general_skill=False)
    board = Chase(cards, role="pursuer", rules=rules)
    a = skill_advice(board, [skill])
    tracked = ":" in skill
    want = chase_oracle(cards, "pursuer", Fraction(1, 2), 2 if tracked else 0, "goal")
    assert a.options[skill] == pytest.approx(float(want), abs=1e-12)
    assert a.options[skill] == pytest.approx(float(odds(board, "2d6", skill).success), abs=1e-9)


# ------------------------------------------------------------------ 4. dealt limit boards
def rows(n):
    """Every row of n values dealt from the event deck without replacement, with its chance."""
    for row in product([4, 5, 6, 7, 8], repeat=n):
        left = Counter(DECK)
        w = Fraction(1)
        for v in row:
            w *= Fraction(left[v], sum(left.values()))
            left[v] -= 1
        if w:
            yield row, w


def sequence_chance(targets, need):
    """P(at least ``need`` of the checks succeed) with each target given in order."""

    @cache
    def go(i, s):
        if s >= need:
            return Fraction(1)
        if s + len(targets) - i < need:
            return Fraction(0)
        p = p2d6(targets[i])
        return p * go(i + 1, s + 1) + (1 - p) * go(i + 1, s)

    return go(0, 0)


def adaptive(cards, need):
    """Best play on face-up cards with one skill (+2 a use): each card chosen as play goes."""

    @cache
    def go(left, s, i):
        if s >= need:
            return Fraction(1)
        if s + len(left) < need:
            return Fraction(0)
        return max(
            p2d6(c + 2 * i) * go(left[:j] + left[j + 1 :], s + 1, i + 1)
            + (1 - p2d6(c + 2 * i)) * go(left[:j] + left[j + 1 :], s, i + 1)
            for j, c in enumerate(left)
        )

    return go(tuple(sorted(cards)), 0, 0)


def test_deal_odds_of_a_limit_board_sees_the_face_up_cards():
    # The case: limit 2 of 4, all face up, one skill on every check. Once dealt, the
    # players face the cards in the order odds() uses (easiest first): the average over every
    # deal is 0.5060 (before: 0.4285, as if no card were ever seen).
    board = LimitBoard([5, 5, 5, 5], need=2)
    easiest_first = Fraction(0)
    best_order = Fraction(0)
    best_play = Fraction(0)
    kit_average = Fraction(0)
    for row, w in rows(4):
        ordered = sorted(row)
        easiest_first += w * sequence_chance([c + 2 * i for i, c in enumerate(ordered)], 2)
        best_order += w * max(
            sequence_chance([row[j] + 2 * i for i, j in enumerate(o)], 2)
            for o in permutations(range(4))
        )
        best_play += w * adaptive(row, 2)
        kit_average += w * odds(LimitBoard(list(row), need=2), "2d6", "Tinker").success
    assert kit_average == easiest_first
    got = deal_odds(board, "2d6", "Tinker")
    assert got.method == "exact" and got.success == easiest_first
    assert float(got.success) == pytest.approx(0.5060, abs=5e-5)
    # best play (each card chosen once the earlier checks are known) is order="best"
    best = deal_odds(board, "2d6", "Tinker", order="best").success
    assert best == pytest.approx(float(best_play), abs=1e-12)
    assert float(easiest_first) < float(best_order) <= float(best_play)
    assert (round(float(best_order), 4), round(float(best_play), 4)) == (0.5601, 0.5692)


def test_deal_odds_keeps_the_face_down_slots_unknown():
    # Three face-up slots and one face-down slot at -2: the players see the three once dealt
    # and face them easiest first; the face-down card is whatever is left, revealed last.
    board = LimitBoard([5, 5, 5, 5], need=2, hidden=[2], modifiers={2: -2, 4: 1})
    want = Fraction(0)
    for row, w in rows(4):
        up = sorted(row[s - 1] + {4: 1}.get(s, 0) for s in (1, 3, 4))
        targets = [d + 2 * i for i, d in enumerate(up)] + [row[1] - 2 + 6]
        want += w * sequence_chance(targets, 2)
    got = deal_odds(board, "2d6", "Tinker")
    assert got.success == want


def test_limit_rule_impact_uses_the_dealt_odds():
    im = rule_impact(
        BoardRules(),
        BoardRules(skill_penalty=1),
        "2d6",
        kind="limit",
        lengths=[4],
        goals=[2],
        skills="Tinker",
    )
    cell = im.cells()[0]
    assert cell.before == pytest.approx(0.5060, abs=5e-5)
    want = deal_odds(
        LimitBoard([5] * 4, need=2, rules=BoardRules(skill_penalty=1)), "2d6", "Tinker"
    )
    assert cell.after == pytest.approx(float(want.success), abs=1e-12)
