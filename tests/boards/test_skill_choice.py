"""Which skill for the next check (#15): exact chances checked by hand from the Complex Tasks
text, against an independent small expectimax written from the text, and against forcing each
skill on copies of the board.

The rules used (Complex Tasks, RULINGS Complex Tasks 2-4): a check succeeds when it reaches card
value + slot modifier + 2 for every earlier use of the same skill on the board; on a standard
board successes fill slots from the left and failures from the right, and a success on the
goal slot wins; a limit board (n) is won at n successes, the cards faced in any order, and lost
as soon as the cards left cannot give the successes still needed.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

import kit
from kit.boards import (
    BoardRules,
    Chase,
    Contest,
    LimitBoard,
    PreparationBoard,
    StandardBoard,
    odds,
)
from kit.boards.advice import skill_advice
from kit.errors import IllegalAction, InvalidInput, InvalidType


def at_least(t: int, plus: int = 0) -> Fraction:
    """P(2d6 + plus >= t), counted from the 36 outcomes."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + plus >= t), 36)


def bomb() -> StandardBoard:
    # The text's bomb: 4 cards, the goal on the third. The text gives no card values; these make
    # its checks come out as told: Emily's Investigation 6 beats the first card (6), her Tinker 5
    # misses the second (6).
    board = StandardBoard([6, 6, 7, 4], goal=3)
    board.check(6, "Investigation: Mechanical Working")
    board.check(5, "Tinker: Disable Device")
    return board


def test_the_bomb_by_hand():
    # One success (slot 1) and one failure (slot 4): a failure now covers the goal, so checks 3
    # and 4 (cards 7 and 4) must both succeed. Everyone rolls 2d6.
    # Persuasion: Calm (fresh) on the 7: 21/36; then a fresh Tinker: Repair on the 4: 33/36.
    # Tinker: Repair first is the same, Persuasion then fresh on the 4.
    # Tinker: Disable Device again: 7 + 2 = 9, 10/36; then a fresh skill on the 4: 33/36.
    a = kit.advice(bomb(), skills=["Persuasion: Calm", "Tinker: Repair", "Tinker: Disable Device"])
    assert a.exact and a.stderr is None
    assert a.options["Persuasion: Calm"] == pytest.approx(21 / 36 * 33 / 36, abs=1e-12)
    assert a.options["Tinker: Repair"] == pytest.approx(21 / 36 * 33 / 36, abs=1e-12)
    assert a.options["Tinker: Disable Device"] == pytest.approx(10 / 36 * 33 / 36, abs=1e-12)
    assert a.best == "Persuasion: Calm"  # a tie: the first listed
    assert "penalty +2" in a.notes["Tinker: Disable Device"]


def test_a_strong_skill_is_worth_its_penalty_on_the_hard_card():
    # Emily is good at Tinker: Disable Device (2d6+3), Jake rolls Persuasion: Calm on 2d6.
    # Disable now: target 9 -> 2d6 >= 6: 26/36; then on the 4 the better of Persuasion (target
    # 4: 33/36) and Disable again (target 8 -> 2d6 >= 5: 30/36): 33/36.
    # Persuasion now: 21/36; then on the 4 Persuasion again (target 6: 26/36) or Disable (target
    # 6 -> 2d6 >= 3: 35/36): 35/36.
    a = kit.advice(bomb(), skills={"Persuasion: Calm": None, "Tinker: Disable Device": "2d6+3"})
    disable = at_least(6) * at_least(4)
    persuade = at_least(7) * at_least(3)
    assert (disable, persuade) == (Fraction(26 * 33, 1296), Fraction(21 * 35, 1296))
    assert a.options["Tinker: Disable Device"] == pytest.approx(float(disable), abs=1e-12)
    assert a.options["Persuasion: Calm"] == pytest.approx(float(persuade), abs=1e-12)
    assert a.best == "Tinker: Disable Device"


