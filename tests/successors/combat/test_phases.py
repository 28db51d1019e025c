"""Phase order, pools of the worked examples, simultaneity and the attack phases."""

from __future__ import annotations

import numpy as np
import pytest
from combat_setups import example_one

from kit.errors import IllegalAction
from kit.successors import Entity, pool_summary
from kit.successors.combat import PHASES, AutoPolicy, Battle, Side
from kit.successors.combat.events import Ctx, RngRoller
from kit.successors.combat.phases import volley_pool


def ctx_of(b, policy=None):
    return Ctx(
        b.sides,
        b.state,
        b.rules,
        policy or AutoPolicy(),
        RngRoller(np.random.default_rng(0)),
        jammer=b.jammer,
    )


def to_phase(b, name):
    while b.next_phase != name:
        b.step_phase()


def test_a_round_runs_the_eight_phases_in_order(ex1):
    events = ex1.step_round()
    assert [e["phase"] for e in events if e.kind == "phase"] == list(PHASES)
    assert ex1.round == 1 and ex1.next_phase == "order"
    ex1.step_phase()
    assert ex1.round == 2


def test_releata_first_strike_pool_follows_ruling_2(ex1):
    # Combat Reflexes: Releata (5+3), two Battleships (5+1 -> 5,3,5,3) and a Drone (1 -> 5,3).
    # Under ruling 2 that is six rank 5 and six rank 3 dice (the text counts 7 and 7).
    ctx = ctx_of(ex1)
    fire, _aims, dice = volley_pool(ctx, 0, "first")
    assert pool_summary(dice) == {5: 6, 3: 6}
    assert set(fire) == {"0:E", "0:1", "0:2", "0:3"}
    assert volley_pool(ctx, 0, "main")[2] == [1] * 7  # uncontrolled drones fire in main


def test_garrison_and_tanrac_main_pools(ex2):
    ctx = ctx_of(ex2)
    assert pool_summary(volley_pool(ctx, 1, "main")[2]) == {4: 5, 2: 5, 1: 13}
    # TanRac (Battle 4) with 4 Satellites under Control, 5 Gunboats, 6 Sats and a Tug not.
    assert pool_summary(volley_pool(ctx, 0, "main")[2]) == {4: 5, 1: 12}
    assert volley_pool(ctx, 1, "first")[2] == []


def duel(a="Cruiser", b="Cruiser", **kw):
    return Battle([Side("A", ships=[a]), Side("B", ships=[b])], seed=3, **kw)


def test_attacks_in_a_phase_are_simultaneous():
    b = duel()
    to_phase(b, "main")
    # both cruisers hit (face 1 each) and both roll 1 on the damage table
    events = b.step_phase(faces=[1, 1, 1, 1])
    dmg = [e for e in events if e.kind == "damage"]
    assert {e["unit"] for e in dmg} == {"0:1", "1:1"}
    assert all(e["result"] == "neutralized" for e in dmg)
    assert b.over and b.result["winner"] is None


def test_reloaders_are_neutralized_and_imploders_destroyed_after_firing():
    from kit.successors import ShipDesign

    imp = ShipDesign(battle=2, weapon="imploder")
    b = Battle([Side("A", ships=["Drone", imp]), Side("B", ships=["Castle"])], seed=1)
    to_phase(b, "main")
    b.step_phase(faces=[6] * 6)
    st = b.state.units
    assert st["0:1"].status == "neutralized" and st["0:2"].state == "destroyed"


def test_slow_weapons_and_static_defenses_fire_last():
    from kit.successors import ShipDesign

    slow = ShipDesign(battle=3, slow=True)
    b = Battle([Side("A", ships=[slow], static_defenses=7), Side("B", ships=["Castle"])], seed=1)
    ctx = ctx_of(b)
    assert volley_pool(ctx, 0, "main")[2] == []
    assert volley_pool(ctx, 0, "last")[2] == [5, 3, 2]  # slow ship 3; SD 7 as 5 + 2


