"""The ``gm-kit`` command and the wheel that carries the notebooks."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from kit import cli

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def test_notebooks_come_from_the_checkout_in_a_source_tree() -> None:
    src = cli.notebooks_source()
    assert sorted(p.name for p in src.glob("*.ipynb")) == NOTEBOOKS
    assert cli.START_HERE in NOTEBOOKS


def test_copy_is_complete_then_idempotent(tmp_path: Path) -> None:
    first = cli.copy_notebooks(tmp_path / "table")
    assert first.copied == NOTEBOOKS and not first.kept
    second = cli.copy_notebooks(tmp_path / "table")
    assert second.unchanged == NOTEBOOKS and not second.copied
    for name in NOTEBOOKS:
        assert (tmp_path / "table" / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()


def test_an_edited_notebook_is_kept_unless_forced_or_agreed(tmp_path: Path) -> None:
    cli.copy_notebooks(tmp_path)
    mine = tmp_path / NOTEBOOKS[1]
    mine.write_text('{"my": "edits"}', encoding="utf-8")
    report = cli.copy_notebooks(tmp_path, ask=lambda name: False)
    assert report.kept == [NOTEBOOKS[1]] and mine.read_text(encoding="utf-8") == '{"my": "edits"}'
    assert "--force" in report.summary()
    asked: list[str] = []
    report = cli.copy_notebooks(tmp_path, ask=lambda name: asked.append(name) or True)
    assert asked == [NOTEBOOKS[1]] and report.copied == [NOTEBOOKS[1]]
    mine.write_text("again", encoding="utf-8")
    assert cli.copy_notebooks(tmp_path, force=True).copied == [NOTEBOOKS[1]]


def test_a_file_in_the_way_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert cli.main(["notebooks", str(blocker)]) == 1
    assert "not a folder" in capsys.readouterr().err


def test_lab_opens_start_here_and_allows_root_only_as_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0, raising=False)
    cmd = cli.lab_command(tmp_path)
    assert cmd[1:4] == ["-m", "jupyterlab", cli.START_HERE] and "--allow-root" in cmd
    monkeypatch.setattr(os, "geteuid", lambda: 1000, raising=False)
    assert "--allow-root" not in cli.lab_command(tmp_path)


@pytest.mark.parametrize(
    ("front_end", "module", "server"),
    [("lab", "jupyterlab", True), ("notebook", "notebook", True), ("voila", "voila", False)],
)
def test_each_front_end_opens_start_here_with_the_kit_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, front_end: str, module: str, server: bool
) -> None:
    """Root gets --allow-root on the Jupyter servers only (standalone Voila has no such check);
    every front end gets Voila's extension denylist and the kit's template."""
    monkeypatch.setattr(os, "geteuid", lambda: 0, raising=False)
    cmd = cli.front_end_command(front_end, tmp_path, ["--port=9"])
    assert cmd[1:4] == ["-m", module, cli.START_HERE]
    assert ("--allow-root" in cmd) is server
    assert cmd[-1] == "--port=9"
    joined = " ".join(cmd)
    assert "@jupyter-notebook/lab-extension" in joined and "jupyterlab-jupytext" in joined
    assert "--VoilaConfiguration.template=gm-kit" in cmd
    assert ("mathjax_url=null" in joined) is server
    root = f"--ServerApp.root_dir={tmp_path}" if server else f"--Voila.root_dir={tmp_path}"
    assert root in cmd
    monkeypatch.setattr(os, "geteuid", lambda: 1000, raising=False)
    assert "--allow-root" not in cli.front_end_command(front_end, tmp_path)


def test_the_kit_template_is_found_on_the_jupyter_path() -> None:
    env = cli.front_end_env({"JUPYTER_PATH": "/elsewhere"})
    first, *rest = env["JUPYTER_PATH"].split(os.pathsep)
    assert Path(first) == cli.JUPYTER_DATA and rest == ["/elsewhere"]
    template = cli.JUPYTER_DATA / "voila" / "templates" / cli.VOILA_TEMPLATE
    assert (template / "index.html.j2").is_file() and (template / "conf.json").is_file()
    assert "cdn.jsdelivr.net" in (template / "index.html.j2").read_text()  # what it removes


def test_the_installed_voila_config_says_what_the_launcher_passes() -> None:
    import json

    config = json.loads((ROOT / "jupyter-config" / "gm-kit-voila.json").read_text())
    voila = config["VoilaConfiguration"]
    assert tuple(voila["extension_denylist"]) == cli.VOILA_EXTENSION_DENYLIST
    assert voila["template"] == cli.VOILA_TEMPLATE


@pytest.mark.parametrize("front_end", ["notebook", "voila"])
def test_gm_kit_notebook_and_voila_copy_and_print_their_command(
    tmp_path: Path, front_end: str
) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "kit", front_end, str(tmp_path / "t"), "--dry-run"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        cwd=ROOT,
    ).stdout
    assert f"copied {len(NOTEBOOKS)}" in out
    assert f"-m {front_end} {cli.START_HERE}" in out


def test_a_missing_front_end_is_named_with_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "voila" else real(name, *a)
    )
    assert cli.main(["voila", str(tmp_path / "t")]) == 1
    err = capsys.readouterr().err
    assert "Voila is not installed" in err and "gm-kit[lab]" in err


def test_python_dash_m_kit_copies_and_prints_the_lab_command(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "kit", "lab", str(tmp_path / "t"), "--dry-run"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert f"copied {len(NOTEBOOKS)}" in out and "jupyterlab" in out and cli.START_HERE in out
    assert sorted(p.name for p in (tmp_path / "t").glob("*.ipynb")) == NOTEBOOKS


@pytest.mark.slow
@pytest.mark.integration
def test_the_wheel_carries_the_notebooks_and_the_command(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        timeout=240,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("gm_kit-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        inside = sorted(n.split("/")[-1] for n in names if n.startswith("kit/notebooks/"))
        assert inside == NOTEBOOKS
        assert any(n.startswith("kit/widgets/static/") and n.endswith(".js") for n in names)
        entry = next(n for n in names if n.endswith("entry_points.txt"))
        assert "gm-kit = kit.cli:main" in zf.read(entry).decode()
        zf.extractall(tmp_path / "site")
    # Run the installed copy (not this checkout) and get every notebook out of it.
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from kit.cli import main; sys.exit(main())",
            "notebooks",
            str(tmp_path / "out"),
        ],
        check=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
        capture_output=True,
    )
    where = subprocess.run(
        [sys.executable, "-m", "kit", "where"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()
    assert Path(where) == tmp_path / "site" / "kit" / "notebooks"
    for name in NOTEBOOKS:
        assert (tmp_path / "out" / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()


@pytest.mark.parametrize(
    "args",
    [
        ["schema"],
        ["schema", "campaign"],
        ["where"],
        ["--help"],
        ["--version"],
        [],
        ["lab", "{tmp}", "--dry-run"],
        ["notebooks", "{tmp}"],
    ],
)
def test_a_reader_that_closes_early_gets_no_traceback(tmp_path: Path, args: list[str]) -> None:
    """``gm-kit schema | head -3``: the reader closes the pipe before the command is done
    printing. Here the read end is closed before the command starts writing, so every write
    meets the closed pipe; the command must stop quietly (no BrokenPipeError traceback)."""
    argv = [a.replace("{tmp}", str(tmp_path / "nb")) for a in args]
    proc = subprocess.Popen(
        [sys.executable, "-m", "kit", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader stops at once (head -0)
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert "Exception ignored" not in err, err


def test_a_reader_that_reads_three_lines_then_closes_gets_no_traceback(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "kit", "schema", "campaign"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert proc.stdout is not None and proc.stderr is not None
    head = [proc.stdout.readline() for _ in range(3)]
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert head[0].startswith(b"{")
    assert "Traceback" not in err and "Exception ignored" not in err, err
