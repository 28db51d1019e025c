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
"""

from __future__ import annotations

import os

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
