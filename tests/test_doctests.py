"""Every docstring example in the kit runs, and so does the README's Python.

The modules are found by walking the ``kit`` package (not by globbing files), so a module that
fails to import fails here by name. Each module is one test; a failing example is reported with
the doctest's own expected/got output.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import kit

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _kit_modules() -> list[str]:
    names = ["kit"]
    for info in pkgutil.walk_packages(kit.__path__, prefix="kit."):
        if info.name.endswith("__main__"):
            continue  # running it would start the command-line tool
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _kit_modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    failures: list[str] = []
    for test in finder.find(module, name):
        if not test.examples:
            continue
        out: list[str] = []
        result = runner.run(test, out=out.append, clear_globs=True)
        if result.failed:
            failures.append("".join(out))
    assert not failures, "\n".join(failures)


def _readme_python_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE)


def test_readme_has_python_examples() -> None:
    assert _readme_python_blocks(), "the README's Python blocks were not found"


def test_readme_python_blocks_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The blocks run in order in one namespace, as a reader pasting them into a notebook would."""
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__readme__"}
    for number, block in enumerate(_readme_python_blocks(), start=1):
        code = compile(block, f"README.md python block {number}", "exec")
        exec(code, namespace)
