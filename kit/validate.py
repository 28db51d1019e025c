"""Small validators shared by every engine, and :class:`Field`, the kit's checked attribute.

The validators raise :class:`~kit.errors.InvalidInput` or :class:`~kit.errors.InvalidType`
with a message that names the field, quotes the value and says what is allowed, so every
public constructor in the kit reports bad input the same way.

**Mutation keeps the object valid.** Every public attribute of a mutable engine object (a job,
a board, a fleet, a battle, a sector, ...) is a :class:`Field`: a data descriptor that holds
the field's check (a validator of this module and its options, for example
``Field(text, allow_empty=True, max_len=limits.MAX_NAME)``). The constructor assigns through
it (``self.title = title``), and so does anyone later, so there is one statement of each
limit and no way round it: ``job.title = "x" * 201`` raises the same
:class:`~kit.errors.InvalidInput` as ``Job(..., title="x" * 201)`` and the job keeps its old
title. A field the object's log was played with (a job's difficulty, a board's cards, a
fleet's owner) is ``fixed=True``: set once by the constructor, after that
:class:`~kit.errors.FixedField`. Value objects (an entity, a star system, rules) are frozen
dataclasses instead: they change only through ``replace()``, which runs the constructor.

Why a descriptor rather than a validating ``__setattr__`` or immutable objects with
``replace()``: the games are event logs that change in place and are observed by widgets, so
they cannot all become immutable values without changing every notebook; a ``__setattr__``
would have to tell the object's own bookkeeping (``self._state = ...``) from public fields by
name, while a descriptor is declared once per field, beside its docstring, and is data other
code can read - the audit test lists every public attribute and its :class:`Field`, and the
JSON Schema of each save file (:func:`kit.store.schema`) is written from the same
declarations.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar, cast, overload

from . import limits
from .errors import FixedField, InvalidInput, InvalidType

if TYPE_CHECKING:
    from typing_extensions import Unpack

T = TypeVar("T")
_MISSING = object()

#: Longest name or note the kit accepts by default (see :mod:`kit.limits`).
MAX_TEXT = limits.MAX_TEXT


def integer(field: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """Return ``value`` as an ``int`` or raise, naming ``field`` and the allowed range.

    A float is accepted only when it is a whole number (``5.0``, as JSON may write it).
    Whatever ``lo`` and ``hi`` say, the magnitude is capped at :data:`kit.limits.MAX_INT`,
    so no count, rank or seed can grow into a number the kit cannot save or use.

    >>> integer("difficulty", 5, 3, 7)
    5
    >>> integer("difficulty", 9, 3, 7)
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: difficulty must be an integer from 3 to 7, got 9
    >>> integer("seed", 1e30, 0)
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: seed must be an integer of at least 0 (at most 9223372036854775807), got 1e+30
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        if isinstance(value, float) and value.is_integer():
            if abs(value) > limits.MAX_INT:
                raise InvalidInput(
                    f"{field} must be an integer{_range(lo, hi)} "
                    f"(at most {limits.MAX_INT}), got {shown(value)}"
                )
        else:
            raise InvalidType(f"{field} must be an integer{_range(lo, hi)}, got {shown(value)}")
    checked = int(value)
    if abs(checked) > limits.MAX_INT:
        raise InvalidInput(
            f"{field} must be an integer{_range(lo, hi)} (at most {limits.MAX_INT} in size), "
            f"got a {len(str(abs(checked)))}-digit number"
        )
    if (lo is not None and checked < lo) or (hi is not None and checked > hi):
        raise InvalidInput(f"{field} must be an integer{_range(lo, hi)}, got {shown(checked)}")
    return checked


