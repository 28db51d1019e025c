"""Fixtures of the integration tier shared by folders: the documentation site, built once.

The docs site is built from the notebooks nbval ran earlier in the same session (see the
notebook capture in ``tests/conftest.py``): the tests that use :func:`docs_site` carry the
``notebook_outputs`` mark, which orders them after the notebooks; under pytest-xdist they wait
for the notebooks other workers run. Run alone, the build executes the notebooks itself.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class DocsSite:
    """A built documentation site and how it was built."""

    path: Path
    log: str
    seconds: float
    reused: int
    """Notebooks taken from this session's nbval run (the rest were executed by the build)."""


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory, executed_notebooks: Path) -> DocsSite:
    """``mkdocs build --strict`` of the whole site, with this session's executed notebooks."""
    if importlib.util.find_spec("mkdocs") is None:
        if os.environ.get("CI"):
            pytest.fail("mkdocs is part of the test extra and must be installed in CI")
        pytest.skip("mkdocs is not installed (pip install -e '.[docs]')")
    site = tmp_path_factory.mktemp("docs") / "site"
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "GMKIT_EXECUTED_NOTEBOOKS": str(executed_notebooks),
    }
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-f", str(ROOT / "mkdocs.yml"), "--strict"]
        + ["-d", str(site)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=900,
    )
    seconds = time.perf_counter() - start
    assert run.returncode == 0, run.stderr[-6000:]
    reused = 0
    for line in run.stderr.splitlines():
        if "notebooks reused from the test run" in line:
            reused = int(line.split("gm-kit docs: ")[1].split()[0])
    print(f"docs site built in {seconds:.1f} s, {reused} notebooks reused from nbval")  # noqa: T201
    return DocsSite(site, run.stderr, seconds, reused)
