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
from fractions import Fraction
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


def _kept_after_knockout(rules: Any) -> tuple[str, ...]:
    """A main roll of 2 (Knockout) takes Vex, who brought three contributions: what stays?"""
    from kit.regulus import Job, Operative

    crew = [
        Operative("Vex", "Face", ["forged invitation", "getaway van", "old favour"]),
        Operative("Oro", "Hacker", ["cyberdeck"]),
    ]
    job = Job("heist", difficulty=6, clock=5, crew=crew, rules=rules, seed=1)
    job.roll(2)
    job.decide_knockout("Vex")  # the first contribution(s), as many as the rules keep
    return tuple(job.record.kept_contributions)


# Knockout: "remove all but one of their contributions to the crew workup": one of Vex's three
# stays; a GM keeping two keeps the first two.
REGULUS_CASES.append(
    OptionCase(
        REGULUS,
        "knockout_keeps",
        2,
        _kept_after_knockout,
        (("forged invitation",), ("forged invitation", "getaway van")),
    )
)

# ------------------------------------------------------------------------- star systems
STARS = "kit.successors.stars.generate:StarRules"


def _scripted(script: dict[str, int]) -> Any:
    """A roller that gives the scripted total for each table named in ``script`` and the
    lowest total of the dice (every die a 1) for any other table."""
    from kit.dice import parse
    from kit.successors.stars.generate import Roller

    class Scripted(Roller):
        def total(self, table: str, expr: str) -> int:
            return script[table] if table in script else parse(expr).min

    return Scripted()


def _scripted_system(script: dict[str, int]) -> Callable[[Any], Any]:
    """The system built from the scripted rolls under the options."""

    def scenario(rules: Any) -> Any:
        from kit.successors.stars.generate import build_from_rolls

        return build_from_rolls(_scripted(script), rules=rules)

    return scenario


# An M star (3d6 = 11, Planet Mod -3) with 2d6 = 4: one orbit, a Planet (3d6 = 15 in orbits
# 1-3) with crust 40 RU, Sentience (18) of technology 10, whose 1d6 Surface RU show 4.
_CIVILISED = {
    "spectral class": 11,
    "orbit count": 4,
    "orbit 1 body (orbit 1-3)": 15,
    "orbit 1 crust RU": 40,
    "orbit 1 biosphere": 18,
    "orbit 1 technology": 10,
    "orbit 1 surface RU": 4,
}


def _world_ru(rules: Any) -> tuple[int | None, int]:
    body = _scripted_system(_CIVILISED)(rules).orbits[0].body
    return body.crust_ru, body.surface_ru


# An M star with 2d6 = 6: three orbits; orbits 1 and 3 empty (9), a space-faring world (15,
# Sentience 18, technology 12) in orbit 2. The installation dice show 2 (orbit 1) and 3
# (orbit 3); an installation's 1d6-3 shows 2.
_SPACE_FARING = {
    "spectral class": 11,
    "orbit count": 6,
    "orbit 1 body (orbit 1-3)": 9,
    "orbit 2 body (orbit 1-3)": 15,
    "orbit 3 body (orbit 1-3)": 9,
    "orbit 2 biosphere": 18,
    "orbit 2 technology": 12,
    "orbit 1 installations from orbit 2": 2,
    "orbit 3 installations from orbit 2": 3,
    "orbit 1 installations RU from orbit 2": 2,
}


def _installations(rules: Any) -> list[tuple[int, int]]:
    """(orbit, installation RU) of every orbit with installations."""
    system = _scripted_system(_SPACE_FARING)(rules)
    return [(o.number, o.installations_ru) for o in system.orbits if o.installations]


def _star_of(script: dict[str, int], attribute: str) -> Callable[[Any], Any]:
    def scenario(rules: Any) -> Any:
        return getattr(_scripted_system(script)(rules).star, attribute)

    return scenario


