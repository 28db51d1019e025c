"""Take-Over: lock, successes needed, neutralizing, repairs, bonuses, competition."""

from __future__ import annotations

from combat_setups import tanrac

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.takeover import cancel_competing


def to_phase(b, name, policy=None):
    while b.next_phase != name:
        b.step_phase(policy)


def takeover_battle(sensors=5, controlled=(), edges=(), flaws=(), target_edges=(), ancient=False):
    me = Entity(
        "Me",
        battle=1,
        control=4,
        handling=3,
        information=1,
        sensors=1,
        edges=list(edges),
        side="Vontuni Empire",
        flaws=["Still at War", "Checkered Past"],
    )
    them = (
        Entity(
            "Them",
            battle=1,
            control=2,
            handling=1,
            information=1,
            sensors=1,
            flaws=list(flaws),
            edges=list(target_edges),
            side="Takeru Republic",
        )
        if controlled or flaws
        else None
    )
    return Battle(
        [
            Side("Me", me, ships=["Satellite"], sensors=sensors),
            Side(
                "Them",
                them,
                ships=["Servo", "Cruiser"],
                controlled=controlled,
                ancient=ancient,
                faction="Takeru Republic",
            ),
        ],
        seed=3,
    )


class Quiet(AutoPolicy):
    def fire(self, ctx, side, phase, can):
        return []

    def sensor_targets(self, ctx, side, enemies):
        return []


def test_no_lock_no_attempt():
    b = takeover_battle(sensors=2)
    to_phase(b, "takeover", Quiet())
    assert not [e for e in b.step_phase(Quiet()) if e.kind == "roll"]


def test_first_success_neutralizes_second_takes_over_an_uncontrolled_ship():
    b = takeover_battle()
    to_phase(b, "takeover", Quiet())
    b.step_phase(Quiet(), faces=[1])
    u = b.state.units["1:2"]  # the Cruiser is the priciest target
    assert u.status == "neutralized" and u.takeover == {0: 1} and u.owner == 1
    to_phase(b, "takeover", Quiet())
    b.step_phase(Quiet(), faces=[4])
    assert u.owner == 0 or b.state.units["1:2"].owner == 0
    assert b.state.units["1:2"].needs_recondition  # Takeru equipment, no Cross-Trained


def test_controlled_ships_need_three_successes_and_cross_trained_skips_recondition():
    b = takeover_battle(controlled=(2,), edges=["Cross-Trained"])
    to_phase(b, "takeover", Quiet())
    for _day in range(2):
        b.step_phase(Quiet(), faces=[1])
        assert b.state.units["1:2"].owner == 1
        to_phase(b, "takeover", Quiet())
    b.step_phase(Quiet(), faces=[1])
    u = b.state.units["1:2"]
    assert u.owner == 0 and not u.needs_recondition and u.status == "operational"


def test_a_repair_cancels_a_takeover_success():
    b = takeover_battle(flaws=["Checkered Past"])  # they have an entity with Handling 1
    to_phase(b, "takeover", Quiet())
    b.step_phase(Quiet(), faces=[1])
    assert b.state.units["1:2"].status == "neutralized"
    ev = b.step_phase(Quiet(), faces=[1])  # their entity (Handling 1) repairs it
    assert any(e.kind == "takeover_cancelled" for e in ev)
    assert b.state.units["1:2"].status == "operational"


def test_strong_and_weak_control_add_successes():
    b = takeover_battle(edges=["Strong Control"], flaws=["Weak Control"])
    to_phase(b, "takeover", Quiet())
    b.step_phase(Quiet(), faces=[6])  # no rolled success, +1 Strong, +1 Weak: taken
    assert b.state.units["1:2"].owner == 0


def test_access_codes_and_rank_against_ancient_fleets():
    b = takeover_battle(edges=["Access Codes"], ancient=True)
    to_phase(b, "takeover", Quiet())
    ev = b.step_phase(Quiet(), faces=[6])
    assert [e["bonus"] for e in ev if e.kind == "roll"] == [1]


def test_competing_attempts_cancel():
    assert cancel_competing({0: 2, 1: 2}) == {}
    assert cancel_competing({0: 3, 1: 1, 2: 1}) == {0: 2}
    assert cancel_competing({0: 0, 1: 0}) == {}


def test_tanrac_takes_the_servo_in_two_days(ex2):
    # Example two: TanRac (5 Sensors successes already) rolls a 1, then a 4, on a Servo.
    class OnServo(Quiet):
        def takeovers(self, ctx, side, users, targets):
            return {"0:E": "1:1"} if side == 0 else {}

    to_phase(ex2, "takeover", OnServo())
    ex2.step_phase(OnServo(), faces=[1])
    assert ex2.state.units["1:1"].status == "neutralized"
    to_phase(ex2, "takeover", OnServo())
    ex2.step_phase(OnServo(), faces=[4])
    u = ex2.state.units["1:1"]
    assert u.owner == 0 and not u.needs_recondition  # Cross-Trained
    assert tanrac().has("Cross-Trained")
