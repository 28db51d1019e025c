"""Successors combat speed: the kit's battle simulation against an independent numpy reference.

    python benchmarks/bench_combat.py [--engine]

The reference (:func:`reference`, written here from the rule text and the rulings, not from the
kit's code) plays the same battles the simple way an expert would: one column per ship, dice
counted per rank and rolled as one binomial draw per rank, the allocation of ruling 4 (cheapest
operational ship first, the entity's spare ranks, neutralized ships, the entity last), the damage
table, Drones neutralized after their attack, Handling repairs one job per die, Control and its
releases, Combat Reflexes, and the Sensors lock and Take-Overs of the default policy. It covers
the rules of these battles only (no decoys, multi-hit ships, retreats or extras).

Rows, each in one process, CPU time, median of three runs of the same seeded battles, and the
answers compared (win rate of the first side within 4 standard errors of the difference):

* the default policy ``AutoPolicy()`` on the text's first example (Releata, two Battleships
  and eight Drones, three ships under Control, against the 25-ship Takeru garrison);
* the same with Take-Overs off (``AutoPolicy(takeover=False)``);
* 10, 100 and 1,000 ships a side: two fleets without entities, each the garrison's mix.

Goals (issue #13): default policy >= 0.5 of the reference, take-overs off >= 1, 1,000 ships a
side >= 0.5. ``--engine`` also times the event-log engine on the default policy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from kit.successors.combat import AutoPolicy, Battle, Side, simulate
from kit.successors.examples import example_one

# ---------------------------------------------------------------------------------------------
# The reference. Ship types from the text's tables: (name, Battle, Handling, cost, reloader).
TYPES = {
    "SERVO": (0, 1, 3.0, False),
    "DRONE": (1, 0, 1.0, True),
    "GUNBOAT": (1, 0, 2.0, False),
    "FRIGATE": (2, 0, 4.0, False),
    "CRUISER": (4, 0, 8.0, False),
    "BATTLESHIP": (6, 0, 12.0, False),
}
GARRISON = [("SERVO", 2), ("DRONE", 8), ("GUNBOAT", 5), ("FRIGATE", 5), ("CRUISER", 5)]
#: Damage table: faces 1-3 neutralize, 4-5 hulk, 6 vaporizes.
P_NEUTRALIZED = 3 / 6
#: Entity abilities in the order hits take them on ties (Battle kept longest): info, sensors,
#: handling, control, battle.
LOSS_ORDER = ("information", "sensors", "handling", "control", "battle")


def split(rank: int) -> list[int]:
    """5s then the rest."""
    return [5] * (rank // 5) + ([rank % 5] if rank % 5 else [])


def under_control(own: int, ctrl: int) -> list[int]:
    """Ruling 2: a ship under Control rolls the controller's whole split per own die (controller
    above 5), else each own die at least the controller's rank."""
    own_d, c = split(own), split(ctrl)
    if not own_d:
        return []
    if len(c) > 1:
        return c * len(own_d)
    return [max(p, c[0] if c else 0) for p in own_d]


def per_rank(dice: list[int]) -> np.ndarray:
    out = np.zeros(5, np.int64)
    for d in dice:
        out[min(d, 5) - 1] += 1
    return out


P_RANK = np.array([min(r, 5) / 6 for r in range(1, 6)])


def roll(rng: np.random.Generator, counts: np.ndarray) -> np.ndarray:
    """[..., 5] dice per rank -> successes: one binomial draw per rank."""
    return sum(rng.binomial(counts[..., r], P_RANK[r]) for r in range(5))


