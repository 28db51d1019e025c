"""Writing save files: atomic, checked, and safe with two savers on one file.

:func:`save` writes the text to a temporary file beside the target, flushes it to disk and
moves it over the target in one step, so a crash mid-save leaves the previous file intact.
Saving through a symbolic link writes the file the link points to and keeps the link; the
file keeps its permissions; temporary files a crashed save left behind are removed by the
next save to the same place.

**Never a file the kit cannot read back.** :func:`save_object` loads the text it is about to
write with the object's own loader, and checks that it saves to the same text again, before
the old file is touched; a refusal raises :class:`~kit.errors.SaveFileError` and nothing is
written. (The constructors and setters refuse bad values on entry; this is the last line, for
whatever reached an object some other way.)

**Two savers, one file.** Given ``expect`` (the fingerprint of the file as the saver loaded
it), :func:`save` checks that the file on disk is still that one *and* replaces it in one step,
holding an exclusive lock on a small lock file beside the target (``.NAME.lock``; it is kept,
since deleting a lock file another process waits on would let two savers in at once). Of two
overlapping saves that expect the same file, exactly one replaces it and the other raises
:class:`~kit.errors.SaveConflict`. The lock is ``fcntl.flock`` on POSIX and ``msvcrt.locking``
on Windows. Where neither works (a file system without locks; the browser's in-memory one in
JupyterLite) the save degrades to checking and then replacing without the lock: there, and
only for two kit processes saving within the same instant, one could still overwrite the other.

The store re-exports these (``kit.store.save`` and so on); the module is separate only to keep
reading and writing each under a few hundred lines.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from .errors import KitError, SaveConflict, SaveFileError


class Savable(Protocol):
    """What :func:`save_object` asks of an object: its versioned JSON text (every kind the
    registry saves by default has it, :class:`kit.registry.Savable`)."""

    def to_json(self) -> str:
        """The object as versioned JSON text."""
        ...

    @classmethod
    def from_json(cls, text: str | bytes) -> Savable:
        """The object saved in ``text``."""
        ...


__all__ = [
    "STALE_TMP_SECONDS",
    "check_round_trip",
    "current_fingerprint",
    "fingerprint",
    "locked",
    "save",
    "save_object",
]

#: A temporary file of an interrupted save older than this (seconds) is removed by the next save.
STALE_TMP_SECONDS = 600


def fingerprint(data: bytes) -> str:
    """A short content hash of a file's bytes (used to notice a file changed under us)."""
    import hashlib  # loaded when a file is saved, not when the kit is imported

    return hashlib.sha256(data).hexdigest()


def _real_target(path: str | os.PathLike[str]) -> Path:
    """The file a save to ``path`` should write: the end of any chain of symbolic links."""
    p = Path(path)
    if p.is_symlink():
        return Path(os.path.realpath(p))
    return p


def _default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _clean_stale(directory: Path, name: str) -> None:
    cutoff = time.time() - STALE_TMP_SECONDS
    try:
        candidates = list(directory.glob(f".{name}.*.tmp"))
    except OSError:
        return
    for tmp in candidates:
        _remove_if_older(tmp, cutoff)


def _remove_if_older(tmp: Path, cutoff: float) -> None:
    with contextlib.suppress(OSError):
        if tmp.is_file() and not tmp.is_symlink() and tmp.stat().st_mtime < cutoff:
            tmp.unlink()


#: Test seam: called with the target path while a checked save holds the lock, after its check
#: passed and before it replaces the file (the interleaving tests pause a saver here).
_before_replace: Callable[[Path], None] | None = None

#: How often a Windows save retries a lock another process holds (msvcrt waits 1 s a try).
_WINDOWS_LOCK_TRIES = 120


@contextlib.contextmanager
def locked(target: Path) -> Iterator[bool]:
    """Hold the exclusive save lock of ``target`` (a real path); yield whether it is held.

    The lock is a sidecar file ``.NAME.lock`` beside the target, locked with ``fcntl.flock``
    (POSIX) or ``msvcrt.locking`` (Windows). Where the file system has no locks the block
    runs unlocked and ``False`` is yielded (see the module docs).
    """
    lock_path = target.parent / f".{target.name}.lock"
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:
        yield False  # a read-only or odd directory: the save itself will say what is wrong
        return
    try:
        held = _lock(fd)
        try:
            yield held
        finally:
            if held:
                _unlock(fd)
    finally:
        os.close(fd)


