"""Edges and Flaws: the advantages and drawbacks an entity buys at creation.

Each trait is data: a display name, a point cost, whether it is an Edge or a Flaw, and an
*effect keyword* from a small vocabulary that other engines (combat, take-over, travel,
sensors) read. Traits whose weight is purely in role-play carry the keyword ``"roleplay"``.

Two traits take a parameter: Natural Aptitude names a task ("Mining"), Mental Disadvantage
names a trait ("Greedy") and takes 1 or more points. A chosen trait is a :class:`Trait`
(definition name plus parameter and points); ``Trait.parse("Natural Aptitude: Mining")``
reads the typed form.

>>> EDGES["COMBAT REFLEXES"].cost, EDGES["COMBAT REFLEXES"].effect
(4, 'first_strike_controlled')
>>> Trait.parse("Mental Disadvantage: Curious", points=2).cost
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import validate
from ..errors import InvalidInput, InvalidType
from ..store import JSON

__all__ = [
    "CREATURE_TRAITS",
    "EDGES",
    "EFFECTS",
    "FLAWS",
    "TRAITS",
    "Trait",
    "TraitDef",
    "lookup",
]


@dataclass(frozen=True)
class TraitDef:
    """The definition of one Edge or Flaw."""

    name: str
    """Display name as written on a character sheet."""
    cost: int
    """Points; for Mental Disadvantage the minimum (the player picks 1 or more)."""
    kind: str
    """``"edge"``, ``"flaw"`` or ``"creature"`` (bestiary-only, no point cost)."""
    effect: str
    """Effect keyword read by the other engines (see :data:`EFFECTS`)."""
    summary: str
    """A one-line description in the kit's own words."""
    parameter: str | None = None
    """What the parameter names (``"task"``, ``"trait"``) or None if the trait takes none."""
    variable_cost: bool = False
    """True when the player chooses the points (cost is then the minimum)."""

    @property
    def key(self) -> str:
        """Upper-case lookup key."""
        return _key(self.name)


#: The effect vocabulary. Numbers are extra successes (or extra successes the enemy needs).
EFFECTS: dict[str, str] = {
    "takeover_ancient+1": "+1 success on Take-Over of ancient bases and fleets",
    "first_strike_controlled": "the entity and every ship under its Control attack as First Strike",
    "identify+1": "+1 success when identifying objects and phenomena",
    "no_recondition": "may use equipment of other sides without reconditioning",
    "fast": "moves two orbits per day, and so do its controlled ships",
    "sig+1": "signature one higher",
    "long_ranged": "may attack adjacent orbits at -1 rank",
    "task+1": "+1 success on tasks of the chosen kind",
    "takeover_own_side+1": "+1 success on Take-Over of ancient bases and fleets of its own side",
    "self_repair": "repairs one hit on itself per day, automatically",
    "sig-1": "signature one lower (never below 0)",
    "stealth+1": "enemies need one more Sensors success to detect it",
    "takeover+1": "+1 success on Take-Over of enemy ships",
    "identify-1": "needs one more success than usual to identify objects and phenomena",
    "no_hyper_jump": "cannot Hyper-Jump by itself",
    "no_information": "has no Information of its own; only ships with Information can do those tasks",
    "no_handling": "has no Handling of its own; only ships with Handling can do those tasks",
    "no_battle": "cannot attack by itself; only its ships can",
    "slow": "takes two days per orbit, and its controlled ships must keep that pace",
    "enemy_takeover+1": "enemies gain +1 success when taking over its ships",
    "tek_locked": "can only use equipment of its own side",
    "fragile": "a single hit destroys it",
    "roleplay": "a matter for play and the GM, no mechanical effect",
}

_E = "edge"
_F = "flaw"
_C = "creature"

