"""Dice expressions: every notation of the rule texts, exact distributions, seeded rolls, errors."""

import contextlib
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit import dice
from kit.errors import DiceError, InvalidType, KitError

TEXT_NOTATIONS = {
    "2d6": (2, 12, Fraction(7)),
    "1d6+1": (2, 7, Fraction(9, 2)),
    "2d6-3": (-1, 9, Fraction(4)),
    "3d6x100": (300, 1800, Fraction(1050)),
    "2d6x3": (6, 36, Fraction(21)),
    "1d3": (1, 3, Fraction(2)),
    "2d6+3": (5, 15, Fraction(10)),
    "3d6": (3, 18, Fraction(21, 2)),
    "2d6x10": (20, 120, Fraction(70)),
}


@pytest.mark.parametrize("text, expected", TEXT_NOTATIONS.items())
def test_every_notation_of_the_texts(text, expected):
    d = dice.parse(text)
    dist = d.distribution()
    assert sum(dist.values()) == 1  # exactly, as Fractions
    assert all(isinstance(p, Fraction) for p in dist.values())
    assert (d.min, d.max, d.mean()) == expected
    assert min(dist) == d.min and max(dist) == d.max
    assert str(dice.parse(str(d))) == str(d)


def test_2d6_is_the_triangle():
    dist = dice.parse("2d6").distribution()
    assert dist == {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def test_multiplier_keeps_the_shape():
    assert dice.parse("2d6x3").distribution()[21] == Fraction(1, 6)
    assert set(dice.parse("3d6x100").distribution()) == {100 * t for t in range(3, 19)}


def test_spacing_and_case():
    assert str(dice.parse(" 3D6 x 100 ")) == "3d6x100"
    assert str(dice.parse("d6")) == "1d6"


@pytest.mark.parametrize(
    "bad", ["2x6", "2d0", "-1d6", "", "d", "2d6+", "2d6 + x", "1d1", "999d6", "2d6**2"]
)
def test_bad_expressions_quote_text_and_forms(bad):
    with pytest.raises(DiceError) as info:
        dice.parse(bad)
    assert repr(bad) in str(info.value) and "NdS" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_wrong_type():
    with pytest.raises(InvalidType):
        dice.parse(26)


def test_seeded_rolls_repeat():
    d = dice.parse("3d6x100")
    assert [d.roll(np.random.default_rng(5)) for _ in range(3)] == [
        d.roll(np.random.default_rng(5))
    ] * 3
    assert d.roll(11) == d.roll(11)
    many = d.roll_many(1000, 3)
    assert many.min() >= 300 and many.max() <= 1800 and (many % 100 == 0).all()


def test_rolls_follow_the_distribution():
    d = dice.parse("2d6")
    n = 200_000
    counts = np.bincount(d.roll_many(n, 1), minlength=13)
    for total, p in d.distribution().items():
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts[total] / n - float(p)) < 4 * se


@given(st.integers(1, 6), st.integers(2, 12), st.integers(-20, 20), st.integers(1, 50))
def test_any_expression_is_a_distribution(n, s, k, m):
    text = f"{n}d{s}{k:+d}x{m}"
    d = dice.parse(text)
    dist = d.distribution()
    assert sum(dist.values()) == 1
    assert min(dist) == d.min == (n + k) * m and max(dist) == d.max == (n * s + k) * m
    faces, total = d.roll_dice(n + s)
    assert len(faces) == n and total in dist


@given(st.text(max_size=12))
def test_fuzzed_text_only_raises_kit_errors(text):
    with contextlib.suppress(KitError):
        dice.parse(text)


def test_probabilities_are_the_distribution_as_floats():
    two_d6 = dice.parse("2d6")
    probs = two_d6.probabilities()
    assert probs[7] == 6 / 36 and probs[2] == 1 / 36 and probs[12] == 1 / 36
    assert set(probs) == set(range(2, 13)) and abs(sum(probs.values()) - 1) < 1e-12
    assert all(
        Fraction(p).limit_denominator(36) == two_d6.distribution()[k] for k, p in probs.items()
    )
