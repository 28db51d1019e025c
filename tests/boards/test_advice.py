"""The law of board advice (#22), over generated boards and rules.

For every decision the board advisor answers (which card on a limit board, which skill on every
kind of board) and every answer it lists: the chance it reports equals the exact value of
forcing that answer now and playing best afterwards. "Forcing" is done here through the public
API only: the board is copied, the answer is played with a check value that surely succeeds or
surely fails (``board.check`` / ``exchange``, a chase round replayed from its event), a
face-down card is turned into each card the deck still holds (``board.fork``), and each of those
positions is weighted by its chance, worked out in this file from the rule text (RULINGS Complex
Tasks 2-7: target = card + slot modifier + 2 per earlier use of the skill; in a chase the
escapee acts first). "Best afterwards" is the advisor's best answer on the position reached, or
the board's own outcome once it is finished; so the law holds for every position exactly when
the advisor plays best (by induction from the finished boards). Also: ``best`` is an argmax,
best play is never below a fixed order's (or a fixed skill's) ``odds()``, and card advice and
skill advice agree when they answer the same question.

A run under ``HYPOTHESIS_PROFILE=dev`` (ten times the cases) found no failure to keep; the
``@example`` cases are the boards of issue #22 itself.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

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
from kit.log import Event
from tests.strategies import board_rules

#: Examples per law: half the profile's (ci: 50, dev: 500).
EXAMPLES = max(10, settings.default.max_examples // 2)
LAW = settings(max_examples=EXAMPLES, deadline=None)
TOL = 1e-9


def _table(*dice: int, plus: int = 0) -> dict[int, int]:
    """The distribution of the sum of dice with those numbers of faces, plus ``plus``."""
    out = Counter({plus: 1})
    for faces in dice:
        nxt: Counter[int] = Counter()
        for v, c in out.items():
            for f in range(1, faces + 1):
                nxt[v + f] += c
        out = nxt
    return dict(out)


CHECKS = {
    "2d6": _table(6, 6),
    "1d6+3": _table(6, plus=3),
    "2d6+2": _table(6, 6, plus=2),
    "lumpy": {4: 1, 7: 2, 10: 1},
}
NPC_DICE = {"2d6": _table(6, 6), "1d6+3": _table(6, plus=3)}
DECK = Counter([4, 5, 6, 7, 8] * 4)
SKILLS = ["Tinker", "Tinker: Locks", "Stealth: Sneak", "Persuasion"]


def chance(table: dict[int, int], target: int, meet: bool) -> float:
    """P(a check from ``table`` succeeds against ``target``): reach it, or beat it."""
    hit = sum(c for v, c in table.items() if (v >= target if meet else v > target))
    return hit / sum(table.values())


def sure(target: int, hit: bool, meet: bool) -> int:
    """A check value that surely succeeds (or surely fails) against ``target``."""
    if hit:
        return target if meet else target + 1
    return target - 1 if meet else target


# ------------------------------------------------------------------ strategies
checks_st = st.sampled_from(sorted(CHECKS))
skill_st = st.sampled_from([*SKILLS, None])
plan_st = st.one_of(
    st.none(),
    st.sampled_from(SKILLS),
    st.lists(skill_st, max_size=4),
)


def offers(most: int) -> st.SearchStrategy[list[tuple[str, str | None]]]:
    """Up to ``most`` skills on offer, each with the players' checks or its own."""
    return st.lists(
        st.tuples(st.sampled_from(SKILLS), st.sampled_from([None, None, None, *sorted(CHECKS)])),
        min_size=1,
        max_size=most,
        unique_by=lambda t: t[0],
    )


offer_st = offers(3)


def cards_st(lo: int, hi: int) -> st.SearchStrategy[list[int]]:
    return st.integers(lo, hi).flatmap(
        lambda n: st.lists(st.integers(4, 8), min_size=n, max_size=n)
    )


def used_st(names: list[str] | None) -> st.SearchStrategy[str | None]:
    """The skill of a check already on the board: often one the players are offered now, so
    the advice starts from skills used unevenly."""
    if not names:
        return skill_st
    return st.one_of(st.sampled_from(names), skill_st)


