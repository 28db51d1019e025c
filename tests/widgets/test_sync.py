"""Widgets follow the engine objects they show: no ``refresh()`` after a change in code."""

from __future__ import annotations

import asyncio
import gc
import threading

from kit.boards import StandardBoard
from kit.regulus import Job, Operative
from kit.successors import Fleet
from kit.widgets import BoardWidget, FleetPanel, JobTable


def _job() -> Job:
    return Job("heist", 4, 5, [Operative("Vex", "Face"), Operative("Oro", "Hacker")], seed=1)


def test_two_tables_of_one_job_stay_in_step() -> None:
    job = _job()
    a, b = JobTable(job), JobTable(job)
    with a.guard():
        job.roll(7)  # as a click in table a does
    assert len(a.view["rows"]) == len(b.view["rows"]) == 1
    job.roll(5)  # a code cell
    assert len(a.view["rows"]) == len(b.view["rows"]) == 2
    job.undo()
    assert len(a.view["rows"]) == len(b.view["rows"]) == 1


def test_a_board_and_a_fleet_follow_code() -> None:
    board = StandardBoard([6, 5, 7, 4], goal=3)
    w = BoardWidget(board)
    assert w.view["history"] == [] and w.view["successes"] == 0
    board.check(9)  # beats the first card (6): one success
    assert len(w.view["history"]) == 1 and w.view["successes"] == 1
    fleet = Fleet(budget=100)
    panel = FleetPanel(fleet)
    assert panel.view["ships"] == 0 and panel.view["spent"] == 0
    fleet.buy("Cruiser", 2)
    assert (
        panel.view["ships"] == 2 and panel.view["spent"] == 2 * 8
    )  # a Cruiser is 8 RU in the table
    fleet.undo()
    assert panel.view["ships"] == 0


def test_in_a_kernel_a_cell_redraws_once_when_it_ends(monkeypatch) -> None:
    from kit.widgets import _base

    monkeypatch.setattr(_base, "in_kernel", lambda: True)  # as inside ipykernel
    job = _job()
    table = JobTable(job)
    calls = []
    original = table.refresh

    def counting() -> None:
        calls.append(1)
        original()

    table.refresh = counting  # type: ignore[method-assign]

    async def cell() -> None:
        for _ in range(3):
            job.roll(9)
        assert calls == []  # nothing redrawn while the cell runs
        await asyncio.sleep(0)  # the cell ends: the kernel's loop runs what is due

    # a thread of its own: the test process may already run an event loop (the browser tests')
    done = []
    worker = threading.Thread(target=lambda: done.append(asyncio.run(cell())))
    worker.start()
    worker.join(30)
    assert done == [None]
    assert len(calls) == 1
    assert len(table.view["rows"]) == len(job.rows)


def test_outside_a_kernel_a_running_loop_does_not_hold_back_the_redraw() -> None:
    job = _job()
    table = JobTable(job)

    async def elsewhere() -> None:  # some library's own loop, not a kernel's
        job.roll(9)
        assert len(table.view["rows"]) == 1

    worker = threading.Thread(target=lambda: asyncio.run(elsewhere()))
    worker.start()
    worker.join(30)
    assert len(table.view["rows"]) == 1


def test_a_closed_widget_is_not_kept_alive() -> None:
    job = _job()
    table = JobTable(job)
    table.close()
    del table
    gc.collect()
    job.roll(9)  # the dead observer is dropped, nothing raises
    seen = []
    stop = job.observe(lambda j: seen.append(len(j.rows)))
    job.roll(9)
    stop()
    job.roll(9)
    assert seen == [2]


def test_a_combat_table_and_a_sector_explorer_follow_code() -> None:
    from kit.successors.combat import Battle, Side
    from kit.successors.sector import generate_sector
    from kit.widgets import CombatTable, SectorExplorer

    battle = Battle([Side("A", ships={"Cruiser": 3}), Side("B", ships={"Frigate": 4})], seed=2)
    table = CombatTable(battle)
    assert table.view["next_phase"] == "order" and table.view["log"] == []
    battle.step_phase()  # a code cell plays the order-of-battle phase
    assert table.view["next_phase"] != "order" and table.view["log"]
    battle.undo()
    assert table.view["next_phase"] == "order"

    sector = generate_sector(60, seed=7)
    explorer = SectorExplorer(sector, origin=0, destination=10)
    before = explorer.route_view["expected_days"]
    route = sector.route(0, 10)
    for leg in route.legs:  # fly the route twenty times: every jump on it becomes locked
        sector.record_jump(leg.a, leg.b, times=20)
    assert explorer.route_view["expected_days"] < before


def test_gm_hints_beside_a_decision_follow_the_state_and_switch_off() -> None:
    import kit
    from kit.boards import LimitBoard

    crew = [Operative("Vex", "Face"), Operative("Oro", "Hacker")]
    job = Job("heist", 4, 5, crew, seed=1)
    table = JobTable(job)
    assert table.view["advice"] is None  # nothing to decide
    job.roll(2)  # a 2 on the heist table is a Knockout: whom does it take?
    expected = kit.advice(job)
    assert table.view["advice"]["options"] == expected.options
    assert table.view["advice"]["best"] == expected.best
    table.hints = False
    assert table.view["advice"] is None
    table.hints = True
    job.undo()
    assert table.view["advice"] is None

    vault = LimitBoard([6, 8, 5, 7], 2)
    w = BoardWidget(vault)
    expected = kit.advice(vault)
    assert w.view["advice"]["options"] == expected.options
    assert w.view["advice"]["best_slot"] == expected.answer()  # the slot behind the label
    vault.check(12, slot=1)
    assert w.view["advice"]["options"] == kit.advice(vault).options
    assert "slot 1" not in " ".join(w.view["advice"]["options"])


def test_the_combat_hint_answers_the_pending_allocation_and_goes_with_it() -> None:
    from kit.successors.combat import Battle, Side
    from kit.widgets import CombatTable

    battle = Battle([Side("A", ships={"Cruiser": 3}), Side("B", ships={"Frigate": 4})], seed=2)
    table = CombatTable(battle, allocate_sides=[1])
    table.step_round()
    assert table.pending is not None and table.view["advice"] is None
    advice = table.advise(n=60)
    hint = table.view["advice"]
    assert hint["options"] == advice.options and hint["best"] == advice.best
    assert set(hint["stderr"]) == set(advice.options)
    table.hints = False
    assert table.view["advice"] is None
    table.hints = True
    table.allocate(None)  # the decision is answered: its hint goes with it
    assert table.view["advice"] is None


def test_the_players_record_uses_the_same_observers() -> None:
    import pytest

    from kit.errors import InvalidType
    from kit.successors.knowledge import Knowledge

    record = Knowledge()
    heard: list[int] = []

    def hear(rec: Knowledge) -> None:
        heard.append(len(rec.log))

    record.observe(hear)
    record.reveal("Vedra")
    record.unobserve(hear)
    record.reveal("Kanote")
    assert heard == [1]
    with pytest.raises(InvalidType, match="callable"):
        record.observe("not a function")  # type: ignore[arg-type]
