"""The Job Record handout (kit.handouts.jobs): the whole record for the GM, the players' record
without GM notes, adjustments or the seed."""

from __future__ import annotations

from kit.handouts import handout
from kit.regulus import Job, Operative


def test_job_gm_notes_and_adjustments_stay_out_of_the_player_page(both):
    job = Job("heist", 4, 5, [Operative("Vex", "Face")], seed=5)
    job.roll(10)
    job.note(1, "secretly the fence")
    job.adjust(heat=1, note="behind the screen")
    gm, player = both(job)
    for secret in ("secretly the fence", "behind the screen", "GM adjustment", "Seed"):
        assert secret in gm and secret not in player, secret
    clean = Job("heist", 4, 5, [Operative("Vex", "Face")], seed=5).play()
    assert "<svg" in handout(clean, audience="player", fmt="html")
    assert "Plotly.newPlot" in handout(clean, audience="player", fmt="html", plotlyjs="cdn")


def test_job_gm_and_player(job, evil):
    gm = handout(job)
    player = handout(job, audience="player")
    assert "Seed" in gm and "Oro's cousin" in gm and "GM adjustment" in gm
    assert "Seed" not in player and "cousin" not in player and "GM adjustment" not in player
    assert "(player handout)" in player
    for text in (gm, player):
        assert evil not in text and "&lt;img" in text


def test_job_html_is_standalone_and_escaped(job, evil):
    page = handout(job, fmt="html")
    assert page.startswith("<!DOCTYPE html>") and page.count("<html") == 1
    assert evil not in page and "&lt;img src=x" in page
    assert "<svg" in page and "<script" not in page  # a static figure, no script
    inline = handout(job, fmt="html", plotlyjs="inline")
    assert inline.count("plotly.js v") <= 1 and "Plotly.newPlot" in inline  # one plotly, a figure
    assert "prefers-color-scheme: dark" in page