@st.composite
def limit_boards(draw: Any, names: list[str] | None = None) -> LimitBoard:
    cards = draw(cards_st(3, 5))
    n = len(cards)
    board = LimitBoard(
        cards,
        need=draw(st.integers(1, n)),
        hidden=sorted(draw(st.sets(st.integers(1, n), max_size=3))),
        modifiers=draw(st.dictionaries(st.integers(1, n), st.integers(-3, 3), max_size=n)),
        rules=draw(board_rules),
    )
    for _ in range(draw(st.integers(0, 2))):
        if board.finished:
            break
        slot = draw(st.sampled_from(board.open_slots))
        board.check(draw(st.integers(2, 12)), slot=slot, skill=draw(used_st(names)))
    if board.finished:  # a finished board has nothing to advise: start it again
        board.reset()
    return board


@st.composite
def row_boards(draw: Any, names: list[str] | None = None) -> StandardBoard | PreparationBoard:
    cards = draw(cards_st(3, 5))
    n = len(cards)
    mods = draw(st.dictionaries(st.integers(1, n), st.integers(-3, 3), max_size=n))
    rules = draw(board_rules)
    if draw(st.booleans()):
        board: Any = StandardBoard(cards, goal=draw(st.integers(1, n)), modifiers=mods, rules=rules)
    else:
        board = PreparationBoard(cards, modifiers=mods, rules=rules)
    for _ in range(draw(st.integers(0, 2))):
        if board.finished:
            break
        board.check(draw(st.integers(2, 12)), draw(used_st(names)))
    if board.finished:
        board.reset()
    return board


@st.composite
def round_boards(draw: Any, names: list[str] | None = None) -> Contest | Chase:
    rules = draw(board_rules)
    if draw(st.booleans()):
        n = draw(st.sampled_from([3, 5]))
        cards = draw(st.lists(st.integers(4, 8), min_size=n, max_size=n))
        mods = draw(st.dictionaries(st.integers(1, n), st.integers(-2, 2), max_size=2))
        board: Any = Contest(cards, modifiers=mods, rules=rules)
        for _ in range(draw(st.integers(0, 2))):
            if board.finished:
                break
            board.exchange(draw(st.integers(2, 12)), draw(st.integers(2, 12)), draw(used_st(names)))
    else:
        cards = draw(cards_st(5, 6))
        mods = draw(st.dictionaries(st.integers(1, len(cards)), st.integers(-2, 2), max_size=2))
        board = Chase(
            cards,
            role=draw(st.sampled_from(["escapee", "pursuer"])),
            head_start=draw(st.booleans()),
            npc_checks=draw(st.sampled_from([None, None, *sorted(NPC_DICE)])),
            modifiers=mods,
            rules=rules,
            seed=1,
        )
        for _ in range(draw(st.integers(0, 2))):
            if board.finished:
                break
            board.check(draw(st.integers(2, 12)), draw(used_st(names)))
    if board.finished:
        board.reset()
    return board


def _used_once(board: Any, skill: str, value: int = 2) -> Any:
    """``board`` after one check (or exchange, both sides rolling ``value``) with ``skill``."""
    if isinstance(board, Contest):
        board.exchange(value, value, skill)
    else:
        board.check(value, skill)
    return board


def _limit_used(board: LimitBoard, skill: str) -> LimitBoard:
    """``board`` after a check with ``skill`` that misses its first open slot."""
    board.check(2, slot=board.open_slots[0], skill=skill)
    return board


def offered_on(boards: Any, most: int) -> st.SearchStrategy[tuple[Any, list[Any]]]:
    """Skills on offer and a board whose earlier checks used some of them."""
    return offers(most).flatmap(
        lambda pairs: st.tuples(boards([n for n, _ in pairs]), st.just(pairs))
    )


# ------------------------------------------------------------------ forcing, through the API
def pool_of(board: LimitBoard) -> Counter[int]:
    """What a face-down card may be: the event deck without the cards the players can see."""
    left = Counter(DECK)
    for card in board.visible_cards():
        if left[card.value]:
            left[card.value] -= 1
    return +left


def turned_up(board: LimitBoard, slot: int) -> list[tuple[float, LimitBoard]]:
    """The board with the card in ``slot`` being each card it may be, with its chance."""
    if not board.is_face_down(slot):
        return [(1.0, board)]
    pool = pool_of(board)
    total = sum(pool.values())
    out = []
    for v, c in sorted(pool.items()):
        cards = [card.value for card in board.cards]
        cards[slot - 1] = v
        out.append((c / total, board.fork(cards=cards)))
    return out


def checked(board: Any, slot: int | None, skill: str | None, hit: bool) -> Any:
    """A copy of ``board`` after a check with ``skill`` that surely succeeds (or fails)."""
    target = board.slot_target(slot or board.next_slot, skill)
    nxt = board.copy()
    value = sure(target, hit, board.rules.meet_target)
    record = nxt.check(value, slot=slot, skill=skill) if slot else nxt.check(value, skill)
    assert record.success == hit  # this file's target is the board's
    return nxt


