"""Build the kit's JupyterLite site: the notebooks and the kit's wheel, served as static files.

    python tools/build_lite.py [OUTPUT_DIR]     # default: build/lite

The site runs entirely in the browser (the Pyodide kernel); no Jupyter server is needed, so it
can be published on any static host (see .github/workflows/pages.yml). The kit's wheel goes into
the site's own package index, and each notebook's first cell installs it from there when it runs
under Pyodide. Pyodide itself, and the packages it ships (numpy, networkx, plotly...), are loaded
from its CDN the first time a notebook starts, so the site needs the network once; when that
download fails, every page of the site says so in plain words (what is missing, that the site
needs the network once, and how to run the kit locally instead).

The builders (jupyterlite-core and jupyterlite-pyodide-kernel, the ``lite`` extra) must not sit
beside a JupyterLab: the Pyodide kernel's lab extension breaks every JupyterLab page. When the
running Python lacks them, this script makes a venv of their own in ``.cache/lite-builder``
(about a minute, once; rebuilt when the extra or the kit's dependencies change) and builds there.

What goes into the site is chosen, not picked up: the notebooks without any output (they open
as never run, not with results that look live), and only the lab extensions the kit needs
(the Pyodide kernel, ipywidgets, anywidget, plotly), whatever else the environment has.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILDER = ROOT / ".cache" / "lite-builder"
#: The lab extensions the site carries: the kernel, the widget manager, anywidget, plotly.
EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
    "jupyterlab-plotly",
)
PYODIDE_SCHEMA = "@jupyterlite/pyodide-kernel-extension/static/schema/kernel.v0.schema.json"
STATUS_SCRIPT = "gmkit-lite-status.js"
#: How the kit is installed without the browser-only site (shown when Pyodide cannot load).
INSTALL_LINE = 'pip install "gm-kit[lab] @ git+https://github.com/gm-kit/gm-kit"'


# --------------------------------------------------------------------------- the builder venv


def _has_builders() -> bool:
    import importlib.util

    return all(
        importlib.util.find_spec(m) is not None
        for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel")
    )


def _requirements() -> list[str]:
    """What the builder venv installs: the ``lite`` extra and the kit's own dependencies."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: pip carries a copy of the same parser
        from pip._vendor import tomli as tomllib  # type: ignore[no-redef]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [*project["optional-dependencies"]["lite"], *project["dependencies"]]


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (two test workers never build one venv at once)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        try:
            import fcntl
        except ImportError:  # Windows: no lock, one build at a time is the user's own affair
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def builder_python(folder: Path = BUILDER) -> Path:
    """The Python of the builder venv in ``folder``, made (or remade) when it is missing or stale."""
    requirements = _requirements()
    key = hashlib.sha256(
        json.dumps([sys.version_info[:2], sorted(requirements)]).encode()
    ).hexdigest()
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    stamp = folder / "gmkit-key.txt"
    with _locked(folder.parent / f"{folder.name}.lock"):
        if python.exists() and stamp.is_file() and stamp.read_text() == key:
            return python
        shutil.rmtree(folder, ignore_errors=True)
        print(f"making the JupyterLite builder venv in {folder} (once)", flush=True)
        venv.EnvBuilder(with_pip=True).create(folder)
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", *requirements],
            check=True,
        )
        stamp.write_text(key)
    return python


# --------------------------------------------------------------------------- the site


def build_wheel(dest: Path, python: str = sys.executable) -> Path:
    """Build the kit's wheel (with its notebooks) into ``dest`` and return its path."""
    subprocess.run(
        [python, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dest), str(ROOT)],
        check=True,
    )
    (wheel,) = dest.glob("gm_kit-*.whl")
    return wheel