def _dusty_belt(rules: Any) -> tuple[str, int]:
    """A belt rolled by hand for a star in a dust cloud: Metallic (2d6 = 12, 4d6) and
    Scattered (2d6 = 2, x3), every RU die a 1: (the RU dice rolled, the belt's RU)."""
    from kit.successors.stars.generate import generate_body

    roller = _scripted({"orbit 7 belt composition": 12, "orbit 7 belt density": 2})
    belt = generate_body(roller, "Asteroid Belt", label="orbit 7", dust=True, rules=rules)
    return roller.rolls[-1].dice, belt.crust_ru


# Each expected pair is worked out from successors.txt (Stellar System Generation) and
# RULINGS.md Successors 7, with the rolls scripted so the rare branches are reached.
STAR_CASES = [
    # Type O (3d6 = 3) "can only be a supergiant, dwarf or subdwarf": a Giant (3d6 = 7) size
    # is rolled again (12: Dwarf); without the re-roll the kit reads the nearest, Supergiant.
    OptionCase(
        STARS,
        "type_o_rerolls_giant",
        False,
        _star_of({"spectral class": 3, "size": 7, "size (Type O re-roll)": 12}, "size"),
        ("Dwarf", "Supergiant"),
    ),
    # Type A (3d6 = 6) has a dust cloud "1 to 4 on 1d6": a 3 gives one; on 1-2 it does not.
    OptionCase(
        STARS,
        "dust_cloud_chance",
        2,
        _star_of({"spectral class": 6, "dust cloud": 3}, "dust_cloud"),
        (True, False),
    ),
    # "Add 1d6 to the dice rolled for crust ... RU" and a belt's RU "all count as crust":
    # 4d6 + 1d6 of ones is 5, x3 = 15; without the extra die 4 x 3 = 12.
    OptionCase(STARS, "dust_cloud_belts", False, _dusty_belt, (("5d6", 15), ("4d6", 12))),
    # Brightness 2d6-3 shows 1; a floor of 3 reads it as 3.
    OptionCase(
        STARS,
        "brightness_floor",
        3,
        _star_of({"spectral class": 11, "brightness": 1}, "brightness"),
        (1, 3),
    ),
    # "Surface RU are taken from the Crust RU of the world": 40 - 4 = 36 crust left.
    OptionCase(STARS, "surface_from_crust", False, _world_ru, ((36, 4), (40, 4))),
    # "on a 1 there is are installations ... worth 1d6-3 RU": the 2 and the 3 miss; on 1-2
    # orbit 1 gets installations worth 2.
    OptionCase(STARS, "installation_chance", 2, _installations, ([], [(1, 2)])),
    # 2d6 = 12 and Planet Mod -3 give 9 orbits; capped at 3.
    OptionCase(
        STARS,
        "max_orbits",
        3,
        lambda rules: len(
            _scripted_system({"spectral class": 11, "orbit count": 12})(rules).orbits
        ),
        (9, 3),
    ),
]

# ------------------------------------------------------------------------- sectors
SECTOR = "kit.successors.sector.sector:SectorRules"


def _successes_for_10_ly(status: str) -> Callable[[Any], int]:
    def scenario(rules: Any) -> int:
        return int(rules.needed(10.0, status))

    return scenario


def _line_sector(rules: Any, *xs: float) -> Any:
    from kit.successors.sector import Sector

    return Sector([[x, 0.0] for x in xs], [f"S{k}" for k in range(len(xs))], seed=1, rules=rules)


def _edges_of_a_12_ly_pair(rules: Any) -> int:
    return _line_sector(rules, 0.0, 12.0).graph.number_of_edges()


def _first_leg_days(rules: Any) -> Any:
    """A 3 ly unknown jump plotted with Information 5 and Sensors 5: exact expected days."""
    from kit.successors.sector import Navigator

    route = _line_sector(rules, 0.0, 3.0).route(0, 1, navigator=Navigator(5, 5))
    return route.legs[0].expected_days_exact()


def _gate_days(rules: Any) -> float:
    """Through a Hyper Gate between systems 30 ly apart: expected days."""
    s = _line_sector(rules, 0.0, 30.0)
    s.add_gate(0, 1, size=1)
    return s.route(0, 1).expected_days