def forced_check(board: Any, slot: int | None, skill: str | None, table: dict, after: Any) -> float:
    """The value of a check with ``skill`` on ``slot`` (the next slot: None), ``after`` valuing
    each position it leads to."""
    total = 0.0
    for w, b in turned_up(board, slot) if slot else [(1.0, board)]:
        p = chance(table, b.slot_target(slot or b.next_slot, skill), b.rules.meet_target)
        for hit, q in ((True, p), (False, 1 - p)):
            if q:
                total += w * q * after(checked(b, slot, skill, hit))
    return total


def ended(board: Any, at_least: int | None = None) -> float | None:
    """The board's value once finished (1 the players' way, else 0), None while in play."""
    if not board.finished:
        return None
    if isinstance(board, PreparationBoard):
        return 1.0 if board.successes >= (at_least or 0) else 0.0
    return 1.0 if board.outcome == "success" else 0.0


def shifted(plan: Any) -> Any:
    """The skill plan from the next check on."""
    return plan[1:] if isinstance(plan, list) else plan


def first(plan: Any) -> str | None:
    if isinstance(plan, list):
        return plan[0] if plan else None
    return plan


def offer(pairs: list[tuple[str, str | None]]) -> dict[str, Any]:
    return {name: None if own is None else CHECKS[own] for name, own in pairs}


def table_of(skills: dict[str, Any], name: str, default: dict) -> dict:
    return default if skills[name] is None else skills[name]


# ------------------------------------------------------------------ card advice
@LAW
@given(limit_boards(), checks_st, plan_st)
@example(LimitBoard([7, 6, 4], need=2, hidden=[1, 2], modifiers={2: -3}), "2d6", "Tinker").via(
    "the issue's board"
)
def test_card_advice_is_forcing_each_card_then_best_play(board, checks, plan):
    table = CHECKS[checks]
    a = kit.advice(board, checks=table, plan=plan)

    def best_after(b: LimitBoard) -> float:
        done = ended(b)
        if done is not None:
            return done
        return max(kit.advice(b, checks=table, plan=shifted(plan)).options.values())

    assert set(a.options) == {board.slot_label(s) for s in board.open_slots}
    for label, got in a.options.items():
        want = forced_check(board, a.answer(label), first(plan), table, best_after)
        assert got == pytest.approx(want, abs=TOL), label
    top = max(a.options.values())
    assert a.options[a.best] >= top - 1e-12  # an argmax (ties within 1e-12: the first listed)
    # best play is never below any fixed order of the cards
    for order in list(permutations(board.open_slots))[:24]:
        fixed = float(odds(board, table, plan, order=list(order)).success)
        assert top >= fixed - TOL
    # one skill on offer asks the same question as a plan of that skill on every check
    if isinstance(plan, str):
        one = skill_advice(board, [plan], table)
        assert one.options[plan] == pytest.approx(top, abs=TOL)


# ------------------------------------------------------------------ skill advice
def _skill_law(board: Any, skills: dict[str, Any], table: dict, at_least: int | None) -> None:
    a = skill_advice(board, skills, table, at_least=at_least)

    def best_after(b: Any) -> float:
        done = ended(b, at_least)
        if done is not None:
            return done
        return max(skill_advice(b, skills, table, at_least=at_least).options.values())

    for name, got in a.options.items():
        own = table_of(skills, name, table)
        if isinstance(board, LimitBoard):  # the skill, then the best card for it
            want = max(forced_check(board, s, name, own, best_after) for s in board.open_slots)
        else:
            want = forced_check(board, None, name, own, best_after)
        assert got == pytest.approx(want, abs=TOL), name
        assert a.answer(name) == name
    top = max(a.options.values())
    assert a.options[a.best] >= top - 1e-12  # an argmax (ties within 1e-12: the first listed)
    for name in skills:  # playing one skill throughout is a fixed plan: never better
        o = odds(board, table_of(skills, name, table), name)
        fixed = (
            sum(float(p) for k, p in o.successes.items() if k >= (at_least or 0))
            if isinstance(board, PreparationBoard)
            else float(o.success)
        )
        assert top >= fixed - TOL


