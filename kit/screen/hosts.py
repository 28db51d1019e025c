"""Which addresses the player screen serves, and the names a request may use for them.

The screen checks every request's Host header against the names of the addresses it listens
on: on loopback, loopback names only; in share mode, this computer's own names and network
addresses too. A web page elsewhere that rebinds its domain name to this computer sends its own
name as Host and is refused.

>>> host_name("192.168.1.20:8000"), host_name("[::1]:80"), host_name("LocalHost")
('192.168.1.20', '::1', 'localhost')
>>> is_loopback("127.0.0.2"), is_loopback("localhost"), is_loopback("10.0.0.1")
(True, True, False)
"""

from __future__ import annotations

import ipaddress
import socket

__all__ = ["allowed_hosts", "host_name", "is_loopback", "is_wildcard", "lan_address"]


def host_name(header: str) -> str:
    """The name in a Host header, without its port, in lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else ""
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address or ``localhost``."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def is_wildcard(host: str) -> bool:
    """Whether ``host`` means every address of this computer (``0.0.0.0``, ``::``)."""
    return host in ("", "0.0.0.0", "::")


def lan_address() -> str | None:
    """This computer's address on the local network, or None when it has none.

    Asks the operating system which address it would send from (a UDP socket's ``connect``
    sends nothing), then falls back to the host name's addresses.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 9))
            address = str(s.getsockname()[0])
            if not is_loopback(address) and not is_wildcard(address):
                return address
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not is_loopback(address):
                return address
    except OSError:
        pass
    return None


def allowed_hosts(bind: str) -> frozenset[str]:
    """The names a request's Host may use for a screen listening on ``bind``.

    Loopback names always; a screen that listens on the network (share mode) also answers to
    this computer's host name and its network addresses.
    """
    names = {"localhost", "127.0.0.1", "::1"}
    if not is_wildcard(bind):
        names.add(bind.lower())
    if is_wildcard(bind) or not is_loopback(bind):
        hostname = socket.gethostname().lower()
        names |= {hostname, f"{hostname}.local"}
        lan = lan_address()
        if lan is not None:
            names.add(lan)
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None):
                names.add(str(info[4][0]).lower())
        except OSError:
            pass
    return frozenset(names)
