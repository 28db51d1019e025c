"""The building blocks of the kit's JSON Schemas (see :mod:`kit.schemas.build` for where the
numbers come from): schema fragments for text, numbers, objects and references, the limits
read from :class:`kit.validate.Field` declarations (:func:`from_field`) and the ranges found by
trying values on a class's own constructor (:func:`probed`).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .. import limits, validate
from ..errors import KitError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

HERE = Path(__file__).resolve().parent
DIALECT = "https://json-schema.org/draft/2020-12/schema"
BASE_ID = "https://github.com/gm-kit/gm-kit/blob/main/kit/schemas/"

# ---------------------------------------------------------------- vocabulary
#: Text the kit can write: no lone UTF-16 surrogate (``"\ud800"``), which is not Unicode.
UNICODE = "^[^\\ud800-\\udfff]*$"
#: The same, with at least one character that is not a space (the kit strips text).
NOT_BLANK = "^[^\\ud800-\\udfff]*[^\\s\\ud800-\\udfff][^\\ud800-\\udfff]*$"


_T = TypeVar("_T")


def text(max_len: int = limits.MAX_TEXT, *, empty: bool = False) -> dict[str, Any]:
    """A string of at most ``max_len`` characters (not blank unless ``empty``)."""
    return {"type": "string", "maxLength": max_len, "pattern": UNICODE if empty else NOT_BLANK}


def integer(lo: int | None = None, hi: int | None = None) -> dict[str, Any]:
    """A whole number within ``[lo, hi]``, and always within :data:`kit.limits.MAX_INT`."""
    return {
        "type": "integer",
        "minimum": -limits.MAX_INT if lo is None else max(lo, -limits.MAX_INT),
        "maximum": limits.MAX_INT if hi is None else min(hi, limits.MAX_INT),
    }


def number(lo: float | None = None, hi: float | None = None, **exclusive: float) -> dict[str, Any]:
    """A finite number within the bounds given."""
    out: dict[str, Any] = {"type": "number"}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    out.update(exclusive)
    return out


BOOLEAN: dict[str, Any] = {"type": "boolean"}
NULL: dict[str, Any] = {"type": "null"}
SEED = integer(0, limits.MAX_INT)


def enum(values: Iterable[Any]) -> dict[str, Any]:
    """One of ``values``."""
    return {"enum": list(values)}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or ``null``."""
    return {"anyOf": [schema, NULL]}


def array(
    items: dict[str, Any], max_items: int = limits.MAX_ITEMS, min_items: int = 0
) -> dict[str, Any]:
    """A list of ``items``."""
    out: dict[str, Any] = {"type": "array", "items": items, "maxItems": max_items}
    if min_items:
        out["minItems"] = min_items
    return out


def pair(*items: dict[str, Any]) -> dict[str, Any]:
    """A fixed-length list (a tuple) of ``items`` in order."""
    return {"type": "array", "prefixItems": list(items), "items": False, "minItems": len(items)}


def obj(
    properties: dict[str, Any], required: Iterable[str] = (), *, closed: bool = True
) -> dict[str, Any]:
    """An object with these properties (and no others when ``closed``)."""
    out: dict[str, Any] = {"type": "object", "properties": properties}
    req = [k for k in properties if k in set(required)]
    if req:
        out["required"] = req
    if closed:
        out["additionalProperties"] = False
    return out


def ref(name: str) -> dict[str, Any]:
    """A reference to the shared definition ``name``."""
    return {"$ref": f"#/$defs/{name}"}


# ---------------------------------------------------------------- from the kit's checks
def from_field(cls: type, name: str) -> dict[str, Any]:
    """The schema of a :class:`~kit.validate.Field`, from its check and options."""
    field = validate.fields_of(cls)[name]
    check, o = field.check, field.options
    if check is validate.text:
        return text(o.get("max_len", limits.MAX_TEXT), empty=o.get("allow_empty", False))
    if check is validate.integer:
        return integer(o.get("lo"), o.get("hi"))
    if check is validate.number:
        return number(o.get("lo"), o.get("hi"))
    if check is validate.boolean:
        return BOOLEAN
    if check is validate.choice:
        return enum(o["allowed"])
    raise ValueError(f"{cls.__name__}.{name}: no schema for {field!r}; describe it by hand")


