"""The names a player screen answers to (kit.screen.hosts): a Host header is read without its
port, loopback stays loopback, and a screen on loopback answers to loopback names only, so a
page elsewhere that rebinds its domain to this computer is refused."""

from __future__ import annotations

import socket

import pytest

from kit.screen.hosts import allowed_hosts, host_name, is_loopback, is_wildcard

LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("localhost:8000", "localhost"),
        ("  LocalHost  ", "localhost"),
        ("192.168.1.20:8000", "192.168.1.20"),
        ("[::1]:8765", "::1"),
        ("[::1]", "::1"),
        ("::1", "::1"),  # two colons: an IPv6 address without brackets, no port to cut
        ("[::1", ""),  # an unclosed bracket names nothing
        ("evil.example:80", "evil.example"),
    ],
)
def test_a_host_header_is_read_without_its_port_in_lower_case(header, name):
    assert host_name(header) == name


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),  # the whole 127/8 block
        ("::1", True),
        ("localhost", True),
        ("10.0.0.1", False),
        ("0.0.0.0", False),
        ("evil.example", False),
        ("localhost.evil.example", False),
    ],
)
def test_loopback_is_the_127_block_the_ipv6_loopback_and_localhost(host, loopback):
    assert is_loopback(host) is loopback


def test_the_wildcards_are_every_address_and_nothing_else():
    assert all(is_wildcard(h) for h in ("", "0.0.0.0", "::"))
    assert not any(is_wildcard(h) for h in ("127.0.0.1", "::1", "localhost", "10.0.0.1"))


@pytest.mark.parametrize("bind", ["127.0.0.1", "localhost", "::1"])
def test_a_screen_on_loopback_answers_to_loopback_names_only(bind):
    names = allowed_hosts(bind)
    assert names == LOOPBACK_NAMES
    assert "evil.example" not in names


def test_a_shared_screen_also_answers_to_this_computers_name():
    names = allowed_hosts("0.0.0.0")
    hostname = socket.gethostname().lower()
    assert LOOPBACK_NAMES | {hostname, f"{hostname}.local"} <= names
    assert "0.0.0.0" not in names  # a wildcard is where it listens, not a name to ask for
    assert "evil.example" not in names


def test_a_screen_bound_to_one_network_address_answers_to_that_address():
    names = allowed_hosts("192.0.2.7")
    assert "192.0.2.7" in names and names >= LOOPBACK_NAMES