def _lone_scout(rules: Any) -> Any:
    """A Hyper-Jump ship alone (no entity) on a 3 ly unknown jump: exact expected days."""
    from kit.successors.sector import Journey, Party, Traveller

    s = _line_sector(rules, 0.0, 3.0)
    party = Party((Traveller("Scout", "ship", hyper_jump=True),))
    journey = Journey.along(s, s.route(0, 1), party)
    return journey.legs[0].expected_days_exact()


def _left_behind(rules: Any) -> list[str]:
    """An entity of Control 1 with six Tugs (no Hyper-Jump) crossing one jump."""
    from kit.successors.sector import Journey, Party, Traveller

    s = _line_sector(rules, 0.0, 3.0)
    party = Party(
        (Traveller("Vex", "entity", 5, 4, control=1),)
        + tuple(Traveller(f"Tug {k}", "ship") for k in range(6))
    )
    journey = Journey.along(s, s.route(0, 1), party, leave_behind=True)
    return [name for name, _why in journey.left_behind]


# RULINGS.md Successors 6: a known route needs ceil(ly / 5) successes, an unknown one
# ceil(ly / 3), a locked one (jumped ten times) 1. One roll set a day until the successes are
# in, then the jump takes a day. A die succeeds on 1..its rank, a 6 always fails.
SECTOR_CASES = [
    OptionCase(SECTOR, "known_ly_per_success", 2.0, _successes_for_10_ly("known"), (2, 5)),
    OptionCase(SECTOR, "unknown_ly_per_success", 5.0, _successes_for_10_ly("unknown"), (4, 2)),
    OptionCase(SECTOR, "locked_successes", 2, _successes_for_10_ly("locked"), (1, 2)),
    OptionCase(SECTOR, "locked_after", 11, lambda rules: rules.status(10), ("locked", "known")),
    # Two systems 12 ly apart: no jump edge within 10 ly; one within 15.
    OptionCase(SECTOR, "max_range", 15.0, _edges_of_a_12_ly_pair, (0, 1)),
    # 3 ly unknown: 1 success on two rank-5 dice, 1 - (1/6)^2 = 35/36 a day, so 36/35 rolls
    # expected, plus the jump day: 71/35; with a two-day jump 106/35.
    OptionCase(SECTOR, "jump_days", 2, _first_leg_days, (Fraction(71, 35), Fraction(106, 35))),
    # The gate passage: one day, or three.
    OptionCase(SECTOR, "gate_days", 3, _gate_days, (1.0, 3.0)),
    # A ship alone rolls rank 1 Information and Sensors at five days a roll: one success on
    # two rank-1 dice is 1 - (5/6)^2 = 11/36 a roll, 36/11 rolls, 5 * 36/11 + 1 = 191/11 days.
    # At rank 2: 1 - (4/6)^2 = 5/9, 9/5 rolls, 5 * 9/5 + 1 = 10 days.
    OptionCase(SECTOR, "lone_ship_rank", 2, _lone_scout, (Fraction(191, 11), Fraction(10))),
    # ... and at one day a roll: 36/11 + 1 = 47/11 days.
    OptionCase(
        SECTOR, "lone_ship_time_factor", 1, _lone_scout, (Fraction(191, 11), Fraction(47, 11))
    ),
    # "An entity carries Control x 5 ships": Control 1 takes five Tugs, the sixth stays; at
    # six per rank all go.
    OptionCase(SECTOR, "carry_per_control", 6, _left_behind, (["Tug 5"], [])),
]

CASES = BOARD_CASES + REGULUS_CASES + STAR_CASES + SECTOR_CASES

# ------------------------------------------------------------------------- Successors builders
SUCCESSORS = "kit.successors.rules:SuccessorsRules"


def _generation_dice(rules: Any) -> tuple[int, int]:
    """A generated character: (points beyond the dice faces, number of dice rolled)."""
    from kit.successors import Entity

    e = Entity.generate("X", seed=3, rules=rules)
    assert e.points_spent == e.points and e.roll is not None
    return e.points - sum(e.roll), len(e.roll)


def _starting_dice(rules: Any) -> tuple[float, int]:
    """A starting fleet's budget: (RU beyond the dice faces, number of dice rolled)."""
    from kit.successors import Fleet

    f = Fleet.starting(seed=3, rules=rules)
    assert f.budget is not None and f.budget_roll is not None
    return f.budget - sum(f.budget_roll), len(f.budget_roll)


