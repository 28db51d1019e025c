"""The ship designer: weapon system, secondary systems and drive give a ship's RU cost.

The cost is built in three steps, in this order:

1. **Weapon system**: RU per Battle rank by kind (standard 2, reloader 1, imploder 0.5),
   times 2.5 if Long Ranged, times 1.5 with First Strike or 0.75 if Slow (never both).
2. **Secondary systems** are added: 3 RU per extra hit before the damage table, 4 RU for
   Hyper-Jump, 1 RU per point of Stealth or Decoy, 1 RU per 10 units of cargo or racks, and
   3 RU per rank of Control, Handling, Information or Sensors.
3. **Drive** multiplies the total: immobile x0.5, slow x0.75, standard x1, fast x1.25.

The signature follows from the cost (ruling 3): 1..4 RU give 0, 5..8 give 1, 9..15 give 2,
16..30 give 3, 31..45 give 4, each further 15 RU one more; Decoy adds, Stealth takes away.

>>> ShipDesign(battle=11, extra_hits=2, drive="immobile").cost   # the Fortress
14.0
>>> ShipDesign(battle=2, long_ranged=True).cost                  # the Point Cannon
10.0
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from .. import validate
from ..errors import InvalidInput
from .ranks import Rank

if TYPE_CHECKING:
    from typing_extensions import Unpack


__all__ = [
    "DRIVES",
    "DRIVE_MULTIPLIER",
    "WEAPONS",
    "WEAPON_RU_PER_RANK",
    "DesignChanges",
    "ShipDesign",
    "ship_signature",
]

#: RU per Battle rank for each kind of weapon system.
WEAPON_RU_PER_RANK = {"standard": 2.0, "reloader": 1.0, "imploder": 0.5}
#: The weapon kinds.
WEAPONS = tuple(WEAPON_RU_PER_RANK)
#: Cost multiplier of each drive.
DRIVE_MULTIPLIER = {"immobile": 0.5, "slow": 0.75, "standard": 1.0, "fast": 1.25}
#: The drives.
DRIVES = tuple(DRIVE_MULTIPLIER)

LONG_RANGED_X = 2.5
FIRST_STRIKE_X = 1.5
SLOW_WEAPON_X = 0.75
EXTRA_HIT_RU = 3.0
HYPER_JUMP_RU = 4.0
STEALTH_RU = 1.0
DECOY_RU = 1.0
UNITS_PER_RU = 10
ABILITY_RU = 3.0

#: Upper RU bound of each signature step up to 45; past that each 15 RU is one more.
_SIG_STEPS = ((4, 0), (8, 1), (15, 2), (30, 3), (45, 4))


def ship_signature(value: float, *, decoy: int = 0, stealth: int = 0) -> int:
    """Signature of a ship worth ``value`` RU, plus ``decoy``, minus ``stealth`` (never below 0).

    >>> sigs = [ship_signature(v) for v in (1, 4, 5, 8, 9, 15, 16, 30, 31, 45, 46, 60, 61)]
    >>> sigs
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    """
    value = validate.number("ship value", value, 0)
    steps = [sig for top, sig in _SIG_STEPS if value <= top]
    sig = steps[0] if steps else 4 + int(-(-(value - 45) // 15))
    return max(0, sig + decoy - stealth)


class DesignChanges(TypedDict, total=False):
    """The fields :meth:`ShipDesign.replace` may change, each checked as the constructor checks it."""

    battle: int
    """Battle rank of the weapon system (0: no weapons, the ship cannot attack)."""
    weapon: str
    """``"standard"``, ``"reloader"`` (neutralized after it attacks) or ``"imploder"`` (destroyed)."""
    long_ranged: bool
    """May attack an adjacent orbit."""
    first_strike: bool
    """Attacks in the First Strike phase (advanced operating system)."""
    slow: bool
    """The weapon system fires last (bare operating system); not with First Strike."""
    extra_hits: int
    """Hits beyond the first before it rolls on the damage table (k hits per roll: k-1)."""
    hyper_jump: bool
    """Can Hyper-Jump itself and its cargo."""
    stealth: int
    """Points of signature taken away."""
    decoy: int
    """Points of signature added (Decoy +n)."""
    cargo: int
    """Cargo space in units (a multiple of 10)."""
    racks: int
    """Rack space for carried ships in units (a multiple of 10)."""
    control: int
    """Control rank."""
    handling: int
    """Handling rank."""
    information: int
    """Information rank."""
    sensors: int
    """Sensors rank."""
    drive: str
    """``"immobile"``, ``"slow"``, ``"standard"`` or ``"fast"``."""


@dataclass(frozen=True)
class ShipDesign:
    """A ship design; :attr:`cost` and :attr:`signature` follow from the design rules."""

    battle: int = 0
    """Battle rank of the weapon system (0: no weapons, the ship cannot attack)."""
    weapon: str = "standard"
    """``"standard"``, ``"reloader"`` (neutralized after it attacks) or ``"imploder"`` (destroyed)."""
    long_ranged: bool = False
    """May attack an adjacent orbit."""
    first_strike: bool = False
    """Attacks in the First Strike phase (advanced operating system)."""
    slow: bool = False
    """The weapon system fires last (bare operating system); not with First Strike."""
    extra_hits: int = 0
    """Hits beyond the first before it rolls on the damage table (k hits per roll: k-1)."""
    hyper_jump: bool = False
    """Can Hyper-Jump itself and its cargo."""
    stealth: int = 0
    """Points of signature taken away."""
    decoy: int = 0
    """Points of signature added (Decoy +n)."""
    cargo: int = 0
    """Cargo space in units (a multiple of 10)."""
    racks: int = 0
    """Rack space for carried ships in units (a multiple of 10)."""
    control: int = 0
    """Control rank."""
    handling: int = 0
    """Handling rank."""
    information: int = 0
    """Information rank."""
    sensors: int = 0
    """Sensors rank."""
    drive: str = "standard"
    """``"immobile"``, ``"slow"``, ``"standard"`` or ``"fast"``."""

    def __post_init__(self) -> None:
        s = object.__setattr__
        for f in (
            "battle",
            "extra_hits",
            "stealth",
            "decoy",
            "control",
            "handling",
            "information",
            "sensors",
        ):
            s(self, f, validate.integer(f, getattr(self, f), 0, 10000))
        for f in ("cargo", "racks"):
            v = validate.integer(f, getattr(self, f), 0, 1_000_000)
            if v % UNITS_PER_RU:
                raise InvalidInput(f"{f} is bought in steps of {UNITS_PER_RU} units, got {v!r}")
            s(self, f, v)
        for f in ("long_ranged", "first_strike", "slow", "hyper_jump"):
            validate.boolean(f, getattr(self, f))
        validate.choice("weapon", self.weapon, WEAPONS)
        validate.choice("drive", self.drive, DRIVES)
        if self.first_strike and self.slow:
            raise InvalidInput(
                "a weapon system cannot be both first_strike and slow; choose one (or neither)"
            )

    # ----------------------------------------------------------------- costs
    @property
    def weapon_ru_per_rank(self) -> float:
        """RU per Battle rank after the Long Ranged / First Strike / Slow multipliers."""
        per = WEAPON_RU_PER_RANK[self.weapon]
        if self.long_ranged:
            per *= LONG_RANGED_X
        if self.first_strike:
            per *= FIRST_STRIKE_X
        if self.slow:
            per *= SLOW_WEAPON_X
        return per

    @property
    def weapon_cost(self) -> float:
        """Step 1: cost of the weapon system."""
        return self.battle * self.weapon_ru_per_rank

    def secondary_costs(self) -> dict[str, float]:
        """Step 2, item by item (only items the design has)."""
        items = {
            "extra hits": self.extra_hits * EXTRA_HIT_RU,
            "hyper-jump": HYPER_JUMP_RU if self.hyper_jump else 0.0,
            "stealth": self.stealth * STEALTH_RU,
            "decoy": self.decoy * DECOY_RU,
            "cargo": self.cargo / UNITS_PER_RU,
            "racks": self.racks / UNITS_PER_RU,
            "control": self.control * ABILITY_RU,
            "handling": self.handling * ABILITY_RU,
            "information": self.information * ABILITY_RU,
            "sensors": self.sensors * ABILITY_RU,
        }
        return {k: v for k, v in items.items() if v}

    @property
    def secondary_cost(self) -> float:
        """Step 2: total of the secondary systems."""
        return float(sum(self.secondary_costs().values()))

    @property
    def drive_multiplier(self) -> float:
        """Step 3: the drive's multiplier."""
        return DRIVE_MULTIPLIER[self.drive]

    @property
    def cost(self) -> float:
        """RU cost: (weapon + secondary) x drive."""
        return (self.weapon_cost + self.secondary_cost) * self.drive_multiplier

    def breakdown(self) -> list[tuple[str, str]]:
        """The cost computation as (step, amount) rows for a designer view."""
        rows = []
        if self.battle:
            rows.append(
                (f"weapon: {self.battle} x {self.weapon_ru_per_rank:g} RU", f"{self.weapon_cost:g}")
            )
        for k, v in self.secondary_costs().items():
            rows.append((k, f"+{v:g}"))
        rows.append((f"{self.drive} drive", f"x{self.drive_multiplier:g}"))
        rows.append(("cost", f"{self.cost:g} RU"))
        return rows

    # ----------------------------------------------------------------- derived
    @property
    def signature(self) -> int:
        """Signature by the rules: from the cost, plus Decoy, minus Stealth."""
        return ship_signature(self.cost, decoy=self.decoy, stealth=self.stealth)

    @property
    def battle_rank(self) -> Rank:
        """Battle as a :class:`Rank` (``str`` gives the split form)."""
        return Rank(self.battle)

    @property
    def hits_per_damage(self) -> int:
        """Hits it takes per roll on the damage table."""
        return self.extra_hits + 1

    @property
    def immobile(self) -> bool:
        """Cannot move under its own power."""
        return self.drive == "immobile"

    @property
    def phase(self) -> str | None:
        """Combat phase it attacks in: ``"first"``, ``"main"``, ``"last"``; None without weapons."""
        if not self.battle:
            return None
        return "first" if self.first_strike else "last" if self.slow else "main"

    @property
    def after_attack(self) -> str | None:
        """``"neutralized"`` (reloader), ``"destroyed"`` (imploder) or None."""
        return {"reloader": "neutralized", "imploder": "destroyed"}.get(self.weapon)

    def abilities(self) -> dict[str, int]:
        """Ranks of the five abilities (Battle included)."""
        return {
            "battle": self.battle,
            "control": self.control,
            "handling": self.handling,
            "information": self.information,
            "sensors": self.sensors,
        }

    def describe(self) -> str:
        """A short list of its abilities in the catalog's manner (``"Racks 60 units, ..."``)."""
        parts = []
        if self.weapon == "reloader":
            parts.append("Neutralized after one attack")
        if self.weapon == "imploder":
            parts.append("Destroyed after one attack")
        if self.immobile:
            parts.append("Immobile")
        if self.drive == "slow":
            parts.append("Slow drive")
        if self.drive == "fast":
            parts.append("Fast drive")
        if self.long_ranged:
            parts.append("Long Ranged")
        if self.first_strike:
            parts.append("First Strike")
        if self.slow:
            parts.append("Fires last")
        if self.decoy:
            parts.append(f"Decoy +{self.decoy}")
        if self.stealth:
            parts.append(f"Stealth -{self.stealth}")
        if self.racks:
            parts.append(f"Racks {self.racks} units")
        if self.cargo:
            parts.append(f"Cargo {self.cargo} units")
        if self.extra_hits:
            parts.append(f"{self.hits_per_damage} hits per damage roll")
        if self.hyper_jump:
            parts.append("Hyper-Jump")
        parts.extend(
            f"{a.capitalize()} {Rank(getattr(self, a))}"
            for a in ("control", "handling", "information", "sensors")
            if getattr(self, a)
        )
        return ", ".join(parts) if parts else "None"

    def replace(self, **changes: Unpack[DesignChanges]) -> ShipDesign:
        """A copy with fields changed (validated)."""
        return dataclasses.replace(self, **changes)

    # ----------------------------------------------------------------- save/load
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form listing only fields that differ from the defaults."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v != f.default:
                out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, raw: object) -> ShipDesign:
        """Read :meth:`to_dict` output; refuse unknown fields."""
        raw = validate.mapping("ship design", raw)
        validate.no_unknown_keys("ship design", raw, [f.name for f in dataclasses.fields(cls)])
        return cls(**raw)
