"""Every kind of kit widget in every front end anywidget serves: JupyterLab, Notebook 7, Voila.

One notebook shows one widget of each kind. In each front end each widget draws, takes a
click that goes to Python and back (the page changes only by what Python answers), and shows
its error banner, written by Python, on bad input. JupyterLab and Notebook 7 run the notebook
in the page; Voila runs it on the server and shows only the outputs, as on Binder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

CELLS = [
    """\
from kit.boards import StandardBoard
from kit.regulus import Job, Operative
from kit.successors import Entity, Fleet
from kit.successors.combat import Battle, Side
from kit.successors.sector import generate_sector
from kit.widgets import (BoardWidget, CombatTable, EntityBuilder, FleetBuilder, JobBuilder,
                         JobTable, SectorExplorer, ShipDesigner, StarSystemExplorer, Tuner)""",
    'JobTable(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1))',
    'BoardWidget(StandardBoard([6, 5, 7, 4], goal=3, title="Disarm the bomb"))',
    'CombatTable(Battle([Side("Raiders", ships={"Cruiser": 3}), Side("Guards", ships={"Frigate": 4})], seed=2))',
    'EntityBuilder(Entity("Nameless", points=10, sex="Male", side="Vontuni Empire"), seed=7)',
    'FleetBuilder(Fleet(Entity("TanRac", battle=4, control=4), budget=32))',
    'ShipDesigner(compare="Fortress")',
    "StarSystemExplorer(seed=2)",
    "SectorExplorer(generate_sector(60, seed=7), origin=0, destination=10)",
    "Tuner(target=0.6)",
    "JobBuilder()",
]


@dataclass(frozen=True)
class Kind:
    """How to drive one kind of widget: its root, a click and its answer, a bad input."""

    name: str
    root: str
    click: Callable[[Any], None]
    """Click something whose answer comes from Python."""
    answered: str
    """A JavaScript predicate on the root element: true once Python's answer is drawn."""
    bad: Callable[[Any], None]
    """Enter something the kit refuses."""
    banner: str = ".gmk-error"


def _fill(w: Any, selector: str, text: str) -> None:
    box = w.locator(selector).first
    box.fill(text)
    box.press("Enter")


def _combat_bad(w: Any) -> None:
    w.get_by_label("battles to simulate").fill("-5")
    w.locator("button[data-action=simulate]").click()


def _fleet_bad(w: Any) -> None:
    _fill(w, ".gmk-qty", "5000")
    w.locator('.gmk-catalog tr[data-ship="GUNBOAT"] .gmk-buy').click()


def _star_bad(w: Any) -> None:
    w.locator(".gmk-stars-seed").fill("1e30")
    w.locator(".gmk-stars-reroll").click()


def _sector_bad(w: Any) -> None:
    w.locator(".gmk-sector-origin").fill("Nowhere")
    w.locator(".gmk-sector-plan").click()


def _tuner_bad(w: Any) -> None:
    w.locator('.gmk-tuner-tab[data-system="board"]').click()
    w.locator(".gmk-tuner-length").wait_for(timeout=20_000)
    _fill(w, ".gmk-tuner-length", "12")


def _builder_bad(w: Any) -> None:
    w.get_by_placeholder("gig").first.fill("Wizard")
    w.get_by_placeholder("gig").first.press("Enter")


