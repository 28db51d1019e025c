"""Events change the battle's state, and only they do: what each kind of event does, copies of
the state that keep the original untouched, where dice faces come from, and the context that
phase code writes through."""

from __future__ import annotations

import numpy as np
import pytest
from combat_setups import ctx_of

from kit.errors import IllegalAction, InvalidInput
from kit.successors import Entity
from kit.successors.combat import Battle, Side
from kit.successors.combat.events import (
    LazyRngRoller,
    OutOfFaces,
    RngRoller,
    ScriptedRoller,
    apply_event,
    copy_state,
    in_fight,
    phase_copy,
    plain_json,
)
from kit.successors.combat.state import initial_state


def _two() -> Battle:
    ent = Entity("E", battle=2, control=2, handling=1, information=1, sensors=1)
    return Battle(
        [Side("A", ent, ships=["Cruiser", "Tug", "Drone"]), Side("B", ships=["Frigate"])],
        seed=1,
    )


def test_a_copied_state_does_not_share_structures_or_prisoners():
    # Phases play on a copy of the state and keep it only when the phase succeeds; a hit on a
    # Matrix (or a prisoner taken) in the copy must leave the battle's own state untouched.
    from kit.successors import Entity
    from kit.successors.combat import Battle, Side
    from kit.successors.combat.events import apply_event, copy_state

    ent = Entity("Inside", battle=3, control=1, handling=1, information=1, sensors=1)
    b = Battle([Side("A", ent, matrix=1, cubes=1), Side("B", ships=["Cruiser"])], seed=1)
    st = copy_state(b.state)
    apply_event(st, "structure_hit", {"side": 0, "code": "M", "state": "destroyed"})
    apply_event(st, "imprison", {"side": 0, "target": 1})
    assert b.state.sides[0].structures["M"]["hits"] == 0
    assert b.state.sides[0].structures["M"]["state"] == "active"
    assert b.state.sides[0].prisoners == [] and b.state.sides[0].cubes == 1
    assert st.sides[0].structures["M"]["hits"] == 1 and st.sides[0].prisoners == [1]


def test_record_only_events_change_nothing_and_an_unknown_kind_is_refused():
    b = _two()
    st = b.state
    before = copy_state(st)
    for kind in ("roll", "attack", "decision", "note"):
        apply_event(st, kind, {"unit": "0:1", "side": 0})
    assert st == before
    with pytest.raises(InvalidInput, match="unknown battle event 'teleport'"):
        apply_event(st, "teleport", {})
    with pytest.raises(InvalidInput, match="unknown unit '0:9'"):
        apply_event(st, "damage", {"unit": "0:9", "result": "neutralized"})


def test_damage_results_neutralize_or_take_the_ship_out_and_free_its_racks():
    st = _two().state
    apply_event(st, "load", {"unit": "0:3", "carrier": "0:2"})
    assert st.units["0:3"].carried_by == "0:2"
    apply_event(st, "damage", {"unit": "0:1", "result": "neutralized"})
    assert st.units["0:1"].status == "neutralized"
    apply_event(st, "repair", {"unit": "0:1"})
    assert st.units["0:1"].status == "operational"
    apply_event(st, "damage", {"unit": "0:2", "result": "hulked", "hulk_ru": 1})
    assert (st.units["0:2"].state, st.units["0:2"].hulk_ru) == ("hulked", 1)
    assert st.units["0:3"].carried_by is None  # the carrier is gone, its cargo is loose
    apply_event(st, "damage", {"unit": "0:1", "result": "killed outright"})
    assert st.units["0:1"].state == "destroyed"  # any other result destroys


def test_a_takeover_changes_the_owner_and_clears_control_and_progress():
    st = _two().state
    apply_event(st, "control", {"side": 0, "units": ["0:1", "0:2"]})
    assert [st.units[k].controlled for k in ("0:1", "0:2", "0:3")] == [True, True, False]
    apply_event(st, "takeover_progress", {"unit": "0:1", "successes": {"1": 1, "2": 0}})
    assert st.units["0:1"].takeover == {1: 1}
    apply_event(st, "taken_over", {"unit": "0:1", "side": 1, "needs_recondition": True})
    u = st.units["0:1"]
    assert (u.owner, u.origin, u.takeover, u.controlled) == (1, 0, {}, False)
    assert u.needs_recondition and not u.operational


