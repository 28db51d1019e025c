"""What the handout tests share: the GM and player texts of one object in every format, and a
job whose operative's name is an HTML attack."""

from __future__ import annotations

import pytest

from kit.handouts import handout
from kit.regulus import Job, Operative

EVIL = "<img src=x onerror=alert(1)>"

VARIANTS = [
    {"fmt": "markdown"},
    {"fmt": "html"},  # figures as static SVG
    {"fmt": "html", "plotlyjs": "cdn"},  # figures as plotly JSON, hover text included
]


def _both(obj, **options) -> tuple[str, str]:
    gm = "\n".join(handout(obj, **v, **options) for v in VARIANTS)
    player = "\n".join(handout(obj, audience="player", **v, **options) for v in VARIANTS)
    return gm, player


@pytest.fixture
def both():
    """``both(obj, **options)``: (GM text, player text) in Markdown and HTML (static and
    interactive figures), joined, so a secret in any of them shows."""
    return _both


@pytest.fixture
def evil():
    """The name of the :func:`job` fixture's first operative: an HTML attack."""
    return EVIL


@pytest.fixture
def job():
    j = Job(
        "heist", 4, 5, [Operative(EVIL, "Face", ["invite"]), Operative("Oro", "Hacker")], seed=1
    )
    j.roll(10)
    j.note(1, "the guard is Oro's cousin")
    j.adjust(heat=1, note="GM only")
    return j
