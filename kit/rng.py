"""One helper for seeded randomness, used by every game in the kit.

Every roll in the kit comes from a :class:`numpy.random.Generator` made here. A game keeps
the integer seed it was made from, so it can be replayed; and because rolls are written into
each game's event log, a loaded game never rolls again.

``seed`` may be

* an ``int`` - used as is;
* a ``numpy.random.Generator`` - a fresh seed is drawn from it, so a caller's generator
  drives the game deterministically and the game still records a plain integer;
* ``None`` - a fresh seed is drawn from the operating system and recorded.

Games played step by step (a battle's phases, a job's rolls, a journey's days) draw each
step from its own generator, :func:`step_rng` of the recorded seed and the step's number, so
undoing a step and playing it again, or loading a saved game, gives the very same dice.
"""

from __future__ import annotations

from typing import Union

import numpy as np

from . import limits, validate
from .errors import InvalidType

#: A seed: an int, a numpy Generator or None (draw one). Written with the Generator as a
#: string, so importing the kit does not load ``numpy.random`` before anything rolls a die.
SeedLike = Union[int, "np.random.Generator", None]

__all__ = ["SeedLike", "fresh_seed", "make_rng", "resolve_seed", "step_rng"]

_SEED_BOUND = limits.MAX_INT


def fresh_seed() -> int:
    """A new seed from the operating system's entropy, for a game made with ``seed=None``.

    The one place the kit draws entropy: the test suite replaces it with a stream seeded by
    each test's name, so a test that forgets a seed still plays the same dice on every run.
    """
    return int(np.random.SeedSequence().entropy % _SEED_BOUND)  # type: ignore[operator]


def resolve_seed(seed: SeedLike) -> int:
    """Return the integer seed a game records for ``seed``.

    >>> resolve_seed(7)
    7
    >>> resolve_seed(np.random.default_rng(1)) == resolve_seed(np.random.default_rng(1))
    True
    """
    if seed is None:
        return fresh_seed()
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(0, _SEED_BOUND))
    if isinstance(seed, (bool, float)) or not isinstance(seed, (int, np.integer)):
        raise InvalidType(f"seed must be an int, a numpy Generator or None, got {seed!r}")
    # a seed the kit records must save and load again: 0 to kit.limits.MAX_INT
    return validate.integer("seed", int(seed), 0, _SEED_BOUND)


def make_rng(seed: SeedLike) -> tuple[np.random.Generator, int]:
    """Return ``(generator, recorded_seed)`` for ``seed`` (see the module docs)."""
    recorded = resolve_seed(seed)
    return np.random.default_rng(recorded), recorded


def step_rng(seed: int, step: int) -> np.random.Generator:
    """The generator of step ``step`` of a game recorded with ``seed``.

    Seeded by the pair ``[seed, step]``, so every step has its own stream that does not
    depend on how many dice earlier steps drew.

    >>> a = step_rng(7, 3).integers(1, 7, size=4)
    >>> b = step_rng(7, 3).integers(1, 7, size=4)
    >>> bool((a == b).all())
    True
    """
    return np.random.default_rng([seed, step])
