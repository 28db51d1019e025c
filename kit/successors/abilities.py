"""The vocabulary an entity is written in: abilities, sexes, sides, kinds, tasks, signature.

These are the plain facts an :class:`~kit.successors.entities.Entity` is checked against,
kept apart from the entity itself so that the facet, sheet and combat modules can read them
without importing the entity class:

* :data:`ABILITIES`, :data:`SEXES`, :data:`SIDES` and :data:`KINDS`, the choices a sheet offers;
* :func:`task_key`, which turns a player's word for a task (``"Mining"``) into the kit's name
  (``"mine"``), so a Natural Aptitude matches the task it was written for;
* :func:`entity_signature`, the signature table of the rule text (ruling 3);
* :func:`require_ability`, the check every ability argument goes through.

>>> entity_signature(15), entity_signature(15, large=True), task_key("Repairing")
(4, 5, 'repair')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import validate
from ..errors import InvalidInput, InvalidType
from .edges import Trait

__all__ = [
    "ABILITIES",
    "AREA_GROUPS",
    "HANDLING_TASKS",
    "KINDS",
    "SEXES",
    "SIDES",
    "aptitude_attempt",
    "entity_signature",
    "require_ability",
    "task_key",
]

#: The five abilities, in the order of the rule text.
ABILITIES = ("battle", "control", "handling", "information", "sensors")
#: The sexes an entity may have.
SEXES = ("Female", "Male", "Neuter")
#: The sides, numbered as on the 1d6 table.
SIDES = {
    1: "Takeru Republic",
    2: "Amtik Commonwealth",
    3: "Kingdoms of Jukint",
    4: "Holy Bringers of Light",
    5: "Vontuni Empire",
    6: "Minor side",
}
#: What an entity is: a full character, a facet, a spawn or a bestiary creature.
KINDS = ("character", "facet", "spawn", "creature")

#: The Handling operations of "Manipulating the Universe", by the kit's task names.
HANDLING_TASKS = ("repair", "recondition", "gather", "build", "mine", "recycle")

#: Words a player may write for a task (as a Natural Aptitude area or a task name), by task.
_TASK_WORDS: dict[str, tuple[str, ...]] = {
    "repair": ("repair", "repairs", "repairing"),
    "recondition": ("recondition", "reconditioning"),
    "gather": ("gather", "gathering"),
    "build": ("build", "building", "construction", "constructing", "engineering"),
    "mine": ("mine", "mining"),
    "recycle": ("recycle", "recycling"),
    "identify": ("identify", "identifying", "identification"),
    "system scanning": ("system scanning", "scanning", "scan", "system scan"),
    "takeover": ("takeover", "take over", "taking over"),
    "facet": ("facet", "faceting"),
    "spawn": ("spawn", "spawning"),
    "hyper jump": ("hyper jump", "jump", "jumping", "jump plotting", "plotting"),
}
_WORD_TO_TASK = {w: task for task, words in _TASK_WORDS.items() for w in words}
#: Aptitude areas that cover several tasks: each of them names every Handling operation.
AREA_GROUPS: dict[str, tuple[str, ...]] = {
    "handling": HANDLING_TASKS,
    "manipulation": HANDLING_TASKS,
    "manipulating the universe": HANDLING_TASKS,
}


def task_key(text: object) -> str:
    """The kit's name for a task written by a player (``"Mining"`` -> ``"mine"``).

    Case, hyphens and underscores do not matter; a word the kit does not know stays as
    written (lower case), so a GM's own aptitude such as ``"Diplomacy"`` still matches itself.

    >>> task_key("Mining"), task_key("System_Scanning"), task_key("Take-Over"), task_key("Poetry")
    ('mine', 'system scanning', 'takeover', 'poetry')
    """
    words = validate.text("task", text, max_len=80).casefold().replace("_", " ").replace("-", " ")
    norm = " ".join(words.split())
    return _WORD_TO_TASK.get(norm, norm)


def aptitude_attempt(succeeded: Sequence[bool], *, needs_a_success: bool = False) -> int | None:
    """Which of a day's attempts at one task Natural Aptitude's extra success joins.

    ``succeeded`` lists whether each attempt at the task rolled a success, in order. The
    extra success goes to the first attempt that failed (where it makes a difference), else
    to the first attempt. With ``needs_a_success`` (the option
    ``SuccessorsRules.aptitude_bonus_needs_a_success``) only an attempt that succeeded can
    take it. None when no attempt can. The Workshop, the repair phase of a battle and the
    facet and spawn rolls all ask this one function.

    >>> aptitude_attempt([True, False, False]), aptitude_attempt([True, True])
    (1, 0)
    >>> aptitude_attempt([False, True], needs_a_success=True), aptitude_attempt([False], needs_a_success=True)
    (1, None)
    """
    rows = [i for i, ok in enumerate(succeeded) if ok or not needs_a_success]
    failed = [i for i in rows if not succeeded[i]]
    return (failed or rows)[0] if rows else None


def entity_signature(total_ranks: int, *, large: bool = False, small: bool = False) -> int:
    """Signature of an entity from the total of its ranks (ruling 3).

    5 or less gives 2, 6..10 gives 3, 11..15 gives 4 and each further 5 one more; Large adds
    1, Small takes 1 (never below 0).

    >>> sigs = [entity_signature(t) for t in (0, 5, 6, 10, 11, 15, 16, 21)]
    >>> sigs
    [2, 2, 3, 3, 4, 4, 5, 6]
    """
    total = validate.integer("total of ranks", total_ranks, 0)
    sig = 2 + max(0, -(-(total - 5) // 5))
    sig += int(large) - int(small)
    return max(0, sig)


def require_ability(name: object) -> str:
    """Validate and normalise an ability name (``"Battle"`` -> ``"battle"``).

    >>> require_ability(" Sensors ")
    'sensors'
    """
    if not isinstance(name, str):
        raise InvalidType(f"ability must be a string, one of {', '.join(ABILITIES)}; got {name!r}")
    key = name.strip().lower()
    if key not in ABILITIES:
        raise InvalidInput(
            f"ability must be one of {', '.join(map(repr, ABILITIES))}; got {name!r}"
        )
    return key


def ranks_kwargs(ranks: Mapping[str, int]) -> dict[str, Any]:
    """Ability ranks as keyword arguments for the entity constructor (other keys dropped)."""
    return {a: ranks[a] for a in ABILITIES}


def parse_traits(field_name: str, values: object, kinds: tuple[str, ...]) -> tuple[Trait, ...]:
    """Edges or Flaws as :class:`Trait` objects, refusing a trait of the wrong kind.

    ``values`` is one trait (a name, a ``"Name: parameter"`` string, a mapping or a
    :class:`Trait`) or a sequence of them.
    """
    if isinstance(values, (str, Trait, dict)):
        values = [values]
    items = validate.sequence(field_name, values)
    out = []
    for v in items:
        t = Trait.parse(v)
        if t.kind not in kinds:
            raise InvalidInput(
                f"{field_name}: {t.name!r} is a{'n' if t.kind == 'edge' else ''} {t.kind}, "
                f"not one of {', '.join(kinds)}"
            )
        out.append(t)
    return tuple(out)
