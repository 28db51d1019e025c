"""House-rule impact (kit.regulus.impact): zero for identical rules, each cell the difference of
the two rules' exact odds, and a figure of the grid."""

import pytest

from kit.advising import Impact
from kit.errors import InvalidType
from kit.figures import impact_heatmap
from kit.regulus import Job, Operative, RegulusRules, odds
from kit.regulus.impact import impact as rule_impact


def test_identical_rules_have_zero_impact_everywhere():
    # two separately built objects with the same options: every cell computed twice
    im = rule_impact(RegulusRules(), RegulusRules(progress_floor=0), "caper", 3)
    assert isinstance(im, Impact)
    assert im.max_change == 0.0
    assert all(v == 0.0 for row in im.diff for v in row)
    assert im.differing_options() == {}
    assert len(im.changes()) == 25


def test_impact_cells_are_odds_differences():
    a, b = RegulusRules(), RegulusRules(progress_floor=None, token_on_same_incident=True)
    crew = [Operative("Ash", "Thief"), Operative("Oro", "Hacker")]
    im = rule_impact(a, b, "heist", crew, difficulties=[3, 5], clocks=[4, 7])
    assert im.rows == (3, 5) and im.cols == (4, 7)
    for ch in im.changes():
        before = odds(Job("heist", ch.difficulty, ch.clock, crew, rules=a)).success
        after = odds(Job("heist", ch.difficulty, ch.clock, crew, rules=b)).success
        assert ch.before == pytest.approx(before, abs=1e-12)
        assert ch.after == pytest.approx(after, abs=1e-12)
        assert ch.change == pytest.approx(after - before, abs=1e-12)
    top = im.largest(2)
    assert abs(top[0].change) >= abs(top[1].change)
    assert set(im.differing_options()) == {"progress_floor", "token_on_same_incident"}


def test_impact_figure_is_a_heatmap_of_points():
    im = rule_impact(None, RegulusRules(major_threat=3), "hit", 2, difficulties=[3], clocks=[3, 4])
    fig = impact_heatmap(im)
    assert fig.data[0].type == "heatmap"
    assert list(fig.data[0].x) == ["3", "4"]


def test_impact_validates_rules():
    with pytest.raises(InvalidType, match="house_rules"):
        rule_impact(RegulusRules(), {"progress_floor": 0}, "heist", 2)
