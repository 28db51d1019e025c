"""Figures of the GM's advisor (kit.figures.advisor): a house rule's impact heatmap and the
luck of a played game, drawn from report values written by hand here.

The engines that fill these reports are tested in tests/advisor and the systems' folders; the
figures must show the report's numbers (changes in percentage points, expected against actual
progress), say how they were found, and escape what a user typed.
"""

from __future__ import annotations

import json

import pytest

from kit.advising import Impact, Luck, LuckStep
from kit.figures.advisor import impact_heatmap, luck_progress
from kit.figures.theme import BAD, GOOD
from kit.successors.sector import SectorRules


def impact(exact: bool = True, subject: str = "a jump") -> Impact:
    # two rows by two columns; one cell the grid does not hold
    return Impact(
        subject=subject,
        rules_a=SectorRules(),
        rules_b=SectorRules(gate_days=2),
        row_name="ly",
        col_name="rank",
        rows=(5, 10),
        cols=(1, 3),
        before=((0.25, 0.5), (0.1, None)),
        after=((0.375, 0.5), (0.05, None)),
        exact=exact,
        stderr=None if exact else ((0.01, 0.02), (0.03, None)),
        n=None if exact else 400,
    )


def test_the_heatmap_shows_each_change_in_percentage_points():
    fig = impact_heatmap(impact())
    [heat] = fig.data
    # 0.375 - 0.25 = +12.5 points; 0.5 - 0.5 = 0; 0.05 - 0.1 = -5; the missing cell stays blank
    assert [list(r) for r in heat.z] == [[12.5, 0.0], [-5.0, None]]
    assert [list(r) for r in heat.text] == [["+12.5", "+0.0"], ["-5.0", ""]]
    assert list(heat.x) == ["1", "3"] and list(heat.y) == ["5", "10"]
    # a scale symmetric about no change, losses in the kit's "bad" colour, gains in "good"
    assert (heat.zmin, heat.zmid, heat.zmax) == (-12.5, 0, 12.5)
    assert heat.colorscale[0][1] == BAD and heat.colorscale[-1][1] == GOOD
    assert "gate_days: 1 → 2" in fig.layout.title.text
    assert "±" not in heat.hovertemplate  # exact: no standard error


def test_a_simulated_heatmap_shows_each_changes_standard_error():
    heat = impact_heatmap(impact(exact=False)).data[0]
    assert "±" in heat.hovertemplate
    assert [c[2] for c in heat.customdata[0]] == pytest.approx([1.0, 2.0])  # in points


def test_identical_rules_and_a_typed_subject_are_shown_safely():
    same = Impact(
        subject='<a href="x">Vex</a>',
        rules_a=SectorRules(),
        rules_b=SectorRules(),
        row_name="ly",
        col_name="rank",
        rows=(5,),
        cols=(1,),
        before=((0.5,),),
        after=((0.5,),),
    )
    fig = impact_heatmap(same)
    assert "identical rules" in fig.layout.title.text
    assert "<a href" not in json.dumps(fig.to_plotly_json(), default=str)


def luck(kind: str = "job", difficulty: int = 4) -> Luck:
    steps = tuple(
        LuckStep(
            index=k,
            phase="main",
            total=t,
            incident=f"roll {k}",
            percentile=p,
            chance_before=0.5,
            chance_after=0.5,
            progress=prog,
            expected_progress=exp,
        )
        for k, t, p, prog, exp in [(1, 9, 0.8, 2, 1.0), (2, 4, 0.2, 2, 2.0), (3, 11, 0.9, 5, 3.0)]
    )
    return Luck(
        kind=kind,
        title="The vault",
        outcome="success",
        ending="succeeded on tick 3",
        chance=0.5,
        outcome_percentile=0.8,
        steps=steps,
        difficulty=difficulty,
    )


def test_luck_draws_expected_against_actual_progress_from_the_start():
    fig = luck_progress(luck())
    expected, actual = fig.data
    assert list(expected.x) == list(actual.x) == [0, 1, 2, 3]
    assert list(expected.y) == [0.0, 1.0, 2.0, 3.0] and list(actual.y) == [0, 2, 2, 5]
    assert actual.text[1] == "roll 1: 9 (percentile 80%)"
    # a job draws its Difficulty as a line across the chart
    [line] = fig.layout.shapes
    assert (line.y0, line.y1) == (4, 4)
    assert fig.layout.annotations[0].text == "Difficulty"
    assert fig.layout.title.text.startswith("Luck: ")


def test_other_games_label_their_own_progress_and_draw_no_line_without_a_target():
    board = luck(kind="preparation board", difficulty=0)
    fig = luck_progress(board)
    assert not fig.layout.shapes and fig.layout.yaxis.title.text == "successes"
    assert fig.layout.xaxis.title.text == "step"
    journey = luck_progress(luck(kind="journey", difficulty=3))
    assert journey.layout.annotations[0].text == "successes needed"


@pytest.mark.parametrize("template, paper", [("gmkit_light", "#ffffff"), ("gmkit_dark", "#111111")])
def test_both_figures_take_a_template(template, paper):
    assert luck_progress(luck(), template=template).layout.template.layout.paper_bgcolor == paper
    assert impact_heatmap(impact(), template=template).layout.template.layout.paper_bgcolor == paper
