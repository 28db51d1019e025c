"""Battle Monte Carlo: many whole battles under automatic policies, seeded and reproducible.

Two engines give the same statistics:

* ``method="engine"`` plays each battle with :class:`~.battle.Battle` (every rule, any policy);
* ``method="fast"`` plays thousands of battles at once with numpy arrays. It covers the
  common case: two sides, :class:`~.policies.AutoPolicy` without Take-Overs or gathering,
  ships and entities fighting in the three attack phases with reloaders, imploders,
  multi-hit ships, Combat Reflexes, Control, repairs of the cheapest ship, the neutralized
  entity's self-repair, and the retreat rules. ``method="auto"`` uses it when it covers the
  battle, else the engine. A test checks that both agree.

The fast path places hits with the engine's own allocation rule
(:func:`~.allocation.plan_wave`, wave after wave until every hit has landed or nothing is left
to hit), builds its dice from the same pools (:func:`~kit.successors.fleets.ship_dice`), uses
the same damage table, and lets ships go from Control, cheapest first, when a hit lowers
Control below their number; only the bookkeeping is vectorised. What it still writes on its own
(phases, repairs, retreats) is compared with the engine on many generated setups by a test.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ... import validate
from ...errors import InvalidInput
from ...rng import SeedLike, make_rng
from ..entities import ABILITIES
from ..fleets import entity_phase, ship_dice, ship_phase
from ..ranks import split
from .allocation import plan_wave
from .damage import ENTITY_LOSS_PREFERENCE, allocation_order, cheapest_first
from .policies import AutoPolicy, Never, RetreatAfter, RetreatWhenLosses
from .rules import ATTACK_PHASES
from .state import initial_state

__all__ = ["OUTCOMES", "SimulationResult", "fast_supported", "simulate"]

#: Outcome codes of a side, in the order of the result arrays.
OUTCOMES = ("won", "lost", "draw", "retreated")


@dataclass
class SimulationResult:
    """Results of ``n`` simulated battles."""

    sides: list[str]
    """Side names."""
    outcome: np.ndarray
    """[n, sides] outcome codes (index into :data:`OUTCOMES`)."""
    ru_lost: np.ndarray
    """[n, sides] RU each side lost."""
    rounds: np.ndarray
    """[n] rounds fought."""
    seed: int
    """Seed the run used (same seed, same numbers)."""
    method: str
    """``"fast"`` or ``"engine"``."""
    first_hits: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), int))
    """[n, sides] hits each side scored in the first attack phase of round 1 it fired in."""

    @property
    def n(self) -> int:
        """Battles simulated."""
        return int(self.rounds.shape[0])

    def __repr__(self) -> str:
        """A short summary: sides, n, each side's shares of won/draw/retreated/lost, mean rounds
        and method (the arrays stay in :attr:`outcome`, :attr:`ru_lost` and :attr:`rounds`).

        >>> r = SimulationResult(["A", "B"], np.array([[0, 1], [2, 2]]), np.zeros((2, 2)),
        ...                      np.array([3, 5]), 7, "fast")
        >>> r
        SimulationResult(n=2, method='fast', seed=7, mean rounds 4.00; A: won 50.0% draw 50.0% retreated 0.0% lost 0.0%; B: won 0.0% draw 50.0% retreated 0.0% lost 50.0%)
        """
        head = f"n={self.n}, method={self.method!r}, seed={self.seed}"
        if self.n:
            head += f", mean rounds {float(self.rounds.mean()):.2f}"
        parts = [head]
        for i, name in enumerate(self.sides):
            shares = " ".join(
                f"{o} {self.probability(i, o):.1%}" if self.n else f"{o} -"
                for o in ("won", "draw", "retreated", "lost")
            )
            parts.append(f"{name}: {shares}")
        return "SimulationResult(" + "; ".join(parts) + ")"

    def probability(self, side: int, outcome: str) -> float:
        """Share of battles with ``outcome`` (won/lost/draw/retreated) for ``side``."""
        return float(np.mean(self.outcome[:, side] == OUTCOMES.index(outcome)))

    def standard_error(self, side: int, outcome: str) -> float:
        """Standard error of :meth:`probability`."""
        p = self.probability(side, outcome)
        return float(np.sqrt(max(p * (1 - p), 1e-12) / self.n))

    def odds(self) -> list[dict[str, Any]]:
        """Per side: outcome probabilities, mean and quantiles of RU lost."""
        rows = []
        for i, name in enumerate(self.sides):
            lost = self.ru_lost[:, i]
            rows.append(
                {
                    "side": name,
                    **{o: self.probability(i, o) for o in OUTCOMES},
                    "ru_lost_mean": float(lost.mean()),
                    "ru_lost_p10": float(np.percentile(lost, 10)),
                    "ru_lost_p50": float(np.percentile(lost, 50)),
                    "ru_lost_p90": float(np.percentile(lost, 90)),
                }
            )
        return rows

    def loss_distribution(self, side: int) -> dict[float, float]:
        """RU lost by ``side`` -> share of battles."""
        vals, counts = np.unique(self.ru_lost[:, side], return_counts=True)
        return {float(v): float(c) / self.n for v, c in zip(vals, counts)}

    def rounds_distribution(self) -> dict[int, float]:
        """Rounds fought -> share of battles."""
        vals, counts = np.unique(self.rounds, return_counts=True)
        return {int(v): float(c) / self.n for v, c in zip(vals, counts)}

    def summary(self) -> str:
        """A few lines of text."""
        lines = [
            (
                f"{self.n} battles ({self.method}, seed {self.seed}), "
                f"mean rounds {self.rounds.mean():.2f}"
            )
        ]
        lines += [
            f"{r['side']}: won {r['won']:.1%}, lost {r['lost']:.1%}, draw "
            f"{r['draw']:.1%}, retreated {r['retreated']:.1%}; RU lost mean "
            f"{r['ru_lost_mean']:.1f} (10%-90%: {r['ru_lost_p10']:g}-{r['ru_lost_p90']:g})"
            for r in self.odds()
        ]
        return "\n".join(lines)


# --------------------------------------------------------------------------- support check
def fast_supported(battle: Any, policy: Any) -> str | None:
    """None when the fast path covers this battle and policy, else the reason it does not."""
    if type(policy) is not AutoPolicy:
        return "only AutoPolicy is vectorised"
    if policy.gather:
        return "gathering is not vectorised"
    if len(battle.sides) != 2:
        return "only two sides are vectorised"
    if len(battle.log):
        return "the battle has already started"
    if battle.jammer:
        return "Jammer Fields are not vectorised"
    for i, s in enumerate(battle.sides):
        if (
            s.static_defenses
            or s.busters
            or s.rammers
            or s.stellar_cannon is not None
            or s.matrix
            or s.targeter
            or s.adjacent
            or s.feral
            or s.carried
            or s.cubes
        ):
            return f"{s.name!r} has extras (defenses, busters, rammers, racks...) not vectorised"
        e = s.entity
        if e is not None and (
            e.fragile
            or e.has("self_repair")
            or e.kind == "facet"
            or e.has("no_battle")
            or e.has("no_handling")
        ):
            return f"{e.name}'s traits are not vectorised"
        if e is not None and s.controlled and (e.base("battle") < 1 or e.base("handling") < 1):
            return "controllers without Battle or Handling are not vectorised"
        rule = policy._rule(i)
        if not isinstance(rule, (Never, RetreatAfter, RetreatWhenLosses)):
            return "custom retreat rules are not vectorised"
        if not isinstance(rule, Never) and any(sh.design.immobile for sh in s.ships):
            return "retreating sides with immobile ships are not vectorised"
    if policy.takeover:
        for s in battle.sides:
            can_sense = (s.entity is not None and s.entity.base("sensors") > 0) or any(
                sh.design.sensors for sh in s.ships
            )
            if s.sensors >= battle.rules.takeover_lock or can_sense:
                return "Take-Overs are possible (use AutoPolicy(takeover=False) for the fast path)"
    return None


# --------------------------------------------------------------------------- fast path
class _SideArrays:
    """Static tables of one side for the fast path."""

    def __init__(self, battle: Any, i: int) -> None:
        side = battle.sides[i]
        st = initial_state(battle.sides)
        units = allocation_order(st.side_units(i))
        self.keys = [u.key for u in units]
        self.cost = np.array([u.cost for u in units], float)
        self.k = np.array([u.design.hits_per_damage for u in units], int)
        self.reloader = np.array([u.design.after_attack == "neutralized" for u in units])
        self.imploder = np.array([u.design.after_attack == "destroyed" for u in units])
        self.mobile = np.array([not u.design.immobile for u in units])
        self.controlled = np.array([u.controlled for u in units], bool)
        # cheapest first: the order of repairs, of hits on neutralized ships, of releases
        rep = sorted(range(len(units)), key=lambda j: cheapest_first(units[j]))
        self.repair_order = np.array(rep, int)
        ent = side.entity
        self.entity = ent
        self.base = np.array([ent.base(a) if ent else 0 for a in ABILITIES], int)
        self.dmg0 = np.array(ent.damage if ent else (0,) * 5, int)
        fr = battle.rules.fleet_rules
        self.per_rank = fr.control_limit_per_rank
        U = len(units)
        # per ability: dice and phase of each ship under Control of an entity at rank r
        # (row r; row 0: no working controller) and of each ship on its own
        self.tables: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}
        # "<ability> chance": the same tables as each die's chance to succeed
        for ability in ("battle", "handling"):
            R = int(self.base[ABILITIES.index(ability)]) if ent else 0
            own = [ship_dice(u.design.abilities()[ability], None, rules=fr) for u in units]
            rows = [
                [
                    ship_dice(u.design.abilities()[ability], r if r > 0 else None, rules=fr)
                    for u in units
                ]
                for r in range(R + 1)
            ]
            slots = max([1] + [len(d) for d in own] + [len(d) for row in rows for d in row])
            parts = np.zeros((R + 1, U, slots), int)
            phase = np.zeros((R + 1, U), int)  # 0 first, 1 main, 2 last, -1 none
            parts_own = np.zeros((U, slots), int)
            phase_own = np.zeros(U, int)
            for j, u in enumerate(units):
                parts_own[j, : len(own[j])] = own[j]
                ph = ship_phase(u.design, None, False)
                phase_own[j] = ATTACK_PHASES.index(ph) if ph else -1
                for r in range(R + 1):
                    d = rows[r][j]
                    parts[r, j, : len(d)] = d
                    ph = ship_phase(u.design, ent if r > 0 else None, r > 0)
                    phase[r, j] = ATTACK_PHASES.index(ph) if ph else -1
            self.tables[ability] = (parts, phase, parts_own, phase_own)
            # the chance of each die (a part above 5 still fails on a 6; no die: 0)
            self.tables[ability + " chance"] = (_p(parts), phase, _p(parts_own), phase_own)
        self.entity_phase = ATTACK_PHASES.index(entity_phase(ent)) if ent else -1
        self.ent_dice_max = max(1, len(split(int(self.base.sum()) + 1)))

    def dice(
        self, ability: str, rank: np.ndarray, ctl: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """[B, U, slots] dice and [B, U] attack phases with controller ranks ``rank`` [B] and
        the ships under Control ``ctl`` [B, U]."""
        parts, phase, parts_own, phase_own = self.tables[ability]
        if not ctl.any():
            B = ctl.shape[0]
            return (
                np.broadcast_to(parts_own, (B, *parts_own.shape)),
                np.broadcast_to(phase_own, (B, phase_own.shape[0])),
            )
        dice = np.where(ctl[:, :, None], parts[rank], parts_own[None, :, :])
        return dice, np.where(ctl, phase[rank], phase_own[None, :])


def _p(parts: np.ndarray) -> np.ndarray:
    return np.minimum(parts, 5) / 6.0


def _split_dice(ranks: np.ndarray, width: int) -> np.ndarray:
    """[B] ranks -> [B, width] dice parts (5s then the remainder)."""
    idx = np.arange(width)[None, :]
    r = ranks[:, None]
    full = r // 5
    rest = r % 5
    return np.where(idx < full, 5, np.where(idx == full, rest, 0))


def _fast(
    battle: Any, policy: AutoPolicy, n: int, rng: np.random.Generator, max_rounds: int
) -> dict[str, np.ndarray]:
    S = [_SideArrays(battle, i) for i in range(2)]
    B = n
    alive = [np.ones((B, len(s.keys)), bool) for s in S]
    damaged = [np.zeros((B, len(s.keys)), bool) for s in S]
    counter = [np.zeros((B, len(s.keys)), int) for s in S]
    fired = [np.zeros((B, len(s.keys)), bool) for s in S]
    retreated_u = [np.zeros((B, len(s.keys)), bool) for s in S]
    ctl = [np.tile(s.controlled, (B, 1)) for s in S]
    edmg = [np.tile(s.dmg0, (B, 1)) for s in S]
    ealive = [np.full(B, s.entity is not None) for s in S]
    eretreat = [np.zeros(B, bool) for s in S]
    sretreat = [np.zeros(B, bool) for s in S]
    live = np.ones(B, bool)
    winner = np.full(B, -1)
    rounds = np.zeros(B, int)
    first_hits = np.full((B, 2), -1)
    dmg_face = np.array(
        [0]
        + [
            ["neutralized", "hulked", "vaporized"].index(battle.rules.damage(f))
            for f in range(1, 7)
        ]
    )
    ab_b, ab_h, ab_c = (ABILITIES.index(a) for a in ("battle", "handling", "control"))
    pref = np.array(
        [len(ENTITY_LOSS_PREFERENCE) - ENTITY_LOSS_PREFERENCE.index(a) for a in ABILITIES]
    )
    has_ab = [s.base >= 1 for s in S]

    def ent_neut(i: int) -> np.ndarray:
        cur = S[i].base[None, :] - edmg[i]
        return np.any(has_ab[i][None, :] & (cur < 1), axis=1)

    def ent_active(i: int) -> np.ndarray:
        return ealive[i] & ~eretreat[i] & ~ent_neut(i)

    def oper(i: int) -> np.ndarray:
        return alive[i] & ~damaged[i] & ~retreated_u[i]

    def in_fight(i: int) -> np.ndarray:
        return (ent_active(i) | oper(i).any(axis=1)) & ~sretreat[i]

    def ctl_index(i: int, ab: int) -> np.ndarray:
        cur = np.maximum(S[i].base[ab] - edmg[i][:, ab], 0)
        return np.where(ent_active(i), cur, 0)

    def end_check() -> None:
        a0, a1 = in_fight(0), in_fight(1)
        done = live & ~(a0 & a1)
        winner[done & a0 & ~a1] = 0
        winner[done & a1 & ~a0] = 1
        live[done] = False

    def hit_entity(i: int, mask: np.ndarray) -> None:
        """One hit on the entity's highest ability (ties by preference) where ``mask``."""
        cur = S[i].base[None, :] - edmg[i]
        score = np.where(has_ab[i][None, :], cur * 10 + pref[None, :], -(10**6))
        a = np.argmax(score, axis=1)
        rows = np.nonzero(mask)[0]
        edmg[i][rows, a[rows]] += 1

    def repair_entity(i: int, mask: np.ndarray) -> None:
        cur = S[i].base[None, :] - edmg[i]
        low = has_ab[i][None, :] & (cur < 1)
        first_low = np.argmax(low, axis=1)
        most = np.argmax(edmg[i] * 8 - np.arange(5)[None, :], axis=1)
        a = np.where(low.any(axis=1), first_low, most)
        rows = np.nonzero(mask & (edmg[i].sum(axis=1) > 0))[0]
        edmg[i][rows, a[rows]] -= 1

    def release(d: int) -> None:
        """Control below the ships under it: the cheapest go (ruling 4's default)."""
        s = S[d]
        there = ealive[d] & ~eretreat[d]
        held = ctl[d] & alive[d] & ~retreated_u[d]
        limit = np.maximum(s.base[ab_c] - edmg[d][:, ab_c], 0) * s.per_rank
        excess = np.where(there, held.sum(axis=1) - limit, 0)
        if not (excess > 0).any():
            return
        order = s.repair_order
        hs = held[:, order]
        gone = hs & (np.cumsum(hs, axis=1) <= excess[:, None])
        rel = np.zeros_like(gone)
        rel[:, order] = gone
        ctl[d] &= ~rel

    def land(d: int, h: np.ndarray) -> None:
        """Ruling 4 for every battle at once: waves of :func:`plan_wave`, as the engine."""
        s = S[d]
        left = h.copy()
        while (left > 0).any():
            op = oper(d)
            cap = np.where(op, s.k[None, :] - counter[d], 0)
            cur = s.base[None, :] - edmg[d]
            there = ealive[d] & ~eretreat[d]
            room = np.where(
                there & ~ent_neut(d),
                np.where(has_ab[d][None, :], np.maximum(cur - 1, 0), 0).sum(axis=1),
                0,
            )
            neut = alive[d] & damaged[d] & ~retreated_u[d]
            wave = plan_wave(left, cap, room, neut, s.repair_order, there)
            landed = wave.landed
            if not (landed > 0).any():
                break
            counter[d] += wave.take
            trig = op & (wave.take > 0) & (counter[d] >= s.k[None, :])
            counter[d][trig] = 0
            if trig.any():
                res = dmg_face[rng.integers(1, 7, size=trig.shape)]
                damaged[d] |= trig & (res == 0)
                alive[d] &= ~(trig & (res > 0))
            for step in range(int(wave.entity.max())):
                hit_entity(d, wave.entity > step)
            alive[d] &= ~wave.kill
            if wave.last.any():
                neutral = ent_neut(d)
                ealive[d] &= ~(wave.last & neutral)
                hit_entity(d, wave.last & ~neutral)
            release(d)
            left = np.where(landed > 0, left - landed, 0)

    out_outcome = np.full((n, 2), OUTCOMES.index("draw"))
    out_ru = np.zeros((n, 2))
    out_rounds = np.zeros(n, int)
    out_first = np.full((n, 2), -1)

    def finish(rows: np.ndarray) -> None:
        g = gidx[rows]
        outcome = np.full((len(g), 2), OUTCOMES.index("draw"))
        ru = np.zeros((len(g), 2))
        w = winner[rows]
        for i in range(2):
            outcome[w == i, i] = OUTCOMES.index("won")
            outcome[w == 1 - i, i] = OUTCOMES.index("lost")
            outcome[sretreat[i][rows], i] = OUTCOMES.index("retreated")
            gone = ~alive[i][rows]
            neut = alive[i][rows] & damaged[i][rows] & ~retreated_u[i][rows]
            leftb = np.isin(outcome[:, i], [OUTCOMES.index("lost"), OUTCOMES.index("retreated")])
            cost = S[i].cost[None, :]
            ru[:, i] = (gone * cost).sum(axis=1)
            if battle.rules.left_behind_counts_as_lost:
                ru[:, i] += (neut * cost).sum(axis=1) * leftb
        out_outcome[g], out_ru[g] = outcome, ru
        out_rounds[g], out_first[g] = rounds[rows], first_hits[rows]

    gidx = np.arange(n)
    per_side = (alive, damaged, counter, fired, retreated_u, ctl, edmg, ealive, eretreat, sretreat)
    for rnd in range(1, max_rounds + 1):
        if not live.any():
            break
        if live.mean() < 0.75:
            done_rows = np.nonzero(~live)[0]
            finish(done_rows)
            keep = np.nonzero(live)[0]
            for arrs in per_side:
                for i in range(2):
                    arrs[i] = arrs[i][keep]
            gidx, live, winner = gidx[keep], live[keep], winner[keep]
            rounds, first_hits = rounds[keep], first_hits[keep]
        B = live.shape[0]
        rounds[live] = rnd
        for i in range(2):
            fired[i][:] = False
        # ---- phase 4: self-repair of a neutralized entity, then Handling operations
        for i in range(2):
            s = S[i]
            if s.entity is None:
                continue
            need = live & in_fight(i) | live & ealive[i] & ~eretreat[i]
            neut = need & ealive[i] & ~eretreat[i] & ent_neut(i)
            ok = rng.random(B) < min(battle.rules.entity_self_repair_rank, 5) / 6
            repair_entity(i, neut & ok)
        for i in range(2):
            s = S[i]
            act = live & in_fight(i)
            if not act.any() or (not len(s.keys) and s.entity is None):
                continue
            udice, _ = s.dice("handling", ctl_index(i, ab_h), ctl[i])
            udice = udice * oper(i)[:, :, None]
            ent_r = np.where(ent_active(i), np.maximum(s.base[ab_h] - edmg[i][:, ab_h], 0), 0)
            edice = _split_dice(ent_r, s.ent_dice_max)
            dice = np.concatenate([edice, udice.reshape(B, -1)], axis=1)
            dice = -np.sort(-dice, axis=1)
            ndice = (dice > 0).sum(axis=1)
            if dice.shape[1] == 0:
                continue
            succ = (rng.random(dice.shape) < _p(dice)) & (dice > 0)
            edam = ealive[i] & ~eretreat[i] & (edmg[i].sum(axis=1) > 0)
            eneut = edam & ent_neut(i)
            offset = eneut.astype(int)
            neut_units = alive[i] & damaged[i] & ~retreated_u[i]
            order = s.repair_order
            nu_sorted = neut_units[:, order]
            pos_sorted = np.cumsum(nu_sorted, axis=1) - 1 + offset[:, None]
            njobs_units = nu_sorted.sum(axis=1)
            width = dice.shape[1]

            def die_ok(
                pos: np.ndarray,
                ndice: np.ndarray = ndice,
                width: int = width,
                succ: np.ndarray = succ,
            ) -> np.ndarray:
                """Whether the die at job position ``pos`` exists and succeeded."""
                inside = (pos >= 0) & (pos < ndice[:, None] if pos.ndim == 2 else pos < ndice)
                p = np.clip(pos, 0, width - 1)
                got = np.take_along_axis(succ, p if pos.ndim == 2 else p[:, None], axis=1)
                got = got if pos.ndim == 2 else got[:, 0]
                return inside & got

            ok_sorted = die_ok(pos_sorted) & nu_sorted & act[:, None]
            fixed = np.zeros_like(ok_sorted)
            fixed[:, order] = ok_sorted
            ent_first = act & eneut & die_ok(np.zeros(B, int))
            ent_last_pos = njobs_units + offset
            ent_last = act & edam & ~eneut & die_ok(ent_last_pos)
            repair_entity(i, ent_first | ent_last)
            damaged[i] &= ~fixed
            counter[i][fixed] = 0
        # ---- phases 5-7
        for ph in range(3):
            if not live.any():
                break
            hits = []
            firing = []
            for i in range(2):
                s = S[i]
                act = live & in_fight(i) & in_fight(1 - i)
                chance, phase = s.dice("battle chance", ctl_index(i, ab_b), ctl[i])
                mask = oper(i) & (phase == ph) & ~fired[i] & act[:, None]
                if policy.hold_reloaders:
                    mask &= ~(S[i].reloader[None, :] & ~ctl[i])
                chance = chance * mask[:, :, None]
                h = (rng.random(chance.shape) < chance).sum(axis=(1, 2))
                if s.entity_phase == ph and s.entity is not None:
                    er = np.where(
                        ent_active(i) & act, np.maximum(s.base[ab_b] - edmg[i][:, ab_b], 0), 0
                    )
                    ed = _split_dice(er, s.ent_dice_max)
                    h = h + ((rng.random(ed.shape) < _p(ed)) & (ed > 0)).sum(axis=1)
                fires = mask.any(axis=1) | ((s.entity_phase == ph) & ent_active(i) & act)
                if rnd == 1:
                    first_hits[:, i] = np.where((first_hits[:, i] < 0) & fires, h, first_hits[:, i])
                hits.append(h)
                firing.append(mask)
            for i in range(2):
                land(1 - i, hits[i])
            for i in range(2):
                m = firing[i]
                fired[i] |= m
                damaged[i] |= m & S[i].reloader[None, :] & alive[i]
                alive[i] &= ~(m & S[i].imploder[None, :])
            end_check()
        # ---- phase 8: retreats
        for i in range(2):
            rule = policy._rule(i)
            if isinstance(rule, Never):
                continue
            act = live & in_fight(i) & in_fight(1 - i)
            if isinstance(rule, RetreatAfter):
                go = act & (rnd >= rule.rounds)
            else:
                total = S[i].cost.sum()
                ok = (oper(i) * S[i].cost[None, :]).sum(axis=1)
                share = 1 - ok / total if total else np.zeros(B)
                go = act & (share > rule.share)
            leave = go[:, None] & oper(i) & S[i].mobile[None, :]
            retreated_u[i] |= leave
            eretreat[i] |= go & ent_active(i)
            sretreat[i] |= go
        end_check()
    finish(np.arange(live.shape[0]))
    return {
        "outcome": out_outcome,
        "ru_lost": out_ru,
        "rounds": out_rounds,
        "first_hits": out_first,
    }


