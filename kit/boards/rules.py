"""The board rulings a GM can change, skill keys and the repeated-skill penalty.

Where the Complex Tasks text leaves a choice, the kit follows the project's rulings and
keeps each choice as a field of :class:`BoardRules`, so a table that plays differently
passes its own ``BoardRules(...)`` to any board.

Skills and the penalty
----------------------
A check may name the skill it used. The text raises the difficulty by +2 for every earlier
use of the same *specific* skill on the same board, and treats a *general* skill used on its
own the same way. The kit reads a skill name as ``"General: Specific"`` (a colon, or a dash
surrounded by spaces, splits the two) and tracks uses by its :func:`skill_key`:

* ``"Tinker: Repair"`` and ``"tinker - repair"`` are the same specific skill;
* ``"Tinker"`` alone is the general skill used without a specific one, tracked on its own
  (it does not share a count with ``"Tinker: Repair"``); ``"Tinker:"`` and ``"Tinker - "``,
  with nothing after the split, are that general skill too;
* ``None`` (no skill named) is not tracked and never carries a penalty.

>>> skill_key("Tinker: Repair"), skill_key(" tinker  -  REPAIR "), skill_key("Tinker")
('tinker: repair', 'tinker: repair', 'tinker')
>>> penalty("Tinker: Repair", ["tinker: repair", "persuasion: calm"], BoardRules())
2
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from typing import Any

from .. import validate
from ..errors import InvalidInput

__all__ = ["MAX_LENGTH", "MIN_LENGTH", "BoardRules", "penalty", "skill_key"]

#: The text asks for at least three cards on a board.
MIN_LENGTH = 3
#: A sanity cap on board length (the event deck holds 20 cards).
MAX_LENGTH = 52

#: What splits "General: Specific": a colon, or a dash with a space (or the end of the name) on
#: each side, so "Tinker - " reads as "Tinker" as "Tinker:" does, and "Sleight-of-Hand" stays one.
_SPLIT = re.compile(r"\s*(?::|(?:^|\s)[-\u2013\u2014](?:\s|$))\s*")


@dataclass(frozen=True)
class BoardRules:
    """Choices the text leaves open, with the project's rulings as defaults."""

    skill_penalty: int = 2
    """Extra difficulty for each earlier use of the same skill on a board (cumulative)."""
    track_general_skill: bool = True
    """Whether a general skill used without a specific one is penalised like a specific one."""
    meet_target: bool = True
    """A check equal to its target succeeds (``check >= target``); False means it must beat it."""
    limit_stop_early: bool = True
    """A limit board fails as soon as the cards left cannot give the successes still needed."""
    npc_chance: float = 1.0
    """In a chase, the chance that the NPC side's action succeeds each round (1 = always)."""
    pursuer_faces: str = "leftmost"
    """In a chase, the card a pursuing player checks against: ``"leftmost"`` or ``"goal"``."""

    def __post_init__(self) -> None:
        validate.integer("rules.skill_penalty", self.skill_penalty, 0, 20)
        validate.boolean("rules.track_general_skill", self.track_general_skill)
        validate.boolean("rules.meet_target", self.meet_target)
        validate.boolean("rules.limit_stop_early", self.limit_stop_early)
        validate.number("rules.npc_chance", self.npc_chance, 0.0, 1.0)
        validate.choice("rules.pursuer_faces", self.pursuer_faces, ("leftmost", "goal"))

    def succeeds(self, value: int, target: int) -> bool:
        """Whether a check of ``value`` beats ``target`` under these rules."""
        return value >= target if self.meet_target else value > target

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: object) -> BoardRules:
        """Read :meth:`to_dict` output; unknown fields are an error."""
        given = validate.mapping("rules", raw)
        validate.no_unknown_keys("rules", given, [f.name for f in fields(cls)])
        return cls(**dict(given))


def skill_key(skill: str | None) -> str | None:
    """Return the key under which uses of ``skill`` are counted (``None`` for no skill)."""
    if skill is None:
        return None
    if type(skill) is str:
        return _skill_key(skill)
    return _skill_key.__wrapped__(skill)


@lru_cache(maxsize=1024)
def _skill_key(skill: str) -> str:
    """:func:`skill_key` of a name (cached: odds ask for the same plan's keys again and again)."""
    name = validate.text("skill", skill, max_len=120)
    parts = [p for p in _SPLIT.split(name, maxsplit=1) if p.strip()]
    if not parts:
        raise InvalidInput(
            f"skill must name a skill such as 'Tinker' or 'Tinker: Repair', got {skill!r}"
        )
    parts = [" ".join(p.split()).casefold() for p in parts]
    return ": ".join(parts)


def is_general(key: str | None) -> bool:
    """Whether ``key`` names a general skill used without a specific one."""
    return key is not None and ":" not in key


def tracked_key(skill: str | None, rules: BoardRules) -> str | None:
    """The key whose uses raise later difficulty, or ``None`` when this use is not tracked."""
    key = skill_key(skill)
    if key is None or (is_general(key) and not rules.track_general_skill):
        return None
    return key


def penalty(skill: str | None, used: Iterable[str | None], rules: BoardRules) -> int:
    """The repeated-skill penalty for using ``skill`` after the keys in ``used``."""
    key = tracked_key(skill, rules)
    if key is None:
        return 0
    return rules.skill_penalty * sum(1 for k in used if k == key)


def skill_counts(used: Iterable[str | None]) -> dict[str, int]:
    """How often each tracked skill key has been used (for displays)."""
    out: dict[str, int] = {}
    for k in used:
        if k is not None:
            out[k] = out.get(k, 0) + 1
    return out


def modifiers_tuple(field: str, value: object, length: int) -> tuple[int, ...]:
    """Read per-slot modifiers: ``None``, a list of ``length`` ints or ``{slot: int}`` (1-based)."""
    if value is None:
        return (0,) * length
    if isinstance(value, Mapping):
        mods = [0] * length
        for slot, mod in value.items():
            try:
                s = int(slot)
            except (TypeError, ValueError):
                raise InvalidInput(
                    f"{field}: slot {slot!r} must be a number from 1 to {length}"
                ) from None
            validate.integer(f"{field} slot", s, 1, length)
            mods[s - 1] = validate.integer(f"{field}[{s}]", mod, -20, 20)
        return tuple(mods)
    items = validate.sequence(field, value)
    if len(items) != length:
        raise InvalidInput(f"{field} must list one modifier per slot ({length}), got {len(items)}")
    return tuple(validate.integer(f"{field}[{i + 1}]", m, -20, 20) for i, m in enumerate(items))
