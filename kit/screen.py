"""A live player screen: a small web page showing only what the players know.

:class:`PlayerScreen` serves one page for a second monitor, a projector or the players' own
devices. It shows the player views of a :class:`~kit.campaign.Campaign`, all drawn from the
players' record (:attr:`Campaign.knowledge <kit.campaign.Campaign.knowledge>`): the sector map
with the fog of war, the system the party is in as scanned, the fleets and entities they have
Sensors successes on, the notes written for them and the player handouts of the same objects.

Start it from the GM's notebook with one line,
``screen = PlayerScreen(campaign, sector="Reach", system="Aldebaran").start()``.
It prints the address, ``http://127.0.0.1:<port>/``, and shows it as a link when displayed.
When the record changes (a scan, a route flown, a reveal, an undo) or the GM calls
:meth:`PlayerScreen.show` to move the party, the page follows within about a second: it asks
a small JSON address for a version number and fetches the new content when that changes. For
changes the record does not see (a fleet added to the campaign), call
:meth:`PlayerScreen.refresh`. :meth:`PlayerScreen.stop` closes the server and frees the port.

What it promises:

* Everything it serves is rendered for the players (``audience="player"``) from a copy of the
  record taken at that version; no GM view is ever drawn for it, so none is in the page
  source, its data requests or the figures' data. User text is escaped as HTML.
* It serves a fixed list of addresses and nothing else: no files, no directory listing, 404 for
  every other path (``/../`` and its encoded forms included). plotly.js comes from the
  installed plotly package at its own address, so the page works without the internet.
* It listens on the loopback address (this computer only) unless given ``host=``: pass
  ``host="0.0.0.0"`` to let devices on the local network open it (anyone on that network can
  then read the players' view, and nothing more). On loopback it also refuses requests that
  name another host, so a web page elsewhere cannot read it through a rebound domain name.

It needs sockets and threads, so it does not start in the browser-only JupyterLite site
(Pyodide); there, export player handouts (:func:`kit.handouts.save_handout`) instead.

>>> from kit import Campaign
>>> screen = PlayerScreen(Campaign("Neon Reach"))
>>> screen.running
False
"""

from __future__ import annotations

import functools
import html
import ipaddress
import json
import sys
import threading
from typing import TYPE_CHECKING, Any

from . import validate
from .errors import IllegalAction, InvalidInput, InvalidType

if TYPE_CHECKING:
    from http.server import ThreadingHTTPServer

__all__ = ["POLL_MS", "PlayerScreen"]

#: How often the page asks whether anything changed, in milliseconds.
POLL_MS = 600

_UNSET: Any = object()
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)


