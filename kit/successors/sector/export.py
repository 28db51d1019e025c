"""Export a sector's jump graph as GraphML (for Gephi, yEd, Cytoscape) or node-link JSON.

The readers (:func:`from_graphml`, :func:`from_graph_json`) take text from outside, so they
check it the way the kit's loaders do: the size and the counts of nodes and edges against
:mod:`kit.limits` before anything is parsed or built, no XML document type declarations
(entity expansion), and then every node and edge attribute the writer puts there. Whatever goes
wrong raises :class:`~kit.errors.SaveFileError` naming the problem, never a parser's own error.
"""

from __future__ import annotations

import json
import math
import re
from typing import TYPE_CHECKING, Any

from ... import limits, store
from ...errors import KitError, SaveFileError
from ..stars.tables import SPECTRAL_CLASSES

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from .sector import Sector

__all__ = ["from_graph_json", "from_graphml", "to_graph_json", "to_graphml"]

_STATUSES = ("unknown", "known", "locked")


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


def _text(what: str, text: Any) -> str:
    if isinstance(text, bytes):
        if len(text) > limits.MAX_FILE_BYTES:
            raise SaveFileError(f"{what} is larger than {limits.MAX_FILE_BYTES} bytes")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SaveFileError(f"{what} is not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveFileError(f"{what} must be text (str or bytes), got {type(text).__name__}")
    if len(text) > limits.MAX_FILE_BYTES:
        raise SaveFileError(f"{what} is larger than {limits.MAX_FILE_BYTES} bytes")
    return text


def _counts(what: str, nodes: int, edges: int) -> None:
    if nodes > limits.MAX_SYSTEMS:
        raise SaveFileError(
            f"{what} has {nodes:,} nodes; a sector holds at most {limits.MAX_SYSTEMS:,} systems "
            "(kit.limits.MAX_SYSTEMS)"
        )
    if edges > limits.MAX_EDGES:
        raise SaveFileError(
            f"{what} has {edges:,} edges; a jump graph holds at most {limits.MAX_EDGES:,} "
            "(kit.limits.MAX_EDGES)"
        )


def _number(where: str, value: Any, lo: float = -math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SaveFileError(f"{where} must be a number, got {value!r}")
    value = float(value)
    if not math.isfinite(value) or value < lo:
        raise SaveFileError(f"{where} must be a finite number of at least {lo}, got {value!r}")
    return float(value)


def _count(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limits.MAX_INT:
        raise SaveFileError(f"{where} must be a whole number of at least 0, got {value!r}")
    return value


def _check_graph(what: str, g: Any) -> Any:
    """Check every node and edge attribute the exporters write; return ``g``."""
    _counts(what, g.number_of_nodes(), g.number_of_edges())
    for k, d in g.nodes(data=True):
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise SaveFileError(f"{what}: node ids must be whole numbers of at least 0, got {k!r}")
        where = f"{what}: node {k}"
        name = d.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > limits.MAX_NAME:
            raise SaveFileError(f"{where} needs a name of 1 to {limits.MAX_NAME} characters")
        for axis in ("x", "y", "z"):
            if axis in d or axis != "z":
                _number(f"{where} {axis}", d.get(axis))
        sc = d.get("spectral_class")
        if sc is not None and sc not in SPECTRAL_CLASSES:
            raise SaveFileError(
                f"{where} spectral_class must be one of {', '.join(SPECTRAL_CLASSES)}, got {sc!r}"
            )
    for u, v, d in g.edges(data=True):
        where = f"{what}: edge {u}-{v}"
        _number(f"{where} ly", d.get("ly"), 0.0)
        for key in ("jumps", "successes", "gate"):
            _count(f"{where} {key}", d.get(key))
        if d.get("status") not in _STATUSES:
            raise SaveFileError(
                f"{where} status must be one of {', '.join(_STATUSES)}, got {d.get('status')!r}"
            )
    return g


def from_graphml(text: str | bytes) -> nx.Graph:
    """Read GraphML text back into a networkx graph with integer nodes (checked, see above)."""
    import xml.etree.ElementTree as ET

    import networkx as nx

    text = _text("GraphML text", text)
    if re.search(r"<!\s*(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise SaveFileError("GraphML text must not declare a DOCTYPE or entities")
    _counts("GraphML text", len(re.findall(r"<node\b", text)), len(re.findall(r"<edge\b", text)))
    try:
        g = nx.parse_graphml(text, node_type=int)
    except KitError:
        raise
    except (ET.ParseError, nx.NetworkXError, ValueError, TypeError, KeyError, OverflowError) as exc:
        raise SaveFileError(f"GraphML text cannot be read: {exc}") from None
    if g.is_directed() or g.is_multigraph():
        raise SaveFileError("GraphML text must hold an undirected simple graph (a jump graph)")
    return _check_graph("GraphML text", g)


def to_graph_json(sector: Sector) -> str:
    """The jump graph as node-link JSON text."""
    import networkx as nx

    return json.dumps(nx.node_link_data(_annotated(sector), edges="edges"), allow_nan=False)


def from_graph_json(text: str | bytes) -> nx.Graph:
    """Read node-link JSON text back into a networkx graph (checked, see above)."""
    import networkx as nx

    raw = store.parse(_text("graph JSON", text))
    if not isinstance(raw, dict):
        raise SaveFileError(f"graph JSON must be an object, got {type(raw).__name__}")
    nodes, edges = raw.get("nodes"), raw.get("edges")
    if not isinstance(nodes, list) or not isinstance(edges, list):
        raise SaveFileError("graph JSON needs 'nodes' and 'edges' lists")
    _counts("graph JSON", len(nodes), len(edges))
    ids = set()
    for n in nodes:
        if not isinstance(n, dict) or "id" not in n:
            raise SaveFileError(f"graph JSON: each node must be an object with an 'id', got {n!r}")
        _count("graph JSON: node id", n["id"])
        ids.add(n["id"])
    for e in edges:
        if not isinstance(e, dict) or e.get("source") not in ids or e.get("target") not in ids:
            raise SaveFileError(
                f"graph JSON: each edge must join two listed nodes (source, target), got {e!r}"
            )
    if raw.get("directed") or raw.get("multigraph"):
        raise SaveFileError("graph JSON must hold an undirected simple graph (a jump graph)")
    try:
        g = nx.node_link_graph(raw, edges="edges")
    except (nx.NetworkXError, ValueError, TypeError, KeyError) as exc:
        raise SaveFileError(f"graph JSON cannot be read: {exc}") from None
    return _check_graph("graph JSON", g)
