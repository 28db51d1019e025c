"""Tests mirror the code (issue #33): each public module of the kit has a test file of its name.

``kit/<package>/<module>.py`` is mirrored by ``tests/<package>/test_<module>.py`` and a package
(``kit/<package>/__init__.py``) by the folder ``tests/<package>/``. A module directly under
``kit/`` may be mirrored at the top (``tests/test_<module>.py``) or in one of the folders that
group the top-level modules by layer (:data:`GROUPS`). A module is public when no part of its
dotted name starts with ``_``.

A module tested elsewhere (through its package, or by a file named for a behaviour) is listed
in :data:`EXEMPT` with where and why; the list only shrinks: an exemption whose module now has
its mirrored file, or is gone, fails the test. A mirrored file holds real tests, not an empty
placeholder.
"""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import kit

TESTS = Path(__file__).resolve().parent
#: Folders of tests/ that hold the tests of modules directly under kit/, grouped by layer.
GROUPS = ("foundation", "store", "campaign", "registry", "advisor")

#: Public modules without a mirrored test file -> where they are tested, or why not. Empty
#: since 0.4.0: every public module has its file; a new exemption needs a reason here.
EXEMPT: dict[str, str] = {}


def public_modules() -> list[tuple[str, bool]]:
    """Every public module of the kit below ``kit`` itself, with whether it is a package."""
    return sorted(
        (info.name, info.ispkg)
        for info in pkgutil.walk_packages(kit.__path__, prefix="kit.")
        if not any(part.startswith("_") for part in info.name.split(".")[1:])
    )


def mirrors(name: str, is_package: bool) -> list[Path]:
    """Where a module's tests may live: any one of these paths existing mirrors it."""
    parts = name.split(".")[1:]
    if is_package:
        return [TESTS.joinpath(*parts)]
    if len(parts) == 1:
        file = f"test_{parts[0]}.py"
        return [TESTS / file] + [TESTS / group / file for group in GROUPS]
    return [TESTS.joinpath(*parts[:-1], f"test_{parts[-1]}.py")]


def mirrored(name: str, is_package: bool) -> bool:
    return any(path.exists() for path in mirrors(name, is_package))


def test_every_public_module_has_its_test_file_or_a_reason():
    missing = [
        f"{name} -> {mirrors(name, pkg)[0].relative_to(TESTS.parent)}"
        for name, pkg in public_modules()
        if not mirrored(name, pkg) and name not in EXEMPT
    ]
    assert not missing, (
        "write the mirrored test file, or list the module in EXEMPT with where it is tested:\n"
        + "\n".join(missing)
    )


def test_the_exemptions_only_shrink():
    modules = dict(public_modules())
    stale = [m for m in EXEMPT if m not in modules or mirrored(m, modules[m])]
    assert not stale, f"mirrored now (or gone), drop from EXEMPT: {stale}"
    assert all(reason.strip() for reason in EXEMPT.values())


def test_a_mirrored_file_holds_real_tests():
    empty = []
    for name, pkg in public_modules():
        for path in mirrors(name, pkg):
            files = sorted(path.glob("test_*.py")) if pkg and path.is_dir() else [path]
            for file in files:
                if not file.is_file():
                    continue
                tree = ast.parse(file.read_text(encoding="utf-8"))
                if not any(
                    isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and node.name.startswith("test")
                    for node in ast.walk(tree)
                ):
                    empty.append(str(file.relative_to(TESTS.parent)))
    assert not empty, f"a test file without a test: {sorted(set(empty))}"


def test_the_layout_rule_itself():
    assert mirrors("kit.boards.standard", False) == [TESTS / "boards" / "test_standard.py"]
    assert mirrors("kit.screen", True) == [TESTS / "screen"]
    assert TESTS / "foundation" / "test_dice.py" in mirrors("kit.dice", False)
    assert mirrored("kit.dice", False) and mirrored("kit.players", True)
