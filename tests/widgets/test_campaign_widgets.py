"""Widgets opened on campaign items save back into the campaign."""

from kit import Campaign
from kit.boards import StandardBoard
from kit.regulus import Job, Operative
from kit.successors import Entity
from kit.successors.stars import generate_system


def test_widgets_write_back(tmp_path):
    camp = Campaign("Widgets")
    camp.add(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=2), "job")
    camp.add(StandardBoard([6, 5, 7, 4], goal=3), "bomb")
    camp.add(Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2), "tanrac")
    camp.add(generate_system(seed=5), "home")

    table = camp.open("jobs", "job")
    table._on_msg(table, {"action": "enter", "value": 10}, None)
    board = camp.open("boards", "bomb")
    board.board.check(6)
    builder = camp.open("entities", "tanrac")
    builder.add_points("battle", 1)
    explorer = camp.open("systems", "home")
    explorer.reroll(6)

    assert camp.jobs["job"].progress == 1
    assert camp.entities["tanrac"].battle == 5  # an immutable entity, written back by the builder
    assert camp.systems["home"] == generate_system(
        seed=6
    )  # the re-rolled system replaced the old one
    camp.save(tmp_path / "c.json")
    again = Campaign.load(tmp_path / "c.json")
    assert again.jobs["job"].progress == 1 and again.entities["tanrac"].battle == 5
    assert again.boards["bomb"].successes == 1


def test_fleets_sectors_and_battles_open_too():
    from kit.successors.examples import example_one, tanrac_fleet
    from kit.successors.sector import generate_sector

    camp = Campaign("More widgets")
    camp.add(tanrac_fleet(), "tanrac")
    camp.add(generate_sector(30, seed=1), "drift")
    camp.add(example_one(seed=3), "fight")
    fleet_w = camp.open("fleets", "tanrac")
    fleet_w.panel.fleet.buy("GUNBOAT")
    sector_w = camp.open("sectors", "drift")
    sector_w.sector.record_jump(0, 1)
    combat_w = camp.open("battles", "fight")
    combat_w.battle.step_round()
    again = Campaign.from_json(camp.to_json())
    assert again.fleets["tanrac"].counts()["GUNBOAT"] == 6
    assert again.sectors["drift"].jumps_made(0, 1) == 1
    assert again.battles["fight"].state.round >= 1
