"""The README's promises, the Binder config and the package metadata agree with each other."""

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the checks are the same on 3.10

ROOT = Path(__file__).resolve().parents[2]


def test_readme_quickstart_is_two_commands_and_ci_runs_the_second():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quickstart", 1)[1].split("\n### ", 1)[0]
    commands = re.findall(r"```bash\n(.+?)\n```", quick)
    assert len(commands) == 2
    assert '.[lab]"' in commands[0] and "gm-kit lab notebooks" in commands[0]
    assert "pytest" in commands[1] and '".[test]"' in commands[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "test-command" in ci and "GMKIT_REQUIRE_BROWSER=1" in ci


def test_binder_installs_from_pyproject_only_and_opens_start_here_in_lab_and_voila():
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    reqs = [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
    # one list of dependencies: Binder installs the kit with its [lab] extra and nothing else
    assert reqs == [".[lab]"], reqs
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    # the same Python and JupyterLab major versions the quickstart gets: Binder's Python is one
    # the package supports (and the one CI and the docs workflow use), JupyterLab comes from the
    # same [lab] extra the quickstart installs
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    major, minor = map(int, runtime.removeprefix("python-").split("."))
    low = tuple(map(int, project["requires-python"].removeprefix(">=").split(".")))
    assert (major, minor) >= low, runtime
    pages = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert f'python-version: "{major}.{minor}"' in pages
    lab = [d for d in project["optional-dependencies"]["lab"] if d.startswith("jupyterlab")]
    assert lab == ["jupyterlab>=4.0"], lab
    readme = (ROOT / "README.md").read_text()
    assert "mybinder.org/v2/gh/" in readme
    assert "urlpath=lab/tree/notebooks/00_start_here.ipynb" in readme
    assert "urlpath=voila/render/notebooks/00_start_here.ipynb" in readme
    assert (ROOT / "notebooks" / "00_start_here.ipynb").exists()


def test_readme_installs_as_true_today():
    readme = (ROOT / "README.md").read_text()
    install = readme.split("### Install", 1)[1].split("\n### ", 1)[0]
    assert 'pip install "gm-kit[lab] @ git+https://github.com/gm-kit/gm-kit"' in install
    assert "python -m build --wheel" in install and ".whl" in install
    # the package-index line is kept, and says it is for later
    index_line = next(
        ln for ln in install.splitlines() if ln.startswith('pip install "gm-kit[lab]"')
    )
    assert "not yet" in index_line
    docs = (ROOT / "docs" / "index.md").read_text()
    assert "git+https://github.com/gm-kit/gm-kit" in docs
    assert "not on the package index yet" in docs


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
    extras = project["optional-dependencies"]
    names = {re.split(r"[<>=\[]", d)[0] for d in project["dependencies"]}
    assert {"ipywidgets", "anywidget", "plotly", "networkx", "numpy", "tqdm"} <= names
    assert "jupyterlab" not in names, "JupyterLab is the [lab] extra: a kernel does not need it"
    lab = {re.split(r"[<>=\[]", d)[0] for d in extras["lab"]}
    assert lab == {"jupyterlab", "notebook", "voila"}  # every front end anywidget serves
    assert project["scripts"]["gm-kit"] == "kit.cli:main"
    assert all(">=" in d for d in project["dependencies"]), (
        "every runtime dependency has a lower bound"
    )
    test = {re.split(r"[<>=\[]", d)[0] for d in extras["test"]}
    assert {"pytest", "nbval", "hypothesis", "playwright"} <= test
    assert "gm-kit[lab,docs,release,cluster]" in extras["test"]
    # the cluster extra is Dask's distributed scheduler, with a lower bound (docs/cluster.md)
    assert [d for d in extras["cluster"] if d.startswith("dask[distributed]>=")], extras["cluster"]
    # the JupyterLite builders stay out of the test environment: their kernel extension breaks
    # JupyterLab (tools/build_lite.py installs them in a venv of their own)
    lite = {re.split(r"[<>=\[]", d)[0] for d in extras["lite"]}
    assert {"jupyterlite-core", "jupyterlite-pyodide-kernel"} <= lite
    for extra in ("test", "lab", "docs", "release", "cluster"):
        assert not lite & {re.split(r"[<>=\[]", d)[0] for d in extras[extra]}, extra


def test_one_version_named_alike_in_the_package_the_readme_and_the_changelog():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    import kit

    assert kit.__version__ == version
    readme = (ROOT / "README.md").read_text()
    # the wheel the install text builds and installs is the one this version writes
    wheels = set(re.findall(r"gm_kit-([0-9][^-]*)-py3-none-any\.whl", readme))
    assert wheels == {version}, wheels
    changes = (ROOT / "CHANGELOG.md").read_text()
    assert re.findall(r"^## (\S+)", changes, re.M)[0] == version


def test_the_license_is_an_spdx_string_with_a_setuptools_that_reads_it():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = data["project"]
    # the TOML-table form ({text = ...}) is deprecated by setuptools 77, which reads this one
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert not any("License ::" in c for c in project.get("classifiers", ())), (
        "a license classifier next to an SPDX expression is refused by setuptools >= 77"
    )
    (bound,) = [r for r in data["build-system"]["requires"] if r.startswith("setuptools")]
    major = int(re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", bound).group(1))  # type: ignore[union-attr]
    assert major >= 77


def test_the_release_check_refuses_a_build_that_warns_of_deprecations():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import release_check
    finally:
        sys.path.remove(str(ROOT / "tools"))
    log = (
        "adding license file 'LICENSE'\n"
        "/tmp/x/setuptools/config/_apply_pyprojecttoml.py:82: SetuptoolsDeprecationWarning: "
        "`project.license` as a TOML table is deprecated\n"
        "!!\n"
        "WARNING `project.license` as a TOML table is deprecated\n"
        "Successfully built gm_kit-0.3.0.tar.gz\n"
    )
    assert len(release_check.deprecations(log)) == 2
    assert release_check.deprecations("Successfully built gm_kit-0.3.0.tar.gz\n") == []


@pytest.mark.slow
@pytest.mark.integration
def test_python_dash_m_build_warns_of_no_deprecation(tmp_path: Path) -> None:
    import subprocess
    import sys

    pytest.importorskip("build")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    log = done.stdout + done.stderr
    assert "deprecated" not in log.casefold(), [
        line for line in log.splitlines() if "deprecat" in line.casefold()
    ]
    assert "license" in log.casefold()  # the LICENSE file went in (the log is the build's)
