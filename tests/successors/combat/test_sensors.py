"""Sensors: accumulating successes, the two tables, views with decoys and stealth."""

from __future__ import annotations

import pytest
from combat_setups import example_one

from kit.successors import Entity
from kit.successors.combat import (
    FLEET_LEVELS,
    SYSTEM_LEVELS,
    Battle,
    Side,
    fleet_view,
    level_text,
    system_fleet_level,
)


def test_tables_have_levels_zero_to_six():
    assert sorted(FLEET_LEVELS) == sorted(SYSTEM_LEVELS) == list(range(7))
    assert level_text(9) == FLEET_LEVELS[6]
    assert level_text(0, "system") == SYSTEM_LEVELS[0]
    with pytest.raises(ValueError, match="table"):
        level_text(1, "galaxy")


def test_whole_system_fleet_data_is_one_level_lower():
    # three successes: System Data 3, fleet data 3 here and 2 elsewhere in the system
    assert system_fleet_level(3) == 2 and system_fleet_level(0) == 0


def test_successes_accumulate_across_days():
    b = example_one(seed=5)
    for total in range(1, 4):
        while b.next_phase != "sensors":
            b.step_phase()
        ev = b.step_phase(faces=[1])
        assert [e["total"] for e in ev if e.kind == "sensors"] == [total]
        if b.over:
            break


def view_battle(level):
    decoyed = Side(
        "B",
        Entity(
            "Boss",
            battle=2,
            control=1,
            handling=1,
            information=1,
            sensors=1,
            edges=["Stealthed"],
            flaws=["No Memory", "Checkered Past"],
        ),
        ships=["Mocker", "Cruiser", "Gunboat"],
        decoy_looks={1: "Cruiser"},
    )
    return Battle([Side("A", ships=["Seeker"], sensors=level), decoyed], seed=1)


def test_view_levels_reveal_step_by_step():
    v0 = fleet_view(view_battle(0), 0, 1)
    assert v0["count"] is None and all(r["type"] is None for r in v0["rows"])
    v1 = fleet_view(view_battle(1), 0, 1)
    assert v1["count"] == 3  # the Stealthed entity needs one more success
    v2 = fleet_view(view_battle(2), 0, 1)
    assert sorted(r["sig"] for r in v2["rows"] if r["object"] == "ship") == [0, 1, 1]
    assert v2["rows"][0]["sig"] is None  # Stealthed: its signature needs level 3
    v3 = fleet_view(view_battle(3), 0, 1, sig_class=1)
    assert v3["rows"][0]["sig"] == 3
    types = sorted(r["type"] for r in v3["rows"] if r["object"] == "ship" and r["type"])
    assert types == ["CRUISER", "CRUISER"]  # the Mocker shows as its owner wishes
    v4 = fleet_view(view_battle(4), 0, 1)
    assert "MOCKER (decoy)" in [r["type"] for r in v4["rows"]]
    assert v4["rows"][0]["abilities"] is None
    v6 = fleet_view(view_battle(6), 0, 1)
    assert v6["rows"][0]["abilities"]["battle"] == 2


def test_gm_view_shows_the_truth_with_what_is_known():
    v = fleet_view(view_battle(0), 0, 1, gm=True)
    assert [r["truth"]["type"] for r in v["rows"] if r["object"] == "ship"] == [
        "MOCKER",
        "CRUISER",
        "GUNBOAT",
    ]
    assert not any(r["seen"] for r in v["rows"] if r["object"] == "ship")


@pytest.mark.parametrize("level", range(7))
def test_player_fleet_handout_reads_the_same_rows_as_the_battle_view(level):
    """One statement of the Sensors fleet table: the players' fleet handout shows the counts,
    signatures and ship types of the battle's own view at every level (decoys in disguise at 3,
    unmasked at 4; the Stealthed owner one level behind)."""
    from collections import Counter

    from kit.handouts import handout
    from kit.successors.fleets import Fleet

    battle = view_battle(level)
    boss = battle.sides[1].entity
    fleet = Fleet(boss)
    for name in ("Mocker", "Cruiser", "Gunboat"):
        fleet.buy(name)
    text = handout(
        fleet,
        audience="player",
        sensors=level,
        sig_class=1 if level == 3 else None,
        decoys_as={"MOCKER": "Cruiser"},
    )
    view = fleet_view(battle, 0, 1, sig_class=1 if level == 3 else None)
    ships = [r for r in view["rows"] if r.get("object") == "ship"]
    if level >= 1:
        assert f"{len(ships)} ships" in text
        assert ("and 1 entity" in text) == (view["count"] == len(ships) + 1)
    if level >= 3:
        for kind, count in Counter(r["type"] for r in ships if r["type"]).items():
            name, mark, _ = kind.partition(" (decoy)")
            assert f"| {name.title() + mark} | {count} |" in text
    assert ("Fleet: Boss" in text) == any(r.get("name") == "Boss" for r in view["rows"])
