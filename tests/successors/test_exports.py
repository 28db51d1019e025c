"""What ``kit.successors`` offers: every public name resolves, is documented, and the Workshop
names load the combat engine only when first used."""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest

import kit.successors as successors

#: The names the builders' follow-ups made public (issues #10 and #12).
NEW_NAMES = (
    "Workshop",
    "BuildJob",
    "DayReport",
    "LooseObject",
    "HyperCannon",
    "Cube",
    "FeralPack",
    "Creation",
    "make_facet",
    "make_spawn",
    "reabsorb",
    "strengthen",
    "check_hyper_gate",
    "task_key",
)


def test_the_new_names_are_listed_and_resolve():
    assert set(NEW_NAMES) <= set(successors.__all__)
    assert len(successors.__all__) == len(set(successors.__all__))
    for name in successors.__all__:
        assert getattr(successors, name) is not None, name
    assert set(successors.__all__) <= set(dir(successors))


@pytest.mark.parametrize("name", sorted(successors.__all__))
def test_every_exported_class_and_function_has_a_docstring(name):
    obj = getattr(successors, name)
    if inspect.isclass(obj) or inspect.isfunction(obj):
        assert (obj.__doc__ or "").strip(), f"{name} has no docstring"


def test_workshop_helpers_are_documented():
    ws = successors.Workshop
    for method in (
        "add",
        "add_hulk",
        "add_object",
        "start_project",
        "start_ship",
        "install",
        "day",
    ):
        assert (getattr(ws, method).__doc__ or "").strip(), method


def test_importing_successors_does_not_load_the_combat_engine():
    code = (
        "import sys, kit.successors as s\n"
        "before = 'kit.successors.combat' in sys.modules\n"
        "from kit.successors import Workshop\n"
        "print(before, 'kit.successors.combat' in sys.modules, Workshop.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True", "kit.successors.combat.workshop"]


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Wrokshop'"):
        successors.Wrokshop  # noqa: B018
