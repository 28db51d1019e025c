"""The player screen's fixed page, style and script (kit.screen.assets): every section and
figure the server renders has its place on the page, and the page needs no network."""

from __future__ import annotations

import json
import re

from kit.players import project
from kit.screen.assets import PAGE, POLL_MS, SCRIPT, STYLE
from kit.screen.render import render
from tests.factories import make_campaign


def test_every_rendered_section_and_figure_has_its_element_on_the_page():
    content = json.loads(render(project(make_campaign())))
    ids = set(re.findall(r'id="([^"]+)"', PAGE))
    assert set(content["sections"]) <= ids
    assert set(content["figures"]) <= ids
    assert {"gmk-title", "gmk-status"} <= ids  # the script writes the title and its status


def test_the_page_loads_its_files_from_the_screen_itself():
    sources = re.findall(r'(?:src|href)="([^"]*)"', PAGE)
    assert sources and all(s.startswith("/") or s.startswith("data:") for s in sources)
    assert {"/screen.css", "/screen.js", "/plotly.js"} <= set(sources)
    assert "http" not in PAGE and "@import" not in STYLE


def test_the_script_polls_the_version_at_the_stated_interval():
    assert f"const POLL_MS = {POLL_MS};" in SCRIPT and "POLL_MS_VALUE" not in SCRIPT
    assert 'fetch("/version"' in SCRIPT and 'fetch("/content"' in SCRIPT
    # the user's text reaches the page as text: the title through textContent
    assert 'getElementById("gmk-title").textContent = c.title' in SCRIPT
