"""Setups from the rule text's combat examples, shared by the combat tests."""

from __future__ import annotations

from kit.successors.examples import example_one, example_two, garrison, releata, tanrac

__all__ = ["example_one", "example_two", "garrison", "releata", "tanrac"]
