"""The widget scripts type-check and the committed bundles are what esbuild builds now.

Needs Node and npm (build time only: the kit never does). ``npm ci`` installs the pinned
TypeScript and esbuild into ``frontend/node_modules`` on first use. Without Node the tests
skip with a reason, unless ``GMKIT_REQUIRE_NODE=1`` (set by ``.ci/run``), where that is a
failure. Without Node, ``tests/widgets/test_frontend.py`` still catches a stale bundle by the
hash of its sources.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "frontend"
STATIC = ROOT / "kit" / "widgets" / "static"


def _run(*cmd: str, cwd: Path = FRONTEND, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def node_tools() -> Path:
    """``frontend/node_modules`` with the pinned tools (``npm ci`` when it is missing)."""
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        reason = f"{' and '.join(missing)} not found (needed only to build the widget scripts)"
        if os.environ.get("GMKIT_REQUIRE_NODE") == "1":
            pytest.fail(f"Node is required here but cannot run: {reason}")
        pytest.skip(reason)
    modules = FRONTEND / "node_modules"
    lock = json.loads((FRONTEND / "package-lock.json").read_text())
    wanted = lock["packages"]["node_modules/esbuild"]["version"]
    have = modules / "esbuild" / "package.json"
    if not have.exists() or json.loads(have.read_text())["version"] != wanted:
        done = _run("npm", "ci", "--no-audit", "--no-fund")
        assert done.returncode == 0, done.stdout + done.stderr
    return modules


def test_the_scripts_type_check_against_the_generated_payloads(node_tools: Path) -> None:
    done = _run("node", str(node_tools / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_committed_bundles_are_what_esbuild_builds(node_tools: Path) -> None:
    done = _run("node", "build.mjs", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "bundles up to date" in done.stdout


def test_the_type_checker_refuses_a_key_the_payload_does_not_have(
    node_tools: Path, tmp_path: Path
) -> None:
    """The check has teeth: a script reading a key its payload lacks, or sending a trait the
    widget does not have, fails to type-check."""
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy, ignore=shutil.ignore_patterns("bundle"))
    board = copy / "board.js"
    text = board.read_text()
    anchor = 'const v = model.get("view") || /** @type {BoardView} */ ({});'
    assert anchor in text
    board.write_text(
        text.replace(anchor, anchor + '\n      console.log(v.no_such_key); model.set("nope", 1);')
    )
    config = {
        "extends": str(FRONTEND / "tsconfig.json"),
        "compilerOptions": {
            "paths": {"@anywidget/types": [str(node_tools / "@anywidget" / "types")]}
        },
        "include": [str(copy / "*.js"), str(copy / "*.d.ts")],
    }
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    tsc = str(node_tools / "typescript" / "bin" / "tsc")
    done = _run("node", tsc, "-p", str(tmp_path / "tsconfig.json"), cwd=tmp_path)
    assert done.returncode != 0
    assert "Property 'no_such_key' does not exist on type 'BoardView'" in done.stdout
    assert '"nope"' in done.stdout
    # and the same copy without the change is clean (the failure above is the change's)
    board.write_text(text)
    done = _run("node", tsc, "-p", str(tmp_path / "tsconfig.json"), cwd=tmp_path)
    assert done.returncode == 0, done.stdout