def accepts(make: Callable[[_T], object], value: _T) -> bool:
    """Whether ``make(value)`` builds (the kit's error means refused)."""
    try:
        make(value)
    except KitError:
        return False
    return True


def _edge(ok: Callable[[int], bool], good: int, bad: int) -> int:
    """The accepted value nearest ``bad``, between an accepted ``good`` and a refused ``bad``."""
    while abs(bad - good) > 1:
        mid = (good + bad) // 2
        good, bad = (mid, bad) if ok(mid) else (good, mid)
    return good


def int_range(make: Callable[[Any], Any], start: int, step: int = 1) -> dict[str, Any]:
    """The whole numbers ``make`` accepts around an accepted ``start`` (an interval).

    With ``step`` only its multiples are tried (and the schema says ``multipleOf``).
    """

    def ok(v: int) -> bool:
        return accepts(make, v * step)

    bound = limits.MAX_INT // step
    first = start // step
    lo = None if ok(-bound) else _edge(ok, first, -bound) * step
    hi = None if ok(bound) else _edge(ok, first, bound) * step
    out = integer(lo, hi)
    if step != 1:
        out["multipleOf"] = step
    return out


def _float_edge(ok: Callable[[float], bool], good: float, direction: float) -> dict[str, float]:
    """The accepted number farthest from ``good`` in ``direction`` (None-keyed when unbounded)."""
    step = 1.0
    while ok(good + direction * step):  # find a refused number, doubling the distance
        step *= 2
        if step > 1e300:
            return {}
    bad = good + direction * step
    for _ in range(200):
        mid = (good + bad) / 2
        if mid in (good, bad):
            break
        good, bad = (mid, bad) if ok(mid) else (good, mid)
    nice = round(good, 6)
    return {"": nice} if ok(nice) else {"exclusive": nice}


def float_range(make: Callable[[Any], Any], start: float) -> dict[str, Any]:
    """The numbers ``make`` accepts around an accepted ``start`` (an interval)."""
    ok = lambda v: accepts(make, v)  # noqa: E731
    out: dict[str, Any] = {"type": "number"}
    for side, direction in (("inimum", -1.0), ("aximum", 1.0)):
        edge = _float_edge(ok, start, direction)
        if edge:
            key = ("m" if "" in edge else "exclusiveM") + side
            out[key] = next(iter(edge.values()))
    return out


def text_limits(make: Callable[[Any], Any], start: str) -> dict[str, Any]:
    """The strings ``make`` accepts: a longest length and blankness, or a list of choices."""
    try:
        make("x")
    except KitError as exc:
        allowed = getattr(exc, "allowed", None)
        if allowed is None:
            raise ValueError(
                f"cannot tell which strings are accepted (starting {start!r})"
            ) from None
        return enum(a for a in allowed if a is None or isinstance(a, str))
    longest = _edge(lambda n: accepts(make, "x" * n), 1, limits.MAX_NOTES + 1)
    return text(longest, empty=accepts(make, ""))


def probed(
    cls: type[DataclassInstance],
    sample: DataclassInstance,
    *,
    skip: Iterable[str] = (),
    **given: dict[str, Any],
) -> dict[str, Any]:
    """The schema of a frozen dataclass written as its fields, found by asking the class.

    Each field not ``given`` is typed from its annotation; numbers and text are probed with
    ``dataclasses.replace(sample, field=trial)``: its accepted interval, longest text, choices.
    Fields without a default are required; ``skip`` leaves fields out of the schema.
    """
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {}
    required = []
    for f in dataclasses.fields(cls):
        if f.name in skip:
            continue
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
        if f.name in given:
            props[f.name] = given[f.name]
            continue

        def make(v: Any, name: str = f.name) -> Any:
            return dataclasses.replace(sample, **{name: v})

        props[f.name] = _typed(hints[f.name], make, getattr(sample, f.name), cls, f.name)
    return obj(props, required)


