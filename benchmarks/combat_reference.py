"""An expert's numpy battle simulation, written for the combat benchmark from the rule text and
the rulings alone (no kit code): the reference ``bench_combat.py`` measures the kit against.

It plays the battles of the benchmark (two sides; side 0 may have an entity holding its first
ships under Control, with or without Combat Reflexes; ships from :data:`TYPES`) the way an
expert would write them for speed:

* one row per ship and one column per battle (``[U, B]`` arrays of bools and small ints, so
  reductions over ships run down contiguous rows);
* the ships in ruling 4's allocation order (cheapest first, then side, then id), so hits are
  allocated by one cumulative sum of the defender's operational ships over the whole batch
  at once, and so are hits on neutralized ships, repairs and releases of Control;
* dice counted per rank from per-type counts of the ships firing (each type is a contiguous
  run of rows) and rolled as one binomial draw per rank;
* damage rolls drawn only for the ships that took a hit;
* finished battles compacted out of every array at the start of each round, so late rounds
  cost only the battles still running.

Rules covered, from the text and rulings: ruling 1 (split ranks, a 6 fails), ruling 2 (ships
under Control use the controller's rank, a split controller's whole split per die), the three
attack phases with Combat Reflexes, reloaders neutralized after firing, ruling 4's allocation
(operational ships cheapest first, the entity's spare ranks by its highest ability, neutralized
ships cheapest first, the entity last; every hit placed while anything is left), the damage
table, Control released cheapest first when a hit lowers it, the neutralized entity's rank-1
self-repair, one Handling job per die (the entity if neutralized, neutralized ships cheapest
first, reconditioning in setup order, the entity's other hits; a repair on a ship partly taken
over cancels one success), the Sensors lock (3 successes) and the default policy's Take-Overs
(the entity's Control dice on the ship closest to falling, then the priciest; 2 successes for a
ship not under Control; the ship needs reconditioning). Not covered: decoys, multi-hit ships,
retreats, extras, entities on side 1, Handling dice above rank 1.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: Ship types from the text's table: Battle, Handling, RU cost, reloader (neutralized after it
#: attacks).
TYPES = {
    "SERVO": (0, 1, 3.0, False),
    "DRONE": (1, 0, 1.0, True),
    "GUNBOAT": (1, 0, 2.0, False),
    "FRIGATE": (2, 0, 4.0, False),
    "CRUISER": (4, 0, 8.0, False),
    "BATTLESHIP": (6, 0, 12.0, False),
}
#: The abilities, and the order in which the defender gives them up when ranks tie (Battle is
#: kept longest).
ABILITIES = ("battle", "control", "handling", "information", "sensors")
LOSS_PREFERENCE = ("information", "sensors", "handling", "control", "battle")
BAT, CTL, HAN, SEN = (ABILITIES.index(a) for a in ("battle", "control", "handling", "sensors"))
#: A die of rank r (1..5) succeeds on r or less of a d6, never on a 6.
P_RANK = np.array([r / 6 for r in range(1, 6)])
#: Damage table: 1-3 neutralized, 4-5 hulked, 6 vaporized.
P_NEUTRALIZED = 0.5
#: Successes on the enemy fleet for a lock; Take-Over successes for a ship not under Control.
LOCK, TAKE = 3, 2


def split(rank: int) -> list[int]:
    """Ruling 1: 5s, then the rest."""
    return [5] * (rank // 5) + ([rank % 5] if rank % 5 else [])


def per_rank(dice: list[int]) -> np.ndarray:
    out = np.zeros(5, np.int64)
    for d in dice:
        if d > 0:
            out[min(d, 5) - 1] += 1
    return out


def controlled(own: int, ctrl: int) -> list[int]:
    """Ruling 2: each own die at the controller's rank if higher; a split controller's whole
    split per own die; a ship without the ability has no dice."""
    own_d, c = split(own), split(ctrl)
    if not own_d:
        return []
    if len(c) > 1:
        return c * len(own_d)
    return [max(p, c[0] if c else 0) for p in own_d]


def roll(rng: np.random.Generator, counts: np.ndarray) -> np.ndarray:
    """[5, B] dice per rank -> [B] successes: one binomial draw per rank that has dice."""
    out = np.zeros(counts.shape[1], np.int64)
    for r in range(5):
        if counts[r].any():
            out += rng.binomial(counts[r], P_RANK[r])
    return out


def cols(a: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The battles ``rows`` of ``a`` (battles on the last axis), kept C-ordered (``a[:, rows]``
    would hand back a Fortran-ordered copy, slow to walk row by row)."""
    return np.take(a, rows, axis=-1)


