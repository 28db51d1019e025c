"""Click the star system explorer and the sector explorer in JupyterLab; check Python agrees."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

SYSTEM = """\
from kit.successors.stars import generate_system
from kit.widgets.stars import StarSystemExplorer, SectorExplorer
seed = next(i for i in range(500) if len(generate_system(i).orbits) >= 5)
explorer = StarSystemExplorer(seed=seed)
explorer"""
SYSTEM_STATE = "print(explorer.system.seed, explorer.selected, explorer.mode, repr(explorer.error))"
SECTOR = """\
from kit.successors.sector import generate_sector
sector = generate_sector(400, seed=7)
sector.add_gate(0, 250, 2)
sectors = SectorExplorer(sector, origin=0, destination=30)
sectors"""
SECTOR_STATE = (
    "r = sectors.route\n"
    "print(r.systems[0], r.systems[-1], r.navigator.information, "
    "r.mode, sectors.selected, repr(sectors.error))"
)


def test_explorers_by_clicking(notebook):
    nb = notebook("star_widgets.ipynb", [SYSTEM, SYSTEM_STATE, SECTOR, SECTOR_STATE])
    nb.run_all()
    page = nb.page
    star = page.locator(".gmk-star-explorer").first
    star.locator(".gmk-stars-orbit").first.wait_for(timeout=30_000)
    seed = int(nb.run_cell(1).split()[0])

    # pick orbit 2 for its details
    star.locator('.gmk-stars-orbit[data-orbit="2"]').click()
    star.locator(".gmk-stars-orbit.gmk-selected").wait_for(timeout=10_000)
    assert "Orbit 2" in star.locator(".gmk-stars-details .gmk-title").text_content()
    assert nb.run_cell(1).split()[:3] == [str(seed), "2", "gm"]
    nb.screenshots_light_dark("star-explorer", ".gmk-star-explorer")
    star.scroll_into_view_if_needed()
    page.wait_for_timeout(800)
    nb.screenshot("star-explorer-with-figure")

    # re-roll from a typed seed, then a bad seed shows an error and keeps the system
    star.locator(".gmk-stars-seed").fill("12345")
    star.locator(".gmk-stars-reroll").click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-star-explorer .gmk-stars-seed').value === '12345'"
    )
    # the input shows the typed seed at once; the re-roll reaches the kernel a moment later
    # (on a busy machine after the next cell has run), so ask Python until it has it
    for _ in range(20):
        out = nb.run_cell(1).split()
        if out[:1] == ["12345"]:
            break
        page.wait_for_timeout(500)
    assert out[:3] == ["12345", "0", "gm"], out
    star.locator(".gmk-stars-mode").select_option("player")
    page.wait_for_function(
        "() => !!document.querySelector('.gmk-star-explorer .gmk-fam-unknown')"
        " || document.querySelectorAll('.gmk-star-explorer .gmk-stars-orbit').length === 0"
    )
    assert nb.run_cell(1).split()[2] == "player"

    # the sector explorer: plan with other ranks and mode, then open a system from the route
    sec = page.locator(".gmk-sector-explorer").first
    sec.locator(".gmk-sector-summary").wait_for(timeout=30_000)
    sec.locator("label:has-text('Information') input").fill("3")
    sec.locator(".gmk-sector-mode").select_option("jumps")
    sec.locator(".gmk-sector-plan").click()
    page.wait_for_timeout(500)
    out = nb.run_cell(3).split()
    assert out[:4] == ["0", "30", "3", "jumps"], out
    stop = sec.locator(".gmk-sector-stop").nth(1)
    index = stop.get_attribute("data-index")
    stop.locator(".gmk-linklike").click()
    sec.locator(".gmk-sector-system").wait_for(timeout=10_000)
    out = nb.run_cell(3).split()
    assert out[4] == index, out
    nb.screenshots_light_dark("sector-explorer", ".gmk-sector-explorer")
    # a typo in the origin shows inline and the route stays
    sec.locator(".gmk-sector-origin").fill("Nowhere")
    sec.locator(".gmk-sector-plan").click()
    sec.locator(".gmk-error:has-text('Nowhere')").wait_for(timeout=10_000)
    out = nb.run_cell(3).split()
    assert out[:4] == ["0", "30", "3", "jumps"], out
    nb.screenshot("sector-explorer-map")
    assert nb.kit_errors() == []
