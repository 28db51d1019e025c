"""The seven kinds of leak of issue #21, one regression test (or a few) each.

Each test failed on the code before the players' projection (kit.players): the player view read
the GM's objects directly. Secrets carry unique marker strings (``...MARK``); a marker in a
player view is a leak. What the players know is worked out by hand in the comments from the
knowledge record's rules (a hide wins over travel and scans) and the Learning-about-the-Universe
table (a Stealthed entity needs one Sensors success more to be detected at all).
"""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from kit import Campaign, session_recap
from kit.figures import sector_map, star_system_figure
from kit.handouts import handout, save_handout
from kit.screen import PlayerScreen
from kit.successors import Entity
from kit.successors.combat import Battle, Side
from kit.successors.fleets import Fleet
from kit.successors.knowledge import Knowledge
from kit.successors.sector import Sector, SectorRules
from kit.successors.stars.system import Body, Orbit, Star, StarSystem

RULES = SectorRules(max_range=10.0)


def content(camp: Campaign, **options) -> str:
    """The player screen's whole content (decoded JSON, so escapes hide nothing)."""
    return json.dumps(PlayerScreen(camp, **options).content(), ensure_ascii=False, sort_keys=True)


# ---------------------------------------------------------------- 1. taking knowledge back
def home_and_secretia() -> Sector:
    # Home at x=0, Secretia 6 ly away at a coordinate found nowhere else (41.0625 on y)
    return Sector([[0.0, 0.0], [6.0, 41.0625 - 36.0]], ["HOMEMARK", "SECRETIAMARK"], rules=RULES)


def test_a_hidden_system_leaves_no_trace_in_handouts_maps_or_the_screen():
    sector = home_and_secretia()
    k = Knowledge()
    k.travelled(("HOMEMARK", "SECRETIAMARK"))
    k.hide("SECRETIAMARK")
    # the players know Home (they flew from it) and nothing of Secretia, nor of the route
    for fmt in ("markdown", "html"):
        page = handout(sector, audience="player", knowledge=k, fmt=fmt, plotlyjs="cdn")
        assert "SECRETIAMARK" not in page and "HOMEMARK" in page
        assert "5.06" not in page  # Secretia's y coordinate, in the table or the map
    for unknown in ("dim", "hide"):
        fig = sector_map(sector, audience="player", knowledge=k, unknown=unknown)
        text = fig.to_json()
        assert "SECRETIAMARK" not in text and "5.0625" not in text, unknown
    camp = Campaign("Hide")
    camp.add(sector, "Reach")
    camp.knowledge = k
    text = content(camp, sector="Reach")
    assert "SECRETIAMARK" not in text and "5.0625" not in text and "HOMEMARK" in text


def test_an_orbit_or_a_route_told_and_taken_back_takes_its_system_back():
    sector = home_and_secretia()
    never = Knowledge()
    never.reveal("HOMEMARK")
    for told in (
        {"what": "SECRETIAMARK", "orbit": 1},
        {"what": ("HOMEMARK", "SECRETIAMARK")},
    ):
        k = Knowledge()
        k.reveal("HOMEMARK")
        k.reveal(told["what"], orbit=told.get("orbit"))
        k.hide(told["what"], orbit=told.get("orbit"))
        assert not k.knows_system("SECRETIAMARK")
        for unknown in ("dim", "hide"):
            assert sector_map(
                sector, audience="player", knowledge=k, unknown=unknown
            ).to_json() == (
                sector_map(sector, audience="player", knowledge=never, unknown=unknown).to_json()
            )


# ---------------------------------------------------------------- 2. distances through the unknown
def detour(with_middle: bool) -> Sector:
    # A at 0, B at 16 ly: 16 > 10, so no jump joins them; U at 8 joins both when it exists
    positions = [[0.0, 0.0], [16.0, 0.0]] + ([[8.0, 0.5]] if with_middle else [])
    names = ["AMARK", "BMARK"] + (["UMARK"] if with_middle else [])
    return Sector(positions, names, seed=2, rules=RULES)


def test_within_counts_jumps_over_known_routes_only():
    k = Knowledge()
    k.reveal("AMARK")
    k.reveal("BMARK")
    maps = [
        sector_map(detour(m), audience="player", knowledge=k, center="AMARK", within=2).to_json()
        for m in (True, False)
    ]
    # B is two jumps away only through the unknown U: the players know no route to it
    assert "BMARK" not in maps[0]
    assert maps[0] == maps[1]


