"""Shared pytest configuration for gm-kit's tests.

Property tests run under one of two Hypothesis profiles:

``ci`` (the default)
    Derandomized, so every run (CI, a laptop, a rerun after a fix) tries the same examples and a
    failure reproduces; a fixed number of examples; no deadline, because CI machines are shared
    and slow; ``print_blob`` so a failure prints the ``@reproduce_failure`` line to paste.
``dev`` (``HYPOTHESIS_PROFILE=dev pytest ...``)
    Randomized and ten times the examples, to hunt for new failures locally. A failure found
    this way goes into the test as an explicit ``@example(...)`` so the ``ci`` profile keeps it.

A test's own ``@settings(max_examples=...)`` takes precedence over the profile's count.

Shared helpers live beside this file and are imported by their package name:
``from tests.strategies import entities`` (the Hypothesis strategies every file used to copy)
and ``from tests.factories import make_campaign`` (one small seeded campaign). A test file is
named for the module it tests, ``tests/<package>/test_<module>.py``; ``tests/test_layout.py``
holds that and lists the modules tested elsewhere.

The suite has two tiers. The fast tier is everything under ``tests/`` but ``tests/integration``:
the engines, the property tests, figures and widget models, run in parallel while developing::

    .venv/bin/python -m pytest -m "not integration" -n auto

The integration tier is ``tests/integration`` (the gates, the wheel, the docs and browser-only
sites, the real-browser tests) and every notebook under nbval; :func:`pytest_collection_modifyitems`
marks it by place, so a new test lands in the right tier by the folder it is written in. The
README's test command runs both tiers.

The documentation site shows the notebooks with their outputs. Rather than run every notebook a
second time to build it, :class:`NotebookCapture` keeps what nbval got: when a notebook's last
cell has passed, it asks that notebook's kernel for its widgets' state and writes the executed
notebook into a folder of this test run (:data:`EXECUTED`), which the docs build reads. Tests
marked ``notebook_outputs`` (the docs build and the docs pages in a browser) are ordered after
the notebooks. Under pytest-xdist the folder is shared by every worker (the controller hands it
to them), and :func:`executed_notebooks` waits until every notebook collected has been run by
whichever worker ran it. Run the notebooks with ``--dist loadscope`` (nbval needs all cells of a
notebook on one worker; pytest 9 ignores the node-id suffix ``--dist loadgroup`` relies on).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

CI_EXAMPLES = 100
"""Examples per property test under the ``ci`` profile."""

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=CI_EXAMPLES,
    deadline=None,
    print_blob=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    derandomize=False,
    max_examples=10 * CI_EXAMPLES,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


_INTEGRATION = Path(__file__).resolve().parent / "integration"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the integration tier: tests under ``tests/integration`` and the notebooks.

    Then order the tests that read the notebooks' outputs after the notebooks.
    """
    for item in items:
        path = Path(str(item.path)).resolve()
        if path.suffix == ".ipynb" or _INTEGRATION in path.parents:
            item.add_marker(pytest.mark.integration)
        if _is_notebook_cell(item):
            _give_expected_outputs(item)
    _group_notebooks(items)


def _give_expected_outputs(item: pytest.Item) -> None:
    """Hand nbval a checked cell's expected outputs, kept in its metadata (the notebooks are
    committed without outputs; see tools/nbtool.py)."""
    import nbformat

    cell = item.cell  # type: ignore[attr-defined]
    expected = cell.get("metadata", {}).get("gm-kit", {}).get("expected_outputs")
    if expected and not cell.outputs:
        cell.outputs = [nbformat.from_dict(o) for o in expected]
        # nbval compares only a cell it sees as run ("Unrun reference cell has outputs")
        cell.execution_count = 1


# --------------------------------------------------------------------------- notebook capture

_TOOLS = Path(__file__).resolve().parents[1] / "tools"
#: The folder of notebooks nbval executed in this run (``config.stash[EXECUTED]``).
EXECUTED = pytest.StashKey[Path]()
#: How long a docs test on one xdist worker waits for the notebooks run on the others.
WAIT_FOR_NOTEBOOKS = 20 * 60


def _is_notebook_cell(item: pytest.Item) -> bool:
    try:
        from nbval.plugin import IPyNbCell
    except ImportError:  # pragma: no cover - nbval is in the test extra
        return False
    return isinstance(item, IPyNbCell)