@LAW
@given(offered_on(limit_boards, 3), checks_st)
@example(
    (
        LimitBoard([5, 8, 6, 7], need=2, hidden=[2, 4], modifiers={2: 3}),
        [("Tinker: Locks", "2d6+2"), ("Stealth: Sneak", None)],
    ),
    "2d6",
).via("face-down slots told apart by modifier")
@example(
    (
        _limit_used(LimitBoard([5, 8, 6, 7], need=2, hidden=[4]), "Stealth: Sneak"),
        [("Tinker", None), ("Stealth: Sneak", None)],
    ),
    "2d6",
).via("alike skills used unevenly: a position keeps their counts in order")
def test_skill_advice_on_a_limit_board_is_forcing_each_skill(drawn, checks):
    board, pairs = drawn
    _skill_law(board, offer(pairs), CHECKS[checks], None)


@LAW
@given(offered_on(row_boards, 3), checks_st, st.integers(1, 5))
@example(
    (
        _used_once(
            _used_once(StandardBoard([5, 6, 7, 6, 5, 7], goal=4), "Tinker", 12),
            "Stealth: Sneak",
            12,
        ),
        [("Tinker", None), ("Stealth: Sneak", None), ("Persuasion", None)],
    ),
    "2d6",
    1,
).via("three alike skills, one used: after a second is used, the fresh one is still tried")
def test_skill_advice_on_standard_and_preparation_boards(drawn, checks, at_least):
    board, pairs = drawn
    need = min(at_least, board.length) if isinstance(board, PreparationBoard) else None
    _skill_law(board, offer(pairs), CHECKS[checks], need)


# ------------------------------------------------------------------ rounds
def _contest_round(board: Contest, name: str, own: dict, table: dict, oplan: Any, after: Any):
    """The value of one exchange with ``name``: both sides check the card under the goal."""
    oskill = first(oplan)
    meet = board.rules.meet_target
    mine = board.slot_target(board.goal, name)
    theirs = board.cards[board.goal - 1].value + board.modifiers[board.goal - 1]
    theirs += board.opponent_penalty_for(oskill)
    p, q = chance(own, mine, meet), chance(table, theirs, meet)
    total = 0.0
    for hit, wp in ((True, p), (False, 1 - p)):
        for ohit, wq in ((True, q), (False, 1 - q)):
            if wp * wq:
                nxt = board.copy()
                nxt.exchange(sure(mine, hit, meet), sure(theirs, ohit, meet), name, oskill)
                total += wp * wq * after(nxt)
    return total


def _replayed(board: Chase, data: dict[str, Any]) -> Chase:
    """A copy of the chase with one more round, as ``data`` records it."""
    events = list(board.events)
    action = events[-1].action + 1 if events else 0
    nxt = board.copy()
    nxt.replay([*events, Event("round", data, action)])
    return nxt


def _chase_round(board: Chase, name: str, own: dict, after: Any) -> float:
    """The value of one chase round with ``name``, in the text's order: the escapee first."""
    rules, meet = board.rules, board.rules.meet_target
    n = board.length
    left = len(board.removed) + 1  # the leftmost card, 1-based
    npc_slot = board.goal if board.role == "pursuer" else left  # the NPC escapee: the goal's card
    if board.npc_checks is not None:
        npc_target = board.cards[npc_slot - 1].value + board.modifiers[npc_slot - 1]
        q = chance(NPC_DICE[str(board.npc_checks)], npc_target, meet)
        npc = {True: {"npc_value": 1000}, False: {"npc_value": -100}}
    else:
        q = float(rules.npc_chance)
        npc = {True: {"npc_success": True}, False: {"npc_success": False}}
    total = 0.0
    for npc_hit, wq in ((True, q), (False, 1 - q)):
        if not wq:
            continue
        if board.role == "escapee":  # the players act first, against the goal's card
            slot = board.goal
        else:
            goal = board.goal + (1 if npc_hit else 0)
            if goal > n:  # escaped before the players act
                total += wq * after(_replayed(board, {"value": 0, "skill": name, **npc[npc_hit]}))
                continue
            slot = goal if rules.pursuer_faces == "goal" else left
        target = board.slot_target(slot, name)
        p = chance(own, target, meet)
        for hit, wp in ((True, p), (False, 1 - p)):
            if wp:
                data = {"value": sure(target, hit, meet), "skill": name, **npc[npc_hit]}
                nxt = _replayed(board, data)
                mine = [r for r in nxt.history[len(board.history) :] if r.side == "player"]
                assert mine and mine[0].success == hit and mine[0].slot == slot
                total += wq * wp * after(nxt)
    return total