# --------------------------------------------------------------------------- entry point
def simulate(
    battle: Any,
    n: int = 1000,
    *,
    policy: Any = None,
    seed: SeedLike = None,
    method: str = "auto",
    progress: bool | None = None,
    max_rounds: int | None = None,
    chunk: int = 20000,
) -> SimulationResult:
    """Simulate ``n`` battles from ``battle``'s setup (the battle itself is not changed).

    Args:
        battle: a :class:`~.battle.Battle` (its sides, rules and jammer are used).
        n: number of battles.
        policy: automatic policy (default :class:`AutoPolicy`).
        seed: seeds the whole run (recorded in the result).
        method: ``"fast"``, ``"engine"`` or ``"auto"`` (fast when it covers the battle).
        progress: show a tqdm bar (default: for runs of 20,000 battles or more).
        max_rounds: rounds before a draw (default the rules').
        chunk: battles per vectorised batch.
    """
    from .battle import Battle

    n = validate.integer("n", n, 1, 10_000_000)
    validate.choice("method", method, ("auto", "fast", "engine"))
    policy = policy if policy is not None else AutoPolicy()
    rng, recorded = make_rng(seed)
    limit = max_rounds if max_rounds is not None else battle.rules.max_rounds
    why = fast_supported(battle, policy)
    if method == "fast" and why:
        raise InvalidInput(f"method='fast' cannot run this battle: {why}")
    use = "fast" if method == "fast" or (method == "auto" and why is None) else "engine"
    show = progress if progress is not None else n >= 20000
    bar = None
    if show:
        from tqdm.auto import tqdm

        if sys.platform == "emscripten":
            tqdm.monitor_interval = 0  # Pyodide starts no threads: no monitor thread for the bar
        bar = tqdm(total=n, desc=f"battles ({use})", leave=False)
    names = [s.name for s in battle.sides]
    if use == "fast":
        parts = []
        done = 0
        while done < n:
            m = min(chunk, n - done)
            parts.append(_fast(battle, policy, m, rng, limit))
            done += m
            if bar is not None:
                bar.update(m)
        cat = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    else:
        S = len(battle.sides)
        cat = {
            "outcome": np.zeros((n, S), int),
            "ru_lost": np.zeros((n, S)),
            "rounds": np.zeros(n, int),
            "first_hits": np.full((n, S), -1),
        }
        seeds = rng.integers(0, 2**62, size=n)
        for j in range(n):
            b = Battle(battle.sides, rules=battle.rules, seed=int(seeds[j]), jammer=battle.jammer)
            b.run(limit, policy)
            res = b.result
            assert res is not None
            for i, srow in enumerate(res["sides"]):
                cat["outcome"][j, i] = OUTCOMES.index(srow["outcome"])
                cat["ru_lost"][j, i] = srow["ru_lost"]
            cat["rounds"][j] = res["rounds"]
            for e in b.log:
                if (
                    e.kind == "attack"
                    and not e.get("aimed")
                    and cat["first_hits"][j, e["side"]] < 0
                ):
                    cat["first_hits"][j, e["side"]] = e["hits"]
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    return SimulationResult(
        names, cat["outcome"], cat["ru_lost"], cat["rounds"], recorded, use, cat["first_hits"]
    )
