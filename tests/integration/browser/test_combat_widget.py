"""The Combat table in a real JupyterLab: step a round by clicking, place hits by clicking
ships, and check the Python battle agrees; light and dark screenshots."""

import json

import pytest

pytestmark = pytest.mark.browser

SETUP = """\
from kit.successors import Entity
from kit.successors.combat import Battle, Side
from kit.widgets import CombatTable
rel = Entity("Releata", battle=8, control=3, handling=1, information=1, sensors=1,
             edges=["Combat Reflexes"], flaws=["Checkered Past", "No Memory"])
battle = Battle([Side("Releata <i>", rel, ships=[("Battleship", 2), ("Drone", 8)], controlled=(1, 2, 3)),
                 Side("Garrison", ships=[("Servo", 2), ("Drone", 8), ("Gunboat", 5), ("Frigate", 5),
                                         ("Cruiser", 5)])], seed=7)
table = CombatTable(battle, allocate_sides=[1], sim_n=2000)
table"""

STATE = """\
import json
print(json.dumps({"round": battle.round, "next": battle.next_phase, "events": len(battle.log),
                  "decisions": [e["targets"] for e in battle.log if e.kind == "decision" and e["side"] == 1]}))"""


TIMELINE = """\
import kit.figures
other = Battle(battle.sides, seed=11).run()
kit.figures.combat_timeline(other)"""


def test_combat_table_steps_a_round_and_places_hits(notebook):
    nb = notebook("combat_table.ipynb", [SETUP, STATE, TIMELINE])
    nb.run_all()
    page = nb.page
    w = page.locator(".gmk-combat")
    w.wait_for(timeout=30_000)
    assert "Releata <i>" in w.locator(".gmk-combat-side").first.inner_text()

    w.locator("button[data-action=round]").click()
    page.wait_for_selector(".gmk-combat .gmk-pending", timeout=15_000)
    text = w.locator(".gmk-pending").inner_text()
    hits = int(text.split("place ")[1].split(" hit")[0])
    # place every hit on the garrison's Cruisers (ids 21..25), clicking their tokens
    clicked = []
    for i in range(hits):
        key = f"1:{21 + i % 5}"
        clicked.append(key)
        w.locator(f".gmk-token[data-key='{key}']").click()
        if i < hits - 1:
            page.wait_for_function(
                "(n) => (document.querySelector('.gmk-combat .gmk-pending')?.textContent || '')"
                ".includes('(' + n + '/')",
                arg=i + 1,
                timeout=10_000,
            )
    # the last click confirms: the wave is played on the Python side with our targets. Hits whose
    # ship was gone by the time they landed come back as a smaller wave (no hit is lost).
    page.wait_for_function(
        "(n) => { const p = document.querySelector('.gmk-combat .gmk-pending');"
        " return !p || !p.textContent.includes('place ' + n + ' hit') ||"
        " document.querySelector('.gmk-combat .gmk-chip.gmk-phase-next')?.textContent !== 'First strike'; }",
        arg=hits,
        timeout=15_000,
    )
    # a phase enters the log once all its waves are placed: the rest take the default
    for _ in range(5):
        if not w.locator(".gmk-pending").count():
            break
        n = w.locator(".gmk-pending").inner_text().split("place ")[1].split(" hit")[0]
        assert int(n) < hits
        w.locator(".gmk-pending button", has_text="Default").click()
        page.wait_for_function(
            "(n) => { const p = document.querySelector('.gmk-combat .gmk-pending');"
            " return !p || !p.textContent.includes('place ' + n + ' hit'); }",
            arg=n,
            timeout=15_000,
        )
    state = json.loads(nb.run_cell(1))
    assert state["decisions"][0] == clicked
    # finish the round: further allocations take the default
    for _ in range(6):
        if w.locator(".gmk-pending").count():
            w.locator(".gmk-pending button", has_text="Default").click()
            page.wait_for_timeout(400)
            continue
        state = json.loads(nb.run_cell(1))
        if state["next"] == "order" and state["round"] == 1:
            break
        w.locator("button[data-action=round]").click()
        page.wait_for_timeout(600)
    state = json.loads(nb.run_cell(1))
    assert state["round"] == 1 and state["next"] == "order"
    assert w.locator(".gmk-log-list li").count() > 10

    w.locator("button[data-action=simulate]").click()
    page.wait_for_selector(".gmk-combat .gmk-combat-sim table", timeout=30_000)
    nb.screenshots_light_dark("combat-table", ".gmk-combat")
    if page.locator(".js-plotly-plot").count():
        nb.screenshots_light_dark("combat-timeline", ".js-plotly-plot")
    w.locator("button[data-action=undo]").click()
    page.wait_for_timeout(600)
    assert json.loads(nb.run_cell(1))["next"] == "retreat"
    assert nb.kit_errors() == []


TAKEOVER = """\
from kit.successors.examples import takeover_duel
from kit.widgets import CombatTable
duel = takeover_duel()
seize = CombatTable(duel, allocate_sides=[0], ask=["takeover"])
seize"""

TAKEOVER_STATE = """\
import json
print(json.dumps([e["unit"] for e in duel.log if e.kind == "roll" and e["purpose"] == "takeover"]))"""


def test_the_table_asks_a_takeover_target_with_a_hint_beside_it(notebook):
    """Five Sensors successes lock on to both enemy ships (the text's threshold is 3): the
    prompt offers each ship and no attempt; Advise puts the simulated chances beside it; a
    click answers, and the Python battle logs a Take-Over of the ship clicked."""
    nb = notebook("combat_takeover.ipynb", [TAKEOVER, TAKEOVER_STATE])
    nb.run_all()
    page = nb.page
    w = page.locator(".gmk-combat")
    w.wait_for(timeout=30_000)
    for _ in range(4):
        if w.locator(".gmk-pending").count():
            break
        w.locator("button[data-action=step]").click()
        page.wait_for_timeout(400)
    prompt = w.locator(".gmk-pending")
    prompt.wait_for(timeout=10_000)
    assert "Take-Over" in prompt.inner_text()
    assert prompt.get_by_role("button", name="Servo 1:1").count() == 1
    assert prompt.get_by_role("button", name="No attempt").count() == 1
    prompt.get_by_role("button", name="Advise").click()
    page.wait_for_selector(".gmk-combat .gmk-pending [role=note]", timeout=60_000)
    assert "CRUISER 1:2" in prompt.get_by_role("note").inner_text()
    nb.screenshots_light_dark("combat-takeover", ".gmk-combat")
    prompt.get_by_role("button", name="Servo 1:1").click()
    page.wait_for_function(
        "() => !document.querySelector('.gmk-combat .gmk-pending')", timeout=15_000
    )
    targets = json.loads(nb.run_cell(1))
    assert targets and targets[0] == "1:1"
    assert nb.kit_errors() == []
