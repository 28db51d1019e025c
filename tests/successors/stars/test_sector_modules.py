"""The sector package split along its seams (issue #12): rules, gates, names and generation in
their own modules, every old import path still working, old save files loading unchanged."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import kit.successors.sector as package
import kit.successors.sector.sector as sector_module
from kit.successors.sector.gates import HyperGate
from kit.successors.sector.generate import generate_sector
from kit.successors.sector.rules import STATUSES, SectorRules
from kit.successors.sector.sector import Sector, system_seed
from kit.successors.stars import generate_system

FIXTURES = Path(__file__).parent / "fixtures"
SOURCE = Path(package.__file__).parent


def test_every_name_the_sector_module_exported_is_still_there_and_the_same_object():
    """The names sector.py listed before the split resolve to the objects of the new modules;
    generate_sector, which builds a Sector, is the package's (sector.py forwarding it made an
    import circle)."""
    assert generate_sector is package.generate_sector
    assert not hasattr(sector_module, "generate_sector")
    assert sector_module.SectorRules is SectorRules is package.SectorRules
    assert sector_module.HyperGate is HyperGate is package.HyperGate
    assert sector_module.STATUSES is STATUSES
    # the save header of tests/store/fixtures/sector.json: "gm-kit/sector", version 1
    assert (sector_module.FORMAT, sector_module.VERSION) == ("sector", 1)
    assert sector_module.Sector is Sector is package.Sector
    assert package.system_seed is system_seed
    assert set(sector_module.__all__) == {
        "FORMAT",
        "STATUSES",
        "VERSION",
        "HyperGate",
        "Sector",
        "SectorRules",
        "system_seed",
    }


def test_the_options_live_in_the_rules_module():
    assert SectorRules.__module__ == "kit.successors.sector.rules"
    assert HyperGate.__module__ == "kit.successors.sector.gates"
    assert generate_sector.__module__ == "kit.successors.sector.generate"


def test_an_unknown_name_of_the_sector_module_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'generate_sectors'"):
        sector_module.generate_sectors  # noqa: B018
    with pytest.raises(ImportError, match="nothing_here"):
        exec("from kit.successors.sector.sector import nothing_here", {})


def _module_level_imports(path: Path) -> set[str]:
    """Relative modules a file imports when it loads (``TYPE_CHECKING`` blocks left out)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module)
    return found


def test_the_split_modules_import_downward_only():
    """rules, gates and names are leaves of the package; sector uses them; generate builds on
    sector. Nothing below imports what is above it, so no cycle can form among them."""
    assert _module_level_imports(SOURCE / "rules.py") == set()
    assert _module_level_imports(SOURCE / "gates.py") == set()
    assert _module_level_imports(SOURCE / "names.py") == set()
    assert {"rules", "gates", "names"} <= _module_level_imports(SOURCE / "sector.py")
    assert "generate" not in _module_level_imports(SOURCE / "sector.py")
    assert {"sector", "rules", "names"} <= _module_level_imports(SOURCE / "generate.py")


def test_a_sector_saved_before_the_split_loads_and_compares_equal():
    """The fixture was written by the code of commit 61e6b33 (before the split): 40 systems,
    seed 12, max range 9 ly, routes locked after 3 jumps; three jumps 0-1, one jump 2-3, a size
    2 gate 4-5, a gate 6-7 built then removed, and system 8 replaced by a GM edit."""
    text = (FIXTURES / "sector_events_v1.json").read_text()
    loaded = Sector.from_json(text)

    again = generate_sector(
        40, seed=12, rules=SectorRules(max_range=9.0, locked_after=3), name="Old Reach"
    )
    again.record_jump(0, 1, times=3)
    again.record_jump(2, 3)
    again.add_gate(4, 5, size=2)
    again.add_gate(6, 7)
    again.remove_gate(6, 7)
    again.set_system(8, generate_system(5, name="Edited"))
    assert loaded == again
    assert json.loads(loaded.to_json()) == json.loads(text)  # saved again: the same file

    # the derived state, from the events listed above
    assert loaded.history == {(0, 1): 3, (2, 3): 1}
    assert loaded.gates == [HyperGate(4, 5, 2)]
    assert loaded.status(0, 1) == "locked"  # 3 jumps, locked_after=3
    assert loaded.status(2, 3) == "known"  # 1 jump
    assert loaded.system(8).name == "Edited"


def test_a_saved_generated_sector_fixture_still_loads_equal():
    """tests/store/fixtures/sector.json holds generate_sector(200, seed=99, dims=3) as saved
    before the split."""
    raw = json.loads((FIXTURES.parents[2] / "store" / "fixtures" / "sector.json").read_text())
    loaded = Sector.from_json(json.dumps(raw["sector"]))
    assert loaded == generate_sector(200, seed=99, dims=3)
