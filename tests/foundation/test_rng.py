"""Seeds (kit.rng): what a game records for each kind of seed, and the streams made from it."""

from __future__ import annotations

import numpy as np
import pytest

from kit import limits
from kit.errors import InvalidInput, InvalidType
from kit.rng import make_rng, resolve_seed, step_rng


def test_seed_helper():
    rng, seed = make_rng(42)
    assert seed == 42 and isinstance(rng, np.random.Generator)
    assert resolve_seed(np.random.default_rng(3)) == resolve_seed(np.random.default_rng(3))
    a, b = resolve_seed(None), resolve_seed(None)
    assert isinstance(a, int) and a != b
    with pytest.raises(InvalidType):
        resolve_seed("7")
    with pytest.raises(InvalidInput):
        resolve_seed(-1)


def test_a_recorded_seed_always_fits_a_save_file():
    assert resolve_seed(limits.MAX_INT) == limits.MAX_INT
    for bad in (limits.MAX_INT + 1, 10**30, -1):
        with pytest.raises(InvalidInput, match="seed"):
            resolve_seed(bad)


def test_the_same_seed_gives_the_same_stream_and_another_seed_another():
    first, _ = make_rng(2024)
    again, _ = make_rng(2024)
    other, _ = make_rng(2025)
    a, b, c = (g.integers(1, 7, size=50) for g in (first, again, other))
    assert a.tolist() == b.tolist()
    assert a.tolist() != c.tolist()


def test_the_recorded_seed_replays_the_stream_of_a_callers_generator():
    rng, recorded = make_rng(np.random.default_rng(5))
    rolls = rng.integers(1, 7, size=20).tolist()
    replayed, same = make_rng(recorded)
    assert same == recorded
    assert replayed.integers(1, 7, size=20).tolist() == rolls


def test_a_steps_stream_does_not_depend_on_what_other_steps_drew():
    before = step_rng(9, 4).integers(1, 7, size=10).tolist()
    busy = step_rng(9, 3)
    busy.integers(1, 7, size=1000)  # an earlier step that rolled a lot
    assert step_rng(9, 4).integers(1, 7, size=10).tolist() == before
    steps = [tuple(step_rng(9, n).integers(0, 2**32, size=4).tolist()) for n in range(20)]
    assert len(set(steps)) == 20  # twenty steps, twenty different streams
    assert step_rng(9, 4).integers(0, 2**32, size=4).tolist() != (
        step_rng(10, 4).integers(0, 2**32, size=4).tolist()
    )


@pytest.mark.parametrize("seed", [True, 1.0, 7.5, "7", [1, 2]])
def test_a_seed_of_another_type_is_refused_naming_seed(seed):
    with pytest.raises(InvalidType, match="seed must be an int, a numpy Generator or None"):
        resolve_seed(seed)


def test_a_numpy_integer_is_recorded_as_a_plain_int():
    recorded = resolve_seed(np.int64(12))
    assert recorded == 12 and type(recorded) is int