def test_hits_on_the_entity_and_on_a_sides_extras():
    b = Battle(
        [
            Side(
                "A",
                Entity("E", battle=2, control=1, handling=1, information=1, sensors=1),
                static_defenses=3,
                busters=(5, 2),
            ),
            Side("B", ships=["Frigate"], rammers=1),
        ],
        seed=1,
    )
    st = b.state
    apply_event(st, "ability_hit", {"side": 0, "ability": "battle", "hits": 1})
    assert st.sides[0].entity.current("battle") == 1
    apply_event(st, "static_hit", {"side": 0, "hits": 2})
    apply_event(st, "buster", {"side": 0, "index": 0})
    apply_event(st, "rammer_used", {"side": 1})
    assert (st.sides[0].static_defenses, st.sides[0].busters, st.sides[1].rammers) == (1, [2], 0)
    apply_event(st, "rammers_arrive", {"side": 1, "count": 2, "faction": "X"})
    # numbered after the side's first Rammer (its unit stays in the record once used)
    assert [k for k in st.units if k.startswith("1:R")] == ["1:R1", "1:R2", "1:R3"]
    assert st.sides[1].rammers == 2 and st.units["1:R3"].maker == "X"
    with pytest.raises(InvalidInput, match="unknown side 5"):
        apply_event(st, "rammers_arrive", {"side": 5, "count": 1})


def test_a_side_is_in_the_fight_while_it_has_an_active_entity_ship_or_static_defense():
    st = initial_state([Side("A", ships=["Cruiser"]), Side("B", static_defenses=1)])
    assert in_fight(st, 0) and in_fight(st, 1)
    apply_event(st, "damage", {"unit": "0:1", "result": "neutralized"})
    assert not in_fight(st, 0)  # a neutralized ship does not keep its side fighting
    apply_event(st, "static_hit", {"side": 1, "hits": 1})
    assert not in_fight(st, 1)


def test_a_phase_copy_shares_units_until_an_event_writes_one():
    st = _two().state
    cp = phase_copy(st)
    assert cp.units["0:1"] is st.units["0:1"]
    apply_event(cp, "damage", {"unit": "0:1", "result": "neutralized"})
    assert cp.units["0:1"] is not st.units["0:1"]
    assert st.units["0:1"].status == "operational" and cp.units["0:1"].status == "neutralized"
    assert cp.units["0:2"] is st.units["0:2"]  # untouched: still shared
    apply_event(cp, "sensors", {"side": 0, "target": 1, "total": 4})
    assert st.sides[0].sensors[1] == 0 and cp.sides[0].sensors[1] == 4


def test_scripted_faces_come_in_order_then_from_the_fallback():
    r = ScriptedRoller([1, 2, 3])
    assert r.faces(2) == [1, 2] and r.damage() == 3
    with pytest.raises(OutOfFaces, match="2 needed, 0 left"):
        r.faces(2)
    assert issubclass(OutOfFaces, IllegalAction)
    more = ScriptedRoller([6], fallback=ScriptedRoller([4, 5]))
    assert more.attack([5, 3, 1]) == [6, 4, 5]
    for bad in (0, 7, 2.5, True, "3"):
        with pytest.raises(InvalidInput, match=r"scripted faces must be integers 1\.\.6"):
            ScriptedRoller([1, bad])


def test_random_faces_are_d6_and_a_lazy_roller_draws_what_an_eager_one_would():
    eager = RngRoller(np.random.default_rng(9))
    made = []

    def make():
        made.append(1)
        return np.random.default_rng(9)

    lazy = LazyRngRoller(make)
    assert lazy.faces(0) == [] and made == []  # nothing rolled, no generator made
    faces = eager.faces(200)
    assert lazy.faces(200) == faces and made == [1]
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_emit_records_and_applies_and_unit_side_follows_the_owner():
    b = _two()
    c = ctx_of(b)
    c.emit("damage", unit="1:1", result="neutralized")
    assert c.recorded == [("damage", {"unit": "1:1", "result": "neutralized"})]
    assert b.state.units["1:1"].damaged
    assert c.enemies(0) == [] and c.fighting(0)  # B has no active ship left
    c.emit("taken_over", unit="0:3", side=1, needs_recondition=False)
    assert c.unit_side("0:3") == 1 and c.unit_side("1:E") == 1 and c.unit_side("0:S") == 0
    assert c.enemies(0) == [1]
    with pytest.raises(IllegalAction, match="'0:9' names no ship"):
        c.unit_side("0:9")


def test_plain_json_is_what_a_json_round_trip_gives():
    value = {"dice": (5, 3), "nested": [{"a": (1,)}], "n": 2, "x": None, "f": 0.5}
    assert plain_json(value) == {
        "dice": [5, 3],
        "nested": [{"a": [1]}],
        "n": 2,
        "x": None,
        "f": 0.5,
    }
    inner = [1, 2]
    out = plain_json({"l": inner})
    assert out["l"] == inner and out["l"] is not inner  # a new container
    assert plain_json({1: "a"}) == {"1": "a"}  # non-str keys: as JSON gives them
