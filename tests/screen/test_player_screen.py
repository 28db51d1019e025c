"""The live player screen serves only the players' view, follows the record, and nothing else.

Issue #16 ("A player screen"). Every secret carries a unique marker string: the names of the
sector's systems, the current system's name, its orbit installations and secrets, a GM-only
note, a fleet's owner and an entity's side. Every address the screen serves is fetched and
searched for every marker; what the players have been told is worked out by hand from the
knowledge record's rules (kit/successors/knowledge.py) and the Learning-about-the-Universe
table (a name at 4 Sensors successes), in the comments.
"""

from __future__ import annotations

import http.client
import json
import socket
import sys
import time
import urllib.error
import urllib.request

import pytest

from kit import Campaign
from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.screen import PlayerScreen
from kit.successors import Entity
from kit.successors.knowledge import Knowledge
from kit.successors.stars.system import Star, StarSystem
from tests.factories import MARKED_NAMES, MARKED_SYSTEM, MARKERS, marked_campaign

# Eight systems on a line, 6.25 ly apart, jump range 10 ly: only neighbours are joined.
NAMES = list(MARKED_NAMES)
SYSTEM = MARKED_SYSTEM
PATHS = ("/", "/version", "/content", "/screen.js", "/screen.css", "/plotly.js")


def campaign() -> Campaign:
    return marked_campaign()


@pytest.fixture
def screen():
    s = PlayerScreen(campaign(), sector="Line", system=SYSTEM).start(quiet=True)
    yield s
    s.stop()


def get(screen: PlayerScreen, path: str, host: str | None = None) -> tuple[int, bytes, dict]:
    """Send the raw ``path`` (no normalising) and return status, body and headers."""
    port = int(screen.url.rsplit(":", 1)[1].strip("/"))
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.putrequest("GET", path, skip_host=host is not None)
        if host is not None:
            conn.putheader("Host", host)
        conn.endheaders()
        resp = conn.getresponse()
        return resp.status, resp.read(), dict(resp.getheaders())
    finally:
        conn.close()


def served(screen: PlayerScreen) -> str:
    """Everything the screen serves, joined (the JSON content decoded so escapes do not hide text)."""
    parts = []
    for path in PATHS:
        status, body, _ = get(screen, path)
        assert status == 200, path
        parts.append(body.decode())
    parts.append(json.dumps(json.loads(parts[2]), ensure_ascii=False))
    return "\n".join(parts)


def leaked(screen: PlayerScreen) -> set[str]:
    text = served(screen)
    return {m for m in MARKERS if m in text}


