"""Exporting a sector's jump graph as GraphML and JSON (kit.successors.sector.export), and
reading such files back: a hostile file raises only the kit's SaveFileError (issue #11)."""

from __future__ import annotations

import json

import pytest

from kit import limits
from kit.errors import SaveFileError
from kit.successors.sector import (
    Sector,
    from_graph_json,
    from_graphml,
    generate_sector,
    to_graph_json,
    to_graphml,
)


def test_export_graphml_and_json_round_trip():
    s = generate_sector(80, seed=6)
    s.record_jump(0, 1)
    s.add_gate(3, 40, 2)
    g = from_graphml(to_graphml(s))
    assert sorted(g.edges) == sorted(s.graph.edges)
    for u, v, d in s.graph.edges(data=True):
        assert g.edges[u, v]["status"] == d["status"] and g.edges[u, v]["gate"] == d["gate"]
        assert g.edges[u, v]["ly"] == pytest.approx(d["ly"])
    assert g.nodes[3]["spectral_class"] == s.star(3).spectral_class
    h = from_graph_json(to_graph_json(s))
    assert sorted(h.edges) == sorted(s.graph.edges) and h.nodes[0]["name"] == s.names[0]


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
    from kit.successors.sector import from_graphml

    with pytest.raises(SaveFileError):
        from_graphml(text)


def test_graphml_attributes_are_checked():
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