def test_aimed_shots_penalty_minimum_and_neutralized_targets():
    class Aim(AutoPolicy):
        def __init__(self, target):
            super().__init__()
            self.target = target

        def aim(self, ctx, side, phase, fire):
            return {k: self.target for k in fire} if side == 0 else {}

    b = Battle([Side("A", ships=["Cruiser"]), Side("B", ships=["Frigate", "Frigate"])], seed=2)
    to_phase(b, "main")
    ev = b.step_phase(Aim("1:2"), faces=[2, 6, 6, 1])
    aimed = next(e for e in ev if e.kind == "attack" and e.get("aimed"))
    assert aimed["dice"] == [2] and aimed["hits"] == 1
    assert b.state.units["1:2"].status == "neutralized"
    # next round: an aimed shot at a neutralized ship hits without a roll and destroys it
    to_phase(b, "main")
    if not b.over:
        b.step_phase(Aim("1:2"), faces=[6, 6, 6])
        assert b.state.units["1:2"].state == "destroyed"
    low = Battle([Side("A", ships=["Frigate"]), Side("B", ships=["Frigate"])], seed=2)
    to_phase(low, "main")
    before = low.to_dict()
    with pytest.raises(IllegalAction, match="Aimed Shot needs Battle rank 3"):
        low.step_phase(Aim("1:1"))
    assert low.to_dict() == before


def test_combat_reflexes_moves_controlled_ships_to_first_strike():
    ent = Entity("Quick", battle=2, control=1, edges=["Combat Reflexes"])
    b = Battle(
        [
            Side("A", ent, ships=["Frigate", "Frigate"], controlled=(1,)),
            Side("B", ships=["Castle"]),
        ],
        seed=1,
    )
    ctx = ctx_of(b)
    assert set(volley_pool(ctx, 0, "first")[0]) == {"0:E", "0:1"}
    assert volley_pool(ctx, 0, "main")[0] == ["0:2"]


def test_jammer_lowers_unattuned_battle_ranks():
    b = Battle(
        [
            Side("A", ships=["Cruiser", "Gunboat"]),
            Side("B", ships=["Cruiser"], jammer_attuned=True),
        ],
        seed=1,
        jammer=1,
    )
    ctx = ctx_of(b)
    assert volley_pool(ctx, 0, "main")[2] == [3]  # the Gunboat's 1 drops to 0: cannot attack
    assert volley_pool(ctx, 1, "main")[2] == [4]


def test_self_destruct():
    class Boom(AutoPolicy):
        def self_destruct(self, ctx, side, phase):
            return ["1:1"] if side == 1 and phase == "main" else []

    b = duel()
    to_phase(b, "main")
    b.step_phase(Boom(), faces=[6, 6])
    assert b.state.units["1:1"].state == "destroyed"
    assert b.result["winner"] == "A"


def test_busters_attack_everything_in_the_orbit():
    b = Battle(
        [Side("A", ships=["Castle"], busters=(5,)), Side("B", ships=["Gunboat", "Gunboat"])], seed=5
    )
    to_phase(b, "main")
    # the Castle is worth more than the Gunboats: only the literal reading explodes it now
    ev = b.step_phase(AutoPolicy(busters_at_first_chance=True))
    targets = {e["target"] for e in ev if e.kind == "attack" and e["units"] == ["buster"]}
    assert targets == {"0:1", "1:1", "1:2"}
    assert b.state.sides[0].busters == []


def test_rammers_attack_once_and_are_gone():
    b = Battle([Side("A", ships=["Satellite"], rammers=2), Side("B", ships=["Castle"])], seed=5)
    to_phase(b, "main")
    ev = b.step_phase()
    assert {"0:R1", "0:R2"} <= set(next(e for e in ev if e.kind == "attack")["units"])
    assert b.state.units["0:R1"].state == "destroyed"


def test_entity_hits_lower_abilities_then_neutralize_then_destroy():
    ent = Entity("Lone", battle=1, control=1, handling=1, information=2, sensors=1)
    b = Battle([Side("A", ent), Side("B", ships=["Cruiser"] * 3)], seed=1)
    to_phase(b, "main")
    b.step_phase(faces=[6, 1, 1, 1])  # A misses; B scores 3 hits on the entity
    s = b.state.sides[0]
    assert s.entity_state == "destroyed"  # information 2->1, then one to 0, then destroyed


def test_a_fragile_creature_dies_to_one_hit():
    from kit.successors import creature

    cit = creature("Citizen").generate(seed=1)
    b = Battle([Side("C", cit), Side("B", ships=["Gunboat"])], seed=1)
    to_phase(b, "main")
    b.step_phase(faces=[1])
    assert b.state.sides[0].entity_state == "destroyed"


