"""Sector budgets (issue #11): crowded or huge sectors are refused before any graph is built."""

from __future__ import annotations

import json

import numpy as np
import pytest

from kit import limits
from kit.errors import IllegalAction, InvalidInput
from kit.successors.sector import GridIndex, JumpGraph, Sector, generate_sector


def _sector_text(positions, max_range=10.0):
    return json.dumps(
        {
            "format": "gm-kit/sector",
            "version": 1,
            "data": {
                "name": "Crowd",
                "seed": 1,
                "positions": positions,
                "names": [f"S{k}" for k in range(len(positions))],
                "rules": {"max_range": max_range},
                "star_rules": {},
                "events": [],
            },
        }
    )


def test_the_crowded_sector_file_of_issue_11_is_refused_at_load(monkeypatch):
    # 3,000 systems inside 7 ly: every pair within the 10 ly range, 3000 * 2999 / 2 edges
    pts = np.random.default_rng(0).uniform(0, 7, (3000, 2)).round(2).tolist()
    text = _sector_text(pts)
    assert len(text) < 80_000

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the crowded sector walked its pairs or built a graph")

    # refused from the cell counts alone: no pair is counted and no graph is made (the work a
    # crowded file would make the kit do, 4.5 million pairs, is what the budget guards)
    monkeypatch.setattr(GridIndex, "pairs_within", never)
    monkeypatch.setattr(JumpGraph, "__init__", never)
    with pytest.raises(InvalidInput, match=r"3,000 systems lie within one 10 ly jump range") as err:
        Sector.from_json(text)
    assert "MAX_SYSTEMS_PER_VOLUME" in str(err.value)


def test_too_many_systems_is_refused_before_the_array_is_built():
    with pytest.raises(InvalidInput, match="MAX_SYSTEMS"):
        Sector([[0.0, float(k)] for k in range(limits.MAX_SYSTEMS + 1)])
    with pytest.raises(InvalidInput, match="n must be"):
        generate_sector(limits.MAX_SYSTEMS + 1)


def test_edge_budget_refuses_at_load_and_when_a_route_would_pass_it(monkeypatch):
    # a line of 12 systems 4 ly apart: pairs within 10 ly are the 11 at 4 ly and 10 at 8 ly
    line = [[4.0 * k, 0.0] for k in range(12)]
    monkeypatch.setattr(limits, "MAX_EDGES", 20)
    with pytest.raises(InvalidInput, match=r"21 edges within 10 ly.*at most 20"):
        Sector(line, seed=1)
    monkeypatch.setattr(limits, "MAX_EDGES", 21)
    s = Sector(line, seed=1)  # exactly at the budget (the cell bound is higher, so counted)
    s.record_jump(0, 1)  # an edge already there: fine
    with pytest.raises(IllegalAction, match="past 21 edges"):
        s.record_jump(0, 11)  # 44 ly: a new edge
    with pytest.raises(IllegalAction, match="past 21 edges"):
        s.add_gate(0, 11)
    assert s.graph.number_of_edges() == 21


def test_positions_spread_too_far_for_the_grid_are_refused():
    with pytest.raises(InvalidInput, match="too many cells"):
        Sector([[0, 0, 0], [1e300, 1e300, 1e300]], rules=None)


def test_a_loaded_history_past_the_edge_budget_is_refused(monkeypatch):
    line = [[4.0 * k, 0.0] for k in range(12)]  # 21 range edges (see above)
    s = Sector(line, seed=1)
    s.record_jump(0, 11)  # 44 ly apart: one more edge, 22
    text = s.to_json()
    monkeypatch.setattr(limits, "MAX_EDGES", 21)
    with pytest.raises(InvalidInput, match=r"22 edges.*at most 21"):
        Sector.from_json(text)
