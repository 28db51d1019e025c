"""The codebase gates run as part of ``pytest``: lint, formatting and type checks.

Each gate is the tool run as a subprocess from the repository root, configured by
``pyproject.toml``. Outside CI a missing tool skips its gate with the install hint; in CI
(``CI=true``) a missing tool is a failure, so a gate can never pass by not running.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[2]
LINTED = ["kit", "tests", "benchmarks", "tools"]
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def _run_tool(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(module) is None:
        message = f"{module} is not installed; pip install -e '.[test]' brings it"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _report(result: subprocess.CompletedProcess[str]) -> str:
    return (result.stdout + result.stderr).strip()[-8000:]


def test_ruff_check_is_clean() -> None:
    result = _run_tool("ruff", "check", "--no-cache", *LINTED)
    assert result.returncode == 0, _report(result)


def test_ruff_format_leaves_nothing_to_change() -> None:
    result = _run_tool("ruff", "format", "--check", "--no-cache", *LINTED)
    assert result.returncode == 0, _report(result)


@pytest.mark.slow
def test_mypy_is_clean_on_the_kit() -> None:
    result = _run_tool("mypy", "kit")
    assert result.returncode == 0, _report(result)


def test_mypy_runs_strict_on_the_whole_kit() -> None:
    """The gate above is strict mode for every module (#33), set once in pyproject.toml."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 on

    config = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    mypy = config["tool"]["mypy"]
    assert mypy.get("strict") is True and mypy.get("files") == ["kit"]
    for override in mypy.get("overrides", []):  # no module is let off strict mode
        assert override.keys() <= {"module", "ignore_missing_imports"}, override


def test_default_hypothesis_profile_is_the_reproducible_one() -> None:
    """Unless HYPOTHESIS_PROFILE picks another, property tests run derandomized (#17)."""
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "ci")
    if chosen != "ci":
        pytest.skip(f"HYPOTHESIS_PROFILE={chosen} was chosen for this run")
    current = settings()
    assert current.derandomize is True
    assert current.deadline is None
    assert current.print_blob is True
    dev = settings.get_profile("dev")
    assert dev.derandomize is False
    assert dev.max_examples == 10 * current.max_examples
