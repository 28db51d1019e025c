"""The session recap: what happened in a campaign's games, with turning points and luck.

:func:`session_recap` reads the event logs of a campaign's jobs, boards, battles and journeys
and writes a handout of what happened, game by game, with each game's luck verdict and the
rolls that moved its odds most (:func:`kit.regulus.luck.luck`,
:func:`kit.boards.luck.board_luck`, :func:`kit.successors.combat.luck.battle_luck`,
:func:`kit.successors.sector.luck.journey_luck`), followed by what is still open: unfinished
games and decisions a job waits for.

**Since when.** Games in the kit keep no play dates, only their event logs, so a recap cannot
tell by itself which games were played on which evening. ``since`` therefore takes:

* ``None``: every game with something played in it, and every session note;
* a ``mark``: the :attr:`SessionRecap.mark` of an earlier recap (a ``{"jobs/name": events}``
  dict, plain JSON, so it can be kept anywhere). Only what was played after it is listed, to
  the event; this is the exact way to say "since last session";
* a date ``"YYYY-MM-DD"`` or a session note's title: the session notes from that one on. The
  games cannot be filtered this way, so every game with play in it is listed and the recap
  says so.

**Order.** Within a game, events are in the order they were played. Across games the campaign
keeps no times, so games are listed kind by kind (jobs, boards, battles, journeys), each kind
in the order the games were added to the campaign; the recap says that this order is
approximate.

**Audience.** ``audience="player"`` leaves out what :func:`kit.handouts.handout` hides from
players: GM notes and GM adjustment rows of jobs, seeds, the session notes' text (the GM's
notes), and in battles the damage lines about the enemy's ships (the players know an enemy
fleet only as far as their Sensors tell them; their own ships' damage stays) and the win chances, which would betray the
enemy's strength. Every piece of user text is escaped in both Markdown and HTML.

>>> from kit import Campaign
>>> from kit.regulus import Job, Operative
>>> camp = Campaign("Neon Reach")
>>> job = Job("heist", 3, 4, [Operative("Ash", "Thief")], seed=1)
>>> for total in (12, 10):
...     _ = job.roll(total)
>>> _ = camp.add(job, "vault job")
>>> recap = session_recap(camp)
>>> [e.name for e in recap.entries], recap.mark
(['vault job'], {'jobs/vault job': 2})
>>> session_recap(camp, since=recap.mark).entries
()
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import validate
from .errors import IllegalAction, InvalidInput, InvalidType
from .handouts import AUDIENCES, _Doc

__all__ = ["GAME_COLLECTIONS", "RecapEntry", "SessionRecap", "session_recap"]

#: The campaign collections a recap reads, in the order it lists them.
GAME_COLLECTIONS = ("jobs", "boards", "battles", "journeys")

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

ORDER_NOTE = (
    "Order: each game's events are in the order they were played. The campaign keeps no "
    "play times, so games are listed kind by kind (jobs, boards, battles, journeys), each "
    "kind in the order the games were added: the order across games is approximate."
)


@dataclass(frozen=True)
class RecapEntry:
    """One game in a recap."""

    collection: str
    """The campaign collection it is in ("jobs", "boards", "battles", "journeys")."""
    name: str
    """Its name in the campaign."""
    kind: str
    """What it is ("job", "standard board", "battle", "journey")."""
    status: str
    """Where it stands ("success", "open: ...")."""
    lines: tuple[str, ...]
    """What happened, in order (only what the audience may read)."""
    verdict: str | None
    """The luck verdict, or None when nothing has been rolled."""
    turning_points: tuple[str, ...]
    """The rolls that moved the odds most, largest first, as text."""
    open: str | None
    """What is still open about it (None once it has ended)."""
    luck: Any = field(default=None, repr=False, compare=False)
    """The full luck report (GM recaps only; None for players)."""


@dataclass(frozen=True)
class SessionRecap:
    """A campaign's recap for one audience; render with :meth:`markdown` or :meth:`html`."""

    campaign: str
    """The campaign's name."""
    audience: str
    """"gm" or "player"."""
    since: str
    """How the recap was limited, in words."""
    sessions: tuple[tuple[str, str, str], ...]
    """(title, date, text) of the session notes covered (text empty for players)."""
    entries: tuple[RecapEntry, ...]
    """The games, in the recap's order."""
    notices: tuple[str, ...]
    """What the reader should know about the order and the limits of the recap."""
    mark: dict[str, int]
    """Events played in every game so far: pass it as ``since=`` to the next recap."""

    @property
    def open_items(self) -> list[str]:
        """Everything still open, one line per game."""
        return [f"{e.name} ({e.kind}): {e.open}" for e in self.entries if e.open]

    def _doc(self) -> Any:
        player = self.audience == "player"
        doc = _Doc(f"Session recap: {self.campaign}" + (" (player handout)" if player else ""))
        doc.items([("Covers", self.since), ("Games", len(self.entries))])
        for notice in self.notices:
            doc.p(notice)
        if self.sessions:
            doc.h("Sessions")
            for title, date, text in self.sessions:
                doc.p(f"{date}: {title}" if date else title)
                if text:
                    doc.p(text)
        for e in self.entries:
            doc.h(f"{e.name} ({e.kind}): {e.status}")
            if e.lines:
                doc.table(["#", "What happened"], [[i + 1, line] for i, line in enumerate(e.lines)])
            if e.verdict:
                doc.items([("Luck", e.verdict)])
            if e.turning_points:
                doc.table(
                    ["Turning point", "What moved the odds"],
                    [[i + 1, t] for i, t in enumerate(e.turning_points)],
                )
        doc.h("Still open")
        items = self.open_items
        if items:
            for line in items:
                doc.p(line)
        else:
            doc.p("Nothing: every game listed has ended.")
        return doc

    def markdown(self) -> str:
        """The recap as Markdown (user text escaped)."""
        return str(self._doc().markdown())

    def html(self) -> str:
        """The recap as a standalone, printable HTML page (user text escaped)."""
        return str(self._doc().html())

    def _repr_html_(self) -> str:
        page = self.html()
        body = page.split("<body>", 1)[1].split("<footer>", 1)[0]
        return f'<div class="gmk-recap">{body}</div>'

    def __repr__(self) -> str:
        return (
            f"SessionRecap({self.campaign!r}, audience={self.audience!r}, "
            f"{len(self.entries)} games, {len(self.open_items)} open)"
        )


