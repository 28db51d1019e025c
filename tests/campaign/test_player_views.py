"""Player views drawn from the knowledge record hold nothing the record does not (issue #16).

Every secret field carries a unique marker string (system names, orbit installations, secrets)
or a unique number (orbit diameters); the GM's output shows each, and the player's output, the
figure's whole JSON (``fig.to_json()``) or the handout's Markdown and HTML source, holds none
that the players have not learned. What they have learned is worked out by hand from the
"Learning about the Universe" table and the routes they flew, in the comments.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.errors import InvalidInput, InvalidType
from kit.figures import sector_map, star_system_figure
from kit.successors.knowledge import Knowledge
from kit.successors.sector import Sector, SectorRules
from kit.successors.stars.system import StarSystem
from tests import factories

# ---------------------------------------------------------------- a sector on a line
# Eight systems on the x axis, 6 ly apart, jump range 10 ly: each system's only jump routes go
# to its neighbours (12 ly is out of range), so the jump graph is the path 0-1-2-...-7.
N = 8
XS = [6.0 * i + 0.25 * i for i in range(N)]  # distinct coordinates: 0, 6.25, 12.5, ...
NAMES = [f"ZQ{i}SYSMARK" for i in range(N)]


def line_sector() -> Sector:
    return Sector(
        [[x, 1.5] for x in XS], NAMES, seed=5, name="Line", rules=SectorRules(max_range=10.0)
    )


def played() -> tuple[Sector, Knowledge]:
    """The players flew 0-1 twice, scanned 2 from afar and were told about 5."""
    sector = line_sector()
    k = Knowledge()
    k.travelled((NAMES[0], NAMES[1]), times=2)  # systems 0 and 1 known, route 0-1 known
    k.scan(NAMES[2], 1)  # system 2 known, no route to it
    k.reveal(NAMES[5])  # system 5 known by the GM's word
    # the sector's own history also has 3-4 flown (by someone else): the players do not know it
    sector.record_jump(3, 4)
    return sector, k


KNOWN = {0, 1, 2, 5}
UNKNOWN = set(range(N)) - KNOWN


def segments(fig, name_part: str) -> set[tuple[int, int]]:
    """Index pairs of the line segments in traces whose name holds ``name_part``."""
    out = set()
    for t in fig.data:
        if t.mode != "lines" or name_part not in (t.name or ""):
            continue
        xs = list(t.x)
        for k in range(0, len(xs), 3):
            a, b = XS.index(xs[k]), XS.index(xs[k + 1])
            out.add((min(a, b), max(a, b)))
    return out


def points(fig) -> set[float]:
    return {x for t in fig.data if t.x is not None for x in t.x if x is not None}


def test_player_map_names_only_known_systems():
    sector, k = played()
    gm = sector_map(sector, knowledge=k).to_json()
    player = sector_map(sector, audience="player", knowledge=k).to_json()
    for i in range(N):
        assert NAMES[i] in gm
        assert (NAMES[i] in player) == (i in KNOWN), i


def test_player_map_draws_only_known_routes():
    sector, k = played()
    fig = sector_map(sector, audience="player", knowledge=k)
    # the only route the players know is 0-1, flown twice: "known" (locked needs ten)
    assert segments(fig, "known routes") == {(0, 1)}
    assert segments(fig, "routes") == {(0, 1)}
    gm = sector_map(sector, knowledge=k)
    # the GM sees every jump edge of the path; 3-4 (flown, not by the players) is dashed
    assert segments(gm, "routes") == {(i, i + 1) for i in range(N - 1)}
    assert segments(gm, "players do not know") == {(3, 4)}
    dashed = [t for t in gm.data if t.mode == "lines" and "players do not know" in t.name]
    assert dashed and all(t.line.dash == "dash" for t in dashed)


def test_unknown_systems_are_neither_drawn_nor_indexed():
    sector, k = played()
    for unknown in ("dim", "hide"):
        fig = sector_map(sector, audience="player", knowledge=k, unknown=unknown)
        systems = [t for t in fig.data if (t.name or "").startswith("Type ")]
        assert {x for t in systems for x in t.x} == {XS[i] for i in KNOWN}
        assert all(t.customdata is None for t in fig.data)  # no index into the GM's list
        # nor the classes of unknown systems: one trace per known class only
        classes = sector.spectral_classes()
        assert {t.name for t in systems} == {f"Type {classes[i]}" for i in KNOWN}
    hidden = sector_map(sector, audience="player", knowledge=k, unknown="hide")
    assert points(hidden) == {XS[i] for i in KNOWN}
    # "dim" adds a ring of one jump range (10 ly) around each known system, nothing else
    dim = sector_map(sector, audience="player", knowledge=k, unknown="dim")
    ring = next(t for t in dim.data if t.name == "within one jump")
    xs = [x for x in ring.x if x is not None]
    assert min(xs) == pytest.approx(XS[0] - 10.0) and max(xs) == pytest.approx(XS[5] + 10.0)


def test_gm_map_marks_what_the_players_do_not_know():
    sector, k = played()
    fig = sector_map(sector, knowledge=k)
    dim = [t for t in fig.data if t.name == "systems the players do not know"]
    assert sorted(x for t in dim for x in t.x) == sorted(XS[i] for i in UNKNOWN)
    assert all(t.opacity == pytest.approx(0.4) for t in dim)
    assert "the players know 4 systems, 1 routes" in fig.layout.title.text
    # without a record the GM map is as before: every system in its class's trace
    plain = sector_map(sector)
    assert not any("players" in (t.name or "") for t in plain.data)


def test_map_centred_on_a_system_within_n_jumps():
    sector, k = played()
    # the path 0-1-...-7: within 1 jump of 3 are 2, 3 and 4; within 2, 1 to 5
    fig = sector_map(sector, center=NAMES[3], within=1)
    assert points(fig) == {XS[2], XS[3], XS[4]}
    assert segments(fig, "routes") == {(2, 3), (3, 4)}
    assert points(sector_map(sector, center=3, within=2)) == {XS[i] for i in range(1, 6)}
    # the players' version counts jumps over the routes they know only: from 1, the route
    # 0-1 (flown); 2 is known but no route to it is, so it is outside the window
    player = sector_map(
        sector, audience="player", knowledge=k, center=NAMES[1], within=1, unknown="hide"
    )
    assert points(player) == {XS[0], XS[1]}
    assert NAMES[2] not in player.to_json() and NAMES[3] not in player.to_json()
    assert "within 1 jumps of ZQ1SYSMARK" in player.layout.title.text


def test_labels_are_written_on_small_maps_and_hover_only_when_asked():
    sector, k = played()
    fig = sector_map(sector, audience="player", knowledge=k)
    labelled = [t for t in fig.data if (t.name or "").startswith("Type ")]
    assert sorted(n for t in labelled for n in t.text) == sorted(NAMES[i] for i in KNOWN)
    assert all("text" in t.mode for t in labelled)
    quiet = sector_map(sector, audience="player", knowledge=k, labels=False)
    assert all(t.text is None for t in quiet.data if (t.name or "").startswith("Type "))
    # the names are still on hover
    assert sorted(h.split(" (")[0] for t in quiet.data if t.hovertext for h in t.hovertext) == (
        sorted(NAMES[i] for i in KNOWN)
    )


def test_route_and_selection_on_a_player_map_keep_unknown_names_out():
    sector, k = played()
    route = sector.route(0, 4)
    assert list(route.systems) == [0, 1, 2, 3, 4]
    fig = sector_map(sector, audience="player", knowledge=k, route=route, selected=3)
    text = fig.to_json()
    assert NAMES[3] not in text and NAMES[4] not in text
    assert "an unknown system" in fig.layout.title.text
    assert "expected days" not in text  # counted through unknown systems: not for players
    # only the legs between known systems are drawn: 0-1 and 1-2; no mark at unknown 3
    drawn = next(t for t in fig.data if (t.name or "").startswith("route"))
    assert {x for x in drawn.x if x is not None} == {XS[0], XS[1], XS[2]}
    assert XS[3] not in points(fig)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"audience": "players"}, InvalidInput, "'gm', 'player'"),
        ({"audience": "player"}, InvalidInput, "knowledge record"),
        ({"knowledge": {"events": []}}, InvalidType, "Knowledge"),
        ({"unknown": "blur"}, InvalidInput, "'dim', 'hide'"),
        ({"within": 2}, InvalidInput, "center"),
        ({"center": "Nowhere"}, InvalidInput, "Nowhere"),
        ({"center": 0, "within": -1}, InvalidInput, "within"),
        ({"labels": "yes"}, InvalidType, "labels"),
    ],
)
def test_sector_map_refuses_bad_options(kwargs, error, words):
    with pytest.raises(error, match=words):
        sector_map(line_sector(), **kwargs)


# ---------------------------------------------------------------- a star system
def marked_system() -> StarSystem:
    """Seven planets; orbit i has diameter 10,0i1 km, an installation and a secret marker."""
    return factories.marked_system(7, "Vega")


def orbit_markers(i: int) -> list[str]:
    return [f"{10_001 + 10 * i:,} km", f"INSTMARK{i}"]


def test_player_system_figure_shows_orbits_as_scanned():
    system = marked_system()
    k = Knowledge()
    k.scan("Vega", 1, orbit=2, day=1)  # 1 success from orbit 2: orbit 2's details
    k.scan("Vega", 1, orbit=6, day=2)  # total 2 from orbit 6: 5, 6 and 7 too
    gm = star_system_figure(system, knowledge=k).to_json()
    player = star_system_figure(system, view="player", knowledge=k).to_json()
    for i in range(1, 8):
        for marker in orbit_markers(i):
            assert marker in gm
            assert (marker in player) == (i in (2, 5, 6, 7)), (i, marker)
        # no secret below 3 successes (the scanner's own orbit needs 3)
        assert f"SECRETMARK{i}" in gm and f"SECRETMARK{i}" not in player
    # the star's size waits for "the entire system" (3 successes)
    assert "Giant" in gm and "Giant" not in player
    k.scan("Vega", 1, orbit=6, day=3)  # total 3 from orbit 6: every orbit, orbit 6's secret
    player = star_system_figure(system, view="player", knowledge=k).to_json()
    assert all(m in player for i in range(1, 8) for m in orbit_markers(i))
    assert [i for i in range(1, 8) if f"SECRETMARK{i}" in player] == [6]


def test_gm_system_figure_marks_orbits_the_players_do_not_know():
    system = marked_system()
    k = Knowledge()
    k.scan("Vega", 1, orbit=4)
    fig = star_system_figure(system, knowledge=k)
    rings = [t for t in fig.data if t.mode == "lines"]
    assert [r.line.dash for r in rings] == ["longdash"] * 3 + ["solid"] + ["longdash"] * 3
    hover = json.loads(fig.to_json())
    assert hover["data"]  # the figure serialises
    planets = next(t for t in fig.data if t.name == "Planet")
    marked = [t for t in planets.text if "do not know this orbit" in t]
    assert len(marked) == 6


def test_system_figure_refuses_a_record_and_sensors_arguments_together():
    k = Knowledge()
    with pytest.raises(InvalidInput, match="either knowledge"):
        star_system_figure(marked_system(), view="player", knowledge=k, successes=3)
    with pytest.raises(InvalidType, match="Knowledge"):
        star_system_figure(marked_system(), view="player", knowledge="all")


# ---------------------------------------------------------------- handouts from the record
FORMATS = ("markdown", "html")


def both(obj, k, **options) -> tuple[str, str]:
    """(GM text, player text), Markdown and the HTML page source (figures included) joined."""
    from kit.handouts import handout

    variants = [{"fmt": "markdown"}, {"fmt": "html"}, {"fmt": "html", "plotlyjs": "cdn"}]
    gm = "\n".join(handout(obj, knowledge=k, **v, **options) for v in variants)
    player = "\n".join(
        handout(obj, audience="player", knowledge=k, **v, **options) for v in variants
    )
    return gm, player


def test_system_handout_reads_the_record():
    system = marked_system()
    k = Knowledge()
    k.scan("Vega", 2, orbit=3)  # 2 successes from orbit 3: orbits 2, 3 and 4, no secrets
    k.note("NOTEMARK-SHARED the beacon", about="Vega")
    k.note("NOTEMARK-GMONLY a trap", player_visible=False, about="Vega")
    gm, player = both(system, k)
    for i in range(1, 8):
        assert f"INSTMARK{i}" in gm and f"SECRETMARK{i}" in gm
        assert (f"INSTMARK{i}" in player) == (i in (2, 3, 4)), i
        assert f"SECRETMARK{i}" not in player
        assert (f"{10_001 + 10 * i:,} km" in player) == (i in (2, 3, 4)), i
    assert "NOTEMARK-SHARED" in player and "NOTEMARK-GMONLY" not in player
    assert "NOTEMARK-GMONLY" in gm and "(GM only)" in gm
    assert "Players know" in gm and "Players know" not in player
    assert "Giant" in gm and "Giant" not in player  # the star's size waits for 3 successes


def test_sector_handout_reads_the_record_and_carries_the_player_map():
    sector, k = played()
    gm, player = both(sector, k)
    for i in range(N):
        assert NAMES[i] in gm
        assert (NAMES[i] in player) == (i in KNOWN), i
    assert "Known routes" in player and "<svg" in player and "plotly" in player  # the map
    # the GM's copy says which systems the players know
    assert "Known to the players" in gm and "4 systems, 1 routes" in gm


def test_entity_and_fleet_handouts_read_the_record():
    from kit.successors import Entity
    from kit.successors.fleets import Fleet

    owner = Entity("OWNERMARK", battle=3, control=2, side="SIDEMARK")
    fleet = Fleet(owner, budget=40)
    fleet.buy("CRUISER", 2)
    k = Knowledge()
    # each object has its own key: the name the campaign keeps it under, in its collection
    k.scan_fleet("entities/owner", 3)
    k.scan_fleet("fleets/rivals", 3)
    # 3 successes: not named (the name comes at 4), abilities unknown (5)
    gm, player = both(owner, k, name="owner")
    assert "OWNERMARK" in gm and "SIDEMARK" in gm
    assert "OWNERMARK" not in player and "SIDEMARK" not in player
    gm, player = both(fleet, k, name="rivals")
    assert "OWNERMARK" in gm and "OWNERMARK" not in player and "2 ships" in player
    k.scan_fleet("entities/owner", 1)  # 4: the name
    k.scan_fleet("fleets/rivals", 1)
    assert "OWNERMARK" in both(owner, k, name="owner")[1]
    assert "OWNERMARK" in both(fleet, k, name="rivals")[1]
    assert "SIDEMARK" not in both(owner, k, name="owner")[1]  # never in a player handout
    # without name= the record cannot tell which object it is: nothing was detected
    assert "Nothing has been detected" in both(fleet, k)[1]
    # the owner's name is no key: another fleet of the same owner is not known by it
    k.scan_fleet("OWNERMARK", 5)
    assert "Nothing has been detected" in both(fleet, k, name="other")[1]


def test_handouts_refuse_a_record_beside_sensors_arguments():
    from kit.handouts import handout

    k = Knowledge()
    with pytest.raises(InvalidInput, match="either knowledge= or sensors="):
        handout(marked_system(), audience="player", knowledge=k, sensors=2)
    with pytest.raises(InvalidInput, match="reveal"):
        handout(line_sector(), audience="player", knowledge=k, reveal=["ZQ1SYSMARK"])
    with pytest.raises(InvalidType, match="Knowledge"):
        handout(marked_system(), audience="player", knowledge={"events": []})


# ---------------------------------------------------------------- any record
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scans=st.lists(st.tuples(st.none() | st.integers(1, 7), st.integers(0, 3)), max_size=6),
    flights=st.lists(st.tuples(st.integers(0, N - 1), st.integers(0, N - 1)), max_size=4),
    told=st.lists(st.integers(0, N - 1), max_size=2),
    hidden=st.lists(st.integers(0, N - 1), max_size=2),
)
def test_any_record_shows_exactly_what_it_holds(scans, flights, told, hidden):
    system = marked_system()
    sector = line_sector()
    k = Knowledge()
    oracle_known: set[int] = set()
    for a, b in flights:
        if a != b:
            k.travelled((NAMES[a], NAMES[b]))
            oracle_known |= {a, b}
    for i in told:
        k.reveal(NAMES[i])
        oracle_known.add(i)
    for i in hidden:
        k.hide(NAMES[i])
        oracle_known.discard(i)
    # an independent reading of the table: from orbit o with a running total t, orbit i is
    # known at t >= 1 when i == o, at t >= 2 when |i - o| <= 1, and at t >= 3 wherever o is;
    # each position keeps the last total reached there, and nothing is forgotten
    total, at = 0, {}
    for orbit, successes in scans:
        k.scan("Vega", successes, orbit)
        total += successes
        at[orbit] = total

    def seen(i: int) -> bool:
        return any(
            t >= 3 or (o is not None and ((t >= 1 and i == o) or (t >= 2 and abs(i - o) <= 1)))
            for o, t in at.items()
        )

    player = star_system_figure(system, view="player", knowledge=k).to_json()
    for i in range(1, 8):
        assert (f"INSTMARK{i}" in player) == seen(i), (i, at)
    text = sector_map(sector, audience="player", knowledge=k).to_json()
    for i in range(N):
        assert (NAMES[i] in text) == (i in oracle_known), (i, flights, told, hidden)


def test_gm_system_figure_marks_secrets_the_players_do_not_know():
    system = marked_system()
    k = Knowledge()
    k.scan("Vega", 3, orbit=4)  # 3 successes in orbit 4: every orbit, orbit 4's secret only
    planets = next(t for t in star_system_figure(system, knowledge=k).data if t.name == "Planet")
    untold = [i for i, h in enumerate(planets.text, 1) if "(the players do not know)" in h]
    assert untold == [1, 2, 3, 5, 6, 7]
    plain = next(t for t in star_system_figure(system).data if t.name == "Planet")
    assert not any("players" in h for h in plain.text)  # without a record nothing is marked
