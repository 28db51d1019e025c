"""Two GMs saving one campaign at the same moment: exactly one wins, the other is told (#23).

Before: ``Campaign.save`` checked "has the file changed since I loaded it?" and then replaced it
in a second step, so two overlapping saves could both pass the check and one silently replaced
the other (2 to 8 times in a typical run of concurrent writers). The check and the replacement
are now one step under the file's save lock (:mod:`kit.atomic`).

The forced interleavings pause one saver inside that step (the ``_before_replace`` seam) and
drive the other with threads and events. The process test runs real processes that load, edit
and save one file as fast as they can; every successful save names the version it was based on,
so a silent overwrite shows as two successful saves based on the same version.
"""

from __future__ import annotations

import json
import multiprocessing
import threading
from pathlib import Path

import pytest

from kit import Campaign, atomic, store
from kit.boards import StandardBoard
from kit.errors import SaveConflict, SaveFileError
from kit.regulus import Job, Operative

#: Seconds a thread may wait for another before the test calls it stuck.
WAIT = 10


class Saver(threading.Thread):
    """Save ``camp`` to ``path`` in a thread; keep the outcome ("saved" or the exception)."""

    def __init__(self, camp: Campaign, path: Path) -> None:
        super().__init__(daemon=True)
        self.camp, self.path = camp, path
        self.outcome: object = None
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self.camp.save(self.path)
            self.outcome = "saved"
        except Exception as exc:
            self.outcome = exc
        finally:
            self.done.set()


def pause_first_saver(monkeypatch):
    """Make the first save that reaches the seam wait there until ``go`` is set."""
    checked, go = threading.Event(), threading.Event()
    first = threading.Lock()

    def hook(_target: Path) -> None:
        if first.acquire(blocking=False):  # only the first saver to get here pauses
            checked.set()
            assert go.wait(WAIT), "the test never let the paused saver go on"

    monkeypatch.setattr(atomic, "_before_replace", hook)
    return checked, go


def two_editors(path: Path) -> tuple[Campaign, Campaign]:
    Campaign("Shared").save(path)
    alice, bob = Campaign.load(path), Campaign.load(path)
    alice.notes, bob.notes = "Alice's notes", "Bob's notes"
    return alice, bob


def test_a_saver_paused_between_check_and_replace_holds_the_other_off(tmp_path, monkeypatch):
    path = tmp_path / "shared.json"
    alice, bob = two_editors(path)
    checked, go = pause_first_saver(monkeypatch)
    a = Saver(alice, path)
    a.start()
    assert checked.wait(WAIT)  # Alice found the file unchanged and is about to replace it
    b = Saver(bob, path)
    b.start()
    # Bob cannot even check while Alice holds the lock: he waits instead of racing her
    assert not b.done.wait(0.3), f"Bob's save finished while Alice was mid-save: {b.outcome!r}"
    go.set()
    assert a.done.wait(WAIT) and b.done.wait(WAIT)
    assert a.outcome == "saved"
    assert isinstance(b.outcome, SaveConflict), b.outcome
    assert Campaign.load(path).notes == "Alice's notes"
    bob.save(path, force=True)  # Bob may still overwrite on purpose
    assert Campaign.load(path).notes == "Bob's notes"


def test_either_order_exactly_one_wins(tmp_path, monkeypatch):
    path = tmp_path / "shared.json"
    alice, bob = two_editors(path)
    checked, go = pause_first_saver(monkeypatch)
    b = Saver(bob, path)
    b.start()
    assert checked.wait(WAIT)
    a = Saver(alice, path)
    a.start()
    assert not a.done.wait(0.3)
    go.set()
    assert a.done.wait(WAIT) and b.done.wait(WAIT)
    assert b.outcome == "saved" and isinstance(a.outcome, SaveConflict)
    assert Campaign.load(path).notes == "Bob's notes"


def test_without_the_lock_the_same_interleaving_loses_a_save(tmp_path, monkeypatch):
    # The documented degrade (a file system without locks) and the old two-step save: the
    # interleaving above then lets both savers pass the check, and Bob's save is lost without
    # a word. This is what the lock prevents, and shows the tests above can see it happen.
    path = tmp_path / "shared.json"
    alice, bob = two_editors(path)

    class NoLock:
        def __init__(self, _target: Path) -> None:
            pass

        def __enter__(self) -> bool:
            return False

        def __exit__(self, *exc: object) -> None:
            return None

    monkeypatch.setattr(atomic, "locked", NoLock)
    checked, go = pause_first_saver(monkeypatch)
    a = Saver(alice, path)
    a.start()
    assert checked.wait(WAIT)
    b = Saver(bob, path)
    b.start()
    assert b.done.wait(WAIT)  # nothing holds Bob off: he checks, passes and writes
    go.set()
    assert a.done.wait(WAIT)
    assert (a.outcome, b.outcome) == ("saved", "saved")
    assert Campaign.load(path).notes == "Alice's notes"  # Bob's save is silently gone