# ---------------------------------------------------------------- per kind of game
def _events(collection: str, obj: Any) -> list[Any]:
    return list(obj.log if collection == "journeys" else obj.events)


def _turning(luck: Any, player: bool) -> tuple[str, ...]:
    battle = getattr(luck, "kind", "job") == "battle"
    hide = battle and (player or not getattr(luck, "n_phase", 0))
    out = []
    for s in luck.turning_points(3):
        chance = "" if hide else f", {s.chance_before:.0%} -> {s.chance_after:.0%}"
        out.append(f"{s.phase} #{s.index}: {s.incident} (percentile {s.percentile:.0%}{chance})")
    return tuple(out)


def _verdict(luck: Any, player: bool) -> str:
    if player and getattr(luck, "kind", "job") == "battle":
        mean = luck.mean_percentile
        return (
            f"the rolls went the players' way at the {mean:.0%} mark on average"
            if mean is not None
            else "no rolls"
        )
    text = str(luck.verdict)
    if not player and getattr(luck, "method", "exact") != "exact":
        text += f" [{luck.method}]"
    return text


def _job(job: Any, start: int, player: bool) -> tuple[list[str], str, str | None]:
    from .regulus import Job

    before = 0
    if start:
        events = job.to_dict()["events"]
        before = len(Job.from_dict({**job.setup_dict(), "events": events[:start]}).rows)
    lines = []
    for r in job.rows[before:]:
        if r.kind == "gm":
            if player:
                continue
            lines.append(f"turn {r.turn}: GM adjustment: {r.effects}")
        else:
            lines.append(
                f"turn {r.turn}: {r.kind} roll {r.roll}: {r.incident} ({r.effects}); "
                f"Progress {r.progress}, Threat {r.threat}, Heat {r.heat}"
            )
        if r.note and not player:
            lines.append(f"GM note on row {r.index}: {r.note}")
    status = job.outcome or "open"
    if job.ended:
        return lines, status, None
    left = f"Progress {job.progress} of {job.difficulty}, {job.clock_left} tick(s) left"
    wait = f"; waiting for a decision: {job.pending}" if job.pending else ""
    return lines, status, left + wait


