"""The rulings page names every option a GM can switch, and the README links to it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from kit.boards import BoardRules
from kit.regulus import RegulusRules
from kit.successors import SuccessorsRules
from kit.successors.combat import CombatRules
from kit.successors.sector import SectorRules
from kit.successors.stars import StarRules

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "rulings.md"
OPTIONS = [RegulusRules, BoardRules, SuccessorsRules, CombatRules, StarRules, SectorRules]


@pytest.mark.parametrize("cls", OPTIONS, ids=lambda c: c.__name__)
def test_every_option_is_on_the_rulings_page(cls: type) -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert f"`{cls.__name__}`" in text or cls.__name__ in text
    missing = [f.name for f in dataclasses.fields(cls) if f"`{f.name}" not in text]
    assert not missing, f"{cls.__name__} fields not explained in docs/rulings.md: {missing}"


def test_readme_links_the_rulings_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rulings.md" in readme


def test_no_dangling_reference_to_a_rulings_file_the_repo_lacks() -> None:
    """Docs and notebooks point at the kit's own page, not the project's private RULINGS.md."""
    offenders = []
    for path in [*ROOT.joinpath("kit").rglob("*.py"), *ROOT.joinpath("notebooks").glob("*.ipynb")]:
        if re.search(r"RULINGS\.md", path.read_text(encoding="utf-8")):
            offenders.append(str(path.relative_to(ROOT)))  # noqa: PERF401
    assert not offenders, f"these cite RULINGS.md; cite docs/rulings.md instead: {offenders}"
