"""House-rule impact for boards and battles: zero for identical rules, one cell worked out by
hand from the texts for each, and the shared report (Markdown, heatmap, largest changes)."""

from __future__ import annotations

import pytest

from kit.advising import Impact
from kit.boards import BoardRules
from kit.boards import impact as board_impact
from kit.errors import InvalidInput, InvalidType
from kit.figures import impact_heatmap
from kit.regulus import RegulusRules
from kit.regulus import impact as job_impact
from kit.successors.combat import CombatRules, Side
from kit.successors.combat import impact as battle_impact

# 2d6: ways to roll at least t, out of 36
AT_LEAST = {7: 21, 8: 15, 9: 10, 10: 6, 11: 3, 12: 1}


def test_identical_board_rules_give_zero_everywhere():
    # two separately built objects: every cell computed twice, dealt from the event deck
    im = board_impact(
        BoardRules(), BoardRules(skill_penalty=2), "2d6", lengths=[3, 5], skills="Tinker"
    )
    assert isinstance(im, Impact) and im.exact
    assert im.max_change == 0.0 and im.differing_options() == {}
    assert all(v in (0.0, None) for row in im.diff for v in row)
    # goals past a short board's end are not cells: 3 + 5 of them
    assert len(im.cells()) == 8 and im.diff[0][3] is None
    assert "identical" in im.to_markdown()


def test_beating_instead_of_meeting_the_card_with_the_goal_on_slot_1():
    # A standard board of three 7s with the goal on slot 1. Successes fill from the left and
    # failures from the right, so the first success lands on slot 1: the goal is missed only
    # when all three checks fail. Meeting a 7 on 2d6 fails 15/36 of the time, beating it 21/36.
    im = board_impact(
        BoardRules(), BoardRules(meet_target=False), "2d6", cards=7, lengths=[3], goals=[1]
    )
    (cell,) = im.cells()
    assert cell.before == pytest.approx(1 - (15 / 36) ** 3, abs=1e-12)
    assert cell.after == pytest.approx(1 - (21 / 36) ** 3, abs=1e-12)
    assert cell.change == pytest.approx((15 / 36) ** 3 - (21 / 36) ** 3, abs=1e-12)


def test_a_smaller_repeated_skill_penalty_on_a_three_card_run():
    # Three 7s, goal on slot 3: three successes in a row (a failure fills slot 3 from the right).
    # The same skill each time: +2 then +4 with the text's penalty (7, 9, 11), +1 then +2 with a
    # house penalty of 1 (7, 8, 9).
    im = board_impact(
        BoardRules(),
        BoardRules(skill_penalty=1),
        "2d6",
        cards=7,
        lengths=[3],
        goals=[3],
        skills="Tinker: Repair",
    )
    (cell,) = im.cells()
    text = AT_LEAST[7] * AT_LEAST[9] * AT_LEAST[11] / 36**3
    house = AT_LEAST[7] * AT_LEAST[8] * AT_LEAST[9] / 36**3
    assert cell.before == pytest.approx(text, abs=1e-12)
    assert cell.after == pytest.approx(house, abs=1e-12)


def test_limit_board_grid_names_its_columns_and_refuses_bad_input():
    im = board_impact(
        None, BoardRules(meet_target=False), "2d6", kind="limit", lengths=[4], cards=[5, 6, 7, 8]
    )
    assert im.col_name == "need" and im.cols == (1, 2, 3, 4)
    assert all(ch.change < 0 for ch in im.cells())  # beating is harder on every cell
    with pytest.raises(InvalidType, match="house_rules"):
        board_impact(BoardRules(), RegulusRules())
    with pytest.raises(InvalidInput, match="cards"):
        board_impact(None, None, cards=[5, 6], lengths=[4])
    with pytest.raises(InvalidInput, match="kind"):
        board_impact(None, None, kind="chase")


RAIDER = Side("Raiders", ships={"Frigate": 1})


def test_identical_combat_rules_give_exactly_zero():
    im = battle_impact(CombatRules(), CombatRules(), RAIDER, ["Gunboat"], [1, 2], n=300, seed=2)
    assert not im.exact and im.n == 300
    assert im.max_change == 0.0
    assert all(im.error_at(ch.row, ch.col) == 0.0 for ch in im.cells())
    assert im.rows == ("GUNBOAT",) and im.cols == (1, 2)


def test_a_second_round_against_an_unarmed_loader():
    # A Frigate fires one rank-2 die a round: a hit on 1 or 2 (a 6 always misses), 1/3. One hit
    # takes the Loader (no weapons) out of the fight. Battles cut off after one round are won
    # 1/3 of the time; after two rounds 1 - (2/3)**2 = 5/9, a change of 2/9.
    im = battle_impact(
        CombatRules(max_rounds=1), CombatRules(max_rounds=2), RAIDER, "Loader", [1], n=6000, seed=5
    )
    (cell,) = im.cells()
    se = im.error_at("LOADER", 1)
    assert 0 < se < 0.01
    assert cell.before == pytest.approx(1 / 3, abs=4 * (2 / 9 / 6000) ** 0.5)
    assert cell.after == pytest.approx(5 / 9, abs=4 * (20 / 81 / 6000) ** 0.5)
    assert cell.change == pytest.approx(2 / 9, abs=4 * se)
    assert "±" in repr(im) and "max_rounds" in repr(im)


def test_combat_impact_refuses_bad_input():
    with pytest.raises(InvalidType, match="rules"):
        battle_impact(BoardRules(), None, RAIDER)
    with pytest.raises(InvalidType, match="attacker"):
        battle_impact(None, None, "Raiders")
    with pytest.raises(InvalidInput, match="counts"):
        battle_impact(None, None, RAIDER, ["Frigate"], [0])


def test_every_report_draws_the_same_heatmap():
    job = job_impact(None, RegulusRules(major_threat=3), "hit", 2, difficulties=[3, 4], clocks=[3])
    board = board_impact(None, BoardRules(meet_target=False), cards=7, lengths=[3, 4])
    battle = battle_impact(None, CombatRules(max_rounds=2), RAIDER, ["Loader"], [1, 2], n=200)
    for im, x, y in (
        (job, ["3"], ["3", "4"]),
        (board, ["1", "2", "3", "4"], ["3", "4"]),
        (battle, ["1", "2"], ["LOADER"]),
    ):
        fig = impact_heatmap(im)
        heat = fig.data[0]
        assert heat.type == "heatmap" and list(heat.x) == x and list(heat.y) == y
        assert fig.layout.yaxis.title.text == im.row_name
    # cells off the board stay blank in the figure
    assert impact_heatmap(board).data[0].z[0][3] is None
    assert "±" in impact_heatmap(battle).data[0].hovertemplate


def test_markdown_lists_the_largest_changes_first():
    im = board_impact(None, BoardRules(meet_target=False), cards=7, lengths=[3, 4, 5])
    md = im.to_markdown(top=3)
    assert "`meet_target` True → False" in md
    table = [line for line in md.splitlines() if line.startswith("| ") and "%" in line]
    assert len(table) == 3
    sizes = [abs(ch.change) for ch in im.largest(3)]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] == im.max_change
