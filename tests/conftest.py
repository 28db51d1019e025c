"""Shared pytest configuration for gm-kit's tests."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Property tests: a CI profile that is thorough but bounded, and a quick local default.
settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