def tile(column: np.ndarray, n: int) -> np.ndarray:
    """A per-ship (or per-ability) column repeated for ``n`` battles: numpy is much slower at
    broadcasting a ``[U, 1]`` column over the battles than at reading a full array."""
    return np.repeat(column[:, None], n, axis=1)


def first_k(mask: np.ndarray, k: np.ndarray) -> np.ndarray:
    """The first ``k`` (per column) rows of ``mask`` in row order: ruling 4's cumulative sum."""
    return mask & (np.cumsum(mask, axis=0, dtype=np.int16) <= k)


def reference(
    fleets: list[list[tuple[str, int]]],
    entity: dict[str, Any] | None,
    controlled_ships: int,
    n: int,
    seed: int,
    *,
    takeover: bool,
    rounds: int = 30,
) -> tuple[np.ndarray, np.ndarray]:
    """Play ``n`` battles; ([n] winner: 0, 1 or -1 for a draw, [n] rounds fought).

    Side 0 may have an ``entity`` (ranks by ability; ``reflexes``: Combat Reflexes) holding its
    first ``controlled_ships`` ships (by id) under Control.
    """
    return _Reference(fleets, entity, controlled_ships, takeover, seed).play(n, rounds)


class _Reference:
    def __init__(
        self,
        fleets: list[list[tuple[str, int]]],
        entity: dict[str, Any] | None,
        n_ctl: int,
        takeover: bool,
        seed: int,
    ) -> None:
        self.rng = np.random.default_rng(seed)
        ships = [
            (s, t, i + 1)
            for s, f in enumerate(fleets)
            for i, t in enumerate(t for t, k in f for _ in range(k))
        ]
        ships.sort(key=lambda x: (TYPES[x[1]][2], x[0], x[2]))  # ruling 4's order
        self.U = U = len(ships)
        self.side = np.array([s for s, _, _ in ships])
        self.cost = np.array([TYPES[t][2] for _, t, _ in ships])
        self.reloader = np.array([TYPES[t][3] for _, t, _ in ships])
        self.handling = np.array([TYPES[t][1] for _, t, _ in ships])
        assert self.handling.max(initial=0) <= 1
        # contiguous runs of one side and type: (start, stop, side, own battle dice per rank)
        self.runs: list[tuple[int, int, int, np.ndarray, bool]] = []
        for j, (s, t, _) in enumerate(ships):
            if j and ships[j - 1][:2] == (s, t):
                a, _, s_, d, h = self.runs[-1]
                self.runs[-1] = (a, j + 1, s_, d, h)
            else:
                self.runs.append((j, j + 1, s, per_rank(split(TYPES[t][0])), TYPES[t][1] > 0))
        # Take-Over target order: the priciest, then the key's text order
        keys = [f"{s}:{i}" for s, _, i in ships]
        pref = sorted(range(U), key=lambda j: (-self.cost[j], keys[j]))
        self.prio = np.zeros(U, np.int32)
        self.prio[pref] = np.arange(U, 0, -1)
        # reconditioning goes in setup order (side, then id)
        self.setup_order = np.array(sorted(range(U), key=lambda j: (ships[j][0], ships[j][2])))
        self.ctl_cols = np.array(
            [j for j, (s, _, i) in enumerate(ships) if s == 0 and i <= n_ctl], np.int64
        )
        self.takeover = takeover and entity is not None
        self.entity = entity
        base = np.array([int(entity[a]) if entity else 0 for a in ABILITIES])
        self.base, self.has = base, base >= 1
        self.reflexes = bool(entity and entity.get("reflexes"))
        top = int(base.max(initial=0))
        self.split_ct = np.array([per_rank(split(r)) for r in range(top + 1)]).T  # [5, rank]
        # dice per rank of each controlled ship by the controller's Battle rank [rank, C, 5]
        bat = [TYPES[ships[j][1]][0] for j in self.ctl_cols]
        self.ctl_dice = np.array(
            [[per_rank(controlled(b, r)) for b in bat] for r in range(max(top, 0) + 1)]
        ).reshape(max(top, 0) + 1, len(bat), 5)
        self.own_ctl = np.array([per_rank(split(b)) for b in bat]).reshape(len(bat), 5)
        # ties of the default loss order and of the repair order as small score offsets
        self.loss_tie = np.array([4 - LOSS_PREFERENCE.index(a) for a in ABILITIES])
        self.fix_tie = np.arange(5)
        self.has_rows = np.flatnonzero(self.has)

    # ----------------------------------------------------------------- the state
    def start(self, n: int) -> None:
        U, C = self.U, len(self.ctl_cols)
        self.B = n
        self.alive = np.ones((U, n), bool)
        self.dmg = np.zeros((U, n), bool)
        self.own0 = np.repeat((self.side == 0)[:, None], n, axis=1)
        self.prog = np.zeros((U, n), np.int8)
        self.recon = np.zeros((U, n), bool)
        self.ctl = np.ones((C, n), bool)
        self.fired = np.zeros((C, n), bool)
        self.cur = np.repeat(self.base[:, None].astype(np.int8), n, axis=1)
        self.ein = np.full(n, self.entity is not None)
        self.sens = np.zeros(n, np.int8)
        self.live = np.ones(n, bool)
        self.win = np.full(n, -1, np.int8)
        self.idx = np.arange(n)

    def compact(self, keep: np.ndarray) -> None:
        for k in ("alive", "dmg", "ctl", "fired", "cur"):
            setattr(self, k, cols(getattr(self, k), keep))
        if self.takeover:
            for k in ("own0", "prog", "recon"):
                setattr(self, k, cols(getattr(self, k), keep))
        for k in ("ein", "sens", "live", "win", "idx"):
            setattr(self, k, getattr(self, k)[keep])
        self.B = len(keep)

    def own(self, d: int, n: int | None = None) -> Any:
        if self.takeover:
            return self.own0 if d == 0 else ~self.own0
        return tile(self.side == d, self.B if n is None else n)

    def oper(self) -> np.ndarray:
        op = self.alive & ~self.dmg
        if self.takeover:
            op &= (self.prog == 0) & ~self.recon
        return op

    def e_neutral(self) -> np.ndarray:
        return (self.cur[self.has_rows] < 1).any(axis=0)

    def e_active(self) -> np.ndarray:
        return self.ein & ~self.e_neutral() if self.entity else np.zeros(self.B, bool)

    def fighting(self, op: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self.takeover:
            f0 = (op & self.own0).any(axis=0)
            f1 = (op & ~self.own0).any(axis=0)
        else:
            f0 = op[self.side == 0].any(axis=0)
            f1 = op[self.side == 1].any(axis=0)
        return f0 | self.e_active(), f1

    def end(self) -> None:
        f0, f1 = self.fighting(self.oper())
        over = self.live & ~(f0 & f1)
        self.win[over & f0] = 0
        self.win[over & f1] = 1
        self.live &= ~over

    # ----------------------------------------------------------------- the entity
    def lower(self, rows: np.ndarray) -> None:
        """One hit on the entity of each battle in ``rows``: its highest ability (ties by the
        loss preference), then Control releases."""
        score = cols(self.cur, rows) * 8
        for i, t in enumerate(self.loss_tie):
            score[i] += t
        a = np.argmax(score, axis=0)
        self.cur[a, rows] -= 1
        self.release(rows)

    def release(self, rows: np.ndarray) -> None:
        if not len(self.ctl_cols):
            return
        held = cols(self.ctl, rows) & cols(self.alive[self.ctl_cols], rows)
        excess = held.sum(axis=0) - np.maximum(self.cur[CTL, rows], 0)
        if (excess > 0).any():
            self.ctl[:, rows] &= ~first_k(held, excess)

    def mend(self, rows: np.ndarray) -> None:
        """One repair of the entity: an ability below 1 first, else the one hit most."""
        cur = cols(self.cur, rows)
        low = (cur < 1) & tile(self.has, len(rows))
        score = (tile(self.base, len(rows)) - cur) * 8
        for i, t in enumerate(self.fix_tie):
            score[i] -= t
        a = np.where(low.any(axis=0), np.argmax(low, axis=0), np.argmax(score, axis=0))
        self.cur[a, rows] += 1

    # ----------------------------------------------------------------- hits
    def land(self, d: int, hits: np.ndarray) -> None:
        """Every hit on side ``d`` in waves: operational ships cheapest first, the entity's
        spare ranks, neutralized ships cheapest first, the entity last."""
        rows = np.flatnonzero(hits > 0)
        left = hits[rows].astype(np.int16)
        entity = d == 0 and self.entity is not None
        while len(rows):
            alive, dmg = cols(self.alive, rows), cols(self.dmg, rows)
            if self.takeover:
                own = cols(self.own0, rows) if d == 0 else ~cols(self.own0, rows)
                prog = cols(self.prog, rows)
                neut = alive & (dmg | (prog > 0)) & own
                op = alive & ~dmg & (prog == 0) & ~cols(self.recon, rows) & own
            else:
                own = self.own(d, len(rows))
                neut = alive & dmg & own
                op = alive & ~dmg & own
            take = first_k(op, left)
            placed = take.sum(axis=0, dtype=np.int16)
            left = left - placed
            if entity:
                cur = cols(self.cur, rows)[self.has_rows]
                act = self.ein[rows] & ~(cur < 1).any(axis=0)
                room = np.where(act, np.maximum(cur - 1, 0).sum(axis=0), 0)
                e = np.minimum(left, room).astype(np.int16)
                for k in range(int(e.max(initial=0))):
                    self.lower(rows[e > k])
                left, placed = left - e, placed + e
            kill = first_k(neut, left)
            n_kill = kill.sum(axis=0, dtype=np.int16)
            left, placed = left - n_kill, placed + n_kill
            # damage rolls only where a ship took a hit
            where = np.flatnonzero(take)
            neutralized = self.rng.random(len(where)) < P_NEUTRALIZED
            dmg.flat[where[neutralized]] = True
            alive.flat[where[~neutralized]] = False
            alive &= ~kill
            self.alive[:, rows], self.dmg[:, rows] = alive, dmg
            if entity:
                last = (placed == 0) & (left > 0) & self.ein[rows]
                if last.any():
                    lr = rows[last]
                    neutral = (cols(self.cur, lr)[self.has_rows] < 1).any(axis=0)
                    self.ein[lr[neutral]] = False  # a hit on it neutralized destroys it
                    self.lower(lr[~neutral])
                    left, placed = left - last, placed + last
            go = (left > 0) & (placed > 0)
            rows, left = rows[go], left[go]

    # ----------------------------------------------------------------- phases
    def sensors_and_takeovers(self) -> None:
        act = self.live & self.e_active()
        need = act & (self.sens < LOCK)
        if need.any():
            r = np.flatnonzero(need)
            dice = self.split_ct[:, np.maximum(self.cur[SEN, r], 0)]
            self.sens[r] += roll(self.rng, dice).astype(np.int8)
        rows = np.flatnonzero(act & (self.sens >= LOCK))
        if not len(rows):
            return
        target = cols(self.alive, rows) & ~cols(self.own0, rows)
        pri = cols(self.prog, rows).astype(np.int32) * 100_000 + tile(self.prio, len(rows))
        pri *= target
        t = np.argmax(pri, axis=0)
        ok = target.any(axis=0)
        s = roll(self.rng, self.split_ct[:, np.maximum(self.cur[CTL, rows], 0)]) * ok
        hit = s > 0
        r, t, s = rows[hit], t[hit], s[hit]
        self.prog[t, r] += s.astype(np.int8)
        taken = self.prog[t, r] >= TAKE
        r, t = r[taken], t[taken]
        self.own0[t, r] = True
        self.prog[t, r] = 0
        self.recon[t, r] = True  # built by another nation
        self.end()

    def repairs(self) -> None:
        rng = self.rng
        if self.entity is not None:  # the neutralized entity's rank-1 roll
            r = np.flatnonzero(self.live & self.ein & self.e_neutral())
            self.mend(r[rng.random(len(r)) < P_RANK[0]])
        op = self.oper()
        f0, f1 = self.fighting(op)
        for d, f in ((0, f0), (1, f1)):
            own = self.own(d)
            act = self.live & f
            ships = (op & own)[self.handling > 0].sum(axis=0, dtype=np.int16)
            e_act = self.e_active() if d == 0 else np.zeros(self.B, bool)
            dice = np.where(act, ships + (e_act & (self.cur[HAN] > 0)), 0)
            if not dice.any():
                continue
            alive = self.alive & own
            broken = self.dmg if not self.takeover else self.dmg | (self.prog > 0)
            neut = alive & broken
            first = np.zeros(self.B, np.int16)
            if d == 0 and self.entity is not None:
                e_hit = self.ein & (self.cur != tile(self.base, self.B)).any(axis=0)
                e_neut = e_hit & ~e_act
                first = e_neut.astype(np.int16)
            fixed = first_k(neut, dice - first)
            where = np.flatnonzero(fixed)
            fixed.flat[where[rng.random(len(where)) >= P_RANK[0]]] = False
            used = first + neut.sum(axis=0, dtype=np.int16)
            if self.takeover:
                cancel = fixed & (self.prog > 0)
                self.prog -= cancel
                self.dmg &= ~(fixed & ~cancel)
                rec = (alive & self.recon & ~broken)[self.setup_order]
                done = first_k(rec, dice - used)
                where = np.flatnonzero(done)
                done.flat[where[rng.random(len(where)) >= P_RANK[0]]] = False
                self.recon[self.setup_order] &= ~done
                used = used + rec.sum(axis=0, dtype=np.int16)
            else:
                self.dmg &= ~fixed
            if d == 0 and self.entity is not None:
                ok = rng.random(self.B) < P_RANK[0]
                mend = (e_neut & (dice > 0) | e_hit & ~e_neut & (used < dice)) & ok
                self.mend(np.flatnonzero(mend))
        self.end()

    def attack(self, phase: str) -> None:
        """First Strike or Main combat: every side rolls, then every hit lands."""
        op = self.oper()
        f0, f1 = self.fighting(op)
        both = self.live & f0 & f1
        e_act = self.e_active()
        C = len(self.ctl_cols)
        here = self.entity is not None and phase == ("first" if self.reflexes else "main")
        under = self.ctl & op[self.ctl_cols] & ~self.fired & e_act & both
        shot = None
        if phase == "main":  # every operational ship fires, except those that did already
            shot = op & both
            if C:
                shot[self.ctl_cols] &= ~self.fired & ~(under if self.reflexes else False)
        hits = []
        for d in (0, 1):
            counts = np.zeros((5, self.B), np.int64)
            if shot is not None:  # ships on their own dice, counted by type
                mine = shot & self.own(d)
                for a, b, s, dice, _ in self.runs:
                    if dice.any() and (s == d or self.takeover):
                        k = mine[a:b].sum(axis=0, dtype=np.int16)
                        for r in np.flatnonzero(dice):
                            counts[r] += dice[r] * k
                if d == 0 and C and here:  # ships under Control roll the controller's way
                    counts -= np.einsum("cr,cb->rb", self.own_ctl, under & mine[self.ctl_cols])
            if d == 0 and here:
                br = np.maximum(self.cur[BAT], 0) * (e_act & both)
                counts += self.split_ct[:, br]
                for c in range(C):
                    counts += self.ctl_dice[br, c].T * under[c]
            hits.append(roll(self.rng, counts))
        self.land(1, hits[0])
        self.land(0, hits[1])
        # reloaders that fired and are still operational are neutralized
        if here and C:
            self.fired |= under
            col = self.ctl_cols
            still = under & self.alive[col] & ~self.dmg[col]
            still[~self.reloader[col]] = False
            if self.takeover:
                still &= self.prog[col] == 0
            self.dmg[col] |= still
        if shot is not None:
            still = shot & self.alive & ~self.dmg
            still[~self.reloader] = False
            if self.takeover:
                still &= self.prog == 0
            self.dmg |= still
        self.end()

    # ----------------------------------------------------------------- the loop
    def play(self, n: int, rounds: int) -> tuple[np.ndarray, np.ndarray]:
        self.start(n)
        winner = np.full(n, -1, np.int64)
        fought = np.zeros(n, np.int64)
        for rnd in range(1, rounds + 1):
            done = ~self.live
            winner[self.idx[done]] = self.win[done]
            self.compact(np.flatnonzero(self.live))
            if not self.B:
                break
            fought[self.idx] = rnd
            self.fired[:] = False
            if self.takeover:
                self.sensors_and_takeovers()
            self.repairs()
            for phase in ("first", "main"):
                self.attack(phase)
        winner[self.idx] = np.where(self.live, -1, self.win)
        return winner, fought
