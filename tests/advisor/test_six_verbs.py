"""The six verbs answer in one shape (#33): kit.odds and kit.simulate for a job, every board kind,
a battle and a journey, each result saying how it was found (method), with standard errors
under the result's own field names (se) and the trials behind them (n); Advice.choose plays the
chosen answer in the game advised on; a verb asked of the wrong object names its kind and the
kinds that answer."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

import pytest

import kit
from kit import registry
from kit.advising import Advice, StandardErrors
from kit.boards import Chase, Contest, LimitBoard, PreparationBoard, StandardBoard
from kit.errors import IllegalAction, InvalidInput
from kit.regulus import Job, Operative
from kit.successors.combat import Battle, DecisionNeeded, InteractivePolicy, Side
from kit.successors.sector.journey import Journey
from kit.successors.sector.party import Party, Traveller
from kit.successors.sector.routes import Leg


def _journey(seed: int = 1) -> Journey:
    # one leg, one plotter rolling one die a day that succeeds on half its faces (the luck
    # module's own example): the plot takes t rolls with chance (1/2)**t, then a day of travel
    leg = Leg(0, 1, 1.0, "known", 1, False, pool=(3,), time_factor=1, travel_days=1)
    return Journey([leg], ["A", "B"], Party((Traveller("Vex", "entity", 3, 0, 1),)), seed=seed)


def _battle() -> Battle:
    return Battle([Side("Red", ships={"Cruiser": 2}), Side("Blue", ships={"Frigate": 3})], seed=4)


GAMES = {
    "job": lambda: Job("heist", 4, 5, [Operative("Ash", "Thief")], seed=1),
    "standard": lambda: StandardBoard([6, 5, 7, 4], goal=3),
    "preparation": lambda: PreparationBoard([5, 6, 7]),
    "limit": lambda: LimitBoard([4, 8, 6], need=2),
    "contest": lambda: Contest([5, 6, 7]),
    "chase": lambda: Chase([5, 6, 7, 8, 5], seed=2),
    "battle": _battle,
    "journey": _journey,
}


def _numbers(value: object) -> list[float]:
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, tuple):
        return list(value)
    assert isinstance(value, float)
    return [value]


def _same_shape(se: object, value: object) -> bool:
    if isinstance(value, dict):
        return isinstance(se, dict) and set(se) == set(value)
    if isinstance(value, tuple):
        return isinstance(se, tuple) and len(se) == len(value)
    return isinstance(se, float) and (value is None or isinstance(value, (int, float, Fraction)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_odds_and_simulation_says_how_it_was_found(name):
    game = GAMES[name]()
    options = {"n": 300, "seed": 1} if name == "battle" else {}
    odds = kit.odds(game, **options)
    assert odds.method in ("exact", "simulated")
    assert isinstance(odds.se, StandardErrors)
    for field in odds.se:  # the errors are named after the result's own fields
        assert hasattr(odds, field), (name, field)
        assert _same_shape(odds.se[field], getattr(odds, field)), (name, field)
    if odds.method == "exact":
        assert odds.n is None
        assert all(x == 0.0 for v in odds.se.values() for x in _numbers(v))
    sim = kit.simulate(game, 400, seed=3)
    assert sim.method == "simulated" and sim.n == 400
    assert type(sim.se) is StandardErrors and len(sim.se) > 0
    assert game is not None  # simulating never changes the game (checked per system below)


def test_exact_and_simulated_job_odds_agree_within_their_errors():
    job = GAMES["job"]()
    exact = kit.odds(job)
    sim = kit.simulate(job, 20_000, seed=5)
    assert exact.method == "exact" and exact.se.success == 0.0
    # a share's standard error is sqrt(p(1-p)/n), p the share itself
    assert sim.se.success == pytest.approx(math.sqrt(sim.success * (1 - sim.success) / 20_000))
    assert abs(sim.success - exact.success) < 4 * sim.se.success


def test_board_odds_are_exact_fractions_and_the_simulation_agrees():
    board = StandardBoard([6, 5, 7, 4], goal=3)
    exact = kit.odds(board)
    assert exact.method == "exact" and isinstance(exact.success, Fraction) and exact.n is None
    sim = kit.simulate(board, 4000, seed=2)
    assert sim.method == "simulated" and sim.n == 4000 and board.history == []
    p = float(sim.success)
    assert sim.se.success == pytest.approx(math.sqrt(p * (1 - p) / 4000))
    assert abs(p - float(exact.success)) < 4 * sim.se.success


def test_a_journey_takes_a_geometric_number_of_plotting_days():
    # each day's roll completes the plot with chance 1/2, then one day of travel: d days in all
    # with chance (1/2)**(d - 1), d >= 2, so 1 + 2 = 3 days are expected
    odds = kit.odds(_journey())
    assert odds.method == "exact"
    for d in range(2, 8):
        assert odds.days[d] == pytest.approx(0.5 ** (d - 1), abs=1e-12)
    assert odds.expected_days == pytest.approx(3.0, abs=1e-9)
    sim = kit.simulate(_journey(), 4000, seed=9)
    assert abs(sim.expected_days - 3.0) < 4 * sim.se.expected_days


def test_a_battle_simulation_names_its_estimates_like_the_odds():
    sim = kit.simulate(_battle(), 500, seed=2)
    assert sim.method == "simulated" and sim.engine in ("fast", "engine")
    assert set(sim.se) >= {"won", "lost", "draw", "retreated", "mean_rounds", "mean_ru_lost"}
    for i in range(2):
        p = sim.won[i]
        assert sim.se.won[i] == pytest.approx(math.sqrt(p * (1 - p) / 500))
        assert sum(x[i] for x in (sim.won, sim.lost, sim.draw, sim.retreated)) == pytest.approx(1)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_misspelt_option_is_refused_by_name_with_what_the_verb_takes(name):
    # Python's own TypeError ("odds() got an unexpected keyword argument") names neither the
    # kind nor the options there are; the verbs refuse before anything runs, for every kind,
    # the battle's and journey's hooks (which hand on **options) included
    game = GAMES[name]()
    with pytest.raises(InvalidInput) as err:
        kit.odds(game, sede=1)
    message = str(err.value)
    assert message.startswith("kit.odds() of a ") and "'sede'" in message and "it takes" in message
    with pytest.raises(InvalidInput, match=r"kit\.simulate\(\) of a .*'sede'.*it takes .*seed="):
        kit.simulate(game, 10, sede=1)


def test_advice_on_a_battle_between_phases_says_there_is_no_decision():
    with pytest.raises(IllegalAction, match="between phases"):
        kit.advice(_battle())


def test_advice_with_no_decision_pending_says_so_for_every_game():
    # a verb asked at a moment with nothing to decide refuses (#33) instead of answering a
    # later decision with one "default" option: a job waiting for a roll or ended, a finished
    # board, a battle played out
    waiting = Job("heist", 4, 6, [Operative("Ash", "Thief")], seed=1)
    with pytest.raises(IllegalAction, match=r"no pending decision.*waits for a roll"):
        kit.advice(waiting)
    with pytest.raises(IllegalAction, match=r"no pending decision.*ended"):
        kit.advice(waiting.play(seed=1))
    board = StandardBoard([6, 7, 8], goal=3)
    for value in (12, 12, 12):
        board.check(value)
    with pytest.raises(IllegalAction, match=r"finished.*nothing to decide"):
        kit.advice(board, skills=["Tinker: Repair", "Persuasion: Calm"])
    battle = _battle()
    battle.run()
    with pytest.raises(IllegalAction, match=r"no decision.*over"):
        kit.advice(battle)


def test_board_odds_before_the_deal_average_every_deal_of_the_event_deck():
    # Complex Tasks: the event deck is the 4s to 8s of four suits, dealt without replacement; a
    # three-card standard board with the goal on the third card is won only by three successes
    # in a row, and a 2d6 check succeeds on a card of v with chance P(2d6 >= v). The board's
    # own cards do not matter before the deal.
    from itertools import permutations

    two_d6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    beat = {v: sum(p for t, p in two_d6.items() if t >= v) for v in range(4, 9)}
    deck = [v for v in range(4, 9) for _ in range(4)]
    deals = list(permutations(range(len(deck)), 3))
    expected = sum(beat[deck[a]] * beat[deck[b]] * beat[deck[c]] for a, b, c in deals)
    expected /= len(deals)
    for cards in ([4, 4, 4], [8, 7, 6]):
        before = kit.odds(StandardBoard(cards, goal=3), checks="2d6", deal=True)
        assert before.method == "exact"
        assert before.success == expected
    assert kit.odds(StandardBoard([4, 4, 4], goal=3), checks="2d6").success == beat[4] ** 3
    with pytest.raises(InvalidInput, match=r"board/standard: order='best'.*deal=True"):
        kit.odds(StandardBoard([4, 4, 4], goal=3), order="best")


def test_a_job_type_is_tuned_as_a_job_of_that_type():
    from kit.regulus import JOB_TYPES

    by_type = kit.tune(JOB_TYPES["hit"], 0.25, crew=2, clocks=[6, 7], n=3)
    assert len(by_type) == 3 and by_type.method == "exact"
    assert all(abs(c - 0.25) <= abs(c2 - 0.25) for (*_, c), (*_, c2) in itertools.pairwise(by_type))
    assert "regulus-job-type" in {k.name for k in registry.answering("tune")}
    assert {clock for _, clock, _ in by_type} <= {6, 7}


def test_choose_plays_a_knockout_in_the_job():
    job = Job("heist", 4, 6, [Operative("Vex", "Face"), Operative("Brick", "Muscle")], seed=1)
    for _ in range(60):
        if job.pending == "knockout" or job.ended:
            break
        if job.pending == "token":
            job.decide_token(False)
        else:
            job.roll()
    if job.pending != "knockout":
        pytest.skip("this seed gives no Knockout")
    advice = kit.advice(job)
    leaving = next(iter(advice.options))
    assert advice.choose(leaving) is job
    assert job.pending != "knockout" or len(job.roster) == 1
    assert leaving not in [op.name for op in job.roster]
    with pytest.raises(IllegalAction, match="moved on"):
        advice.choose(leaving)


def test_choose_plays_the_chosen_card_on_a_limit_board():
    board = LimitBoard([4, 8, 6], need=2)
    advice = kit.advice(board, checks="2d6")
    with pytest.raises(InvalidInput, match="check="):
        advice.choose()
    slot = advice.answer()
    assert advice.choose(check=9) is board
    assert [r.slot for r in board.history] == [slot] and board.history[0].success


def test_choose_answers_the_battle_and_plays_the_phase():
    battle = _battle()
    ask = InteractivePolicy(ask=("allocate",))
    with pytest.raises(DecisionNeeded):
        while True:
            battle.step_phase(ask)
    asked = battle.waiting
    assert asked is not None and asked["side"] == 1
    advice = kit.advice(battle, n=40, seed=1)
    assert advice.choose() is battle
    # the answer went in and the phase played on to its next decision, the other side's hits
    assert battle.waiting is not None and battle.waiting["side"] == 0
    with pytest.raises(IllegalAction, match="not waiting for this decision"):
        advice.choose()


def test_advice_built_by_hand_has_no_game_to_play_in():
    advice = Advice.from_chances({"spend": 0.7, "keep": 0.6}, exact=True)
    assert advice.answer() == "spend"
    with pytest.raises(IllegalAction, match="answer"):
        advice.choose()


def test_the_result_types_are_kit_attributes():
    from kit import advising

    for name in ("Advice", "Tuning", "Luck", "Impact"):
        assert getattr(kit, name) is getattr(advising, name)
        assert name in dir(kit)
    for verb in ("advice", "tune", "luck", "impact", "odds", "simulate"):
        assert callable(getattr(kit, verb)) and verb in dir(kit)


@pytest.mark.parametrize(
    "cls",
    ["Side", "Odds", "JobSimulation", "BoardOdds", "BattleSimulation", "JourneyOdds", "Advice"],
)
def test_help_of_a_result_or_setup_says_what_each_field_means(cls):
    import dataclasses
    import pydoc

    from kit.advising import Advice
    from kit.boards import BoardOdds
    from kit.regulus import JobSimulation, Odds
    from kit.successors.combat import BattleSimulation
    from kit.successors.sector.odds import JourneyOdds

    found = {
        c.__name__: c
        for c in (Side, Odds, JobSimulation, BoardOdds, BattleSimulation, JourneyOdds, Advice)
    }[cls]
    text = pydoc.render_doc(found, renderer=pydoc.plaintext)
    for f in dataclasses.fields(found):
        assert re.search(rf"\b{f.name}: \S", text), (cls, f.name)
    if cls == "Side":
        assert "busters: Battle rank of each Buster" in text
        assert "stellar_cannon: Orbit number" in text and "sensors: Sensors successes" in text
