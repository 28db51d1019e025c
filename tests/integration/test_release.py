"""The release workflow's build-and-check steps, run here without publishing.

``tools/release_check.py`` is what .github/workflows/release.yml runs before it publishes on a
version tag: build the sdist and the wheel, ``twine check`` them, check their contents, install
the wheel in a fresh venv and run the ``gm-kit`` command there.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import release_check  # noqa: E402


def _need_release_tools() -> None:
    missing = [m for m in ("build", "twine") if importlib.util.find_spec(m) is None]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing} are in the test extra and must be installed in CI")
        pytest.skip(f"{missing} not installed (pip install -e '.[release]')")


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_release_check_passes_without_publishing(tmp_path: Path) -> None:
    _need_release_tools()
    report = release_check.check(tmp_path / "dist")
    version = release_check.version()
    assert report.wheel.name == f"gm_kit-{version}-py3-none-any.whl"
    assert report.sdist.name == f"gm_kit-{version}.tar.gz"
    assert report.copied == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def test_a_tag_must_name_the_version(tmp_path: Path) -> None:
    with pytest.raises(release_check.ReleaseError, match="does not name version"):
        release_check.check(tmp_path / "dist", tag="v999.0.0")


def test_the_workflow_checks_every_change_and_publishes_only_tags() -> None:
    import yaml

    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    triggers = flow[True] if True in flow else flow["on"]  # YAML 1.1 reads `on` as True
    assert triggers["push"]["tags"] == ["v*"]
    steps = flow["jobs"]["build"]["steps"]
    assert any("tools/release_check.py" in s.get("run", "") for s in steps)
    publish = flow["jobs"]["publish"]
    assert publish["needs"] == "build" and "refs/tags/v" in publish["if"]
    assert publish["permissions"] == {"id-token": "write"}  # trusted publishing, no token
    assert any(
        s.get("uses", "").startswith("pypa/gh-action-pypi-publish") for s in publish["steps"]
    )
    assert "password" not in str(publish) and "secrets." not in str(publish)


def test_license_and_package_data_are_true() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the files are the same on 3.10

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    text = (ROOT / "LICENSE").read_text()
    assert project["project"]["license"] == "MIT" and text.startswith("MIT License")
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["kit"]
    for pattern in package_data:  # every entry matches a file (notebooks are copied at build)
        if pattern.startswith("notebooks/"):
            assert list((ROOT / "notebooks").glob(pattern.split("/", 1)[1])), pattern
        else:
            assert list((ROOT / "kit").glob(pattern)), pattern
