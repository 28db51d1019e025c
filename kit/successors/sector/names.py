"""Made-up system names for a sector: two or three syllables drawn from a short list, with a
Roman numeral added when a name comes up again ("Kari", then "Kari II").

A sector built without names and :func:`~kit.successors.sector.generate_sector` both name their
systems here, from the sector's own random generator, so the same seed gives the same names.

>>> import numpy as np
>>> names = system_names(50, np.random.default_rng(1))
>>> len(names) == len(set(names)) == 50
True
>>> _roman(14), _roman(1999)
('XIV', 'MCMXCIX')
"""

from __future__ import annotations

import numpy as np

__all__ = ["system_names"]


_SYLLABLES = (
    "ka",
    "ri",
    "ve",
    "lor",
    "an",
    "te",
    "mu",
    "sol",
    "dra",
    "xi",
    "on",
    "ae",
    "vel",
    "thu",
    "ne",
    "cor",
    "zan",
    "pe",
    "ys",
    "ul",
    "mar",
    "oth",
    "ka",
    "sei",
    "bri",
    "no",
)


def system_names(n: int, rng: np.random.Generator) -> list[str]:
    """``n`` distinct names drawn with ``rng`` (numbered with Roman numerals on repeats)."""
    out: list[str] = []
    seen: dict[str, int] = {}
    counts = rng.integers(2, 4, size=n)
    picks = rng.integers(0, len(_SYLLABLES), size=(n, 3))
    for k in range(n):
        base = "".join(_SYLLABLES[p] for p in picks[k, : counts[k]]).capitalize()
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base} {_roman(seen[base])}")
    return out


def _roman(k: int) -> str:
    vals = (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    )
    out = ""
    for v, s in vals:
        while k >= v:
            out += s
            k -= v
    return out