KINDS = [
    Kind(
        "job table",
        ".gmk-job-table",
        lambda w: w.locator("button.gmk-roll").click(),
        "(r) => !r.textContent.includes('No incidents yet')",
        lambda w: (w.locator("input.gmk-entry").fill("13"), w.locator("button.gmk-enter").click()),
    ),
    Kind(
        "board",
        ".gmk-board",
        lambda w: (_fill(w, ".gmk-board-value", "10"), w.locator(".gmk-board-check").click()),
        "(r) => r.querySelectorAll('.gmk-board-hist tr').length > 0",
        lambda w: (_fill(w, ".gmk-board-value", "-3"), w.locator(".gmk-board-check").click()),
    ),
    Kind(
        "combat table",
        ".gmk-combat",
        lambda w: w.locator("button[data-action=round]").click(),
        "(r) => !!r.querySelector('.gmk-pending') || r.querySelectorAll('.gmk-log-list li').length > 0",
        _combat_bad,
    ),
    Kind(
        "entity builder",
        ".gmk-entity-builder",
        lambda w: w.locator('.gmk-ability[data-ability="battle"] .gmk-plus').click(),
        "(r) => r.querySelector('.gmk-ability[data-ability=\"battle\"] .gmk-rank')?.textContent === '2'",
        lambda w: _fill(w, ".gmk-name", ""),
    ),
    Kind(
        "fleet builder",
        ".gmk-fleet-builder",
        lambda w: w.locator('.gmk-catalog tr[data-ship="GUNBOAT"] .gmk-buy').click(),
        "(r) => r.querySelectorAll('.gmk-token').length === 1",
        _fleet_bad,
    ),
    Kind(
        "ship designer",
        ".gmk-ship-designer",
        lambda w: w.locator(".gmk-opt-long_ranged").click(),
        "(r) => r.querySelector('.gmk-opt-long_ranged')?.checked === true && !r.querySelector('.gmk-error')?.textContent",
        lambda w: _fill(w, ".gmk-opt-battle", "-3"),
    ),
    Kind(
        "star system explorer",
        ".gmk-star-explorer",
        lambda w: w.locator('.gmk-stars-orbit[data-orbit="2"]').click(),
        "(r) => !!r.querySelector('.gmk-stars-orbit.gmk-selected')",
        _star_bad,
    ),
    Kind(
        "sector explorer",
        ".gmk-sector-explorer",
        lambda w: w.locator(".gmk-sector-plan").click(),
        "(r) => !!r.querySelector('.gmk-sector-route')",
        _sector_bad,
    ),
    Kind(
        "tuner",
        ".gmk-tuner",
        lambda w: w.locator(".gmk-tuner-use").first.click(),
        "(r) => !!r.querySelector('.gmk-tuner-chosen')",
        _tuner_bad,
        ".gmk-tuner-error",
    ),
    Kind(
        "job builder",
        ".gmk-job-builder",
        lambda w: w.get_by_role("button", name="Open job table").click(),
        "(r) => !!r.querySelector('.gmk-job-table')",
        _builder_bad,
        ".gmk-builder-error",
    ),
]


def _wait_root(page: Any, kind: Kind, predicate: str, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "([sel, src]) => { const r = document.querySelector(sel); return !!r && (eval(src))(r); }",
        arg=[kind.root, predicate],
        timeout=timeout,
    )


@pytest.mark.parametrize("front_end", ["lab", "notebook", "voila"])
def test_every_widget_draws_answers_and_refuses(notebook, front_end: str) -> None:
    nb = notebook(f"front_end_{front_end}.ipynb", CELLS, front_end=front_end)
    if front_end != "voila":
        nb.run_all(timeout=180_000)
    page = nb.page
    failures = []
    for kind in KINDS:
        shot = f"front-end-{front_end}-{kind.name.replace(' ', '-')}"
        step = "draws"
        try:
            _wait_root(page, kind, "(r) => r.getBoundingClientRect().height > 40", 120_000)
            w = page.locator(kind.root).first
            w.scroll_into_view_if_needed()
            step = "takes a click"
            kind.click(w)
            _wait_root(page, kind, kind.answered)
            step = "shows an error banner"
            kind.bad(w)
            _wait_root(
                page,
                kind,
                f"(r) => (r.querySelector('{kind.banner}')?.textContent || '').trim().length > 0",
            )
            nb.screenshot(shot, kind.root)
        except Exception as exc:  # one report for every widget, not only the first to fail
            failures.append(f"{kind.name}: {step}: {str(exc).splitlines()[0]}")
            nb.screenshot(shot + "-failed")
    assert failures == []
    assert nb.kit_errors() == [], "\n\n".join(nb.kit_errors())