class NotebookCapture:
    """Write each notebook nbval ran, with its outputs and widget state, for the docs build."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.outputs: dict[str, dict[int, list[Any]]] = {}
        self.failed: set[str] = set()

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item):  # type: ignore[no-untyped-def]
        result = yield  # raises when the cell failed: nothing is written for that notebook
        if _is_notebook_cell(item):
            key = item.nodeid.split("::")[0]
            cell = item  # an nbval IPyNbCell: cell_num, test_outputs, parent (the notebook)
            self.outputs.setdefault(key, {})[cell.cell_num] = list(cell.test_outputs or [])
            code_cells = [c for c in cell.parent.nb.cells if c.cell_type == "code"]
            if cell.cell_num == len(code_cells) - 1 and key not in self.failed:
                try:
                    self._write(cell.parent, Path(str(item.path)), self.outputs.pop(key))
                except Exception as exc:  # the notebook passed; the docs build runs it itself
                    (self.folder / f"{Path(key).stem}.failed").write_text(repr(exc))
        return result

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        key = report.nodeid.split("::")[0]
        if report.failed and key.endswith(".ipynb") and key not in self.failed:
            self.failed.add(key)
            # the docs build will run this one itself: nobody waits for it
            (self.folder / f"{Path(key).stem}.failed").touch()

    def _write(self, notebook: Any, path: Path, outputs: dict[int, list[Any]]) -> None:
        """Ask the notebook's kernel for its widgets, then write the executed notebook."""
        sys.path.insert(0, str(_TOOLS))
        try:
            import docs_notebooks
        finally:
            sys.path.remove(str(_TOOLS))
        target = self.folder / f"{path.stem}.capture.json"
        kernel = notebook.kernel
        msg_id = kernel.execute_cell_input(docs_notebooks.capture_source(target), allow_stdin=False)
        kernel.await_reply(msg_id, timeout=120)
        kernel.await_idle(msg_id, timeout=120)
        if not target.is_file():  # the capture failed: the docs build executes this one itself
            return
        captured = json.loads(target.read_text(encoding="utf-8"))
        target.unlink()
        executed = docs_notebooks.assemble(notebook.nb, outputs, captured)
        docs_notebooks.nbformat.write(executed, self.folder / path.name)


def pytest_configure(config: pytest.Config) -> None:
    """Start the notebook capture in a folder of this run (the controller's, under xdist)."""
    config.addinivalue_line(
        "markers",
        "notebook_outputs: reads the notebooks nbval executed in this run (the docs site); "
        "runs after them",
    )
    worker = getattr(config, "workerinput", None)
    if worker is not None and "gmkit_executed" in worker:
        folder = Path(worker["gmkit_executed"])
    else:
        folder = Path(tempfile.mkdtemp(prefix="gmkit-executed-"))
    config.stash[EXECUTED] = folder
    config.pluginmanager.register(NotebookCapture(folder), "gmkit-notebook-capture")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist: every worker writes its notebooks into the controller's folder."""
    node.workerinput["gmkit_executed"] = str(node.config.stash[EXECUTED])


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(EXECUTED, None)
    if folder is not None and getattr(config, "workerinput", None) is None:
        shutil.rmtree(folder, ignore_errors=True)


def _group_notebooks(items: list[pytest.Item]) -> None:
    """Order the tests that read the notebooks' outputs right after the last notebook cell."""
    notebooks = [i for i in items if _is_notebook_cell(i)]
    readers = [i for i in items if i.get_closest_marker("notebook_outputs")]
    if notebooks and readers:
        moved = set(map(id, readers))
        rest = [i for i in items if id(i) not in moved]
        last = rest.index(notebooks[-1]) + 1
        items[:] = rest[:last] + readers + rest[last:]


@pytest.fixture(scope="session")
def executed_notebooks(request: pytest.FixtureRequest) -> Path:
    """The folder of notebooks nbval executed in this run.

    In one process the notebooks ran before (see :func:`_group_notebooks`). On a pytest-xdist
    worker, other workers may still be running some: wait until every notebook collected has
    its executed copy or has failed (then the docs build runs it itself).
    """
    folder = request.config.stash[EXECUTED]
    if getattr(request.config, "workerinput", None) is None:
        return folder
    expected = {Path(str(i.path)).stem for i in request.session.items if _is_notebook_cell(i)}
    deadline = time.monotonic() + WAIT_FOR_NOTEBOOKS
    while time.monotonic() < deadline:
        done = {p.stem for p in folder.glob("*.ipynb")} | {p.stem for p in folder.glob("*.failed")}
        if expected <= done:
            break
        time.sleep(2)
    return folder


@pytest.fixture(autouse=True)
def _seeds_named_by_the_test(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game made without a seed draws it from a stream named by the test, not from the OS.

    The kit draws a fresh seed from the operating system for ``seed=None`` (that is what a GM
    wants). In a test it made a forgotten seed a flaky test: a battle that usually waits for a
    decision once ended before it on an unlucky draw. Each test now gets its own repeatable
    stream of fresh seeds (a hash of its node id), so two unseeded games in one test still differ
    and every run of the test plays the same dice.
    """
    import hashlib

    import numpy as np

    import kit.rng

    key = int.from_bytes(hashlib.sha256(request.node.nodeid.encode()).digest()[:8], "big")
    stream = np.random.default_rng(key)
    monkeypatch.setattr(kit.rng, "fresh_seed", lambda: int(stream.integers(0, kit.rng._SEED_BOUND)))
