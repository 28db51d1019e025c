"""Static tables for the vectorised simulation, generated from the engine's own rule objects.

Nothing here restates a rule: every entry is what the engine's function answers for one
situation, asked once per battle setup (or once per entity damage pattern met, lazily).

* ship dice: :func:`kit.successors.combat.pools._unit_pool` (the engine's pool of one ship,
  ruling 2) for each ability and attack phase, on its own and under Control of its entity at
  each damage level of that ability; kept as counts of dice per rank 1..5 (a rank above 5
  rolls like a 5: :func:`~kit.successors.combat.core_rules.die_chance`);
* entities: an :class:`~kit.successors.entities.Entity` with each damage pattern gives
  whether it is neutralized, the hits it takes before that
  (``damage._entity_room``), the ability a hit lowers (``damage.entity_loss_order``), the
  ability a repair fixes (``handling.entity_repair_ability``), its own dice and its Control
  rank, and the phase it attacks in (``fleets.entity_phase``);
* the allocation order (``damage.allocation_order``), the price order of repairs, hits on
  neutralized ships and releases (``damage.cheapest_first``), the damage table
  (``CombatRules.damage``), Take-Over needs, bonuses and reconditioning
  (``takeover.needed_successes``, ``takeover_bonus``, ``needs_recondition``), and which
  units the policy fires (``AutoPolicy.fire``).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np

from ...entities import ABILITIES
from ...fleets import entity_phase
from ..core_rules import die_chance
from ..damage import (
    _entity_room,
    allocation_order,
    cheapest_first,
    entity_loss_order,
)
from ..handling import entity_repair_ability
from ..pools import _unit_pool
from ..rules import ATTACK_PHASES
from ..state import Unit, initial_state
from ..takeover import needed_successes, needs_recondition, takeover_bonus

__all__ = ["CHANCE", "PARTS", "EntityTable", "Tables"]

#: Dice ranks the tables count (a rank above 5 is counted as 5: it rolls the same).
PARTS = np.arange(1, 6)
#: Chance of a success of a die of each rank in :data:`PARTS`.
CHANCE = die_chance(PARTS)
#: Abilities rolled in a battle besides Battle.
POOLS = ("handling", "control", "sensors")
#: Entity damage patterns a table may have before the fast path declines the battle.
MAX_CODES = 200_000


def counts(dice: Any) -> np.ndarray:
    """Dice -> how many of each rank 1..5 (above 5 counts as 5)."""
    out = np.zeros(5, np.int64)
    for d in dice:
        if d > 0:
            out[min(int(d), 5) - 1] += 1
    return out


class EntityTable:
    """What the engine's :class:`~kit.successors.entities.Entity` says for each damage pattern
    of one side's entity, filled in lazily as patterns are met. A pattern is coded as one int:
    the hits on each ability in mixed radix (``radix[a] = base[a] + 1``)."""

    def __init__(self, ent: Any) -> None:
        self.ent = ent
        self.base = np.array([ent.base(a) for a in ABILITIES], np.int64)
        self.radix = self.base + 1
        self.stride = np.cumprod(np.concatenate([[1], self.radix[:-1]]))
        self.size = int(np.prod(self.radix))
        n = self.size
        self.known = np.zeros(n, bool)
        self.neutral = np.zeros(n, bool)
        self.room = np.zeros(n, np.int64)
        self.loss = np.zeros(n, np.int64)
        self.repair = np.full(n, -1, np.int64)
        self.control = np.zeros(n, np.int64)
        self.dice = {a: np.zeros((n, 5), np.int64) for a in ("battle", *POOLS)}
        self.start = int(np.dot(np.array(ent.damage, np.int64), self.stride))

    def damage_of(self, code: Any, ability: int) -> Any:
        """Hits on ``ability`` (index) in pattern ``code``."""
        return (np.asarray(code) // self.stride[ability]) % self.radix[ability]

    def ensure(self, codes: np.ndarray) -> None:
        """Fill the rows of every pattern in ``codes`` not met before."""
        new = np.unique(codes)
        new = new[~self.known[new]]
        for c in new.tolist():
            dmg = tuple(int(x) for x in (c // self.stride) % self.radix)
            e = self.ent.replace(damage=dmg)
            self.neutral[c] = e.neutralized
            self.room[c] = _entity_room(e)
            self.loss[c] = ABILITIES.index(entity_loss_order(e))
            rep = entity_repair_ability(e)
            self.repair[c] = -1 if rep is None else ABILITIES.index(rep)
            self.control[c] = e.current("control")
            for a, table in self.dice.items():
                table[c] = counts(e.dice(a))
            self.known[c] = True

    def hit(self, code: np.ndarray, ability: np.ndarray, step: int) -> np.ndarray:
        """Pattern after ``step`` (+1 a hit, -1 a repair) on ``ability`` (index per row)."""
        return code + step * self.stride[ability]


class Tables:
    """Everything the fast path needs that does not change during a battle."""

    def __init__(self, battle: Any, policy: Any) -> None:
        sides = battle.sides
        rules = battle.rules
        fr = rules.fleet_rules
        st = initial_state(sides)
        setup = list(st.units.values())
        units = allocation_order(setup)  # the unit axis: ruling 4's allocation order
        self.S, self.U = len(sides), len(units)
        S, U = self.S, self.U
        self.keys = [u.key for u in units]
        self.origin = np.array([u.origin for u in units], np.int64)
        self.cost = np.array([u.cost for u in units], float)
        self.k = np.array([u.design.hits_per_damage for u in units], np.int64)
        self.reloader = np.array([u.design.after_attack == "neutralized" for u in units])
        self.imploder = np.array([u.design.after_attack == "destroyed" for u in units])
        self.mobile = np.array([not u.design.immobile for u in units])
        self.controlled = np.array([u.controlled for u in units], bool)
        pos = {u.key: j for j, u in enumerate(setup)}
        #: setup position of each column (the engine's order of a side's units)
        self.setup_pos = np.array([pos[k] for k in self.keys], np.int64)
        self.setup_order = np.argsort(self.setup_pos)
        #: columns cheapest first (repairs, hits on neutralized ships, releases of Control)
        self.cheap_order = np.array(
            sorted(range(U), key=lambda j: cheapest_first(units[j])), np.int64
        )
        #: each side's own columns, and those columns cheapest first (as positions among them)
        self.side_cols = [np.nonzero(self.origin == s)[0] for s in range(S)]
        self.side_cheap = [
            np.array(
                [int(np.searchsorted(c, j)) for j in self.cheap_order if self.origin[j] == s],
                np.int64,
            )
            for s, c in enumerate(self.side_cols)
        ]
        self.per_rank = fr.control_limit_per_rank
        self.entities = [EntityTable(s.entity) if s.entity is not None else None for s in sides]
        self.has_entity = np.array([e is not None for e in self.entities])
        face = [rules.damage(f) for f in range(1, 7)]
        #: damage table: probability of neutralized, hulked, vaporized on the damage roll
        self.damage_p = np.array(
            [face.count(r) / 6 for r in ("neutralized", "hulked", "vaporized")], float
        )
        # ---- dice of each ship: row 0 on its own, row 1 + d under Control of its entity with
        # d hits on that ability (a row at d = base: the entity is neutralized, own dice)
        self.rows: dict[str, int] = {}
        self.pool: dict[str, np.ndarray] = {}
        for key in ("battle:first", "battle:main", "battle:last", *POOLS):
            ability, _, phase = key.partition(":")
            ai = ABILITIES.index(ability)
            R = max([0] + [int(e.base[ai]) for e in self.entities if e is not None])
            table = np.zeros((R + 2, U, 5), np.int64)
            for j, u in enumerate(units):
                own = _unit_pool(ability, None, u.design, False, phase or None, fr)
                table[0, j] = counts(own)
                et = self.entities[u.origin]
                for d in range(R + 1):
                    if et is None or d >= et.base[ai]:
                        table[d + 1, j] = table[0, j]
                        continue
                    ent = et.ent.replace(damage=_only(ai, d))
                    dice = _unit_pool(ability, ent, u.design, True, phase or None, fr)
                    table[d + 1, j] = counts(dice)
            self.pool[key] = table
            #: columns with dice in some row: the only ones worth gathering
            self.pool[key + " cols"] = np.nonzero(table.sum(axis=(0, 2)) > 0)[0]
            self.pool[key + " has"] = table.sum(axis=2) > 0
        #: attack phase of each side's entity (-1: none), as ``fleets.entity_phase`` says
        self.entity_phase = np.array(
            [
                ATTACK_PHASES.index(ph) if (ph := entity_phase(s.entity)) is not None else -1
                for s in sides
            ]
        )
        # ---- what the policy fires: by column, on its own (0) and under Control (1)
        self.fires = np.ones((2, U), bool)
        for c in (0, 1):
            for j, u in enumerate(units):
                duck = SimpleNamespace(
                    st=SimpleNamespace(
                        units={u.key: SimpleNamespace(controlled=bool(c), design=u.design)}
                    )
                )
                self.fires[c, j] = u.key in policy.fire(duck, u.origin, "main", [u.key])
        # ---- Take-Overs, from the engine's functions on the setup's records
        ctx: Any = SimpleNamespace(sides=sides, st=st, rules=rules)  # what the three functions read
        self.need = np.array(
            [needed_successes(ctx, _as(units[0], controlled=c)) for c in (False, True)]
            if U
            else [0, 0],
            np.int64,
        )
        #: [taker, owner, column] automatic extra successes
        self.bonus = np.zeros((S, S, U), np.int64)
        #: [taker, column] the taker must recondition the ship before it can act
        self.recondition = np.zeros((S, U), bool)
        for t in range(S):
            for j, u in enumerate(units):
                self.recondition[t, j] = needs_recondition(ctx, t, u)
                for o in range(S):
                    if o != t:
                        self.bonus[t, o, j] = takeover_bonus(ctx, t, _as(u, owner=o))
        self.bonus_needs_a_success = rules.takeover_bonus_needs_a_success
        self.tek_locked = np.array(
            [s.entity is not None and s.entity.has("tek_locked") for s in sides]
        )


def _only(ability: int, hits: int) -> tuple[int, int, int, int, int]:
    d = [0, 0, 0, 0, 0]
    d[ability] = hits
    return (d[0], d[1], d[2], d[3], d[4])


def _as(u: Unit, **changes: Any) -> Unit:
    """A copy of a unit record with some fields changed (to ask the engine about it)."""
    new = object.__new__(Unit)
    new.__dict__.update(u.__dict__)
    new.__dict__.update(changes)
    return new