class PlayerScreen:
    """A page for the players, served from the notebook and kept up to date.

    Args:
        campaign: the :class:`~kit.campaign.Campaign` whose ``knowledge`` record decides what
            the players see.
        sector: the sector to map, by its name in ``campaign.sectors`` (or the Sector itself).
        system: the system the party is in, by its name in ``campaign.systems`` (or the
            StarSystem itself, known to the record by its own name).
        host: the address to listen on; the default ``"127.0.0.1"`` serves this computer
            only, ``"0.0.0.0"`` every device on the local network.
        port: the port; 0 (the default) takes a free one.
        unknown: how the map draws systems the players do not know: ``"dim"`` (grey dots
            without names) or ``"hide"`` (left out).
        title: the page's title (default: the campaign's name).
    """

    def __init__(
        self,
        campaign: Any,
        *,
        sector: Any = None,
        system: Any = None,
        host: str = "127.0.0.1",
        port: int = 0,
        unknown: str = "dim",
        title: str | None = None,
    ) -> None:
        from .campaign import Campaign

        if not isinstance(campaign, Campaign):
            raise InvalidType(f"campaign must be a kit.Campaign, got {type(campaign).__name__}")
        self.campaign = campaign
        self.host = validate.text("host", host, max_len=255)
        self.port = validate.integer("port", port, 0, 65535)
        self.unknown = validate.choice("unknown", unknown, ("dim", "hide"))
        self.title = campaign.name if title is None else validate.text("title", title, max_len=200)
        self._lock = threading.RLock()
        self._version = 0
        self._cache: tuple[int, bytes] | None = None
        self._record: Any = None  # the record being observed
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._sector = self._sector_item(sector)
        self._system = self._system_item(system)

    # ------------------------------------------------------------------ what is shown
    # Each is (name, object): the object when one was given, None when a name was (the
    # campaign's item of that name is used at each render, so replacing it there shows).
    def _sector_item(self, sector: Any) -> tuple[str, Any] | None:
        from .successors.sector import Sector

        if sector is None:
            return None
        if isinstance(sector, Sector):
            return sector.name, sector
        name = validate.text("sector", sector, max_len=200)
        self.campaign.get("sectors", name)  # it must be there now; it is looked up each time
        return name, None

    def _system_item(self, system: Any) -> tuple[str, Any] | None:
        from .successors.stars.system import StarSystem

        if system is None:
            return None
        if isinstance(system, StarSystem):
            if not system.name:
                raise InvalidInput(
                    "system must be named (the knowledge record knows systems by name); store "
                    "it in the campaign and pass its name"
                )
            return system.name, system
        name = validate.text("system", system, max_len=200)
        self.campaign.get("systems", name)  # (looked up at each render: replacing it shows)
        return name, None

    def show(self, *, system: Any = _UNSET, sector: Any = _UNSET) -> PlayerScreen:
        """Move the party: show another ``system`` (None: no system) or ``sector`` on the page.

        The open page follows within about a second. Returns the screen.
        """
        with self._lock:
            new_system = self._system if system is _UNSET else self._system_item(system)
            new_sector = self._sector if sector is _UNSET else self._sector_item(sector)
            self._system, self._sector = new_system, new_sector
            self._version += 1
        return self

    def refresh(self) -> None:
        """Render the page again (for changes the record does not report, like a new fleet)."""
        with self._lock:
            self._version += 1

    def _on_change(self, _record: Any) -> None:
        with self._lock:
            self._version += 1

    @property
    def version(self) -> int:
        """A number that grows whenever what the page shows may have changed."""
        with self._lock:
            self._follow_record()
            return self._version

    def _follow_record(self) -> None:
        """Observe the campaign's current record (a loaded campaign may have replaced it)."""
        record = self.campaign.knowledge
        if record is self._record or not self.running:
            return
        if self._record is not None:
            self._record.unobserve(self._on_change)
        record.observe(self._on_change)
        self._record = record
        self._version += 1

    # ------------------------------------------------------------------ serving
    @property
    def running(self) -> bool:
        """Whether the server is listening."""
        return self._server is not None

    @property
    def url(self) -> str | None:
        """The page's address while running, else None."""
        if self._server is None:
            return None
        host = self.host
        if host in ("0.0.0.0", "::", ""):
            host = "127.0.0.1"  # reachable from this computer; other devices use its LAN address
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self._server.server_address[1]}/"

    def start(self, *, quiet: bool = False) -> PlayerScreen:
        """Start serving in a background thread, print the address (unless ``quiet``), return self."""
        if sys.platform == "emscripten":
            raise IllegalAction(
                "the player screen cannot start here: the browser-only JupyterLite site (Pyodide) "
                "has no network sockets to serve a page from. Run the notebook in JupyterLab, or "
                "export player handouts with kit.handouts.save_handout(..., audience='player')"
            )
        if self._server is not None:
            raise IllegalAction(f"the player screen is already running at {self.url}")
        server4, server6, base = _http()
        handler = type("_Handler", (base,), {"screen": self})
        server_class = server6 if ":" in self.host else server4
        try:
            server = server_class((self.host, self.port), handler)
        except OSError as exc:
            raise InvalidInput(
                f"cannot listen on host={self.host!r} port={self.port}: {exc.strerror or exc}"
            ) from None
        server.daemon_threads = True
        self._server = server
        with self._lock:
            self._follow_record()
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True
        )
        self._thread.start()
        if not quiet:
            print(f"Player screen at {self.url}")  # noqa: T201 (the GM asked for the address)
        return self

    def stop(self) -> None:
        """Stop serving and free the port (safe to call twice)."""
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        with self._lock:
            if self._record is not None:
                self._record.unobserve(self._on_change)
                self._record = None

    def __enter__(self) -> PlayerScreen:
        return self if self.running else self.start(quiet=True)

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f"at {self.url}" if self.running else "stopped"
        return f"PlayerScreen({self.campaign.name!r}, {state})"

    def _repr_html_(self) -> str:
        name = html.escape(self.title)
        if not self.running:
            return (
                f"<div class='gmk-screen-link'>Player screen for <b>{name}</b>: not running "
                "(call <code>.start()</code>).</div>"
            )
        url = html.escape(self.url or "")
        return (
            f"<div class='gmk-screen-link'>Player screen for <b>{name}</b>: "
            f"<a href='{url}' target='_blank' rel='noopener'>{url}</a> "
            "(open it on the players' screen; <code>.stop()</code> to close)</div>"
        )

    # ------------------------------------------------------------------ rendering
    def content(self) -> dict[str, Any]:
        """What the page shows now, as the JSON the page fetches (rendered for the players).

        Keys: ``version``, ``title``, ``sections`` (HTML by section id) and ``figures``
        (plotly figure JSON by element id, or None).
        """
        return json.loads(self._content_bytes())

    def _content_bytes(self) -> bytes:
        with self._lock:
            self._follow_record()
            version = self._version
            # a stopped screen does not observe the record: its cache could be stale
            if self.running and self._cache is not None and self._cache[0] == version:
                return self._cache[1]
            sector, system = self._sector, self._system
            # a copy of the record as of this version: the GM may keep recording meanwhile
            record = type(self.campaign.knowledge).from_dict(self.campaign.knowledge.to_dict())
        body = json.dumps(_render(self, record, sector, system, version)).encode()
        with self._lock:
            if self._version == version:
                self._cache = (version, body)
        return body