def _releata_with_a_controlled_battleship(rules: Any) -> list[int]:
    """Releata (Battle 5+3) with a Battleship (5+1) under Control: her side's attack dice."""
    from kit.successors import Fleet
    from kit.successors.examples import releata

    fleet = Fleet(releata(), 12, rules=rules)
    (ship,) = fleet.buy("Battleship")
    fleet.set_control([ship])
    return sorted(fleet.attack_pool(), reverse=True)


def _tanrac_control_limit(rules: Any) -> int:
    from kit.successors import Fleet
    from kit.successors.examples import tanrac

    return Fleet(tanrac(), 32, rules=rules).control_limit


def _signature_after_a_hit(rules: Any) -> int:
    """Ranks 3+2+2+2+2 = 11 (signature 4) with one hit on Battle (10 left: signature 3)."""
    from kit.successors import Entity

    e = Entity("Eleven", battle=3, control=2, handling=2, information=2, sensors=2)
    return e.with_damage("battle").signature_with(rules)


def _spawn_lowering_a_1(rules: Any) -> int | str:
    """A parent with Sensors 1 lowers Sensors to give its spawn: the spawn's Sensors."""
    from kit.errors import IllegalAction
    from kit.successors import Entity

    parent = Entity("Parent", battle=3, control=2, handling=2, information=2, sensors=1)
    try:
        _after, kid = parent.spawn("Kid", ["sensors"], rules=rules)
    except IllegalAction:
        return "refused"
    return kid.sensors


def _days_to_build(what: str, level: int = 1) -> Callable[[Any], int]:
    """Days a builder with one Handling die (rank 5, every roll a 1) takes to finish ``what``."""

    def scenario(rules: Any) -> int:
        from kit.successors import Entity
        from kit.successors.combat import Workshop

        builder = Entity("Builder", handling=5)
        ws = Workshop(builder, ru=1000, rules=rules)
        if what == "Hyper Gate":
            key = ws.start_project(what, level, sensors=(10, 10))
        else:
            key = ws.start_ship(what)
        while not ws.projects[key].finished:
            ws.day([("build", key)], faces=[1])
        return len(ws.days)

    return scenario


def _project_hits(name: str, level: int = 1) -> Callable[[Any], int]:
    def scenario(rules: Any) -> int:
        from kit.successors import project

        return project(name, level, rules).hits

    return scenario


def _miner_rolls_a_6(rules: Any) -> float:
    """Natural Aptitude: Mining; the one Handling die shows 6 on surface mining: RU mined."""
    from kit.successors import Entity
    from kit.successors.combat import Workshop

    miner = Entity("Miner", handling=5, edges=["Natural Aptitude: Mining"])
    ws = Workshop(miner, rules=rules)
    ws.day([("mine", "surface")], faces=[6])
    return ws.ru


def _fed_facet(rules: Any) -> tuple[str, int, int]:
    """TanRac's facet (ranks 4+4+3+2+2 = 15, highest 4) fed 10 RU: (kind, hits, RU used)."""
    from kit.successors.examples import tanrac

    grown, used = tanrac().facet().strengthen(10, rules)
    return grown.kind, grown.facet_hits, used


def _failed_facet_ru(rules: Any) -> int:
    """An entity of all 1s (facet cost 5 RU) fails its attempt: the RU spent."""
    from kit.successors import Entity

    weak = Entity("Weak")
    for seed in range(200):  # rolls come from the seed alone, not from the option
        c = weak.make_facet(ru=5, seed=seed, rules=rules)
        if not c.success:
            return c.ru_used
    raise AssertionError("no failing seed")


def _ferals_after_a_day(rules: Any) -> int:
    """Two Ferals holding 10 RU each, no food: how many Ferals after one day."""
    from kit.successors import BESTIARY
    from kit.successors.bestiary import FeralPack

    pack = FeralPack(seed=4, rules=rules)
    for i in (1, 2):
        pack.add(BESTIARY["FERAL"].generate(f"F{i}", seed=i), ru=10)
    pack.day()
    return len(pack.ferals)


