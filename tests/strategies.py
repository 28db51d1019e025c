"""Hypothesis strategies shared by the test suite (issue #33).

One place for the generators that several test files used to copy: text a user can type, JSON
values, dice expressions, Regulus incidents and jobs, boards and their rules, entities, ship
designs, fleets, star systems and sectors. Test files import what they need::

    from tests.strategies import entities, typed

Every strategy here builds only what the kit accepts: a draw the kit refuses is skipped with
:func:`accepted` (``assume(False)``), so a property test sees valid objects. The strategies were
moved here unchanged from the files that defined them, so a test drawing from one under the
derandomized ``ci`` profile sees the same examples it saw before.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import assume
from hypothesis import strategies as st

from kit import limits
from kit.boards import BoardRules, StandardBoard
from kit.errors import KitError, KitWarning
from kit.regulus import JOB_TYPES, Incident, Job, Operative
from kit.regulus.job import KNOWN_GIGS, _warn_if_misspelt_gig
from kit.successors import DRIVES, WEAPONS, Entity, ShipDesign
from kit.successors.fleets import Fleet
from kit.successors.sector import Sector, generate_sector
from kit.successors.stars import StarSystem, generate_system

T = TypeVar("T")

# ------------------------------------------------------------------------------------ text, JSON

#: Any Unicode character a user can type: every category but lone surrogates (refused on entry).
user_characters = st.characters(blacklist_categories=("Cs",))
#: A name as a user types it (1 to 40 characters).
typed = st.text(user_characters, min_size=1, max_size=40)
#: A longer free text: notes, titles (up to 300 characters, possibly empty).
long_typed = st.text(user_characters, max_size=300)
#: Any seed the kit accepts.
seeds = st.integers(0, limits.MAX_INT)


def user_text(min_size: int = 0, max_size: int = 40) -> st.SearchStrategy[str]:
    """Text a user can type, between ``min_size`` and ``max_size`` characters."""
    return st.text(user_characters, min_size=min_size, max_size=max_size)


def accepted(make: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``make(*args, **kwargs)``, skipping the example when the kit refuses it.

    Only objects the kit accepts count in a property about accepted objects.
    """
    try:
        return make(*args, **kwargs)
    except KitError:
        assume(False)
        raise  # unreachable: assume(False) stops the example


def json_values(
    *,
    ints: int = 10**9,
    text: int = 12,
    width: int = 5,
    keys: int = 8,
    leaves: int = 25,
) -> st.SearchStrategy[Any]:
    """Nested JSON values: integers within ``±ints``, strings up to ``text`` characters, lists
    and objects of at most ``width`` items (keys up to ``keys`` characters), ``leaves`` leaves."""
    return st.recursive(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-ints, ints),
            st.floats(allow_nan=False, allow_infinity=False),
            st.text(max_size=text),
        ),
        lambda inner: st.one_of(
            st.lists(inner, max_size=width),
            st.dictionaries(st.text(max_size=keys), inner, max_size=width),
        ),
        max_leaves=leaves,
    )


# ------------------------------------------------------------------------------------------ dice


@st.composite
def dice_expressions(draw: st.DrawFn) -> tuple[str, int, int, int, int]:
    """A dice expression in the kit's notation, ``NdS+KxM``, with its four numbers
    ``(text, n, s, k, m)``: roll ``n`` dice of ``s`` sides, add ``k``, multiply by ``m``."""
    n = draw(st.integers(1, 6))
    s = draw(st.integers(2, 12))
    k = draw(st.integers(-20, 20))
    m = draw(st.integers(1, 50))
    text = f"{n}d{s}"
    if k:
        text += f"{k:+d}"
    if m != 1:
        text += f"x{m}"
    return text, n, s, k, m


# --------------------------------------------------------------------------------------- Regulus


def incidents(names: Sequence[str] = ("A", "B", "C")) -> st.SearchStrategy[Incident]:
    """A row of a custom incident table (any progress, consequence, heat and threat)."""
    return st.builds(
        Incident,
        name=st.sampled_from(list(names)),
        progress=st.integers(-2, 2),
        consequence=st.sampled_from([None, "minor", "major", "postponed"]),
        lose_crew=st.booleans(),
        companion=st.booleans(),
        heat=st.integers(-1, 2),
        threat=st.integers(0, 1),
    )