# ------------------------------------------------------------------ an independent oracle
def standard_oracle(cards, mods, goal, skills, used, s0, f0):
    """Best chance of reaching the goal of a standard board, written from the text alone.

    ``skills``: {name: plus} (each rolls 2d6 + plus); ``used``: {name: uses so far}; ``s0``,
    ``f0``: successes and failures so far. Returns {first skill: chance}.
    """
    n, names = len(cards), list(skills)

    @cache
    def best(s, f, uses):
        if s + f == n:
            return Fraction(0)
        return max(q(s, f, uses, i) for i in range(len(names)))

    @cache
    def q(s, f, uses, i):
        k = s + f  # the next card, 0-based
        target = cards[k] + mods[k] + 2 * uses[i]
        p = at_least(target, skills[names[i]])
        after = uses[:i] + (uses[i] + 1,) + uses[i + 1 :]
        # a success lands on the leftmost open slot, s + 1 (1-based): the goal wins
        win = Fraction(1) if s + 1 == goal else best(s + 1, f, after)
        return p * win + (1 - p) * best(s, f + 1, after)

    start = tuple(used.get(name, 0) for name in names)
    return {name: q(s0, f0, start, i) for i, name in enumerate(names)}


@pytest.mark.parametrize(
    ("cards", "mods", "goal", "plays"),
    [
        ([5, 8, 6, 7, 4], [0, 0, 1, 0, -1], 4, []),
        ([7, 4, 8, 5, 6, 7], [0] * 6, 5, [(9, "Tinker: Repair")]),
        ([6, 6, 7, 4], [0, 0, 2, 0], 3, [(4, "Stealth"), (8, "Tinker: Repair")]),
    ],
)
def test_standard_boards_agree_with_an_oracle_from_the_text(cards, mods, goal, plays):
    board = StandardBoard(cards, goal=goal, modifiers=mods)
    for value, skill in plays:
        board.check(value, skill)
    skills = {"Tinker: Repair": 2, "Stealth": 0, "Persuasion: Calm": -1}
    used = {k: sum(1 for _, s in plays if s == k) for k in skills}
    wins = sum(1 for r in board.history if r.success)
    want = standard_oracle(cards, mods, goal, skills, used, wins, len(plays) - wins)
    got = skill_advice(board, {k: f"2d6{v:+d}" for k, v in skills.items()})
    for name in skills:
        assert got.options[name] == pytest.approx(float(want[name]), abs=1e-12)
    assert got.best == max(want, key=lambda k: (want[k], -list(skills).index(k)))


def limit_oracle(cards, need, skills):
    """Best chance of a limit board (all cards face up), written from the text alone: any open
    card, any skill, n successes win, stop once the cards left cannot give them."""
    names = list(skills)

    @cache
    def best(open_, s, uses):
        if s >= need:
            return Fraction(1)
        if s + len(open_) < need:
            return Fraction(0)
        return max(q(open_, s, uses, i) for i in range(len(names)))

    @cache
    def q(open_, s, uses, i):
        out = Fraction(0)
        for c in open_:
            p = at_least(cards[c] + 2 * uses[i], skills[names[i]])
            rest = tuple(x for x in open_ if x != c)
            after = uses[:i] + (uses[i] + 1,) + uses[i + 1 :]
            out = max(out, p * best(rest, s + 1, after) + (1 - p) * best(rest, s, after))
        return out

    start = tuple(range(len(cards)))
    return {name: q(start, 0, (0,) * len(names), i) for i, name in enumerate(names)}


def test_limit_boards_agree_with_an_oracle_from_the_text():
    cards = [5, 8, 4, 7, 6]
    skills = {"Tinker: Repair": 1, "Stealth": 0}
    want = limit_oracle(cards, 3, skills)
    got = kit.advice(
        LimitBoard(cards, need=3),
        decide="skill",
        skills={"Tinker: Repair": "2d6+1", "Stealth": None},
    )
    for name in skills:
        assert got.options[name] == pytest.approx(float(want[name]), abs=1e-12)
    assert got.notes["Stealth"].startswith("slot ")


