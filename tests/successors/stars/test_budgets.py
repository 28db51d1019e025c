"""Sector budgets (issue #11): crowded or huge sectors are refused before any graph is built."""

from __future__ import annotations

import itertools
import json
import math
import time

import numpy as np
import pytest

from kit import limits
from kit.errors import IllegalAction, InvalidInput
from kit.successors.sector import Sector, generate_sector
from kit.successors.sector.graph import GridIndex


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


def test_the_crowded_sector_file_of_issue_11_is_refused_at_load():
    # 3,000 systems inside 7 ly: every pair within the 10 ly range, 3000 * 2999 / 2 edges
    pts = np.random.default_rng(0).uniform(0, 7, (3000, 2)).round(2).tolist()
    text = _sector_text(pts)
    assert len(text) < 80_000
    t = time.process_time()
    with pytest.raises(InvalidInput, match=r"3,000 systems lie within one 10 ly jump range") as err:
        Sector.from_json(text)
    assert time.process_time() - t < 5
    assert "MAX_SYSTEMS_PER_VOLUME" in str(err.value)


def test_too_many_systems_is_refused_before_the_array_is_built():
    with pytest.raises(InvalidInput, match="MAX_SYSTEMS"):
        Sector([[0.0, float(k)] for k in range(limits.MAX_SYSTEMS + 1)])
    with pytest.raises(InvalidInput, match="n must be"):
        generate_sector(limits.MAX_SYSTEMS + 1)


def test_generate_sector_refuses_a_density_past_the_budget():
    # 0.5 systems per ly^2 puts 0.5 * pi * 10^2 = 157 within one range
    with pytest.raises(InvalidInput, match=r"about 157 systems within one 10 ly"):
        generate_sector(50, seed=1, density=0.5)
    # 0.3 per ly^2: about 94, within the budget of 100
    assert generate_sector(50, seed=1, density=0.3).n == 50


def test_pair_bound_is_an_upper_bound_and_the_busiest_cell_is_found():
    rng = np.random.default_rng(5)
    for n, side, dims in ((300, 60.0, 2), (300, 25.0, 3), (50, 5.0, 2)):
        pts = rng.uniform(0, side, (n, dims))
        exact = sum(math.dist(p, q) <= 10 for p, q in itertools.combinations(pts.tolist(), 2))
        g = GridIndex(pts, 10.0)
        assert g.pair_bound() >= exact == len(g.pairs_within(10.0)[0])
        count, who = g.busiest_cell()
        cells = np.floor((pts - pts.min(axis=0)) / 10.0)
        assert count == max(np.unique(cells, axis=0, return_counts=True)[1])
        assert (cells == cells[who]).all(axis=1).sum() == count


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


# ------------------------------------------------------------------ graph imports (issue #11)
def _graphs():
    from kit.successors.sector import to_graph_json, to_graphml

    s = Sector([[0, 0], [6, 0], [12, 0]], ["A", "B", "C"], seed=3)
    s.record_jump(0, 1)
    return to_graphml(s), to_graph_json(s)


BAD_GRAPHML = [
    "",
    "<graphml",
    "not xml at all",
    '<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaa">]><graphml>&a;</graphml>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph edgedefault="undirected">'
    '<node id="x"/></graph></graphml>',  # node ids must be integers
    b"\xff\xfe\x00bad",
]


@pytest.mark.parametrize("text", BAD_GRAPHML)
def test_hostile_graphml_raises_only_the_kits_error(text):
    from kit.errors import SaveFileError
    from kit.successors.sector import from_graphml

    with pytest.raises(SaveFileError):
        from_graphml(text)


def test_graphml_attributes_are_checked():
    from kit.errors import SaveFileError
    from kit.successors.sector import from_graphml

    good, _ = _graphs()
    assert from_graphml(good).number_of_edges() == 2
    assert ">known<" in good and ">A<" in good
    with pytest.raises(SaveFileError, match="status"):
        from_graphml(good.replace(">known<", ">lost<"))
    with pytest.raises(SaveFileError, match="name"):
        from_graphml(good.replace(">A<", "> <"))
    with pytest.raises(SaveFileError, match="MAX_SYSTEMS"):  # counted before parsing
        from_graphml(good + "<node " * limits.MAX_SYSTEMS)


@pytest.mark.parametrize(
    "mutate,match",
    [
        (lambda d: d.__setitem__("nodes", "all"), "lists"),
        (lambda d: d["nodes"][0].pop("id"), "'id'"),
        (lambda d: d["nodes"][0].__setitem__("id", "zero"), "node id"),
        (lambda d: d["nodes"][0].__setitem__("x", "far"), "x must be a number"),
        (lambda d: d["nodes"][0].__setitem__("name", 7), "name"),
        (lambda d: d["edges"][0].__setitem__("target", 99), "two listed nodes"),
        (lambda d: d["edges"][0].__setitem__("ly", -1), "ly must be"),
        (lambda d: d["edges"][0].__setitem__("jumps", 1.5), "jumps"),
        (lambda d: d["edges"][0].__setitem__("status", None), "status"),
        (lambda d: d.__setitem__("directed", True), "undirected"),
        (lambda d: d.__setitem__("edges", [{}] * (limits.MAX_EDGES + 1)), "MAX_EDGES"),
    ],
)
def test_hostile_graph_json_raises_only_the_kits_error(mutate, match):
    from kit.errors import SaveFileError
    from kit.successors.sector import from_graph_json

    _, good = _graphs()
    assert from_graph_json(good).number_of_nodes() == 3
    raw = json.loads(good)
    mutate(raw)
    with pytest.raises(SaveFileError, match=match):
        from_graph_json(json.dumps(raw))
    for text in ("[1, 2]", "{", "", "null", '{"nodes": [], "edges": [], "x": NaN}'):
        with pytest.raises(SaveFileError):
            from_graph_json(text)


def test_a_loaded_history_past_the_edge_budget_is_refused(monkeypatch):
    line = [[4.0 * k, 0.0] for k in range(12)]  # 21 range edges (see above)
    s = Sector(line, seed=1)
    s.record_jump(0, 11)  # 44 ly apart: one more edge, 22
    text = s.to_json()
    monkeypatch.setattr(limits, "MAX_EDGES", 21)
    with pytest.raises(InvalidInput, match=r"22 edges.*at most 21"):
        Sector.from_json(text)