def clear_outputs(source: Path, dest: Path) -> None:
    """Copy a notebook with no output, execution count or widget state left in it."""
    nb = json.loads(source.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    nb.get("metadata", {}).pop("widgets", None)
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _labextensions() -> list[Path]:
    """Where this Python's JupyterLab extensions are (sys.prefix first, as JupyterLab reads)."""
    paths = [Path(sys.prefix) / "share" / "jupyter" / "labextensions"]
    with contextlib.suppress(ImportError):
        from jupyter_core.paths import jupyter_path

        paths += [Path(p) for p in jupyter_path("labextensions")]
    return [p for p in paths if p.is_dir()]


def chosen_extensions() -> list[Path]:
    """The folders of :data:`EXTENSIONS` in this environment (an error names any missing)."""
    found: dict[str, Path] = {}
    for base in _labextensions():
        for name in EXTENSIONS:
            if name not in found and (base / name / "package.json").is_file():
                found[name] = base / name
    missing = [n for n in EXTENSIONS if n not in found]
    if missing:
        raise RuntimeError(f"lab extensions missing from this environment: {missing}")
    return [found[n] for n in EXTENSIONS]


def pyodide_url() -> str:
    """Where the Pyodide kernel loads Pyodide from (its own default)."""
    for base in _labextensions():
        schema = base / PYODIDE_SCHEMA
        if schema.is_file():
            data = json.loads(schema.read_text(encoding="utf-8"))
            return str(data["properties"]["pyodideUrl"]["default"])
    raise RuntimeError("the Pyodide kernel's settings schema was not found")


STATUS_JS = """\
// gm-kit: say plainly when the browser cannot fetch Python (Pyodide). The site runs the kit's
// notebooks with Pyodide, which the browser downloads from its CDN the first time; without it
// a notebook's cells would wait forever with the reason hidden in a log.
(function () {
  "use strict";
  const script = document.currentScript;
  const url = script.dataset.pyodideUrl;
  const install = script.dataset.install;
  const host = new URL(url).host;

  function show() {
    if (document.getElementById("gmkit-lite-status")) return;
    const box = document.createElement("div");
    box.id = "gmkit-lite-status";
    box.setAttribute("role", "alert");
    box.style.cssText = [
      "position:fixed", "top:12px", "left:50%", "transform:translateX(-50%)", "z-index:100000",
      "max-width:680px", "padding:14px 18px", "border-radius:8px", "font:14px/1.45 system-ui,sans-serif",
      "background:#fff4e5", "color:#3b2a12", "border:1px solid #e0823d", "box-shadow:0 4px 18px rgba(0,0,0,.25)",
    ].join(";");
    const p = (text, bold) => {
      const e = document.createElement("p");
      e.style.margin = "0 0 8px";
      if (bold) e.style.fontWeight = "650";
      e.textContent = text;
      return e;
    };
    const code = (text) => {
      const e = document.createElement("pre");
      e.style.cssText = "margin:0 0 8px;padding:6px 8px;background:#fff;border-radius:4px;overflow:auto";
      e.textContent = text;
      return e;
    };
    const close = document.createElement("button");
    close.textContent = "Dismiss";
    close.style.cssText = "float:right;margin-left:12px";
    close.addEventListener("click", () => box.remove());
    box.append(
      close,
      p("Python cannot start here: the Python runtime (Pyodide) could not be downloaded.", true),
      p("This site runs the kit's notebooks in your browser. It needs the network once, to fetch " +
        "Pyodide and its packages from " + host + " (your browser keeps them afterwards). That " +
        "download failed: you may be offline, or the network may block " + host + ". " +
        "Notebook cells will not run until it succeeds; connect and reload the page."),
      p("Or run the kit on your own computer instead (Python 3.10 or newer):"),
      code(install + "\\ngm-kit lab my-table"),
    );
    document.body.appendChild(box);
  }

  fetch(url, { method: "HEAD", mode: "no-cors", cache: "no-store" }).catch(() => {
    if (document.body) show(); else document.addEventListener("DOMContentLoaded", show);
  });
})();
"""


def pyodide_url_in(site: Path) -> str:
    """The Pyodide URL the built ``site``'s pages check (read back from its lab page)."""
    html = (site / "lab" / "index.html").read_text(encoding="utf-8")
    return html.split('data-pyodide-url="', 1)[1].split('"', 1)[0]


def add_status_script(site: Path, url: str) -> list[Path]:
    """Write the Pyodide check into the site and load it from every app page; return those."""
    (site / STATUS_SCRIPT).write_text(STATUS_JS, encoding="utf-8")
    pages = []
    for page in sorted(site.glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        if "</body>" not in html or STATUS_SCRIPT in html:
            continue
        rel = os.path.relpath(site / STATUS_SCRIPT, page.parent).replace(os.sep, "/")
        tag = (
            f'<script src="{rel}" data-pyodide-url="{url}" '
            f"data-install='{INSTALL_LINE}'></script>"
        )
        page.write_text(html.replace("</body>", tag + "</body>", 1), encoding="utf-8")
        pages.append(page)
    return pages


def build_here(out: Path) -> Path:
    """Build the site into ``out`` with this Python's builders (see :func:`build_site`)."""
    out = out.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        wheel = build_wheel(work / "wheels")
        contents = work / "contents"
        contents.mkdir()
        for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
            clear_outputs(nb, contents / nb.name)
        config = {
            "LiteBuildConfig": {
                "no_sourcemaps": True,
                # only the extensions the kit needs, not whatever this environment holds
                "ignore_sys_prefix": ["federated_extensions"],
                "federated_extensions": [str(p) for p in chosen_extensions()],
            }
        }
        (work / "jupyter_lite_config.json").write_text(json.dumps(config), encoding="utf-8")
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
    add_status_script(out, pyodide_url())
    return out


def build_site(out: Path) -> Path:
    """Build the site into ``out`` (replaced if it exists) and return it.

    With this Python's builders if it has them, else in the builder venv (see the module doc).
    """
    if _has_builders():
        return build_here(out)
    python = builder_python()
    subprocess.run([str(python), __file__, "--here", str(out)], check=True)
    return out.resolve()


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "build" / "lite"))
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.here:  # the outer call (in the builder venv's parent) says where it is
        build_here(Path(args.out))
        return 0
    site = build_site(Path(args.out))
    print(f"JupyterLite site in {site}; serve it with: python -m http.server -d {site}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
