"""The Entity builder without a browser: clicks are method calls or page messages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.successors import ABILITIES, Entity, entity_signature
from kit.successors.examples import RELEATA_SHEET, TANRAC_SHEET
from kit.widgets._base import STATIC
from kit.widgets.successors import EntityBuilder


def msg(w: EntityBuilder, **content) -> None:
    w._on_msg(w, content, None)


def test_joe_builds_tanrac_by_point_buy() -> None:
    # Joe rolled 3 and 4: 10 points; Battle+3, Control+3, Handling+2, Information+1, Sensors+1.
    b = EntityBuilder(Entity("New entity", points=10))
    msg(b, action="name", value="TanRac")
    msg(b, action="sex", value="Male")
    msg(b, action="side", value="Vontuni Empire")
    for ability, n in (
        ("battle", 3),
        ("control", 3),
        ("handling", 2),
        ("information", 1),
        ("sensors", 1),
    ):
        for _ in range(n):
            msg(b, action="add", ability=ability, points=1)
    assert b.view["points_left"] == 0
    assert b.view["signature"] == 4
    msg(b, action="add_trait", name="Cross-Trained")
    assert [f for f in b.view["findings"] if "Flaws must be" in f]
    msg(b, action="add_trait", name="Still at War")
    assert b.view["findings"] == []
    assert b.entity.sheet() == TANRAC_SHEET
    assert b.view["sheet"] == TANRAC_SHEET
    assert b.error == ""


def test_set_ability_sets_a_rank_as_built() -> None:
    # Lisa's Releata: Battle 5+3 (rank 8) and Control 3 from 1 + 9 points, set directly
    b = EntityBuilder(Entity("Releata", points=9))
    b.set_ability("battle", 8)
    b.set_ability("Control", 3)
    assert b.entity.battle == 8 and b.entity.control == 3
    assert b.view["points_left"] == 0 and b.error == ""


def test_lisa_builds_releata_with_a_split_rank() -> None:
    b = EntityBuilder(Entity("Releata", points=9, sex="Female", side="Kingdoms of Jukint"))
    b.add_points("battle", 7)
    b.add_points("control", 2)
    for t in ("Combat Reflexes", "Checkered Past", "No Memory"):
        b.add_trait(t)
    battle = b.view["abilities"][0]
    assert (battle["text"], battle["dice"]) == ("5+3", [5, 3])
    assert b.view["edge_points"] == 4 and b.view["flaw_points"] == 4
    assert b.entity.sheet() == RELEATA_SHEET
    assert "| Battle | 5+3 |" in b.to_markdown()
    assert b.view["markdown"] == b.entity.to_markdown()


def test_soft_findings_are_warnings_not_errors() -> None:
    b = EntityBuilder(Entity("Vex", points=10))
    b.add_trait("Long Ranged")
    b.add_points("battle", 12)
    assert b.error == ""
    codes = {f.code for f in b.entity.findings()}
    assert codes == {"flaws_below_edges", "points_overspent"}
    assert len(b.view["findings"]) == 2
    assert b.view["points_left"] == -2


@pytest.mark.parametrize(
    "content, fragment",
    [
        ({"action": "add", "ability": "luck", "points": 1}, "ability must be one of"),
        ({"action": "add", "ability": "battle", "points": "many"}, "whole number"),
        ({"action": "add_trait", "name": "Telepathy"}, "unknown edge or flaw 'Telepathy'"),
        ({"action": "add_trait", "name": "Fast", "parameter": "very"}, "takes no parameter"),
        ({"action": "sex", "value": "Robot"}, "sex"),
        ({"action": "remove_trait", "kind": "edge", "index": 3}, "no edge number 3"),
        ({"action": "points", "value": "ten"}, "whole number"),
        ({"action": "name", "value": ""}, "name"),
        ({"action": "explode"}, "unknown action 'explode'"),
    ],
)
def test_bad_input_shows_inline_and_changes_nothing(content, fragment) -> None:
    b = EntityBuilder(Entity("TanRac", battle=4, points=10, edges=["Fast"], flaws=["Slow"]))
    before = b.entity
    msg(b, **content)
    assert fragment in b.error
    assert b.entity == before
    b.add_points("battle", 1)
    assert b.error == ""


def test_roll_is_seeded_recorded_and_keeps_traits() -> None:
    b = EntityBuilder(
        Entity("TanRac", battle=4, edges=["Cross-Trained"], flaws=["Still at War"]), seed=11
    )
    msg(b, action="roll")
    first = b.entity
    assert first.seed == 11 and b.seed == "11"
    assert first.points == sum(first.roll) + 3
    assert first.abilities == dict.fromkeys(ABILITIES, 1)
    assert first.edges_and_flaws_text() == "Cross-Trained, Still at War."
    assert b.view["points_left"] == first.points
    again = EntityBuilder(Entity("TanRac"), seed=11)
    again.roll()
    assert again.entity.points == first.points
    msg(b, action="roll", spread=True)
    assert b.entity.points == first.points and b.view["points_left"] == 0
    b.seed = ""
    b.roll()
    assert b.entity.seed is not None and b.seed == str(b.entity.seed)


def test_traits_with_parameters_and_removal_and_undo() -> None:
    b = EntityBuilder()
    msg(b, action="add_trait", name="Natural Aptitude", parameter="Mining")
    msg(b, action="add_trait", name="Mental Disadvantage", parameter="Greedy", points="3")
    assert [t["label"] for t in b.view["edges"]] == ["Natural Aptitude (Mining)"]
    assert [t["label"] for t in b.view["flaws"]] == ["Mental Disadvantage (Greedy) [3]"]
    assert b.view["flaw_points"] == 3
    assert b.entity.bonus("Mining") == 1
    msg(b, action="remove_trait", kind="flaw", index=0)
    assert b.entity.flaws == ()
    msg(b, action="undo")
    assert b.view["flaw_points"] == 3
    for _ in range(2):
        b.undo()
    assert b.entity.traits == ()
    b.undo()
    assert "nothing to undo" in b.error


def test_user_text_is_kept_as_text() -> None:
    b = EntityBuilder()
    b.rename("<img src=x onerror=alert(1)>")
    assert b.view["name"] == "<img src=x onerror=alert(1)>"
    # The page sets every text with textContent: none of the three views ever uses innerHTML.
    for name in ("entity_builder.js", "fleet_builder.js", "ship_designer.js"):
        assert "innerHTML" not in (STATIC / name).read_text()


def test_unknown_keyword_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="sede"):
        EntityBuilder(sede=3)
    with pytest.raises(TypeError, match="Entity"):
        EntityBuilder("TanRac")


@given(st.lists(st.tuples(st.sampled_from(ABILITIES), st.integers(-2, 3)), max_size=25))
def test_view_always_agrees_with_the_entity(steps) -> None:
    b = EntityBuilder(Entity("Prop", points=10))
    for ability, n in steps:
        before = b.entity
        b.add_points(ability, n)
        if b.error:
            assert b.entity == before
    e = b.entity
    assert all(v >= 0 for v in e.abilities.values())
    assert b.view["total"] == sum(e.abilities.values())
    assert b.view["signature"] == entity_signature(e.total_ranks)
    assert b.view["points_left"] == 10 - sum(max(0, r - 1) for r in e.abilities.values())
    for row in b.view["abilities"]:
        assert sum(row["dice"]) == row["rank"]


def test_the_entity_built_is_a_synced_trait_a_notebook_can_observe() -> None:
    b = EntityBuilder(Entity("TanRac", points=10))
    seen: list[dict] = []
    b.observe(lambda change: seen.append(change["new"]), "entity_data")
    b.add_points("battle", 3)
    assert EntityBuilder.class_traits()["entity_data"].metadata.get("sync") is True
    assert Entity.from_dict(seen[-1]).battle == 4 == Entity.from_dict(b.entity_data).battle
    b.set_ability("battle", -1)  # refused: the banner shows it, the synced entity stays
    assert Entity.from_dict(b.entity_data).battle == 4 and b.error
