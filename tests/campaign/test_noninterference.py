"""Non-interference: what the players do not know never changes a byte of a player view (#21).

Hypothesis builds small campaigns (2D and 3D sectors of known and unknown systems, a story of
journeys, scans, reveals, hides, notes and a battle) and a twin of each that differs *only* in
what the players do not know:

* unknown systems added, removed, renamed and moved (anywhere, even among the known ones);
* the orbits, installations and secrets of known systems that the players have not scanned
  or been told (an oracle from the Learning-about-the-Universe table decides which, below);
* an unmet fleet of the owner of a fleet the players met in battle;
* GM-only notes;
* the fate of a Stealthed entity the players never detected (it dies in one twin only);
* on the campaign clock (#32): an enemy's Workshop repairing out of sight (a hidden activity),
  GM-only planned events and GM-only notes on the timeline, while the players' own scan and
  planned event play the same days in both twins.

Every kind of player view of the two twins must be byte-identical: the sector map (both styles,
whole and centred with ``within``), the star-system figure, every handout kind in Markdown and
HTML (static and plotly figures; the PDF is printed from that HTML), the fleet and entity
handouts, the session recap in Markdown and HTML and every response of the player screen. The
figures are compared as plotly JSON; nothing is normalised (the kit's figures carry no random
ids, and the screen's version is a digest of its content).

Two more laws: a reveal followed by a hide gives the views of never revealing, and a reveal adds
exactly the facts it names (the projection's facts, :mod:`kit.players.values`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit import Campaign, session_recap
from kit.figures import sector_map, star_system_figure
from kit.handouts import handout
from kit.players import project
from kit.screen import PlayerScreen
from kit.screen.assets import PAGE, SCRIPT, STYLE
from kit.successors import Entity
from kit.successors.combat import Battle, Side
from kit.successors.fleets import Fleet
from kit.successors.sector import Sector, SectorRules
from kit.successors.stars.system import Body, Orbit, Secret, Star, StarSystem

RULES = SectorRules(max_range=10.0)
CLASSES = "OBAFGKM"
SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ---------------------------------------------------------------- the worlds
@dataclass(frozen=True)
class Place:
    """A system of the sector: its name, coordinates and star system's make-up."""

    name: str
    position: tuple[float, ...]
    star: str
    orbits: tuple[tuple[str, str], ...]  # (installation, secret) per orbit


@dataclass(frozen=True)
class World:
    dims: int
    known: tuple[Place, ...]  # on a line 6 ly apart: neighbours are one jump
    unknown: tuple[Place, ...]
    flights: tuple[int, ...]  # legs K_i - K_i+1 flown
    scans: tuple[tuple[int, int, int], ...]  # (known system, orbit, successes)
    told_orbits: tuple[tuple[int, int], ...]  # (known system, orbit) revealed by the GM
    gm_notes: tuple[str, ...] = ()
    shade_dies: bool = False
    unmet_fleet: bool = False
    hidden_work: bool = False
    gm_plans: tuple[str, ...] = ()
    notes_for_players: tuple[str, ...] = field(default=("The beacon blinks twice.",))


def _place(draw, name: str, position: tuple[float, ...], marks: str) -> Place:
    n = draw(st.integers(1, 4))
    orbits = tuple((f"INST{marks}{i}MARK", f"SECRET{marks}{i}MARK") for i in range(1, n + 1))
    return Place(name, position, draw(st.sampled_from(CLASSES)), orbits)


@st.composite
def worlds(draw) -> World:
    dims = draw(st.sampled_from((2, 3)))
    k = draw(st.integers(2, 4))
    known = tuple(
        _place(draw, f"K{i}", (6.0 * i, 0.0) + ((0.0,) if dims == 3 else ()), f"K{i}")
        for i in range(k)
    )
    unknown = tuple(_unknown(draw, dims, j) for j in range(draw(st.integers(0, 4))))
    flights = tuple(sorted(draw(st.sets(st.integers(0, k - 2), min_size=1))))
    flown = {i for leg in flights for i in (leg, leg + 1)}
    scans = tuple(
        (s, draw(st.integers(1, len(known[s].orbits))), draw(st.integers(0, 2)))
        for s in sorted(draw(st.sets(st.sampled_from(sorted(flown)), max_size=2)))
    )
    told = tuple(
        (s, draw(st.integers(1, len(known[s].orbits))))
        for s in sorted(draw(st.sets(st.sampled_from(sorted(flown)), max_size=1)))
    )
    return World(dims, known, unknown, flights, scans, told)