# ------------------------------------------------------------------ forcing each option
def _value(board, skills, checks):
    if board.finished:
        return 1.0 if board.outcome == "success" else 0.0
    return max(skill_advice(board, skills, checks).options.values())


@pytest.mark.parametrize("kind", ["standard", "limit"])
def test_each_option_agrees_with_forcing_that_skill_on_copies_of_the_board(kind):
    skills = ["Tinker: Repair", "Stealth", "Tinker"]
    if kind == "standard":
        board = StandardBoard([6, 5, 8, 7, 5], goal=4)
        board.check(9, "Tinker: Repair")
    else:
        board = LimitBoard([6, 5, 8, 7], need=2)
        board.check(3, slot=2, skill="Stealth")
    a = skill_advice(board, skills, "2d6+1")
    for name in skills:
        slot = board.next_slot or int(a.notes[name].split(":")[0].split()[1])
        target = board.slot_target(slot, name)
        p = float(at_least(target, 1))
        hit, miss = board.copy(), board.copy()
        for copy, value in ((hit, target), (miss, target - 1)):  # a check of the target succeeds
            if kind == "standard":
                copy.check(value, name)
            else:
                copy.check(value, slot=slot, skill=name)
        assert hit.history[-1].success and not miss.history[-1].success
        forced = p * _value(hit, skills, "2d6+1") + (1 - p) * _value(miss, skills, "2d6+1")
        assert a.options[name] == pytest.approx(forced, abs=1e-12)
    assert len(set(a.options.values())) > 1


# ------------------------------------------------------------------ against odds()
def test_one_skill_is_the_odds_of_that_skill_every_time():
    board = StandardBoard([6, 5, 8, 7, 5], goal=4, modifiers=[0, 1, 0, -2, 0])
    board.check(8, "Tinker")
    a = skill_advice(board, ["Tinker"], "2d6")
    assert a.options == {"Tinker": pytest.approx(float(odds(board, "2d6", "Tinker").success))}


def test_face_down_cards_are_averaged_over_the_deck_as_odds_does():
    # With the general skill untracked no check carries a penalty, so the order of the cards
    # cannot matter and the best play is any order: odds() with no skills gives the chance.
    rules = BoardRules(track_general_skill=False)
    board = LimitBoard([5, 8, 4, 7, 6], need=3, hidden=[4, 5], rules=rules)
    board.check(6, slot=3, skill="Tinker")
    a = skill_advice(board, ["Tinker"], "2d6")
    assert a.options["Tinker"] == pytest.approx(float(odds(board, "2d6").success), abs=1e-12)


def test_preparation_strength_by_hand():
    # One skill, three cards 4, 5, 6: penalties 0, 2, 4, so targets 4, 7, 10;
    # all three succeed with 33/36 * 21/36 * 6/36.
    board = PreparationBoard([4, 5, 6])
    a = skill_advice(board, ["Tinker"], at_least=3)
    assert a.options["Tinker"] == pytest.approx(33 / 36 * 21 / 36 * 6 / 36, abs=1e-12)
    with pytest.raises(InvalidInput, match="at_least"):
        skill_advice(board, ["Tinker"])


def test_what_skill_advice_refuses():
    board = StandardBoard([5, 6, 7], goal=2)
    with pytest.raises(InvalidInput, match="same skill"):
        skill_advice(board, ["Tinker: Repair", "tinker - repair"])
    with pytest.raises(InvalidType, match="skills must list"):
        skill_advice(board, "Tinker")
    with pytest.raises(InvalidInput, match="skills="):
        kit.advice(board)
    with pytest.raises(InvalidType, match="standard, preparation, limit, contest or chase"):
        skill_advice(object(), ["Tinker"])
    with pytest.raises(InvalidInput, match="for contests"):
        skill_advice(board, ["Tinker"], opponent_checks="2d6")
    with pytest.raises(InvalidInput, match="decide"):
        kit.advice(LimitBoard([4, 5, 6], need=2), decide="dance")
    with pytest.raises(InvalidInput, match="preparation boards only"):
        skill_advice(board, ["Tinker"], at_least=1)
    for value in (9, 9):
        board.check(value)
    with pytest.raises(IllegalAction, match="nothing to decide"):
        skill_advice(board, ["Tinker"])


