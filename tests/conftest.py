"""Shared pytest configuration for gm-kit's tests.

Property tests run under one of two Hypothesis profiles:

``ci`` (the default)
    Derandomized, so every run (CI, a laptop, a rerun after a fix) tries the same examples and a
    failure reproduces; a fixed number of examples; no deadline, because CI machines are shared
    and slow; ``print_blob`` so a failure prints the ``@reproduce_failure`` line to paste.
``dev`` (``HYPOTHESIS_PROFILE=dev pytest ...``)
    Randomized and ten times the examples, to hunt for new failures locally. A failure found
    this way goes into the test as an explicit ``@example(...)`` so the ``ci`` profile keeps it.

A test's own ``@settings(max_examples=...)`` takes precedence over the profile's count.

The suite has two tiers. The fast tier is everything under ``tests/`` but ``tests/integration``:
the engines, the property tests, figures and widget models, run in parallel while developing::

    .venv/bin/python -m pytest -m "not integration" -n auto

The integration tier is ``tests/integration`` (the gates, the wheel, the docs and browser-only
sites, the real-browser tests) and every notebook under nbval; :func:`pytest_collection_modifyitems`
marks it by place, so a new test lands in the right tier by the folder it is written in. The
README's test command runs both tiers.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

CI_EXAMPLES = 100
"""Examples per property test under the ``ci`` profile."""

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=CI_EXAMPLES,
    deadline=None,
    print_blob=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    derandomize=False,
    max_examples=10 * CI_EXAMPLES,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


_INTEGRATION = Path(__file__).resolve().parent / "integration"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the integration tier: tests under ``tests/integration`` and the notebooks."""
    for item in items:
        path = Path(str(item.path)).resolve()
        if path.suffix == ".ipynb" or _INTEGRATION in path.parents:
            item.add_marker(pytest.mark.integration)