def _board(board: Any, start: int) -> tuple[list[str], str, str | None]:
    from .log import EventLog

    seen = 0
    if start:
        prefix = board._with_setup()
        prefix.replay(EventLog(list(board.events)[:start]))
        seen = len(prefix.history)
    lines = []
    for r in board.history[seen:]:
        who = "" if r.side == "player" else f"{r.side}: "
        word = "success" if r.success else "failure"
        skill = f" with {r.skill}" if r.skill else ""
        lines.append(f"{who}check {r.value}{skill} vs {r.target} (slot {r.slot}): {word}")
    status = board.outcome or "open"
    return lines, status, None if board.finished else str(board.result)


_BATTLE_KINDS = ("attack", "damage", "retreat", "end", "imprison", "entity_state")


def _battle(
    battle: Any, start: int, player: bool, side: int | str
) -> tuple[list[str], str, str | None]:
    from .successors.combat.battle import describe_event

    names = [s.name for s in battle.sides]
    mine = names.index(side) if isinstance(side, str) and side in names else side

    lines = []
    rnd = 0
    for e in battle.events[start:]:
        if e.kind == "phase":
            rnd = int(e.get("round", rnd))
            continue
        if e.kind not in _BATTLE_KINDS:
            continue
        if player and e.kind == "damage" and battle.state.units[e["unit"]].origin != mine:
            continue  # the players see what happens to their own ships only
        lines.append(f"round {rnd}: {describe_event(battle, e)}")
    res = battle.result
    if res is not None:
        return lines, f"winner {res['winner'] or 'none'} ({res['reason']})", None
    return lines, "open", f"round {battle.round}, next phase {battle.next_phase}"


def _journey(journey: Any, start: int) -> tuple[list[str], str, str | None]:
    from .successors.sector.journey import Journey

    lines = journey.record()
    if start:
        raw = journey.to_dict()
        prefix = Journey.from_dict({**raw, "events": raw["events"][:start]})
        lines = lines[len(prefix.record()) :]
    st = journey.state()
    if journey.arrived:
        return lines, f"arrived on day {st['day']}", None
    return (
        lines,
        "open",
        f"at {st['at']} on day {st['day']}, leg {st['leg'] + 1} of {len(journey.legs)}",
    )


def _luck(collection: str, obj: Any, options: Mapping[str, Any]) -> Any:
    try:
        if collection == "jobs":
            from .regulus.luck import luck

            return luck(obj)
        if collection == "boards":
            from .boards.luck import board_luck

            return board_luck(obj, options["checks"])
        if collection == "battles":
            from .successors.combat.luck import battle_luck

            return battle_luck(
                obj,
                options["side"],
                n=options["battle_n"],
                n_phase=options["battle_n_phase"],
                seed=options["seed"],
            )
        from .successors.sector.luck import journey_luck

        return journey_luck(obj)
    except IllegalAction:
        return None


def _kind(collection: str, obj: Any) -> str:
    if collection == "boards":
        return f"{obj.KIND} board"
    return collection[:-1]


