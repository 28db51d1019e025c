"""Printing a handout page to PDF with a Chromium or Chrome found on the machine."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import IllegalAction

__all__ = ["find_chromium", "print_pdf"]


def find_chromium() -> str | None:
    """The path of a Chromium or Chrome to print with, or ``None`` when there is none."""
    import shutil

    given = os.environ.get("GMKIT_CHROMIUM")
    if given:
        return given if Path(given).exists() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def print_pdf(page: str, target: Path) -> Path:
    """Print the HTML ``page`` to the PDF file ``target`` with Chromium; return ``target``."""
    import subprocess
    import sys
    import tempfile

    if sys.platform == "emscripten":
        raise IllegalAction("PDF handouts need a local Chromium; save .html and print it instead")
    browser = find_chromium()
    if browser is None:
        raise IllegalAction(
            "PDF handouts are printed by Chromium or Chrome and none was found (install "
            "chromium, or set GMKIT_CHROMIUM to its path); or save .html and print it"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gmkit-print-") as tmp:
        source = Path(tmp) / "handout.html"
        source.write_text(page, encoding="utf-8")
        out = Path(tmp) / "handout.pdf"
        cmd = [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            "--virtual-time-budget=10000",  # let plotly draw the figures first
            f"--user-data-dir={Path(tmp) / 'profile'}",
            f"--print-to-pdf={out}",
            source.as_uri(),
        ]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
        if run.returncode != 0 or not out.exists() or out.stat().st_size == 0:
            raise IllegalAction(f"Chromium could not print the handout: {run.stderr[-400:]}")
        target.write_bytes(out.read_bytes())
    return target