def test_neutralized_entity_self_repairs_rank_one_a_day():
    ent = Entity(
        "Hurt", battle=2, control=1, handling=1, information=1, sensors=1, damage=(0, 1, 0, 0, 0)
    )
    assert ent.neutralized
    b = Battle([Side("A", ent, ships=["Castle"]), Side("B", ships=["Satellite"])], seed=1)
    to_phase(b, "repair")
    b.step_phase(faces=[1])
    assert not b.state.sides[0].entity.neutralized


def test_retreat_leaves_neutralized_behind_but_takes_held_ships():
    from kit.successors.combat import RetreatAfter

    b = Battle(
        [Side("A", ships=["Cruiser", "Frigate", "Satellite"]), Side("B", ships=["Castle"])], seed=1
    )
    b.state.units["0:2"].damaged = True  # a neutralized Frigate
    b.log.append("damage", unit="0:2", result="neutralized", face=1, by=1, phase="main")
    b.state = b._replay()

    class Hold(AutoPolicy):
        def fire(self, ctx, side, phase, can):
            return []

    while b.next_phase != "retreat":
        b.step_phase(Hold())
    b.step_phase(Hold(retreat_rules={0: RetreatAfter(1)}))
    u = b.state.units
    assert u["0:1"].state == "retreated"
    assert u["0:2"].status == "neutralized"  # left behind
    assert u["0:3"].status == "operational" and u["0:3"].state == "active"  # immobile stays
    assert b.result["sides"][0]["outcome"] == "retreated"
    assert b.result["sides"][0]["ru_lost"] == 4


def test_ferals_eat_neutralized_ships():
    from kit.successors import creature

    feral = creature("Feral").generate(seed=2)
    b = Battle([Side("F", feral), Side("B", ships=["Cruiser", "Gunboat"])], seed=1)
    b.log.append("damage", unit="1:2", result="neutralized", face=1, by=0, phase="main")
    b.state = b._replay()
    to_phase(b, "repair")
    b.step_phase()
    assert b.state.units["1:2"].state == "eaten"
    assert b.state.sides[0].feral_ru == 2


def test_order_of_battle_changes_control_and_racks(ex2):
    class Order(AutoPolicy):
        def order(self, ctx, side):
            if side == 0:
                return {"load": {"0:16": ["0:6", "0:7"]}, "control": ["0:1"]}
            return None

    ex2.step_phase(Order())
    u = ex2.state.units
    assert u["0:6"].carried_by == "0:16" and u["0:1"].controlled and not u["0:8"].controlled

    class Bad(AutoPolicy):
        def order(self, ctx, side):
            return {"control": ["0:1", "0:2", "0:3", "0:4", "0:5"]} if side == 0 else None

    ex2.undo()
    before = ex2.to_dict()
    with pytest.raises(IllegalAction, match="can hold 4 ships under Control"):
        ex2.step_phase(Bad())
    assert ex2.to_dict() == before


def test_long_ranged_only_across_orbits():
    b = Battle(
        [Side("A", ships=["Point Cannon", "Cruiser"], adjacent=True), Side("B", ships=["Cruiser"])],
        seed=1,
    )
    ctx = ctx_of(b)
    assert volley_pool(ctx, 0, "main")[0] == ["0:1"]
    assert volley_pool(ctx, 1, "main")[0] == []


def test_the_first_example_runs_to_an_end():
    b = example_one(seed=11).run()
    assert b.over and b.result["reason"]


def test_static_defenses_are_hit_at_plus_one_and_lose_a_point_per_hit():
    b = Battle([Side("A", ships=["Frigate"]), Side("B", static_defenses=3)], seed=1)
    to_phase(b, "main")
    ev = b.step_phase(faces=[3])  # nothing else of B fights: the Frigate fires at the defenses
    shot = next(e for e in ev if e.kind == "attack")
    assert shot["target"] == "1:S" and shot["dice"] == [3] and shot["hits"] == 1  # rank 2 + 1
    assert b.state.sides[1].static_defenses == 2
    ev = b.step_phase(faces=[1, 6])  # last combat: the defenses fire back as one rank 2 attack
    assert next(e for e in ev if e.kind == "attack")["dice"] == [2]
