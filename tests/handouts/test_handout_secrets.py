"""Player handouts show only what the players know; user text stays text; exports are stable.

Issue #11. Before: an entity at Sensors 0 was named in the title; a fleet at Sensors 0 named its
owner; the player system figure drew the star's size the text withholds; the sector handout gave
the total number of systems; a decoy at level 3 followed a different rule from the combat
engine's; Markdown escaped only ``<``, ``>`` and ``|`` (links, images and emphasis went through);
each HTML export had random element ids.

Each secret is checked by diffing: the GM version shows it, the player version (Markdown and the
HTML page source, figures included) does not.
"""

from __future__ import annotations

import re

import pytest

from kit.handouts import handout
from kit.regulus import Job, Operative
from kit.successors import Entity
from kit.successors.fleets import Fleet
from kit.successors.sector import generate_sector
from kit.successors.stars import generate_system

FORMATS = ("markdown", "html")


def both(obj, **options) -> tuple[str, str]:
    """(GM text, player text) in Markdown and HTML (static and interactive figures), joined, so
    a secret in any of them shows."""
    gm = "\n".join(handout(obj, **v, **options) for v in VARIANTS)
    player = "\n".join(handout(obj, audience="player", **v, **options) for v in VARIANTS)
    return gm, player


VARIANTS = [
    {"fmt": "markdown"},
    {"fmt": "html"},  # figures as static SVG
    {"fmt": "html", "plotlyjs": "cdn"},  # figures as plotly JSON, hover text included
]


# ---------------------------------------------------------------- entities
def zorblax(**kw) -> Entity:
    return Entity(
        "Zorblax",
        battle=5,
        control=2,
        sex="Female",
        side="Hidden Hand",
        edges=["Combat Reflexes"],
        flaws=["Checkered Past"],
        notes=["plans a coup"],
        **kw,
    )


@pytest.mark.parametrize("sensors", [0, 1, 2, 3])
def test_entity_is_not_named_below_4_successes(sensors):
    gm, player = both(zorblax(), sensors=sensors)
    for secret in ("Zorblax", "Hidden Hand", "Female", "Combat Reflexes", "coup"):
        assert secret in gm
        assert secret not in player, (sensors, secret)


def test_entity_named_at_4_and_abilities_at_5():
    assert "Zorblax" in handout(zorblax(), audience="player", sensors=4)
    assert "Abilities" not in handout(zorblax(), audience="player", sensors=4)
    assert "Abilities" in handout(zorblax(), audience="player", sensors=5)


def test_the_player_text_does_not_give_away_stealth():
    stealthy = Entity("Shade", battle=3, edges=["Stealthed"])
    plain = Entity("Shade", battle=3)
    # two successes on a Stealthed entity look like one success on a plain one, nothing more
    a = handout(stealthy, audience="player", sensors=2)
    b = handout(plain, audience="player", sensors=1)
    assert a == b


# ---------------------------------------------------------------- fleets
def rival_fleet() -> Fleet:
    fleet = Fleet(Entity("Vorn", battle=8, control=3), budget=40)
    fleet.buy("BATTLESHIP", 2)
    fleet.buy("DRONE", 8)
    fleet.buy("MOCKER", 1)
    fleet.buy("CRUISER", 1)
    return fleet


@pytest.mark.parametrize("sensors", [0, 1, 2, 3])
def test_fleet_owner_is_not_named_below_4_successes(sensors):
    gm, player = both(rival_fleet(), sensors=sensors, sig_class=1)
    assert "Vorn" in gm
    assert "Vorn" not in player
    assert ("12 ships" in player) == (sensors >= 1)
    for secret in ("RU spent", "Budget", "Under Control", "RU each"):
        assert secret in gm and secret not in player


def test_fleet_decoys_follow_the_combat_engines_rule():
    from kit.successors.combat import Battle, Side
    from kit.successors.combat.sensors import fleet_view

    fleet = rival_fleet()
    battle = Battle(
        [
            Side("Us", ships=[("Gunboat", 1)]),
            Side("Them", ships=[("Mocker", 1), ("Cruiser", 1), ("Drone", 8)]),
        ],
        seed=1,
    )
    view = fleet_view(battle, 0, 1, level=3, sig_class=1)
    combat_types = sorted(r["type"].title() for r in view["rows"] if r["type"] is not None)
    text = handout(fleet, audience="player", sensors=3, sig_class=1)
    table = dict(re.findall(r"^\| ([A-Za-z ]+) \| (\d+) \|$", text.split("signature 1")[1], re.M))
    shown = sorted(name for name, n in table.items() for _ in range(int(n)) if name != "Ship")
    assert shown == combat_types


