"""Options for combat, with the rulings (docs/rulings.md, Successors) as defaults.

Every choice the rule text leaves open is a field of :class:`CombatRules`; a GM who plays it
another way passes ``Battle(..., rules=CombatRules(field=value))``. Tables of numbers (the
damage table) are data here, read by the phase code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ... import validate
from ...dice import Dice
from ...dice import parse as parse_dice
from ...errors import InvalidInput, InvalidType
from ..rules import DEFAULT_RULES, SuccessorsRules

__all__ = ["ATTACK_PHASES", "DAMAGE_RESULTS", "DEFAULT_COMBAT_RULES", "PHASES", "CombatRules"]

#: The eight phases of a combat round, in order.
PHASES = ("order", "sensors", "takeover", "repair", "first", "main", "last", "retreat")
#: The three phases in which weapons fire.
ATTACK_PHASES = ("first", "main", "last")
#: Results of the damage table.
DAMAGE_RESULTS = ("neutralized", "hulked", "vaporized")

#: The printed damage table: 1d6 face -> result.
_TABLE = (
    (1, "neutralized"),
    (2, "neutralized"),
    (3, "neutralized"),
    (4, "hulked"),
    (5, "hulked"),
    (6, "vaporized"),
)


@dataclass(frozen=True)
class CombatRules:
    """Combat choices; defaults follow the rule text and the rulings (docs/rulings.md)."""

    damage_table: tuple[tuple[int, str], ...] = _TABLE
    """1d6 face -> ``"neutralized"``, ``"hulked"`` or ``"vaporized"`` (the printed table)."""
    aimed_penalty: int = 2
    """Ranks an Aimed Shot loses on each die."""
    aimed_min_rank: int = 3
    """Lowest Battle rank (before the penalty) that may aim."""
    static_defense_bonus: int = 1
    """Ranks added to dice fired at Static Defenses (a 6 still misses)."""
    takeover_lock: int = 3
    """Sensors successes on an enemy fleet needed to lock on and attempt Take-Overs."""
    takeover_uncontrolled: int = 2
    """Take-Over successes needed for a ship not under an entity's direct Control."""
    takeover_controlled: int = 3
    """Take-Over successes needed for a ship under direct Control."""
    takeover_bonus_needs_a_success: bool = False
    """Edges that add a Take-Over success (Strong Control...) add it only to a roll that
    already has one (True) or always, as the text's "automatically" reads (False)."""
    repair_cancels_all_takeover: bool = False
    """A repair removes one Take-Over success (False, the literal text) or all of them."""
    entity_self_repair_rank: int = 1
    """Rank of the daily repair roll a neutralized entity makes on itself."""
    system_view_offset: int = 1
    """Fleet data for the rest of the system is this many levels below the current orbit's."""
    feral_ru_per_day: int = 2
    """RU of neutralized ships a Feral eats per day."""
    feral_capacity: int = 20
    """RU a Feral can hold."""
    stellar_cannon_hits: str = "1d6"
    """Dice expression for the hits a Stellar Cannon deals when its attack succeeds."""
    modifier_per_die: bool = True
    """A rank modifier (Aimed, Jammer, Long Ranged, Static Defenses, Stellar Cannon) moves
    each die of a split rank, dropping dice brought to 0 or below (True, ruling 4); False:
    the whole rank moves and is split again (5+3 Aimed: 3+1 per die, 5+1 whole)."""
    long_ranged_entity_penalty: int = 1
    """Ranks an entity with the Long Ranged edge loses per die attacking an adjacent orbit."""
    left_behind_counts_as_lost: bool = True
    """A losing or retreating side's neutralized ships left in the orbit count as RU lost."""
    structure_loss_destroys_entity: bool = True
    """An entity inside a Matrix (or using a Targeter) is destroyed when it is destroyed; the
    text says only that the entity is "vulnerable", so a GM may switch this off."""
    reloader_neutralized_before_hits: bool = False
    """Ruling 12, "Neutralized after one attack": a reloader that fired is neutralized at the
    end of the phase, after that phase's hits have landed, so a hit in the same phase finds it
    operational and it rolls on the damage table (False). True: it is neutralized as it
    fires, before the phase's hits land, so such a hit destroys it."""
    max_rounds: int = 30
    """Rounds after which :meth:`Battle.run` stops and calls the battle a draw."""
    fleet_rules: SuccessorsRules = field(default=DEFAULT_RULES)
    """Rules for pools (Control, split ranks) shared with fleets."""

    def __post_init__(self) -> None:
        rows = validate.sequence("damage_table", self.damage_table)
        for row in rows:
            if not isinstance(row, (list, tuple)) or len(row) != 2:
                raise InvalidInput(
                    f"damage_table rows are [face, result] pairs, got {row!r} "
                    f"(results: {', '.join(DAMAGE_RESULTS)})"
                )
        table = tuple(
            (
                validate.integer("damage face", f, 1, 6),
                validate.choice("damage result", r, DAMAGE_RESULTS),
            )
            for f, r in rows
        )
        if sorted(f for f, _ in table) != [1, 2, 3, 4, 5, 6]:
            raise InvalidInput(
                f"damage_table must list each face 1..6 once, got {self.damage_table!r}"
            )
        object.__setattr__(self, "damage_table", table)
        for name in (
            "aimed_penalty",
            "aimed_min_rank",
            "static_defense_bonus",
            "takeover_lock",
            "takeover_uncontrolled",
            "takeover_controlled",
            "entity_self_repair_rank",
            "system_view_offset",
            "feral_ru_per_day",
            "feral_capacity",
            "long_ranged_entity_penalty",
        ):
            validate.integer(name, getattr(self, name), 0, 100)
        validate.integer("max_rounds", self.max_rounds, 1, 10000)
        validate.boolean("repair_cancels_all_takeover", self.repair_cancels_all_takeover)
        validate.boolean("takeover_bonus_needs_a_success", self.takeover_bonus_needs_a_success)
        validate.boolean("left_behind_counts_as_lost", self.left_behind_counts_as_lost)
        validate.boolean("structure_loss_destroys_entity", self.structure_loss_destroys_entity)
        validate.boolean("modifier_per_die", self.modifier_per_die)
        validate.boolean("reloader_neutralized_before_hits", self.reloader_neutralized_before_hits)
        if not isinstance(self.stellar_cannon_hits, str):
            raise InvalidType(
                f"stellar_cannon_hits must be a dice expression such as '1d6', "
                f"got {self.stellar_cannon_hits!r}"
            )
        if parse_dice(self.stellar_cannon_hits).sides != 6:
            raise InvalidInput(
                f"stellar_cannon_hits must roll d6s (1d6, 2d6, 1d6+1...), "
                f"got {self.stellar_cannon_hits!r}"
            )
        if not isinstance(self.fleet_rules, SuccessorsRules):
            raise InvalidInput(f"fleet_rules must be SuccessorsRules, got {self.fleet_rules!r}")

    def cannon_dice(self) -> Dice:
        """The Stellar Cannon's hits as a :class:`~kit.dice.Dice` expression."""
        return parse_dice(self.stellar_cannon_hits)

    def damage(self, face: int) -> str:
        """The damage table's result for a 1d6 face."""
        return dict(self.damage_table)[face]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        d = asdict(self)
        d["damage_table"] = [list(x) for x in self.damage_table]
        d["fleet_rules"] = self.fleet_rules.to_dict()
        return d

    @classmethod
    def from_dict(cls, raw: object) -> CombatRules:
        """Read :meth:`to_dict` output, refusing unknown fields."""
        raw = dict(validate.mapping("combat rules", raw))
        validate.no_unknown_keys("combat rules", raw, cls.__dataclass_fields__)
        if "damage_table" in raw:
            rows = validate.sequence("damage_table", raw["damage_table"])
            raw["damage_table"] = tuple(
                tuple(x) if isinstance(x, (list, tuple)) else x for x in rows
            )
        if "fleet_rules" in raw:
            raw["fleet_rules"] = SuccessorsRules.from_dict(raw["fleet_rules"])
        return cls(**raw)


#: The defaults.
DEFAULT_COMBAT_RULES = CombatRules()
