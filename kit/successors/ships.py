"""The ship catalog: the 55 ship types of the rule book as data.

Each :class:`ShipType` keeps the catalog's printed Battle, signature and cost, and carries
the :class:`~kit.successors.design.ShipDesign` that produces it; the designer reproduces every
printed cost. Where the printed signature differs from the signature rules (ruling 3), both
are available (:attr:`ShipType.sig` and :attr:`ShipType.rules_sig`).

>>> SHIPS["FORTRESS"].cost, SHIPS["FORTRESS"].design.cost, SHIPS["FORTRESS"].hits_per_damage
(14, 14.0, 3)
>>> sorted(n for n, s in SHIPS.items() if s.sig_differs)
['CASTLE', 'DESTROYER', 'FORTRESS', 'JUMPFREIGHTER', 'JUMPSUPERCARGO']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInput, InvalidType
from .design import ShipDesign
from .ranks import Rank

__all__ = ["ROLES", "SHIPS", "ShipType", "ship_type"]

#: Roles used to group and colour ships in figures.
ROLES = (
    "warship",
    "pod",
    "static",
    "long-range",
    "decoy",
    "carrier",
    "cargo",
    "first-strike",
    "jump",
    "control",
    "handling",
    "information",
    "sensors",
)


@dataclass(frozen=True)
class ShipType:
    """One catalog entry: printed values plus the design that produces them."""

    name: str
    """Catalog name in upper case, as printed (``"SEIGE CANNON"`` keeps the book's spelling)."""
    battle: int
    """Battle rank (``str(Rank(battle))`` gives the printed ``5+1``)."""
    sig: int
    """Signature as printed in the catalog."""
    cost: int
    """RU cost as printed."""
    design: ShipDesign
    """The design that produces this ship."""
    role: str
    """Role for grouping (one of :data:`ROLES`)."""

    @property
    def rules_sig(self) -> int:
        """Signature computed by the signature rules from the design."""
        return self.design.signature

    @property
    def sig_differs(self) -> bool:
        """True where the printed signature is not what the rules give."""
        return self.sig != self.rules_sig

    @property
    def battle_rank(self) -> Rank:
        """Battle as a :class:`Rank`."""
        return Rank(self.battle)

    # The design's abilities, exposed directly for convenience.
    @property
    def racks(self) -> int:
        """Rack space in units."""
        return self.design.racks

    @property
    def cargo(self) -> int:
        """Cargo space in units."""
        return self.design.cargo

    @property
    def hits_per_damage(self) -> int:
        """Hits it takes per roll on the damage table."""
        return self.design.hits_per_damage

    @property
    def immobile(self) -> bool:
        """Cannot move by itself."""
        return self.design.immobile

    @property
    def weapon(self) -> str:
        """``"standard"``, ``"reloader"`` or ``"imploder"``."""
        return self.design.weapon

    @property
    def after_attack(self) -> str | None:
        """``"neutralized"`` for reloaders, ``"destroyed"`` for imploders, else None."""
        return self.design.after_attack

    @property
    def first_strike(self) -> bool:
        """Attacks in the First Strike phase."""
        return self.design.first_strike

    @property
    def long_ranged(self) -> bool:
        """Can attack an adjacent orbit."""
        return self.design.long_ranged

    @property
    def slow(self) -> bool:
        """Weapon fires last."""
        return self.design.slow

    @property
    def hyper_jump(self) -> bool:
        """Can Hyper-Jump."""
        return self.design.hyper_jump

    @property
    def decoy(self) -> int:
        """Decoy bonus to signature."""
        return self.design.decoy

    @property
    def stealth(self) -> int:
        """Stealth taken off the signature."""
        return self.design.stealth

    @property
    def control(self) -> int:
        """Control rank."""
        return self.design.control

    @property
    def handling(self) -> int:
        """Handling rank."""
        return self.design.handling

    @property
    def information(self) -> int:
        """Information rank."""
        return self.design.information

    @property
    def sensors(self) -> int:
        """Sensors rank."""
        return self.design.sensors

    @property
    def phase(self) -> str | None:
        """Combat phase: ``"first"``, ``"main"``, ``"last"`` or None (cannot attack)."""
        return self.design.phase

    def abilities(self) -> dict[str, int]:
        """Ranks of the five abilities."""
        return self.design.abilities()

    def describe(self) -> str:
        """Its abilities in words."""
        return self.design.describe()

    def row(self) -> dict[str, Any]:
        """A table row for catalog views."""
        return {
            "name": self.name,
            "battle": str(self.battle_rank),
            "sig": self.sig,
            "rules_sig": self.rules_sig,
            "abilities": self.describe(),
            "cost": self.cost,
            "role": self.role,
        }


_D = ShipDesign
# name, printed battle, printed sig, printed cost, design, role
_CATALOG: tuple[tuple[str, int, int, int, ShipDesign, str], ...] = (
    ("GUNBOAT", 1, 0, 2, _D(battle=1), "warship"),
    ("FRIGATE", 2, 0, 4, _D(battle=2), "warship"),
    ("DESTROYER", 3, 0, 6, _D(battle=3), "warship"),
    ("CRUISER", 4, 1, 8, _D(battle=4), "warship"),
    ("BATTLESHIP", 6, 2, 12, _D(battle=6), "warship"),
    ("BATTLECRUISER", 6, 2, 15, _D(battle=6, extra_hits=1), "warship"),
    ("DREADNOUGHT", 9, 3, 24, _D(battle=9, extra_hits=2), "warship"),
    ("JUGGERNAUT", 11, 4, 31, _D(battle=11, extra_hits=3), "warship"),
    ("DRONE", 1, 0, 1, _D(battle=1, weapon="reloader"), "pod"),
    ("BATTLE POD", 3, 0, 3, _D(battle=3, weapon="reloader"), "pod"),
    ("SALVO POD", 6, 1, 6, _D(battle=6, weapon="reloader"), "pod"),
    ("SATELLITE", 1, 0, 1, _D(battle=1, drive="immobile"), "static"),
    ("FIREPOINT", 3, 0, 3, _D(battle=3, drive="immobile"), "static"),
    ("STRONGPOINT", 6, 1, 6, _D(battle=6, drive="immobile"), "static"),
    ("FORTRESS", 11, 3, 14, _D(battle=11, extra_hits=2, drive="immobile"), "static"),
    ("CASTLE", 16, 4, 22, _D(battle=16, extra_hits=4, drive="immobile"), "static"),
    ("POINT CANNON", 2, 2, 10, _D(battle=2, long_ranged=True), "long-range"),
    ("LONG GUN", 4, 3, 20, _D(battle=4, long_ranged=True), "long-range"),
    ("SEIGE CANNON", 7, 4, 35, _D(battle=7, long_ranged=True), "long-range"),
    ("MOCKER", 1, 1, 3, _D(battle=1, decoy=1), "decoy"),
    ("SHOUTER", 1, 2, 4, _D(battle=1, decoy=2), "decoy"),
    ("SCREAMER", 1, 4, 5, _D(battle=1, decoy=3), "decoy"),
    ("TUG", 1, 0, 3, _D(battle=1, racks=10), "carrier"),
    ("LT CARRIER", 2, 1, 7, _D(battle=2, racks=30), "carrier"),
    ("CARRIER", 3, 2, 15, _D(battle=3, racks=60, extra_hits=1), "carrier"),
    ("HVY CARRIER", 4, 3, 26, _D(battle=4, racks=120, extra_hits=2), "carrier"),
    ("JUMPCARRIER", 3, 3, 19, _D(battle=3, racks=60, extra_hits=1, hyper_jump=True), "carrier"),
    (
        "HVY JUMP CARRIER",
        4,
        3,
        30,
        _D(battle=4, racks=120, extra_hits=2, hyper_jump=True),
        "carrier",
    ),
    ("LOADER", 0, 0, 1, _D(cargo=10), "cargo"),
    ("TRANSPORT", 0, 0, 2, _D(cargo=20), "cargo"),
    ("FREIGHTER", 0, 1, 5, _D(cargo=50), "cargo"),
    ("SUPERCARGO", 0, 2, 10, _D(cargo=100), "cargo"),
    ("JUMPFREIGHTER", 0, 1, 9, _D(cargo=50, hyper_jump=True), "cargo"),
    ("JUMPSUPERCARGO", 0, 3, 14, _D(cargo=100, hyper_jump=True), "cargo"),
    ("DARTER", 2, 1, 6, _D(battle=2, first_strike=True), "first-strike"),
    ("STRIKER", 4, 2, 12, _D(battle=4, first_strike=True), "first-strike"),
    ("SCOUT", 0, 0, 4, _D(hyper_jump=True), "jump"),
    ("EXPLORER", 2, 1, 8, _D(battle=2, hyper_jump=True), "jump"),
    ("BATTLEJUMPER", 4, 2, 12, _D(battle=4, hyper_jump=True), "jump"),
    ("JAMMER", 0, 0, 3, _D(control=1), "control"),
    ("EW UNIT", 0, 1, 6, _D(control=2), "control"),
    ("SLAVER", 0, 2, 12, _D(control=4), "control"),
    ("CONTROLLER", 0, 3, 18, _D(control=6), "control"),
    ("SERVO", 0, 0, 3, _D(handling=1), "handling"),
    ("REPAIR", 0, 1, 6, _D(handling=2), "handling"),
    ("TENDER", 0, 2, 12, _D(handling=4), "handling"),
    ("FACTORY", 0, 3, 18, _D(handling=6), "handling"),
    ("COMP", 0, 0, 3, _D(information=1), "information"),
    ("THINKTANK", 0, 1, 6, _D(information=2), "information"),
    ("COORDINATOR", 0, 2, 12, _D(information=4), "information"),
    ("NEURALSPHERE", 0, 3, 18, _D(information=6), "information"),
    ("RELAY", 0, 0, 3, _D(sensors=1), "sensors"),
    ("SEEKER", 0, 1, 6, _D(sensors=2), "sensors"),
    ("SENSOR SHIP", 0, 2, 12, _D(sensors=4), "sensors"),
    ("DATANET", 0, 3, 18, _D(sensors=6), "sensors"),
)

#: The catalog, keyed by the printed upper-case name, in the book's order.
SHIPS: dict[str, ShipType] = {
    name: ShipType(name, battle, sig, cost, design, role)
    for name, battle, sig, cost, design, role in _CATALOG
}

_ALIASES = {
    "SIEGE CANNON": "SEIGE CANNON",
    "LIGHT CARRIER": "LT CARRIER",
    "HEAVY CARRIER": "HVY CARRIER",
    "HEAVY JUMP CARRIER": "HVY JUMP CARRIER",
    "JUMP CARRIER": "JUMPCARRIER",
    "JUMP FREIGHTER": "JUMPFREIGHTER",
    "JUMP SUPERCARGO": "JUMPSUPERCARGO",
}


def ship_type(name: object) -> ShipType:
    """Look up a catalog ship by name (case-insensitive; ``"Siege Cannon"`` is accepted)."""
    if not isinstance(name, str):
        raise InvalidType(f"ship type must be a catalog name (a string), got {name!r}")
    key = " ".join(name.upper().replace("-", " ").split())
    key = _ALIASES.get(key, key)
    if key in SHIPS:
        return SHIPS[key]
    compact = {n.replace(" ", ""): n for n in SHIPS}
    if key.replace(" ", "") in compact:
        return SHIPS[compact[key.replace(" ", "")]]
    raise InvalidInput(f"unknown ship type {name!r}; catalog names are {', '.join(SHIPS)}")
