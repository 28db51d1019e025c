"""Build the kit's sdist and wheel and check them as a release would, without publishing.

    python tools/release_check.py [--out dist] [--tag v0.4.0]

1. ``python -m build``: the sdist, then the wheel built from that sdist (as an installer would).
2. ``twine check``: the metadata and the README render on the package index.
3. The contents: the wheel carries the package, its widget scripts, ``py.typed``, the
   notebooks (``kit/notebooks``), the LICENSE and the Voila setting; the sdist carries the
   notebooks, the LICENSE and the tests' sources stay out of the wheel.
4. A fresh venv installs the wheel (with its dependencies, nothing else) and runs the command
   a GM runs: ``gm-kit notebooks DIR`` copies every notebook; ``python -m kit --help`` answers.
5. With ``--tag``, the tag names the version in pyproject.toml (``v`` + version).

The release workflow (.github/workflows/release.yml) runs exactly this before it publishes, and
the test suite runs it too (tests/integration/test_release.py), so a release that would fail is
seen on every change. Needs the ``release`` extra (build, twine).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import venv
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class ReleaseError(RuntimeError):
    """A step of the release check failed; the message says which and why."""


@dataclass
class Report:
    """What the check built and found."""

    sdist: Path
    wheel: Path
    wheel_files: list[str] = field(default_factory=list)
    sdist_files: list[str] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)
    """Notebooks ``gm-kit notebooks`` copied out of the installed wheel."""


def _run(cmd: list[str], what: str, *, stderr: bool = False, **kwargs: object) -> str:
    """Run ``cmd``; its output (stdout, and stderr after it with ``stderr=True``)."""
    print(f"+ {' '.join(cmd)}", flush=True)
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        raise ReleaseError(f"{what} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return str(done.stdout) + (str(done.stderr) if stderr else "")


def version() -> str:
    """The version in pyproject.toml."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: pip carries a copy of the same parser
        from pip._vendor import tomli as tomllib  # type: ignore[no-redef]
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def deprecations(build_log: str) -> list[str]:
    """The lines of a build's output that warn of something deprecated (empty: none)."""
    return [
        line.strip()
        for line in build_log.splitlines()
        if "deprecat" in line.casefold() and "warn" in line.casefold()
    ]


def build(out: Path) -> tuple[Path, Path]:
    """Build the sdist and, from it, the wheel into ``out`` (emptied first)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    log = _run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        "python -m build",
        stderr=True,
    )
    warned = deprecations(log)
    if warned:
        raise ReleaseError(
            "python -m build warned of deprecated configuration (fix pyproject.toml before "
            "the deadline the warning names):\n" + "\n".join(warned)
        )
    (sdist,) = out.glob("gm_kit-*.tar.gz")
    (wheel,) = out.glob("gm_kit-*.whl")
    return sdist, wheel


def check_contents(sdist: Path, wheel: Path) -> tuple[list[str], list[str]]:
    """The files a GM needs are in both archives (a :class:`ReleaseError` names what is not)."""
    with zipfile.ZipFile(wheel) as zf:
        in_wheel = zf.namelist()
    with tarfile.open(sdist) as tf:
        in_sdist = [n.split("/", 1)[1] for n in tf.getnames() if "/" in n]
    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    missing = [
        name
        for name in (
            "kit/__init__.py",
            "kit/py.typed",
            "kit/widgets/static/kit.css",
            "kit/widgets/static/dom.js",
            # the widget bundles the kit sends (built by frontend/build.mjs, no Node at install)
            *(
                f"kit/widgets/static/bundle/{p.name}"
                for p in (ROOT / "kit/widgets/static/bundle").glob("*.js")
            ),
            "kit/jupyter/voila/templates/gm-kit/index.html.j2",
            *(f"kit/notebooks/{n}" for n in notebooks),
        )
        if name not in in_wheel
    ]
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in in_wheel):
        missing.append("*.dist-info/licenses/LICENSE")
    if not any(n.endswith("jupyter_server_config.d/gm-kit-voila.json") for n in in_wheel):
        missing.append("etc/jupyter/jupyter_server_config.d/gm-kit-voila.json")
    if not any(n.endswith("share/jupyter/voila/templates/gm-kit/index.html.j2") for n in in_wheel):
        missing.append("share/jupyter/voila/templates/gm-kit/index.html.j2")
    missing += [
        f"sdist: {name}"
        for name in (
            "LICENSE",
            "README.md",
            "CHANGELOG.md",
            "pyproject.toml",
            "jupyter-config/gm-kit-voila.json",
            *(f"notebooks/{n}" for n in notebooks),
        )
        if name not in in_sdist
    ]
    stray = [n for n in in_wheel if n.startswith(("tests/", "tools/", "benchmarks/"))]
    if missing or stray:
        raise ReleaseError(f"the archives miss {missing} and carry {stray[:5]}")
    return in_wheel, in_sdist


def check_install(wheel: Path, work: Path) -> list[str]:
    """Install ``wheel`` in a fresh venv and run the CLI there; return the notebooks it copied."""
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = str(bin_dir / "python")
    _run([python, "-m", "pip", "install", "-q", str(wheel)], "installing the wheel")
    table = work / "my-table"
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    out = _run(
        [str(bin_dir / "gm-kit"), "notebooks", str(table)],
        "gm-kit notebooks",
        cwd=work,
        env=clean,
    )
    copied = sorted(p.name for p in table.glob("*.ipynb"))
    want = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    if copied != want:
        raise ReleaseError(f"gm-kit notebooks copied {copied}, not {want}:\n{out}")
    _run([python, "-m", "kit", "--help"], "python -m kit --help", cwd=work, env=clean)
    where = _run(
        [python, "-c", "import kit, pathlib; print(pathlib.Path(kit.__file__).parent)"],
        "importing kit",
        cwd=work,
        env=clean,
    ).strip()
    if Path(where).resolve().is_relative_to(ROOT.resolve()):
        raise ReleaseError(f"the venv imported the source tree ({where}), not the wheel")
    return copied


def check(out: Path, tag: str | None = None) -> Report:
    """Run every step (see the module doc); raise :class:`ReleaseError` at the first failure."""
    if tag is not None and tag != f"v{version()}":
        raise ReleaseError(f"tag {tag!r} does not name version {version()!r} (want v{version()})")
    sdist, wheel = build(out)
    _run(
        [sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)], "twine check"
    )
    report = Report(sdist, wheel)
    report.wheel_files, report.sdist_files = check_contents(sdist, wheel)
    with tempfile.TemporaryDirectory(prefix="gmkit-release-") as tmp:
        report.copied = check_install(wheel, Path(tmp))
    return report


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"), help="where the archives go")
    parser.add_argument("--tag", help="the git tag being released (must be v + the version)")
    args = parser.parse_args(argv)
    try:
        report = check(Path(args.out), args.tag)
    except ReleaseError as exc:
        print(f"release check failed: {exc}", file=sys.stderr)
        return 1
    print(
        f"release check passed: {report.sdist.name}, {report.wheel.name}; the installed wheel "
        f"copied {len(report.copied)} notebooks"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
