"""The kit's exception types.

Every error the kit raises on purpose is a :class:`KitError`. Each concrete class also
subclasses the matching built-in, so callers that only know Python's own exceptions still
catch them: a bad value or an illegal action is a :class:`ValueError`, a wrong type a
:class:`TypeError`.

* :class:`InvalidInput` - a value outside what the rules allow (a difficulty of 9, a
  dice expression ``2x6``). Messages quote the value, name the field and list what is allowed.
* :class:`InvalidType` - a value of the wrong type (a string where a number belongs).
* :class:`IllegalAction` - a well-formed request the current state forbids (a check on a
  finished board, a roll on an ended job). The object is left exactly as it was.
* :class:`FixedField` - setting an attribute fixed when its object was made (a job's
  difficulty, a board's cards: its log was played with them). Also an ``AttributeError``, as
  for any attribute Python cannot set.
* :class:`SaveFileError` - a save file that cannot be loaded (corrupt, truncated, hostile,
  another format). Nothing is loaded.
* :class:`SaveConflict` - a save that would overwrite changes someone else saved to the same
  file since it was loaded. Nothing is written.
* :class:`ChunkFailed` - a chunk of a long run (a simulation, a tuner, a sweep) failed on its
  executor: it raised, or its worker died. The message names the chunk and its seed; no
  partial result is returned.

Soft problems that are allowed but probably not meant (a gig type one letter away from a known
one) are a :class:`KitWarning`, a :class:`UserWarning`: the kit goes on, and the warning says
what was probably meant.
"""

from __future__ import annotations

__all__ = [
    "ChunkFailed",
    "DiceError",
    "FixedField",
    "IllegalAction",
    "InvalidInput",
    "InvalidType",
    "KitError",
    "KitWarning",
    "SaveConflict",
    "SaveFileError",
]


class KitError(Exception):
    """Base class of every error the kit raises on purpose."""


class InvalidInput(KitError, ValueError):
    """A value the rules do not allow; the message names the field and the allowed values."""


class InvalidType(KitError, TypeError):
    """A value of the wrong type; the message names the field and the expected type."""


class IllegalAction(KitError, ValueError):
    """An action the current state of a game forbids; the game is left unchanged."""


class FixedField(IllegalAction, AttributeError):
    """An attribute fixed when its object was made; build a new object instead.

    Subclasses :class:`AttributeError` too, the error Python gives for any attribute that
    cannot be set (a frozen dataclass field, a read-only property).
    """


class DiceError(InvalidInput):
    """A dice expression that cannot be parsed or makes no sense."""


class SaveFileError(InvalidInput):
    """A save file or JSON text that cannot be loaded; nothing was loaded."""


class SaveConflict(IllegalAction):
    """The file changed on disk since it was loaded or last saved; nothing was written.

    The message says how to merge the two versions or overwrite on purpose (``force=True``).
    """


class KitWarning(UserWarning):
    """Input the kit accepts but that is probably a mistake; the message says what was likely meant.

    Turn it into an error with ``warnings.simplefilter("error", KitWarning)``.
    """


class ChunkFailed(KitError, RuntimeError):
    """A chunk of work sent to an executor failed (it raised, or its worker died); the message
    names the chunk and its seed, and the run returns nothing."""
