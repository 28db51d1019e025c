"""Build hook: put the top-level ``notebooks/`` into the wheel as ``kit/notebooks``.

The notebooks live at the top of the repository (that is where a GM browsing it looks for them,
and where nbval runs them), but a wheel can only carry files inside its packages. This hook
copies them in at build time, so ``pip install gm-kit`` followed by ``gm-kit notebooks DIR``
gives a GM the same notebooks a clone does. Everything else is configured in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithNotebooks(build_py):
    """``build_py`` that also copies ``notebooks/*.ipynb`` into ``kit/notebooks``."""

    def run(self) -> None:
        super().run()
        src = Path(__file__).resolve().parent / "notebooks"
        if not src.is_dir():  # building from an sdist that already carries them in kit/
            return
        dest = Path(self.build_lib) / "kit" / "notebooks"
        dest.mkdir(parents=True, exist_ok=True)
        for nb in sorted(src.glob("*.ipynb")):
            shutil.copyfile(nb, dest / nb.name)


setup(cmdclass={"build_py": BuildWithNotebooks})
