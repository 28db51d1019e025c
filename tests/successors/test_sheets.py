"""The character sheet, its Markdown form and its findings (kit.successors.sheets).

The plain sheet follows the layout of the rule book's generation examples; the Markdown form
escapes every name a player typed; findings are the soft problems of a build (the text: Flaws
must at least cover the Edges bought).
"""

from __future__ import annotations

from kit.successors import Entity
from kit.successors.examples import releata


def test_sheet_before_edges_and_flaws():
    bare = Entity(
        "TanRac",
        battle=4,
        control=4,
        handling=3,
        information=2,
        sensors=2,
        sex="Male",
        side="Vontuni Empire",
    )
    assert bare.sheet().endswith("SIGNATURE\t4\nEDGES&FLAWS:")


def test_flaws_must_cover_edges_is_a_finding():
    e = Entity("a", edges=["Combat Reflexes"], flaws=["Checkered Past"])
    [f] = e.findings()
    assert f.code == "flaws_below_edges" and "3" in f.message and "4" in f.message
    assert (
        Entity("a", edges=["Combat Reflexes"], flaws=["Checkered Past", "No Memory"]).findings()
        == []
    )


def test_markdown_escapes_links_and_backslashes():
    md = Entity("[x](javascript:alert(1))", side="a\\|b").to_markdown()
    assert "\\[x\\](javascript:alert(1))" in md and "a\\\\\\|b" in md


def test_markdown_sheet_escapes_and_shows_damage():
    md = releata().with_damage("control").to_markdown()
    assert "| Control | 2 (of 3) |" in md and "Combat Reflexes" in md
    assert "\\|" in Entity("a|b").to_markdown()
