"""The players' projection of a whole campaign (kit.players.campaign): the sector and system
shown without being told are chosen from what the players know alone, the contacts are the
fleets and entities they met, and the notes are theirs."""

from __future__ import annotations

from kit import Campaign
from kit.players.campaign import default_sector, default_system, project_campaign
from kit.successors import Entity
from tests.factories import line_sector, make_campaign, scanned_system


def test_the_screen_shows_the_campaign_as_the_players_know_it():
    camp = make_campaign()  # flew Ana - Bel, scanned Ana with 2 successes, met the raiders
    camp.knowledge.note("the players' note")
    camp.knowledge.note("the GM's note", player_visible=False)
    known = project_campaign(camp)
    assert known.title == "Reach"
    assert [p.name for p in known.sector.systems] == ["Ana", "Bel"]
    assert known.system.name == "Ana" and known.system.successes == 2
    assert [type(c).__name__ for c in known.contacts] == ["KnownFleet"]  # not Vorn: unmet
    assert [n.text for n in known.notes] == ["the players' note"]


def test_a_sector_the_players_know_nothing_of_is_shown_only_if_it_is_the_only_one():
    camp = Campaign("Blank")
    camp.add(line_sector(), "Line")
    assert default_sector(camp, camp.knowledge)[0] == "Line"  # the only sector
    camp.add(line_sector(("Dun", "Eth"), seed=2), "Far")
    assert default_sector(camp, camp.knowledge) is None  # two, and none known
    camp.knowledge.reveal("Eth")
    assert default_sector(camp, camp.knowledge)[0] == "Far"  # the one with a known system


def test_the_system_shown_is_the_one_the_players_know():
    camp = Campaign("Two")
    camp.add(scanned_system("Ana"), "Ana")
    camp.add(scanned_system("Bel"), "Bel")
    assert default_system(camp, camp.knowledge) is None
    camp.knowledge.scan("Bel", 1, orbit=1)
    assert default_system(camp, camp.knowledge)[0] == "Bel"
    camp.knowledge.scan("Ana", 1, orbit=1)
    assert default_system(camp, camp.knowledge) is None  # two known: the GM must say which


def test_adding_an_unknown_system_never_changes_the_page():
    camp = make_campaign()
    before = project_campaign(camp)
    camp.add(scanned_system("Zed"), "Zed")
    camp.add(Entity("Stranger", battle=2), "Stranger")
    assert project_campaign(camp) == before


def test_an_entity_the_players_met_is_a_contact_and_the_title_can_be_given():
    camp = make_campaign()
    camp.knowledge.scan_fleet("entities/Vorn", 4)
    known = project_campaign(camp, sector=None, system=None, title="Session 2")
    assert known.title == "Session 2" and known.sector is None and known.system is None
    names = [c.sighting.name for c in known.contacts if type(c).__name__ == "KnownEntity"]
    assert names == ["Vorn"]
