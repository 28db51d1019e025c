"""Lazy packages (kit.lazy): a public name loads its submodule the first time it is read, a
name shadowed by its own submodule stays the function, and an unknown name is an
AttributeError naming the package."""

from __future__ import annotations

import importlib
import sys
import textwrap

import pytest

PACKAGE = "lazy_probe_pkg"


@pytest.fixture
def probe(tmp_path, monkeypatch):
    """A throwaway package built on kit.lazy: ``double`` in ``maths``, ``odds`` in ``odds``."""
    root = tmp_path / PACKAGE
    root.mkdir()
    (root / "__init__.py").write_text(
        textwrap.dedent(
            """
            from kit.lazy import lazy_package
            __all__ = ["double", "odds"]
            __getattr__, __dir__ = lazy_package(
                __name__, {"double": "maths", "odds": "odds"}, frozenset({"odds"})
            )
            """
        )
    )
    (root / "maths.py").write_text("def double(x):\n    return 2 * x\n")
    (root / "odds.py").write_text("def odds():\n    return 'the function'\n")
    (root / "sibling.py").write_text("from . import odds as _odds_module\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield importlib.import_module(PACKAGE)
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def test_a_name_loads_its_submodule_on_first_use_only(probe):
    assert f"{PACKAGE}.maths" not in sys.modules
    assert probe.double(21) == 42
    assert f"{PACKAGE}.maths" in sys.modules
    assert "double" in vars(probe)  # later reads skip the lookup


def test_a_shadowed_name_stays_the_function_when_a_sibling_imports_the_module(probe):
    importlib.import_module(f"{PACKAGE}.sibling")  # binds the package's "odds" to the module
    assert probe.odds() == "the function"


def test_dir_lists_the_public_names_before_they_load(probe):
    assert {"double", "odds"} <= set(dir(probe))


def test_an_unknown_name_is_an_attribute_error_naming_the_package(probe):
    with pytest.raises(AttributeError, match=f"module '{PACKAGE}' has no attribute 'triple'"):
        probe.triple  # noqa: B018


def test_the_kits_lazy_packages_keep_their_shadowed_functions():
    import kit.boards
    import kit.boards.odds  # the submodule of the same name

    assert callable(kit.boards.odds) and kit.boards.odds.__name__ == "odds"
