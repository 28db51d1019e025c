"""Build TanRac and his starting fleet by clicking in JupyterLab; check the Python objects agree."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ENTITY = """\
from kit.successors import Entity, Fleet
from kit.widgets.successors import EntityBuilder, FleetBuilder, ShipDesigner
eb = EntityBuilder(Entity("Nameless", points=10, sex="Male", side="Vontuni Empire"), seed=7)
eb"""
ENTITY_STATE = (
    "e = eb.entity; print(e.name, [e.base(a) for a in ('battle', 'control', 'handling', "
    "'information', 'sensors')], e.signature, e.edges_and_flaws_text(), "
    "eb.view['points_left'], repr(eb.error))"
)
FLEET = """\
tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2,
                edges=["Cross-Trained"], flaws=["Still at War"], sex="Male", side="Vontuni Empire")
fb = FleetBuilder(Fleet(tanrac, budget=32))
fb"""
FLEET_STATE = (
    "f = fb.fleet; print(f.counts(), len(f.controlled), f.spent, f.remaining, "
    "f.attack_pool('main'), repr(fb.panel.error[:40]))"
)
DESIGNER = """\
sd = ShipDesigner(compare="Fortress")
sd"""
DESIGNER_STATE = (
    "print(sd.design.battle, sd.design.drive, sd.design.cost, sd.view['compare']['same'])"
)


def _click_and_wait(page, root_sel, button_sel, check_js, arg=None):
    page.locator(f"{root_sel} {button_sel}").first.click()
    page.wait_for_function(check_js, arg=arg, timeout=10_000)


def _rank_is(page, ability, text):
    page.wait_for_function(
        """([a, t]) => { const r = document.querySelector(`.gmk-entity-builder .gmk-ability[data-ability="${a}"] .gmk-rank`);
        return r && r.textContent === t; }""",
        arg=[ability, text],
        timeout=10_000,
    )


def test_entity_and_fleet_builders_by_clicking(notebook):
    nb = notebook(
        "successors_widgets.ipynb",
        [ENTITY, ENTITY_STATE, FLEET, FLEET_STATE, DESIGNER, DESIGNER_STATE],
    )
    nb.run_all()
    page = nb.page
    eb = page.locator(".gmk-entity-builder")
    eb.locator(".gmk-ability").first.wait_for(timeout=30_000)

    # ---- Entity builder: spend Joe's 10 points as TanRac does.
    for ability, times in (
        ("battle", 3),
        ("control", 3),
        ("handling", 2),
        ("information", 1),
        ("sensors", 1),
    ):
        for i in range(times):
            eb.locator(f'.gmk-ability[data-ability="{ability}"] .gmk-plus').click()
            _rank_is(page, ability, str(2 + i))
    assert "0 of 10 points left" in eb.locator(".gmk-points-left").text_content()
    # A name with markup stays text.
    eb.locator(".gmk-name").fill("TanRac <b>the Bold</b>")
    eb.locator(".gmk-name").press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.gmk-entity-builder .gmk-sheet-val').textContent.includes('<b>')"
    )
    assert eb.locator(".gmk-sheet b").count() == 0
    eb.locator(".gmk-name").fill("TanRac")
    eb.locator(".gmk-name").press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.gmk-entity-builder .gmk-sheet-val').textContent === 'TanRac'"
    )
    # Edge first: the balance turns into a soft warning, then the Flaw balances it.
    eb.locator(".gmk-pick-edge").select_option("Cross-Trained")
    eb.locator(".gmk-add-edge").click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-entity-builder .gmk-warning')?.textContent.includes('Flaws must be')"
    )
    eb.locator(".gmk-pick-flaw").select_option("Still at War")
    eb.locator(".gmk-add-flaw").click()
    page.wait_for_function("() => !!document.querySelector('.gmk-entity-builder .gmk-legal')")
    out = nb.run_cell(1)
    assert out.strip() == "TanRac [4, 4, 3, 2, 2] 4 Cross-Trained, Still at War. 0 ''", out
    sheet = eb.locator(".gmk-sheet").text_content()
    assert "BATTLE4" in sheet.replace(" ", "") and "SIGNATURE4" in sheet.replace(" ", "")
    nb.screenshots_light_dark("successors-entity-builder", ".gmk-entity-builder")

    # Roll with the seed box: seed 7 is recorded and every ability goes back to 1.
    eb.locator(".gmk-roll").click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-entity-builder .gmk-points-left')?.textContent.includes('seed') || document.querySelector('.gmk-entity-builder .gmk-muted')?.textContent.includes('seed 7')"
    )
    out = nb.run_cell(1)
    assert "[1, 1, 1, 1, 1]" in out and "Cross-Trained, Still at War." in out, out
    eb.locator(".gmk-undo").click()
    _rank_is(page, "battle", "4")

    # ---- Fleet builder: filter the catalog, buy, put ships under Control.
    fb = page.locator(".gmk-fleet-builder")
    fb.locator(".gmk-catalog tbody tr").first.wait_for(timeout=30_000)
    assert fb.locator(".gmk-catalog tbody tr").count() == 55
    fb.locator(".gmk-filter").fill("gunboat")
    page.wait_for_function(
        "() => document.querySelectorAll('.gmk-fleet-builder .gmk-catalog tbody tr').length === 1"
    )
    fb.locator(".gmk-qty").fill("5")
    fb.locator(".gmk-qty").press("Enter")
    fb.locator('.gmk-catalog tr[data-ship="GUNBOAT"] .gmk-buy').click()
    page.wait_for_function(
        "() => document.querySelectorAll('.gmk-fleet-builder .gmk-token').length === 5"
    )
    fb.locator(".gmk-filter").fill("")
    fb.locator(".gmk-role-filter").select_option("static")
    page.wait_for_function(
        "() => document.querySelectorAll('.gmk-fleet-builder .gmk-catalog tbody tr').length === 5"
    )
    fb.locator(".gmk-qty").fill("10")
    fb.locator(".gmk-qty").press("Enter")
    fb.locator('.gmk-catalog tr[data-ship="SATELLITE"] .gmk-buy').click()
    page.wait_for_function(
        "() => document.querySelectorAll('.gmk-fleet-builder .gmk-token').length === 15"
    )
    fb.locator(".gmk-role-filter").select_option("carrier")
    fb.locator(".gmk-qty").fill("1")
    fb.locator(".gmk-qty").press("Enter")
    fb.locator('.gmk-catalog tr[data-ship="TUG"] .gmk-buy').click()
    page.wait_for_function(
        "() => document.querySelectorAll('.gmk-fleet-builder .gmk-token').length === 16"
    )
    sats = fb.locator('.gmk-group[data-ship="SATELLITE"] .gmk-token')
    for i in range(4):
        sats.nth(i).click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.gmk-fleet-builder .gmk-token.gmk-controlled').length === n",
            arg=i + 1,
        )
    # A fifth is past TanRac's Control 4: refused inline, nothing changes.
    sats.nth(4).click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-fleet-builder .gmk-error')?.textContent.includes('at most 4')"
    )
    assert fb.locator(".gmk-token.gmk-controlled").count() == 4
    nb.screenshot("successors-fleet-control-refused", ".gmk-fleet-panel")
    out = nb.run_cell(3)
    assert out.strip() == (
        "{'GUNBOAT': 5, 'SATELLITE': 10, 'TUG': 1} 4 23.0 9.0 "
        "[4, 4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] "
        "'TanRac can hold at most 4 ships under Co'"
    ), out
    assert "5 dice at rank 4, 12 at rank 1" in fb.locator(".gmk-pool").text_content()
    # Over budget is only a warning.
    fb.locator(".gmk-role-filter").select_option("warship")
    fb.locator('.gmk-catalog tr[data-ship="CRUISER"] .gmk-buy').click()
    fb.locator('.gmk-catalog tr[data-ship="CRUISER"] .gmk-buy').click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-fleet-builder .gmk-warning')?.textContent.includes('over the budget')"
    )
    out = nb.run_cell(3)
    assert "'CRUISER': 2" in out and "39.0 -7.0" in out and "''" in out, out
    fb.locator(".gmk-catalog-wrap").evaluate("e => e.scrollTop = 0")
    page.locator(".gmk-fleet-builder .js-plotly-plot").nth(1).wait_for(timeout=30_000)
    nb.screenshots_light_dark("successors-fleet-builder", ".gmk-fleet-panel")
    nb.screenshots_light_dark("successors-fleet-charts", ".gmk-fleet-charts")

    # ---- Ship designer: rebuild the Fortress and see it match the catalog.
    sd = page.locator(".gmk-ship-designer")
    sd.locator(".gmk-opt-battle").fill("11")
    sd.locator(".gmk-opt-battle").press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.gmk-ship-designer .gmk-opt-battle').value === '11' && document.querySelector('.gmk-ship-designer .gmk-cost-stat').textContent.includes('22')"
    )
    sd.locator(".gmk-opt-extra_hits").fill("2")
    sd.locator(".gmk-opt-extra_hits").press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.gmk-ship-designer .gmk-cost-stat').textContent.includes('28')"
    )
    sd.locator(".gmk-opt-drive").select_option("immobile")
    page.wait_for_function(
        "() => document.querySelector('.gmk-ship-designer .gmk-compare-section').textContent.includes('same design')"
    )
    out = nb.run_cell(5)
    assert out.strip() == "11 immobile 14.0 True", out
    nb.screenshots_light_dark("successors-ship-designer", ".gmk-ship-designer")
    assert nb.kit_errors() == []