def _lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:
        fcntl = None  # type: ignore[assignment]
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            return True
        except (OSError, AttributeError):  # no locks on this file system (or no flock at all)
            return False
    try:
        import msvcrt
    except ImportError:
        return False
    for _ in range(_WINDOWS_LOCK_TRIES):  # pragma: no cover - Windows only
        if _try_windows_lock(msvcrt, fd):
            return True
    raise SaveFileError("another program has held the save lock for two minutes; try again")


def _try_windows_lock(msvcrt: Any, fd: int) -> bool:  # pragma: no cover - Windows only
    """One ``LK_LOCK`` attempt (msvcrt itself retries for about ten seconds)."""
    try:
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows only
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        return
    fcntl.flock(fd, fcntl.LOCK_UN)


def current_fingerprint(path: str | os.PathLike[str]) -> str | None:
    """The fingerprint of the file at ``path`` now, or ``None`` if there is none.

    Read without the byte budget (this only hashes it), so a file someone replaced with
    something huge still counts as changed.
    """
    import hashlib

    digest = hashlib.sha256()
    try:
        with Path(path).open("rb") as fh:
            while chunk := fh.read(1 << 20):
                digest.update(chunk)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise SaveConflict(
            f"cannot check whether {str(path)!r} changed since it was loaded "
            f"({exc.strerror or exc}); nothing was written"
        ) from None
    return digest.hexdigest()


def save(
    path: str | os.PathLike[str],
    text: str,
    *,
    expect: str | None = None,
) -> Path:
    """Write ``text`` to ``path`` atomically (temp file, fsync, rename) and return the path.

    A symbolic link at ``path`` is followed: its target is replaced and the link stays. An
    existing file keeps its permission bits; a new one gets the usual ones (umask). Temporary
    files older than :data:`STALE_TMP_SECONDS` left by an interrupted save are removed.

    Args:
        path: where to save.
        text: the file's text.
        expect: the :func:`fingerprint` the file must still have (the file as the saver loaded
            or last saved it). Checked and replaced in one step under the save lock; a file
            that changed raises :class:`~kit.errors.SaveConflict` and nothing is written. A
            missing file is not a conflict (nothing of anyone's is lost). ``None``: no check.
    """
    given = Path(path)
    target = _real_target(given)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        mode = _default_mode()
    _clean_stale(target.parent, target.name)
    import tempfile  # loaded when a file is saved, not when the kit is imported

    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)  # the old file's permissions (mkstemp makes 0600)
        if expect is None:
            os.replace(tmp, target)
        else:
            with locked(target):
                found = current_fingerprint(target)
                if found is not None and found != expect:
                    raise SaveConflict(
                        f"{str(path)!r} changed on disk since it was loaded or saved here; "
                        "nothing was written"
                    )
                if _before_replace is not None:
                    _before_replace(target)
                os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return given


def save_object(
    path: str | os.PathLike[str],
    obj: Savable,
    *,
    expect: str | None = None,
    what: str | None = None,
) -> str:
    """Save ``obj`` (anything with ``to_json`` and a ``from_json`` loader) and return its text.

    The text is first read back with the type's own loader and must save to the same text
    again; if not (something changed in place that the loader refuses, say), nothing is
    written and :class:`~kit.errors.SaveFileError` names the problem. ``expect`` is passed to
    :func:`save`.
    """
    text = obj.to_json()
    check_round_trip(text, type(obj).from_json, what or type(obj).__name__)
    save(path, text, expect=expect)
    return str(text)


def check_round_trip(text: str, load: Callable[[str], Any], what: str) -> None:
    """Raise :class:`~kit.errors.SaveFileError` unless ``load(text)`` saves to ``text`` again."""
    try:
        again = load(text)
    except KitError as exc:
        raise SaveFileError(
            f"cannot save {what}: the kit would refuse to load the file it would write ({exc}); "
            "nothing was written"
        ) from None
    if again.to_json() != text:
        raise SaveFileError(
            f"cannot save {what}: the file would not load back as it is; nothing was written"
        )