def _unknown(draw, dims: int, j: int) -> Place:
    coord = st.floats(-12.0, 30.0, allow_nan=False).map(lambda x: round(x, 3))
    position = tuple(draw(coord) for _ in range(dims))
    return _place(draw, f"U{j}{draw(st.integers(0, 99))}MARK", position, f"U{j}")


@st.composite
def twins(draw) -> tuple[World, World]:
    """A world and a twin differing only in what its players do not know."""
    world = draw(worlds())
    dims = world.dims
    unknown = tuple(_unknown(draw, dims, j) for j in range(draw(st.integers(0, 4))))
    known = tuple(_unseen_changed(draw, world, i) for i in range(len(world.known)))
    twin = World(
        dims,
        known,
        unknown,
        world.flights,
        world.scans,
        world.told_orbits,
        gm_notes=tuple(draw(st.lists(st.sampled_from(["GMNOTEAMARK", "GMNOTEBMARK"]), max_size=2))),
        shade_dies=draw(st.booleans()),
        unmet_fleet=draw(st.booleans()),
        hidden_work=draw(st.booleans()),
        gm_plans=tuple(draw(st.lists(st.sampled_from(["GMPLANAMARK", "GMPLANBMARK"]), max_size=2))),
    )
    return world, twin


def seen_orbits(world: World, i: int) -> set[int]:
    """The orbits of known system ``i`` the players know in detail (an oracle from the table).

    A scan from orbit ``o`` with a running total ``t`` shows orbit ``o`` at 1 and its
    neighbours at 2 (the stories never reach 3, so never the whole system and never a secret);
    each position keeps the total reached there; the GM's reveals add their orbit.
    """
    total, at = 0, {}
    for s, orbit, successes in world.scans:
        if s == i:
            total += successes
            at[orbit] = total
    seen = {
        n
        for n in range(1, len(world.known[i].orbits) + 1)
        for o, t in at.items()
        if (t >= 1 and n == o) or (t >= 2 and abs(n - o) <= 1)
    }
    return seen | {o for s, o in world.told_orbits if s == i}


def _unseen_changed(draw, world: World, i: int) -> Place:
    """Known system ``i`` with its unseen orbits' installations and every secret changed."""
    place = world.known[i]
    seen = seen_orbits(world, i)
    orbits = tuple(
        (inst if n in seen or not draw(st.booleans()) else f"CHANGED{i}{n}MARK", f"OTHER{i}{n}MARK")
        for n, (inst, _) in enumerate(place.orbits, 1)
    )
    return Place(place.name, place.position, place.star, orbits)


# ---------------------------------------------------------------- building a campaign
def star_system(place: Place) -> StarSystem:
    orbits = [
        Orbit(n, Body("Planet", 10_000 + n, 20, 90), installations=inst, secrets=(Secret(sec),))
        for n, (inst, sec) in enumerate(place.orbits, 1)
    ]
    return StarSystem(Star(place.star), orbits, name=place.name)


def build(world: World) -> Campaign:
    camp = Campaign("Twins", seed=7)
    places = world.known + world.unknown
    sector = Sector(
        [p.position for p in places], [p.name for p in places], seed=1, name="Reach", rules=RULES
    )
    for p in places:
        sector.set_system(p.name, star_system(p))
        camp.add(sector.system(p.name), p.name)
    camp.add(sector, "Reach")
    k = camp.knowledge
    for leg in world.flights:
        k.travelled((world.known[leg].name, world.known[leg + 1].name))
    for s, orbit, successes in world.scans:
        k.scan(world.known[s].name, successes, orbit)
    for s, orbit in world.told_orbits:
        k.reveal(world.known[s].name, orbit=orbit)
    for text in world.notes_for_players:
        k.note(text, about=world.known[0].name)
    for text in world.gm_notes:
        k.note(text, player_visible=False, about=world.known[0].name)
    # a battle: the players (side 0) meet Vorn's fleet; a Stealthed Shade is there unseen
    vorn = Entity("VORNMARK", battle=3, control=2)
    met = Fleet(vorn, budget=40)
    met.buy("CRUISER", 2)
    camp.add(met, "met")
    if world.unmet_fleet:
        unmet = Fleet(vorn, budget=60)
        unmet.buy("BATTLESHIP", 1)
        camp.add(unmet, "UNMETMARK")
    shade = Entity("SHADEMARK", battle=1, control=1, edges=["Stealthed"])
    camp.add(shade, "shade")
    battle = Battle(
        [
            Side("Us", ships=["Seeker", "Sensor Ship"]),
            Side("VORNMARK", ships=met),
            Side("SHADEMARK", entity=shade),
        ],
        seed=2,
    )
    battle.log.append("phase", round=1, phase="sensors")
    # three dice of rank 3 rolling 1s: 3 successes (the replay checks a roll's result)
    battle.log.append(
        "sensors", side=0, target=1, successes=3, total=3, dice=[3, 3, 3], faces=[1, 1, 1]
    )
    if world.shade_dies:
        battle.log.append("entity_state", side=2, state="destroyed")
    battle.state = battle._replay()
    camp.add(battle, "ambush")
    camp.record_battle("ambush", "Us")
    # the campaign clock: the players scan Vorn's fleet and expect a convoy; out of their sight
    # an enemy repairs and the GM plans and notes things of their own
    camp.add(Entity("Scout", sensors=2), "scout")
    camp.schedule_scan("fleets/met", "scout", days=3, players=True)
    camp.plan(2, "The convoy is due", players=True)
    if world.hidden_work:
        from kit.successors import Workshop

        enemy = Entity("ENEMYMARK", handling=2, control=1).with_damage("control", 1)
        work = Workshop(enemy, seed=3)
        work.add("Drone", neutralized=True)
        camp.schedule(work, "ENEMYWORKMARK")
    for text in world.gm_plans:
        camp.plan(3, text)
        camp.note(f"{text} NOTE", day=1)
    for _ in range(4):
        camp.advance(1)
    return camp


