"""The answers the combat advisor tries when a side chooses its Take-Over target.

A side with a lock (enough Sensors successes on an enemy fleet) may send its Control users at
any ship of that fleet. :class:`~.policies.InteractivePolicy` asks this as a ``"takeover"``
decision whose ``options`` are those ships; an answer names one of them (every Control user
of the side tries it, so their successes add up on one ship) or ``None`` (no attempt).

:func:`takeover_candidates` turns such a decision into the labelled answers
:func:`~.advice.advice` plays out: one per ship, except that ships alike in every way
the rules look at (design, owner, condition, Take-Over progress, Control) are tried once;
``"none"``; and the automatic choice when it spreads several users over different ships.

>>> from kit.successors.examples import example_two
>>> battle = example_two()
>>> d = {"kind": "takeover", "side": 0, "options": ["1:1", "1:2", "1:3"],
...      "users": ["0:E"], "default": {"0:E": "1:1"}}
>>> takeover_candidates(battle.state, d)
{'SERVO 1:1 (or 1 alike)': '1:1', 'DRONE 1:3': '1:3', 'none': None}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import BattleState, Unit

__all__ = ["takeover_candidates", "takeover_question"]


def _alike(st: BattleState, u: Unit) -> tuple[Any, ...]:
    """What the rules see of ``u`` as a Take-Over target: ships with equal keys are alike."""
    cargo = any(v.carried_by == u.key for v in st.units.values())
    return (
        u.owner,
        u.name,
        u.cost,
        u.maker,
        u.status,
        u.damaged,
        u.counter,
        u.controlled,
        u.needs_recondition,
        u.held_by,
        tuple(sorted(u.takeover.items())),
        u.eaten,
        u.key if cargo else None,
    )


def takeover_candidates(st: BattleState, decision: Mapping[str, Any]) -> dict[str, Any]:
    """The answers tried for a ``"takeover"`` decision in state ``st``, by label.

    Labels read ``"<ship name> <key>"`` (``"(or k alike)"`` when ``k`` more ships would be the
    same try), ``"none"`` for no attempt and ``"default: ..."`` for the automatic plan when it
    differs from all of these.
    """
    groups: dict[tuple[Any, ...], list[str]] = {}
    for key in decision["options"]:
        groups.setdefault(_alike(st, st.units[str(key)]), []).append(str(key))
    out: dict[str, Any] = {}
    for keys in groups.values():
        u = st.units[keys[0]]
        more = f" (or {len(keys) - 1} alike)" if len(keys) > 1 else ""
        out[f"{u.name} {u.key}{more}"] = u.key
    out["none"] = None
    default = {str(k): str(v) for k, v in dict(decision.get("default") or {}).items()}
    if len(set(default.values())) > 1:
        spread = ", ".join(f"{who} on {t}" for who, t in default.items())
        out[f"default: {spread}"] = default
    return out


def takeover_question(where: str, who: str) -> str:
    """The advice's question for a Take-Over target (``where``: round and phase in words)."""
    return f"{where}: which enemy ship does {who} try to take over?"