@LAW
@given(offered_on(round_boards, 2), checks_st, st.lists(skill_st, max_size=2))
@example(
    (
        Contest([6, 7, 8, 7, 6], rules=BoardRules(skill_penalty=0)),
        [("Persuasion", None), ("Stealth: Sneak", None)],
    ),
    "2d6",
    [],
).via("skill_penalty=0 (recursed without end)")
@example(
    (
        Chase(
            [5, 6, 7, 6, 5, 8],
            role="pursuer",
            rules=BoardRules(pursuer_faces="goal", npc_chance=0.5),
        ),
        [("Tinker", None)],
    ),
    "2d6",
    [],
).via("a pursuer facing the goal's card after the escapee moved")
@example(
    (
        Contest([6, 7, 8, 7, 6]),
        [("Tinker", None), ("Stealth: Sneak", None)],
    ),
    "2d6",
    ["Persuasion"],
).via("alike skills (same checks, both counted)")
@example(
    (_used_once(Contest([6, 7, 8, 7, 6]), "Tinker"), [("Tinker", None), ("Stealth: Sneak", None)]),
    "2d6",
    [],
).via("alike skills used unevenly: a position keeps their counts in order")
def test_skill_advice_on_contests_and_chases_is_forcing_each_skill(drawn, checks, oplan):
    board, pairs = drawn
    table = CHECKS[checks]
    skills = offer(pairs)
    contest = isinstance(board, Contest)
    extra = {"opponent_checks": table, "opponent_skills": oplan} if contest else {}
    a = skill_advice(board, skills, table, **extra)

    def best_after(b: Any, plan: Any) -> float:
        done = ended(b)
        if done is not None:
            return done
        more = {"opponent_checks": table, "opponent_skills": plan} if contest else {}
        return max(skill_advice(b, skills, table, **more).options.values())

    for name, got in a.options.items():
        own = table_of(skills, name, table)
        if contest:
            want = _contest_round(
                board, name, own, table, oplan, lambda b: best_after(b, shifted(oplan))
            )
        else:
            want = _chase_round(board, name, own, lambda b: best_after(b, None))
        assert got == pytest.approx(want, abs=TOL), name
    top = max(a.options.values())
    assert a.options[a.best] >= top - 1e-12  # an argmax (ties within 1e-12: the first listed)
    for name in skills:  # one skill every round is a fixed plan (a chain, about 1e-12)
        fixed = float(odds(board, table_of(skills, name, table), name, **extra).success)
        assert top >= fixed - 1e-9


# ------------------------------------------------------------------ before the deal
def every_row(n: int) -> list[tuple[tuple[int, ...], float]]:
    """Every row of ``n`` values dealt from the event deck without replacement, with its chance."""
    out = []

    def deal(prefix: tuple[int, ...], left: Counter[int], p: float) -> None:
        if len(prefix) == n:
            out.append((prefix, p))
            return
        total = sum(left.values())
        for v in sorted(left):
            if left[v]:
                left[v] -= 1
                deal((*prefix, v), left, p * (left[v] + 1) / total)
                left[v] += 1

    deal((), Counter(DECK), 1.0)
    return out


@settings(max_examples=max(5, EXAMPLES // 4), deadline=None)
@given(
    st.just(3).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.integers(1, n),
            st.sets(st.integers(1, n), max_size=2),
            st.dictionaries(st.integers(1, n), st.integers(-2, 2), max_size=2),
        )
    ),
    checks_st,
    plan_st,
    board_rules,
)
def test_deal_odds_of_a_limit_board_averages_the_dealt_boards(shape, checks, plan, rules):
    # Once dealt, the players see the face-up cards and choose the order (RULINGS Complex
    # Tasks 4): deal_odds is odds() of the dealt board averaged over every deal, and with
    # order="best" the advisor's best play averaged the same way.
    n, need, hidden, mods = shape
    table = CHECKS[checks]
    board = LimitBoard([4] * n, need=need, hidden=sorted(hidden), modifiers=mods, rules=rules)
    default = best = 0.0
    for row, w in every_row(n):
        dealt = LimitBoard(list(row), need=need, hidden=sorted(hidden), modifiers=mods, rules=rules)
        default += w * float(odds(dealt, table, plan).success)
        best += w * max(kit.advice(dealt, checks=table, plan=plan).options.values())
    assert float(kit.boards.deal_odds(board, table, plan).success) == pytest.approx(
        default, abs=TOL
    )
    got = kit.boards.deal_odds(board, table, plan, order="best").success
    assert got == pytest.approx(best, abs=TOL)
    assert got >= float(kit.boards.deal_odds(board, table, plan).success) - TOL
