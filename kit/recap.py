"""The session recap: what happened in a campaign's games, with turning points and luck.

:func:`session_recap` reads the event logs of a campaign's jobs, boards, battles and journeys
and writes a handout of what happened, game by game, with each game's luck verdict and the
rolls that moved its odds most (:func:`kit.regulus.luck.luck`,
:func:`kit.boards.luck`, :func:`kit.successors.combat.luck`,
:func:`kit.successors.sector.luck.luck`), followed by what is still open: unfinished
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

**Audience.** ``audience="player"`` tells each game as the players' projection of it
(:mod:`kit.players.games`): jobs without GM notes, GM adjustment rows or seeds; battles as the
players' side perceived them through its own Sensors successes at each moment (their own
ships' fate, enemies named only once their Sensors name them, nothing of an entity they never
detected, such as a Stealthed one against too few successes, and only their own rolls' luck:
the battle's odds would betray the enemy's strength); journeys naming only the systems the
knowledge record knows now (a system hidden since is "an unknown system"). The session notes'
text (the GM's notes) is left out. Every piece of user text is escaped in both Markdown and
HTML.

**Kinds.** Each kind of game says how it is told by its ``recap`` hook in :mod:`kit.kinds`
(:func:`recap_job`, :func:`recap_board`, :func:`recap_battle`, :func:`recap_journey`).

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

import inspect
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import registry, validate
from .audience import PLAYER, Audience
from .audience import audience as check_audience
from .errors import IllegalAction, InvalidInput, InvalidType
from .handouts.document import Document
from .players.games import Story, battle_story, journey_story, project_job

if TYPE_CHECKING:
    from .advising import Luck
    from .boards.base import Board
    from .boards.checks import ChecksLike
    from .campaign import Campaign
    from .campaign_store import SessionNote
    from .regulus.job import Job
    from .rng import SeedLike
    from .successors.combat.battle import Battle
    from .successors.knowledge import Knowledge
    from .successors.sector.journey import Journey

__all__ = [
    "GAME_COLLECTIONS",
    "RecapEntry",
    "SessionRecap",
    "recap_battle",
    "recap_board",
    "recap_job",
    "recap_journey",
    "session_recap",
]

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
    luck: Luck | None = field(default=None, repr=False, compare=False)
    """The full luck report (GM recaps only; None for players)."""


@dataclass(frozen=True)
class SessionRecap:
    """A campaign's recap for one audience; render with :meth:`markdown` or :meth:`html`."""

    campaign: str
    """The campaign's name."""
    audience: Audience
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

    def _doc(self) -> Document:
        player = self.audience == PLAYER
        doc = Document(f"Session recap: {self.campaign}" + (" (player handout)" if player else ""))
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
def _events(collection: str, obj: Any) -> list[object]:
    return list(obj.log if collection == "journeys" else obj.events)


def _turning(luck: Luck, audience: Audience) -> tuple[str, ...]:
    battle = getattr(luck, "kind", "job") == "battle"
    hide = battle and (audience == PLAYER or not getattr(luck, "n_phase", 0))
    out = []
    for s in luck.turning_points(3):
        chance = "" if hide else f", {s.chance_before:.0%} -> {s.chance_after:.0%}"
        out.append(f"{s.phase} #{s.index}: {s.incident} (percentile {s.percentile:.0%}{chance})")
    return tuple(out)


def _verdict(luck: Luck, audience: Audience) -> str:
    text = str(luck.verdict)
    if audience != PLAYER and getattr(luck, "method", "exact") != "exact":
        text += f" [{luck.method}]"
    return text


def recap_job(
    job: Job,
    start: int,
    *,
    audience: Audience,
    knowledge: Knowledge | None = None,
    side: int | str = 0,
) -> Story:
    """A job's rows from event ``start`` on, for ``audience`` (the kind's ``recap`` hook)."""
    from .regulus import Job

    before = 0
    if start:
        events = job.to_dict()["events"]
        before = len(Job.from_dict({**job.setup_dict(), "events": events[:start]}).rows)
    record = project_job(job, audience=audience)
    lines = []
    for r in record.rows:
        if r.index <= before:
            continue
        if r.kind == "gm":
            lines.append(f"turn {r.turn}: GM adjustment: {r.effects}")
        else:
            lines.append(
                f"turn {r.turn}: {r.kind} roll {r.roll}: {r.incident} ({r.effects}); "
                f"Progress {r.progress}, Threat {r.threat}, Heat {r.heat}"
            )
        if r.note:
            lines.append(f"GM note on row {r.index}: {r.note}")
    status = job.outcome or "open"
    if job.ended:
        return Story(tuple(lines), status, None)
    left = f"Progress {job.progress} of {job.difficulty}, {job.clock_left} tick(s) left"
    wait = f"; waiting for a decision: {job.pending}" if job.pending else ""
    return Story(tuple(lines), status, left + wait)


def recap_board(
    board: Board[Any],
    start: int,
    *,
    audience: Audience,
    knowledge: Knowledge | None = None,
    side: int | str = 0,
) -> Story:
    """A board's checks from event ``start`` on (the same for both audiences: every check is
    made at the table)."""
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
    return Story(tuple(lines), status, None if board.finished else str(board.result))