# ---------------------------------------------------------------- 3. views of unknown things
def marked_system(name: str = "VEGAMARK") -> StarSystem:
    orbits = [
        Orbit(i, Body("Planet", 10_001 + 10 * i, 20, 90), installations=f"INSTMARK{i}")
        for i in range(1, 6)
    ]
    return StarSystem(Star("B", 3, "Giant"), orbits, name=name)


@pytest.mark.parametrize("hidden", [False, True])
def test_a_system_the_players_do_not_know_shows_nothing_of_itself(hidden, tmp_path, monkeypatch):
    system = marked_system()
    k = Knowledge()
    if hidden:
        k.scan("VEGAMARK", 3)
        k.hide("VEGAMARK")
    other = marked_system("OTHERMARK")
    other = StarSystem(Star("M", 1, "Dwarf"), other.orbits[:2], name="OTHERMARK")
    pages = []
    for s in (system, other):
        page = {
            fmt: handout(s, audience="player", knowledge=k, fmt=fmt, plotlyjs="cdn")
            for fmt in ("markdown", "html")
        }
        fig = star_system_figure(s, view="player", knowledge=k).to_json()
        for text in (*page.values(), fig):
            assert s.name not in text and "5 orbits" not in text and "Type B" not in text
        pages.append((page, fig))
    # nothing of either system: their player views are the same
    assert pages[0] == pages[1]
    # the PDF is printed from the same page, its title included
    printed: list[str] = []
    monkeypatch.setattr(
        "kit.handouts.printing.print_pdf", lambda page, target: printed.append(page)
    )
    save_handout(system, tmp_path / "x.pdf", audience="player", knowledge=k)
    title = printed[0].split("<title>")[1].split("</title>")[0]
    assert "VEGAMARK" not in title


# ---------------------------------------------------------------- 4. identity by name
def vorn_campaign(with_unmet: bool) -> Campaign:
    camp = Campaign("Vorn")
    vorn = Entity("Vorn", battle=3, control=2)
    met = Fleet(vorn, budget=40)
    met.buy("CRUISER", 2)
    camp.add(met, "met fleet")
    if with_unmet:
        unmet = Fleet(vorn, budget=60)
        unmet.buy("BATTLESHIP", 1)
        unmet.buy("DRONE", 3)
        camp.add(unmet, "UNMETMARK fleet")
    us = Side("Us", ships=["Seeker", "Sensor Ship"])
    battle = Battle([us, Side("Vorn", ships=met)], seed=1)
    for _ in range(3):
        if not battle.over:
            battle.step_round()
    camp.add(battle, "ambush")
    camp.record_battle("ambush", "Us")
    return camp


def test_a_side_named_after_its_owner_makes_only_the_fleet_met_known():
    with_unmet, without = vorn_campaign(True), vorn_campaign(False)
    assert content(with_unmet) == content(without)
    assert with_unmet.knowledge.fleet_level("fleets/met fleet") > 0
    assert "BATTLESHIP" not in content(with_unmet).upper()
    assert "2 ships" in content(with_unmet)  # the fleet met is on the screen


# ---------------------------------------------------------------- 5. the recap
def stealth_battle(shade_dies: bool) -> Battle:
    # the players (side 0) have no Sensors on the Shade, a Stealthed entity: it is never
    # detected (it needs one success more than the 0 needed to see an entity's presence)
    shade = Entity("SHADEMARK", battle=1, control=1, edges=["Stealthed"])
    sides = [
        Side("Us", ships={"Cruiser": 1}),
        Side("Them", ships={"Frigate": 1}),
        Side("SHADESIDEMARK", entity=shade),
    ]
    battle = Battle(sides, seed=3)
    battle.log.append("phase", round=1, phase="main")
    if shade_dies:
        battle.log.append("entity_state", side=2, state="destroyed")
    battle.state = battle._replay()
    return battle


def test_the_player_recap_tells_nothing_the_players_could_not_perceive():
    texts = []
    for dies in (True, False):
        camp = Campaign("Recap")
        camp.add(stealth_battle(dies), "skirmish")
        recap = session_recap(camp, audience="player")
        texts.append((recap.markdown(), recap.html()))
        assert "SHADE" not in recap.markdown() and "destroyed" not in recap.markdown()
    assert texts[0] == texts[1]


