"""Seeded stellar system generation, table by table.

:func:`generate_system` walks the tables in :mod:`.tables` in the order the rules give: the
star (spectral class, brightness, size), the number of orbits, one body per orbit by its zone,
each body's diameter and RU, belts, moons, biospheres for inner planets and, where a world is
sentient, its technology, surface RU and installations in neighbouring orbits (each worth 1d6-3
RU, at least 0). Every roll is recorded on the system as a :class:`~.system.Roll`, so
:func:`build_from_rolls` with a :class:`ReplayRoller` rebuilds the same system from them.

The choices the text leaves open are fields of :class:`StarRules`; the defaults follow
docs/rulings.md (Successors 7).

>>> s = generate_system(seed=7)
>>> s.spectral_class in "OBAFGKMD", len(s.orbits) == max(0, next(
...     r.result for r in s.rolls if r.table == "orbit count") + s.star.planet_mod)
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

import numpy as np

from ... import validate
from ...dice import Dice, parse
from ...errors import InvalidInput, InvalidType
from ...rng import SeedLike, make_rng
from . import tables as T
from .system import Body, Orbit, Roll, Star, StarSystem

__all__ = [
    "ReplayRoller",
    "Roller",
    "StarRules",
    "build_from_rolls",
    "generate_body",
    "generate_star",
    "generate_system",
]


@dataclass(frozen=True)
class StarRules:
    """The GM's options for generation; defaults follow docs/rulings.md Successors 7."""

    type_o_rerolls_giant: bool = True
    """A Type O star that rolls Giant re-rolls its size (O is supergiant, dwarf or subdwarf)."""
    dust_cloud_chance: int = 4
    """Type A has a dust cloud on 1..this on 1d6 (0 turns dust clouds off)."""
    dust_cloud_belts: bool = True
    """The dust cloud's extra die also goes to asteroid belt composition dice (belts are crust).

    Only :func:`generate_body` reaches it (a belt rolled by hand for a dusty star): with the
    printed tables a Type A star has at most 2d6 - 6 = 6 orbits, and belts lie in orbit 7 or
    beyond, so :func:`generate_system` never rolls a belt in a dust cloud.
    """
    brightness_floor: int = 0
    """The 2d6-3 brightness roll can show -1 (and 0 is the brightest a star can be); totals
    below this floor (0 to 9) count as the floor."""
    surface_from_crust: bool = True
    """Surface RU are taken out of the world's crust RU (crust never drops below 0)."""
    installation_chance: int = 1
    """A space-faring world puts installations in each adjacent orbit on 1..this on 1d6."""
    max_orbits: int = 30
    """Upper bound on orbits (2d6 + mod never exceeds 12 with the printed table)."""

    def __post_init__(self) -> None:
        validate.boolean("type_o_rerolls_giant", self.type_o_rerolls_giant)
        validate.integer("dust_cloud_chance", self.dust_cloud_chance, 0, 6)
        validate.boolean("dust_cloud_belts", self.dust_cloud_belts)
        validate.integer("brightness_floor", self.brightness_floor, 0, 9)
        validate.boolean("surface_from_crust", self.surface_from_crust)
        validate.integer("installation_chance", self.installation_chance, 0, 6)
        validate.integer("max_orbits", self.max_orbits, 1, 100)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    #: Fields of earlier versions that no longer exist, ignored on load. A moon of class
    #: Planet cannot orbit a world in orbits 1-3 with the printed tables (the largest moon roll
    #: there, a Large Planet's 2d6 + 4, is 16; Planet moons need 36), so the option
    #: ``moon_planets_roll_biosphere`` changed nothing and was removed.
    RETIRED = ("moon_planets_roll_biosphere",)

    @classmethod
    def from_dict(cls, raw: object) -> StarRules:
        """Read :meth:`to_dict` output (fields in :attr:`RETIRED` are ignored)."""
        raw = validate.mapping("star rules", raw)
        raw = {k: v for k, v in raw.items() if k not in cls.RETIRED}
        validate.no_unknown_keys("star rules", raw, cls.__dataclass_fields__)
        return cls(**raw)


@lru_cache(maxsize=512)
def _dice(expr: str) -> Dice:
    return parse(expr)


def _extra_die(expr: str) -> str:
    """``2d6x3`` -> ``3d6x3``: one more die rolled (the Type A dust cloud)."""
    d = _dice(expr)
    return str(Dice(d.count + 1, d.sides, d.ops))