_DEFS = (
    TraitDef("Access Codes", 2, _E, "takeover_ancient+1", "Remembers wartime codes and passwords."),
    TraitDef("Combat Reflexes", 4, _E, "first_strike_controlled", "Controlled ships strike first."),
    TraitDef("Complete Database", 2, _E, "identify+1", "Extra success when identifying things."),
    TraitDef("Cross-Trained", 2, _E, "no_recondition", "Uses other sides' gear as is."),
    TraitDef("Fast", 2, _E, "fast", "Two orbits a day, with its controlled ships."),
    TraitDef("Large", 1, _E, "sig+1", "Signature one step higher."),
    TraitDef("Long Ranged", 6, _E, "long_ranged", "Attacks adjacent orbits at -1 rank."),
    TraitDef(
        "Natural Aptitude", 2, _E, "task+1", "Extra success on one chosen kind of task.", "task"
    ),
    TraitDef("Rank", 2, _E, "takeover_own_side+1", "Former officer: own-side take-overs easier."),
    TraitDef("Self-Repairing", 2, _E, "self_repair", "Repairs one hit on itself each day."),
    TraitDef("Small", 1, _E, "sig-1", "Signature one step lower."),
    TraitDef("Stealthed", 2, _E, "stealth+1", "Harder to detect by one Sensors success."),
    TraitDef("Strong Control", 2, _E, "takeover+1", "Extra success taking over enemy ships."),
    TraitDef("Checkered Past", 3, _F, "roleplay", "Old grudges turn up every session."),
    TraitDef("Files Deleted", 2, _F, "identify-1", "Needs an extra success to identify things."),
    TraitDef("Hunted by Enemy", 2, _F, "roleplay", "A recurring foe hunts it."),
    TraitDef(
        "Mental Disadvantage",
        1,
        _F,
        "roleplay",
        "A dominating trait of mind, shown at least once per point.",
        "trait",
        True,
    ),
    TraitDef("No Hyper-Jump", 4, _F, "no_hyper_jump", "Cannot Hyper-Jump unaided."),
    TraitDef("No Information", 2, _F, "no_information", "Information only through its ships."),
    TraitDef("No Manipulation", 2, _F, "no_handling", "Handling only through its ships."),
    TraitDef("No Memory", 1, _F, "roleplay", "Forgot names and places of its past."),
    TraitDef("No Weapon Systems", 2, _F, "no_battle", "Attacks only through its ships."),
    TraitDef("Slow", 2, _F, "slow", "Two days per orbit, with its controlled ships."),
    TraitDef("Still at War", 2, _F, "roleplay", "Treats every other side as an enemy."),
    TraitDef("Tek Locked", 3, _F, "tek_locked", "Uses only its own side's equipment."),
    TraitDef("Weak Control", 2, _F, "enemy_takeover+1", "Its ships are easier to take over."),
    TraitDef("Fragile", 0, _C, "fragile", "One hit destroys it (bestiary creatures)."),
)


def _key(name: str) -> str:
    return " ".join(name.replace("_", " ").upper().split())


#: Every Edge, keyed by upper-case name.
EDGES: dict[str, TraitDef] = {d.key: d for d in _DEFS if d.kind == _E}
#: Every Flaw, keyed by upper-case name.
FLAWS: dict[str, TraitDef] = {d.key: d for d in _DEFS if d.kind == _F}
#: Traits only creatures of the bestiary have.
CREATURE_TRAITS: dict[str, TraitDef] = {d.key: d for d in _DEFS if d.kind == _C}
#: All of the above.
TRAITS: dict[str, TraitDef] = {d.key: d for d in _DEFS}

#: Other spellings found in the rule text (the bestiary) mapped to the canonical key.
_ALIASES = {
    "LONG RANGE TARGETING": "LONG RANGED",
    "NO HYPER WARP": "NO HYPER-JUMP",
    "NO HYPER-WARP": "NO HYPER-JUMP",
    "NO HYPER JUMP": "NO HYPER-JUMP",
    "NO WEAPON SYSTEM": "NO WEAPON SYSTEMS",
    "SELF REPAIRING": "SELF-REPAIRING",
    "CROSS TRAINED": "CROSS-TRAINED",
    "NATURAL APTITUDE / TASK": "NATURAL APTITUDE",
    "NATURAL APTITUDE/TASK": "NATURAL APTITUDE",
}


