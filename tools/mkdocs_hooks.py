"""MkDocs hook: the notebooks as pages, with their figures and widgets, served by the site alone.

The notebooks live at the top of the repository, where nbval runs them and a GM browsing the
repository finds them; MkDocs only reads pages inside ``docs/``. For each notebook this hook

1. takes the copy nbval executed in this test session (the folder named by the environment
   variable ``GMKIT_EXECUTED_NOTEBOOKS``, written by the notebook-capture plugin in
   ``tests/conftest.py``) when one exists for the same cells, or else executes the notebook
   itself (a plain ``mkdocs build``), so the suite never runs a notebook twice;
2. prepares it for a page without a kernel (:func:`docs_notebooks.prepare`): plotly figures drawn
   by the site's own plotly.js, widgets drawn from their saved state with a note that they need
   a kernel to act, no test-only cell tags;
3. hands that copy to mkdocs-jupyter (which renders it, ``execute`` off).

After each notebook page is rendered, the hook drops the scripts nbconvert's template would
fetch from CDNs (MathJax, the widget manager) and loads the site's own copies instead
(:mod:`docs_assets`, copied into ``assets/gmkit/vendor`` after the build). The counts of figures
and widgets per page are logged and written to ``assets/gmkit/pages.json``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import nbformat
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import docs_assets  # noqa: E402
import docs_notebooks  # noqa: E402

log = logging.getLogger("mkdocs.plugins.gmkit")

#: The folder of notebooks the test session executed (set by the docs test).
EXECUTED_ENV = "GMKIT_EXECUTED_NOTEBOOKS"
ASSETS = "assets/gmkit"
VENDOR = f"{ASSETS}/vendor"

_build: dict[str, Any] = {}

# What nbconvert's lab template puts in every notebook page that would leave the site: MathJax
# (the notebooks use no maths; mkdocs-jupyter's empty URL even loads the page itself as a
# script), the loader of the widget manager from unpkg, and Mermaid's loader from cdnjs (the
# notebooks draw no Mermaid diagram).
_MATHJAX = re.compile(
    r"<!-- Load mathjax -->\s*<script src=\"[^\"]*\">\s*</script>\s*"
    r"<!-- MathJax configuration -->\s*<script type=\"text/x-mathjax-config\">.*?</script>",
    re.S,
)
_MERMAID = re.compile(
    r"<script type=\"module\">\s*document\.addEventListener\(\"DOMContentLoaded\", async \(\) => \{"
    r"\s*const diagrams = document\.querySelectorAll\(\".jp-Mermaid.*?</script>",
    re.S,
)
_WIDGET_LOADER = re.compile(
    r"<script>\s*\(function\(\) \{\s*function addWidgetsRenderer\(\).*?\}\(\)\);\s*</script>", re.S
)


def on_config(config: Any) -> Any:
    """Start a build: a fresh folder for the prepared notebooks."""
    old = _build.get("tmp")
    if old:
        shutil.rmtree(old, ignore_errors=True)
    _build.clear()
    _build["tmp"] = Path(tempfile.mkdtemp(prefix="gmkit-docs-"))
    _build["pages"] = {}
    return config


@event_priority(50)  # before mkdocs-jupyter's own on_files, which turns notebooks into pages
def on_files(files: Files, config: Any) -> Files:
    """Add every notebook, executed and prepared, to the files MkDocs builds."""
    src = _build["tmp"] / "src"
    (src / "notebooks").mkdir(parents=True)
    env = os.environ.get(EXECUTED_ENV)
    folder = Path(env) if env else None
    reused, executed = [], []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = docs_notebooks.load_executed(folder, path)
        if nb is None:
            log.info("gm-kit docs: executing %s", path.name)
            nb = docs_notebooks.execute(path)
            executed.append(path.name)
        else:
            reused.append(path.name)
        page_nb, info = docs_notebooks.prepare(nb)
        nbformat.write(page_nb, src / "notebooks" / path.name)
        uri = f"notebooks/{path.name}"
        _build["pages"][uri] = {"figures": info.figures, "widgets": info.widgets}
        files.append(
            File(
                uri,
                src_dir=str(src),
                dest_dir=config["site_dir"],
                use_directory_urls=config["use_directory_urls"],
            )
        )
    log.info(
        "gm-kit docs: %d notebooks reused from the test run, %d executed here (%s)",
        len(reused),
        len(executed),
        ", ".join(executed) or "none",
    )
    return files


def _tags(page_url: str) -> str:
    def url(path: str) -> str:
        return get_relative_url(path, page_url)

    return f"""
<script src="{url(f"{VENDOR}/plotly.min.js")}"></script>
<script src="{url(f"{ASSETS}/outputs.js")}"></script>
<script src="{url(f"{VENDOR}/require.js")}"></script>
<script>
  window.__jupyter_widgets_assets_path__ = new URL("{url(VENDOR)}/", document.baseURI).href;
  // the widget libraries find their fonts beside the module path requirejs gives them;
  // waitSeconds 0: a module that arrives late is waited for, never given up on after
  // requirejs's default 7 s (the widget manager would then ask its CDN fallback, which the
  // site does not serve, and show "Click to show javascript error")
  require.config({{ waitSeconds: 0, paths: {{
    anywidget: "{url(f"{VENDOR}/anywidget")}",
    "@jupyter-widgets": "{url(VENDOR)}",
  }} }});
</script>
<script src="{url(f"{VENDOR}/embed-amd.js")}" data-jupyter-widgets-cdn="{url(VENDOR)}/npm/"></script>
"""


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Serve a notebook page's scripts from the site itself."""
    if page.file.src_uri not in _build.get("pages", {}):
        return output
    output = _MATHJAX.sub("", output)
    output = _WIDGET_LOADER.sub("", output)
    output = _MERMAID.sub("", output)
    return output.replace("</body>", _tags(page.url) + "</body>", 1)


def on_post_build(config: Any) -> None:
    """Copy the vendored scripts into the site and record what each notebook page shows."""
    site = Path(config["site_dir"])
    docs_assets.vendor(site / VENDOR)
    pages = _build.get("pages", {})
    (site / ASSETS).mkdir(parents=True, exist_ok=True)
    (site / ASSETS / "pages.json").write_text(json.dumps(pages, indent=1), encoding="utf-8")
    for uri, counts in pages.items():
        log.info(
            "gm-kit docs: %s: %d figures, %d widgets", uri, counts["figures"], counts["widgets"]
        )
    shutil.rmtree(_build.get("tmp", ""), ignore_errors=True)
