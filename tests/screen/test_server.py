"""The player screen's share mode and the limits every request passes (issue #21).

Share mode is tested on the loopback address only (``share=True, host="127.0.0.1"``): the token
is enforced there exactly as on the network. Numbers (a burst of 60 requests, 8 connections per
client) are the module's constants in kit.screen.server.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import time
from urllib.parse import urlsplit

import pytest

from kit import Campaign
from kit.screen import PlayerScreen
from kit.screen.server import BURST, MAX_PER_CLIENT
from kit.successors.sector import Sector, SectorRules

NAMES = ["HOMEMARK", "AWAYMARK", "FARMARK"]


def campaign() -> Campaign:
    camp = Campaign("Share")
    camp.add(Sector([[0, 0], [6, 0], [12, 0]], NAMES, seed=1, rules=SectorRules(max_range=10.0)))
    camp.knowledge.reveal("HOMEMARK")
    return camp


@pytest.fixture
def shared():
    s = PlayerScreen(campaign(), share=True, host="127.0.0.1").start(quiet=True)
    yield s
    s.stop()


def request(
    screen: PlayerScreen,
    path: str,
    *,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    body: bytes | None = None,
) -> tuple[int, bytes, dict[str, str]]:
    port = urlsplit(screen.url).port
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request(
            method, path, body=body, headers={"Host": f"127.0.0.1:{port}", **(headers or {})}
        )
        resp = conn.getresponse()
        return resp.status, resp.read(), {k.lower(): v for k, v in resp.getheaders()}
    finally:
        conn.close()


def token(screen: PlayerScreen) -> str:
    return urlsplit(screen.url).query.removeprefix("token=")


def cookie(screen: PlayerScreen) -> dict[str, str]:
    return {"Cookie": f"{screen._cookie}={token(screen)}"}


def test_every_request_needs_the_token(shared):
    for path in ("/", "/version", "/content", "/plotly.js", "/screen.js", "/nowhere"):
        status, body, headers = request(shared, path)
        assert (status, body) == (403, b"forbidden\n"), path
        assert "default-src 'none'" in headers["content-security-policy"]
    assert request(shared, "/?token=wrong")[0] == 403
    assert request(shared, "/content", headers={"Cookie": f"{shared._cookie}=wrong"})[0] == 403
    assert request(shared, "/", headers={"Cookie": "garbage;;=\x00"})[0] == 403


def test_the_join_link_sets_a_cookie_and_the_page_works_with_it(shared):
    status, _, headers = request(shared, f"/?token={token(shared)}")
    assert status == 303 and headers["location"] == "/"  # the token leaves the address bar
    set_cookie = headers["set-cookie"]
    assert set_cookie.startswith(f"{shared._cookie}={token(shared)};")
    assert "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie
    for path in ("/", "/version", "/content", "/screen.js", "/screen.css"):
        assert request(shared, path, headers=cookie(shared))[0] == 200, path
    content = json.loads(request(shared, "/content", headers=cookie(shared))[1])
    assert "HOMEMARK" in json.dumps(content) and "AWAYMARK" not in json.dumps(content)


def test_a_new_session_makes_a_new_token():
    s = PlayerScreen(campaign(), share=True, host="127.0.0.1").start(quiet=True)
    first = token(s)
    s.stop()
    s.start(quiet=True)
    try:
        assert token(s) != first and len(token(s)) >= 32
        status, _, _ = request(s, "/", headers={"Cookie": f"{s._cookie}={first}"})
        assert status == 403
    finally:
        s.stop()


def test_the_host_header_must_name_an_address_served(shared):
    status, _, headers = request(shared, "/", headers={**cookie(shared), "Host": "evil.example"})
    assert status == 421 and "content-security-policy" in headers
    assert request(shared, "/", headers={**cookie(shared), "Host": "localhost"})[0] == 200


def test_read_only_and_small_requests_only(shared):
    assert request(shared, "/", method="POST", headers=cookie(shared), body=b"x")[0] in (405, 413)
    status, _, headers = request(shared, "/content", method="DELETE", headers=cookie(shared))
    assert status == 405 and "content-security-policy" in headers
    assert (
        request(shared, "/", headers={**cookie(shared), "Content-Length": "5"}, body=b"hello")[0]
        == 413
    )
    assert request(shared, "/" + "a" * 3000, headers=cookie(shared))[0] == 414


def test_one_client_cannot_flood_the_screen(shared, monkeypatch):
    from kit.screen import server

    # a slower refill for the test, so that a busy machine cannot refill the bucket meanwhile
    monkeypatch.setattr(server, "RATE", 2.0)
    statuses = [
        request(shared, "/screen.css", headers=cookie(shared))[0] for _ in range(int(BURST) + 20)
    ]
    assert statuses[0] == 200 and 429 in statuses
    status, _, headers = request(shared, "/screen.css", headers=cookie(shared))
    assert status == 429 and headers["retry-after"] == "1"
    assert "default-src 'none'" in headers["content-security-policy"]
    monkeypatch.setattr(server, "RATE", 20.0)
    time.sleep(1.0)  # the bucket refills
    assert request(shared, "/screen.css", headers=cookie(shared))[0] == 200


def test_one_client_cannot_hold_every_connection(shared):
    port = urlsplit(shared.url).port
    idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(MAX_PER_CLIENT)]
    try:
        time.sleep(0.3)
        with socket.create_connection(("127.0.0.1", port), timeout=5) as extra:
            assert extra.recv(100).startswith(b"HTTP/1.0 503")
    finally:
        for sock in idle:
            sock.close()
    time.sleep(0.3)
    assert request(shared, "/screen.css", headers=cookie(shared))[0] == 200


def test_the_notebook_shows_the_join_link_and_its_qr_code(shared):
    shown = shared._repr_html_()
    assert f"href='{shared.url}'" in shown and "<svg" in shown and "QR code" in shown
    assert shared.qr_svg().startswith("<svg")
    local = PlayerScreen(campaign()).start(quiet=True)
    try:
        assert "token" not in local.url and "<svg" not in local._repr_html_()
        assert request(local, "/")[0] == 200  # loopback only: no token needed
    finally:
        local.stop()


def test_one_sector_is_shown_without_being_told():
    content = PlayerScreen(campaign()).content()
    assert "HOMEMARK" in content["sections"]["gmk-sector"]
    assert content["figures"]["gmk-map"] is not None
    # and the one system of the campaign the players know is the current system
    camp = campaign()
    camp.add(camp.sectors["Sector"].system("HOMEMARK"), "HOMEMARK")
    camp.add(camp.sectors["Sector"].system("FARMARK"), "FARMARK")  # not known: not chosen
    content = PlayerScreen(camp).content()
    assert "HOMEMARK" in content["sections"]["gmk-system"]
    assert content["figures"]["gmk-system-figure"] is not None


def _raw_headers(screen: PlayerScreen, lines: list[bytes], *, wait: float = 5.0) -> bytes:
    """Send a GET with ``lines`` as its header lines (no blank line ending the block) over a
    raw socket, keep the connection open, and return what the server answers within ``wait``
    seconds (b"" if it is still waiting for the rest of the block)."""
    port = urlsplit(screen.url).port
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        # the server may answer and close mid-way: then the rest is not sent
        with contextlib.suppress(OSError):
            sock.sendall(b"".join(lines))
        try:
            return sock.recv(200)
        except TimeoutError:
            return b""


@pytest.mark.parametrize("with_token", [False, True])
def test_a_huge_header_block_is_refused_431_before_it_is_read(shared, with_token):
    from kit.limits import MAX_REQUEST_HEADER_BYTES, MAX_REQUEST_HEADERS

    # the request: 95 headers of 65 KB (6 MB); the block never ends (no blank line),
    # so a server that read it all would still be waiting when the reply is read
    first = [f"Cookie: {shared._cookie}={token(shared)}\r\n".encode()] if with_token else []
    big = [f"X-Pad-{i}: ".encode() + b"a" * 65_000 + b"\r\n" for i in range(95)]
    answer = _raw_headers(shared, first + big)
    assert answer.startswith(b"HTTP/1.0 431"), answer
    # bytes: 2 lines of 9 KiB pass the line count but not the 16 KiB total
    lines = [f"X-Pad-{i}: ".encode() + b"b" * 9 * 1024 + b"\r\n" for i in range(2)]
    assert MAX_REQUEST_HEADER_BYTES < 2 * 9 * 1024
    assert _raw_headers(shared, first + lines).startswith(b"HTTP/1.0 431")
    # lines: many tiny headers past the count (each far under the byte limit)
    many = [f"X-{i}: 1\r\n".encode() for i in range(MAX_REQUEST_HEADERS + 1)]
    assert sum(map(len, many)) < MAX_REQUEST_HEADER_BYTES
    assert _raw_headers(shared, first + many).startswith(b"HTTP/1.0 431")
    # and the screen goes on serving
    assert request(shared, "/screen.css", headers=cookie(shared))[0] == 200


def test_a_header_block_within_the_limits_is_served(shared):
    from kit.limits import MAX_REQUEST_HEADER_BYTES, MAX_REQUEST_HEADERS

    # just under both limits: MAX_REQUEST_HEADERS lines in all (http.client's Host and
    # Accept-Encoding, the Cookie and the padding)
    n = MAX_REQUEST_HEADERS - 3
    pad = (MAX_REQUEST_HEADER_BYTES - 1024) // n - len("X-Pad-00: \r\n")
    headers = {**cookie(shared), **{f"X-Pad-{i:02d}": "c" * pad for i in range(n)}}
    assert request(shared, "/screen.css", headers=headers)[0] == 200
