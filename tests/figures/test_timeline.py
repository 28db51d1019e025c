"""The campaign timeline figure (#32): a bar per activity, a mark per event, today as a line;
the players' version leaves out every hidden activity and GM-only entry."""

from __future__ import annotations

import json

import pytest

from kit import Campaign
from kit.errors import InvalidInput, InvalidType
from kit.figures import timeline_figure
from kit.successors import Entity, Workshop


def campaign() -> Campaign:
    camp = Campaign("Jukint", seed=3)
    ours = Workshop(Entity("Releata", handling=1, control=3).with_damage("control", 1), seed=1)
    ours.add("Drone", neutralized=True)
    camp.schedule(ours, "<b>our repairs</b>", players=True)
    theirs = Workshop(Entity("SECRETMARK", handling=2, control=1).with_damage("control", 1), seed=2)
    theirs.add("Drone", neutralized=True)
    camp.schedule(theirs, "HIDDENMARK")
    camp.plan(30, "the patrol returns", players=True)
    camp.plan(31, "GMPLANMARK")
    camp.advance(6)
    return camp


def test_the_gm_sees_every_activity_and_entry_and_today():
    camp = campaign()
    fig = timeline_figure(camp)
    bars = [t for t in fig.data if t.type == "bar"]
    assert [b.y[0] for b in bars] == ["&lt;b&gt;our repairs&lt;/b&gt;", "HIDDENMARK"]
    for bar, name in zip(bars, ["<b>our repairs</b>", "HIDDENMARK"]):
        act = camp.clock.activities[name]
        end = act.done_day if act.done_day is not None else camp.today
        assert bar.base[0] == act.first_day - 0.5 and bar.x[0] == end - act.first_day + 1
    marks = [t for t in fig.data if t.type == "scatter"]
    shown = sum(len(t.x) for t in marks)
    assert shown == len(camp.timeline)  # every event and entry is one mark
    assert fig.layout.shapes[0].x0 == camp.today  # the line of today


def test_the_players_see_only_what_is_theirs():
    camp = campaign()
    text = json.dumps(timeline_figure(camp, audience="player").to_plotly_json(), default=str)
    assert "HIDDENMARK" not in text and "SECRETMARK" not in text and "GMPLANMARK" not in text
    assert "the patrol returns" in text and "our repairs" in text


@pytest.mark.parametrize("template", ["gmkit", "gmkit_light", "gmkit_dark"])
def test_both_themes(template):
    fig = timeline_figure(campaign(), template=template)
    assert fig.layout.template.layout.font.family.startswith("Inter")


def test_bad_input():
    with pytest.raises(InvalidType, match="Campaign"):
        timeline_figure("camp")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="audience"):
        timeline_figure(Campaign("x"), audience="everyone")  # type: ignore[arg-type]