def _section(title: str, body: str) -> str:
    return f"<h2>{html.escape(title)}</h2>{body}"


def _handout_body(page: str) -> str:
    """The body of a standalone handout page, without its footer (it is escaped already)."""
    start = page.index("<body>") + len("<body>")
    end = page.rindex("<footer>")
    return page[start:end].strip()


def _stored(screen: PlayerScreen, collection: str, name: str, obj: Any) -> Any:
    """The object given, or the one stored under ``name`` now (None if it was removed)."""
    if obj is not None:
        return obj
    return screen.campaign.collections[collection].get(name)


def _figure(fig: Any) -> Any:
    import plotly.io as pio

    fig.update_layout(uirevision="screen", autosize=True)
    fig.layout.width = None
    return json.loads(pio.to_json(fig, validate=False))


def _render(
    screen: PlayerScreen,
    record: Any,
    sector: tuple[str, Any] | None,
    system: tuple[str, Any] | None,
    version: int,
) -> dict[str, Any]:
    """Every section of the page, drawn for the players from ``record`` alone."""
    from .figures.stars import sector_map, star_system_figure
    from .handouts import handout

    esc = html.escape
    sections: dict[str, str] = {}
    figures: dict[str, Any] = {"gmk-map": None, "gmk-system-figure": None}

    if sector is None or (sec := _stored(screen, "sectors", *sector)) is None:
        sections["gmk-sector"] = _section("Sector", "<p class='muted'>No sector shown.</p>")
    else:
        figures["gmk-map"] = _figure(
            sector_map(sec, audience="player", knowledge=record, unknown=screen.unknown)
        )
        page = handout(sec, audience="player", fmt="html", figures=False, knowledge=record)
        sections["gmk-sector"] = _handout_body(page)

    if system is None:
        sections["gmk-system"] = _section("Current system", "<p class='muted'>None.</p>")
    else:
        name = system[0]
        sys_obj = _stored(screen, "systems", *system)
        if sys_obj is not None and record.knows_system(name):
            figures["gmk-system-figure"] = _figure(
                star_system_figure(sys_obj, view="player", knowledge=record, name=name)
            )
            page = handout(
                sys_obj, audience="player", fmt="html", figures=False, knowledge=record, name=name
            )
            sections["gmk-system"] = _handout_body(page)
        else:
            sections["gmk-system"] = _section(
                "Current system",
                "<p class='muted'>A system the party knows nothing about yet.</p>",
            )

    known = []
    for items in (screen.campaign.fleets, screen.campaign.entities):
        for key, obj in list(items.items()):
            owner = getattr(obj, "owner", None)
            names = [key] + ([owner.name] if owner is not None else [])
            seen = [n for n in names if record.fleet_level(n) > 0]
            if not seen:
                continue
            name = seen[0]
            page = handout(
                obj, audience="player", fmt="html", figures=False, knowledge=record, name=name
            )
            known.append(f"<article class='gmk-card'>{_handout_body(page)}</article>")
    sections["gmk-fleets"] = _section(
        "Fleets and entities",
        "".join(known) or "<p class='muted'>None scanned yet.</p>",
    )

    notes = []
    for n in record.visible_notes():
        when = f"Day {n.day}" if n.day is not None else (n.date or "")
        stamp = f"<span class='when'>{esc(when)}</span> " if when else ""
        notes.append(f"<li>{stamp}{esc(n.text)}</li>")
    sections["gmk-notes"] = _section(
        "Notes", f"<ul>{''.join(notes)}</ul>" if notes else "<p class='muted'>None yet.</p>"
    )
    return {
        "version": version,
        "title": screen.title,
        "sections": sections,
        "figures": figures,
    }


