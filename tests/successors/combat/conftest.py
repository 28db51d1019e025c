"""Fixtures for the combat tests (the setups live in combat_setups.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# --import-mode=importlib does not put test folders on sys.path; the shared setups module is
# imported by name from this folder.
sys.path.insert(0, str(Path(__file__).parent))

from combat_setups import example_one, example_two

from kit.successors.combat import Battle


@pytest.fixture
def ex1() -> Battle:
    return example_one()


@pytest.fixture
def ex2() -> Battle:
    return example_two()
