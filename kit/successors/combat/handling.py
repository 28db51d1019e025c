"""What a Handling die can do, and the rates of its work: shared by the battle's repair phase
(``operations``) and the days of work out of combat (``workshop``).

>>> TASKS
('repair', 'recondition', 'gather', 'build', 'mine', 'recycle')
>>> MINING_RATES["crust"], RECYCLE_RU
(2, 5)
"""

from __future__ import annotations

from ..abilities import HANDLING_TASKS
from ..entities import ABILITIES, Entity

__all__ = ["MINING_RATES", "RECYCLE_RU", "TASKS", "entity_repair_ability"]

#: Operations a Handling die can do (the abilities module's list, kept once).
TASKS = HANDLING_TASKS
#: RU per success by where the RU lie.
MINING_RATES = {"surface": 3, "crust": 2, "core": 1}
#: RU a success of recycling breaks off.
RECYCLE_RU = 5


def entity_repair_ability(ent: Entity) -> str | None:
    """Which ability a repair of the entity fixes: one below 1 first (so a neutralized entity
    comes back soonest), else the one hit most; None when it has no hits."""
    hit = [(ent.damage[i], -i, a) for i, a in enumerate(ABILITIES) if ent.damage[i] > 0]
    if not hit:
        return None
    low = [a for a in ABILITIES if ent.base(a) >= 1 and ent.current(a) < 1]
    return low[0] if low else max(hit)[2]