def test_a_face_down_card_is_averaged_over_the_deck_never_peeked_at():
    # Three 8s face up at +5 (13: out of reach of 2d6) and two cards face down, so the advice
    # faces a hidden one next. Its value is one of the event deck's 4s..8s (four of each) less
    # the three visible 8s: {4: 4, 5: 4, 6: 4, 7: 4, 8: 1} out of 17.
    skills = ["Tinker: Repair", "Stealth"]
    board = LimitBoard([8, 8, 8, 5, 6], need=2, hidden=[4, 5], modifiers=[5, 5, 5, 0, 0])
    board.check(13, slot=1, skill="Tinker: Repair")  # target 13: a success
    a = skill_advice(board, skills)
    # the real values of the face-down cards change nothing
    assert a.options == skill_advice(board.fork(cards=[8, 8, 8, 7, 4]), skills).options
    deck = {4: 4, 5: 4, 6: 4, 7: 4, 8: 1}
    # Stealth (fresh) faces a hidden card; Tinker: Repair (+2) may as well spend its check on
    # an 8 it cannot beat, which leaves Stealth fresh for the hidden cards: the same chance.
    assert a.notes["Stealth"].startswith("slot 4")
    assert a.options["Tinker: Repair"] == pytest.approx(a.options["Stealth"], abs=1e-12)
    forced = 0.0
    for v, count in deck.items():
        fork = board.fork(cards=[8, 8, 8, v, 6])  # the same play, the card turned up as a v
        target = fork.slot_target(4, "Stealth")
        assert target == v
        p = float(at_least(target))
        hit, miss = fork.copy(), fork.copy()
        hit.check(target, slot=4, skill="Stealth")
        miss.check(target - 1, slot=4, skill="Stealth")
        after = p * _value(hit, skills, "2d6") + (1 - p) * _value(miss, skills, "2d6")
        forced += count / 17 * after
    assert a.options["Stealth"] == pytest.approx(forced, abs=1e-12)


