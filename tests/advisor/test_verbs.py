"""One API across the three systems (#22): each advisor verb has one name and one result type,
``kit.advice/tune/luck/impact`` find their answer through the registry, labels shown can be
passed back, and the keywords say what they mean."""

from __future__ import annotations

import pytest

import kit
from kit import registry
from kit.advising import Advice, Impact, Luck, Tuning, TuningRow
from kit.boards import (
    BoardRules,
    Chase,
    Contest,
    LimitBoard,
    PreparationBoard,
    StandardBoard,
)
from kit.boards import (
    impact as rule_impact,
)
from kit.boards import (
    luck as board_luck,
)
from kit.boards import (
    tune as tune_board,
)
from kit.boards.advice import card_advice as board_advice
from kit.boards.advice import skill_advice
from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.regulus import Job, Operative, RegulusRules, luck, tune
from kit.regulus import impact as job_rule_impact

CREW = [Operative("Ash", "Thief"), Operative("Oro", "Hacker")]


def played_board() -> StandardBoard:
    board = StandardBoard([6, 5, 7, 4], goal=3, title="Disarm the bomb")
    for value in (9, 4, 8):
        board.check(value)
    return board


def played_job() -> Job:
    job = Job("heist", 4, 5, CREW, seed=3)
    for total in (10, 9, 6):  # Perfect, Type 4, Fumble: main rolls, nothing to decide
        job.roll(total)
    return job


# ------------------------------------------------------------------ one type per verb
def test_the_tuners_share_one_result_type():
    job_t = tune("heist", 0.6, crew=CREW)
    board_t = tune_board(4, 0.5, "2d6")
    assert type(job_t) is type(board_t) is Tuning
    assert isinstance(job_t[0], TuningRow) and isinstance(board_t[0], TuningRow)
    d, c, p = job_t[0]
    cards, goal, q = board_t[0]
    assert (d, c, p) == (job_t.difficulty, job_t.clock, job_t.chance)
    assert (cards, goal, q) == (board_t.cards, board_t.goal, board_t.chance)


def test_kit_tune_sets_up_a_job_or_a_board_like_the_one_given():
    job = Job("con", 7, 3, CREW, rules=RegulusRules(token_progress=2))
    t = kit.tune(job, 0.6, n=3)
    assert t == tune("con", 0.6, crew=list(job.crew), rules=job.rules, n=3)
    assert job.difficulty == 7  # the job itself is unchanged
    limit = LimitBoard([4, 4, 4, 4, 4], need=2, rules=BoardRules(meet_target=False))
    b = kit.tune(limit, 0.7, "2d6+1", n=2)
    assert b == tune_board(5, 0.7, "2d6+1", kind="limit", rules=limit.rules, n=2)
    with pytest.raises(InvalidInput, match="tune"):
        kit.tune(Contest([5, 6, 7]), 0.5)  # a contest has no tuner
    with pytest.raises(InvalidInput, match=r"regulus-job.*board/standard.*board/limit"):
        kit.tune("heist", 0.5)


def test_kit_luck_is_each_systems_luck_report():
    job, board = played_job(), played_board()
    assert type(kit.luck(job)) is type(kit.luck(board)) is Luck
    assert repr(kit.luck(job)) == repr(luck(job))
    assert repr(kit.luck(board, checks="2d6+1")) == repr(board_luck(board, "2d6+1"))
    report = kit.luck(job)
    assert report.kind == "job" and (report.clock, report.turn) == (5, job.turn)
    with pytest.raises(AttributeError, match="clock"):
        _ = kit.luck(board).clock


def test_kit_impact_compares_a_games_own_rules_with_house_rules():
    job = Job("heist", 4, 5, CREW)
    house = RegulusRules(token_on_same_incident=True)
    im = kit.impact(job, house, difficulties=[3, 4], clocks=[3])
    assert isinstance(im, Impact)
    want = job_rule_impact(job.rules, house, "heist", CREW, difficulties=[3, 4], clocks=[3])
    assert im.before == want.before and im.after == want.after
    # a rules object first: the system's rule_impact itself
    same = kit.impact(RegulusRules(), house, "heist", CREW, difficulties=[3, 4], clocks=[3])
    assert same.after == want.after
    cell = im.cells()[0]
    d, c, before, after, change = cell
    assert (cell.difficulty, cell.clock, cell.row, cell.col) == (d, c, d, c)
    assert change == after - before
    board = LimitBoard([4, 4, 4], need=1)
    b = kit.impact(board, BoardRules(skill_penalty=1), lengths=[3], skills="Tinker")
    assert type(b) is Impact
    assert b.after == rule_impact(None, BoardRules(skill_penalty=1), kind="limit", lengths=[3],
                                  skills="Tinker").after  # fmt: skip
    assert b.cells()[0].need == 1
    with pytest.raises(InvalidInput, match="impact"):
        kit.impact(Chase([5, 6, 7, 6, 5]), BoardRules())


def test_the_verbs_are_kit_attributes_and_registry_hooks():
    for verb in ("advice", "tune", "luck", "impact"):
        assert verb in dir(kit) and callable(getattr(kit, verb))
    for cls, hooks in (
        (Job, {"advise", "tune", "luck", "impact"}),
        (StandardBoard, {"advise", "tune", "luck", "impact"}),
        (LimitBoard, {"advise", "tune", "luck", "impact"}),
        (Contest, {"advise", "luck"}),
        (PreparationBoard, {"advise", "luck"}),
    ):
        kind = next(k for k in registry.kinds() if k.cls is cls)
        assert {v for v in ("advise", "tune", "luck", "impact") if getattr(kind, v)} == hooks