# ---------------------------------------------------------------------- the HTTP side
_PLOTLY: bytes | None = None
_PLOTLY_LOCK = threading.Lock()


def _plotly_js() -> bytes:
    """plotly.js from the installed plotly package, read once per process."""
    global _PLOTLY
    with _PLOTLY_LOCK:
        if _PLOTLY is None:
            from plotly.offline import get_plotlyjs

            _PLOTLY = get_plotlyjs().encode()
        return _PLOTLY


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@functools.lru_cache(maxsize=1)
def _http() -> tuple[Any, Any, Any]:
    """The server classes (IPv4, IPv6) and the request handler.

    Imported on the first start only: importing the module (in the browser-only site, say)
    loads no server code.
    """
    import socket
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Server6(ThreadingHTTPServer):
        address_family = socket.AF_INET6

    class Handler(BaseHTTPRequestHandler):
        """Serves the fixed paths below and 404 for anything else."""

        screen: PlayerScreen
        server_version = "gm-kit"
        sys_version = ""
        # HTTP/1.0 (the default): one request per connection, so no kept-alive connection goes on
        # answering the page after stop()

        def log_message(self, format: str, *args: Any) -> None:
            """Keep the notebook quiet: no line per request."""

        def _send(self, status: int, body: bytes, kind: str, cache: str = "no-store") -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", cache)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            self.send_header("Content-Security-Policy", _CSP)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def _host_allowed(self) -> bool:
            """On loopback, only requests addressed to a loopback name (no DNS rebinding)."""
            if not _loopback(self.screen.host):
                return True
            host = self.headers.get("Host", "")
            if host.startswith("["):
                name = host[1 : host.find("]")]
            else:
                name = host.rsplit(":", 1)[0] if ":" in host else host
            return _loopback(name)

        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            if not self._host_allowed():
                self._send(421, b"misdirected request\n", "text/plain; charset=utf-8")
                return
            if path == "/":
                self._send(200, _PAGE.encode(), "text/html; charset=utf-8")
            elif path == "/version":
                body = json.dumps({"version": self.screen.version}).encode()
                self._send(200, body, "application/json")
            elif path == "/content":
                try:
                    body = self.screen._content_bytes()
                except Exception as exc:  # a GM change mid-render: the page retries next poll
                    msg = {"error": f"the page could not be drawn ({type(exc).__name__}); retrying"}
                    self._send(503, json.dumps(msg).encode(), "application/json")
                    return
                self._send(200, body, "application/json")
            elif path == "/screen.js":
                self._send(200, _SCRIPT.encode(), "text/javascript; charset=utf-8")
            elif path == "/screen.css":
                self._send(200, _STYLE.encode(), "text/css; charset=utf-8")
            elif path == "/plotly.js":
                self._send(200, _plotly_js(), "text/javascript; charset=utf-8", "max-age=86400")
            else:
                self._send(404, b"not found\n", "text/plain; charset=utf-8")

        def do_HEAD(self) -> None:
            self.do_GET()

    return ThreadingHTTPServer, Server6, Handler


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="gm-kit"><title>Player screen</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/screen.css">
<script src="/plotly.js"></script><script src="/screen.js" defer></script>
</head><body>
<header><h1 id="gmk-title">Player screen</h1><span id="gmk-status" class="muted">connecting</span></header>
<main>
<section class="gmk-panel gmk-wide"><div id="gmk-map" class="gmk-figure"></div>
<div id="gmk-sector" class="gmk-text"></div></section>
<section class="gmk-panel"><div id="gmk-system-figure" class="gmk-figure"></div>
<div id="gmk-system" class="gmk-text"></div></section>
<section class="gmk-panel"><div id="gmk-fleets" class="gmk-text"></div>
<div id="gmk-notes" class="gmk-text"></div></section>
</main>
<footer class="muted">Made with gm-kit. This page shows only what the players know.</footer>
</body></html>
"""

_STYLE = """
:root { color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #6b7280;
  --line: #d0d5dd; --alt: #f4f6f8; --panel: #fafbfc; --accent: #e0823d; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #141518; --muted: #9aa1ab;
  --line: #343840; --alt: #1d1f24; --panel: #191b1f; } }
* { box-sizing: border-box; }
body { font-family: Inter, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg);
  background: var(--bg); margin: 0; padding: 1rem 1.5rem; line-height: 1.45; }