# ---------------------------------------------------------------- the player views
def map_views(camp: Campaign) -> list[str]:
    sector, k = camp.sectors["Reach"], camp.knowledge
    out = []
    for unknown, within in (("dim", 1), ("hide", 2)):
        out.append(sector_map(sector, audience="player", knowledge=k, unknown=unknown).to_json())
        if within:
            out.append(
                sector_map(
                    sector,
                    audience="player",
                    knowledge=k,
                    unknown=unknown,
                    center="K0",
                    within=within,
                ).to_json()
            )
    return out


def handout_views(camp: Campaign, names: list[str]) -> list[str]:
    k = camp.knowledge
    objects = [(camp.sectors["Reach"], None)] + [
        (camp.systems[n], None) for n in names if n in camp.systems
    ]
    objects += [(camp.fleets["met"], "met"), (camp.entities["shade"], "shade")]
    formats = ({"fmt": "markdown"}, {"fmt": "html"}, {"fmt": "html", "plotlyjs": "cdn"})
    return [
        handout(obj, audience="player", knowledge=k, name=name, **options)
        for obj, name in objects
        for options in formats
    ]


def system_figures(camp: Campaign, names: list[str]) -> list[str]:
    return [
        star_system_figure(camp.systems[n], view="player", knowledge=camp.knowledge).to_json()
        for n in names
        if n in camp.systems
    ]


def recap_views(camp: Campaign) -> list[str]:
    recap = session_recap(camp, audience="player")
    return [recap.markdown(), recap.html(), recap._repr_html_()]


def screen_views(camp: Campaign) -> list[str]:
    screen = PlayerScreen(camp)
    return [screen._content_bytes().decode(), screen._version_bytes().decode(), PAGE, SCRIPT, STYLE]


def unknown_name(world: World) -> list[str]:
    """One unknown system of each twin, asked for by its own (different) name."""
    return [world.unknown[0].name] if world.unknown else []


# ---------------------------------------------------------------- the laws
@settings(SETTINGS, max_examples=15)
@given(twins())
def test_maps_and_system_figures_do_not_depend_on_what_the_players_do_not_know(pair):
    a, b = (build(w) for w in pair)
    assert map_views(a) == map_views(b)
    known = [p.name for p in pair[0].known]
    assert system_figures(a, known) == system_figures(b, known)
    # a system the players do not know: its figure names nothing, whichever it is
    assert system_figures(a, unknown_name(pair[0]))[:1] == system_figures(b, unknown_name(pair[1]))[
        :1
    ] or not (pair[0].unknown and pair[1].unknown)


@settings(SETTINGS, max_examples=12)
@given(twins())
def test_handouts_do_not_depend_on_what_the_players_do_not_know(pair):
    a, b = (build(w) for w in pair)
    known = [p.name for p in pair[0].known]
    assert handout_views(a, known) == handout_views(b, known)
    if pair[0].unknown and pair[1].unknown:
        assert (
            handout_views(a, unknown_name(pair[0]))[3:6]
            == handout_views(b, unknown_name(pair[1]))[3:6]
        )


@SETTINGS
@given(twins())
def test_the_recap_and_the_screen_do_not_depend_on_what_the_players_do_not_know(pair):
    a, b = (build(w) for w in pair)
    assert recap_views(a) == recap_views(b)
    assert screen_views(a) == screen_views(b)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(twins())