def reference(
    fleets: list[list[tuple[str, int]]],
    entity: dict[str, Any] | None,
    controlled: int,
    n: int,
    seed: int,
    *,
    takeover: bool,
    rounds: int = 30,
) -> np.ndarray:
    """[n] 0 when side 0 wins, 1 when side 1 wins, -1 for a draw. Side 0 may have an entity
    (ranks by ability, ``reflexes``: Combat Reflexes) holding its first ``controlled`` ships."""
    rng = np.random.default_rng(seed)
    names = [[t for t, k in f for _ in range(k)] for f in fleets]
    side = np.array([i for i, f in enumerate(names) for _ in f])
    kind = [t for f in names for t in f]
    U = len(kind)
    bat = np.array([TYPES[t][0] for t in kind])
    han = np.array([TYPES[t][1] for t in kind])
    cost = np.array([TYPES[t][2] for t in kind])
    rel = np.array([TYPES[t][3] for t in kind])
    key = [f"{s}:{j + 1}" for s in range(2) for j in range(len(names[s]))]
    cheap = np.array(sorted(range(U), key=lambda j: (cost[j], side[j], j)))
    # Take-Over targets: most progress, then the priciest, then key order (as text)
    key_rank = np.argsort(np.argsort(np.array(key, dtype=object)))
    Z = SimpleNamespace(B=n)  # the state; finished battles are dropped as they pile up
    out = np.full(n, -1)
    idx = np.arange(n)
    Z.own = np.tile(side, (Z.B, 1))
    Z.ok = np.ones((Z.B, U), bool)  # in the orbit, not destroyed or hulked
    Z.dmg = np.zeros((Z.B, U), bool)  # neutralized by damage
    Z.prog = np.zeros((Z.B, U), np.int64)  # Take-Over successes of side 0
    Z.recon = np.zeros((Z.B, U), bool)
    Z.ctl = np.zeros((Z.B, U), bool)
    Z.ctl[:, :controlled] = True
    ab = list(LOSS_ORDER)
    base = np.array([entity[a] if entity else 0 for a in ab])
    has = base >= 1
    Z.cur = np.tile(base, (Z.B, 1))
    Z.ent_in = np.full(Z.B, entity is not None)
    Z.sens = np.zeros(Z.B, np.int64)
    Z.live = np.ones(Z.B, bool)
    Z.win = np.full(Z.B, -1)
    reflex = bool(entity and entity.get("reflexes"))
    # controlled dice by controller Battle rank r (row r), per ship
    ctl_dice = np.zeros((int(base[4]) + 1, U, 5), np.int64)
    for r in range(int(base[4]) + 1):
        for j in range(U):
            ctl_dice[r, j] = per_rank(under_control(int(bat[j]), r))
    ctl_dice = ctl_dice.astype(float)
    own_dice = np.array([per_rank(split(int(b))) for b in bat], float)
    has_dice = own_dice.sum(axis=1) > 0
    B_, C_ = ab.index("battle"), ab.index("control")

    def ent_act() -> np.ndarray:
        return Z.ent_in & ~(has[None, :] & (Z.cur < 1)).any(axis=1)

    def oper() -> np.ndarray:
        return Z.ok & ~Z.dmg & (Z.prog == 0) & ~Z.recon

    def fighting() -> np.ndarray:
        op = oper()
        f0 = ent_act() | (op & (Z.own == 0)).any(axis=1)
        f1 = (op & (Z.own == 1)).any(axis=1)
        return np.stack([f0, f1], axis=1)

    # a repair fixes an ability below 1 first, else the one hit most (ties: Battle, Control,
    # Handling, Information, Sensors)
    fix_rank = np.array(
        [ab.index(a) for a in ("battle", "control", "handling", "information", "sensors")]
    )

    def repair_choice() -> np.ndarray:
        low = (has[None, :] & (Z.cur < 1))[:, fix_rank]
        hit = (base[None, :] - Z.cur)[:, fix_rank]
        pick = np.where(
            low.any(axis=1), np.argmax(low, axis=1), np.argmax(hit * 8 - np.arange(5), axis=1)
        )
        return fix_rank[pick]

    def end() -> None:
        f = fighting()
        over = Z.live & (f.sum(axis=1) <= 1)
        Z.win[over & f[:, 0] & ~f[:, 1]] = 0
        Z.win[over & f[:, 1] & ~f[:, 0]] = 1
        Z.live[over] = False

    def hit_entity(mask: np.ndarray) -> None:
        # highest current rank; ties go to the earliest of LOSS_ORDER
        score = np.where(has[None, :], Z.cur * 8 + (4 - np.arange(5))[None, :], -99)
        a = np.argmax(score, axis=1)
        r = np.nonzero(mask)[0]
        Z.cur[r, a[r]] -= 1
        # Control below the ships under it: the cheapest let go
        held = Z.ctl & Z.ok
        excess = np.where(Z.ent_in, held.sum(axis=1) - np.maximum(Z.cur[:, C_], 0), 0)
        hs = held[:, cheap]
        go = hs & (np.cumsum(hs, axis=1) <= excess[:, None])
        Z.ctl[:, cheap] &= ~go

    def land(d: int, hits: np.ndarray) -> None:
        left = hits.copy()
        while (left > 0).any():
            mine = Z.own == d
            op = oper() & mine
            neut = Z.ok & mine & ~op & ~Z.recon
            o = op[:, cheap]
            take_s = o & (np.cumsum(o, axis=1) <= left[:, None])
            take = np.zeros_like(take_s)
            take[:, cheap] = take_s
            left = left - take_s.sum(axis=1)
            if d == 0 and entity is not None:
                room = np.where(ent_act(), np.where(has[None, :], Z.cur - 1, 0).sum(axis=1), 0)
                e = np.minimum(left, room)
                for k in range(int(e.max(initial=0))):
                    hit_entity(e > k)
                left = left - e
            else:
                e = np.zeros(Z.B, np.int64)
            ns = neut[:, cheap]
            kill_s = ns & (np.cumsum(ns, axis=1) <= left[:, None])
            kill = np.zeros_like(kill_s)
            kill[:, cheap] = kill_s
            left = left - kill_s.sum(axis=1)
            placed = take.sum(axis=1) + e + kill.sum(axis=1)
            last = (placed == 0) & (left > 0) & (Z.ent_in if d == 0 else False)
            neu = rng.random((Z.B, U)) < P_NEUTRALIZED
            Z.dmg[take & neu] = True
            Z.ok[take & ~neu] = False
            Z.ok[kill] = False
            Z.ctl[~Z.ok] = False
            if np.any(last):
                gone = last & ~ent_act()
                Z.ent_in[gone] = False
                hit_entity(last & ~gone)
                left = np.where(last, left - 1, left)
            left = np.where(placed + last > 0, left, 0)

    for _ in range(rounds):
        if not Z.live.any():
            break
        if Z.live.mean() < 0.7:
            out[idx[~Z.live]] = Z.win[~Z.live]
            keep = np.nonzero(Z.live)[0]
            for k in (
                "own",
                "ok",
                "dmg",
                "prog",
                "recon",
                "ctl",
                "cur",
                "ent_in",
                "sens",
                "live",
                "win",
            ):
                setattr(Z, k, getattr(Z, k)[keep])
            idx, Z.B = idx[keep], len(keep)
        fired = np.zeros((Z.B, U), bool)
        act = ent_act()
        if takeover and entity is not None:
            # Sensors: the entity's die until the lock (3 successes)
            need = Z.live & act & (Z.sens < 3)
            Z.sens += np.where(need, roll(rng, np.tile(per_rank(split(int(base[1]))), (Z.B, 1))), 0)
            f = fighting()
            lock = Z.live & act & (Z.sens >= 3) & f[:, 0] & f[:, 1]
            tgt_ok = Z.ok & (Z.own == 1) & lock[:, None]
            if tgt_ok.any():
                # the entity's Control dice on the ship closest to falling, then the priciest
                pri = np.where(tgt_ok, Z.prog * 10**6 + cost * 1000 - key_rank, -np.inf)
                t = np.argmax(pri, axis=1)
                c = np.maximum(Z.cur[:, C_], 0)
                cd = np.zeros((Z.B, 5), np.int64)
                cd[:, 4] = c // 5
                rem = c % 5
                cd[np.arange(Z.B), np.maximum(rem - 1, 0)] += rem > 0
                s = np.where(tgt_ok.any(axis=1), roll(rng, cd), 0)
                r = np.nonzero(s > 0)[0]
                Z.prog[r, t[r]] += s[r]
                taken = np.zeros((Z.B, U), bool)
                taken[r, t[r]] = Z.prog[r, t[r]] >= 2  # a ship not under Control: 2 successes
                Z.own[taken] = 0
                Z.prog[taken] = 0
                Z.recon[taken] = True  # built by another nation
            end()
        # repair phase: the neutralized entity's Z.own rank-1 roll, then one job per Handling die
        if entity is not None:
            neut_e = Z.live & Z.ent_in & ~ent_act()
            fix = neut_e & (rng.random(Z.B) < 1 / 6)
            r = np.nonzero(fix)[0]
            Z.cur[r, repair_choice()[r]] += 1
        for d in (0, 1):
            f = fighting()[:, d] & Z.live
            op = oper() & (Z.own == d)
            dice = (op * han[None, :]).sum(axis=1)  # every Handling die here is rank 1
            if d == 0 and entity is not None:
                dice = dice + np.where(ent_act(), Z.cur[:, ab.index("handling")], 0)
            dice = np.where(f, dice, 0)
            e_dmg = (
                (Z.cur != base[None, :]).any(axis=1) & Z.ent_in if d == 0 else np.zeros(Z.B, bool)
            )
            e_neut = e_dmg & ~ent_act() if d == 0 else e_dmg
            first = e_neut.astype(np.int64)
            neut = Z.ok & (Z.own == d) & (Z.dmg | (Z.prog > 0))
            ns = neut[:, cheap]
            pos = np.cumsum(ns, axis=1) - 1 + first[:, None]
            succ = rng.random((Z.B, U)) < 1 / 6
            fixed_s = ns & (pos < dice[:, None]) & succ
            fixed = np.zeros_like(fixed_s)
            fixed[:, cheap] = fixed_s
            cancel = fixed & (Z.prog > 0)
            Z.prog[cancel] -= 1
            Z.dmg[fixed & ~cancel] = False
            nn = ns.sum(axis=1)
            rec = Z.ok & (Z.own == d) & Z.recon & ~Z.dmg & (Z.prog == 0)
            rs = rec  # reconditioning goes in setup order
            rpos = np.cumsum(rs, axis=1) - 1 + (first + nn)[:, None]
            done = rs & (rpos < dice[:, None]) & (rng.random((Z.B, U)) < 1 / 6)
            Z.recon[done] = False
            if d == 0 and entity is not None:
                e_first = e_neut & (dice > 0) & (rng.random(Z.B) < 1 / 6)
                e_last = (e_dmg & ~e_neut & (first + nn + rs.sum(axis=1) < dice)) & (
                    rng.random(Z.B) < 1 / 6
                )
                r = np.nonzero(e_first | e_last)[0]
                Z.cur[r, repair_choice()[r]] += 1
        end()
        # attack phases: First Strike (the entity and, with Combat Reflexes, its ships under
        # Control), then Main combat; each side's hits land after both have rolled
        for phase in ("first", "main"):
            if not Z.live.any():
                break
            act = ent_act()
            f = fighting()
            both = Z.live & f[:, 0] & f[:, 1]
            op = oper() & ~fired & both[:, None]
            hits, fire = [], []
            for d in (0, 1):
                mine = op & (Z.own == d)
                under = mine & Z.ctl & act[:, None] & (d == 0)
                in_phase = (reflex & under) if phase == "first" else (mine & ~(reflex & under))
                # dice per rank as matrix products: ships on their own, then those under
                # Control by the controller's Battle rank
                alone = in_phase & ~under
                counts = alone.astype(float) @ own_dice
                shoots = alone & has_dice[None, :]
                br = np.clip(Z.cur[:, B_], 0, ctl_dice.shape[0] - 1)
                ctl_in = in_phase & under
                if ctl_in.any():
                    for r in np.unique(br[ctl_in.any(axis=1)]):
                        m = ctl_in & (br == r)[:, None]
                        counts += m.astype(float) @ ctl_dice[r]
                        shoots |= m & (ctl_dice[r].sum(axis=1) > 0)[None, :]
                counts = np.rint(counts).astype(np.int64)
                ent_phase = "first" if reflex else "main"
                if d == 0 and entity is not None and phase == ent_phase:
                    e = np.where(act & both, np.maximum(Z.cur[:, B_], 0), 0)
                    counts[:, 4] += e // 5
                    rem = e % 5
                    counts[np.arange(Z.B), np.maximum(rem - 1, 0)] += rem > 0
                hits.append(roll(rng, counts))
                fire.append(shoots)
            land(1, hits[0])
            land(0, hits[1])
            for d in (0, 1):
                fired |= fire[d]
                Z.dmg[fire[d] & rel[None, :] & Z.ok & (Z.prog == 0)] = True
            end()
    out[idx] = np.where(Z.live, -1, Z.win)
    return out