def test_a_failed_save_releases_the_lock(tmp_path, monkeypatch):
    path = tmp_path / "shared.json"
    alice, bob = two_editors(path)

    def boom(_target: Path) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(atomic, "_before_replace", boom)
    with pytest.raises(OSError, match="disk full"):
        alice.save(path)
    monkeypatch.setattr(atomic, "_before_replace", None)
    bob.save(path)  # would hang if the lock were still held
    assert Campaign.load(path).notes == "Bob's notes"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".shared.json.lock", "shared.json"]


def test_a_file_replaced_by_something_unreadable_is_a_conflict(tmp_path):
    path = tmp_path / "shared.json"
    alice, _ = two_editors(path)
    path.write_bytes(b"\0" * (store.MAX_BYTES + 10))  # too big to load, still someone's file
    with pytest.raises(SaveConflict):
        alice.save(path)
    assert path.stat().st_size == store.MAX_BYTES + 10


# ---------------------------------------------------------------- real processes
WORKERS = 4
ATTEMPTS = 500  # per worker: 2,000 overlapping saves in all, a few seconds on two cores


def _edit_and_save(path: str, worker: int, attempts: int, start, out: str) -> None:
    """Load, edit and save ``path`` ``attempts`` times; write what happened to ``out``."""
    wins: list[list[str]] = []
    conflicts = 0
    errors: list[str] = []
    start.wait()
    for i in range(attempts):
        camp = Campaign.load(path)
        parent = camp.notes  # the version this save is based on
        camp.notes = f"{worker}-{i}"
        try:
            camp.save(path)
        except SaveConflict:
            conflicts += 1
        except Exception as exc:  # reported, not raised: the parent counts them
            errors.append(repr(exc))
        else:
            wins.append([camp.notes, parent])
    Path(out).write_text(json.dumps({"wins": wins, "conflicts": conflicts, "errors": errors}))


def test_thousands_of_overlapping_saves_from_processes_lose_nothing(tmp_path):
    path = tmp_path / "shared.json"
    Campaign("Shared", notes="root").save(path)
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    start = ctx.Event()
    outs = [tmp_path / f"worker{w}.json" for w in range(WORKERS)]
    procs = [
        ctx.Process(target=_edit_and_save, args=(str(path), w, ATTEMPTS, start, str(outs[w])))
        for w in range(WORKERS)
    ]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    results = [json.loads(o.read_text()) for o in outs]
    wins = [tuple(w) for r in results for w in r["wins"]]
    conflicts = sum(r["conflicts"] for r in results)
    errors = [e for r in results for e in r["errors"]]
    assert not errors, errors[:5]
    assert len(wins) + conflicts == WORKERS * ATTEMPTS
    assert conflicts > 0, "the saves never overlapped; the test proved nothing"
    # a silent overwrite: two successful saves based on the same version
    parents = [parent for _, parent in wins]
    silent = len(parents) - len(set(parents))
    assert silent == 0, f"{silent} silent overwrites in {len(wins)} successful saves"
    # and the successful saves form one unbroken history from the first file to the last
    after = dict((parent, token) for token, parent in wins)
    here, walked = "root", 0
    while here in after:
        here, walked = after[here], walked + 1
    assert walked == len(wins)
    assert Campaign.load(path).notes == here


# ---------------------------------------------------------------- never write what cannot load
def test_a_campaign_the_loader_would_refuse_is_not_written(tmp_path):
    path = tmp_path / "c.json"
    camp = Campaign("C")
    board = StandardBoard([6, 5, 7, 4], goal=3)
    camp.add(board, "board")
    camp.save(path)
    before = path.read_bytes()
    board.events.append("explode")  # the log's own API, around the board's rules
    with pytest.raises(SaveFileError, match="refuse to load"):
        camp.save(path)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.tmp"))  # no half-written temporary file either


def test_a_job_the_loader_would_refuse_is_not_written(tmp_path):
    job = Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1)
    job.save(tmp_path / "job.json")
    before = (tmp_path / "job.json").read_bytes()
    vars(job)["details"] = "x" * 5000  # around the checked field, as only a bug could
    with pytest.raises(SaveFileError, match="refuse to load"):
        job.save(tmp_path / "job.json")
    assert (tmp_path / "job.json").read_bytes() == before


def test_without_file_locks_saves_still_check_and_write(tmp_path, monkeypatch):
    # a file system without locks (JupyterLite's, some network shares): the documented degrade
    fcntl = pytest.importorskip("fcntl")

    def no_locks(*_a: object) -> None:
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    path = tmp_path / "shared.json"
    alice, bob = two_editors(path)
    with atomic.locked(path) as held:
        assert held is False
    alice.save(path)
    with pytest.raises(SaveConflict):  # the check itself still runs
        bob.save(path)
    assert Campaign.load(path).notes == "Alice's notes"