def test_every_response_of_a_running_screen_is_the_same(pair):
    import http.client
    from urllib.parse import urlsplit

    bodies = []
    for world in pair:
        screen = PlayerScreen(build(world)).start(quiet=True)
        try:
            port = urlsplit(screen.url).port
            got = []
            for path in ("/", "/version", "/content", "/screen.js", "/screen.css", "/nowhere"):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
                conn.request("GET", path)
                resp = conn.getresponse()
                headers = sorted((k, v) for k, v in resp.getheaders() if k != "Date")
                got.append((resp.status, headers, resp.read()))
                conn.close()
            bodies.append(got)
        finally:
            screen.stop()
    assert bodies[0] == bodies[1]


def views(camp: Campaign) -> list[str]:
    """A lighter set of views for the laws below (each kind once)."""
    sector, k = camp.sectors["Reach"], camp.knowledge
    known = [n for n in camp.systems if n.startswith("K")]
    return [
        sector_map(sector, audience="player", knowledge=k).to_json(),
        sector_map(sector, audience="player", knowledge=k, unknown="hide", center="K0").to_json(),
        handout(sector, audience="player", knowledge=k),
        handout(sector, audience="player", knowledge=k, fmt="html", plotlyjs="cdn"),
        *system_figures(camp, known),
        *screen_views(camp),
        *recap_views(camp)[:1],
    ]


@settings(SETTINGS, max_examples=15)
@given(worlds(), st.data())
def test_reveal_then_hide_is_never_revealed(world, data):
    base = build(world)
    kinds = ["system", "travel", "orbit", "orbit alone", "secret alone", "route alone"]
    target = data.draw(st.sampled_from(["note", *kinds])) if world.unknown else "note"
    camp = build(world)
    k = camp.knowledge
    if target == "note":
        number = k.note("GMONLYNOTEMARK", player_visible=False)
        base.knowledge.note("GMONLYNOTEMARK", player_visible=False)  # written, never shown
        k.reveal(note=number)
        k.hide(note=number)
    elif target == "system":
        k.reveal(world.unknown[0].name)
        k.hide(world.unknown[0].name)
    elif target == "orbit":
        k.reveal(world.unknown[0].name, orbit=1)
        k.hide(world.unknown[0].name)
    elif target == "orbit alone":  # the orbit taken back takes its system back too
        k.reveal(world.unknown[0].name, orbit=1)
        k.hide(world.unknown[0].name, orbit=1)
    elif target == "secret alone":
        secret = world.unknown[0].orbits[0][1]
        k.reveal(world.unknown[0].name, orbit=1, secret=secret)
        k.hide(world.unknown[0].name, orbit=1, secret=secret)
    elif target == "route alone":  # a route told and taken back, with the system it named
        k.reveal((world.known[world.flights[0]].name, world.unknown[0].name))
        k.hide((world.known[world.flights[0]].name, world.unknown[0].name))
    else:  # flown from a system the players know to an unknown one, then that one hidden
        # (found by the dev profile: from a known system they have not flown to yet, the
        # flight also teaches that system, which is no part of the hide)
        k.travelled((world.known[world.flights[0]].name, world.unknown[0].name))
        k.hide(world.unknown[0].name)
    assert views(camp) == views(base)


@SETTINGS
@given(worlds())
def test_a_reveal_adds_exactly_what_it_names(world):
    camp = build(world)
    sector, k = camp.sectors["Reach"], camp.knowledge
    before = project(sector, k).facts()
    if world.unknown:
        name = world.unknown[0].name
        k.reveal(name)
        added = project(sector, k).facts() - before
        assert project(sector, k).facts() >= before
        assert added and all(name in fact for fact in added)  # its name, place and star only
        assert {f[-2] for f in added} == {"name", "position", "spectral_class"}
        system = camp.systems[name]
        assert project(system, k).orbits == (None,) * len(system.orbits)  # no orbit with it
        k.reveal(name, orbit=1)
        orbit = project(system, k).orbits[0]
        assert orbit is not None and orbit.installations == world.unknown[0].orbits[0][0]
        assert orbit.secrets == () and project(system, k).orbits[1:] == (None,) * (
            len(system.orbits) - 1
        )
    # a GM-only note revealed: exactly that note appears among the players' notes
    number = k.note("TOLDNOTEMARK", player_visible=False, about="K0")
    quiet = project(camp, k).facts()
    k.reveal(note=number)
    added = project(camp, k).facts() - quiet
    assert added and all("TOLDNOTEMARK" in json.dumps(fact, default=str) for fact in added)
