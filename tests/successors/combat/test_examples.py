"""The rule book's two combat examples, round one, with the book's rolls scripted."""

from __future__ import annotations

from combat_setups import garrison, releata, tanrac

from kit.successors.combat import AutoPolicy, Battle, Side


def statuses(b, side, name):
    return [u.status for u in b.state.units.values() if u.origin == side and u.name == name]


def test_example_one_round_one():
    b = Battle(
        [
            Side(
                "Releata", releata(), ships=[("Battleship", 2), ("Drone", 8)], controlled=(1, 2, 3)
            ),
            garrison(),
        ],
        seed=1,
    )
    pol = AutoPolicy(takeover=False, hold_reloaders=True)
    for _ in range(4):  # order, sensors (she misses), take-over (no lock), repair (nothing)
        b.step_phase(pol, faces=[6])
    # First Strike: Releata, both Battleships and the controlled Drone: 9 hits, which the
    # garrison takes on its eight Drones and a Gunboat; 3 Drones neutralized, the other 5
    # hulked (worth nothing for a 1 RU ship) or vaporized; the Gunboat neutralized.
    ev = b.step_phase(pol, faces=[1] * 9 + [6] * 3 + [1, 1, 1, 4, 4, 6, 6, 6, 2])
    assert next(e["hits"] for e in ev if e.kind == "attack") == 9
    assert (
        sorted(statuses(b, 1, "DRONE")) == ["hulked"] * 2 + ["neutralized"] * 3 + ["vaporized"] * 3
    )
    assert statuses(b, 1, "GUNBOAT").count("neutralized") == 1
    # Main combat: her seven other Drones stay in reserve; the garrison's Cruisers, Frigates
    # and Gunboats score 4 hits, all taken on Drones: all four neutralized, 3 still working.
    ev = b.step_phase(pol, faces=[1] * 4 + [6] * 10 + [1, 2, 3, 1])
    attacks = [e for e in ev if e.kind == "attack"]
    assert [e["side"] for e in attacks] == [1] and attacks[0]["hits"] == 4
    drones = statuses(b, 0, "DRONE")
    assert drones.count("operational") == 3 and drones.count("neutralized") == 5
    b.step_phase(pol)
    b.step_phase(pol)
    assert b.round == 1 and b.next_phase == "order" and not b.over


class TanRacPlays(AutoPolicy):
    """TanRac's choices in the book's first round; the garrison plays automatically."""

    def order(self, ctx, side):
        if side != 0 or ctx.st.round != 1:
            return None
        sats = [f"0:{i}" for i in range(6, 16)]
        return {"unload": {"0:16": sats}, "control": sats[:4]}

    def takeovers(self, ctx, side, users, targets):
        return {"0:E": "1:1"} if side == 0 else {}

    def allocate(self, ctx, side, hits, phase, by):
        if side == 0:
            return ["0:10", "0:11", "0:E:information", "0:E:sensors"][:hits]
        return super().allocate(ctx, side, hits, phase, by)


def test_example_two_round_one():
    side = Side(
        "TanRac",
        tanrac(),
        ships=[("Gunboat", 5), ("Satellite", 10), ("Tug", 1), ("Servo", 2), ("Relay", 1)],
        carried={16: tuple(range(6, 16))},
        sensors=4,
    )
    b = Battle([side, garrison()], seed=1)
    pol = TanRacPlays(hold_reloaders=True)
    b.step_phase(pol)  # the Tug drops the Satellites, four go under Control
    assert sum(u.controlled for u in b.state.units.values()) == 4
    ev = b.step_phase(pol, faces=[1, 6])  # Sensors: one success, five in all
    assert next(e["total"] for e in ev if e.kind == "sensors") == 5
    b.step_phase(pol, faces=[1])  # Take-Over: a 1 on the Servo neutralizes it
    assert b.state.units["1:1"].status == "neutralized"
    ev = b.step_phase(pol, faces=[3])  # the other Servo's repair fails with a 3
    assert [(e["target"], e["faces"]) for e in ev if e.kind == "roll"] == [("1:1", [3])]
    b.step_phase(pol)  # no First Strike on either side
    # Main: TanRac 5 rank 4 + 12 rank 1 dice, 6 hits; the garrison (Drones held) 15 dice, 4 hits.
    faces = [1] * 6 + [6] * 11 + [1] * 4 + [6] * 11 + [1, 1, 1, 6, 6, 6] + [6, 6]
    ev = b.step_phase(pol, faces=faces)
    attacks = {e["side"]: e for e in ev if e.kind == "attack"}
    assert sorted(attacks[0]["dice"]) == [1] * 12 + [4] * 5 and attacks[0]["hits"] == 6
    assert sorted(attacks[1]["dice"]) == [1] * 5 + [2] * 5 + [4] * 5 and attacks[1]["hits"] == 4
    drones = statuses(b, 1, "DRONE")
    assert drones.count("operational") == 2 and drones.count("neutralized") == 3
    sats = statuses(b, 0, "SATELLITE")
    assert sats.count("operational") == 8 and sats.count("vaporized") == 2
    ent = b.state.sides[0].entity
    assert ent.current("information") == 1 and ent.current("sensors") == 1