header { display: flex; align-items: baseline; gap: 1rem; border-bottom: 2px solid var(--accent);
  margin-bottom: 1rem; }
header h1 { font-size: 1.5rem; margin: .2rem 0 .4rem; }
main { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
.gmk-panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px;
  padding: .6rem 1rem; min-width: 0; }
.gmk-wide { grid-column: 1 / -1; }
.gmk-figure:empty { display: none; }
.gmk-text h1 { font-size: 1.2rem; margin: .6rem 0 .3rem; }
.gmk-text h2 { font-size: 1.05rem; margin: 1rem 0 .4rem; border-bottom: 1px solid var(--line); }
.gmk-card + .gmk-card { border-top: 1px solid var(--line); margin-top: .8rem; }
.gmk-card h1 { font-size: 1.05rem; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums;
  font-size: .92rem; }
th, td { border-bottom: 1px solid var(--line); padding: .25rem .5rem; text-align: left;
  vertical-align: top; }
th { color: var(--muted); font-weight: 600; } tr:nth-child(even) td { background: var(--alt); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; }
dt { color: var(--muted); } dd { margin: 0; }
ul { padding-left: 1.2rem; } .when { color: var(--muted); font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
#gmk-status.offline { color: #d4566b; }
footer { font-size: .8rem; margin-top: 1.5rem; }
"""

_SCRIPT = (
    """// The player screen: ask for the version, fetch the content when it changes.
"use strict";
const POLL_MS = POLL_MS_VALUE;
let shown = null;
function status(text, offline) {
  const el = document.getElementById("gmk-status");
  el.textContent = text;
  el.classList.toggle("offline", offline);
}
async function load() {
  const response = await fetch("/content", {cache: "no-store"});
  if (!response.ok) throw new Error("content " + response.status);
  const c = await response.json();
  document.title = c.title + " - player screen";
  document.getElementById("gmk-title").textContent = c.title;
  for (const [id, markup] of Object.entries(c.sections)) {
    const el = document.getElementById(id);
    if (el) el.innerHTML = markup;  // rendered and escaped by the kit on the server
  }
  for (const [id, fig] of Object.entries(c.figures)) {
    const el = document.getElementById(id);
    if (!el) continue;
    if (fig) {
      Plotly.react(el, fig.data, fig.layout, {displaylogo: false, responsive: true});
    } else {
      Plotly.purge(el);
      el.replaceChildren();
    }
  }
  shown = c.version;
  document.body.dataset.version = String(c.version);
}
async function poll() {
  try {
    const response = await fetch("/version", {cache: "no-store"});
    const v = (await response.json()).version;
    if (v !== shown) await load();
    status("live", false);
  } catch (e) {
    status("not connected: is the screen still running in the notebook?", true);
  }
  setTimeout(poll, POLL_MS);
}
poll();
"""
).replace("POLL_MS_VALUE", str(POLL_MS))
