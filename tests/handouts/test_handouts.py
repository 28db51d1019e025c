"""Handouts: GM and player versions in Markdown and standalone HTML."""

import pytest

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.handouts import handout, save_handout
from kit.regulus import Job, Operative
from kit.successors import Entity
from kit.successors.fleets import Fleet
from kit.successors.sector import generate_sector
from kit.successors.stars import generate_system

EVIL = "<img src=x onerror=alert(1)>"


@pytest.fixture
def job():
    j = Job(
        "heist", 4, 5, [Operative(EVIL, "Face", ["invite"]), Operative("Oro", "Hacker")], seed=1
    )
    j.roll(10)
    j.note(1, "the guard is Oro's cousin")
    j.adjust(heat=1, note="GM only")
    return j


def test_job_gm_and_player(job):
    gm = handout(job)
    player = handout(job, audience="player")
    assert "Seed" in gm and "Oro's cousin" in gm and "GM adjustment" in gm
    assert "Seed" not in player and "cousin" not in player and "GM adjustment" not in player
    assert "(player handout)" in player
    for text in (gm, player):
        assert EVIL not in text and "&lt;img" in text


def test_job_html_is_standalone_and_escaped(job):
    page = handout(job, fmt="html")
    assert page.startswith("<!DOCTYPE html>") and page.count("<html") == 1
    assert EVIL not in page and "&lt;img src=x" in page
    assert "<svg" in page and "<script" not in page  # a static figure, no script
    inline = handout(job, fmt="html", plotlyjs="inline")
    assert inline.count("plotly.js v") <= 1 and "Plotly.newPlot" in inline  # one plotly, a figure
    assert "prefers-color-scheme: dark" in page


def releata():
    return Entity(
        "Releata",
        battle=8,
        control=3,
        edges=["Combat Reflexes", "Stealthed"],
        flaws=["Checkered Past", "No Memory", "Still at War"],
    )


@pytest.mark.parametrize(
    "sensors, shows_sig, shows_ranks",
    [(0, False, False), (2, False, False), (3, True, False), (5, True, False), (6, True, True)],
)
def test_entity_player_view_follows_sensors_and_stealth(sensors, shows_sig, shows_ranks):
    text = handout(releata(), audience="player", sensors=sensors)  # Stealthed: one success more
    assert ("Signature" in text) == shows_sig
    assert ("5+3" in text) == shows_ranks
    assert "Combat Reflexes" not in text and "Checkered" not in text
    assert "Combat Reflexes" in handout(releata())


def fleet():
    f = Fleet(Entity("Rel", battle=8, control=3), budget=40)
    f.buy("BATTLESHIP", 2)
    f.buy("DRONE", 8)
    f.buy("MOCKER", 1)
    f.buy("CRUISER", 1)
    return f


def test_fleet_levels():
    f = fleet()
    assert "12 ships" not in handout(f, audience="player", sensors=0)
    assert "12 ships" in handout(f, audience="player", sensors=1)
    lvl2 = handout(f, audience="player", sensors=2)
    assert "| 1 | 2 |" in lvl2 and "Cruiser" not in lvl2  # two sig-1 objects, types unknown
    lvl3 = handout(f, audience="player", sensors=3, sig_class=1)
    assert "| Cruiser | 2 |" in lvl3 and "Mocker" not in lvl3  # the decoy passes as a cruiser
    lvl3b = handout(f, audience="player", sensors=3, sig_class=1, decoys_as={"mocker": "Frigate"})
    assert "| Frigate | 1 |" in lvl3b
    lvl4 = handout(f, audience="player", sensors=4)
    assert "| Mocker (decoy) | 1 |" in lvl4 and "Abilities" not in lvl4  # decoys unmasked at 4
    assert "5+1" in handout(f, audience="player", sensors=5)
    gm = handout(f)
    assert "| Battleship | 2 | 5+1 | 2 | 12 | 24 |" in gm


def test_star_system_player_view_is_redacted():
    system = next(s for s in (generate_system(seed=k) for k in range(50)) if len(s.orbits) >= 4)
    gm = handout(system)
    blind = handout(system, audience="player", sensors=0)
    assert blind.count("| unknown |") == len(system.orbits)
    assert gm.count("| unknown |") == 0
    near = handout(system, audience="player", sensors=1, current_orbit=1)
    assert near.count("| unknown |") == len(system.orbits) - 1


def test_sector_player_sees_only_known_systems():
    sector = generate_sector(40, seed=3)
    a, b = sorted(sector.graph.edges)[0]
    sector.record_jump(a, b)
    player = handout(sector, audience="player", reveal=[sector.names[5]])
    gm = handout(sector)
    assert player.count("| Type ") == len({a, b, 5})
    assert gm.count("| Type ") == 40
    assert "Known routes" in player  # the sector's history, read as the players' travel


def test_bad_requests(tmp_path, job):
    with pytest.raises(InvalidInput, match="audience"):
        handout(job, audience="players")
    with pytest.raises(InvalidType, match="no handout"):
        handout(42)
    with pytest.raises(InvalidInput, match=r".md, .html or .pdf"):
        save_handout(job, tmp_path / "x.docx")
    path = save_handout(job, tmp_path / "record.md", audience="player")
    assert path.read_text().startswith("# Job Record")


def test_html_handouts_are_small_offline_print_well_and_go_interactive_on_request() -> None:
    from kit.handouts import handout
    from kit.successors.stars import generate_system

    system = generate_system(2)  # five orbits, so the figure has bodies to draw
    page = handout(system, fmt="html")  # static SVG figures: opens and prints offline
    assert len(page.encode()) < 1_000_000 and "@media print" in page
    assert "<svg" in page and "<script" not in page and "cdn.plot.ly" not in page
    assert page.count("<circle") >= 5  # the star and the bodies of the five orbits
    cdn = handout(system, fmt="html", plotlyjs="cdn")  # interactive when online
    assert 'src="https://cdn.plot.ly' in cdn and len(cdn.encode()) < 1_000_000
    full = handout(system, fmt="html", plotlyjs="inline")  # interactive offline
    assert len(full.encode()) > 3_000_000 and 'src="https://cdn.plot.ly' not in full
    assert handout(system, fmt="html") == page  # same handout, same bytes
    with pytest.raises(InvalidInput, match="plotlyjs"):
        handout(system, fmt="html", plotlyjs="local")


def test_a_static_figure_shows_user_text_as_text() -> None:
    import plotly.graph_objects as go

    from kit.figures.static import to_svg

    fig = go.Figure(
        go.Scatter(x=[0, 1], y=[0, 1], mode="markers+text", text=["<a href=x>loot</a>", "b"])
    )
    fig.update_layout(title="<script>alert(1)</script>")
    svg = to_svg(fig)
    assert "<script" not in svg and "<a href" not in svg and "&lt;a href=x&gt;loot&lt;/a&gt;" in svg
    with pytest.raises(InvalidType, match="plotly Figure"):
        to_svg("not a figure")


def test_a_pdf_handout_is_printed_by_chromium(tmp_path, monkeypatch) -> None:
    from kit.handouts import find_chromium, save_handout
    from kit.successors.stars import generate_system

    if find_chromium() is None:
        pytest.skip("no Chromium on this machine")
    path = save_handout(generate_system(2), tmp_path / "system.pdf", audience="player", sensors=2)
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and len(data) > 1000
    monkeypatch.setenv("GMKIT_CHROMIUM", str(tmp_path / "no-such-browser"))
    with pytest.raises(IllegalAction, match="Chromium"):
        save_handout(generate_system(2), tmp_path / "again.pdf")
