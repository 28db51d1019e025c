"""Every page of the documentation site in Chromium, offline: figures drawn, widgets shown.

The site (built once per session by the ``docs_site`` fixture) is served from a loopback HTTP
server and every request for any other host is aborted, as on a machine with no network: a
page that still needed a CDN would show it here. On every page: no console error, no page
error, no failed request; every plotly figure drawn (``.plotly-graph-div .main-svg``) and
every widget output drawn from its saved state. The figures and widgets of each page are
counted, printed, and compared with what the build says it put there.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.notebook_outputs,
    pytest.mark.timeout(1800),  # may wait for the notebooks on other xdist workers
]

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"

COUNT = """() => {
  const figs = [...document.querySelectorAll('.plotly-graph-div')];
  const widgets = [...document.querySelectorAll('.jupyter-widgets.jp-OutputArea-output')];
  const drawn = (e) => [...e.children].some((c) => c.tagName !== 'SCRIPT'
      && c.getBoundingClientRect().height > 20);
  return {
    figures: figs.length,
    figures_drawn: figs.filter((f) => f.querySelector('.main-svg')).length,
    widgets: widgets.length,
    widgets_drawn: widgets.filter(drawn).length,
  };
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def served(docs_site) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(docs_site.path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


#: How long the slow server holds back anywidget's module: longer than requirejs waits for a
#: module by default (7 s), after which the widget manager used to fall back to a CDN address
#: the site does not serve.
DELAY_SECONDS = 10


class _Slow(_Quiet):
    """Serves the site, but anywidget's module only after :data:`DELAY_SECONDS`."""

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith("/vendor/anywidget.js"):
            time.sleep(DELAY_SECONDS)  # this server's own thread: the browser waits, not the test
        super().do_GET()


@pytest.fixture(scope="module")
def served_slowly(docs_site) -> Iterator[str]:
    handler = functools.partial(_Slow, directory=str(docs_site.path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_widgets_draw_when_the_anywidget_module_arrives_late(
    docs_site, served_slowly: str, chromium
) -> None:
    """A stalled anywidget module still draws every widget: no placeholder, no 404, no error."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    foreign: list[str] = []

    def only_loopback(route) -> None:
        url = route.request.url
        if url.startswith((served_slowly, "data:", "blob:")):
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"))
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
    start = time.perf_counter()
    page.goto(served_slowly + "notebooks/00_start_here/", wait_until="load")
    page.wait_for_function(
        f"() => {{ const c = ({COUNT})(); return c.widgets > 0 && c.widgets === c.widgets_drawn; }}",
        timeout=60_000,
    )
    waited = time.perf_counter() - start
    got = page.evaluate(COUNT)
    placeholders = page.get_by_text("Click to show javascript error").count()
    context.close()
    print(f"widgets drawn {got['widgets_drawn']}/{got['widgets']} after {waited:.1f} s")  # noqa: T201
    assert waited >= DELAY_SECONDS, "the module was not held back: the test tests nothing"
    assert placeholders == 0
    assert not foreign, foreign
    assert problems == [], "\n".join(problems)


def _pages(site: Path) -> list[str]:
    found = [p.parent.relative_to(site).as_posix() for p in site.rglob("index.html")]
    return sorted("" if uri == "." else uri + "/" for uri in found)


def test_every_docs_page_draws_offline(docs_site, served: str, chromium) -> None:
    site = docs_site.path
    promised = json.loads((site / "assets" / "gmkit" / "pages.json").read_text())
    context = chromium.new_context(viewport={"width": 1600, "height": 1000})
    left: list[str] = []

    def only_loopback(route) -> None:
        url = route.request.url
        if url.startswith((served, "data:", "blob:")):
            route.continue_()
        else:
            left.append(url)
            route.abort()

    context.route("**/*", only_loopback)
    rows, problems = [], []
    for uri in _pages(site):
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m, e=errors: m.type == "error" and e.append(m.text))
        page.on("pageerror", lambda exc, e=errors: e.append(str(exc)))
        page.on("requestfailed", lambda r, e=errors: e.append(f"failed: {r.url}"))
        page.goto(served + uri, wait_until="load")
        try:
            page.wait_for_function(
                f"() => {{ const c = ({COUNT})(); return c.figures === c.figures_drawn"
                " && c.widgets === c.widgets_drawn; }",
                timeout=60_000,
            )
        except Exception as exc:
            errors.append(f"not all drawn: {str(exc).splitlines()[0]}")
        got = page.evaluate(COUNT)
        rows.append((uri, got))
        want = promised.get(f"{uri.rstrip('/')}.ipynb")
        if want is not None:
            # a FigureWidget inside a widget is drawn by that widget: count it with the figures
            if got["widgets"] != want["widgets"] or got["figures"] != want["figures"]:
                errors.append(f"expected {want}, got {got}")
            if not got["figures"] or not got["widgets"]:
                errors.append("a notebook page with no figure or no widget")
        if uri == "notebooks/00_start_here/":
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "docs-start-here-light.png"), full_page=False)
        if errors:
            problems.append(f"{uri or '/'}: " + " | ".join(errors[:6]))
        page.close()
    # the same page on the dark scheme, for a look
    dark = chromium.new_context(viewport={"width": 1600, "height": 1000}, color_scheme="dark")
    dark.route("**/*", only_loopback)
    page = dark.new_page()
    page.goto(served + "notebooks/04_successors_combat/", wait_until="load")
    page.locator(".gmk-combat").first.wait_for(timeout=60_000)
    page.locator(".gmk-combat").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "docs-combat-dark.png"))
    dark.close()
    context.close()

    table = [f"{'page':45} figures  widgets"] + [
        f"{uri or '/':45} {c['figures_drawn']:>3}/{c['figures']:<3}  {c['widgets_drawn']:>3}/{c['widgets']:<3}"
        for uri, c in rows
    ]
    total_f = sum(c["figures_drawn"] for _, c in rows)
    total_w = sum(c["widgets_drawn"] for _, c in rows)
    table.append(f"{'total':45} {total_f:>7}  {total_w:>7}")
    print("\n" + "\n".join(table))  # noqa: T201
    assert not left, sorted(set(left))[:5]
    assert problems == [], "\n".join(problems)
