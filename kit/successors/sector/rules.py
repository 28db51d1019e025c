"""Star travel options: how far a jump reaches, how many successes a route needs as it goes
from unknown to known to locked, and the days a jump or a gate takes.

:class:`SectorRules` sits beside the sector, route and journey modules that read it; its
defaults follow docs/rulings.md (Successors 6 and 8).

>>> rules = SectorRules()
>>> rules.status(0), rules.status(1), rules.status(10)
('unknown', 'known', 'locked')
>>> rules.needed(7.0, "unknown"), rules.needed(7.0, "known"), rules.needed(7.0, "locked")
(3, 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from ... import validate

__all__ = ["STATUSES", "SectorRules"]

STATUSES = ("unknown", "known", "locked")


@dataclass(frozen=True)
class SectorRules:
    """Star travel options; the defaults follow docs/rulings.md Successors 6 and 8."""

    max_range: float = 10.0
    """Longest jump (light years) drawn as an edge of the jump graph (the GM's choice)."""
    known_ly_per_success: float = 5.0
    """A known route needs ceil(ly / this) Information successes."""
    unknown_ly_per_success: float = 3.0
    """An unknown route needs ceil(ly / this) Information + Sensors successes."""
    locked_after: int = 10
    """A route jumped this many times is locked."""
    locked_successes: int = 1
    """Successes a locked route needs."""
    jump_days: int = 1
    """Days the jump itself takes once plotted (the text: one day whatever the distance)."""
    gate_days: int = 1
    """Days to pass through a Hyper Gate."""
    lone_ship_rank: int = 1
    """Information and Sensors rank of a Hyper-Jump ship plotting on its own."""
    lone_ship_time_factor: int = 5
    """A ship plotting alone needs this many days per roll."""
    carry_per_control: int = 5
    """Ships an entity carries per rank of Control."""

    def __post_init__(self) -> None:
        validate.number("max_range", self.max_range, 0.001, 10_000)
        validate.number("known_ly_per_success", self.known_ly_per_success, 0.001)
        validate.number("unknown_ly_per_success", self.unknown_ly_per_success, 0.001)
        validate.integer("locked_after", self.locked_after, 1)
        validate.integer("locked_successes", self.locked_successes, 0)
        validate.integer("jump_days", self.jump_days, 0, 100)
        validate.integer("gate_days", self.gate_days, 0, 100)
        validate.integer("lone_ship_rank", self.lone_ship_rank, 0, 30)
        validate.integer("lone_ship_time_factor", self.lone_ship_time_factor, 1, 100)
        validate.integer("carry_per_control", self.carry_per_control, 0, 100)

    def status(self, jumps: int) -> str:
        """Route status after ``jumps`` jumps: unknown, known or locked."""
        if jumps >= self.locked_after:
            return "locked"
        return "known" if jumps >= 1 else "unknown"

    def needed(self, ly: float, status: str) -> int:
        """Successes a jump of ``ly`` light years needs on a route of ``status``."""
        return int(self.needed_array(np.array([float(ly)]), status)[0])

    def needed_array(self, ly: np.ndarray, status: str) -> np.ndarray:
        """:meth:`needed` for an array of distances at once (building a large graph)."""
        validate.choice("status", status, STATUSES)
        ly = np.asarray(ly, dtype=float)
        if status == "locked":
            return np.full(ly.shape, self.locked_successes, dtype=np.int64)
        per = self.known_ly_per_success if status == "known" else self.unknown_ly_per_success
        # tiny tolerance so 15.000000001 ly from float coordinates is still 3 for a known route
        return np.maximum(1, np.ceil(ly / per - 1e-9)).astype(np.int64)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, raw: object) -> SectorRules:
        """Read :meth:`to_dict` output."""
        raw = validate.mapping("sector rules", raw)
        validate.no_unknown_keys("sector rules", raw, cls.__dataclass_fields__)
        return cls(**raw)