def number(field: str, value: object, lo: float | None = None, hi: float | None = None) -> float:
    """Return ``value`` as a finite ``float`` within ``[lo, hi]`` or raise naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidType(f"{field} must be a number{_range(lo, hi)}, got {shown(value)}")
    try:
        checked = float(value)
    except OverflowError:
        raise InvalidInput(f"{field} must be a finite number, got a number too large") from None
    if checked != checked or checked in (float("inf"), float("-inf")):
        raise InvalidInput(f"{field} must be a finite number, got {shown(checked)}")
    if (lo is not None and checked < lo) or (hi is not None and checked > hi):
        raise InvalidInput(f"{field} must be a number{_range(lo, hi)}, got {shown(checked)}")
    return checked


def text(field: str, value: object, *, allow_empty: bool = False, max_len: int = MAX_TEXT) -> str:
    """Return ``value`` stripped of outer spaces, or raise if it is not a usable string.

    Usable means: a ``str``, not empty (unless ``allow_empty``), at most ``max_len``
    characters, and encodable as UTF-8 (a lone surrogate such as ``"\\ud800"`` cannot be
    saved, so it is refused here rather than when the file is written).

    >>> text("name", "  Vex ")
    'Vex'
    >>> text("name", "Vex\\ud800")
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: name holds a character that is not valid text (a lone surrogate '\\ud800' at position 3); use plain Unicode text
    """
    if not isinstance(value, str):
        raise InvalidType(f"{field} must be a string, got {shown(value)}")
    checked = value.strip()
    if not checked and not allow_empty:
        raise InvalidInput(f"{field} must not be empty")
    if len(checked) > max_len:
        raise InvalidInput(f"{field} must be at most {max_len} characters, got {len(checked)}")
    try:
        checked.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = checked[exc.start]
        raise InvalidInput(
            f"{field} holds a character that is not valid text (a lone surrogate {bad!r} at "
            f"position {exc.start}); use plain Unicode text"
        ) from None
    return checked


def choice(field: str, value: object, allowed: Iterable[T]) -> T:
    """Return ``value`` if it is one of ``allowed``; otherwise raise listing them."""
    allowed = list(allowed)
    try:
        found = next((a for a in allowed if a == value), _MISSING)
    except TypeError:
        found = _MISSING
    if found is _MISSING:
        listed = ", ".join(repr(a) for a in allowed)
        error = InvalidInput(f"{field} must be one of {listed}; got {shown(value)}")
        error.allowed = tuple(allowed)  # type: ignore[attr-defined]  # read by the schema writer
        raise error
    return cast(T, value)  # equal to one of ``allowed``


def boolean(field: str, value: object) -> bool:
    """Return ``value`` if it is a ``bool``; otherwise raise naming ``field``."""
    if not isinstance(value, bool):
        raise InvalidType(f"{field} must be True or False, got {shown(value)}")
    return value


def mapping(field: str, value: object) -> Mapping[str, Any]:
    """Return ``value`` if it is a mapping (a JSON object); otherwise raise naming ``field``."""
    if not isinstance(value, Mapping):
        raise InvalidType(f"{field} must be a JSON object (a mapping), got {type(value).__name__}")
    return value


def sequence(field: str, value: object) -> list[Any]:
    """Return ``value`` as a list if it is a list or tuple; otherwise raise naming ``field``."""
    if not isinstance(value, (list, tuple)):
        raise InvalidType(f"{field} must be a list, got {type(value).__name__}")
    return list(value)


def no_unknown_keys(field: str, data: Mapping[str, Any], known: Iterable[str]) -> None:
    """Raise if ``data`` has keys outside ``known`` (a typo in a save file or in options)."""
    extra = sorted(set(data) - set(known))
    if extra:
        raise InvalidInput(
            f"{field} has unknown field(s) {', '.join(map(repr, extra))}; "
            f"known fields are {', '.join(sorted(known))}"
        )


def require_keys(field: str, data: Mapping[str, Any], required: Iterable[str]) -> None:
    """Raise if ``data`` lacks any of ``required`` (a truncated or hand-edited save file)."""
    missing = [k for k in required if k not in data]
    if missing:
        raise InvalidInput(f"{field} is missing required field(s) {', '.join(map(repr, missing))}")


def shown(value: object, width: int = 60) -> str:
    """A short, safe description of ``value`` for an error message.

    Text and numbers are quoted as ``repr`` (text cut to ``width`` characters); a list or an
    object is described by its size, never ``repr``-ed, so a deeply nested or huge message from
    a page cannot make the error itself fail.

    >>> shown("x" * 100, 8)
    "'xxxxxxxx...' (100 characters)"
    >>> shown([[[]]])
    'a list of 1 item'
    """
    if isinstance(value, str):
        if len(value) <= width:
            return repr(value)
        return f"{value[:width]!r}"[:-1] + f"...' ({len(value)} characters)"
    if value is None or isinstance(value, (bool, numbers.Number)):
        text = repr(value)
        return text if len(text) <= width else f"a {len(text)}-digit number"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, Mapping):
        return f"an object of {len(value)} field{'' if len(value) == 1 else 's'}"
    return f"a {type(value).__name__}"


#: Whole numbers as typed: ASCII digits only (``str.isdigit`` also accepts ``"²"``, which
#: ``int`` then refuses), an optional sign, at most 19 digits (every int the kit keeps).
_WHOLE_TEXT = re.compile(r"[+-]?[0-9]{1,19}")


def is_whole_text(value: object) -> bool:
    """Whether ``value`` is text :func:`whole_number` reads as a number (ASCII digits, a sign).

    The test to use instead of ``str.isdigit``, which is true for ``"²"`` and ``"١"`` too.

    >>> is_whole_text(" -12"), is_whole_text("²"), is_whole_text(12)
    (True, False, False)
    """
    return isinstance(value, str) and _WHOLE_TEXT.fullmatch(value.strip()) is not None


def whole_number(field: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number typed by a person (an int, a whole float or ASCII digits), or the kit's error.

    The one parser of numbers typed in a page or a form: every refusal - blank, ``null``,
    ``"abc"``, ``"²"``, ``1.5``, ``NaN``, ``inf``, a list - reads "``field`` must be a whole
    number", followed by the range when one is given.

    >>> whole_number("count", " 12 ")
    12
    >>> whole_number("count", None)
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: count must be a whole number, got nothing
    >>> whole_number("count", "²")
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: count must be a whole number, got '²'
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidInput(f"{field} must be a whole number{_range(lo, hi)}, got nothing")
    if isinstance(value, str):
        if not _WHOLE_TEXT.fullmatch(value.strip()):
            raise InvalidInput(
                f"{field} must be a whole number{_range(lo, hi)}, got {shown(value)}"
            )
        value = int(value.strip())
    elif (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or (not isinstance(value, numbers.Integral) and not float(value).is_integer())
    ):
        raise InvalidInput(f"{field} must be a whole number{_range(lo, hi)}, got {shown(value)}")
    try:
        return integer(field, value, lo, hi)
    except (InvalidInput, InvalidType):
        raise InvalidInput(
            f"{field} must be a whole number{_range(lo, hi)}, got {shown(value)}"
        ) from None


def real_number(
    field: str, value: object, lo: float | None = None, hi: float | None = None
) -> float:
    """A number typed by a person (digits or a number), finite, or the kit's error.

    >>> real_number("budget", " 32.5 ")
    32.5
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidInput(f"{field} must be a number{_range(lo, hi)}, got nothing")
    if isinstance(value, str):
        try:
            value = float(value.strip()[:40])
        except ValueError:
            raise InvalidInput(f"{field} must be a number, got {shown(value)}") from None
    elif isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidInput(f"{field} must be a number{_range(lo, hi)}, got {shown(value)}")
    return number(field, value, lo, hi)


