"""The scripts the documentation site serves itself, so its figures and widgets need no CDN.

* ``plotly.min.js``: copied from the installed plotly package (the same plotly.js the notebooks'
  figures were made for).
* ``anywidget.js``: anywidget's AMD module, copied from the installed anywidget package (it ships
  it for the classic notebook); the widget manager loads the kit's widgets through it.
* ``embed-amd.js`` and its fonts: ``@jupyter-widgets/html-manager``, the widget manager that
  draws widgets from their saved state; and ``require.js`` (``requirejs``), which it needs.
  Both come from the npm registry at build time, at the pinned versions and checked against
  the registry's sha512 integrity, and are kept in ``.cache/docs-vendor`` for the next build.

:func:`vendor` puts them all in one folder.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "docs-vendor"

#: npm packages: name -> (version, the registry's sha512 integrity of its tarball).
NPM = {
    "@jupyter-widgets/html-manager": (
        "1.0.15",
        "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
    ),
    "requirejs": (
        "2.3.8",
        "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
    ),
}
#: Files the widget manager's bundle loads next to itself (the icon fonts of the controls).
FONT_SUFFIXES = (".woff2", ".woff", ".ttf", ".eot", ".svg")


class VendorError(RuntimeError):
    """A vendored script could not be had (npm missing, the registry unreachable, a bad hash)."""


def _integrity(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def npm_tarball(name: str, cache: Path = CACHE) -> Path:
    """The pinned tarball of npm package ``name``, fetched with ``npm pack`` once and checked."""
    version, integrity = NPM[name]
    tarball = cache / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if tarball.is_file() and _integrity(tarball) == integrity:
        return tarball
    cache.mkdir(parents=True, exist_ok=True)
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError(
            f"the documentation site serves {name} itself and fetches it from the npm registry "
            "at build time, but npm is not installed (install Node.js, then build again)"
        )
    run = subprocess.run(
        [npm, "pack", f"{name}@{version}", "--pack-destination", str(cache), "--silent"],
        capture_output=True,
        text=True,
        cwd=cache,
        check=False,
    )
    if run.returncode != 0 or not tarball.is_file():
        raise VendorError(f"npm pack {name}@{version} failed:\n{run.stderr[-2000:]}")
    if _integrity(tarball) != integrity:
        tarball.unlink()
        raise VendorError(f"{name}@{version} from the registry does not match its pinned hash")
    return tarball


def _extract(tarball: Path, members: dict[str, Path]) -> None:
    """Copy ``members`` (paths inside the tarball's ``package/``) to their destinations."""
    with tarfile.open(tarball) as tar:
        for inner, dest in members.items():
            source = tar.extractfile(f"package/{inner}")
            if source is None:
                raise VendorError(f"{tarball.name} has no {inner}")
            dest.write_bytes(source.read())


def vendor(dest: Path, cache: Path = CACHE) -> dict[str, Path]:
    """Put every script the site's notebook pages load into ``dest``; return them by role."""
    import anywidget
    import plotly

    dest.mkdir(parents=True, exist_ok=True)
    files = {
        "plotly": dest / "plotly.min.js",
        "anywidget": dest / "anywidget.js",
        "require": dest / "require.js",
        "manager": dest / "embed-amd.js",
    }
    shutil.copyfile(
        Path(plotly.__file__).parent / "package_data" / "plotly.min.js", files["plotly"]
    )
    shutil.copyfile(
        Path(anywidget.__file__).parent / "nbextension" / "index.js", files["anywidget"]
    )
    _extract(npm_tarball("requirejs", cache), {"require.js": files["require"]})
    manager = npm_tarball("@jupyter-widgets/html-manager", cache)
    with tarfile.open(manager) as tar:
        fonts = [
            m.name[len("package/") :]
            for m in tar.getmembers()
            if m.name.startswith("package/dist/") and m.name.endswith(FONT_SUFFIXES)
        ]
    _extract(
        manager,
        {"dist/embed-amd.js": files["manager"], **{f: dest / Path(f).name for f in fonts}},
    )
    return files
