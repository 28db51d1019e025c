"""The rule text's worked examples as ready-made objects: TanRac and Releata.

Joe's TanRac (rolled 3 and 4: ten points, spent +3 Battle, +3 Control, +2 Handling, +1
Information, +1 Sensors; Cross-Trained balanced by Still at War) and Lisa's Releata (rolled 2 and
4: nine points, seven into Battle and two into Control; Combat Reflexes balanced by Checkered Past
and No Memory), with the 32 RU fleets each bought. Tests, notebooks and the combat examples use
these so the examples are written down once.

>>> tanrac().sheet().splitlines()[0]
'NAME: TanRac\\t\\tSEX: Male\\t\\tSIDE: Vontuni Empire'
>>> round(releata_fleet().spent)
32
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from ..rng import SeedLike
from .entities import Entity
from .fleets import Fleet

#: TanRac's character sheet exactly as the rule text prints it (tabs and all).
TANRAC_SHEET = (
    "NAME: TanRac\t\tSEX: Male\t\tSIDE: Vontuni Empire\n"
    "\tBATTLE\t4\tHANDLING\t3\tSENSORS\t2\n"
    "\tCONTROL\t4\tINFORMATION\t2\tSIGNATURE\t4\n"
    "EDGES&FLAWS: Cross-Trained, Still at War."
)
#: Releata's character sheet exactly as the rule text prints it.
RELEATA_SHEET = (
    "NAME: Releata\t\tSEX: Female\t\tSIDE: Kingdoms of Jukint\n"
    "\tBATTLE\t5+3\tHANDLING\t1\tSENSORS\t1\n"
    "\tCONTROL\t3\tINFORMATION\t1\tSIGNATURE\t4\n"
    "EDGES&FLAWS: Combat Reflexes, Checkered Past, No Memory."
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ..log import EventLog
    from .combat import Battle, Side
    from .combat.rules import CombatRules
    from .combat.workshop import Workshop

__all__ = [
    "RELEATA_SHEET",
    "REPAIR_EXAMPLE_SHIPS",
    "TANRAC_SHEET",
    "BattleOptions",
    "GarrisonOptions",
    "example_one",
    "example_two",
    "garrison",
    "releata",
    "releata_fleet",
    "releata_repairs",
    "takeover_duel",
    "tanrac",
    "tanrac_fleet",
]


def tanrac() -> Entity:
    """TanRac as his sheet stands after Edges and Flaws."""
    return Entity(
        "TanRac",
        battle=4,
        control=4,
        handling=3,
        information=2,
        sensors=2,
        edges=["Cross-Trained"],  # type: ignore[arg-type]  # the constructor converts names
        flaws=["Still at War"],  # type: ignore[arg-type]  # the constructor converts names
        sex="Male",
        side="Vontuni Empire",
        points=10,
        roll=(3, 4),
    )


def releata() -> Entity:
    """Releata as her sheet stands after Edges and Flaws."""
    return Entity(
        "Releata",
        battle=8,
        control=3,
        edges=["Combat Reflexes"],  # type: ignore[arg-type]  # the constructor converts names
        flaws=["Checkered Past", "No Memory"],  # type: ignore[arg-type]  # the constructor converts names
        sex="Female",
        side="Kingdoms of Jukint",
        points=9,
        roll=(2, 4),
    )


def tanrac_fleet() -> Fleet:
    """TanRac's 32 RU (a 5 and a 2, plus 25): 5 Gunboats, 10 Satellites, a Tug, 2 Servos, a Relay."""
    fleet = Fleet(tanrac(), budget=5 + 2 + 25)
    for name, count in (("GUNBOAT", 5), ("SATELLITE", 10), ("TUG", 1), ("SERVO", 2), ("RELAY", 1)):
        fleet.buy(name, count)
    return fleet


def releata_fleet() -> Fleet:
    """Releata's 32 RU: two Battleships and eight Drones."""
    fleet = Fleet(releata(), budget=5 + 2 + 25)
    fleet.buy("BATTLESHIP", 2)
    fleet.buy("DRONE", 8)
    return fleet


#: The text's repair example, after Releata's battle: (catalog type, how many, maker) of the
#: neutralized ships she brings back to operational (the Takeru Republic built all but eight
#: Drones and the Battleship, so those need reconditioning too).
REPAIR_EXAMPLE_SHIPS = (
    ("Servo", 2, "Takeru Republic"),
    ("Drone", 8, None),
    ("Drone", 10, "Takeru Republic"),
    ("Gunboat", 5, "Takeru Republic"),
    ("Frigate", 5, "Takeru Republic"),
    ("Cruiser", 4, "Takeru Republic"),
    ("Battleship", 1, None),
)


def releata_repairs(seed: SeedLike = 1) -> Workshop:
    """The text's repair example: Releata, one hit on her Control, in a Workshop with every ship
    of :data:`REPAIR_EXAMPLE_SHIPS` neutralized (the text's run takes 102 standard days).

    >>> ws = releata_repairs()
    >>> len(ws.pending())  # 35 ships to repair and Releata's Control
    36
    """
    from .combat.workshop import Workshop

    ws = Workshop(releata().with_damage("control", 1), seed=seed)
    for name, count, maker in REPAIR_EXAMPLE_SHIPS:
        for _ in range(count):
            ws.add(name, neutralized=True, maker=maker)
    return ws