# ---------------------------------------------------------------------------------------------
def cpu(fn: Any, repeat: int = 3) -> tuple[float, Any]:
    """Median CPU seconds of ``repeat`` runs and the last answer."""
    times, out = [], None
    for _ in range(repeat):
        t = time.process_time()
        out = fn()
        times.append(time.process_time() - t)
    return statistics.median(times), out


def compare(label: str, kit_fn: Any, ref_fn: Any, n: int, goal: float | None) -> None:
    kit_fn(), ref_fn()  # warm up (tables, imports)
    t_kit, kit_win = cpu(kit_fn)
    t_ref, ref_win = cpu(ref_fn)
    a, b = np.asarray(kit_win, float), np.asarray(ref_win, float)
    se = np.sqrt(a.var() / len(a) + b.var() / len(b)) + 1e-12
    same = abs(a.mean() - b.mean()) <= 4 * se
    ratio = (n / t_kit) / (n / t_ref)
    print(
        f"{label:<38}{n / t_kit:>10,.0f}/s {n / t_ref:>10,.0f}/s  ratio {ratio:5.2f} "
        + (f"(goal >= {goal:g}: {'met' if ratio >= goal else 'NOT met'})" if goal else " " * 18)
        + "  side 0 wins "
        + f"{a.mean():.3f} vs {b.mean():.3f} ({'same' if same else 'DIFFERENT'} within 4 SE)"
    )


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--engine", action="store_true", help="also time the event-log engine")
    args.add_argument("--n", type=int, default=20_000, help="battles per run of example one")
    opts = args.parse_args()
    n = opts.n
    battle = example_one()
    rel = {"battle": 8, "control": 3, "handling": 1, "information": 1, "sensors": 1}
    releata = [[("BATTLESHIP", 2), ("DRONE", 8)], GARRISON]
    print(f"{'':<38}{'kit':>12} {'reference':>12}")
    for label, tk, goal in (
        ("example one, AutoPolicy() (default)", True, 0.5),
        ("example one, take-overs off", False, 1.0),
    ):
        compare(
            label,
            lambda tk=tk: (
                simulate(battle, n, seed=1, policy=AutoPolicy(takeover=tk), progress=False).outcome[
                    :, 0
                ]
                == 0
            ),
            lambda tk=tk: reference(releata, {**rel, "reflexes": True}, 3, n, 2, takeover=tk) == 0,
            n,
            goal,
        )
    for ships, m in ((10, 20_000), (100, 4_000), (1000, 400)):
        mix = [(t, max(1, round(k * ships / 25))) for t, k in GARRISON]
        size = sum(k for _, k in mix)
        fleet = [(t, k) for t, k in mix]
        sides = [Side(f"S{i}", ships=[(t, k) for t, k in fleet]) for i in range(2)]
        big = Battle(sides, seed=1)
        compare(
            f"{size} ships a side (no entities)",
            lambda big=big, m=m: simulate(big, m, seed=1, progress=False).outcome[:, 0] == 0,
            lambda fleet=fleet, m=m: reference([fleet, fleet], None, 0, m, 2, takeover=False) == 0,
            m,
            0.5 if ships == 1000 else None,
        )
    if opts.engine:
        m = 200
        t, res = cpu(lambda: simulate(battle, m, seed=2, method="engine", progress=False), 1)
        print(f"event-log engine, AutoPolicy(): {m / t:,.0f} battles/s; {res}")


if __name__ == "__main__":
    main()