# ---------------------------------------------------------------- star systems
def giant_system():
    for seed in range(400):
        system = generate_system(seed=seed)
        if system.star.size in ("Giant", "Supergiant") and len(system.orbits) >= 3:
            return system
    pytest.skip("no giant star in the first 400 seeds")


@pytest.mark.parametrize("sensors", [0, 1, 2])
def test_star_size_is_withheld_below_3_successes(sensors):
    system = giant_system()
    star = system.star
    gm = handout(system, fmt="html")
    player = handout(system, audience="player", fmt="html", sensors=sensors, current_orbit=1)
    assert f"{star.size}, brightness" in gm
    # neither the text nor the figure (title, hover, marker) tells a giant from a dwarf
    assert f"Type {star.spectral_class} {star.size}" not in player
    assert f"</b> {star.size}" not in player
    assert not re.search(r"brightness \d", player)  # (plotly.js itself says "brightness(")
    assert f"{len(system.orbits)} orbits" in player


def test_star_size_is_known_at_3_successes():
    system = giant_system()
    assert system.star.size in handout(system, audience="player", sensors=3)


# ---------------------------------------------------------------- sectors
def test_sector_player_handout_does_not_count_unknown_systems():
    sector = generate_sector(37, seed=3)
    a, b = sorted(sector.graph.edges)[0]
    sector.record_jump(a, b)
    gm, player = both(sector)
    assert "**Systems:** 37" in gm and "<dd>37</dd>" in gm
    assert "37" not in re.sub(
        r"\d+\.\d", "", player.split("Position")[0]
    )  # nowhere before the table
    assert "**Known systems:** 2" in player
    assert sector.names[max(set(range(37)) - {a, b})] not in player


# ---------------------------------------------------------------- jobs
def test_job_gm_notes_and_adjustments_stay_out_of_the_player_page():
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


# ---------------------------------------------------------------- stable exports
@pytest.mark.parametrize(
    "make",
    [
        lambda: Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1).play(),
        lambda: generate_system(seed=11),
        lambda: generate_sector(12, seed=2),
    ],
)
def test_same_handout_same_bytes(make):
    assert handout(make(), fmt="html") == handout(make(), fmt="html")  # static figures
    first = handout(make(), fmt="html", plotlyjs="cdn")
    assert first == handout(make(), fmt="html", plotlyjs="cdn")
    ids = re.findall(r'<div id="([^"]+)"', first)
    assert ids and all(i.startswith("gmk-figure-") for i in ids)


# ---------------------------------------------------------------- Markdown is text
HOSTILE_MD = [
    "[click me](https://evil.example)",
    "![pixel](https://evil.example/p.png)",
    "*shout* _lean_ **bold** ~~gone~~ `code`",
    "<a href='https://evil.example'>x</a>",
    "https://evil.example",
    "a | b",
]


def _tags(html: str) -> dict[str, int]:
    return {
        t: html.count(t)
        for t in (
            "<a ",
            "<img",
            "<em>",
            "<strong>",
            "<s>",
            "<code>",
            "<del>",
            "<table>",
            "<h1>",
            "<h2>",
            "<li>",
        )
    }


@pytest.mark.parametrize("name", HOSTILE_MD)
def test_markdown_handouts_render_user_text_literally(name):
    markdown_it = pytest.importorskip("markdown_it")
    md = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"])

    def rendered(text: str) -> str:
        job = Job("heist", 4, 5, [Operative(text, "Face", [text])], seed=1, title=text).play()
        return md.render(handout(job))

    # the user's text adds no element: the page has the same tags as with a plain name
    assert _tags(rendered(name)) == _tags(rendered("Plain"))
    assert "evil.example" not in rendered("Plain")


@pytest.mark.parametrize("name", ["# Heading", "1. first", "- item", "> quote"])
def test_a_note_that_starts_like_a_block_stays_a_paragraph(name):
    markdown_it = pytest.importorskip("markdown_it")
    md = markdown_it.MarkdownIt("commonmark")
    entity = Entity("Vex", battle=2, notes=[name])
    rendered = md.render(handout(entity))
    assert f"<p>{name.replace('>', '&gt;')}</p>" in rendered


@pytest.mark.parametrize(
    "options",
    [
        {"decoys_as": 5},
        {"decoys_as": {"MOCKER": 3}},
        {"sig_class": "big"},
        {"sig_class": -1},
        {"current_orbit": 0},
        {"reveal": 7},
        {"figures": "yes"},
        {"sensors": 1e30},
    ],
)
def test_bad_handout_options_give_the_kits_errors(options):
    from kit.errors import KitError

    with pytest.raises(KitError):
        handout(rival_fleet(), audience="player", **options)
