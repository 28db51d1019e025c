"""Export a sector's jump graph as GraphML (for Gephi, yEd, Cytoscape) or node-link JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .sector import Sector

__all__ = ["from_graph_json", "from_graphml", "to_graph_json", "to_graphml"]


def _annotated(sector: Sector) -> Any:
    g = sector.graph.copy()
    for k in g.nodes:
        g.nodes[k]["spectral_class"] = sector.star(k).spectral_class
    g.graph = {
        "name": sector.name,
        "max_range": float(sector.rules.max_range),
        "seed": str(sector.seed),
        "dims": sector.dims,
    }
    return g


def to_graphml(sector: Sector) -> str:
    """The jump graph as GraphML text (nodes: name, x, y, z, spectral_class; edges: ly,
    jumps, status, successes, gate)."""
    import networkx as nx

    return "\n".join(nx.generate_graphml(_annotated(sector)))


def from_graphml(text: str) -> Any:
    """Read GraphML text back into a networkx graph with integer nodes."""
    import networkx as nx

    return nx.parse_graphml(text, node_type=int)


def to_graph_json(sector: Sector) -> str:
    """The jump graph as node-link JSON text."""
    import networkx as nx

    return json.dumps(nx.node_link_data(_annotated(sector), edges="edges"), allow_nan=False)


def from_graph_json(text: str) -> Any:
    """Read node-link JSON text back into a networkx graph."""
    import networkx as nx

    return nx.node_link_graph(json.loads(text), edges="edges")
