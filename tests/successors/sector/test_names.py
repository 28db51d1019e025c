"""Made-up system names (kit.successors.sector.names): two or three syllables, a Roman numeral
on a repeat, drawn from the sector's own generator."""

from __future__ import annotations

import numpy as np

from kit.successors.sector import Sector
from kit.successors.sector.names import _roman, system_names


class _ScriptedRng:
    """Stands in for a numpy Generator: returns the given arrays in turn."""

    def __init__(self, *arrays: object) -> None:
        self.arrays = list(arrays)

    def integers(self, *_args: object, **_kw: object) -> np.ndarray:
        return np.asarray(self.arrays.pop(0))


def test_repeated_names_are_numbered_in_roman_numerals():
    # syllables 0 and 1 are "ka" and "ri": three two-syllable names "Kari"; the second and third
    # get II and III. Then "ri" + "ka" + "ve" (three syllables): "Rikave".
    rng = _ScriptedRng([2, 2, 2, 3], [[0, 1, 5], [0, 1, 9], [0, 1, 0], [1, 0, 2]])
    assert system_names(4, rng) == ["Kari", "Kari II", "Kari III", "Rikave"]  # type: ignore[arg-type]
    assert [_roman(k) for k in (4, 9, 14, 40, 90, 400, 1994)] == [
        "IV",
        "IX",
        "XIV",
        "XL",
        "XC",
        "CD",
        "MCMXCIV",
    ]


def test_a_sector_without_names_draws_them_from_its_seed():
    # make_rng(3) is numpy's default_rng(3); the names are the first draws of that generator
    a = Sector([[0, 0], [5, 0], [9, 9]], seed=3)
    b = Sector([[0, 0], [5, 0], [9, 9]], seed=3)
    assert a.names == b.names and len(set(a.names)) == 3
    assert list(a.names) == system_names(3, np.random.default_rng(3))


def test_names_are_two_or_three_syllables_capitalised_and_distinct():
    names = system_names(300, np.random.default_rng(11))
    assert len(set(names)) == 300
    for name in names:
        base = name.split(" ")[0]
        assert base[0].isupper() and base[1:].islower() and 4 <= len(base) <= 9
    # the same generator state gives the same names
    assert names == system_names(300, np.random.default_rng(11))
    assert system_names(0, np.random.default_rng(1)) == []
