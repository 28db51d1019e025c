"""The player screen in a real browser: a reveal in Python shows on the open page, no secret does.

Issue #16 ("A player screen"). The screen runs in the test process (as it would in the GM's
kernel); Chromium opens its page. The GM reveals a system: its name must appear on the page
within a few seconds, without a reload. The page source and every response the browser got
(the page, its script and style, plotly.js, every poll and content fetch) are searched for
marker strings planted in the secrets; only the revealed ones may be there. Screenshots in
the light and dark colour schemes go to test-artifacts/.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kit import Campaign
from kit.screen import PlayerScreen
from tests.factories import MARKED_NAMES, MARKED_SYSTEM, MARKERS, marked_campaign

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
NAMES = list(MARKED_NAMES)
SYSTEM = MARKED_SYSTEM


def campaign() -> Campaign:
    camp = marked_campaign(zigzag=True)
    camp.knowledge.note("The beacon on the third moon blinks twice a day.", day=1)
    return camp


def test_a_reveal_appears_live_and_no_secret_is_in_the_page(chromium):
    camp = campaign()
    k = camp.knowledge
    screen = PlayerScreen(camp, sector="Line", system=SYSTEM).start(quiet=True)
    context = chromium.new_context(viewport={"width": 1400, "height": 1100}, device_scale_factor=1)
    responses: list = []
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("response", lambda r: responses.append(r))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(screen.url, wait_until="load")
        page.wait_for_function("() => document.body.dataset.version !== undefined", timeout=15_000)
        page.locator("#gmk-map .main-svg").first.wait_for(timeout=15_000)
        before = page.content()
        assert [m for m in MARKERS if m in before] == []
        assert "The beacon on the third moon" in before  # a note for the players is shown
        page.evaluate("() => { window.gmkSamePage = true; }")

        # the GM reveals the system the party is in and one of the sector, in Python
        shown_at = time.monotonic()
        k.reveal(SYSTEM)
        k.reveal(NAMES[2])
        page.wait_for_function(
            "(n) => document.getElementById('gmk-system').textContent.includes(n)",
            arg=SYSTEM,
            timeout=5_000,
        )
        page.wait_for_function(
            "(n) => document.getElementById('gmk-sector').textContent.includes(n)",
            arg=NAMES[2],
            timeout=5_000,
        )
        took = time.monotonic() - shown_at
        assert took < 5.0, took  # the page polls every 0.6 s; room for a busy CI machine
        assert page.evaluate("() => window.gmkSamePage === true")  # no reload happened
        page.locator("#gmk-system-figure .main-svg").first.wait_for(timeout=10_000)

        # more of a session: a route flown, an orbit scanned, a fleet seen (3 successes: its
        # ships, not its owner's name, which needs 4)
        k.travelled((NAMES[2], NAMES[3]), day=2)
        k.scan(SYSTEM, 1, orbit=2, day=2)  # 1 success from orbit 2: that orbit's details
        k.scan_fleet("fleets/rivals", 3, day=3)  # the fleet's own key in the record
        page.wait_for_function(
            "() => document.getElementById('gmk-fleets').textContent.includes('2 ships')",
            timeout=5_000,
        )
        page.wait_for_function(
            "() => document.getElementById('gmk-system').textContent.includes('INSTMARK2')",
            timeout=5_000,
        )
        page.wait_for_timeout(800)
        told = {SYSTEM, NAMES[2], NAMES[3], "INSTMARK2"}
        secrets = [m for m in MARKERS if m not in told]
        source = page.content()
        assert [m for m in secrets if m in source] == []
        assert all(m in source for m in told)
        bodies = [(r.url, r.body().decode("utf-8", "replace")) for r in responses]
        urls = {u.split("/", 3)[3] for u, _ in bodies}
        assert {"", "plotly.js", "screen.js", "screen.css", "version", "content"} <= urls
        assert all(u.startswith(screen.url) for u, _ in bodies)  # nothing from the network
        leaks = [(u, m) for u, b in bodies for m in secrets if m in b]
        assert leaks == []

        ARTIFACTS.mkdir(exist_ok=True)
        page.emulate_media(color_scheme="light")
        page.wait_for_timeout(400)
        page.screenshot(path=str(ARTIFACTS / "player-screen-light.png"), full_page=True)
        page.emulate_media(color_scheme="dark")
        page.wait_for_timeout(400)
        assert (
            page.evaluate("() => getComputedStyle(document.body).backgroundColor")
            == "rgb(20, 21, 24)"
        )  # the kit's dark page colour (#141518)
        page.screenshot(path=str(ARTIFACTS / "player-screen-dark.png"), full_page=True)
        assert errors == []
        # the GM stops the screen: the page says so at its next poll, and keeps what it showed
        screen.stop()
        page.wait_for_function(
            "() => document.getElementById('gmk-status').textContent.includes('not connected')",
            timeout=5_000,
        )
        assert SYSTEM in page.locator("#gmk-system").inner_text()
    finally:
        context.close()
        screen.stop()


def test_the_share_link_opens_the_page_and_nothing_else_does(chromium):
    """Share mode on loopback: the join link (with the session's token) opens the page, which
    then keeps working from its cookie; the bare address and a wrong token get a bare 403."""
    camp = campaign()
    camp.knowledge.reveal(NAMES[2])
    screen = PlayerScreen(camp, sector="Line", share=True, host="127.0.0.1").start(quiet=True)
    plain = screen.url.split("?")[0]
    errors: list[str] = []
    try:
        # a device without the link: refused, with nothing to read
        stranger = chromium.new_context()
        page = stranger.new_page()
        response = page.goto(plain)
        assert response.status == 403 and page.content().count("forbidden") == 1
        assert NAMES[2] not in page.content()
        response = page.goto(plain + "?token=not-the-token")
        assert response.status == 403
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "player-screen-share-refused.png"))
        stranger.close()

        # a player who scanned the QR code: the join link, then the page from its cookie
        player = chromium.new_context(viewport={"width": 900, "height": 1000})
        page = player.new_page()
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        response = page.goto(screen.url, wait_until="load")
        assert response.status == 200 and page.url == plain  # the token left the address bar
        page.wait_for_function("() => document.body.dataset.version !== undefined", timeout=15_000)
        page.locator("#gmk-map .main-svg").first.wait_for(timeout=15_000)
        assert NAMES[2] in page.locator("#gmk-sector").inner_text()
        camp.knowledge.reveal(NAMES[3])  # the page keeps polling with its cookie
        page.wait_for_function(
            "(n) => document.getElementById('gmk-sector').textContent.includes(n)",
            arg=NAMES[3],
            timeout=5_000,
        )
        page.screenshot(path=str(ARTIFACTS / "player-screen-share.png"), full_page=True)
        assert errors == []
        player.close()
    finally:
        screen.stop()
