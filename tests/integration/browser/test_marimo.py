"""Every kind of kit widget in marimo: the app a user runs with ``marimo run``, in Chromium.

``examples/marimo_widgets.py`` shows each widget through ``mo.ui.anywidget`` with a cell under
it that reads the widget's synced state. Served by ``marimo run`` (headless, loopback, no
token) and opened in Chromium, each widget draws (the explorers and the Fleet builder with
their plotly figures inside them), a click reaches Python and the widget draws Python's
answer, the cell under it runs again with the new state, and a bad input shows in its
banner. A click on the star system figure itself picks an orbit. Then the same app in the
dark theme (marimo's "system" theme, the browser asking for dark) draws every widget dark.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

REPO = Path(__file__).resolve().parents[3]
APP = REPO / "examples" / "marimo_widgets.py"
ARTIFACTS = REPO / "test-artifacts"
#: Console noise of a closed network (marimo's page asks for nothing outside, but Chromium may).
NOISE = ("favicon", "net::ERR", "Failed to load resource")
DRAWN = """() => { const all = [...document.querySelectorAll('marimo-anywidget')];
  return all.length >= 11 && all.every((e) => e.shadowRoot && e.shadowRoot.textContent.trim()); }"""


@pytest.fixture(scope="module")
def marimo_app(chromium: Any, free_port: Any, running_server: Any) -> Iterator[str]:
    """``marimo run`` of the example app on a free loopback port; its address."""
    tmp = Path(tempfile.mkdtemp(prefix="gmkit-marimo-"))
    (tmp / "marimo").mkdir()
    # the page follows the browser's light or dark preference
    (tmp / "marimo" / "marimo.toml").write_text('[display]\ntheme = "system"\n')
    port = free_port()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp), "PYTHONPATH": str(REPO)}
    cmd = [sys.executable, "-m", "marimo", "run", str(APP), "--headless"]
    cmd += ["--host", "127.0.0.1", "--port", str(port), "--no-token"]
    url = f"http://127.0.0.1:{port}/"
    with running_server(cmd, "marimo", url, tmp / "marimo.log", env=env, cwd=tmp):
        yield url


def _open(chromium: Any, url: str, scheme: str) -> tuple[Any, Any, list[str]]:
    context = chromium.new_context(
        viewport={"width": 1300, "height": 1000}, device_scale_factor=1, color_scheme=scheme
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function(DRAWN, timeout=180_000)
    return context, page, errors


def _state(page: Any, name: str) -> str:
    return page.locator(f'[data-state="{name}"]').first.inner_text(timeout=30_000)


def _shot(page: Any, name: str, selector: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    loc = page.locator(selector).first
    loc.scroll_into_view_if_needed()
    loc.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _wait_state(page: Any, name: str, before: str, timeout: float = 60_000) -> str:
    deadline = time.time() + timeout / 1000
    while (now := _state(page, name)) == before:
        if time.time() > deadline:
            raise TimeoutError(f"the cell under the {name} widget still says {before!r}")
        page.wait_for_timeout(250)
    return now


def test_every_widget_draws_answers_and_refuses_in_marimo(
    marimo_app: str, chromium: Any, widget_kinds: list[Any]
) -> None:
    context, page, errors = _open(chromium, marimo_app, "light")
    failures, changed = [], {}
    try:
        for kind in widget_kinds:
            step = "draws"
            try:
                kind.wait(page, "(r) => r.getBoundingClientRect().height > 40", 60_000)
                w = page.locator(kind.root).first
                w.scroll_into_view_if_needed()
                if kind.figures:
                    kind.wait(
                        page,
                        "(r) => r.querySelectorAll('.gmk-figure .main-svg').length >= "
                        f"{kind.figures}",
                    )
                before = _state(page, kind.state)
                step = "takes a click that reaches Python"
                kind.click(w)
                kind.wait(page, kind.answered)
                changed[kind.name] = (before, _wait_state(page, kind.state, before))
                step = "shows an error banner"
                kind.bad(w)
                kind.wait(
                    page,
                    f"(r) => (r.querySelector('{kind.banner}')?.textContent || '').trim().length > 0",
                )
                _shot(page, f"marimo-light-{kind.name.replace(' ', '-')}", kind.root)
            except Exception as exc:  # one report for every widget, not only the first to fail
                failures.append(f"{kind.name}: {step}: {str(exc).splitlines()[0]}")
        assert failures == [], failures
        # what the cells under the widgets said before and after the click
        assert "turn 1" in changed["job table"][1]
        assert changed["job builder"][1].startswith("In Python: built a heist")
        assert "1 checks" in changed["board"][1]
        assert "Battle 2" in changed["entity builder"][1]
        assert "1 ships, 2 RU spent" in changed["fleet builder"][1]  # a Gunboat costs 2 RU
        assert "3 ships" in changed["fleet panel"][1]
        assert "orbit 2 picked" in changed["star system explorer"][1]
        assert "opened" in changed["sector explorer"][1]
        assert "chose a job setup: difficulty" in changed["tuner"][1]
        _click_the_system_figure(page)
        assert [e for e in errors if not any(n in e for n in NOISE)] == []
    finally:
        context.close()


def _click_the_system_figure(page: Any) -> None:
    """A click on a planet in the figure (not the list) picks its orbit, in Python too."""
    star = page.locator(".gmk-star-explorer").first
    star.locator(".gmk-stars-reroll").wait_for()
    star.locator(".gmk-stars-seed").fill("2")  # back from the bad seed: the system of seed 2
    star.locator(".gmk-stars-reroll").click()
    calm = "In Python: seed 2, no orbit picked"
    deadline = time.time() + 30
    while _state(page, "star") != calm:
        assert time.time() < deadline, _state(page, "star")
        page.wait_for_timeout(250)
    points = star.locator(".gmk-stars-figure .scatterlayer .point")
    points.first.wait_for(timeout=30_000)
    for i in range(points.count()):
        box = points.nth(i).bounding_box()
        if box is None:
            continue
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.wait_for_timeout(150)
        page.mouse.click(x, y)
        try:
            now = _wait_state(page, "star", calm, 5_000)
        except TimeoutError:
            continue
        assert "picked" in now
        star.locator(".gmk-stars-orbit.gmk-selected").wait_for(timeout=10_000)
        _shot(page, "marimo-light-star-figure-click", ".gmk-star-explorer")
        return
    raise AssertionError("no planet in the star system figure answered a click")


def test_every_widget_draws_dark_in_marimo(marimo_app: str, chromium: Any, widget_kinds) -> None:
    context, page, errors = _open(chromium, marimo_app, "dark")
    try:
        assert "dark" in page.evaluate("() => document.body.className")
        for kind in widget_kinds:
            kind.wait(page, "(r) => r.getBoundingClientRect().height > 40", 60_000)
            if kind.figures:
                kind.wait(
                    page,
                    f"(r) => r.querySelectorAll('.gmk-figure .main-svg').length >= {kind.figures}",
                )
            # the widget's own background is dark: its luminance is low
            lum = page.locator(kind.root).first.evaluate(
                """(r) => { const m = getComputedStyle(r).backgroundColor.match(/\\d+/g).map(Number);
                return (0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]) / 255; }"""
            )
            assert lum < 0.25, (kind.name, lum)
            _shot(page, f"marimo-dark-{kind.name.replace(' ', '-')}", kind.root)
        assert [e for e in errors if not any(n in e for n in NOISE)] == []
    finally:
        context.close()
