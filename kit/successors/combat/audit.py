"""Checking a battle's recorded rolls against the rules as its log is replayed.

A battle's log records each roll with its dice, its faces and what came of them (an attack's
hits, a sensor scan's successes, a damage die's result). :func:`check_recorded` is called for
every event while a battle is rebuilt from its log (a save file loading, an undo) with the
state as it stands just before that event, and refuses an event whose recorded result is not
what the rules make of its recorded faces: a damage die changed from 1 to 6 with its result
left "neutralized", an attack's hits edited, a sensor total that does not add up. It uses the
engine's own rule functions (:func:`~.pools.hits_of`, :meth:`CombatRules.damage
<kit.successors.combat.rules.CombatRules.damage>`), not a second statement of the rules.

The faces themselves are not tied to the seed: a battle may be played with scripted or
physical dice (``step_phase(faces=...)``), so any faces 1 to 6 are a legal roll; what a face
gives is not up to the file.

>>> from kit.successors.combat import Battle, Side
>>> b = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=4)
>>> b.run().over
True
>>> data = b.to_dict()
>>> attack = next(e for e in data["events"] if e["kind"] == "attack")
>>> attack["data"]["hits"] += 1
>>> Battle.from_dict(data)
Traceback (most recent call last):
...
kit.errors.SaveFileError: battle event ...: the file says hits = ..., the rules give ... for dice ... rolling ...
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import SaveFileError
from .pools import hits_of
from .rules import PHASES, CombatRules
from .state import BattleState

__all__ = ["check_recorded"]

#: Causes of a damage event that need no damage die.
_NO_DIE_REASONS = ("reloader", "imploder", "self-destruct")


def _faces_ok(dice: object, faces: object) -> bool:
    return (
        isinstance(dice, list)
        and isinstance(faces, list)
        and len(dice) == len(faces)
        and all(isinstance(d, int) and not isinstance(d, bool) for d in dice)
        and all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in faces)
    )


def check_recorded(
    st: BattleState, rules: CombatRules, index: int, kind: str, data: Mapping[str, Any]
) -> None:
    """Refuse event ``index`` if its recorded result is not what the rules give for its
    recorded faces, ``st`` being the state just before it (see the module docs).

    Raises:
        SaveFileError: naming the event (index, kind, round and phase), the field, what the
            file says and what the rules give.
    """
    if kind not in ("attack", "sensors", "roll", "damage"):
        return
    phase = PHASES[(st.phase_index - 1) % len(PHASES)] if st.phase_index else "setup"
    where = f"battle event {index} ({kind}, round {st.round}, {phase} phase)"

    def refuse(field: str, said: object, given: object, why: str = "") -> None:
        raise SaveFileError(
            f"{where}: the file says {field} = {said!r}, the rules give {given!r}{why}"
        )

    if kind in ("attack", "sensors", "roll"):
        dice, faces = data.get("dice"), data.get("faces")
        if kind == "attack" and faces == [] and data.get("aimed"):
            return  # an aimed shot at a neutralized target: every die hits, none is rolled
        if not _faces_ok(dice, faces):
            raise SaveFileError(
                f"{where}: the file says dice {dice!r} rolled faces {faces!r}; a roll needs "
                "one face from 1 to 6 per die"
            )
        assert isinstance(dice, list) and isinstance(faces, list)
        rolled = f" for dice {dice} rolling {faces}"
        n = hits_of(dice, faces)
        if kind == "attack" and "stellar cannon" in (data.get("units") or ()):
            cannon = rules.cannon_dice()
            lo, hi = (max(0, cannon.min), max(0, cannon.max)) if n else (0, 0)
            hits = data.get("hits")
            if not isinstance(hits, int) or not lo <= hits <= hi:
                shown = f"{lo} to {hi} ({rules.stellar_cannon_hits})" if n else 0
                refuse("hits", hits, shown, rolled)
            return
        field = "hits" if kind == "attack" else "successes"
        if data.get(field) != n:
            refuse(field, data.get(field), n, rolled)
        if kind == "sensors":
            side, target = data.get("side"), data.get("target")
            if isinstance(side, int) and 0 <= side < len(st.sides):
                total = st.sides[side].sensors.get(target, 0) + n  # type: ignore[arg-type]
                if data.get("total") != total:
                    refuse("total", data.get("total"), total, " (the earlier scans plus these)")
        return
    # damage
    unit = st.units.get(data.get("unit"))  # type: ignore[arg-type]
    if unit is None:
        return  # applying it names the unknown unit
    face, result = data.get("face"), data.get("result")
    if face is None:
        if data.get("reason") in _NO_DIE_REASONS:
            return
        if unit.status != "neutralized":
            raise SaveFileError(
                f"{where}: the file destroys {unit.key} without a damage die, but it is "
                f"{unit.status}: only a hit on a neutralized ship destroys it outright"
            )
        if result != "destroyed":
            refuse("result", result, "destroyed", f" (a hit on the neutralized {unit.key})")
        return
    if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
        raise SaveFileError(f"{where}: the file says damage die {face!r}; a die shows 1 to 6")
    if unit.status == "neutralized":
        raise SaveFileError(
            f"{where}: the file rolls damage die {face} for {unit.key}, which is already "
            "neutralized: a hit on it destroys it without a die"
        )
    given = rules.damage(face)
    if result != given:
        refuse("result", result, given, f" for damage die {face} on {unit.key}")
    if given == "hulked" and data.get("hulk_ru") != int(unit.cost // 2):
        refuse("hulk_ru", data.get("hulk_ru"), int(unit.cost // 2), f" (half of {unit.key}'s cost)")