# Each expected pair is worked out from successors.txt and RULINGS.md (Successors 1-4).
SUCCESSORS_CASES = [
    # "2d6+3 points to add to his abilities": 3 beyond two dice; "3d6+1": 1 beyond three.
    OptionCase(SUCCESSORS, "ability_points", "3d6+1", _generation_dice, ((3, 2), (1, 3))),
    # "2D6+25 Resource Units worth of ships": 25 beyond two dice; "1d6+30": 30 beyond one.
    OptionCase(SUCCESSORS, "starting_ru", "1d6+30", _starting_dice, ((25, 2), (30, 1))),
    # Text: a 5+1 ship under a 5+3 controller fights as 5+3+5+3; with her own 5+3 that is
    # 5,5,5,3,3,3. The other reading: each part takes max(part, 5) -> 5,5, so 5,5,5,3.
    OptionCase(
        SUCCESSORS,
        "whole_split_control",
        False,
        _releata_with_a_controlled_battleship,
        ([5, 5, 5, 3, 3, 3], [5, 5, 5, 3]),
    ),
    # Ruling 2: at most the Control rank (TanRac: 4); two per rank gives 8.
    OptionCase(SUCCESSORS, "control_limit_per_rank", 2, _tanrac_control_limit, (4, 8)),
    # Signature table: total 11 gives 4, total 10 gives 3.
    OptionCase(SUCCESSORS, "signature_from_current_ranks", True, _signature_after_a_hit, (4, 3)),
    # Lowering Sensors 1 would leave 0: refused by default, a Sensors 0 spawn when allowed.
    OptionCase(SUCCESSORS, "spawn_may_lower_to_zero", True, _spawn_lowering_a_1, ("refused", 0)),
    # "a Size 1 Hyper Gate would require 10 Handling successes" (50 RU / 5); at 10 RU: 5.
    OptionCase(SUCCESSORS, "project_ru_per_success", 10, _days_to_build("Hyper Gate"), (10, 5)),
    # "... and would be a 5 hit object when finished" (50 // 10); at 25 RU a hit: 2.
    OptionCase(SUCCESSORS, "project_ru_per_hit", 25, _project_hits("Hyper Gate"), (5, 2)),
    # A level 1 Targeter costs 2 RU: 2 // 10 = 0 hits, raised to the ruled minimum of 1.
    OptionCase(SUCCESSORS, "project_min_hits", 0, _project_hits("Targeter"), (1, 0)),
    # "each success adds up to 3RU": a Cruiser (8 RU) takes 3 days; at 4 RU, 2 days.
    OptionCase(SUCCESSORS, "build_ru_per_success", 4, _days_to_build("Cruiser"), (3, 2)),
    # "automatically gains an additional success": a failed mining die still mines 3 RU of
    # surface; when the extra success needs a success of its own, nothing is mined.
    OptionCase(SUCCESSORS, "aptitude_bonus_needs_a_success", True, _miner_rolls_a_6, (3.0, 0.0)),
    # "2RU adding an additional hit up to the max of all ranks": 10 RU buy 5 hits (1 -> 6 of
    # 15); capped at the highest rank (4) 3 hits (6 RU) make it an entity.
    OptionCase(
        SUCCESSORS,
        "facet_cap_is_total_ranks",
        False,
        _fed_facet,
        (("facet", 6, 10), ("character", 0, 6)),
    ),
    # A failed facet attempt keeps its 5 RU by default; spends them with the option.
    OptionCase(SUCCESSORS, "failed_creation_spends_ru", True, _failed_facet_ru, (0, 5)),
    # "When a feral has 10 or more RU inside itself, it will seek out another feral": the two
    # (20 RU together, a newborn costs at most 13 + 7) breed; at 11 neither seeks a mate.
    OptionCase(SUCCESSORS, "feral_mating_ru", 11, _ferals_after_a_day, (3, 2)),
]
CASES += SUCCESSORS_CASES

# ------------------------------------------------------------------------- Successors combat
COMBAT = "kit.successors.combat.rules:CombatRules"


