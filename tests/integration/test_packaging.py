"""The README's promises, the Binder config and the package metadata agree with each other."""

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the checks are the same on 3.10

ROOT = Path(__file__).resolve().parents[2]


def test_readme_quickstart_is_two_commands_and_ci_runs_the_second():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.+?)\n```", quick)
    assert len(commands) == 2
    assert '.[lab]"' in commands[0] and "gm-kit lab notebooks" in commands[0]
    assert "pytest" in commands[1] and '".[test]"' in commands[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "test-command" in ci and "GMKIT_REQUIRE_BROWSER=1" in ci


def test_binder_installs_the_kit_and_opens_start_here():
    reqs = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert reqs[0] == "-e" and reqs[1] == ".[lab]"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    runtime = {re.split(r"[<>=]", d)[0]: d for d in pyproject["project"]["dependencies"]}
    for line in reqs[2:]:
        name = re.split(r"[<>=]", line)[0]
        assert runtime.get(name) == line, f"binder pins {line}, pyproject {runtime.get(name)}"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")
    readme = (ROOT / "README.md").read_text()
    assert (
        "mybinder.org/v2/gh/" in readme
        and "urlpath=lab/tree/notebooks/00_start_here.ipynb" in readme
    )
    assert (ROOT / "notebooks" / "00_start_here.ipynb").exists()


def test_every_notebook_is_committed_without_widget_state_or_stray_outputs():
    import nbformat

    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        assert "widgets" not in nb.metadata, path.name
        for cell in nb.cells:
            tags = cell.get("metadata", {}).get("tags", [])
            if cell.cell_type == "code" and "nbval-check-output" not in tags:
                assert not cell.outputs, f"{path.name}: an untagged cell keeps outputs"


def test_test_extra_and_runtime_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {re.split(r"[<>=\[]", d)[0] for d in project["dependencies"]}
    assert {"ipywidgets", "anywidget", "plotly", "networkx", "numpy", "tqdm"} <= names
    assert "jupyterlab" not in names, "JupyterLab is the [lab] extra: a kernel does not need it"
    lab = {re.split(r"[<>=\[]", d)[0] for d in project["optional-dependencies"]["lab"]}
    assert lab == {"jupyterlab"}
    assert project["scripts"]["gm-kit"] == "kit.cli:main"
    assert all(">=" in d for d in project["dependencies"]), (
        "every runtime dependency has a lower bound"
    )
    test = {re.split(r"[<>=\[]", d)[0] for d in project["optional-dependencies"]["test"]}
    assert {"pytest", "nbval", "hypothesis", "playwright"} <= test