def test_the_player_recap_names_only_systems_the_record_knows():
    from kit.successors.sector import Journey, Party, Traveller

    sector = Sector([[0, 0], [9, 0], [18, 0]], ["ANAMARK", "BELMARK", "CORMARK"], seed=1)
    trip = Journey.along(
        sector,
        sector.route("ANAMARK", "CORMARK"),
        Party((Traveller("Vex", "entity", 6, 4, 2),)),
        seed=5,
    ).run()
    camp = Campaign("Trip")
    camp.add(sector, "Line")
    camp.add(trip, "trip")
    camp.record_journey("trip")
    camp.knowledge.hide("BELMARK")
    text = session_recap(camp, audience="player").markdown()
    assert "BELMARK" not in text and "ANAMARK" in text and "CORMARK" in text


# ---------------------------------------------------------------- 6. counting the unknown
def crowd(extra: int) -> Sector:
    # two known systems at the end of the GM's list, after ``extra`` unknown ones far away
    positions = [[100.0 + 20 * i, 100.0] for i in range(extra)] + [[0.0, 0.0], [6.0, 0.0]]
    names = [f"FAR{i}MARK" for i in range(extra)] + ["KNOWNA", "KNOWNB"]
    sector = Sector(positions, names, seed=1, rules=RULES)
    for name, cls in (("KNOWNA", "G"), ("KNOWNB", "K")):  # the same stars in every twin
        sector.set_system(name, StarSystem(Star(cls), (), name=name))
    return sector


@pytest.mark.parametrize("unknown", ["dim", "hide"])
def test_player_views_do_not_count_unknown_systems(unknown):
    k = Knowledge()
    k.travelled(("KNOWNA", "KNOWNB"))
    maps = [
        sector_map(crowd(n), audience="player", knowledge=k, unknown=unknown).to_json()
        for n in (0, 5)
    ]
    assert maps[0] == maps[1]  # no grey dot per unknown system, no index into the GM's list
    pages = [
        handout(crowd(n), audience="player", knowledge=k, fmt="html", plotlyjs="cdn")
        for n in (0, 5)
    ]
    assert pages[0] == pages[1]


# ---------------------------------------------------------------- 7. a noisy server
def _port(screen: PlayerScreen) -> int:
    return int(screen.url.split(":")[2].split("/")[0])


def test_a_dropped_download_prints_no_traceback(capfd):
    screen = PlayerScreen(Campaign("Quiet")).start(quiet=True)
    try:
        for _ in range(5):
            with socket.create_connection(("127.0.0.1", _port(screen)), timeout=5) as s:
                s.sendall(b"GET /plotly.js HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                s.recv(100)  # read a little of the 4 MB, then hang up
                s.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
                )
        time.sleep(0.5)
    finally:
        screen.stop()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error" not in err


def test_a_request_that_never_completes_leaves_no_thread_after_stop():
    before = set(threading.enumerate())
    screen = PlayerScreen(Campaign("Slow")).start(quiet=True)
    hanging = socket.create_connection(("127.0.0.1", _port(screen)), timeout=5)
    try:
        hanging.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finishes the headers
        time.sleep(0.3)
        screen.stop()
        deadline = time.monotonic() + 3
        while set(threading.enumerate()) - before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert set(threading.enumerate()) - before == set()
    finally:
        hanging.close()


def test_error_pages_carry_the_security_headers():
    import http.client

    screen = PlayerScreen(Campaign("Headers")).start(quiet=True)
    try:
        for method, path, host in [
            ("GET", "/nowhere", "127.0.0.1"),
            ("GET", "/", "evil.example"),
            ("POST", "/", "127.0.0.1"),
            ("DELETE", "/content", "127.0.0.1"),
        ]:
            conn = http.client.HTTPConnection("127.0.0.1", _port(screen), timeout=10)
            conn.putrequest(method, path, skip_host=True)
            conn.putheader("Host", host)
            conn.endheaders()
            resp = conn.getresponse()
            headers = dict(resp.getheaders())
            resp.read()
            conn.close()
            assert resp.status >= 400, (method, path)
            assert "default-src 'none'" in headers.get("Content-Security-Policy", ""), (
                method,
                path,
            )
            assert headers.get("X-Content-Type-Options") == "nosniff", (method, path)
            assert headers.get("Referrer-Policy") == "no-referrer", (method, path)
    finally:
        screen.stop()