# ---------------------------------------------------------------- serving
def test_page_and_json_endpoint(screen):
    status, body, headers = get(screen, "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    page = body.decode()
    assert '<script src="/plotly.js">' in page and "/screen.js" in page
    assert "cdn" not in page.lower()  # plotly.js is served here: the page works offline
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    status, body, headers = get(screen, "/version")
    assert status == 200 and headers["Content-Type"] == "application/json"
    assert isinstance(json.loads(body)["version"], str)
    content = json.loads(get(screen, "/content")[1])
    assert set(content["sections"]) == {
        "gmk-sector",
        "gmk-system",
        "gmk-fleets",
        "gmk-notes",
        "gmk-timeline",
    }
    # the player map is drawn (empty: the players know no system of the sector yet)
    assert content["figures"]["gmk-map"]["layout"]["title"]["text"].startswith("Line: 0 known")
    assert content["figures"]["gmk-system-figure"] is None  # the system is not known yet
    assert content["title"] == "Neon Reach"
    status, body, _ = get(screen, "/plotly.js")
    assert status == 200 and len(body) > 1_000_000  # the whole library, from the package


def test_version_follows_what_the_players_see_and_nothing_else(screen):
    def version() -> str:
        return json.loads(get(screen, "/version")[1])["version"]

    v0 = version()
    screen.campaign.knowledge.note("a GM-only note", player_visible=False)
    assert version() == v0  # nothing the players can see changed: the page is not told
    screen.campaign.knowledge.reveal(NAMES[3])
    v1 = version()
    assert v1 != v0
    screen.campaign.knowledge.undo()
    assert version() == v0  # the same view again, the same version
    screen.show(system=None)  # the current system was unknown: the page is the same
    assert version() == v0
    screen.campaign.knowledge.reveal(SYSTEM)
    screen.show(system=SYSTEM)
    assert version() != v0
    assert json.loads(get(screen, "/content")[1])["version"] == version()


def test_no_secret_is_served_until_it_is_revealed(screen):
    k = screen.campaign.knowledge
    # nothing known yet: no system name (map, sector text or current system), no orbit, no
    # secret, no GM-only note, no fleet
    assert leaked(screen) == set()

    k.reveal(NAMES[3])  # the GM names one system of the sector: that name only
    assert leaked(screen) == {NAMES[3]}

    k.reveal(SYSTEM)  # the current system: its name and star type, no orbit details
    assert leaked(screen) == {NAMES[3], SYSTEM}

    k.reveal(SYSTEM, orbit=2)  # orbit 2's details: its installation, not its secret
    assert leaked(screen) == {NAMES[3], SYSTEM, "INSTMARK2"}

    k.reveal(SYSTEM, orbit=2, secret="SECRETMARK2")  # one secret of orbit 2
    assert leaked(screen) == {NAMES[3], SYSTEM, "INSTMARK2", "SECRETMARK2"}

    k.reveal(note=0)  # the GM-only note, shown to the players
    assert leaked(screen) == {NAMES[3], SYSTEM, "INSTMARK2", "SECRETMARK2", "NOTEMARK-GMONLY"}

    # the owner's name is no key of the record: a scan under it tells nothing of the fleet
    k.scan_fleet("OWNERMARK", 5)
    assert "2 ships" not in served(screen)
    # 3 Sensors successes on the fleet (its key: the name the campaign keeps it under): its
    # ships, not its owner's name (that needs 4)
    k.scan_fleet("fleets/rivals", 3)
    text = served(screen)
    assert "OWNERMARK" not in text and "2 ships" in text
    k.scan_fleet("fleets/rivals", 1)  # 4: the owner is named; its side is never shown
    assert leaked(screen) == {
        NAMES[3],
        SYSTEM,
        "INSTMARK2",
        "SECRETMARK2",
        "NOTEMARK-GMONLY",
        "OWNERMARK",
    }

    k.hide(SYSTEM)  # taken back: the system's name leaves the page again (with its orbit)
    assert SYSTEM not in served(screen) and "INSTMARK2" not in served(screen)


def test_moving_the_party_shows_the_new_system(screen):
    camp = screen.campaign
    camp.add(StarSystem(Star("K", 2, "Dwarf"), [], name="ALTMARK"))
    camp.knowledge.reveal("ALTMARK")
    screen.refresh()
    assert "ALTMARK" not in served(screen)  # known, but not in the sector and not current
    screen.show(system="ALTMARK")
    content = json.loads(get(screen, "/content")[1])
    assert "ALTMARK" in content["sections"]["gmk-system"]
    assert content["figures"]["gmk-system-figure"] is not None


def test_a_replaced_record_is_followed(screen):
    camp = screen.campaign
    before = screen.version
    fresh = Knowledge()
    fresh.reveal(NAMES[6])
    camp.knowledge = fresh  # as after loading another save of the campaign
    assert screen.version != before  # a digest of the view: it changes, in no order
    assert leaked(screen) == {NAMES[6]}
    fresh.reveal(NAMES[7])  # and the new record is observed
    assert leaked(screen) == {NAMES[6], NAMES[7]}


def test_user_text_is_escaped(screen):
    k = screen.campaign.knowledge
    k.note('<script>alert("x")</script> & <b>bold</b>')
    sections = json.loads(get(screen, "/content")[1])["sections"]
    assert "<script>" not in sections["gmk-notes"] and "<b>" not in sections["gmk-notes"]
    assert "&lt;script&gt;" in sections["gmk-notes"] and "&amp;" in sections["gmk-notes"]
    hostile = PlayerScreen(campaign(), title="<img src=x onerror=alert(1)>")
    assert "<img" not in hostile._repr_html_() and "&lt;img" in hostile._repr_html_()


# ---------------------------------------------------------------- only fixed paths
@pytest.mark.parametrize(
    "path",
    [
        "/index.html",
        "/kit/screen.py",
        "/../",
        "/../../etc/passwd",
        "/%2e%2e/",
        "/%2e%2e%2fkit%2fscreen.py",
        "/%2E%2E/%2E%2E/etc/passwd",
        "/screen.js/../",
        "/content/..",
        "//etc/passwd",
        "/.git/config",
        "/static/",
    ],
)
def test_unknown_paths_and_traversal_are_404(screen, path):
    status, body, _ = get(screen, path)
    assert status == 404 and body == b"not found\n"


def test_requests_naming_another_host_are_refused_on_loopback(screen):
    # a page on another site that rebinds its domain name to 127.0.0.1 sends its own Host
    assert get(screen, "/content", host="evil.example:80")[0] == 421
    assert get(screen, "/", host=f"localhost:{screen.url.rsplit(':', 1)[1].strip('/')}")[0] == 200


def test_the_url_and_the_link_in_the_notebook(screen):
    assert screen.url.startswith("http://127.0.0.1:") and screen.running
    link = screen._repr_html_()
    assert f"href='{screen.url}'" in link
    stopped = PlayerScreen(campaign())
    assert stopped.url is None and "not running" in stopped._repr_html_()


def test_start_prints_the_address(capsys):
    s = PlayerScreen(campaign()).start()
    try:
        assert capsys.readouterr().out.strip() == f"Player screen at {s.url}"
        with pytest.raises(IllegalAction, match="already running"):
            s.start()
    finally:
        s.stop()


def test_stop_frees_the_port():
    s = PlayerScreen(campaign()).start(quiet=True)
    port = int(s.url.rsplit(":", 1)[1].strip("/"))
    assert urllib.request.urlopen(s.url, timeout=10).status == 200
    s.stop()
    s.stop()  # twice is harmless
    assert not s.running and s.url is None
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
    again = PlayerScreen(campaign(), port=port).start(quiet=True)  # the port is free again
    try:
        assert urllib.request.urlopen(again.url, timeout=10).status == 200
    finally:
        again.stop()
    # the stopped screen no longer observes the record
    assert s._record is None


def test_a_given_port_and_a_taken_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.listen()
        with pytest.raises(InvalidInput, match=f"port={port}"):
            PlayerScreen(campaign(), port=port).start(quiet=True)
    s = PlayerScreen(campaign(), port=port).start(quiet=True)
    try:
        assert s.url == f"http://127.0.0.1:{port}/"
    finally:
        s.stop()


def test_bad_arguments_name_the_field():
    with pytest.raises(InvalidType, match="campaign"):
        PlayerScreen("my campaign")
    with pytest.raises(InvalidInput, match="port"):
        PlayerScreen(campaign(), port=70000)
    with pytest.raises(InvalidInput, match="unknown"):
        PlayerScreen(campaign(), unknown="blur")
    with pytest.raises(InvalidInput, match="systems has no item"):
        PlayerScreen(campaign(), system="Nowhere")
    with pytest.raises(InvalidInput, match="sectors has no item"):
        PlayerScreen(campaign(), sector="Nowhere")


def test_refuses_to_start_under_pyodide(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.raises(IllegalAction, match="Pyodide"):
        PlayerScreen(campaign()).start()


def test_the_page_follows_within_a_second(screen):
    """What the page's script does: poll the version, then fetch the content."""
    seen = json.loads(get(screen, "/version")[1])["version"]
    screen.campaign.knowledge.reveal(NAMES[4])
    deadline = time.monotonic() + 1.0
    while json.loads(get(screen, "/version")[1])["version"] == seen:
        assert time.monotonic() < deadline
    assert NAMES[4] in get(screen, "/content")[1].decode()


def test_a_replaced_stored_system_is_shown_and_a_stopped_screen_renders_fresh(screen):
    camp = screen.campaign
    camp.knowledge.reveal(SYSTEM, orbit=1)  # orbit 1's details: its installation
    assert "INSTMARK1" in served(screen)
    # the GM stores a new version of the system under the same name (as after an edit)
    old = camp.get("systems", SYSTEM)
    new = old.with_orbit(1, old.orbits[0].body, installations="NEWINSTMARK")
    camp.add(new, SYSTEM, replace=True)
    screen.refresh()
    text = served(screen)
    assert "NEWINSTMARK" in text and "INSTMARK1" not in text
    screen.stop()
    camp.knowledge.reveal(NAMES[1])  # not observed any more, yet content() is drawn anew
    assert NAMES[1] in json.dumps(screen.content())


def test_a_non_loopback_host_means_share_mode():
    s = PlayerScreen(campaign(), host="0.0.0.0")
    assert s.share
    assert not PlayerScreen(campaign()).share and PlayerScreen(campaign()).host == "127.0.0.1"
    assert PlayerScreen(campaign(), share=True).host == "0.0.0.0"


def test_importing_the_module_loads_no_server_code():
    # the browser-only site imports it for the notebook; the server code loads on start() only
    import subprocess

    code = (
        "import sys, kit.screen; from kit import Campaign; "
        "repr(kit.screen.PlayerScreen(Campaign())); "
        "print(sorted(m for m in ('http.server', 'socketserver') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_screen_shows_todays_date_and_only_the_players_timeline(screen):
    # issue #32: the date comes from the campaign clock; a hidden activity and a GM-only
    # planned event never reach the page, and the page follows the clock as it moves
    from kit.clock import Calendar
    from kit.successors import Workshop

    def version() -> str:
        return json.loads(get(screen, "/version")[1])["version"]

    camp = screen.campaign
    camp.calendar = Calendar((("Thaw", 30),), epoch=3102)
    enemy = Workshop(Entity("ENEMYMARK", handling=2, control=1).with_damage("control", 1), seed=1)
    enemy.add("Drone", neutralized=True)
    camp.schedule(enemy, "HIDDENWORKMARK")
    camp.plan(2, "PLANGMMARK")
    camp.plan(3, "The convoy is due", players=True)
    v0 = version()
    camp.advance(1)
    assert version() != v0  # today moved: the page shows the new date
    camp.advance(5)
    assert camp.today == 2  # stopped by the planned event
    camp.advance(1)
    text = served(screen)
    assert "Today: 3 Thaw 3102" in text and "The convoy is due" in text
    for secret in ("ENEMYMARK", "HIDDENWORKMARK", "PLANGMMARK"):
        assert secret not in text
    assert not leaked(screen)
