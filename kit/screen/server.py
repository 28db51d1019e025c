"""The player screen's HTTP server: fixed read-only addresses, limits, and the share token.

Imported on the first :meth:`~kit.screen.PlayerScreen.start` only, so importing
:mod:`kit.screen` (in the browser-only site, say) loads no server code.

Every response, the error pages included, carries the same security headers (a strict
Content-Security-Policy, ``nosniff``, ``no-referrer``, ``no-store``). Each request passes, in
this order:

1. **the method**: GET and HEAD only (405 otherwise; the screen is read-only);
2. **the size**: no request body, a request line of at most :data:`MAX_PATH` characters, and
   a header block of at most :data:`~kit.limits.MAX_REQUEST_HEADERS` lines and
   :data:`~kit.limits.MAX_REQUEST_HEADER_BYTES` bytes (16 KiB). The block is read through a
   counting reader that stops at those limits, so a request past them is answered 431
   (Request Header Fields Too Large) having read no more than the limit, before the token
   or anything else is looked at;
3. **the rate**: at most :data:`RATE` requests a second per client address, bursts of
   :data:`BURST` (429), so one device cannot starve the others;
4. **the Host header**: it must name an address the screen serves (421), so a web page
   elsewhere cannot read the screen through a domain name it rebinds to this computer;
5. **the token** (share mode): the session's random token, from the join link's ``?token=``
   (which sets a cookie and redirects to ``/``) or from that cookie; compared in constant
   time; 403 with no detail otherwise.

Connections are limited too (:data:`MAX_CONNECTIONS` at once, :data:`MAX_PER_CLIENT` per
address), a request that does not arrive within :data:`READ_TIMEOUT` seconds is dropped, and
:meth:`ScreenServer.close_all` closes every open connection when the screen stops, so no
request keeps a thread alive after it. A player's browser hanging up mid-download is normal
and prints nothing into the GM's notebook.
"""

from __future__ import annotations

import contextlib
import hmac
import http.client
import socket
import threading
import time
from http.cookies import CookieError, SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Protocol
from urllib.parse import parse_qs

from ..limits import MAX_REQUEST_HEADER_BYTES, MAX_REQUEST_HEADERS
from .hosts import host_name, is_loopback

#: What the socket server hands each request: a connected socket (a TCP server's), or a
#: datagram and its socket (a UDP server's), as ``socketserver`` says.
Request = socket.socket | tuple[bytes, socket.socket]
#: A client's address: ``(host, port)``, or ``(host, port, flowinfo, scope_id)`` over IPv6.
Address = tuple[str | int, ...]


def _connection(request: Request) -> socket.socket:
    """The connected socket of a request: this server speaks TCP, never datagrams."""
    if not isinstance(request, socket.socket):
        raise TypeError(f"the player screen serves TCP connections, not {type(request).__name__}")
    return request


class PlayerScreen(Protocol):
    """What the server reads of the :class:`kit.screen.PlayerScreen` it serves (the screen
    module imports this one, so the server names what it needs instead of importing it)."""

    _errors: int
    _allowed_hosts: frozenset[str]
    _token: str | None
    _cookie: str

    def _content_bytes(self) -> bytes: ...

    def _version_bytes(self) -> bytes: ...


__all__ = [
    "BURST",
    "CSP",
    "MAX_CONNECTIONS",
    "MAX_PATH",
    "MAX_PER_CLIENT",
    "RATE",
    "READ_TIMEOUT",
    "ScreenServer",
    "make_server",
]

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
#: Longest request line path, in characters.
MAX_PATH = 2048
#: Connections served at once, in all.
MAX_CONNECTIONS = 32
#: Connections served at once from one client address.
MAX_PER_CLIENT = 8
#: Requests a second one client address may make, on average...
RATE = 20.0
#: ... and in one burst.
BURST = 60.0
#: Seconds a client has to send its request.
READ_TIMEOUT = 10.0
#: Seconds a response may take to send (plotly.js is 4 MB).
WRITE_TIMEOUT = 60.0
_HEADERS = (
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", CSP),
    ("X-Frame-Options", "DENY"),
)
_BUSY = (
    b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: 5\r\nConnection: close\r\n"
    + b"".join(f"{k}: {v}\r\n".encode() for k, v in _HEADERS)
    + b"\r\nbusy\n"
)


