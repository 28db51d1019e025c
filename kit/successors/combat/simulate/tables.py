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

The ships are the rows of the simulation's arrays (one column per battle), in ruling 4's
allocation order; :attr:`Tables.runs` cuts that order into runs of ships alike in everything
that never changes (side, design, price, maker), so dice and hits are counted per run.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import numpy as np

from ...entities import ABILITIES
from ...fleets import entity_phase
from ..core_rules import die_chance
from ..damage import allocation_order, cheapest_first
from ..pools import _boosted, _unit_pool, modify
from ..rules import ATTACK_PHASES
from ..state import Unit, initial_state
from ..takeover import needed_successes, needs_recondition, takeover_bonus
from .entity import POOLS, EntityTable, counts

if TYPE_CHECKING:
    from ..battle import Battle
    from ..policies import AutoPolicy

__all__ = ["CHANCE", "KEYS", "PARTS", "EntityTable", "Tables", "counts"]

#: Dice ranks the tables count (a rank above 5 is counted as 5: it rolls the same).
PARTS = np.arange(1, 6)
#: Chance of a success of a die of each rank in :data:`PARTS`.
CHANCE = die_chance(PARTS)
#: Dice tables: Battle per attack phase, then the other pools.
KEYS = ("battle:first", "battle:main", "battle:last", *POOLS)
#: Entity damage patterns a table may have before the fast path declines the battle.
MAX_CODES = 200_000