def test_a_registered_toy_kind_gets_the_verbs_from_its_hooks():
    class Coin:
        pass

    report = Tuning("a coin", 0.5, (TuningRow((("bias", 0.5),), 0.5),))
    registry.register(registry.Kind("coin", Coin, tune=lambda obj, target: report))
    try:
        assert kit.tune(Coin(), 0.5) is report
    finally:
        registry.unregister("coin")


# ------------------------------------------------------------------ keywords and labels
def test_card_advice_takes_the_plan_and_skill_advice_the_skills_on_offer():
    board = LimitBoard([7, 6, 4], need=2, hidden=[1, 2], modifiers={2: -3})
    by_plan = kit.advice(board, checks="2d6", plan="Tinker")
    assert kit.advice(board, checks="2d6", skills="Tinker").options == by_plan.options
    assert board_advice(board, "2d6", "Tinker").options == by_plan.options
    offer = kit.advice(board, decide="skill", skills=["Tinker", "Stealth: Sneak"])
    assert set(offer.options) == {"Tinker", "Stealth: Sneak"}
    with pytest.raises(InvalidInput, match=r"plan= .* skills="):
        kit.advice(board, decide="skill", plan="Tinker")
    with pytest.raises(InvalidInput, match="once"):
        board_advice(board, "2d6", "Tinker", skills="Tinker")


def test_labels_name_face_and_modifier_and_force_the_answer():
    board = LimitBoard([7, 6, 4, 5], need=2, hidden=[1, 2], modifiers={2: -3, 4: 1})
    a = kit.advice(board, checks="2d6")
    assert set(a.options) == {
        "slot 1, face down",
        "slot 2, face down, -3",
        "slot 3, 4",
        "slot 4, 5, +1",
    }
    for label in a.options:
        copy = board.copy()
        record = copy.check(9, slot=label)
        assert record.slot == a.answer(label) == int(label.split(",")[0].split()[1])
    with pytest.raises(InvalidInput, match="not one of"):
        a.answer("slot 9")
    with pytest.raises(InvalidInput, match="advice label"):
        board.check(9, slot="the left one")


def test_job_advice_answers_go_back_into_the_job():
    job = Job("heist", 5, 3, [Operative("Ash", "Thief")], seed=1)
    job.roll(12)
    job.roll(10)
    a = kit.advice(job)
    assert (a.answer("spend"), a.answer("keep")) == (True, False)
    job.decide_token(a.answer())
    ko = Job("heist", 3, 5, CREW, seed=1)
    ko.roll(2)
    a = kit.advice(ko)
    ko.decide_knockout(a.answer())
    assert a.answer() not in [op.name for op in ko.roster]


def test_skill_advice_takes_one_skill_and_says_what_it_needs():
    board = StandardBoard([5, 6, 7], goal=2)
    assert list(skill_advice(board, ["Tinker"]).options) == ["Tinker"]
    with pytest.raises(InvalidType) as err:
        skill_advice(board, "Tinker")
    assert "one or more names" in str(err.value) and "two or more" not in str(err.value)


def test_advice_choose_without_answers_is_the_label():
    a = Advice.from_chances({"a": 0.2, "b": 0.6}, exact=True)
    assert a.answer() == "b"
    with pytest.raises(InvalidInput, match="answers"):
        Advice.from_chances({"a": 0.2}, exact=True, answers={"c": 1})


def test_a_waiting_knockout_shows_floored_progress():
    # RULINGS Regulus 1-2: the Knockout's -1 Progress applies, then the floor, before the
    # decision settles the incident. Progress 0 stays 0 while the GM chooses.
    job = Job("heist", 3, 5, CREW, seed=1)
    job.roll(2)
    assert job.pending == "knockout"
    assert job.progress == 0 and job.rows[-1].progress == 0  # before: -1
    job.decide_knockout("Ash")
    assert job.progress == 0
    free = Job("heist", 3, 5, CREW, rules=RegulusRules(progress_floor=None), seed=1)
    free.roll(2)
    assert free.progress == -1  # no floor, nothing to show


def test_verbs_refuse_what_they_cannot_answer():
    with pytest.raises(IllegalAction, match="no rolls yet"):
        kit.luck(Job("heist", 3, 5, CREW))
    with pytest.raises(InvalidInput, match="luck"):
        kit.luck(RegulusRules())


def test_battle_verbs_are_the_combat_functions_with_the_battles_sides():
    from kit.successors.combat import Battle, CombatRules, Side
    from kit.successors.combat import impact as rule_impact
    from kit.successors.combat.tuning import tune_garrison

    raiders = Side("Raiders", ships={"Cruiser": 2})
    garrison = Side("Garrison", ships={"Frigate": 1})
    battle = Battle([raiders, garrison], seed=1)
    t = kit.tune(battle, 0.5, ship="Frigate", n=20, counts=[1, 3], seed=2)
    want = tune_garrison(raiders, "Frigate", 0.5, n=20, counts=[1, 3], seed=2, garrison=garrison)
    assert type(t) is Tuning and t.chances == want.chances and t.unit == "ships"
    assert kit.tune(raiders, 0.5, ship="Frigate", n=20, counts=[1], seed=2).count == 1
    with pytest.raises(InvalidInput, match="ship="):
        kit.tune(battle, 0.5)
    im = kit.impact(battle, CombatRules(max_rounds=2), ["Frigate"], [1], n=20, seed=3)
    same = rule_impact(None, CombatRules(max_rounds=2), raiders, ["Frigate"], [1], n=20, seed=3,
                       garrison=garrison)  # fmt: skip
    assert type(im) is Impact and im.after == same.after
    assert (im.cells()[0].ship, im.cells()[0].count) == ("FRIGATE", 1)
