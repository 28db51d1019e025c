"""Play a board widget by clicking in JupyterLab and check the Python board agrees."""

from __future__ import annotations

import json

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

SETUP = """\
from kit.boards import Card, Chase, Contest, LimitBoard, StandardBoard, BoardRules
from kit.widgets.boards import BoardWidget
bomb = StandardBoard([Card(5, "clubs"), Card(4, "spades"), Card(7, "hearts"), Card(6, "diamonds")],
                     goal=3, modifiers={2: 1}, title="Disarm the bomb")
BoardWidget(bomb)"""
STATE = (
    "print(bomb.successes, bomb.failures, bomb.finished, bomb.goal_reached, "
    "[r.placed for r in bomb.history], [r.penalty for r in bomb.history])"
)
OTHERS = """\
vault = LimitBoard([Card(6, "spades"), Card(8, "hearts"), Card(5, "diamonds"), Card(7, "clubs"), Card(4, "hearts")],
                   need=3, hidden=[2, 4], modifiers={5: 2}, title="Crack the vault")
debate = Contest([Card(5, "hearts"), Card(6, "clubs"), Card(7, "spades"), Card(6, "diamonds"), Card(5, "spades")],
                 title="Debate at the guild hall")
debate.exchange(9, 4, "Persuasion: Argue"); debate.exchange(6, 8); debate.exchange(9, 5, "Persuasion: Argue")
chase = Chase([Card(6, "clubs"), Card(7, "hearts"), Card(5, "spades"), Card(8, "diamonds"), Card(6, "hearts"),
               Card(7, "spades")], head_start=True, rules=BoardRules(npc_chance=0.6), seed=4, title="Rooftop chase")
chase.check(8, "Athletics: Run"); chase.check(3)
import ipywidgets
ipywidgets.VBox([BoardWidget(vault), BoardWidget(debate), BoardWidget(chase)])"""
VAULT = (
    "print(vault.successes, vault.failures, [r.slot for r in vault.history], vault.is_face_down(2))"
)


def _play(page, board, value, skill, rows):
    board.locator(".gmk-board-value").fill(str(value))
    skill_input = board.locator(".gmk-board-skill")
    skill_input.fill(skill)
    page.wait_for_timeout(250)
    board.locator(".gmk-board-check").click()
    board.locator(".gmk-board-hist tr").nth(rows).wait_for(timeout=10_000)


def test_play_the_bomb_by_clicking(notebook):
    nb = notebook("boards_widget.ipynb", [SETUP, STATE, OTHERS, VAULT])
    nb.run_all()
    page = nb.page
    board = page.locator(".gmk-board").first
    board.locator(".gmk-card").first.wait_for(timeout=30_000)
    assert board.locator(".gmk-card").count() == 4

    _play(page, board, 6, "Investigation: Mechanical Workings", 1)
    _play(page, board, 4, "Tinker: Disable Device", 2)
    _play(page, board, 8, "Persuasion: Calm", 3)
    # The skill picker shows the penalty a repeated specific skill would carry.
    board.locator(".gmk-board-skill").fill("Tinker: Disable Device")
    page.wait_for_function(
        "() => document.querySelector('.gmk-board .gmk-board-penalty').textContent.includes('+2')"
    )
    _play(page, board, 3, "Tinker: Repair", 4)
    banner = board.locator(".gmk-board-banner")
    assert "gmk-failure" in banner.get_attribute("class")
    assert "goal missed" in banner.text_content().lower()
    assert board.locator(".gmk-mini-failure").count() == 2
    assert board.locator(".gmk-mini-success").count() == 2
    out = nb.run_cell(1)
    assert out.strip() == "2 2 True False [1, 4, 2, 3] [0, 0, 0, 0]", out
    nb.screenshots_light_dark("board-standard", ".gmk-board")

    board.locator(".gmk-board-undo").click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-board .gmk-board-hist').querySelectorAll('tr').length === 4"
    )
    out = nb.run_cell(1)
    assert out.strip() == "2 1 False False [1, 4, 2] [0, 0, 0]", out

    # A limit board: pick a face-down card by clicking it, then check.
    vault = page.locator('.gmk-board[data-kind="limit"]')
    vault.locator(".gmk-card.gmk-face-down").first.click()
    vault.locator(".gmk-board-value").fill("9")
    vault.locator(".gmk-board-check").click()
    vault.locator(".gmk-board-hist tr").nth(1).wait_for(timeout=10_000)
    out = nb.run_cell(3)
    assert out.strip() == "1 0 [2] False", out
    # The odds follow the check distribution typed in; a bad expression is explained inline.
    checks = vault.locator(".gmk-board-checks")
    checks.fill("2x6")
    checks.press("Enter")
    vault.locator(".gmk-board-odds-error").wait_for(timeout=10_000)
    checks.fill("2d6+10")
    checks.press("Enter")
    vault.locator(".gmk-slot-odds").filter(has_text="100%").first.wait_for(timeout=10_000)
    checks.fill("2d6")
    checks.press("Enter")
    vault.locator(".gmk-slot-odds").filter(has_text="72%").first.wait_for(timeout=10_000)
    # A check without a number is refused inline and changes nothing.
    board.locator(".gmk-board-value").fill("")
    board.locator(".gmk-board-check").click()
    board.locator(".gmk-board-error").filter(has_text="type the check result").wait_for(
        timeout=10_000
    )
    out = nb.run_cell(1)
    assert out.strip() == "2 1 False False [1, 4, 2] [0, 0, 0]", out
    nb.screenshot("board-error", ".gmk-board")
    for kind in ("limit", "contest", "chase"):
        nb.screenshots_light_dark(f"board-{kind}", f'.gmk-board[data-kind="{kind}"]')
    assert nb.kit_errors() == [], nb.kit_errors()


PARTY = """\
from kit.boards import StandardBoard
from kit.widgets.boards import BoardWidget
wire = StandardBoard([6, 6, 7, 4], goal=3, title="The bomb")
party = {"Tinker: Disable Device": "2d6+3", "Persuasion: Calm": None}
BoardWidget(wire, party=party)"""
PARTY_STATE = """\
import json
from kit.boards.advice import skill_advice
a = skill_advice(wire, party)
print(json.dumps(f"best {a.best} {100 * a.options[a.best]:.1f}%"))"""


def test_the_skill_hint_names_the_advisors_skill_and_follows_a_check(notebook):
    """The hint beside the board is the advisor's answer (read in Python), and after a check
    played by clicking it changes to the advisor's answer for the new position."""
    nb = notebook("board_skill_hint.ipynb", [PARTY, PARTY_STATE])
    nb.run_all()
    page = nb.page
    board = page.locator(".gmk-board")
    hint = board.get_by_role("note", name="skill hint")
    hint.wait_for(timeout=30_000)
    assert json.loads(nb.run_cell(1)) in hint.inner_text()
    _play(page, board, 9, "Tinker: Disable Device", 1)
    page.wait_for_function(
        "() => (document.querySelector('.gmk-board-skill-hint')?.textContent || '').includes('+2')",
        timeout=15_000,
    )
    assert json.loads(nb.run_cell(1)) in hint.inner_text()
    nb.screenshots_light_dark("board-skill-hint", ".gmk-board")
    assert nb.kit_errors() == [], nb.kit_errors()
