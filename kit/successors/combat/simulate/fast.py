"""The vectorised battle loop: thousands of battles at once on numpy arrays."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...entities import ABILITIES
from ..allocation import plan_wave
from ..damage import ENTITY_LOSS_PREFERENCE
from ..policies import AutoPolicy, Never, RetreatAfter
from .result import OUTCOMES
from .tables import SideTables, _p, _split_dice

__all__ = ["run_fast"]


def run_fast(
    battle: Any, policy: AutoPolicy, n: int, rng: np.random.Generator, max_rounds: int
) -> dict[str, np.ndarray]:
    S = [SideTables(battle, i) for i in range(2)]
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
