"""The shared colours and line styles of the star-system figure and the sector maps.

The Successors text's star table (spectral classes O, B, A, F, G, K, M and white dwarfs, D) and
its route statuses (an unknown route, a known one, one flown often enough to be locked, and a
Hyper Gate) each need a style; the colours must read on light and dark pages alike.
"""

from __future__ import annotations

from kit.figures import star_style
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


def test_a_better_known_route_is_drawn_heavier():
    widths = [star_style.ROUTE_STYLES[s][1] for s in star_style.STATUS_ORDER]
    assert star_style.STATUS_ORDER == ("unknown", "known", "locked")
    assert widths == sorted(widths) and len(set(widths)) == 3
    # a Hyper Gate stands apart from every flown route: dashed and the widest line
    _colour, width, dash = star_style.ROUTE_STYLES["gate"]
    assert dash == "dash" and width > max(widths)
    assert {s for s in star_style.ROUTE_STYLES} == {*star_style.STATUS_ORDER, "gate"}


def test_the_unknown_styles_are_the_two_the_player_map_offers():
    assert star_style.UNKNOWN_STYLES == ("dim", "hide")
    assert star_style.LABEL_LIMIT > 0
