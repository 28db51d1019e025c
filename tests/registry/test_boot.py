"""First-use callbacks (kit.boot): the registry runs them once, in order, before its first
lookup, so ``import kit`` registers nothing until a kind is asked for."""

from __future__ import annotations

import pytest

from kit import boot, registry


@pytest.fixture(autouse=True)
def _kit_kinds_first():
    """Let the kit register its own kinds before a test swaps the callbacks."""
    registry.kinds()


def test_the_callbacks_run_once_in_order_before_the_first_lookup(monkeypatch):
    ran: list[str] = []
    monkeypatch.setattr(boot, "first_lookup", [lambda: ran.append("a"), lambda: ran.append("b")])
    registry.kinds()
    assert ran == ["a", "b"]
    assert boot.first_lookup == []  # spent
    registry.kinds()
    registry.find(object())
    assert ran == ["a", "b"]  # not again


def test_a_callback_added_through_the_registry_waits_for_the_next_lookup(monkeypatch):
    ran: list[str] = []
    monkeypatch.setattr(boot, "first_lookup", [])
    registry.on_first_lookup(lambda: ran.append("late"))
    assert ran == []
    registry.by_name("regulus-job")
    assert ran == ["late"]


def test_the_kits_own_kinds_are_registered_by_the_first_lookup():
    assert registry.by_name("regulus-job").name == "regulus-job"
    assert boot.first_lookup == []
