"""The Ship designer without a browser: every option, live cost, catalog comparison."""

from __future__ import annotations

import pytest

from kit.successors import SHIPS, ShipDesign
from kit.widgets.ship_designer import DESIGN_FIELDS
from kit.widgets.successors import ShipDesigner


def msg(w: ShipDesigner, **content) -> None:
    w._on_msg(w, content, None)


def test_every_design_option_is_in_the_form() -> None:
    import dataclasses

    assert {f for _, f, *_ in DESIGN_FIELDS} == {f.name for f in dataclasses.fields(ShipDesign)}
    d = ShipDesigner()
    assert [f["field"] for f in d.fields] == [f for _, f, *_ in DESIGN_FIELDS]
    assert next(f for f in d.fields if f["field"] == "drive")["choices"] == [
        "immobile",
        "slow",
        "standard",
        "fast",
    ]


def test_rebuild_the_point_cannon_from_the_page() -> None:
    d = ShipDesigner(compare="Point Cannon")
    msg(d, action="set", field="battle", value="2")
    assert d.view["cost"] == 4.0 and not d.view["compare"]["same"]
    assert d.view["compare"]["diffs"] == [
        {"field": "long_ranged", "design": False, "catalog": True}
    ]
    msg(d, action="set", field="long_ranged", value=True)
    assert (d.view["cost"], d.view["signature"]) == (10.0, 2)
    assert d.view["compare"]["same"] and d.view["matches"] == ["POINT CANNON"]
    assert d.view["breakdown"][-1] == ["cost", "10 RU"]
    assert d.view["build_successes"] == 4


@pytest.mark.parametrize("name", list(SHIPS))
def test_loading_a_catalog_ship_matches_its_printed_cost(name) -> None:
    d = ShipDesigner()
    msg(d, action="load", name=name)
    d.compare = name
    c = d.view["compare"]
    assert c["same"] and d.view["cost"] == c["cost"] == SHIPS[name].cost
    assert c["sig"] == SHIPS[name].sig and d.view["signature"] == c["rules_sig"]


@pytest.mark.parametrize(
    "field, value, fragment",
    [
        ("slow", True, "cannot be both first_strike and slow"),
        ("cargo", "15", "steps of 10"),
        ("battle", "-1", "battle"),
        ("battle", "lots", "whole number"),
        ("drive", "warp", "drive"),
        ("shields", 3, "unknown design option 'shields'"),
    ],
)
def test_impossible_options_are_refused_inline(field, value, fragment) -> None:
    d = ShipDesigner(ShipDesign(battle=4, first_strike=True))
    before = d.design
    msg(d, action="set", field=field, value=value)
    assert fragment in d.error
    assert d.design == before


def test_compare_accepts_spellings_and_reports_unknown_ships() -> None:
    d = ShipDesigner("Fortress", compare="siege cannon")
    assert d.compare == "SEIGE CANNON" and d.view["compare"]["name"] == "SEIGE CANNON"
    assert d.view["matches"] == ["FORTRESS"]
    d.compare = "Battlestar"
    assert "unknown ship type 'Battlestar'" in d.error and d.view["compare"] is None
    d.compare = ""
    assert d.error == "" and d.view["compare"] is None
    msg(d, action="fly")
    assert "unknown action 'fly'" in d.error
    with pytest.raises(TypeError, match="compre"):
        ShipDesigner(compre="Fortress")


def test_the_design_is_a_synced_trait_a_notebook_can_observe() -> None:
    d = ShipDesigner()
    seen: list[dict] = []
    d.observe(lambda change: seen.append(change["new"]), "design_data")
    d.set_option("battle", 4)
    assert ShipDesigner.class_traits()["design_data"].metadata.get("sync") is True
    assert ShipDesign.from_dict(seen[-1]).battle == 4 == ShipDesign.from_dict(d.design_data).battle
    d.set_option("cargo", 15)  # refused (cargo comes in tens): the synced design stays
    assert ShipDesign.from_dict(d.design_data).cargo == 0 and d.error