# ------------------------------------------------------------------ contests and chases
def contest_oracle(cards, skills, tracked, depth=80):
    """Best chance of winning a contest, from the text: both sides check against the card under
    the goal (the opponent rolls 2d6 with no skill); exactly one success moves the goal one
    slot toward that side (the players' side is the right) and removes the card farthest out on
    the other side; the goal off the board wins for that side. ``depth`` exchanges at most: the
    ties that could go on for ever are cut there (each is a coin flip or worse, so what is cut
    off weighs far less than 1e-12). Returns {first skill: chance, then best play}."""
    names = list(skills)
    n = len(cards)
    dead = {
        name: max(u for u in range(20) if at_least(2 * u, skills[name]) > 0) + 1 for name in names
    }

    def p_of(name, card, u):
        return float(at_least(card + 2 * u, skills[name])) if u < dead[name] else 0.0

    @cache
    def best(lo, hi, goal, uses, d):
        if goal > hi:
            return 1.0
        if goal < lo or d == 0:
            return 0.0
        return max(q(lo, hi, goal, uses, i, d) for i in range(len(names)))

    @cache
    def q(lo, hi, goal, uses, i, d):
        name = names[i]
        card = cards[goal]
        p = p_of(name, card, uses[i])
        o = float(at_least(card))
        after = uses
        if tracked[name]:
            after = uses[:i] + (min(uses[i] + 1, dead[name]),) + uses[i + 1 :]
        up = best(lo + 1, hi, goal + 1, after, d - 1)
        down = best(lo, hi - 1, goal - 1, after, d - 1)
        tie = best(lo, hi, goal, after, d - 1)
        return p * (1 - o) * up + (1 - p) * o * down + (p * o + (1 - p) * (1 - o)) * tie

    start = (0,) * len(names)
    return {name: q(0, n - 1, n // 2, start, i, depth) for i, name in enumerate(names)}


@pytest.mark.parametrize("general_tracked", [True, False])
def test_contests_agree_with_an_oracle_from_the_text(general_tracked):
    cards = [6, 7, 8, 7, 6]
    skills = {"Persuasion: Argue": 2, "Insight": 0, "Athletics: Run": -1}
    rules = BoardRules(track_general_skill=general_tracked)
    tracked = {"Persuasion: Argue": True, "Insight": general_tracked, "Athletics: Run": True}
    want = contest_oracle(cards, skills, tracked)
    got = kit.advice(
        Contest(cards, rules=rules), skills={k: f"2d6{v:+d}" for k, v in skills.items()}
    )
    for name in skills:
        assert got.options[name] == pytest.approx(want[name], abs=1e-9)
    assert got.best == max(want, key=lambda k: (round(want[k], 12), -list(skills).index(k)))


def chase_oracle(cards, skills, npc, depth=120):
    """Best chance that escaping players get away, from the text: each round the escapee (the
    players) acts first, a success moving the goal one slot right (past the last card:
    escaped); then the NPC pursuer succeeds with chance ``npc`` and removes the leftmost card
    (the card under the goal removed: caught). Players check against the card under the goal."""
    names = list(skills)
    n = len(cards)

    @cache
    def best(left, goal, uses, d):
        if goal >= n:
            return 1.0
        if left > goal or d == 0:
            return 0.0
        return max(q(left, goal, uses, i, d) for i in range(len(names)))

    @cache
    def q(left, goal, uses, i, d):
        p = float(at_least(cards[goal] + 2 * uses[i], skills[names[i]]))
        after = uses[:i] + (min(uses[i] + 1, 8),) + uses[i + 1 :]  # 2d6+2 fails past +14
        ran = (
            1.0
            if goal + 1 >= n
            else npc * best(left + 1, goal + 1, after, d - 1)
            + (1 - npc) * best(left, goal + 1, after, d - 1)
        )
        stay = npc * best(left + 1, goal, after, d - 1) + (1 - npc) * best(left, goal, after, d - 1)
        return p * ran + (1 - p) * stay

    return {name: q(0, 0, (0,) * len(names), i, depth) for i, name in enumerate(names)}


def test_a_chase_agrees_with_an_oracle_from_the_text():
    cards = [5, 6, 7, 6, 5, 7]
    skills = {"Athletics: Run": 2, "Stealth: Hide": 0}
    want = chase_oracle(cards, skills, 0.5)
    board = Chase(cards, role="escapee", rules=BoardRules(npc_chance=0.5))
    got = skill_advice(board, {k: f"2d6{v:+d}" for k, v in skills.items()})
    for name in skills:
        assert got.options[name] == pytest.approx(want[name], abs=1e-9)
    assert "escaping" in got.question


def test_contest_options_agree_with_forcing_each_skill_on_copies():
    # The round's four results (each side succeeds or not), each forced on a copy with sure
    # check values; a tie leaves the goal where it is.
    skills = {"Persuasion: Argue": "2d6+2", "Insight: Read": "2d6"}
    board = Contest([6, 7, 8, 7, 6])
    board.exchange(9, 4, "Persuasion: Argue")
    a = skill_advice(board, skills)
    card = board.cards[board.goal - 1].value
    o = float(at_least(card))
    for name in skills:
        target = board.slot_target(board.goal, name)
        p = float(at_least(target, 2 if name.startswith("Persuasion") else 0))
        forced = 0.0
        for w, mine, theirs in (
            (p * o, 20, 20),
            (p * (1 - o), 20, 0),
            ((1 - p) * o, 0, 20),
            ((1 - p) * (1 - o), 0, 0),
        ):
            copy = board.copy()
            copy.exchange(mine, theirs, name)
            forced += w * _value(copy, skills, "2d6")
        assert a.options[name] == pytest.approx(forced, abs=1e-12)