def _combat_checks() -> dict[str, tuple[Any, Callable[[Any], Any], Any]]:
    """``OPTION_CHECKS`` of tests/successors/combat/test_rules.py: field -> (another value, scenario,
    result under the defaults by the text). Loaded from its file, so both tests share one
    scenario per option."""
    import importlib.util
    import sys
    from pathlib import Path

    folder = Path(__file__).parent / "successors" / "combat"
    if str(folder) not in sys.path:  # its shared setups (combat_setups), as its conftest does
        sys.path.insert(0, str(folder))
    path = folder / "test_rules.py"
    spec = importlib.util.spec_from_file_location("_combat_option_checks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.OPTION_CHECKS  # type: ignore[no-any-return]


# The result each changed option gives, worked out by hand from the scenario in test_rules.py
# (the result under the defaults is the one that file derives from the text).
_COMBAT_CHANGED: dict[str, Any] = {
    # the damage table's face 6 vaporizes; a table of six "neutralized" rows neutralizes
    "damage_table": "neutralized",
    # a Battle 8 ship (5+3) aiming loses 1 rank per die instead of 2: 4, 2
    "aimed_penalty": (4, 2),
    # rank 8 may not aim when aiming needs rank 9
    "aimed_min_rank": "refused",
    # 5+3 fired at Static Defenses without the +1: 5, 3
    "static_defense_bonus": (5, 3),
    # 5 Sensors successes lock on at 3 (both enemy ships lockable), not at 6 (none)
    "takeover_lock": 0,
    # an uncontrolled ship falls to 1 success instead of 2
    "takeover_uncontrolled": 1,
    # a controlled ship falls to 2 successes instead of 3
    "takeover_controlled": 2,
    # Strong Control's extra success on a failed roll (face 6): none when it needs a success
    "takeover_bonus_needs_a_success": (0,),
    # one repair success against 2 Take-Over successes: one left, or none when it cancels all
    "repair_cancels_all_takeover": (),
    # the self-repair face 3 fails at rank 1 (still neutralized) and succeeds at rank 3
    "entity_self_repair_rank": False,
    # Sensors level 5 here shows level 5 - 1 = 4 elsewhere; 5 - 2 = 3 with offset 2
    "system_view_offset": 3,
    # a Feral eats 2 RU a day of a neutralized Cruiser (8 RU); 5 at 5 a day
    "feral_ru_per_day": 5,
    # ... but only 1 when it can hold just 1 RU
    "feral_capacity": 1,
    # the cannon's scripted 1d6 shows 4 hits; 1d6+2 gives 6
    "stellar_cannon_hits": 6,
    # the whole rank 8 - 2 = 6, split again: 5, 1 (per die: 3, 1)
    "modifier_per_die": (5, 1),
    # a Long Ranged entity's 5+1 at -1 per die keeps 4 (the 1 drops); at -2, 3
    "long_ranged_entity_penalty": (3,),
    # A lost: its neutralized Cruiser (8) left behind plus its vaporized Gunboat (2) is 10;
    # without counting the one left behind, 2
    "left_behind_counts_as_lost": 2,
    # the entity in the destroyed Matrix is destroyed with it, or stays active
    "structure_loss_destroys_entity": "active",
    # a battle nobody can win stops at the round limit: 30, or 2
    "max_rounds": 2,
    # a Drone hit in the phase it fired: neutralized by its damage roll (3), or destroyed when
    # it was already neutralized before the hit landed
    "reloader_neutralized_before_hits": "destroyed",
    # a 5+1 ship under a 5+3 controller: 5,3,5,3 by ruling 2; with the option off each die
    # takes the higher of its part and the controller's first part: 5, 5
    "fleet_rules": (5, 5),
}

COMBAT_CASES = [
    OptionCase(COMBAT, name, other, scenario, (by_text, _COMBAT_CHANGED[name]))
    for name, (other, scenario, by_text) in sorted(_combat_checks().items())
]
CASES += COMBAT_CASES

OPTIONS_CLASSES = {
    # class: whether every field must have a case already
    BOARD: True,
    REGULUS: True,
    "kit.successors.rules:SuccessorsRules": True,
    COMBAT: True,
    "kit.successors.stars.generate:StarRules": True,
    "kit.successors.sector.sector:SectorRules": True,
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