# ---------------------------------------------------------------- the mark
def _resolve_since(campaign: Any, since: Any) -> tuple[dict[str, int], list[Any], str, list[str]]:
    """(event counts to start from, session notes covered, description, notices)."""
    sessions = list(campaign.sessions)
    if since is None:
        return {}, sessions, "everything played so far", []
    if isinstance(since, Mapping):
        mark = {}
        for k, v in since.items():
            key = validate.text("since key", k, max_len=300)
            mark[key] = validate.integer(f"since[{key!r}]", v, 0)
        return mark, [], "what was played since the last recap's mark", []
    if not isinstance(since, str):
        raise InvalidType(
            "since must be None, a date 'YYYY-MM-DD', a session title or a recap's mark "
            f"(a dict), got {type(since).__name__}"
        )
    games = (
        "Games keep no play dates, so every game with play in it is listed; pass the previous "
        "recap's mark as since= to list only what is new."
    )
    if _DATE.match(since):
        covered = [s for s in sessions if s.date and s.date >= since]
        return {}, covered, f"sessions dated {since} or later", [games]
    titles = [s.title for s in sessions]
    if since not in titles:
        raise InvalidInput(
            f"since {since!r} is neither a date 'YYYY-MM-DD' nor a session title; "
            f"the sessions are: {', '.join(repr(t) for t in titles) or 'none'}"
        )
    at = titles.index(since)
    return {}, sessions[at:], f"sessions from {since!r} on", [games]


def session_recap(
    campaign: Any,
    since: Any = None,
    audience: str = "gm",
    *,
    checks: Any = "2d6",
    side: int | str = 0,
    battle_n: int = 200,
    battle_n_phase: int = 0,
    seed: Any = 0,
) -> SessionRecap:
    """A recap of ``campaign``'s games since a mark, for the GM or the players (see the module).

    Args:
        campaign: a :class:`kit.Campaign`.
        since: None, a date "YYYY-MM-DD", a session note's title, or an earlier recap's mark.
        audience: "gm" for everything, "player" for what the players may read.
        checks: the players' check distribution for boards' luck (the host game's dice).
        side: the players' side in battles (index or name).
        battle_n: simulated battles behind a battle's outcome percentile.
        battle_n_phase: continued battles around each attack phase (0: turning points from
            the rolls' percentiles, which is much faster).
        seed: seeds the battles' Monte Carlo, so the same campaign gives the same recap.

    Raises:
        InvalidType: ``campaign`` is not a Campaign, or ``since`` has the wrong type.
        InvalidInput: ``since`` is a string that is neither a date nor a session's title.
    """
    from .campaign import Campaign

    if not isinstance(campaign, Campaign):
        raise InvalidType(f"session_recap() needs a Campaign, got {type(campaign).__name__}")
    validate.choice("audience", audience, AUDIENCES)
    player = audience == "player"
    start, sessions, described, notices = _resolve_since(campaign, since)
    options = {
        "checks": checks,
        "side": side,
        "battle_n": battle_n,
        "battle_n_phase": battle_n_phase,
        "seed": seed,
    }
    entries = []
    mark: dict[str, int] = {}
    for collection in GAME_COLLECTIONS:
        for name, obj in campaign.collections[collection].items():
            key = f"{collection}/{name}"
            count = len(_events(collection, obj))
            mark[key] = count
            first = start.get(key, 0)
            if count == 0 or count <= first:
                continue
            if collection == "jobs":
                lines, status, still = _job(obj, first, player)
            elif collection == "boards":
                lines, status, still = _board(obj, first)
            elif collection == "battles":
                lines, status, still = _battle(obj, first, player, side)
            else:
                lines, status, still = _journey(obj, first)
            report = _luck(collection, obj, options)
            entries.append(
                RecapEntry(
                    collection,
                    name,
                    _kind(collection, obj),
                    status,
                    tuple(lines),
                    None if report is None else _verdict(report, player),
                    () if report is None else _turning(report, player),
                    still,
                    None if player else report,
                )
            )
    return SessionRecap(
        campaign=campaign.name,
        audience=audience,
        since=described,
        sessions=tuple((s.title, s.date, "" if player else s.text) for s in sessions),
        entries=tuple(entries),
        notices=(*notices, ORDER_NOTE),
        mark=mark,
    )