class _Bucket:
    """A token bucket per client address."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.state: dict[str, tuple[float, float]] = {}

    def take(self, client: str) -> bool:
        now = time.monotonic()
        with self.lock:
            tokens, last = self.state.get(client, (BURST, now))
            tokens = min(BURST, tokens + (now - last) * RATE)
            ok = tokens >= 1.0
            self.state[client] = (tokens - 1.0 if ok else tokens, now)
            if len(self.state) > 4096:  # forget the quietest clients
                for key in sorted(self.state, key=lambda k: self.state[k][1])[:2048]:
                    del self.state[key]
            return ok


class ScreenServer(ThreadingHTTPServer):
    """A threading HTTP server that counts, limits and can close its connections."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 64

    def __init__(
        self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler], screen: PlayerScreen
    ) -> None:
        self.screen = screen
        self.buckets = _Bucket()
        self._open: dict[socket.socket, tuple[str, threading.Thread | None]] = {}
        self._open_lock = threading.Lock()
        super().__init__(address, handler)

    def process_request(self, request: Request, client_address: Address) -> None:
        request = _connection(request)
        client = str(client_address[0])
        with self._open_lock:
            mine = sum(1 for c, _ in self._open.values() if c == client)
            if len(self._open) >= MAX_CONNECTIONS or mine >= MAX_PER_CLIENT:
                busy = True
            else:
                busy = False
                self._open[request] = (client, None)
        if busy:
            with contextlib.suppress(OSError):  # it may have gone already
                request.settimeout(1.0)
                request.sendall(_BUSY)
            self.shutdown_request(request)
            return
        t = threading.Thread(
            target=self.process_request_thread, args=(request, client_address), daemon=True
        )
        with self._open_lock:
            self._open[request] = (client, t)
        t.start()

    def process_request_thread(self, request: Request, client_address: Address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._open_lock:
                self._open.pop(_connection(request), None)

    def handle_error(self, request: Request, client_address: Address) -> None:
        """A client hanging up or timing out is normal: nothing is printed."""
        self.screen._errors += 1

    def close_all(self, wait: float = 2.0) -> None:
        """Close every open connection and wait up to ``wait`` seconds for its thread."""
        with self._open_lock:
            items = list(self._open.items())
        for sock, _ in items:
            with contextlib.suppress(OSError):  # closed already
                sock.shutdown(socket.SHUT_RDWR)
        deadline = time.monotonic() + wait
        for _, (_, thread) in items:
            if thread is not None:
                thread.join(max(0.0, deadline - time.monotonic()))


class _HeaderBlockReader:
    """The request's stream as the header parser sees it: at most ``max_lines`` lines and
    ``max_bytes`` bytes, then :class:`http.client.LineTooLong` (answered 431).

    Each ``readline`` asks the socket for no more than the bytes still allowed (plus one, to
    see the excess), so a client sending megabytes of headers is cut off at the limit."""

    def __init__(self, raw: Any, max_lines: int, max_bytes: int) -> None:
        self._raw, self._lines, self._left = raw, max_lines, max_bytes

    def readline(self, limit: int = -1) -> bytes:
        cap = self._left + 1 if limit < 0 else min(limit, self._left + 1)
        line: bytes = self._raw.readline(cap)
        self._left -= len(line)
        if self._left < 0:
            raise http.client.LineTooLong(
                f"request header block (over {MAX_REQUEST_HEADER_BYTES} bytes)"
            )
        if line not in (b"\r\n", b"\n", b""):
            self._lines -= 1
            if self._lines < 0:
                raise http.client.LineTooLong(
                    f"request header block (over {MAX_REQUEST_HEADERS} lines)"
                )
        return line

    def __getattr__(self, name: str) -> Any:  # everything else as the real stream
        return getattr(self._raw, name)


class Handler(BaseHTTPRequestHandler):
    """Serves the screen's fixed addresses; everything else is refused."""

    server: ScreenServer
    server_version = "gm-kit"
    sys_version = ""
    timeout = READ_TIMEOUT
    # HTTP/1.0 (the default): one request per connection, so no kept-alive connection goes
    # on answering the page after stop()

    def log_message(self, format: str, *args: object) -> None:
        """Keep the notebook quiet: no line per request, no error lines."""

    def parse_request(self) -> bool:
        """Parse the request with its header block capped (see the module docs, check 2).

        The base class answers a :class:`http.client.LineTooLong` with 431, as it does for its
        own (much larger) limits."""
        stream = self.rfile
        self.rfile = _HeaderBlockReader(stream, MAX_REQUEST_HEADERS, MAX_REQUEST_HEADER_BYTES)  # type: ignore[assignment]
        try:
            return bool(super().parse_request())
        finally:
            self.rfile = stream

    def _send(
        self, status: int, body: bytes, kind: str, extra: tuple[tuple[str, str], ...] = ()
    ) -> None:
        try:
            self.connection.settimeout(WRITE_TIMEOUT)
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            for name, value in _HEADERS + extra:
                self.send_header(name, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except OSError:  # the client went away (a dropped download): nothing to report
            self.close_connection = True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Error pages (the ones the base class sends too) carry the same headers."""
        self.close_connection = True
        words = {
            400: "bad request",
            403: "forbidden",
            404: "not found",
            405: "not allowed",
            431: "request header fields too large",
        }
        text = words.get(code, "error" if code >= 500 else "refused")
        self._send(code, f"{text}\n".encode(), "text/plain; charset=utf-8")

    # ---------------------------------------------------------------- the checks
    def _refused(self) -> bool:
        """Send the refusal for a request that fails a check; True when one was sent."""
        if self.headers.get("Transfer-Encoding") or self.headers.get("Content-Length", "0") != "0":
            self.send_error(413)
            return True
        if len(self.path) > MAX_PATH:
            self.send_error(414)
            return True
        if not self.server.buckets.take(str(self.client_address[0])):
            self._send(
                429, b"too many requests\n", "text/plain; charset=utf-8", (("Retry-After", "1"),)
            )
            return True
        if not self._host_allowed():
            self._send(421, b"misdirected request\n", "text/plain; charset=utf-8")
            return True
        return False

    def _host_allowed(self) -> bool:
        name = host_name(self.headers.get("Host", ""))
        allowed = self.server.screen._allowed_hosts
        return name in allowed or (is_loopback(name) and any(is_loopback(a) for a in allowed))

    def _token(self, query: str) -> tuple[bool, bool]:
        """(allowed, from the query): whether the request carries the session's token."""
        expected = self.server.screen._token
        if expected is None:
            return True, False
        given = parse_qs(query, max_num_fields=8).get("token", [""])[0]
        if given and hmac.compare_digest(given.encode(), expected.encode()):
            return True, True
        cookie = self.headers.get("Cookie", "")
        if cookie and len(cookie) < 4096:
            try:
                jar = SimpleCookie(cookie)
            except CookieError:
                return False, False
            morsel = jar.get(self.server.screen._cookie)
            if morsel is not None and hmac.compare_digest(morsel.value.encode(), expected.encode()):
                return True, False
        return False, False

    # ---------------------------------------------------------------- serving
    def do_GET(self) -> None:
        if self._refused():
            return
        path, _, query = self.path.partition("?")
        allowed, from_query = self._token(query)
        if not allowed:
            self.send_error(403)
            return
        screen = self.server.screen
        cookie: tuple[tuple[str, str], ...] = ()
        if from_query:
            cookie = (
                (
                    "Set-Cookie",
                    f"{screen._cookie}={screen._token}; Path=/; HttpOnly; SameSite=Lax",
                ),
            )
            if path == "/":  # the join link: keep the token out of the address bar
                self._send(303, b"", "text/plain; charset=utf-8", (*cookie, ("Location", "/")))
                return
        from .assets import PAGE, SCRIPT, STYLE

        if path == "/":
            self._send(200, PAGE.encode(), "text/html; charset=utf-8", cookie)
        elif path == "/version":
            self._send(200, screen._version_bytes(), "application/json", cookie)
        elif path == "/content":
            try:
                body = screen._content_bytes()
            except Exception:  # a GM change mid-render: the page retries at its next poll
                msg = b'{"error": "the page could not be drawn; retrying"}'
                self._send(503, msg, "application/json")
                return
            self._send(200, body, "application/json", cookie)
        elif path == "/screen.js":
            self._send(200, SCRIPT.encode(), "text/javascript; charset=utf-8", cookie)
        elif path == "/screen.css":
            self._send(200, STYLE.encode(), "text/css; charset=utf-8", cookie)
        elif path == "/plotly.js":
            self._send(200, _plotly_js(), "text/javascript; charset=utf-8", cookie)
        else:
            self.send_error(404)

    def do_HEAD(self) -> None:
        self.do_GET()

    def _not_allowed(self) -> None:
        self.send_error(405)

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed


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


class _Server6(ScreenServer):
    address_family = socket.AF_INET6


def make_server(screen: PlayerScreen, host: str, port: int) -> ScreenServer:
    """A server for ``screen`` listening on ``host``:``port`` (not yet serving)."""
    cls = _Server6 if ":" in host else ScreenServer
    return cls((host, port), Handler, screen)
