"""The Combat table asks the GM a Take-Over target and a retreat, not only hit placement.

Which ships a Take-Over may go for comes from the Successors text: a side needs 3 or more
Sensors successes on an enemy fleet to lock on to its ships; here the side starts with 5, so
both enemy ships are offered, and so is no attempt.
"""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput
from kit.successors.combat import Battle, RetreatAfter, Side
from kit.successors.combat.battle import label
from kit.successors.examples import takeover_duel
from kit.widgets import CombatTable


def _takeover_line(table: CombatTable, key: str) -> str:
    """How the log names a Take-Over roll on ``key`` (the ship in words, not its key)."""
    return f"rolls Take-Over on {label(table.battle, key)}"


def duel() -> Battle:
    return takeover_duel()


def msg(widget, **content):
    widget._on_msg(widget, content, None)


def until_asked(table: CombatTable) -> dict:
    for _ in range(40):
        if table.pending is not None or table.battle.over:
            break
        msg(table, action="step")
    assert table.pending is not None
    return table.pending


def test_a_takeover_target_is_asked_answered_and_logged() -> None:
    table = CombatTable(duel(), allocate_sides=[0], ask=["takeover"])
    d = until_asked(table)
    assert d["kind"] == "takeover" and d["options"] == ["1:1", "1:2"]
    assert table.view["pending"]["kind"] == "takeover"
    msg(table, action="advise")
    hint = table.view["advice"]
    assert set(hint["options"]) == {"SERVO 1:1", "CRUISER 1:2", "none"}
    msg(table, action="answer", value="1:1")
    assert table.pending is None and table.view["advice"] is None
    assert any(_takeover_line(table, "1:1") in line["text"] for line in table.view["log"])


def test_a_refused_takeover_answer_shows_inline_and_the_question_stays() -> None:
    table = CombatTable(duel(), allocate_sides=[0], ask=["takeover"])
    until_asked(table)
    before = len(table.battle.log)
    msg(table, action="answer", value="1:9")
    assert "1:9" in table.error and "allowed" in table.error
    assert table.pending is not None and len(table.battle.log) == before
    msg(table, action="default")  # the automatic choice: the dearer ship
    assert table.pending is None
    assert any(_takeover_line(table, "1:2") in line["text"] for line in table.view["log"])


def test_retreat_is_asked_when_named() -> None:
    battle = Battle(
        [Side("A", ships={"Cruiser": 8}), Side("B", ships={"Cruiser": 8})],
        seed=4,
    )
    table = CombatTable(battle, allocate_sides=[1], ask=["retreat"])
    d = until_asked(table)
    assert (d["kind"], d["side"]) == ("retreat", 1)
    assert d["default"] is False  # the automatic policy never retreats unless told a rule
    msg(table, action="answer", value=True)
    assert table.battle.state.sides[1].retreated
    assert table.battle.over and table.battle.result["sides"][1]["outcome"] == "retreated"


def test_the_default_retreat_answer_is_the_automatic_rule() -> None:
    """Default answers as the automatic policy's retreat rule would: RetreatAfter(1) leaves
    after the first round."""
    battle = Battle(
        [Side("A", ships={"Cruiser": 8}), Side("B", ships={"Cruiser": 8})],
        seed=4,
    )
    table = CombatTable(battle, allocate_sides=[1], ask=["retreat"])
    table.policy.retreat_rules = {1: RetreatAfter(1)}
    d = until_asked(table)
    assert d["kind"] == "retreat" and d["default"] is True
    msg(table, action="default")
    assert table.battle.state.sides[1].retreated


def test_asked_decisions_are_checked() -> None:
    with pytest.raises(InvalidInput, match="ask"):
        CombatTable(duel(), ask=["bribe"])


def test_a_decision_asked_in_a_cell_is_answered_from_the_table() -> None:
    """Battle.waiting is the one record: the table shows a question a cell's policy raised
    (it was already open), answers it through that policy, and the battle plays on."""
    from kit.successors.combat import DecisionNeeded, InteractivePolicy

    battle = duel()
    table = CombatTable(battle, allocate_sides=[])  # the table itself asks nothing
    cell_policy = InteractivePolicy(ask=("takeover",), sides=(0,))
    with pytest.raises(DecisionNeeded):
        for _ in range(40):
            battle.step_phase(cell_policy)
    asked = battle.waiting
    assert asked is not None and asked["kind"] == "takeover"
    assert battle.asked_by is cell_policy
    assert table.pending == asked and table.view["pending"]["kind"] == "takeover"
    events = len(battle.log)
    msg(table, action="answer", value="1:1")
    assert table.error == "" and battle.waiting is None and table.view["pending"] is None
    attempts = [e for e in battle.log if e.kind == "roll" and e["purpose"] == "takeover"]
    assert len(battle.log) > events and [e["unit"] for e in attempts] == ["1:1"]
    assert any(_takeover_line(table, "1:1") in line["text"] for line in table.view["log"])


def test_undo_with_a_question_waiting_drops_the_question_only() -> None:
    table = CombatTable(duel(), allocate_sides=[0], ask=["takeover"])
    until_asked(table)
    events = len(table.battle.log)
    msg(table, action="undo")
    assert table.pending is None and table.battle.waiting is None
    assert len(table.battle.log) == events


def buster_battle() -> Battle:
    """Side A's rank 5 Buster sits in the orbit with A's own Frigate and B's two Frigates."""
    return Battle(
        [Side("A", ships=["Frigate"], busters=(5,)), Side("B", ships=["Frigate", "Frigate"])],
        seed=3,
    )


def _buster_events(table: CombatTable) -> list[str]:
    return [e.kind for e in table.battle.log if "buster" in e.kind]


@pytest.mark.parametrize("explode", [True, False])
def test_the_table_asks_whether_a_buster_explodes(explode: bool) -> None:
    # ruling Successors 9: interactive play always asks, whatever the default policy would do
    table = CombatTable(buster_battle(), allocate_sides=[0])
    assert "detonate" in table.ask
    d = until_asked(table)
    while d["kind"] != "detonate":  # hits placed by default until the Buster question
        msg(table, action="default")
        d = until_asked(table)
    assert d["side"] == 0 and d["options"] == [0]
    assert table.view["pending"]["kind"] == "detonate"
    msg(table, action="answer", value=explode)
    assert table.error == "" and (table.pending is None or table.pending["kind"] != "detonate")
    assert bool(_buster_events(table)) is explode


def test_a_refused_buster_answer_shows_inline_and_the_question_stays() -> None:
    table = CombatTable(buster_battle(), allocate_sides=[0], ask=["detonate"])
    d = until_asked(table)
    assert d["kind"] == "detonate"
    msg(table, action="answer", value=["7"])
    assert "detonate" in table.error and table.pending is not None
