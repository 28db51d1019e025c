"""A live player screen: a small web page showing only what the players know.

:class:`PlayerScreen` serves one page for a second monitor, a projector or the players' own
devices. It shows the players' projection of a :class:`~kit.campaign.Campaign`
(:func:`kit.players.project_campaign`), drawn from the players' record
(:attr:`Campaign.knowledge <kit.campaign.Campaign.knowledge>`): the sector map with the fog of
war, the system the party is in as scanned, the fleets and entities they have met, and the
notes written for them.

Start it from the GM's notebook with one line,
``screen = PlayerScreen(campaign).start()``. A campaign with one sector (or one system the
players know) shows it without being told; ``sector=`` and ``system=`` choose others. When the
record changes (a scan, a route flown, a reveal, an undo) or the GM calls
:meth:`PlayerScreen.show` to move the party, the page follows within about a second: it asks a
small JSON address for a version and fetches the new content when that changes. The version is
a digest of what the players see, so a change they cannot see changes nothing on the page. For
changes the record does not see (a fleet added to the campaign), call
:meth:`PlayerScreen.refresh`. :meth:`PlayerScreen.stop` closes the server, every open
connection and frees the port.

**Who can open it.** By default the screen listens on the loopback address: this computer only.
``share=True`` lets the players open it on their own devices on the local network: it listens
on every address, and every request must carry a random token made for this session (a wrong
or missing token gets 403, nothing more). The GM shows the players the join link or its QR code
(displayed with the screen in the notebook); the link's token is kept in a cookie of that
browser. Any ``host=`` other than a loopback address goes through share mode. See
:mod:`kit.screen.server` for the limits every request passes (read-only, size, rate,
connections, the Host header). A request's header block is capped at
:data:`~kit.limits.MAX_REQUEST_HEADERS` lines and :data:`~kit.limits.MAX_REQUEST_HEADER_BYTES`
bytes (64 lines, 16 KiB), with or without the token: the server stops reading there and answers
431 (Request Header Fields Too Large).

What it promises:

* Everything it serves is rendered from the players' projection of the campaign (taken from a
  copy of the record at that moment); no GM object reaches a renderer, so nothing of the GM's
  copy is in the page source, its data requests or the figures' data. User text is escaped.
* It serves a fixed list of addresses and nothing else: no files, no directory listing, 404 for
  every other path. plotly.js comes from the installed plotly package at its own address, so
  the page works without the internet.

It needs sockets and threads, so it does not start in the browser-only JupyterLite site
(Pyodide); there, export player handouts (:func:`kit.handouts.save_handout`) instead.

>>> from kit import Campaign
>>> screen = PlayerScreen(Campaign("Neon Reach"))
>>> screen.running
False
"""

from __future__ import annotations

import html
import json
import secrets
import sys
import threading
from typing import TYPE_CHECKING, Any, cast

from .. import validate
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..players import AUTO, project_campaign
from .assets import POLL_MS
from .hosts import allowed_hosts, is_loopback, is_wildcard, lan_address

if TYPE_CHECKING:
    from ..campaign import Campaign
    from ..successors.sector.sector import Sector
    from ..successors.stars.system import StarSystem

__all__ = ["POLL_MS", "PlayerScreen"]

_UNSET: Any = object()


