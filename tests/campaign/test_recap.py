"""The session recap: games in order, luck and open items, GM and player versions, escaping."""

from __future__ import annotations

import numpy as np
import pytest

import kit
from kit import Campaign
from kit.boards import StandardBoard
from kit.errors import InvalidInput, InvalidType
from kit.recap import SessionRecap, session_recap
from kit.regulus import Job, Operative
from kit.successors.combat import Battle, Side
from kit.successors.sector import Journey, Party, Sector, Traveller

GM_MARK = "GM-ONLY-7f3a"
SCRIPT = "<script>alert(1)</script>"


@pytest.fixture
def campaign() -> Campaign:
    camp = Campaign(f"Reach {SCRIPT}")
    camp.add_session("Session 1", f"{GM_MARK} the fixer lies", "2026-11-01")
    camp.add_session(f"Session 2 {SCRIPT}", "", "2026-11-08")
    # added in this order on purpose: not alphabetical
    late = Job("heist", 3, 4, [Operative("Ash", "Thief")], seed=1)
    late.roll(12)
    late.note(1, f"{GM_MARK} note")
    late.roll(10)
    camp.add(late, "zeta vault")
    early = Job("heist", 5, 6, [Operative("Bo", "Face")], seed=2)
    early.roll(7)
    early.adjust(progress=1, note=f"{GM_MARK} adjustment")
    camp.add(early, f"alpha {SCRIPT}")
    camp.add(Job("heist", 4, 5, [Operative("Cy", "Face")], seed=3), "never played")
    board = StandardBoard([7, 7, 7], goal=2, title="Bomb")
    board.check(8)
    camp.add(board, "bomb")
    battle = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=4)
    camp.add(battle.run(), "skirmish")
    sector = Sector(np.array([[0, 0], [9, 0], [18, 0]], float), ["Ana", "Bel", "Cor"], seed=1)
    route = sector.route("Ana", "Cor")
    trip = Journey.along(sector, route, Party((Traveller("Vex", "entity", 6, 4, 2),)), seed=5)
    camp.add(trip.run(), "trip")
    return camp


def test_recap_lists_the_played_games_in_order(campaign):
    recap = session_recap(campaign)
    assert isinstance(recap, SessionRecap)
    names = [e.name for e in recap.entries]
    # jobs, boards, battles, journeys; each kind in the order added; unplayed games left out
    assert names == ["zeta vault", f"alpha {SCRIPT}", "bomb", "skirmish", "trip"]
    text = recap.markdown()
    positions = [text.index(n) for n in ("zeta vault", "alpha", "bomb", "skirmish", "trip")]
    assert positions == sorted(positions)
    assert "approximate" in text  # the order across games is said to be approximate
    # within a game, its events in the order played
    job = recap.entries[0]
    assert (
        job.lines[0].startswith("turn 1: main roll 12") and "turn 2: main roll 10" in job.lines[-1]
    )


def test_recap_has_luck_turning_points_and_open_items(campaign):
    recap = session_recap(campaign)
    by = {e.name: e for e in recap.entries}
    # the 12 then 10 heist: the job's own luck report says lucky
    assert by["zeta vault"].verdict.startswith("lucky")
    assert by["zeta vault"].turning_points[0].startswith("main #1")
    assert by["trip"].verdict and by["skirmish"].verdict and by["bomb"].verdict
    # still open: the half-played job and board, finished ones are not
    opened = recap.open_items
    assert any(line.startswith("bomb") for line in opened)
    assert any("alpha" in line for line in opened)
    assert not any(line.startswith(("zeta", "skirmish", "trip")) for line in opened)
    assert "Still open" in recap.markdown()


def test_player_version_holds_no_gm_note(campaign):
    gm = session_recap(campaign)
    player = session_recap(campaign, audience="player")
    assert GM_MARK in gm.markdown() and GM_MARK in gm.html()
    for text in (player.markdown(), player.html(), player._repr_html_()):
        assert GM_MARK not in text
    assert "(player handout)" in player.markdown()
    # GM adjustment rows are the GM's: gone from the player's job lines
    alpha = next(e for e in player.entries if e.name.startswith("alpha"))
    assert not any("GM adjustment" in line for line in alpha.lines)
    # the player battle shows no enemy ship's damage and no win chance
    battle = next(e for e in player.entries if e.name == "skirmish")
    assert not any("frigate" in line.lower() for line in battle.lines)
    assert "chance" not in (battle.verdict or "")


def test_user_text_is_escaped(campaign):
    for audience in ("gm", "player"):
        recap = session_recap(campaign, audience=audience)
        for text in (recap.markdown(), recap.html(), recap._repr_html_()):
            assert "<script>" not in text
            assert "&lt;script&gt;" in text


def test_since_a_mark_lists_only_what_is_new(campaign):
    first = session_recap(campaign)
    assert session_recap(campaign, since=first.mark).entries == ()
    job = campaign.jobs[f"alpha {SCRIPT}"]
    job.roll(5)  # its companion roll (1d6+1) is due
    later = session_recap(campaign, since=first.mark)
    assert [e.name for e in later.entries] == [f"alpha {SCRIPT}"]
    assert len(later.entries[0].lines) == 1 and "roll 5" in later.entries[0].lines[0]


def test_since_a_date_or_a_title_picks_the_sessions(campaign):
    by_date = session_recap(campaign, since="2026-11-05")
    assert [s[0] for s in by_date.sessions] == [f"Session 2 {SCRIPT}"]
    assert any("no play dates" in n for n in by_date.notices)
    by_title = session_recap(campaign, since="Session 1")
    assert len(by_title.sessions) == 2
    with pytest.raises(InvalidInput, match="neither a date"):
        session_recap(campaign, since="Session 9")
    with pytest.raises(InvalidType, match="since must be"):
        session_recap(campaign, since=3)
    with pytest.raises(InvalidInput):
        session_recap(campaign, audience="everyone")
    with pytest.raises(InvalidType, match="needs a Campaign"):
        session_recap("campaign")


def test_recap_is_reachable_from_kit():
    assert kit.session_recap is session_recap


def test_a_journey_told_to_players_without_a_record_names_no_system(campaign):
    """recap_journey's knowledge defaults to None: for the players that is a record that knows
    no system (it raised AttributeError on None before), while the GM's story names them all."""
    from kit.recap import recap_journey

    trip = campaign.get("journeys", "trip")
    told = recap_journey(trip, 0, audience="player")
    assert told.lines and all(n not in line for line in told.lines for n in ("Ana", "Bel", "Cor"))
    assert any("an unknown system" in line for line in told.lines)
    gm = recap_journey(trip, 0, audience="gm")
    assert any("Ana" in line for line in gm.lines)