def lookup(name: str) -> TraitDef:
    """Return the definition for ``name`` (case-insensitive; bestiary spellings accepted)."""
    if not isinstance(name, str):
        raise InvalidType(f"edge or flaw name must be a string, got {name!r}")
    key = _ALIASES.get(_key(name), _key(name))
    try:
        return TRAITS[key]
    except KeyError:
        allowed = ", ".join(d.name for d in _DEFS)
        raise InvalidInput(f"unknown edge or flaw {name!r}; known ones are {allowed}") from None


@dataclass(frozen=True)
class Trait:
    """One Edge or Flaw as chosen for an entity."""

    name: str
    """Canonical display name of the definition (``"Natural Aptitude"``)."""
    parameter: str | None = None
    """The task (Natural Aptitude) or mental trait (Mental Disadvantage); None otherwise."""
    points: int | None = None
    """Chosen points for Mental Disadvantage; None means the definition's cost."""

    def __post_init__(self) -> None:
        d = lookup(self.name)
        object.__setattr__(self, "name", d.name)
        if self.parameter is not None:
            p = validate.text(f"{d.name} parameter", self.parameter, max_len=80)
            if d.parameter is None:
                raise InvalidInput(f"{d.name} takes no parameter, got {self.parameter!r}")
            object.__setattr__(self, "parameter", p)
        if self.points is not None:
            pts = validate.integer(f"{d.name} points", self.points, 1, 6)
            if not d.variable_cost and pts != d.cost:
                raise InvalidInput(
                    f"{d.name} costs exactly {d.cost} points, got points={self.points!r}"
                )
            object.__setattr__(self, "points", pts if d.variable_cost else None)

    @property
    def definition(self) -> TraitDef:
        """The :class:`TraitDef` this trait refers to."""
        return lookup(self.name)

    @property
    def kind(self) -> str:
        """``"edge"``, ``"flaw"`` or ``"creature"``."""
        return self.definition.kind

    @property
    def effect(self) -> str:
        """The effect keyword."""
        return self.definition.effect

    @property
    def cost(self) -> int:
        """Points this trait counts for."""
        return self.points if self.points is not None else self.definition.cost

    def label(self) -> str:
        """Text for a character sheet: ``"Natural Aptitude (Mining)"``."""
        text = self.name
        if self.parameter:
            text += f" ({self.parameter})"
        if self.definition.variable_cost:
            text += f" [{self.cost}]"
        return text

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        out: dict[str, Any] = {"name": self.name}
        if self.parameter is not None:
            out["parameter"] = self.parameter
        if self.points is not None:
            out["points"] = self.points
        return out

    @classmethod
    def from_dict(cls, raw: JSON) -> Trait:
        """Read :meth:`to_dict` output."""
        raw = validate.mapping("trait", raw)
        validate.no_unknown_keys("trait", raw, ("name", "parameter", "points"))
        return cls(raw.get("name"), raw.get("parameter"), raw.get("points"))

    @classmethod
    def parse(cls, value: object, points: int | None = None) -> Trait:
        """Make a trait from a Trait, a name, ``"Name: parameter"``, a tuple or a dict."""
        if isinstance(value, Trait):
            return value
        if isinstance(value, dict):
            return cls.from_dict(value)
        if isinstance(value, (tuple, list)):
            if not 1 <= len(value) <= 3:
                raise InvalidInput(f"a trait tuple is (name, parameter, points), got {value!r}")
            return cls(*value)
        if isinstance(value, str):
            for sep in (":", "-", "("):
                name, found, rest = value.partition(sep)
                if found and _key(name) in TRAITS and lookup(name).parameter:
                    return cls(name, rest.strip(" )") or None, points)
            return cls(value, None, points)
        raise InvalidType(f"an edge or flaw must be a name, tuple, dict or Trait, got {value!r}")
