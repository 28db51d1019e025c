"""Build the kit's JupyterLite site: the notebooks and the kit's wheel, served as static files.

    python tools/build_lite.py [OUTPUT_DIR]     # default: build/lite

The site runs entirely in the browser (the Pyodide kernel); no Jupyter server is needed, so it
can be published on any static host (see .github/workflows/pages.yml). The kit's wheel goes into
the site's own package index, and each notebook's first cell installs it from there when it runs
under Pyodide. Pyodide itself, and the packages it ships (numpy, networkx, plotly...), are loaded
from its CDN the first time a notebook starts, so the site needs the network once.

Needs the ``test`` extra (jupyterlite-core, jupyterlite-pyodide-kernel, jupyter_server).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(dest: Path) -> Path:
    """Build the kit's wheel (with its notebooks) into ``dest`` and return its path."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dest), str(ROOT)],
        check=True,
    )
    (wheel,) = dest.glob("gm_kit-*.whl")
    return wheel


def build_site(out: Path) -> Path:
    """Build the site into ``out`` (replaced if it exists) and return it."""
    out = out.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        wheel = build_wheel(work / "wheels")
        contents = work / "contents"
        contents.mkdir()
        for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
            shutil.copyfile(nb, contents / nb.name)
        (work / "jupyter_lite_config.json").write_text(
            json.dumps({"LiteBuildConfig": {"no_sourcemaps": True}}), encoding="utf-8"
        )
        if out.exists():
            shutil.rmtree(out)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "jupyter",
                "lite",
                "build",
                "--contents",
                str(contents),
                "--piplite-wheels",
                str(wheel),
                "--output-dir",
                str(out),
                "--lite-dir",
                str(work),
            ],
            check=True,
            cwd=work,
        )
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "build" / "lite"))
    args = parser.parse_args(argv)
    site = build_site(Path(args.out))
    print(f"JupyterLite site in {site}; serve it with: python -m http.server -d {site}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
