"""The Tuner widget: its table is the tuners' own answer for the target (checked against the
functions and by brute force), bad input shows inline and keeps the work, and the chosen row
comes back as a job, a board or a battle."""

from __future__ import annotations

import pytest

from kit.boards import LimitBoard, StandardBoard
from kit.boards import odds as board_odds
from kit.boards import tune as tune_board
from kit.errors import IllegalAction, InvalidInput
from kit.regulus import Condition, Job, Operative, odds, tune
from kit.successors.combat import Side
from kit.successors.combat.tuning import tune_budget, tune_garrison
from kit.widgets import Tuner
from kit.widgets.tuner import parse_range, parse_ships


@pytest.mark.parametrize("target", [0.05, 0.4, 0.6, 0.93])
def test_job_table_is_tune_for_every_target(target):
    t = Tuner(target=0.5)
    t.target = target
    assert t.results[:5] == tune("heist", target, crew=3)
    assert len(t.results) == 25
    # the view shows the same rows, best first
    assert [r["cells"] for r in t.view["rows"]] == [[r.difficulty, r.clock] for r in t.results[:8]]


def test_job_best_row_is_the_nearest_by_brute_force():
    crew = [Operative("Vex", "Face"), Operative("Oro", "Hacker")]
    conds = [Condition.gig_active("Hacker")]
    t = Tuner(target=0.35, crew=crew, conditions=conds)
    t.inputs = {**t.inputs, "job_type": "con"}
    best = t.results[0]
    every = {
        (d, c): odds(Job("con", d, c, crew, conds)).success
        for d in range(3, 8)
        for c in range(3, 8)
    }
    assert abs(best.chance - 0.35) == pytest.approx(min(abs(p - 0.35) for p in every.values()))
    assert best.chance == pytest.approx(every[(best.difficulty, best.clock)], abs=1e-12)
    job = t.choose(0).job(title="Quiet word")
    assert (job.difficulty, job.clock, [op.name for op in job.crew]) == (
        best.difficulty,
        best.clock,
        ["Vex", "Oro"],
    )
    assert job.job_type.name == "con" and t.view["chosen"] == [best.difficulty, best.clock]


def test_board_table_is_tune_board_and_hands_back_the_board():
    t = Tuner("board", target=0.5)
    t.inputs = {**t.inputs, "length": "5", "kind": "limit", "skill": "Tinker"}
    assert not t.error
    assert t.results[:4] == tune_board(5, 0.5, "2d6", kind="limit", skills="Tinker", n=4)
    t.target = 0.8
    assert t.results[:4] == tune_board(5, 0.8, "2d6", kind="limit", skills="Tinker", n=4)
    assert t.view["heads"] == ["cards", "need"]
    board = t.choose(2).board()
    row = t.results[2]
    assert isinstance(board, LimitBoard) and board.need == row.goal
    assert board_odds(board, "2d6", "Tinker").success == pytest.approx(row.chance, abs=1e-12)
    t.inputs = {**t.inputs, "kind": "standard", "skill": ""}
    assert isinstance(t.choose(0).board(), StandardBoard)


def test_battle_table_is_the_combat_tuner():
    raiders = Side("Raiders", ships={"Cruiser": 3})
    t = Tuner(
        "battle", target=0.5, attacker=raiders, inputs={"counts": "2-6", "n": "300", "seed": "4"}
    )
    assert not t.error, t.error
    want = tune_garrison(raiders, "Frigate", 0.5, n=300, counts=range(2, 7), seed=4)
    assert t.tuning().chances == want.chances and t.tuning().count == want.count
    assert t.results == want.ranked()
    t.target = 0.2
    assert (
        t.results
        == tune_garrison(raiders, "Frigate", 0.2, n=300, counts=range(2, 7), seed=4).ranked()
    )
    row = t.view["rows"][0]
    assert row["stderr"] == pytest.approx((row["chance"] * (1 - row["chance"]) / 300) ** 0.5)
    count, _ = t.results[0]
    battle = t.choose(0).battle(seed=1)
    assert battle.sides[0] is raiders and len(battle.sides[1].ships) == count
    # a budget, spent one of each type in turn
    t.inputs = {**t.inputs, "mode": "budget", "ships": "Frigate, Destroyer", "budgets": "10-30/10"}
    want = tune_budget(raiders, ["Frigate", "Destroyer"], 0.2, n=300, budgets=[10, 20, 30], seed=4)
    assert t.results == want.ranked()
    assert t.view["rows"][0]["cells"][0].endswith("Destroyer)")


def test_bad_input_shows_inline_and_keeps_the_work():
    t = Tuner("board", target=0.5)
    before = t.results[:3]
    t.inputs = {**t.inputs, "length": "12"}
    assert "length" in t.error and "8" in t.error
    assert t.inputs["length"] == "12"  # what was typed stays to be corrected
    assert t.results[:3] == before and t.view["stale"]
    t.inputs = {**t.inputs, "length": "4"}
    assert t.error == "" and not t.view["stale"]
    t.system = "battle"
    t.inputs = {**t.inputs, "attacker": "Warbird: 2"}
    assert "Warbird" in t.error or "ship type" in t.error
    t.inputs = {**t.inputs, "attacker": "Cruiser: 2", "counts": "9-3"}
    assert "counts" in t.error
    t.target = 1.5
    assert "target" in t.error and t.target == 0.5
    # a page message that is not understood changes nothing
    t._on_msg(t, {"action": "explode"}, [])
    assert "unknown action" in t.error
    t._on_msg(t, {"action": "choose", "index": 99}, [])
    assert "row must be from 0" in t.error and t.chosen is None


def test_nothing_chosen_or_the_wrong_system_is_refused():
    t = Tuner()
    with pytest.raises(IllegalAction, match="no job setup chosen"):
        t.job()
    t.choose(0)
    with pytest.raises(IllegalAction, match="no board setup chosen"):
        t.board()
    with pytest.raises(InvalidInput, match="system"):
        Tuner("dungeon")
    with pytest.raises(InvalidInput, match="unknown field"):
        Tuner(inputs={"colour": "red"})


def test_typed_ranges_and_ships():
    assert parse_range("counts", "1-4") == [1, 2, 3, 4]
    assert parse_range("budgets", " 10 - 30 / 10 ") == [10, 20, 30]
    assert parse_range("counts", "8 2,4") == [2, 4, 8]
    for bad in ("", "5-1", "a-b", "1-1000"):
        with pytest.raises(InvalidInput, match="counts"):
            parse_range("counts", bad)
    assert parse_ships("attacker", "Battle Pod 4, Cruiser: 2, cruiser") == {
        "Battle Pod": 4,
        "Cruiser": 2,
        "cruiser": 1,
    }
    with pytest.raises(InvalidInput, match="attacker"):
        parse_ships("attacker", " , ")
