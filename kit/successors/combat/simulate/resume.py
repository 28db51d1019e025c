"""Playing on from a decision in the middle of a phase: the battle advisor's trials.

The advisor (:mod:`~kit.successors.combat.advice`) knows the state at the decision and what
the phase did before it (its events: the attack rolls, the Take-Over rolls). Every trial
plays the rest of that phase with the answer given, then the rest of the battle; here all
trials of one answer are one vectorised batch (:func:`resume`):

* ``allocate`` (where a volley's hits land): the answered wave lands key by key as
  ``damage.resolve_hits`` lands a wave (a target gone meanwhile sends that hit and the rest
  to the next wave), the rest of the volley in automatic waves, then the phase's later
  volleys (their hits were rolled before any landed) and the ships that fired;
* ``retreat``: no dice are left to roll in the phase, so the engine plays it once and the
  batch starts after it (the caller passes that state, with no answer).

Anything else (another kind, a setup the fast path does not cover, a phase it cannot read)
returns None and the advisor plays its trials on the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .batch import AWAY, DMG, GONE, HULK, TK
from .fast import _batch
from .keys import hit_key, in_orbit, known, valid_target
from .support import fast_supported

if TYPE_CHECKING:
    from ..battle import Battle
    from ..policies import AutoPolicy
    from ..state import BattleState

__all__ = ["resume"]

#: Units named in attack events that are not ships of the battle.
_NOT_SHIPS = ("buster", "stellar cannon")


def resume(
    battle: Battle,
    policy: AutoPolicy,
    starts: list[tuple[BattleState, Any]],
    events: list[tuple[str, dict[str, Any]]],
    decision: dict[str, Any] | None,
    n: int,
    finish_seed: np.random.SeedSequence,
    play_seed: np.random.SeedSequence,
    max_rounds: int,
) -> list[dict[str, np.ndarray]] | None:
    """``n`` trials for each ``(state, answer)`` of ``starts`` to the end of the battle: the
    result arrays per start, or None when the fast path cannot play them.

    Each start's trials finish the pending phase (at ``decision`` with its answer; none when
    ``decision`` is None: the state is between phases) on the same dice stream
    (``finish_seed``: common random numbers for the answers' immediate effects), then all of
    them play on together in one batch (``play_seed``), so the slow tails of long battles are
    played once for every answer."""
    if fast_supported(battle, policy, started=True) is not None:
        return None
    batches = []
    for st, answer in starts:
        b = _batch(battle, policy, n, np.random.default_rng(finish_seed), st)
        if decision is not None and not _finish(b, battle, policy, st, events, decision, answer):
            return None
        b.end_check()
        _settle(b)
        batches.append(b)
    whole = batches[0]
    for k, b in enumerate(batches[1:], start=1):
        b.idx = b.idx + k * n
        whole.absorb(b)
    whole.out = {key: np.concatenate([b.out[key] for b in batches]) for key in whole.out}
    whole.rng = np.random.default_rng(play_seed)
    out = whole.play(max_rounds)
    return [{k: v[i * n : (i + 1) * n] for k, v in out.items()} for i in range(len(starts))]


def _finish(
    b: Any,
    battle: Any,
    policy: Any,
    st: Any,
    events: list[tuple[str, dict[str, Any]]],
    decision: dict[str, Any],
    answer: Any,
) -> bool:
    """The rest of the pending phase on ``b``; False when it cannot be played here."""
    kind = decision["kind"]
    if kind == "allocate":
        return _finish_volleys(b, events, decision, answer)
    if kind == "takeover":
        return _finish_takeovers(b, battle, policy, st, events, decision, answer)
    if kind == "aim":
        return _finish_aims(b, battle, policy, st, events, decision, answer)
    return False


def _settle(b: Any) -> None:
    """Ships taken over in the finished phase change hands in ``b`` itself (it gets owners)."""
    if b.moved:
        if b.owner is None:
            b.owner = np.repeat(b.T.origin.astype(np.int8)[:, None], b.B, axis=1)
        for r, c, s in b.moved:
            b.owner[c, r] = s
        b.moved = []


def _ctx(battle: Any, policy: Any, st: Any) -> Any:
    """An engine context on a copy of ``st``, to ask the engine's functions about it."""
    from ..events import Ctx, RngRoller, copy_state

    roller = RngRoller(np.random.default_rng(0))
    return Ctx(battle.sides, copy_state(st), battle.rules, policy, roller, jammer=battle.jammer)


def _finish_takeovers(
    b: Any,
    battle: Any,
    policy: Any,
    st: Any,
    events: list[tuple[str, dict[str, Any]]],
    d: dict[str, Any],
    answer: Any,
) -> bool:
    """The rest of a Take-Over phase stopped at a side's plan: the earlier sides' rolls as
    rolled, the answered side's users on the plan's ships, the later sides as the policy
    plans, then competing scores cancel and successes land."""
    from ..policies import takeover_plan
    from ..takeover import lockable_targets, takeover_bonus, takeover_users
    from .batch import binom
    from .entity import counts

    T = b.T
    rows = {k: j for j, k in enumerate(T.keys)}
    every = np.arange(b.B)
    s = int(d["side"])
    touched: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
    for kind, e in events:
        if kind == "roll" and e.get("purpose") == "takeover":
            if e["unit"] not in rows:
                return False
            v = int(e["successes"]) + int(e.get("bonus", 0))
            touched.append((every, np.full(b.B, rows[e["unit"]]), int(e["side"]), np.full(b.B, v)))
    ctx = _ctx(battle, policy, st)
    users = takeover_users(ctx, s)
    plan = takeover_plan(answer, list(users), lockable_targets(ctx, s))
    for who, target in plan.items():
        n = binom(b.rng, np.repeat(counts(users[who])[:, None], b.B, axis=1))
        bonus = takeover_bonus(ctx, s, ctx.st.units[target])
        if battle.rules.takeover_bonus_needs_a_success:
            n = n + np.where(n > 0, bonus, 0)
        else:
            n = n + bonus
        touched.append((every, np.full(b.B, rows[target]), s, n))
    b.takeover_phase(sides=range(s + 1, T.S), touched=touched)
    return True


def _finish_aims(
    b: Any,
    battle: Any,
    policy: Any,
    st: Any,
    events: list[tuple[str, dict[str, Any]]],
    d: dict[str, Any],
    answer: Any,
) -> bool:
    """The rest of an attack phase stopped at a side's aims: the earlier sides' volleys as
    rolled, the answered side's plain and aimed attacks, the later sides' volleys, then every
    hit lands in order and the ships that fired are spent."""
    from ..phases import _aimed_dice, attackers
    from ..rules import ATTACK_PHASES
    from .batch import binom
    from .entity import counts

    T = b.T
    rows = {k: j for j, k in enumerate(T.keys)}
    B = b.B
    s, phase = int(d["side"]), str(d["phase"])
    shots = [e for kind, e in events if kind == "attack"]
    if any(u in _NOT_SHIPS for e in shots for u in e["units"]):
        return False
    landings: list[tuple[Any, ...]] = []
    for e in shots:  # the earlier sides', as rolled
        h = np.full(B, int(e["hits"]))
        if e.get("aimed"):
            if not known(b, str(e["target"]), rows):
                return False
            landings.append(("key", int(e["side"]), str(e["target"]), h))
        else:
            landings.append(("hits", int(e["side"]), np.full(B, int(e["target"])), h))
    ctx = _ctx(battle, policy, st)
    can = attackers(ctx, s, phase)
    fire = [k for k in policy.fire(ctx, s, phase, list(can)) if k in can]
    aims = {k: t for k, t in dict(answer).items() if k in fire}
    if any(not known(b, t, rows) for t in aims.values()):
        return False
    plain = [x for k in fire if k not in aims for x in can[k]]
    if plain:
        target = policy.target_side(ctx, s, ctx.enemies(s))
        h = binom(b.rng, np.repeat(counts(plain)[:, None], B, axis=1))
        landings.append(("hits", s, np.full(B, target), h))
    for k, tgt in aims.items():
        dice = _aimed_dice(ctx, can[k], tgt)
        if dice is None:  # a neutralized target: every die hits
            h = np.full(B, len(can[k]))
        else:
            h = binom(b.rng, np.repeat(counts(dice)[:, None], B, axis=1))
        landings.append(("key", s, tgt, h))
    later, after, fired_ctl = b.volleys(ATTACK_PHASES.index(phase), range(s + 1, T.S))
    b.land_volleys(landings + later, after, fired_ctl)
    fired = [rows[k] for e in shots for k in e["units"] if k in rows]
    _after_volleys(b, fired + [rows[k] for k in fire if k in rows])
    return True


def _finish_volleys(
    b: Any, events: list[tuple[str, dict[str, Any]]], d: dict[str, Any], answer: Any
) -> bool:
    """The rest of an attack phase stopped at an allocation: False when it cannot be read."""
    T = b.T
    rows = {k: j for j, k in enumerate(T.keys)}
    shots = [e for kind, e in events if kind == "attack"]
    if any(u in _NOT_SHIPS for e in shots for u in e["units"]):
        return False
    mine = [
        i
        for i, e in enumerate(shots)
        if not e.get("aimed") and e["side"] == d["by"] and e["target"] == d["side"]
    ]
    if len(mine) != 1:
        return False
    i = mine[0]
    defender = int(d["side"])
    left = np.full(b.B, int(d["hits"]), np.int64)
    broken = np.zeros(b.B, bool)
    for key in answer:  # the answered wave, hit by hit (resolve_hits)
        if not known(b, key, rows):
            return False
        ok = ~broken & valid_target(b, defender, key, rows)
        hit_key(b, key, ok, rows)
        left -= ok
        broken |= ~ok
    if np.count_nonzero(left):
        b.land(defender, left)
    for e in shots[i + 1 :]:  # the volleys rolled after it, in order
        if e.get("aimed"):
            key = str(e["target"])
            if not known(b, key, rows):
                return False
            for _ in range(int(e["hits"])):
                hit_key(b, key, in_orbit(b, key, rows), rows)
        elif e["hits"]:
            b.land(int(e["target"]), np.full(b.B, int(e["hits"]), np.int64))
    fired = [rows[k] for e in shots for k in e["units"] if k in rows]
    _after_volleys(b, fired)
    return True


def _after_volleys(b: Any, fired: list[int]) -> None:
    """The ships that fired this phase: marked, reloaders neutralized, imploders gone."""
    T = b.T
    for j in fired:
        c = T.ccol_index.get(j)
        if c is not None:
            b.fired[c] = True
        st = b.state[j]
        if T.reloader[j]:
            st[(st & np.uint8(DMG | TK | AWAY | GONE | HULK)) == 0] |= np.uint8(DMG)
        elif T.imploder[j]:
            st[st < AWAY] |= np.uint8(GONE)
    b.free_racks()
