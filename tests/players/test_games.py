"""The players' projection of played games (kit.players.games): a Job Record without the GM's
rows, notes and seed; a battle as the players' side perceived it through its Sensors
successes (an entity named at 4, one more per Stealthed); a journey naming only the systems
the players' record knows."""

from __future__ import annotations

from kit.audience import GM
from kit.players.games import battle_story, journey_story, project_job
from kit.regulus import Job, Operative
from kit.successors import Entity
from kit.successors.combat import Battle, Side
from kit.successors.knowledge import Knowledge
from kit.successors.sector.journey import Journey
from kit.successors.sector.party import Party, Traveller
from kit.successors.sector.routes import Leg


def played_job() -> Job:
    job = Job("heist", 4, 5, [Operative("Vex", "Face", ["invite"])], seed=3)
    job.roll(10)
    job.note(1, "the guard is bribed")
    job.adjust(heat=1, note="behind the screen")
    job.roll(8)
    return job


def test_the_players_job_record_has_no_gm_row_note_or_seed():
    players = project_job(played_job())
    assert players.for_players and players.seed is None
    assert [r.kind for r in players.rows] == ["main", "main"]
    assert {r.note for r in players.rows} == {""}
    assert players.crew == (("Vex", "Face", ("invite",), True, True),)


def test_the_gms_job_record_keeps_everything():
    gm = project_job(played_job(), audience=GM)
    assert not gm.for_players and gm.seed == 3
    assert [r.kind for r in gm.rows] == ["main", "gm", "main"]
    assert [r.note for r in gm.rows][:2] == ["the guard is bribed", "behind the screen"]


def fought(sensors: int) -> Battle:
    """Two cruisers against a Stealthed Vorn's two frigates, the players' Sensors given."""
    shade = Entity("Vorn", battle=3, control=2, edges=["Stealthed"])
    sides = [
        Side("Us", ships={"Cruiser": 2}, sensors=sensors),
        Side("Them", entity=shade, ships={"Frigate": 2}),
    ]
    return Battle(sides, seed=1).run()


def best_reading(battle: Battle) -> int:
    """The most successes the players' side ever had on the enemy (its Sensors, then the
    battle's own sensors rolls)."""
    totals = [e["total"] for e in battle.events if e.kind == "sensors" and e["side"] == 0]
    return max([battle.sides[0].sensors, *totals])


def test_a_stealthed_entity_is_not_named_below_5_successes():
    battle = fought(0)
    assert best_reading(battle) < 5  # the premise: never enough to name it
    story = battle_story(battle, 0, 0)
    assert story.lines and not any("Vorn" in line for line in story.lines)
    assert any("an enemy fleet" in line for line in story.lines)


def test_at_5_successes_the_stealthed_entity_is_named():
    story = battle_story(fought(5), 0, 0)
    assert any("at Vorn" in line for line in story.lines)


def test_the_luck_told_is_the_players_own_attack_rolls():
    battle = fought(0)
    ours = [e for e in battle.events if e.kind == "attack" and e["side"] == 0 and e["dice"]]
    story = battle_story(battle, 0, 0)
    assert ours and story.verdict.startswith("our own attack rolls")
    assert len(story.turning_points) == min(3, len(ours))
    assert story.status in ("we won", "we did not win", "no winner") and story.open is None


def journey(seed: int = 2) -> Journey:
    leg = Leg(0, 1, 3.0, "known", 1, False, pool=(3,), time_factor=1, travel_days=1)
    party = Party((Traveller("Vex", "entity", 3, 0, 1),))
    return Journey([leg], ["Home", "Away"], party, seed=seed).run()


def test_a_journey_names_only_the_systems_the_players_know():
    trip = journey()
    k = Knowledge()
    k.reveal("Home")
    lines = journey_story(trip, 0, k).lines
    assert lines and all("Away" not in line for line in lines)
    assert any("Home -> an unknown system" in line for line in lines)
    k.reveal("Away")
    assert any("Home -> Away" in line for line in journey_story(trip, 0, k).lines)
    assert all("Home" not in line for line in journey_story(trip, 0, None).lines)


def test_the_gm_reads_the_journeys_own_record():
    trip = journey()
    story = journey_story(trip, 0, None, audience=GM)
    assert story.lines == tuple(trip.record())
    assert story.status.startswith("arrived on day") and story.open is None
