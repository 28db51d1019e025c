"""MkDocs hook: render the repository's top-level notebooks as pages under ``notebooks/``.

The notebooks live at the top of the repository, where nbval runs them and a GM browsing the
repository finds them; MkDocs only reads pages inside ``docs/``. This hook adds each notebook to
the site's files at build time, so there is one copy of every notebook and no symlink.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]


@event_priority(50)  # before mkdocs-jupyter's own on_files, which turns notebooks into pages
def on_files(files: Files, config: Any) -> Files:
    """Add ``notebooks/*.ipynb`` to the files MkDocs builds."""
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        files.append(
            File(
                f"notebooks/{nb.name}",
                src_dir=str(ROOT),
                dest_dir=config["site_dir"],
                use_directory_urls=config["use_directory_urls"],
            )
        )
    return files
