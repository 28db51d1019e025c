"""``python -m kit``: the same as the ``gm-kit`` command (see :mod:`kit.cli`)."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
