"""What the player screen serves (kit.screen.render): drawn from the players' projection alone,
its version a digest of that content, so a change the players cannot see changes nothing the
page receives, and a change they can see changes the version it polls."""

from __future__ import annotations

import json

from kit.players import project
from kit.screen.render import render
from kit.successors import Entity
from tests.factories import SECRET, make_campaign


def served(camp) -> dict:
    return json.loads(render(project(camp)))


def test_the_page_gets_a_title_sections_figures_and_a_version():
    page = served(make_campaign("Reach"))
    assert page["title"] == "Reach"
    assert set(page["sections"]) == {
        "gmk-sector",
        "gmk-system",
        "gmk-fleets",
        "gmk-notes",
        "gmk-timeline",
    }
    assert set(page["figures"]) == {"gmk-map", "gmk-system-figure"}
    assert len(page["version"]) == 16 and int(page["version"], 16) >= 0


def test_the_players_see_the_systems_they_flew_and_not_the_one_they_never_learned():
    page = served(make_campaign())
    sector = page["sections"]["gmk-sector"]
    # the players flew Ana - Bel; Cor lies beyond and they never learned it
    assert "Ana" in sector and "Bel" in sector and "Cor" not in sector
    assert SECRET not in json.dumps(page)


def test_the_same_campaign_renders_the_same_bytes():
    assert render(project(make_campaign())) == render(project(make_campaign()))


def test_a_gm_only_change_leaves_the_version_alone():
    before = served(make_campaign())
    camp = make_campaign()
    camp.knowledge.note("the fixer is lying", player_visible=False)
    camp.add(Entity("Shade", battle=4), "Shade")  # an entity the players never detected
    camp.add_session("Session 2", "GM prep: the ambush at Cor")
    assert served(camp) == before


def test_a_note_for_the_players_shows_and_changes_the_version():
    before = served(make_campaign())
    camp = make_campaign()
    camp.knowledge.note("The beacon at <b>Bel</b> blinks twice.")
    after = served(camp)
    assert after["version"] != before["version"]
    notes = after["sections"]["gmk-notes"]
    # the players' text is shown as text, never as markup
    assert "The beacon at &lt;b&gt;Bel&lt;/b&gt; blinks twice." in notes and "<b>" not in notes


def test_three_sensors_successes_in_the_orbit_reveal_its_secret():
    # the Successors sensors table: 3 successes give "secret information, if any, about the
    # current orbit"; the campaign's scan of 2 from orbit 1 did not
    before = served(make_campaign())
    camp = make_campaign()
    camp.knowledge.scan("Ana", 3, orbit=1)
    after = served(camp)
    assert SECRET in after["sections"]["gmk-system"]
    assert after["version"] != before["version"]