def probed_keys(
    load: Callable[[dict[str, Any]], Any],
    sample: dict[str, Any],
    required: Iterable[str] = (),
    **given: dict[str, Any],
) -> dict[str, Any]:
    """The schema of an object read by ``load``, probed key by key from an accepted ``sample``.

    Like :func:`probed`, for data a loader reads without a dataclass of its own: each key not
    ``given`` is typed by its value in ``sample`` and its bounds found by loading trial values.
    """
    props: dict[str, Any] = {}
    for key, value in sample.items():
        if key in given:
            props[key] = given[key]
            continue

        def make(v: Any, key: str = key) -> Any:
            return load({**sample, key: v})

        props[key] = _typed(type(value), make, value, dict, key)
        if value is not None and accepts(make, None):
            props[key] = nullable(props[key])
    props.update((k, v) for k, v in given.items() if k not in props)
    return obj(props, required)


def _typed(hint: Any, make: Callable[[Any], Any], value: Any, cls: type, name: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        real = [a for a in args if a is not type(None)]
        inner = _typed(real[0], make, _example(real[0], value), cls, name)
        return nullable(inner) if accepts(make, None) else inner
    if hint is bool:
        return BOOLEAN
    if hint is int:
        return int_range(make, value)
    if hint is float:
        return float_range(make, float(value))
    if hint is str:
        return text_limits(make, value)
    raise ValueError(f"{cls.__name__}.{name}: describe {hint!r} by hand")


def _example(hint: Any, value: Any) -> Any:
    """An accepted starting value of type ``hint`` when the sample holds ``None``."""
    if value is not None:
        return value
    return {int: 1, float: 1.0, str: "x", bool: False}.get(hint)


# ---------------------------------------------------------------- whole files
def envelope(
    kind: str, version: int, data: dict[str, Any], defs: dict[str, Any], gaps: list[Gap]
) -> dict[str, Any]:
    """The schema of a whole save file of ``kind``: the envelope around ``data``."""
    used = _used_defs(data, defs)
    gap_text = " ".join(f"({i}) {g.rule}" for i, g in enumerate(gaps, 1))
    schema: dict[str, Any] = {
        "$schema": DIALECT,
        "$id": BASE_ID + file_name(kind),
        "title": f"gm-kit {kind} save file, version {version}",
        "description": (
            f"A gm-kit save file of format 'gm-kit/{kind}' at version {version}, as the kit "
            "writes it (older versions are upgraded by the kit on load and are not described "
            "here). Limits come from kit.limits. Loading checks more than this schema can say: "
            + gap_text
        ),
        **file_shape(kind, version, data),
        "x-not-expressed": [{"rule": g.rule, "at": list(g.at)} for g in gaps],
    }
    if used:
        schema["$defs"] = {k: defs[k] for k in sorted(used)}
    return schema


@dataclasses.dataclass(frozen=True)
class Gap:
    """A rule the loader checks that a JSON Schema cannot state, and where it applies."""

    rule: str
    at: tuple[str, ...]
    """JSON Pointers (``*`` matches one step) of the places the rule is about."""


def _used_defs(schema: Any, defs: dict[str, Any]) -> set[str]:
    seen: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            target = node.get("$ref")
            if isinstance(target, str) and target.startswith("#/$defs/"):
                name = target.rsplit("/", 1)[1]
                if name not in seen:
                    seen.add(name)
                    stack.append(defs[name])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return seen


def file_shape(kind: str, version: int, data: dict[str, Any]) -> dict[str, Any]:
    """The object every save file of ``kind`` is: its format name, ``version`` and ``data``
    (a schema, or a reference to one)."""
    return {
        "type": "object",
        "required": ["format", "version", "data"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": f"gm-kit/{kind}"},
            "version": {"const": version},
            "data": data,
        },
    }


def file_stem(kind: str) -> str:
    """A kind's name as a file or definition name (``board/standard`` -> ``board-standard``)."""
    return kind.replace("/", "-")


def file_name(kind: str) -> str:
    """The file a kind's schema is kept in (``board/standard`` -> ``board-standard.json``)."""
    return file_stem(kind) + ".json"


__all__ = [
    "Gap",
    "array",
    "enum",
    "envelope",
    "file_name",
    "file_shape",
    "file_stem",
    "float_range",
    "from_field",
    "int_range",
    "integer",
    "nullable",
    "number",
    "obj",
    "probed",
    "probed_keys",
    "ref",
    "text",
]
