"""The package's driver, :func:`kit.successors.combat.simulate.simulate`: bad input is a kit error
naming the field, the value and what is allowed; the battle given is left as it was; a seed gives
the same battles again and is recorded; ``max_rounds`` ends every battle by then.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors.combat import simulate
from kit.successors.examples import example_one


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"n": 0}, InvalidInput, "n must be an integer from 1 to 10000000, got 0"),
        ({"n": 2.5}, InvalidType, "n must be an integer"),
        ({"method": "quick"}, InvalidInput, "method must be one of 'auto', 'fast', 'engine'"),
        ({"chunk": 0}, InvalidInput, "chunk must be an integer from 1"),
        ({"workers": 0}, InvalidInput, "workers must be an integer from 1 to 1024, got 0"),
        ({"executor": "dask"}, InvalidType, "executor must be a concurrent.futures.Executor"),
    ],
)
def test_bad_options_name_the_field_and_what_is_allowed(options, error, message):
    with pytest.raises(error, match=message):
        simulate(example_one(), **{"n": 10, **options})


@pytest.mark.parametrize("method", ["fast", "engine"])
def test_a_seed_gives_the_same_battles_and_the_battle_is_left_as_it_was(method):
    battle = example_one()
    before = battle.to_dict()
    a = simulate(battle, 20, seed=9, method=method, max_rounds=2)
    b = simulate(battle, 20, seed=9, method=method, max_rounds=2)
    assert battle.to_dict() == before and not battle.log
    assert a.engine == method and a.seed == 9 and a.n == 20
    for field in ("outcome", "ru_lost", "rounds", "first_hits"):
        assert np.array_equal(getattr(a, field), getattr(b, field)), field
    assert a.rounds.min() >= 1 and a.rounds.max() <= 2