class Roller:
    """Rolls dice from one generator and records every roll."""

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng
        self.rolls: list[Roll] = []

    def total(self, table: str, expr: str) -> int:
        """The total for this roll (subclasses may replay or script it)."""
        return int(_dice(expr).roll(self.rng))

    def roll(self, table: str, expr: str) -> int:
        """Roll ``expr`` for ``table``, record it and return the total."""
        total = self.total(table, expr)
        d = _dice(expr)
        if not d.min <= total <= d.max:
            raise InvalidInput(
                f"a roll of {expr} for {table!r} must be from {d.min} to {d.max}, got {total!r}"
            )
        self.rolls.append(Roll(table, expr, total))
        return total


class ReplayRoller(Roller):
    """Replays recorded rolls in order (checking each one's table and dice)."""

    def __init__(self, rolls: Sequence[Roll]) -> None:
        super().__init__(None)
        self._queue = list(rolls)

    def total(self, table: str, expr: str) -> int:
        if not self._queue:
            raise InvalidInput(f"no recorded roll left for {table!r} ({expr})")
        want = self._queue.pop(0)
        if (want.table, want.dice) != (table, expr):
            raise InvalidInput(f"recorded roll {tuple(want)!r} does not match {table!r} ({expr})")
        return int(want.result)


def _star(roller: Roller, rules: StarRules) -> Star:
    spectral = roller.roll("spectral class", T.SPECTRAL_DICE)
    row = T.lookup(T.SPECTRAL_TABLE, spectral).result
    raw_bright = roller.roll("brightness", T.BRIGHTNESS_DICE)
    brightness = min(9, max(rules.brightness_floor, raw_bright))
    size = T.lookup(T.SIZE_TABLE, roller.roll("size", T.SIZE_DICE)).result
    while row.spectral_class == "O" and size == "Giant" and rules.type_o_rerolls_giant:
        size = T.lookup(T.SIZE_TABLE, roller.roll("size (Type O re-roll)", T.SIZE_DICE)).result
    if row.spectral_class == "O" and size == "Giant":  # option off: nearest allowed size
        size = "Supergiant"
    dust = False
    if row.spectral_class == "A" and rules.dust_cloud_chance:
        dust = roller.roll("dust cloud", T.DUST_CLOUD_DIE) <= rules.dust_cloud_chance
    return Star(row.spectral_class, brightness, size, dust, spectral)


def generate_star(seed: SeedLike = None, *, rules: StarRules = StarRules()) -> Star:
    """Roll only the star; the same seed gives the same star as :func:`generate_system`."""
    rng, _ = make_rng(seed)
    return _star(Roller(rng), rules)


def _orbit_kind(roller: Roller, number: int) -> str:
    zone = T.zone_of(number)
    while True:
        total = roller.roll(f"orbit {number} body ({T.ZONE_NAMES[zone]})", T.ORBIT_DICE)
        result = T.lookup(T.ORBIT_TABLE[zone], total).result
        if result != T.ROLL_AGAIN:
            return result
        zone -= 1


def generate_body(
    roller: Roller,
    kind: str,
    *,
    label: str,
    dust: bool,
    rules: StarRules = StarRules(),
    moons: bool = True,
) -> Body:
    """Roll one body of class ``kind`` (diameter, RU, belt table, moons) with ``roller``."""
    validate.choice("kind", kind, T.BODY_KINDS)
    if kind == "Asteroid Belt":
        comp_name, comp_dice = T.lookup(
            T.BELT_COMPOSITION, roller.roll(f"{label} belt composition", T.BELT_DICE)
        ).result
        dens_name, mult = T.lookup(
            T.BELT_DENSITY, roller.roll(f"{label} belt density", T.BELT_DICE)
        ).result
        if dust and rules.dust_cloud_belts:
            comp_dice = _extra_die(comp_dice)
        ru = roller.roll(f"{label} belt RU (x{mult})", comp_dice) * mult
        return Body(kind, crust_ru=ru, composition=comp_name, density=dens_name)
    stats = T.BODY_STATS[kind]
    diameter = roller.roll(f"{label} diameter", stats.diameter)
    crust = None
    if stats.crust is not None:
        crust = roller.roll(f"{label} crust RU", _extra_die(stats.crust) if dust else stats.crust)
    core = roller.roll(f"{label} core RU", _extra_die(stats.core) if dust else stats.core)
    moon_list: list[Body] = []
    if moons and kind in T.MOON_BEARING:
        bonus = math.ceil(diameter / T.MOON_DIAMETER_STEP_KM)
        value = roller.roll(f"{label} moons (+{bonus})", T.MOON_DICE) + bonus
        row = T.lookup(T.MOON_TABLE, value).result
        if row.body is not None:
            count = 1 if row.count is None else roller.roll(f"{label} moon count", row.count)
            moon_list.extend(
                generate_body(
                    roller,
                    row.body,
                    label=f"{label} moon {i + 1}",
                    dust=dust,
                    rules=rules,
                    moons=False,
                )
                for i in range(count)
            )
    return Body(kind, diameter, crust, core, moons=tuple(moon_list))


