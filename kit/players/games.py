"""The players' projection of played games: a Job Record, a battle and a journey as they saw them.

* :func:`project_job`: the Job Record for an audience; the players' leaves out the GM's
  adjustment rows, the GM's notes and the seed.
* :func:`battle_story`: what the players' side perceived of a battle, event by event. Their own
  ships' fate and their own rolls are theirs; another side is perceived through the Sensors
  successes the players' side had on it *at that moment* (the battle's own ``sensors`` events):
  its fleet's presence at 0, an entity at 0 plus one per Stealthed (so a Stealthed entity
  against 0 successes is never seen, and neither is its fate), its entity's name at 4. A side
  the players never perceived appears in no line; when it fires on them, the attacker is
  "unseen". The luck told is that of the players' own attack rolls only (the whole battle's
  odds would betray the enemy's strength).
* :func:`journey_story`: a journey's lines with the systems named only when the record knows
  them now (a system hidden later is "an unknown system"), and distances only between two
  known systems.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..audience import GM, PLAYER, Audience
from .values import KnownJob, KnownJobRow

if TYPE_CHECKING:
    from ..regulus.job import Job
    from ..successors.combat.battle import Battle
    from ..successors.knowledge import Knowledge
    from ..successors.sector.journey import Journey

__all__ = ["Story", "battle_story", "journey_story", "project_job"]


@dataclass(frozen=True)
class Story:
    """What a recap tells of one played game, for one audience (plain text only)."""

    lines: tuple[str, ...]
    """What happened, in order."""
    status: str
    """Where it stands."""
    open: str | None
    """What is still open (None once it has ended)."""
    verdict: str | None = None
    """A luck verdict, when the story computes its own (the players' battles)."""
    turning_points: tuple[str, ...] = ()
    """The rolls that mattered most, when the story computes its own."""


def project_job(
    job: Job, knowledge: Knowledge | None = None, *, audience: Audience = PLAYER
) -> KnownJob:
    """A job's record for ``audience``: the players' holds no GM row, note or seed.

    (``knowledge`` is accepted as by every projection; the record holds nothing of jobs.)
    """
    rec = job.record
    players = audience == PLAYER
    rows = tuple(
        KnownJobRow(
            r.index,
            r.turn,
            r.roll,
            r.kind,
            r.incident,
            r.effects,
            r.progress,
            r.threat,
            r.heat,
            tuple(r.consequences),
            tuple(r.crew_lost),
            "" if players else r.note,
        )
        for r in rec.rows
        if not (players and r.kind == "gm")
    )
    crew = tuple(
        (op["name"], op["gig"], tuple(op["contributions"]), bool(op["lead"]), bool(op["active"]))
        for op in rec.crew
    )
    return KnownJob(
        title=rec.title,
        job_type=rec.job_type,
        difficulty=rec.difficulty,
        clock=rec.clock,
        conditions=tuple(rec.conditions),
        outcome=rec.outcome,
        crew=crew,
        rows=rows,
        seed=None if players else rec.seed,
        for_players=players,
    )


# ---------------------------------------------------------------- battles
class _Eyes:
    """What side ``mine`` perceives of the other sides as the log is read."""

    def __init__(self, battle: Battle, mine: int) -> None:
        self.battle, self.mine = battle, mine
        start = battle.sides[mine].sensors
        self.level = {t: start for t in range(len(battle.sides)) if t != mine}

    def read(self, e: Any) -> None:
        if e.kind == "sensors" and e["side"] == self.mine:
            self.level[e["target"]] = int(e["total"])

    def _entity(self, t: int) -> Any:
        return self.battle.sides[t].entity

    def entity_seen(self, t: int) -> bool:
        ent = self._entity(t)
        return ent is not None and self.level[t] - ent.stealth >= 0

    def side_seen(self, t: int) -> bool:
        return t == self.mine or bool(self.battle.sides[t].ships) or self.entity_seen(t)

    def entity_name(self, t: int) -> str:
        ent = self._entity(t)
        if ent is not None and self.level[t] - ent.stealth >= 4:
            return str(ent.name)
        return "an enemy entity"

    def side_name(self, t: int) -> str:
        if t == self.mine:
            return "we"
        ent = self._entity(t)
        if ent is not None and self.level[t] - ent.stealth >= 4:
            return str(ent.name)
        return "an enemy fleet" if self.battle.sides[t].ships else "an enemy entity"


def _side_of_target(battle: Battle, target: Any) -> int | None:
    if isinstance(target, int):
        return target
    unit = battle.state.units.get(target)
    return None if unit is None else unit.owner


def _line(battle: Battle, eyes: _Eyes, e: Any) -> str | None:
    """One event as the players' side perceived it, or None when they did not."""
    from ..successors.combat.battle import describe_event

    d, mine = e.data, eyes.mine
    if e.kind == "attack":
        a, t = d["side"], _side_of_target(battle, d["target"])
        hits = f"{d['hits']} hit{'' if d['hits'] == 1 else 's'}"
        if a == mine:
            aimed = " aimed" if d.get("aimed") else ""
            seen = t is not None and t != mine and eyes.side_seen(t)
            at = f" at {eyes.side_name(t)}" if seen and t is not None else ""
            return f"we fire {len(d['dice'])}{aimed} dice{at}: {hits}"
        if t == mine:
            who = eyes.side_name(a) if eyes.side_seen(a) else "an unseen attacker"
            return f"{who} fires at us: {hits}"
        if t is not None and eyes.side_seen(a) and eyes.side_seen(t):
            return f"{eyes.side_name(a)} fires at {eyes.side_name(t)}: {hits}"
        return None
    if e.kind == "damage":
        unit = battle.state.units[d["unit"]]
        return describe_event(battle, e) if unit.origin == mine else None
    if e.kind == "entity_state":
        s = d["side"]
        if s == mine:
            return f"our entity is {d['state']}"
        return f"{eyes.entity_name(s)} is {d['state']}" if eyes.entity_seen(s) else None
    if e.kind == "imprison":
        s, t = d["side"], d["target"]
        if s == mine:
            return f"we put {eyes.entity_name(t)} in a Cube"
        if t == mine:
            who = eyes.side_name(s) if eyes.side_seen(s) else "an unseen enemy"
            return f"our entity is put in a Cube by {who}"
        return None
    if e.kind == "retreat":
        s = d["side"]
        if s == mine:
            return f"we retreat with {len(d['units'])} ships"
        if not eyes.side_seen(s):
            return None
        many = f" with {len(d['units'])} ships" if eyes.level[s] >= 1 else ""
        return f"{eyes.side_name(s)} retreats{many}"
    return None


def battle_story(battle: Battle, start: int, side: int) -> Story:
    """What the players' ``side`` perceived of ``battle`` from event ``start`` on."""
    from ..successors.combat.luck import hits_percentile

    eyes = _Eyes(battle, side)
    lines: list[str] = []
    rolls: list[tuple[float, str]] = []
    rnd = 0
    for k, e in enumerate(battle.events):
        eyes.read(e)
        if e.kind == "phase":
            rnd = int(e.get("round", rnd))
            continue
        if k < start:
            continue
        if e.kind == "attack" and e["side"] == side and e["dice"]:
            p = hits_percentile(e["dice"], e["hits"])
            rolls.append((p, f"round {rnd}: our {len(e['dice'])} dice scored {e['hits']} hits"))
        line = _line(battle, eyes, e)
        if line is not None:
            lines.append(f"round {rnd}: {line}")
    res = battle.result
    if res is None:
        status, still = "open", f"round {battle.round}, next phase {battle.next_phase}"
    else:
        won = res.get("winner_index")
        status = "we won" if won == side else ("no winner" if won is None else "we did not win")
        still = None
    verdict = None
    turning: tuple[str, ...] = ()
    if rolls:
        mean = sum(p for p, _ in rolls) / len(rolls)
        verdict = f"our own attack rolls hit at the {mean:.0%} mark on average"
        extreme = sorted(rolls, key=lambda r: -abs(r[0] - 0.5))[:3]
        turning = tuple(f"{text} (percentile {p:.0%})" for p, text in extreme)
    return Story(tuple(lines), status, still, verdict, turning)


# ---------------------------------------------------------------- journeys
def journey_story(
    journey: Journey, start: int, knowledge: Knowledge | None, audience: Audience = PLAYER
) -> Story:
    """A journey's lines from event ``start`` on; for the players, names the record knows only."""
    if audience == GM:
        lines = journey.record()
        if start:
            from ..successors.sector.journey import Journey

            raw = journey.to_dict()
            prefix = Journey.from_dict({**raw, "events": raw["events"][:start]})
            lines = lines[len(prefix.record()) :]
        st = journey.state()
        if journey.arrived:
            return Story(tuple(lines), f"arrived on day {st['day']}", None)
        return Story(
            tuple(lines),
            "open",
            f"at {st['at']} on day {st['day']}, leg {st['leg'] + 1} of {len(journey.legs)}",
        )

    def name(i: int) -> str:
        n = journey.names[min(i, len(journey.names) - 1)]
        known = knowledge is not None and knowledge.knows_system(n)  # no record: none known
        return n if known else "an unknown system"

    lines = [f"left behind: {n} ({why})" for n, why in journey.left_behind] if not start else []
    for e in list(journey.log)[start:]:
        day = f"day {e['day']:>3}"
        if e.kind == "move":
            lines.append(f"{day}: moved {e['orbits']} orbit(s) in {name(e['at'])}")
            continue
        a, b = name(e["leg"]), name(e["leg"] + 1)
        if e.kind == "plot":
            lines.append(
                f"{day}: plot {a} -> {b}: dice {e['dice']} rolled {e['faces']}, "
                f"{e['successes']} success(es) ({e['total']}/{e['needed']})"
            )
        elif e.kind == "jump":
            known = "an unknown system" not in (a, b)
            lines.append(f"{day}: jump {a} -> {b}" + (f" ({e['ly']:.1f} ly)" if known else ""))
        else:
            lines.append(f"{day}: through the Hyper Gate {a} -> {b}")
    st = journey.state()
    if journey.arrived:
        return Story(tuple(lines), f"arrived on day {st['day']}", None)
    return Story(tuple(lines), "open", f"at {name(st['leg'])} on day {st['day']}")
