"""Every field of a rules/options object changes some outcome (STYLE.md, one statement of each rule).

An option that changes nothing is either dead code or a rule the engine forgot to read. Each case
below names an options class, one field, a value other than the default and a small scenario
that maps an options object to an observable result. The test plays the scenario under the
defaults and under the changed field and asserts the results differ; where the two results were
worked out by hand from the rule text (RULINGS.md, Complex Tasks) they are checked exactly.

To cover another options class, add it to ``OPTIONS_CLASSES`` and its cases to ``CASES``. The
completeness test fails for ``kit.boards.BoardRules`` if a field has no case, and for the
other classes lists the fields still without one (as a skip reason, visible with ``-ra``).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from kit.boards import BoardRules, Chase, LimitBoard, StandardBoard


@dataclass(frozen=True)
class OptionCase:
    """One option field, a changed value, and a scenario whose result it changes."""

    options: str
    """Import path of the options class, ``"module:Class"``."""
    field: str
    """The field changed."""
    changed: Any
    """A value other than the default."""
    scenario: Callable[[Any], Any]
    """Options object -> an observable result (compared with ``==``)."""
    expected: tuple[Any, Any] | None = None
    """(result under the defaults, result with the change), worked out by hand; None: only differ."""

    @property
    def id(self) -> str:
        return f"{self.options.rsplit(':', 1)[-1]}.{self.field}"


def _load(path: str) -> type:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


# ------------------------------------------------------------------------- Complex Task boards
BOARD = "kit.boards:BoardRules"


def _second_use_succeeds(skill: str) -> Callable[[BoardRules], bool]:
    """Two checks of 7 with ``skill`` against cards of 6: does the second one succeed?"""

    def scenario(rules: BoardRules) -> bool:
        board = StandardBoard([6, 6, 6, 6], goal=4, rules=rules)
        board.check(7, skill)
        return board.check(7, skill).success

    return scenario


def _check_equal_to_target(rules: BoardRules) -> bool:
    return StandardBoard([6, 6, 6], goal=2, rules=rules).check(6).success


def _limit_after_two_misses(rules: BoardRules) -> bool:
    """Limit board(3) of four cards, the first two checks fail: is the board over?"""
    board = LimitBoard([5, 5, 5, 5], need=3, rules=rules)
    board.check(0, slot=1)
    board.check(0, slot=2)
    return board.finished


def _escapee_fails_first_round(rules: BoardRules) -> bool:
    """The players escape from slot 1 and fail; is the escapee caught after the NPC acts?"""
    chase = Chase([5, 5, 5, 5, 5], rules=rules, seed=0)
    chase.check(0)
    return chase.caught


def _pursuer_checks_6(rules: BoardRules) -> bool:
    """Players pursue; the escapee (head start, on a 9) never moves; a check of 6: success?"""
    chase = Chase([4, 9, 9, 9, 9], role="pursuer", head_start=True, rules=rules, seed=0)
    chase.check(6)
    (mine,) = [r for r in chase.history if r.side == "player"]
    return mine.success


BOARD_CASES = [
    # +2 per earlier use of the same specific skill: the second 7 faces 8 and fails; with no
    # penalty it faces 6 and succeeds.
    OptionCase(BOARD, "skill_penalty", 0, _second_use_succeeds("Tinker: Repair"), (False, True)),
    # A general skill used on its own counts the same way (ruling 2), unless switched off.
    OptionCase(BOARD, "track_general_skill", False, _second_use_succeeds("Tinker"), (False, True)),
    # check >= target succeeds (ruling 2); the option makes a tie fail.
    OptionCase(BOARD, "meet_target", False, _check_equal_to_target, (True, False)),
    # Two misses leave two cards for three successes: over at once (ruling 4) unless played out.
    OptionCase(BOARD, "limit_stop_early", False, _limit_after_two_misses, (True, False)),
    # The NPC pursuer always succeeds by default and removes the card under the goal: caught.
    OptionCase(BOARD, "npc_chance", 0.0, _escapee_fails_first_round, (True, False)),
    # A pursuer faces the leftmost card (a 4) by default; facing the goal card means a 9.
    OptionCase(
        BOARD,
        "pursuer_faces",
        "goal",
        _pursuer_checks_6,
        (True, False),
    ),
]

# ------------------------------------------------------------------------- Regulus jobs
REGULUS = "kit.regulus:RegulusRules"


def _job_odds(rules: Any) -> tuple[float, float]:
    """Exact success chance and expected Threat of a two-operative heist."""
    from kit.regulus import Job, Operative, odds

    crew = [
        Operative("Vex", "Face", ["forged invitation"]),
        Operative("Oro", "Hacker", ["cyberdeck"]),
    ]
    result = odds(Job("heist", difficulty=4, clock=5, crew=crew, rules=rules, seed=1))
    return round(result.success, 12), round(result.expected_threat, 12)


REGULUS_CASES = [
    OptionCase(REGULUS, "progress_floor", None, _job_odds),
    OptionCase(REGULUS, "main_dice", "1d6+1", _job_odds),
    OptionCase(REGULUS, "companion_dice", "2d6", _job_odds),
    OptionCase(REGULUS, "minor_threat", 2, _job_odds),
    OptionCase(REGULUS, "major_threat", 3, _job_odds),
    OptionCase(REGULUS, "token_progress", 2, _job_odds),
    OptionCase(REGULUS, "token_on_same_incident", True, _job_odds),
]

# ------------------------------------------------------------------------- star systems
STARS = "kit.successors.stars.generate:StarRules"


def _system(seed: int) -> Callable[[Any], str]:
    """The saved form of the star system generated from ``seed`` under the options."""

    def scenario(rules: Any) -> str:
        from kit.successors.stars.generate import generate_system

        return generate_system(seed, rules=rules).to_json()

    return scenario


# Each seed is one whose tables reach the option (a Type O giant roll, a Type A star, ...).
STAR_CASES = [
    OptionCase(STARS, "type_o_rerolls_giant", False, _system(34)),
    OptionCase(STARS, "dust_cloud_chance", 0, _system(11)),
    OptionCase(STARS, "brightness_floor", 3, _system(0)),
    OptionCase(STARS, "max_orbits", 3, _system(0)),
]

# ------------------------------------------------------------------------- sectors
SECTOR = "kit.successors.sector.sector:SectorRules"


def _successes_for_10_ly(status: str) -> Callable[[Any], int]:
    def scenario(rules: Any) -> int:
        return int(rules.needed(10.0, status))

    return scenario


# RULINGS.md Successors 6: a known route needs ceil(ly / 5) successes, an unknown one
# ceil(ly / 3), a locked one (jumped ten times) 1.
SECTOR_CASES = [
    OptionCase(SECTOR, "known_ly_per_success", 2.0, _successes_for_10_ly("known"), (2, 5)),
    OptionCase(SECTOR, "unknown_ly_per_success", 5.0, _successes_for_10_ly("unknown"), (4, 2)),
    OptionCase(SECTOR, "locked_successes", 2, _successes_for_10_ly("locked"), (1, 2)),
    OptionCase(SECTOR, "locked_after", 11, lambda rules: rules.status(10), ("locked", "known")),
]

CASES = BOARD_CASES + REGULUS_CASES + STAR_CASES + SECTOR_CASES

OPTIONS_CLASSES = {
    # class: whether every field must have a case already
    BOARD: True,
    REGULUS: False,
    "kit.successors.rules:SuccessorsRules": False,
    "kit.successors.combat.rules:CombatRules": False,
    "kit.successors.stars.generate:StarRules": False,
    "kit.successors.sector.sector:SectorRules": False,
}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_changing_the_option_changes_the_outcome(case: OptionCase) -> None:
    cls = _load(case.options)
    default = cls()
    assert getattr(default, case.field) != case.changed, "pick a value other than the default"
    changed = dataclasses.replace(default, **{case.field: case.changed})
    before, after = case.scenario(default), case.scenario(changed)
    assert before != after, f"{case.id}={case.changed!r} changed nothing: {before!r}"
    if case.expected is not None:
        assert (before, after) == case.expected


@pytest.mark.parametrize("path", sorted(OPTIONS_CLASSES))
def test_every_option_field_has_a_case(path: str) -> None:
    cls = _load(path)
    fields = {f.name for f in dataclasses.fields(cls)}
    covered = {c.field for c in CASES if c.options == path}
    assert covered <= fields, f"cases name fields {sorted(covered - fields)} that {path} lacks"
    missing = sorted(fields - covered)
    if missing and not OPTIONS_CLASSES[path]:
        pytest.skip(f"{path}: no case yet for {', '.join(missing)}")
    assert not missing, f"{path}: add a case for {', '.join(missing)}"