_BATTLE_KINDS = ("attack", "damage", "retreat", "end", "imprison", "entity_state")


def recap_battle(
    battle: Battle,
    start: int,
    *,
    audience: Audience,
    knowledge: Knowledge | None = None,
    side: int | str = 0,
) -> Story:
    """A battle from event ``start`` on: every event for the GM, what the players' ``side``
    perceived for them (:func:`kit.players.battle_story`)."""
    from .successors.combat.battle import describe_event

    names = [s.name for s in battle.sides]
    mine = names.index(side) if isinstance(side, str) and side in names else side
    if not isinstance(mine, int) or not 0 <= mine < len(names):
        mine = 0
    if audience == PLAYER:
        return battle_story(battle, start, mine)
    lines = []
    rnd = 0
    for e in battle.events[start:]:
        if e.kind == "phase":
            rnd = int(e.get("round", rnd))
            continue
        if e.kind in _BATTLE_KINDS:
            lines.append(f"round {rnd}: {describe_event(battle, e)}")
    res = battle.result
    if res is not None:
        return Story(tuple(lines), f"winner {res['winner'] or 'none'} ({res['reason']})", None)
    return Story(tuple(lines), "open", f"round {battle.round}, next phase {battle.next_phase}")


def _players_battle(battle: Battle, side: int | str) -> bool:
    """Whether the players' ``side`` (an index, or a name) fought in ``battle``."""
    if isinstance(side, str):
        return side in [s.name for s in battle.sides]
    return 0 <= side < len(battle.sides)


def recap_journey(
    journey: Journey,
    start: int,
    *,
    audience: Audience,
    knowledge: Knowledge | None = None,
    side: int | str = 0,
) -> Story:
    """A journey from event ``start`` on; for the players, with the names the record knows."""
    return journey_story(journey, start, knowledge, audience)


def _luck(obj: object, options: Mapping[str, Any]) -> Luck | None:
    """The luck report of a played object, from its kind's ``luck`` hook (:mod:`kit.registry`),
    given those of the recap's options the hook takes (a board's ``checks``; a battle's
    ``side``, ``n``, ``n_phase`` and ``seed``); None when it has none or nothing was played."""
    kind = registry.find(obj)
    hook = kind.luck if kind is not None else None
    if hook is None:
        return None
    offered = {
        "checks": options["checks"],
        "side": options["side"],
        "n": options["battle_n"],
        "n_phase": options["battle_n_phase"],
        "seed": options["seed"],
    }
    taken = inspect.signature(hook).parameters
    try:
        report: Luck = hook(obj, **{k: v for k, v in offered.items() if k in taken})
    except IllegalAction:
        return None
    return report


def _kind(collection: str, obj: Any) -> str:
    if collection == "boards":
        return f"{obj.KIND} board"
    return collection[:-1]


# ---------------------------------------------------------------- the mark
def _resolve_since(
    campaign: Campaign, since: object
) -> tuple[dict[str, int], list[SessionNote], str, list[str]]:
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
    campaign: Campaign,
    since: str | Mapping[str, int] | None = None,
    audience: Audience = "gm",
    *,
    checks: ChecksLike = "2d6",
    side: int | str = 0,
    battle_n: int = 200,
    battle_n_phase: int = 0,
    seed: SeedLike = 0,
) -> SessionRecap:
    """A recap of ``campaign``'s games since a mark, for the GM or the players (see the module).

    Args:
        campaign: a :class:`kit.Campaign`.
        since: None, a date "YYYY-MM-DD", a session note's title, or an earlier recap's mark.
        audience: "gm" for everything, "player" for what the players may read.
        checks: the players' check distribution for boards' luck (the host game's dice).
        side: the players' side in battles (index or name). Given by name, a battle without
            a side of that name is not the players' and is left out of their recap.
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
    aud = check_audience(audience)
    player = aud == PLAYER
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
            if player and collection == "battles" and not _players_battle(obj, side):
                continue  # the players' side (named) is not in it: they were not there
            recap = registry.hook(obj, "recap").recap
            assert recap is not None
            story = recap(obj, first, audience=aud, knowledge=campaign.knowledge, side=side)
            assert isinstance(story, Story)
            if player and story.verdict is not None:  # the story's own luck (a battle's)
                report, verdict, turning = None, story.verdict, story.turning_points
            elif player and collection == "battles":
                report, verdict, turning = None, None, ()
            else:
                report = _luck(obj, options)
                verdict = None if report is None else _verdict(report, aud)
                turning = () if report is None else _turning(report, aud)
            entries.append(
                RecapEntry(
                    collection,
                    name,
                    _kind(collection, obj),
                    story.status,
                    story.lines,
                    verdict,
                    turning,
                    story.open,
                    None if player else report,
                )
            )
    return SessionRecap(
        campaign=campaign.name,
        audience=aud,
        since=described,
        sessions=tuple((s.title, s.date, "" if player else s.text) for s in sessions),
        entries=tuple(entries),
        notices=(*notices, ORDER_NOTE),
        mark=mark,
    )