@overload
def instance(field: str, value: object, of: type[T]) -> T: ...
@overload
def instance(field: str, value: object, of: tuple[type[T], ...]) -> T: ...
def instance(field: str, value: object, of: type | tuple[type, ...]) -> object:
    """Return ``value`` if it is an instance of ``of``; otherwise raise naming ``field``."""
    if not isinstance(value, of):
        names = " or ".join(t.__name__ for t in (of if isinstance(of, tuple) else (of,)))
        raise InvalidType(f"{field} must be a {names}, got {type(value).__name__}")
    return value


class CheckOptions(TypedDict, total=False):
    """What a :class:`Field` passes on to its check besides the label and the value: the
    options of the kit's validators, each taken only by its own."""

    allow_empty: bool
    """:func:`text`: accept the empty string."""
    max_len: int
    """:func:`text`: the most characters allowed."""
    lo: float | None
    """:func:`integer`, :func:`number`: the smallest value allowed (None: no bound)."""
    hi: float | None
    """:func:`integer`, :func:`number`: the largest value allowed (None: no bound)."""
    of: type | tuple[type, ...]
    """:func:`instance`: the class (or classes) the value must be an instance of."""
    allowed: Iterable[object]
    """:func:`choice`: the values allowed."""


class Field(Generic[T]):
    """A public attribute checked whenever it is set, by the same check as the constructor's.

    ``Field[T]`` reads as a ``T`` on an instance: mypy takes ``T`` from the check's return type
    (``Field(text, ...)`` is a ``Field[str]``); where the check does not say (a fixed field kept
    as given, :func:`instance`, :func:`choice`), the declaration does:
    ``rules: Field[RegulusRules] = Field(instance, of=RegulusRules, fixed=True)``.

    Args:
        check: a validator called as ``check(label, value, **options)`` whose result is kept
            (:func:`text`, :func:`integer`, :func:`choice`, :func:`instance`, ...); ``None``
            keeps the value as given (for a fixed field the constructor checks itself).
        fixed: set once, by the constructor; setting it again raises
            :class:`~kit.errors.FixedField` (the object's log was played with it).
        notify: tell the object's observers (its widgets) after a change, as an action does;
            off for derived state that the action setting it reports itself.
        label: the name used in error messages (default: the attribute's name).
        doc: the attribute's docstring.
        **options: passed on to ``check`` (``max_len=...``, ``lo=...``, ``of=...``).


    >>> class Note:
    ...     text = Field(text, allow_empty=True, max_len=5)
    ...     def __init__(self, text):
    ...         self.text = text
    >>> n = Note("hi")
    >>> n.text = "far too long"
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: text must be at most 5 characters, got 12
    >>> n.text
    'hi'
    """

    def __init__(
        self,
        check: Callable[..., T] | None = None,
        /,
        *,
        fixed: bool = False,
        notify: bool = True,
        label: str | None = None,
        doc: str | None = None,
        **options: Unpack[CheckOptions],
    ) -> None:
        self.check = check
        self.fixed = fixed
        self.notify = notify and not fixed
        #: what the check is called with besides the label and the value (by name)
        self.options: dict[str, Any] = dict(options)
        self.label = label
        self.name = ""
        self.owner = ""
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.owner = owner.__name__
        if self.label is None:
            self.label = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Field[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object, owner: type | None = None) -> Field[T] | T:
        if obj is None:
            return self
        try:
            value: T = obj.__dict__[self.name]
            return value
        except KeyError:
            raise AttributeError(
                f"{type(obj).__name__!r} object has no attribute {self.name!r} yet"
            ) from None

    def __set__(self, obj: object, value: object) -> None:
        if self.fixed and self.name in obj.__dict__:
            raise FixedField(
                f"{type(obj).__name__}.{self.name} is fixed when the {type(obj).__name__} is "
                f"made (its game was played with it); make a new {type(obj).__name__} instead"
            )
        if self.check is not None:
            value = self.check(self.label, value, **self.options)
        obj.__dict__[self.name] = value
        if self.notify:
            changed = getattr(obj, "_changed", None)
            if changed is not None:
                changed()

    def __delete__(self, obj: object) -> None:
        raise FixedField(f"{type(obj).__name__}.{self.name} cannot be deleted")

    def __repr__(self) -> str:
        check = getattr(self.check, "__name__", "none")
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"Field({check}{opts}{', fixed=True' if self.fixed else ''})"


def restore(obj: object, name: str, value: object) -> None:
    """Set the fixed field ``name`` of ``obj`` to an already checked ``value``.

    Only for an object's own loader, which builds the object and then attaches what it read
    and checked (its event log, say); everyone else gets :class:`~kit.errors.FixedField`.
    """
    obj.__dict__[name] = value


def fields_of(cls: type) -> dict[str, Field[Any]]:
    """The :class:`Field` s of ``cls`` and its bases, by attribute name."""
    out: dict[str, Field[Any]] = {}
    for klass in reversed(cls.__mro__):
        out.update((k, v) for k, v in vars(klass).items() if isinstance(v, Field))
    return out


def _range(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" of at least {lo}"
    if hi is not None:
        return f" of at most {hi}"
    return ""
