"""Colours and line styles shared by the star-system figure and the sector maps."""

from __future__ import annotations

__all__ = [
    "CLASS_COLORS",
    "DIM",
    "FAMILY_COLORS",
    "LABEL_LIMIT",
    "ROUTE_STYLES",
    "STAR_EDGE",
    "STATUS_ORDER",
    "UNKNOWN_STYLES",
    "edge",
]

#: Star colours by spectral class: mid-tones that read on light and dark pages.
CLASS_COLORS = {
    "O": "#4a5fd8",
    "B": "#4e8fd6",
    "A": "#8fa6c9",
    "F": "#c9b04a",
    "G": "#e0a82e",
    "K": "#e0823d",
    "M": "#d4566b",
    "D": "#9a9fab",
}
#: Body colours by family.
FAMILY_COLORS = {
    "planetoid": "#a5775a",
    "planet": "#3aa676",
    "gas giant": "#9a72d0",
    "belt": "#8a919c",
}
#: Route statuses from least to best known.
STATUS_ORDER = ("unknown", "known", "locked")
#: How a player map draws the systems the players do not know (see kit.figures.player_map).
UNKNOWN_STYLES = ("dim", "hide")
#: Above this many named systems, names show on hover only (``labels=None``).
LABEL_LIMIT = 80
#: The colour of a star dot's edge: a half-transparent grey that outlines the pale classes
#: (A, F, G, D: under 3:1 against white on their own) on a light page and stays quiet on a
#: dark one.
STAR_EDGE = "rgba(80,80,80,0.7)"


def edge(size: float) -> dict[str, float | str]:
    """The ``marker.line`` of a star dot of ``size`` pixels: 1 px, a hairline on small dots.

    >>> edge(8)["width"], edge(4)["width"]
    (1, 0.5)
    """
    return {"width": 1 if size >= 6 else 0.5, "color": STAR_EDGE}


#: A faint grey for what is drawn dimmed.
DIM = "rgba(128,128,128,0.35)"
#: (colour, width, dash) of each route status.
ROUTE_STYLES = {
    "unknown": ("rgba(128,128,128,0.28)", 1.0, "solid"),
    "known": ("#4e8fd6", 1.6, "solid"),
    "locked": ("#3aa676", 2.4, "solid"),
    "gate": ("#9a72d0", 3.0, "dash"),
}
