"""The shared colours and line styles of the star-system figure and the sector maps.

The Successors text's star table (spectral classes O, B, A, F, G, K, M and white dwarfs, D) and
its route statuses (an unknown route, a known one, one flown often enough to be locked, and a
Hyper Gate) each need a style; the colours must read on light and dark pages alike.
"""

from __future__ import annotations

from kit.figures import star_style
from kit.figures.player_map import draw_known_sector
from kit.players import KnownSector, KnownSystemPlace
from kit.successors.stars import tables

from .test_theme import DARK, WHITE, contrast


def test_every_spectral_class_of_the_star_table_has_a_colour():
    # the text's 3d6 spectral table: Type O, B, A, F, G, K, M and D (white dwarf)
    assert set(star_style.CLASS_COLORS) == set("OBAFGKMD") == set(tables.SPECTRAL_CLASSES)


def test_class_and_family_colours_read_on_both_pages():
    for colour in (*star_style.CLASS_COLORS.values(), *star_style.FAMILY_COLORS.values()):
        assert contrast(colour, WHITE) >= 2 and contrast(colour, DARK) >= 2, colour
    # two classes drawn side by side on a map are told apart
    assert len(set(star_style.CLASS_COLORS.values())) == len(star_style.CLASS_COLORS)


def over(rgba: str, page: str) -> str:
    """The colour an ``rgba(r,g,b,a)`` paints over the ``page`` colour ``#rrggbb``."""
    *rgb, a = (float(v) for v in rgba[rgba.index("(") + 1 : -1].split(","))
    back = [int(page[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(a * c + (1 - a) * b):02x}" for c, b in zip(rgb, back))


def test_a_star_dot_is_outlined_where_its_colour_alone_is_too_pale():
    # WCAG asks 3:1 for graphics; the pale classes fall short on white on their own
    pale = [k for k, c in star_style.CLASS_COLORS.items() if contrast(c, WHITE) < 3]
    assert {"F", "G"} <= set(pale)
    # their edge does reach 3:1 on white, and stays quiet (under 2:1) on the dark page
    assert contrast(over(star_style.STAR_EDGE, WHITE), WHITE) >= 3
    assert contrast(over(star_style.STAR_EDGE, DARK), DARK) < 2
    # the maps draw that edge: 1 px, a hairline on the small dots of a big sector
    assert star_style.edge(8) == {"width": 1, "color": star_style.STAR_EDGE}
    assert star_style.edge(4)["width"] == 0.5


def test_a_better_known_route_is_drawn_heavier():
    widths = [star_style.ROUTE_STYLES[s][1] for s in star_style.STATUS_ORDER]
    assert star_style.STATUS_ORDER == ("unknown", "known", "locked")
    assert widths == sorted(widths) and len(set(widths)) == 3
    # a Hyper Gate stands apart from every flown route: dashed and the widest line
    _colour, width, dash = star_style.ROUTE_STYLES["gate"]
    assert dash == "dash" and width > max(widths)
    assert {s for s in star_style.ROUTE_STYLES} == {*star_style.STATUS_ORDER, "gate"}


def test_names_are_written_on_a_map_up_to_the_label_limit_and_on_hover_beyond():
    def places(n: int) -> KnownSector:
        systems = tuple(KnownSystemPlace(f"S{k}", (float(k), 0.0), "M") for k in range(n))
        return KnownSector("Reach", 2, 10.0, systems, ())

    limit = star_style.LABEL_LIMIT
    written = draw_known_sector(places(limit), unknown="hide").data[0]
    hover_only = draw_known_sector(places(limit + 1), unknown="hide").data[0]
    assert len(written.text) == limit and written.mode == "markers+text"
    assert hover_only.text is None and len(hover_only.hovertext) == limit + 1
    assert star_style.UNKNOWN_STYLES == ("dim", "hide")  # the player map's two choices