def _near_miss(gig: str) -> bool:
    """True when the kit would warn that ``gig`` looks like a misspelt known gig ("FAC")."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _warn_if_misspelt_gig("probe", gig)
    return any(issubclass(w.category, KitWarning) for w in caught)


#: A gig as a GM types it: a known one, or text of their own that is no near miss of a known
#: one (a near miss warns, and under the test suite's warnings-as-errors would end the example;
#: the warning has its own tests in tests/regulus/test_job.py).
gigs = st.one_of(st.sampled_from(KNOWN_GIGS), typed.filter(lambda g: not _near_miss(g)))


@st.composite
def jobs(draw: st.DrawFn) -> Job:
    """A job of any type with a crew of typed names, played a few rolls, maybe adjusted."""
    crew = [
        accepted(Operative, draw(typed), draw(gigs), draw(st.lists(typed, max_size=2)))
        for _ in range(draw(st.integers(1, 3)))
    ]
    assume(len({op.name for op in crew}) == len(crew))
    job = accepted(
        Job,
        draw(st.sampled_from(sorted(JOB_TYPES))),
        draw(st.integers(3, 7)),
        draw(st.integers(3, 8)),
        crew,
        title=draw(long_typed),
        seed=draw(seeds),
    )
    for value in draw(st.lists(st.integers(2, 12), max_size=6)):
        if job.ended:
            break
        accepted(job.roll, value)
    if draw(st.booleans()) and not job.ended:
        accepted(job.adjust, heat=1, note=draw(long_typed))
    return job


# ---------------------------------------------------------------------------------------- boards

#: A card of a board (its target number, 2 to 12).
card_values = st.integers(min_value=2, max_value=12)

#: House rules for boards: every switch of :class:`kit.boards.BoardRules`.
board_rules = st.builds(
    BoardRules,
    skill_penalty=st.sampled_from([0, 1, 2, 3]),
    track_general_skill=st.booleans(),
    meet_target=st.booleans(),
    limit_stop_early=st.booleans(),
    npc_chance=st.sampled_from([0.0, 0.25, 0.5, 1.0]),
    pursuer_faces=st.sampled_from(["leftmost", "goal"]),
)


@st.composite
def standard_boards(draw: st.DrawFn) -> StandardBoard:
    """A fresh standard board of 3 to 8 cards, any goal, a modifier on every card."""
    cards = draw(st.lists(card_values, min_size=3, max_size=8))
    goal = draw(st.integers(1, len(cards)))
    mods = draw(st.lists(st.integers(-2, 2), min_size=len(cards), max_size=len(cards)))
    return StandardBoard(cards, goal, modifiers=mods)


@st.composite
def played_boards(draw: st.DrawFn) -> StandardBoard:
    """A standard board with a typed title and some checks made (what a save file holds)."""
    cards = draw(st.lists(st.integers(4, 8), min_size=3, max_size=8))
    board = accepted(StandardBoard, cards, draw(st.integers(1, len(cards))), title=draw(long_typed))
    for check in draw(st.lists(st.integers(0, 15), max_size=len(cards))):
        if board.finished:
            break
        accepted(board.check, check)
    return board


# ------------------------------------------------------------------------------------ Successors


@st.composite
def entities(draw: st.DrawFn) -> Entity:
    """An entity with a typed name, any ranks from 0 to 12, maybe a side, a few notes."""
    ranks = {
        a: draw(st.integers(0, 12))
        for a in ("battle", "control", "handling", "information", "sensors")
    }
    return accepted(
        Entity,
        draw(typed),
        **ranks,
        side=draw(st.none() | typed),
        notes=draw(st.lists(typed, max_size=2)),
    )


#: A ship design: any weapon and drive, every other option drawn across its range.
ship_designs = st.builds(
    ShipDesign,
    battle=st.integers(0, 20),
    weapon=st.sampled_from(WEAPONS),
    long_ranged=st.booleans(),
    first_strike=st.booleans(),
    extra_hits=st.integers(0, 5),
    hyper_jump=st.booleans(),
    stealth=st.integers(0, 3),
    decoy=st.integers(0, 3),
    cargo=st.integers(0, 20).map(lambda x: 10 * x),
    racks=st.integers(0, 20).map(lambda x: 10 * x),
    control=st.integers(0, 6),
    handling=st.integers(0, 6),
    information=st.integers(0, 6),
    sensors=st.integers(0, 6),
    drive=st.sampled_from(DRIVES),
)


@st.composite
def fleets(draw: st.DrawFn) -> Fleet:
    """A fleet with maybe an owner and a budget, and up to four purchases from the catalogue."""
    owner = draw(st.none() | entities())
    fleet = accepted(Fleet, owner, draw(st.none() | st.integers(0, 500)))
    for name, count in draw(
        st.lists(
            st.tuples(
                st.sampled_from(["GUNBOAT", "SATELLITE", "DRONE", "MOCKER", "CRUISER", "TUG"]),
                st.integers(1, 5),
            ),
            max_size=4,
        )
    ):
        accepted(fleet.buy, name, count, label=draw(st.none() | typed))
    return fleet


@st.composite
def systems(draw: st.DrawFn) -> StarSystem:
    """A generated star system under a typed name."""
    system = generate_system(seed=draw(seeds))
    return accepted(dataclasses.replace, system, name=draw(typed))


@st.composite
def sectors(draw: st.DrawFn) -> Sector:
    """A generated sector of 1 to 12 systems, maybe with a route jumped a few times."""
    sector = accepted(generate_sector, draw(st.integers(1, 12)), seed=draw(seeds), name=draw(typed))
    edges = sorted(sector.graph.edges)
    if edges and draw(st.booleans()):
        a, b = edges[draw(st.integers(0, len(edges) - 1))]
        accepted(sector.record_jump, a, b, times=draw(st.integers(1, 12)))
    return sector
