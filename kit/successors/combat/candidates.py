"""The answers the combat advisor tries at a pending decision, with readable labels.

:func:`battle_candidates` reads the battle's state at the moment of the decision and lists a
few sensible answers (see :mod:`.advice` for what each kind of decision gets); answers that
repeat one another are dropped, and each label shows the answer itself.

>>> from kit.successors.examples import example_one
>>> battle = example_one()
>>> decision = {"kind": "allocate", "side": 1, "hits": 2, "default": ["1:3", "1:4"]}
>>> list(battle_candidates(battle.state, decision))
['default: 1:3, 1:4', 'priciest first: 1:21, 1:22']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from .damage import allocation_order, cheapest_first, entity_loss_order, valid_target
from .state import BattleState, entity_key

__all__ = ["battle_candidates"]


def _short(keys: Sequence[str], most: int = 6) -> str:
    """``["1:3", "1:3", "1:4"]`` -> ``"1:3 x2, 1:4"`` (long lists end with a count)."""
    parts = [k if len(run) == 1 else f"{k} x{len(run)}" for k, run in _runs(keys)]
    if len(parts) > most:
        return ", ".join(parts[:most]) + f" ... (+{len(parts) - most})"
    return ", ".join(parts) if parts else "nothing"


def _runs(keys: Sequence[str]) -> list[tuple[str, list[str]]]:
    return [(k, list(g)) for k, g in itertools.groupby(keys)]


def _fill(order: Sequence[Any], caps: dict[str, int], hits: int, spread: bool) -> list[str]:
    """Up to ``hits`` keys from ``order`` (each at most its cap), in turn when ``spread``."""
    left = dict(caps)
    out: list[str] = []
    if spread:
        while len(out) < hits and any(left[u.key] > 0 for u in order):
            for u in order:
                if len(out) < hits and left[u.key] > 0:
                    out.append(u.key)
                    left[u.key] -= 1
        return out
    for u in order:
        take = min(left[u.key], hits - len(out))
        out += [u.key] * take
    return out


def _allocations(st: BattleState, decision: dict[str, Any]) -> dict[str, list[str]]:
    side, hits = int(decision["side"]), int(decision["hits"])
    ships = [u for u in st.side_units(side, operational=True) if u.carried_by is None]
    caps = {u.key: u.design.hits_per_damage - u.counter for u in ships}
    plans: dict[str, list[str]] = {"default": [str(k) for k in decision.get("default", [])]}
    plans["priciest first"] = _fill(
        sorted(ships, key=lambda u: (-u.cost, cheapest_first(u)[1])), caps, hits, False
    )
    plans["spread"] = _fill(allocation_order(ships), caps, hits, True)
    s = st.sides[side]
    ent = s.entity
    if ent is not None and s.entity_state == "active" and not ent.neutralized and not ent.fragile:
        keys: list[str] = []
        trial = ent
        while len(keys) < hits:
            a = entity_loss_order(trial)
            if trial.current(a) <= 1:
                break
            keys.append(f"{entity_key(side)}:{a}")
            trial = trial.with_damage(a, 1)
        plans["entity first"] = keys
    return plans


def _releases(decision: dict[str, Any]) -> dict[str, list[str]]:
    held, n = [str(k) for k in decision["options"]], int(decision["n"])
    plans = {"default": [str(k) for k in decision["default"]]}
    if math.comb(len(held), n) <= 8:
        for combo in itertools.combinations(held, n):
            plans[f"release {_short(combo)}"] = list(combo)
    else:
        plans["release the last"] = held[-n:]
    return plans


def battle_candidates(st: BattleState, decision: Mapping[str, Any]) -> dict[str, Any]:
    """The answers :func:`~.advice.advice` tries for ``decision`` in state ``st``, by label.

    Answers that repeat an earlier one, or that are empty where one target at least is
    needed, are left out; labels show the answer (``"default: 1:3, 1:4"``).
    """
    d = dict(decision)
    kind = d["kind"]
    if kind == "retreat":
        return {"retreat": True, "stay": False}
    if kind == "allocate":
        side = int(d["side"])
        raw = {
            name: plan
            for name, plan in _allocations(st, d).items()
            if plan and all(valid_target(st, side, k) for k in plan)
        }
    elif kind == "release":
        raw = _releases(d)
    elif kind == "fire":
        can = [str(k) for k in d["options"]]
        held = [
            k
            for k in can
            if k not in st.units
            or st.units[k].controlled
            or st.units[k].design.after_attack != "neutralized"
        ]
        raw = {"fire all": can, "hold reloaders": held}
    else:  # aim
        fire = [str(k) for k in d["options"]]
        side = int(d["side"])
        targets = sorted(
            (u for u in st.units.values() if u.owner != side and u.operational),
            key=lambda u: (-u.cost, cheapest_first(u)[1]),
        )
        out: dict[str, Any] = {"no Aimed Shots": {}}
        if targets:
            t = targets[0]
            out[f"aim all at {t.name} {t.key}"] = {k: t.key for k in fire}
        return out
    seen: list[list[str]] = []
    out = {}
    for name, plan in raw.items():
        if plan in seen or (kind == "allocate" and not plan):
            continue
        seen.append(plan)
        out[f"{name}: {_short(plan)}" if kind != "release" or name == "default" else name] = plan
    if kind == "release" and "default" in out:
        out[f"default: {_short(out.pop('default'))}"] = d["default"]
    return out
