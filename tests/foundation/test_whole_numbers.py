"""One parser of typed whole numbers (#23): ``"²"`` is refused like ``"abc"``, everywhere.

``str.isdigit`` is true for ``"²"``, ``"³"`` and digits of other scripts, which ``int`` then
refuses with a plain ValueError; the kit read typed numbers with it in the widgets, a board's
check table, the workshop's moon numbers and the bestiary. They all use
``kit.validate.whole_number`` / ``is_whole_text`` now.
"""

from __future__ import annotations

import contextlib
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit import validate
from kit.boards.checks import CheckDistribution
from kit.errors import InvalidInput, KitError

NOT_WHOLE = ["²", "³", "١٢", "abc", "1.5", "1e3", "", "  ", "--1", "0x10", "1_000", "½", "٣"]


@pytest.mark.parametrize("text", NOT_WHOLE)
def test_typed_text_that_is_not_a_whole_number_gets_one_message(text):
    assert not validate.is_whole_text(text)
    with pytest.raises(InvalidInput, match="count must be a whole number"):
        validate.whole_number("count", text)


@pytest.mark.parametrize("value", [None, math.nan, math.inf, 1.5, True, [], {}, [[[]]], 10**30])
def test_other_values_get_the_same_message(value):
    with pytest.raises(InvalidInput, match=r"^count must be a whole number"):
        validate.whole_number("count", value)


@given(st.integers(-(10**18), 10**18))
def test_every_whole_number_reads_back(n):
    assert validate.is_whole_text(f" {n} ")
    assert (
        validate.whole_number("n", str(n))
        == n
        == validate.whole_number("n", float(n) if abs(n) < 2**53 else n)
    )


@given(st.text(max_size=8))
def test_isdigit_text_is_read_or_refused_never_crashes(text):
    with contextlib.suppress(KitError):  # refused is fine; any other error is a bug
        validate.whole_number("n", text)


def test_a_check_table_key_of_superscript_two_is_the_kits_error():
    with pytest.raises(KitError):
        CheckDistribution.of({"²": 1})
    assert CheckDistribution.of({"7": 1}) == CheckDistribution.of({7: 1})