class Tables:
    """Everything the fast path needs that does not change during a battle."""

    def __init__(self, battle: Battle, policy: AutoPolicy) -> None:
        sides = battle.sides
        rules = battle.rules
        fr = rules.fleet_rules
        st = initial_state(sides)
        setup = list(st.units.values())
        units = allocation_order(setup)  # the ship axis: ruling 4's allocation order
        self.S, self.U = S, U = len(sides), len(units)
        self.keys = [u.key for u in units]
        self.origin = np.array([u.origin for u in units], np.int64)
        self.cost = np.array([u.cost for u in units], float)
        self.k = np.array([u.design.hits_per_damage for u in units], np.int64)
        self.multi = bool((self.k > 1).any())
        self.reloader = np.array([u.design.after_attack == "neutralized" for u in units])
        self.imploder = np.array([u.design.after_attack == "destroyed" for u in units])
        self.mobile = np.array([not u.design.immobile for u in units])
        #: [side] the side's ships as a [U, 1] mask (for ships that never change hands)
        self.mine = [(self.origin == s)[:, None] for s in range(S)]
        pos = {u.key: j for j, u in enumerate(setup)}
        #: the engine's order of a side's ships (setup order), as ship indices
        self.setup_order = np.argsort(np.array([pos[k] for k in self.keys], np.int64))
        #: ships cheapest first (repairs, hits on neutralized ships, releases of Control)
        self.cheap_order = np.array(
            sorted(range(U), key=lambda j: cheapest_first(units[j])), np.int64
        )
        self.cheap_is_alloc = bool((self.cheap_order == np.arange(U)).all())
        #: ships that start under Control: the only ones ever under it (AutoPolicy changes
        #: no order of battle)
        self.ccols = np.array([j for j, u in enumerate(units) if u.controlled], np.int64)
        self.per_rank = fr.control_limit_per_rank
        #: [side] levels of the Jammer Field its Battle dice are lowered by
        self.jam = [0 if s.jammer_attuned else battle.jammer for s in sides]
        self.rules = rules
        self.entities = [
            EntityTable(
                s.entity,
                rules,
                jammer=self.jam[i],
                matrix=s.matrix,
                targeter=s.targeter,
                cannon=s.stellar_cannon,
            )
            if s.entity is not None
            else None
            for i, s in enumerate(sides)
        ]
        #: [side] fighting from an adjacent orbit (only Long Ranged attacks reach across)
        self.adjacent = np.array([s.adjacent for s in sides])
        #: per ship: it fires against an adjacent orbit (Long Ranged, or a Rammer)
        self.long_ranged = np.array([u.design.long_ranged or u.kind == "rammer" for u in units])
        #: [side] Static Defense points at the start
        self.static = np.array([s.static_defenses for s in sides], np.int64)
        #: [carried ship, its carrier] of ships in racks
        at = {u.key: j for j, u in enumerate(units)}
        self.racks = np.array(
            [(j, at[u.carried_by]) for j, u in enumerate(units) if u.carried_by is not None],
            np.int64,
        ).reshape(-1, 2)
        self.has_entity = np.array([e is not None for e in self.entities])
        face = [rules.damage(f) for f in range(1, 7)]
        #: damage table: probability of neutralized, hulked, vaporized on the damage roll
        self.damage_p = np.array(
            [face.count(r) / 6 for r in ("neutralized", "hulked", "vaporized")], float
        )
        self._pools(units, fr, sides)
        self._runs(units)
        self.run_dice: dict[str, list[list[Any]]] = {}
        self.side_run_dice: dict[str, list[list[Any]]] = {}
        #: attack phase of each side's entity (-1: none), as ``fleets.entity_phase`` says
        self.entity_phase = np.array(
            [
                ATTACK_PHASES.index(ph) if (ph := entity_phase(s.entity)) is not None else -1
                for s in sides
            ]
        )
        # ---- what the policy fires: by ship, on its own (0) and under Control (1)
        self.fires = np.ones((2, U), bool)
        for c in (0, 1):
            for j, u in enumerate(units):
                # a stand-in for the Ctx holding only what the automatic rulings read
                duck: Any = SimpleNamespace(
                    st=SimpleNamespace(
                        units={u.key: SimpleNamespace(controlled=bool(c), design=u.design)}
                    )
                )
                self.fires[c, j] = u.key in policy.fire(duck, u.origin, "main", [u.key])
        for key in KEYS:
            use = self.fires[0] if key.startswith("battle") else np.ones(U, bool)
            #: [key][side] runs with dice there that the side fires (Battle keys) or uses
            #: (the other pools) as their owner: (start, stop, origin, [(rank, dice)], long
            #: ranged); ``side_run_dice`` keeps those the side started with
            self.run_dice[key] = [
                [
                    (a, b, int(self.origin[a]), _ranks(self.own[key][s, a]), bool(lr))
                    for a, b in self.runs
                    if self.own[key][s, a].any() and use[a]
                    for lr in (self.long_ranged[a],)
                ]
                for s in range(S)
            ]
            self.side_run_dice[key] = [
                [r for r in self.run_dice[key][s] if r[2] == s] for s in range(S)
            ]
        #: ships with Control dice in some row (Take-Over users), and ``ccols`` by ship
        self.control_cols = np.flatnonzero(self.pool["control"].any(axis=(0, 2)))
        #: the ships with Control dice in setup order (the order Take-Over users act in)
        self.control_setup_order = self.setup_order[np.isin(self.setup_order, self.control_cols)]
        self.ccol_index = {int(j): c for c, j in enumerate(self.ccols)}
        #: [key] [ccol] the ship's dice per rank by table row, as [rank, row]
        self.ctab = {key: [self.pool[key][:, j].T.copy() for j in self.ccols] for key in KEYS}
        self.ctab_has = {key: [t.any(axis=0) for t in self.ctab[key]] for key in KEYS}
        #: [side] the side's own ships as row indices, and the span of rows holding them
        self.side_rows = [np.flatnonzero(self.origin == s) for s in range(S)]
        self.side_cheap_order = [
            self.cheap_order[self.origin[self.cheap_order] == s] for s in range(S)
        ]
        self.other_rows = [np.flatnonzero(self.origin != s) for s in range(S)]
        self.side_span = [
            (int(r.min()), int(r.max()) + 1) if len(r) else (0, 0) for r in self.side_rows
        ]
        #: [key] the ships under Control that may roll dice there (own or under Control)
        self.ctl_dice_cols = {
            key: [c for c, j in enumerate(self.ccols) if self.pool[key][:, j].any()] for key in KEYS
        }
        self._takeovers(sides, st, rules, units)

    def _pools(self, units: list[Unit], fr: Any, sides: Any) -> None:
        """Dice of each ship: row 0 on its own, row 1 + d under Control of its active entity
        with d hits on that ability (the boosted entity's, ``pools.boosted_entity``); Battle
        dice lowered by the owner's Jammer Field, as ``pools.unit_dice`` rolls them. For a
        ship fighting for a side other than the one it started on, ``own`` has its own dice
        under each side's Jammer Field."""
        self.pool: dict[str, np.ndarray] = {}
        self.own: dict[str, np.ndarray] = {}
        for key in KEYS:
            ability, _, phase = key.partition(":")
            ai = ABILITIES.index(ability)
            R = max([0] + [int(e.base[ai]) for e in self.entities if e is not None])
            table = np.zeros((R + 2, self.U, 5), np.int64)
            own = np.zeros((self.S, self.U, 5), np.int64)
            for j, u in enumerate(units):
                dice = list(_unit_pool(ability, None, u.design, False, phase or None, fr))
                for s in range(self.S):
                    own[s, j] = counts(self._jammed(dice, ability, s))
                table[0, j] = own[u.origin, j]
                et = self.entities[u.origin]
                if et is None or not u.controlled:
                    continue
                side = sides[u.origin]
                for d in range(min(R, int(et.base[ai])) + 1):
                    ent = et.ent.replace(damage=_only(ai, d))
                    if ent.neutralized:  # the entity is out: its ships roll their own dice
                        table[d + 1, j] = table[0, j]
                        continue
                    if side.matrix or side.targeter:
                        ent = _boosted(ent, side.matrix, side.targeter)
                    dice = list(_unit_pool(ability, ent, u.design, True, phase or None, fr))
                    table[d + 1, j] = counts(self._jammed(dice, ability, u.origin))
            self.pool[key] = table
            self.own[key] = own

    def _jammed(self, dice: list[int], ability: str, side: int) -> list[int]:
        if ability != "battle" or not self.jam[side]:
            return dice
        return modify(dice, -self.jam[side], self.rules)

    def _runs(self, units: list[Unit]) -> None:
        """Cut the ships not under Control into runs alike in everything static."""
        runs: list[tuple[int, int]] = []
        prev = None
        ctl = set(self.ccols.tolist())
        for j, u in enumerate(units):
            this = None if j in ctl else (u.origin, u.design, u.cost, u.maker, u.kind)
            if this is not None and this == prev:
                runs[-1] = (runs[-1][0], j + 1)
            elif this is not None:
                runs.append((j, j + 1))
            prev = this
        #: (start, stop) of each run of ships alike (ships under Control are left out)
        self.runs = runs
        #: every ship in order as segments: the runs, and each ship under Control on its own
        self.segments = sorted(runs + [(int(j), int(j) + 1) for j in self.ccols])
        #: [side] the segments of the side's own ships (while no ship changes hands)
        self.side_segments = [
            [(a, b) for a, b in self.segments if self.origin[a] == s] for s in range(self.S)
        ]
        #: [side] indices into ``ccols`` of the side's ships, and those cheapest first
        self.side_ccols = [np.flatnonzero(self.origin[self.ccols] == s) for s in range(self.S)]
        rank = np.argsort(self.cheap_order)  # place of each ship in the price order
        self.side_ccheap = [np.argsort(rank[self.ccols[c]]) for c in self.side_ccols]
        #: RU of scrap each ship leaves as a hulk (half its cost, rounded down)
        self.hulk_ru = np.array([int(u.cost // 2) for u in units], np.int64)

    def _takeovers(self, sides: Any, st: Any, rules: Any, units: list[Unit]) -> None:
        S, U = self.S, self.U
        ctx: Any = SimpleNamespace(sides=sides, st=st, rules=rules)  # what the functions read
        self.need = np.array(
            [needed_successes(ctx, _as(units[0], controlled=c)) for c in (False, True)]
            if U
            else [0, 0],
            np.int64,
        )
        #: [taker, owner, ship] automatic extra successes
        self.bonus = np.zeros((S, S, U), np.int64)
        #: [taker, ship] the taker must recondition the ship before it can act
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


def _ranks(dice: np.ndarray) -> list[tuple[int, int]]:
    """(rank index, how many) for each rank a ship has dice of."""
    return [(r, int(k)) for r, k in enumerate(dice) if k]


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
