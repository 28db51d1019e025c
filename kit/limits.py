"""The kit's budgets: one place for every size limit.

Design principle 9 asks for one set of limits, checked wherever a value enters the kit (a
constructor, a setter, a loader). Keeping them here means the builder that refuses a
201-character name and the loader that refuses a hand-edited file with one agree, so
anything the kit holds can be saved and loaded again, and a hostile file is refused before
anything is built from it.

The numbers are generous for play (a campaign of a few sectors, fleets of hundreds of ships,
sessions of thousands of events) and small enough that the worst file within them still
loads in about a second on a laptop.

>>> from kit import limits
>>> limits.MAX_NAME
200
"""

from __future__ import annotations

__all__ = [
    "EXACT_ADVICE_STATES",
    "EXACT_FAST_SECONDS",
    "EXACT_FAST_STATES",
    "EXACT_MAX_SECONDS",
    "EXACT_MAX_STATES",
    "EXACT_MAX_UNITS",
    "MAX_ADVANCE_DAYS",
    "MAX_DAYS",
    "MAX_DEPTH",
    "MAX_EDGES",
    "MAX_EVENTS",
    "MAX_FILE_BYTES",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_JSON_VALUES",
    "MAX_NAME",
    "MAX_NOTES",
    "MAX_SHIPS_PER_BUY",
    "MAX_SHIPS_PER_FLEET",
    "MAX_SYSTEMS",
    "MAX_SYSTEMS_PER_VOLUME",
    "MAX_SYSTEM_NAME",
    "MAX_TEXT",
    "MAX_UNDO_DAYS",
]

# ------------------------------------------------------------------- files
MAX_FILE_BYTES: int = 16 * 1024 * 1024
"""Largest save file or JSON text accepted, in bytes; checked before any parsing."""

MAX_DEPTH: int = 64
"""Deepest nesting of JSON lists and objects accepted in a save file."""

MAX_JSON_VALUES: int = 2_000_000
"""Most JSON values (numbers, strings, lists, objects...) one file may hold.

Counted from the raw text before parsing, so a file of millions of tiny values is refused
without building them.
"""

MAX_INT: int = 2**63 - 1
"""Largest magnitude of any integer the kit stores (seeds included); a 64-bit signed int."""

# ------------------------------------------------------------------- games
MAX_EVENTS: int = 100_000
"""Most events one game's log (a job, a board, a battle, a fleet, a sector) may hold."""

# ------------------------------------------------------------------- Successors
MAX_SHIPS_PER_FLEET: int = 5_000
"""Most ships one fleet may hold at any time (bought, designed or taken over)."""

MAX_SHIPS_PER_BUY: int = 1_000
"""Most ships one purchase may add."""

MAX_SYSTEMS: int = 20_000
"""Most star systems one sector may hold (about 2 MB saved)."""

MAX_SYSTEMS_PER_VOLUME: int = 100
"""Most systems within one jump range (a disc or ball of ``max_range`` light years) of a point.

This bounds how crowded a sector may be, and so how many jump edges each system has.
"""

MAX_EDGES: int = 500_000
"""Most jump edges (routes within range plus Hyper Gates) one sector's graph may hold."""

# ------------------------------------------------------------------- text and collections
MAX_NAME: int = 200
"""Longest name or title (a campaign, an entity, a ship, a system, a stored item)."""

MAX_SYSTEM_NAME: int = 100
"""Longest name of a star system in a sector (and of a stop on a journey)."""

MAX_TEXT: int = 2_000
"""Longest short free text (a note on an entity, a GM remark on an event)."""

MAX_NOTES: int = 200_000
"""Longest long free text (campaign notes, house rules, one session's write-up)."""

MAX_ITEMS: int = 10_000
"""Most entries in one campaign collection or list (items, sessions, reveals)."""

# ------------------------------------------------------------------- the player screen
MAX_REQUEST_HEADERS: int = 64
"""Most header lines one request to the player screen may carry (a browser sends about 15).

A request past it is answered ``431 Request Header Fields Too Large`` as soon as the line after
the last allowed one arrives, whether or not it carries the share token."""

MAX_REQUEST_HEADER_BYTES: int = 16 * 1024
"""Most bytes of header lines (after the request line) one request to the player screen may
send: 16 KiB, the screen's cookie and a browser's usual headers fit many times over. The server
stops reading at this many bytes and answers ``431``, with or without the share token, so no
device can make it read more (the standard library alone reads up to 100 lines of 64 KiB)."""

# ------------------------------------------------------------------- exact battle odds
EXACT_MAX_STATES: int = 5_000
"""Most chain states (positions whose next phase is enumerated) the exact battle engine
explores before it gives up: :func:`kit.successors.combat.exact_odds` raises
:class:`~kit.successors.combat.ExactTooLarge` naming the count. About 2 to 7 ms a state
(benchmarks/bench_exact.py), so the limit is some 10 to 35 seconds of work."""

EXACT_MAX_SECONDS: float = 10.0
"""Seconds the exact battle engine may take before it gives up (with :data:`EXACT_MAX_STATES`)."""

EXACT_MAX_UNITS: int = 4
"""Most fighting units (ships, Rammers and active entities in the orbit) for which
``battle_odds`` and the battle advisor try the exact engine unasked: two a side take about a
second, three a side some twenty (benchmarks/bench_exact.py)."""

EXACT_FAST_STATES: int = 20
"""Where the vectorised simulation covers a battle (it plays 10,000 battles, a standard error
of 0.5 points, in about 0.05 to 0.3 s), ``battle_odds`` answers exactly only up to this many
states, which the exact engine walks faster than that (a ship a side: 9 states, 0.025 s).
Elsewhere (other policies, battles only the event-log engine plays, at 3 to 10 ms a battle:
30 to 100 s for 10,000) it allows :data:`EXACT_MAX_STATES`."""

EXACT_FAST_SECONDS: float = 1.0
"""A safety net on the time of the exact attempt of :data:`EXACT_FAST_STATES` (the state
count decides; this only stops a pathological phase early)."""

EXACT_ADVICE_STATES: int = 1_000
"""Most chain states the battle advisor lets the exact engine explore for all the answers of
one decision together (of a battle within :data:`EXACT_MAX_UNITS`); past it the advisor
simulates the answers instead, and ``Advice.why`` says so. A count, not a time, so the method
the advice picks is the same on a quiet or a loaded machine. Measured at 1,400 to 2,400 states
a second (CPU) on the advisor's forced chains and 1,000 to 1,700 on whole small battles
(2 Frigates a side: 195 states in 0.12 s), so the limit is some 0.4 to 1 s of work. The exact
engine's :data:`EXACT_MAX_SECONDS` stays as a last-resort safety net only."""

# ------------------------------------------------------------------- the campaign clock
MAX_DAYS: int = 1_000_000
"""Last standard day a campaign's clock reaches (about 2,700 years)."""

MAX_ADVANCE_DAYS: int = 36_500
"""Most days one ``Campaign.advance`` plays (a century); longer spans take several calls."""

MAX_UNDO_DAYS: int = 100
"""Most played days a campaign can take back in one session (``Campaign.undo_day``)."""
