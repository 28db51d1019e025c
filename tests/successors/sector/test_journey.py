"""Journeys: who can jump, the day-by-day plotting log, save/load and the odds it follows."""

from __future__ import annotations

import numpy as np
import pytest

from kit.errors import IllegalAction, InvalidInput
from kit.successors.sector import Journey, Party, PlotterPolicy, Sector, Traveller


@pytest.fixture
def sector():
    xs = np.array([[0, 0], [9, 0], [18, 0]], float)
    return Sector(xs, ["Ana", "Bel", "Cor"], seed=1)


def entity(name="Vex", info=6, sensors=4, control=2, **kw):
    return Traveller(name, "entity", info, sensors, control, **kw)


def test_plot_log_until_successes_then_the_jump(sector):
    route = sector.route("Ana", "Cor")
    j = Journey.along(sector, route, Party((entity(),)), seed=5).run()
    assert j.arrived
    plots = [e for e in j.log if e.kind == "plot"]
    jumps = [e for e in j.log if e.kind == "jump"]
    assert len(jumps) == 2
    for leg in (0, 1):
        mine = [e for e in plots if e["leg"] == leg]
        assert all(e["total"] < e["needed"] for e in mine[:-1])
        assert mine[-1]["total"] >= mine[-1]["needed"] == 3
        assert mine[0]["dice"] == [5, 4, 1]  # 6 = 5+1 Information, 4 Sensors (unknown route)
        for e in mine:
            assert e["successes"] == sum(
                1 for f, t in zip(e["faces"], e["dice"]) if f <= t and f < 6
            )
    days = [e["day"] for e in j.log]
    assert days == sorted(days) and days == list(range(1, len(days) + 1))
    assert "jump Ana -> Bel" in "\n".join(j.record())


def test_known_route_uses_information_only(sector):
    sector.record_jump("Ana", "Bel")
    j = Journey.along(sector, sector.route("Ana", "Bel"), Party((entity(),)), seed=1)
    assert j.legs[0].pool == (5, 1) and j.legs[0].successes == 2


def test_round_trip_and_continuation(sector):
    j = Journey.along(
        sector, sector.route("Ana", "Cor"), Party((entity(info=2, sensors=1),)), seed=9
    )
    for _ in range(3):
        j.step()
    k = Journey.from_json(j.to_json())
    assert k == j
    j.run()
    k.run()
    assert k == j and k.log.to_list() == j.log.to_list()
    k.undo()
    assert k != j


def test_same_seed_same_journey(sector):
    r = sector.route("Ana", "Cor")
    a = Journey.along(sector, r, Party((entity(),)), seed=3).run()
    b = Journey.along(sector, r, Party((entity(),)), seed=3).run()
    assert a == b


def test_step_after_arrival_is_illegal_and_changes_nothing(sector):
    j = Journey.along(sector, sector.route("Ana", "Bel"), Party((entity(),)), seed=2).run()
    n = len(j.log)
    with pytest.raises(IllegalAction, match="arrived"):
        j.step()
    assert len(j.log) == n


def test_record_in_sector_builds_history(sector):
    j = Journey.along(sector, sector.route("Ana", "Cor"), Party((entity(),)), seed=2).run()
    assert j.record_in(sector) == 2
    assert sector.status("Ana", "Bel") == "known" and sector.status("Bel", "Cor") == "known"


def test_entity_carries_control_times_five_ships(sector):
    ships = tuple(Traveller(f"ship{i}", "ship", signature=1) for i in range(11))
    party = Party((entity(control=2),) + ships)
    assert party.capacity == 10
    assert party.findings() == [
        "ship10 is stranded: it cannot Hyper-Jump, is not aboard a Hyper-Jump ship, and the "
        "entities (Vex) carry only 10 (Control x 5)"
    ]
    assert not party.navigator().can_jump
    with pytest.raises(IllegalAction, match="carry only 10"):
        Journey.along(sector, sector.route("Ana", "Bel"), party)
    ok = Party((entity(control=2),) + ships[:10])
    assert ok.findings() == [] and ok.navigator().can_jump


def test_no_hyper_jump_entity_cannot_plot_and_ships_plot_alone_slowly(sector):
    grounded = Party((entity(no_hyper_jump=True),))
    assert not grounded.navigator().can_jump and "nobody" in grounded.findings()[0]
    lone = Party((Traveller("Runner", "ship", hyper_jump=True, signature=2),))
    nav = lone.navigator()
    assert (nav.information, nav.sensors, nav.time_factor) == (1, 1, 5)
    j = Journey.along(sector, sector.route("Ana", "Bel", navigator=nav), lone, seed=4)
    first = j.step()[0]
    assert first["day"] == 5 and first["dice"] == [1, 1]
    # a No Hyper-Jump entity rides on a Hyper-Jump ship only in its cargo (issue #10)
    ship = Traveller("Freighter", "ship", hyper_jump=True, cargo=50)
    riders = Party((entity(no_hyper_jump=True, aboard="Freighter"), ship))
    assert riders.navigator().can_jump and riders.findings() == []
    beside = Party((entity(no_hyper_jump=True), ship))
    assert not beside.navigator().can_jump
    assert beside.stranded().keys() == {"Vex"}


def test_gate_leg_takes_one_day_and_checks_signature(sector):
    sector.add_gate("Ana", "Bel", size=1)
    r = sector.route("Ana", "Bel")
    j = Journey.along(sector, r, Party((entity(),)), seed=1).run()
    assert [e.kind for e in j.log] == ["gate"] and j.day == 1
    heavy = Party((entity(), Traveller("Hulk", "ship", signature=4)))
    j2 = Journey.along(sector, r, heavy, seed=1)
    assert not j2.legs[0].gate


def test_plotter_policy(sector):
    party = Party((entity("A", info=3), entity("B", info=7)))
    assert party.navigator().name == "B"
    assert Party(party.travellers, PlotterPolicy("A")).navigator().name == "A"
    with pytest.raises(InvalidInput, match="plotter 'Z'"):
        Party(party.travellers, PlotterPolicy("Z")).navigator()


def test_mean_journey_days_match_the_route_expectation(sector):
    r = sector.route("Ana", "Cor", information=3, sensors=2)
    party = Party((entity(info=3, sensors=2),))
    days = np.array([Journey.along(sector, r, party, seed=s).run().day for s in range(1500)])
    se = days.std(ddof=1) / np.sqrt(len(days))
    assert abs(days.mean() - r.expected_days) < 4 * se
    k = int(r.expected_days)
    p = r.chance_within(k)
    assert abs((days <= k).mean() - p) < 4 * np.sqrt(p * (1 - p) / len(days))


def test_corrupt_journey_file_is_refused(sector):
    j = Journey.along(sector, sector.route("Ana", "Bel"), Party((entity(),)), seed=2).run()
    text = j.to_json().replace('"total":', '"total": "x", "old":', 1)
    with pytest.raises((InvalidInput, TypeError)):
        Journey.from_json(text)