class GarrisonOptions(TypedDict, total=False):
    """What :func:`garrison` may set on the garrison's side besides its name, ships and faction, as :class:`~kit.successors.combat.Side` takes them."""

    entity: Entity | None
    """The entity leading the side; None for uncontrolled ships."""
    controlled: tuple[int, ...]
    """Ids of ships under the entity's direct Control at the start."""
    carried: tuple[tuple[int, tuple[int, ...]], ...]
    """(carrier id, ids in its racks) at the start."""
    sensors: int
    """Sensors successes already gathered on every enemy before the battle."""
    static_defenses: int
    """Points of Static Defenses emplaced for this side in the orbit."""
    busters: tuple[int, ...]
    """Battle rank of each Buster this side may explode."""
    rammers: int
    """Rammers this side has in the system (one rank 5 attack each, then gone)."""
    stellar_cannon: int | None
    """Orbit number of the battle if the side's entity mans a Stellar Cannon; None otherwise."""
    matrix: int
    """Level of a Matrix the entity is inside (adds to every ability)."""
    targeter: int
    """Level of a Targeter the entity uses (adds to Battle)."""
    jammer_attuned: bool
    """In tune with the system's Jammer Field (unaffected by it)."""
    adjacent: bool
    """Fighting from an adjacent orbit: only Long Ranged attacks reach or come from it."""
    ancient: bool
    """Ancient base or fleet (Access Codes and Rank help take it over)."""
    feral: bool | None
    """Its entity eats neutralized ships; None: yes for a bestiary Feral."""
    decoy_looks: tuple[tuple[int, str], ...]
    """(ship id, catalog type) a decoy shows itself as until Sensors level 4."""
    cubes: int
    """Empty Cubes the side has at hand in the orbit (20 RU each; a ship's racks carry one):
    each may take one neutralized enemy entity prisoner with a Handling success."""


class BattleOptions(TypedDict, total=False):
    """What :func:`example_one` passes on to its :class:`~kit.successors.combat.Battle`."""

    rules: CombatRules
    """The combat rules (default: the text and the project's rulings)."""
    jammer: int
    """Jammer Field strength in the system (0 to 4)."""
    orbit: str
    """Where it is fought, in words."""
    log: EventLog | None
    """An event log to replay instead of starting fresh."""


def garrison(**options: Unpack[GarrisonOptions]) -> Side:
    """The ancient Takeru garrison both combat examples fly into: 2 Servos, 8 Drones,
    5 Gunboats, 5 Frigates and 5 Cruisers, with no entity and no Sensors."""
    from .combat import Side

    return Side(
        "Garrison",
        ships=[("Servo", 2), ("Drone", 8), ("Gunboat", 5), ("Frigate", 5), ("Cruiser", 5)],  # type: ignore[arg-type]  # the constructor converts names
        faction="Takeru Republic",
        **options,
    )


def example_one(seed: SeedLike = 1, **options: Unpack[BattleOptions]) -> Battle:
    """Combat example one: Releata, her two Battleships and a Drone under Control, eight Drones."""
    from .combat import Battle, Side

    rel = Side("Releata", releata(), ships=[("Battleship", 2), ("Drone", 8)], controlled=(1, 2, 3))  # type: ignore[arg-type]  # the constructor converts names
    return Battle([rel, garrison()], seed=seed, **options)


def example_two(seed: SeedLike = 1) -> Battle:
    """Combat example two: TanRac's whole starting fleet, four Satellites under Control, after
    four days of scanning (5 Sensors successes on the garrison)."""
    from .combat import Battle, Side

    side = Side(
        "TanRac",
        tanrac(),
        ships=[("Gunboat", 5), ("Satellite", 10), ("Tug", 1), ("Servo", 2), ("Relay", 1)],  # type: ignore[arg-type]  # the constructor converts names
        controlled=(6, 7, 8, 9),
        sensors=5,
    )
    return Battle([side, garrison()], seed=seed)


def takeover_duel(
    seed: SeedLike = 3, *, sensors: int = 5, ships: tuple[str, ...] = ("Servo", "Cruiser")
) -> Battle:
    """Not from the text: the smallest battle where a Take-Over target is a real choice.

    An entity of ours (Control 4, Handling 3, a Satellite with it) already holds 5 Sensors
    successes on two ownerless Takeru ships, a Servo and a Cruiser: past the 3 a lock needs, so
    either ship can be taken over, and nobody on the other side can shoot back much. The
    tests, the Take-Over prompt of the Combat table and its browser test use this setup;
    ``sensors`` and ``ships`` vary it (fewer than 3 successes: no lock, no Take-Over).

    >>> b = takeover_duel()
    >>> [s.name for s in b.sides], b.sides[0].sensors
    (['Me', 'Them'], 5)
    """
    from .combat import Battle, Side

    me = Entity(
        "Me",
        battle=1,
        control=4,
        handling=3,
        information=1,
        sensors=1,
        side="Vontuni Empire",
        flaws=["Still at War", "Checkered Past"],  # type: ignore[arg-type]  # converted
    )
    them: Any = list(ships)  # the constructor converts names to ships
    return Battle(
        [
            Side("Me", me, ships=("Satellite",), sensors=sensors),  # type: ignore[arg-type]
            Side("Them", ships=them, faction="Takeru Republic"),
        ],
        seed=seed,
    )