def _life(roller: Roller, body: Body, label: str, rules: StarRules) -> tuple[Body, bool]:
    """Roll biosphere (and technology); return the body and whether it is space faring."""
    bio = T.lookup(T.BIOSPHERE_TABLE, roller.roll(f"{label} biosphere", T.BIOSPHERE_DICE)).result
    if bio != "Sentience":
        return replace(body, biosphere=bio), False
    tech = T.lookup(T.TECH_TABLE, roller.roll(f"{label} technology", T.TECH_DICE)).result
    surface = 0
    crust = body.crust_ru
    if tech.surface_dice is not None:
        surface = roller.roll(f"{label} surface RU", tech.surface_dice)
        if rules.surface_from_crust and crust is not None:
            surface = min(surface, crust)
            crust -= surface
    new = replace(body, biosphere=bio, technology=tech.level, surface_ru=surface, crust_ru=crust)
    return new, tech.colonies


def generate_system(
    seed: SeedLike = None, *, name: str = "", rules: StarRules = StarRules()
) -> StarSystem:
    """Generate a star system from the tables; the same seed gives the same system.

    Args:
        seed: an int, a numpy Generator or None (a fresh seed is drawn and recorded).
        name: the system's name.
        rules: generation options (:class:`StarRules`).

    Returns:
        A :class:`StarSystem` with one :class:`Orbit` per orbit (empty orbits included) and
        every roll recorded in ``rolls``.
    """
    if not isinstance(rules, StarRules):
        raise InvalidType(f"rules must be StarRules, got {rules!r}")
    rng, recorded = make_rng(seed)
    return build_from_rolls(Roller(rng), name=name, rules=rules, seed=recorded)


def build_from_rolls(
    roller: Roller, *, name: str = "", rules: StarRules = StarRules(), seed: int | None = None
) -> StarSystem:
    """Run the generation steps with any :class:`Roller` (a seeded one, or one that replays
    recorded or scripted totals, which is how the tests walk every table row)."""
    star = _star(roller, rules)
    count = roller.roll("orbit count", T.ORBITS_DICE) + star.planet_mod
    count = min(max(count, 0), rules.max_orbits)
    bodies: list[Body | None] = []
    faring: list[int] = []
    for number in range(1, count + 1):
        kind = _orbit_kind(roller, number)
        if kind == T.EMPTY:
            bodies.append(None)
            continue
        label = f"orbit {number}"
        body = generate_body(roller, kind, label=label, dust=star.dust_cloud, rules=rules)
        if number <= 3:
            if body.family == "planet":
                body, colonies = _life(roller, body, label, rules)
                if colonies:
                    faring.append(number)
            if body.moons:  # a moon of class Planet would roll too (none can, see RETIRED)
                moons = []
                for i, m in enumerate(body.moons, 1):
                    if m.family == "planet":
                        m, colonies = _life(roller, m, f"{label} moon {i}", rules)
                        if colonies:
                            faring.append(number)
                    moons.append(m)
                body = replace(body, moons=tuple(moons))
        bodies.append(body)
    installs: dict[int, list[int]] = {}
    worth: dict[int, int] = {}
    for number in dict.fromkeys(faring):
        for adj in (number - 1, number + 1):
            if 1 <= adj <= count and rules.installation_chance:
                hit = (
                    roller.roll(
                        f"orbit {adj} installations from orbit {number}", T.INSTALLATION_DIE
                    )
                    <= rules.installation_chance
                )
                if hit:
                    ru = roller.roll(
                        f"orbit {adj} installations RU from orbit {number}", T.INSTALLATION_RU_DICE
                    )
                    installs.setdefault(adj, []).append(number)
                    worth[adj] = worth.get(adj, 0) + max(T.INSTALLATION_RU_MIN, ru)
    orbits = tuple(
        Orbit(i, b, _origin(installs[i]), (), worth[i]) if i in installs else Orbit(i, b)
        for i, b in enumerate(bodies, 1)
    )
    name = validate.text("name", name, allow_empty=True, max_len=200)
    return StarSystem(star, orbits, name, seed, tuple(roller.rolls))


def _origin(numbers: list[int]) -> str:
    """``from the civilisation of orbit 2`` (or of orbits 1 and 3)."""
    if len(numbers) == 1:
        return f"from the civilisation of orbit {numbers[0]}"
    return f"from the civilisations of orbits {numbers[0]} and {numbers[1]}"