class PlayerScreen:
    """A page for the players, served from the notebook and kept up to date.

    Args:
        campaign: the :class:`~kit.campaign.Campaign` whose ``knowledge`` record decides what
            the players see.
        sector: the sector to map, by its name in ``campaign.sectors`` (or the Sector itself);
            default: the one sector in which the players know a system (or the campaign's
            only sector while they know none).
        system: the system the party is in, by its name in ``campaign.systems`` (or the
            StarSystem itself, known to the record by its own name); default: the one system
            of the campaign the players know.
        share: serve the players' own devices on the local network, each request needing the
            session's token (see the module).
        host: the address to listen on; default ``"127.0.0.1"`` (this computer only), or every
            address (``"0.0.0.0"``) with ``share=True``. A non-loopback host means share mode.
        port: the port; 0 (the default) takes a free one.
        unknown: the player map's style, ``"dim"`` or ``"hide"`` (see
            :mod:`kit.figures.player_map`).
        title: the page's title (default: the campaign's name).
    """

    def __init__(
        self,
        campaign: Campaign,
        *,
        sector: Sector | str | None = None,
        system: StarSystem | str | None = None,
        share: bool = False,
        host: str | None = None,
        port: int = 0,
        unknown: str = "dim",
        title: str | None = None,
    ) -> None:
        from ..campaign import Campaign

        if not isinstance(campaign, Campaign):
            raise InvalidType(f"campaign must be a kit.Campaign, got {type(campaign).__name__}")
        self.campaign = campaign
        share = validate.boolean("share", share)
        if host is None:
            host = "0.0.0.0" if share else "127.0.0.1"
        self.host = validate.text("host", host, max_len=255).strip("[]")
        #: Whether the screen serves the local network, each request needing the token.
        self.share = share or is_wildcard(self.host) or not is_loopback(self.host)
        self.port = validate.integer("port", port, 0, 65535)
        self.unknown = validate.choice("unknown", unknown, ("dim", "hide"))
        self.title = campaign.name if title is None else validate.text("title", title, max_len=200)
        self._lock = threading.RLock()
        self._changes = 0
        self._cache: tuple[tuple[int, tuple[int, int, str]], bytes, bytes] | None = None
        self._record: Any = None  # the record being observed
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._token: str | None = None
        self._cookie = "gmk_screen"
        self._allowed_hosts: frozenset[str] = frozenset()
        self._errors = 0
        self._sector = AUTO if sector is None else self._sector_item(sector)
        self._system = AUTO if system is None else self._system_item(system)

    # ------------------------------------------------------------------ what is shown
    # Each is (name, object): the object when one was given, None when a name was (the
    # campaign's item of that name is used at each render, so replacing it there shows).
    def _sector_item(self, sector: object) -> tuple[str, Sector | None] | None:
        from ..successors.sector import Sector

        if sector is None:
            return None
        if isinstance(sector, Sector):
            return sector.name, sector
        name = validate.text("sector", sector, max_len=200)
        self.campaign.get("sectors", name)  # it must be there now; it is looked up each time
        return name, None

    def _system_item(self, system: object) -> tuple[str, StarSystem | None] | None:
        from ..successors.stars.system import StarSystem

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

    def show(
        self,
        *,
        system: StarSystem | str | None = _UNSET,
        sector: Sector | str | None = _UNSET,
    ) -> PlayerScreen:
        """Move the party: show another ``system`` (None: no system) or ``sector`` on the page.

        The open page follows within about a second. Returns the screen.
        """
        with self._lock:
            new_system = self._system if system is _UNSET else self._system_item(system)
            new_sector = self._sector if sector is _UNSET else self._sector_item(sector)
            self._system, self._sector = new_system, new_sector
            self._changes += 1
        return self

    def refresh(self) -> None:
        """Render the page again (for changes the record does not report, like a new fleet)."""
        with self._lock:
            self._changes += 1

    def _on_change(self, _record: Any) -> None:
        with self._lock:
            self._changes += 1

    @property
    def version(self) -> str:
        """The version the page polls: a digest of what it shows (it changes with the view)."""
        return str(json.loads(self._version_bytes())["version"])

    def _follow_record(self) -> None:
        """Observe the campaign's current record (a loaded campaign may have replaced it)."""
        record = self.campaign.knowledge
        if record is self._record or not self.running:
            return
        if self._record is not None:
            self._record.unobserve(self._on_change)
        record.observe(self._on_change)
        self._record = record
        self._changes += 1

    # ------------------------------------------------------------------ serving
    @property
    def running(self) -> bool:
        """Whether the server is listening."""
        return self._server is not None

    @property
    def url(self) -> str | None:
        """The page's address while running (in share mode, the join link with its token)."""
        if self._server is None:
            return None
        host = self.host
        if is_wildcard(host):
            host = lan_address() or "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        link = f"http://{host}:{self._server.server_address[1]}/"
        return f"{link}?token={self._token}" if self._token is not None else link

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
        from .server import make_server

        self._token = secrets.token_urlsafe(24) if self.share else None
        self._allowed_hosts = allowed_hosts(self.host)
        try:
            server = make_server(self, self.host, self.port)
        except OSError as exc:
            raise InvalidInput(
                f"cannot listen on host={self.host!r} port={self.port}: {exc.strerror or exc}"
            ) from None
        self._cookie = f"gmk_screen_{server.server_address[1]}"  # cookies ignore ports
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
        """Stop serving, close every open connection and free the port (safe to call twice)."""
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()
            server.close_all()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._token = None
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

    def qr_svg(self) -> str:
        """The join link as a QR code (inline SVG), for the players' phones and tablets."""
        import segno

        if self.url is None:
            raise IllegalAction("the player screen is not running: call start() first")
        return str(segno.make(self.url, error="m").svg_inline(scale=4, dark="#000", light="#fff"))

    def _repr_html_(self) -> str:
        name = html.escape(self.title)
        if not self.running:
            return (
                f"<div class='gmk-screen-link'>Player screen for <b>{name}</b>: not running "
                "(call <code>.start()</code>).</div>"
            )
        url = html.escape(self.url or "")
        link = f"<a href='{url}' target='_blank' rel='noopener'>{url}</a>"
        if not self.share:
            return (
                f"<div class='gmk-screen-link'>Player screen for <b>{name}</b>: {link} "
                "(open it on the players' screen; <code>.stop()</code> to close)</div>"
            )
        return (
            f"<div class='gmk-screen-link'><p>Player screen for <b>{name}</b>, shared on the "
            f"local network. Join link: {link}</p>"
            f"<div role='img' aria-label='QR code of the join link'>{self.qr_svg()}</div>"
            "<p>Anyone with this link on the same network can read the players' view (and "
            "nothing more); <code>.stop()</code> closes it, and the next start makes a new "
            "link.</p></div>"
        )

    # ------------------------------------------------------------------ rendering
    def content(self) -> dict[str, Any]:
        """What the page shows now, as the JSON the page fetches (rendered for the players).

        Keys: ``version``, ``title``, ``sections`` (HTML by section id) and ``figures``
        (plotly figure JSON by element id, or None).
        """
        return cast("dict[str, Any]", json.loads(self._content_bytes()))

    def _items(self) -> tuple[Any, Any]:
        """The sector and system to show: (name, object), None, or AUTO."""

        def stored(item: Any, collection: str) -> Any:
            if item is AUTO or item is None or item[1] is not None:
                return item
            obj = self.campaign.collections[collection].get(item[0])
            return None if obj is None else (item[0], obj)

        return stored(self._sector, "sectors"), stored(self._system, "systems")

    def _content_bytes(self) -> bytes:
        return self._rendered()[0]

    def _clock_mark(self) -> tuple[int, int, str]:
        """What of the campaign's clock the page shows, in brief: a change redraws the page."""
        return (self.campaign.today, len(self.campaign.timeline), self.campaign.date())

    def _version_bytes(self) -> bytes:
        return self._rendered()[1]

    def _rendered(self) -> tuple[bytes, bytes]:
        """(content, version) JSON, drawn again only after a change."""
        from .render import render

        with self._lock:
            self._follow_record()
            # the clock's days and timeline change the page too (they tell no observer)
            changes = (self._changes, self._clock_mark())
            # a stopped screen does not observe the record: its cache could be stale
            if self.running and self._cache is not None and self._cache[0] == changes:
                return self._cache[1], self._cache[2]
            sector, system = self._items()
            # a copy of the record as of this moment: the GM may keep recording meanwhile
            record = type(self.campaign.knowledge).from_dict(self.campaign.knowledge.to_dict())
        known = project_campaign(
            self.campaign, record, sector=sector, system=system, title=self.title
        )
        body = render(known, unknown=self.unknown)
        version = json.dumps({"version": json.loads(body)["version"]}).encode()
        with self._lock:
            if (self._changes, self._clock_mark()) == changes:
                self._cache = (changes, body, version)
        return body, version
