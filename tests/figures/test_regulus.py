"""Regulus figures: the player version shows only what the player record shows; wrong objects."""

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.figures.regulus import job_progress, odds_heatmap, success_by_turn
from kit.regulus import Job, Operative


@pytest.fixture
def adjusted():
    job = Job("heist", 5, 6, [Operative("Vex", "Face"), Operative("Oro", "Hacker")], seed=4)
    job.roll(10)
    job.adjust(heat=2, note="the van was seen")
    job.roll(8)
    job.roll(3)
    job.adjust(progress=1, threat=-1, note="secret help")
    job.roll(9)
    return job


def progress_trace(fig):
    return next(t for t in fig.data if t.name == "Progress")


def test_player_figure_drops_exactly_the_gm_rows(adjusted):
    gm = progress_trace(job_progress(adjusted))
    player = progress_trace(job_progress(adjusted, audience="player"))
    labels_gm, labels_player = list(gm.text), list(player.text)
    assert labels_gm.count("GM adjustment") == 2 and "GM adjustment" not in labels_player
    # the difference between the two is the GM rows, and nothing else
    kept = [i for i, label in enumerate(labels_gm) if label != "GM adjustment"]
    assert labels_player == [labels_gm[i] for i in kept]
    assert list(player.y) == [list(gm.y)[i] for i in kept]
    # and what remains is the player table: the non-GM rows, with their values as recorded
    table = [r for r in adjusted.rows if r.kind != "gm"]
    assert list(player.y) == [0] + [r.progress for r in table]
    assert len(player.x) == len(table) + 1
    for fig in (job_progress(adjusted, audience="player"),):
        assert "GM adjustment" not in fig.to_json() and "secret help" not in fig.to_json()


def test_player_handout_figure_has_no_gm_rows(adjusted):
    from kit.handouts import handout

    for drawn in ("svg", "cdn"):  # the static picture and the interactive figure alike
        page = handout(adjusted, audience="player", fmt="html", plotlyjs=drawn)
        assert ("<svg" if drawn == "svg" else "Plotly.newPlot") in page
        assert "GM adjustment" not in page
        assert "GM adjustment" in handout(adjusted, fmt="html", plotlyjs=drawn)


def test_figures_refuse_wrong_objects():
    for call, expected in (
        (lambda: job_progress("x"), "job_progress\\(\\) needs a kit.regulus.Job"),
        (lambda: success_by_turn(42), "success_by_turn\\(\\) needs a kit.regulus.Job"),
        (lambda: odds_heatmap(Job("heist", 4, 5, [Operative("A", "x")])), "JobType"),
        (lambda: odds_heatmap("heist", crew="3"), "crew must be an integer"),
    ):
        with pytest.raises(InvalidType, match=expected):
            call()
    with pytest.raises(InvalidInput, match="audience must be one of 'gm', 'player'"):
        job_progress(Job("heist", 4, 5, [Operative("A", "x")]), audience="players")
