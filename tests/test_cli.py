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
