"""The widget scripts' toolchain, checked without Node: generated payload types and fresh bundles.

``kit/widgets/static/payloads.d.ts`` is generated from ``kit/widgets/payloads.py`` and the
TypeScript compiler checks the scripts against it; each widget module's esbuild bundle under
``static/bundle`` records a hash of its sources. Both are committed, so these tests fail when
one of them is out of date (the integration tier also type-checks and rebuilds with Node).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
import threading
import time
import typing
from pathlib import Path

import anywidget
import pytest

from kit.widgets import _base
from kit.widgets import payloads as P

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "kit" / "widgets" / "static"


def _tool():
    spec = importlib.util.spec_from_file_location(
        "gen_payload_types", ROOT / "tools" / "gen_payload_types.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_payload_types", module)
    spec.loader.exec_module(module)
    return module


def _typeddicts() -> list[type]:
    return [
        obj
        for obj in vars(P).values()
        if isinstance(obj, type) and typing.is_typeddict(obj) and obj.__module__ == P.__name__
    ]


def _interfaces(text: str) -> dict[str, dict[str, str]]:
    """Each interface's own keys and their marks ('' or '?'), read from the .d.ts text."""
    found: dict[str, dict[str, str]] = {}
    for m in re.finditer(
        r"^export interface (\w+)(?: extends ([\w, ]+))? \{\n(.*?)^\}", text, re.M | re.S
    ):
        body = re.sub(r"/\*\*.*?\*/", "", m.group(3), flags=re.S)
        keys = dict(re.findall(r"^  (\w+)(\??): ", body, re.M))
        found[m.group(1)] = keys
        for base in (m.group(2) or "").split(","):
            if base.strip():
                found[m.group(1)] = {**found.get(base.strip(), {}), **keys}
    return found


def test_generated_payload_types_match_payloads_py() -> None:
    """The committed payloads.d.ts is exactly what the generator writes from payloads.py now."""
    tool = _tool()
    committed = (STATIC / "payloads.d.ts").read_text(encoding="utf-8")
    assert committed == tool.generate(), (
        "payloads.d.ts drifted: run python tools/gen_payload_types.py"
    )
    assert tool.main(["--check"]) == 0


def test_every_typeddict_is_an_interface_with_its_keys_and_optional_marks() -> None:
    """Read back independently of the generator: every TypedDict, every key, `?` exactly on the
    keys of a total=False part."""
    interfaces = _interfaces((STATIC / "payloads.d.ts").read_text(encoding="utf-8"))
    classes = _typeddicts()
    assert len(classes) >= 30
    for cls in classes:
        assert cls.__name__ in interfaces, cls.__name__
        keys = interfaces[cls.__name__]
        assert set(keys) == set(typing.get_type_hints(cls)), cls.__name__
        optional = {k for k, mark in keys.items() if mark == "?"}
        assert optional == set(cls.__optional_keys__), cls.__name__


def test_the_generator_spells_python_types_as_typescript() -> None:
    ts = _tool().ts_type
    assert ts(list[P.OrbitRow]) == "OrbitRow[]"
    assert ts(int | float | None) == "number | null"
    assert ts(list[int] | None) == "number[] | null"
    assert ts(dict[str, typing.Any] | None) == "Record<string, any> | null"
    assert ts(list[list[typing.Any]]) == "any[][]"
    assert ts(tuple[int, str]) == "[number, string]"
    with pytest.raises(TypeError, match="no TypeScript spelling"):
        ts(set[int])


def test_a_changed_payload_shows_as_drift(tmp_path) -> None:
    """A key added to a payload in Python makes the committed file out of date."""
    tool = _tool()
    source = Path(P.__file__).read_text(encoding="utf-8")
    anchor = "class JobAdvice(TypedDict):\n"
    head, tail = source.split(anchor, 1)
    body_end = tail.index("\n\n\n")
    changed = head + anchor + tail[:body_end] + "\n    margin: float" + tail[body_end:]
    path = tmp_path / "changed_payloads.py"
    path.write_text(changed, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("changed_payloads", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["changed_payloads"] = module
    try:
        spec.loader.exec_module(module)
        text = tool.generate(module)
        advice = text.split("export interface JobAdvice {", 1)[1].split("}", 1)[0]
        assert "  margin: number;" in advice
        assert tool.main(["--check"], module) == 1
        assert tool.main(["--check"]) == 0
    finally:
        del sys.modules["changed_payloads"]


# ------------------------------------------------------------------------------ bundles
def test_every_widget_module_has_a_fresh_bundle_and_no_bundle_is_orphaned() -> None:
    modules = _base.widget_modules()
    assert {"board.js", "combat.js", "tuner.js", "stars.js"} <= set(modules)
    assert "dom.js" not in modules
    problems = [p for p in map(_base.bundle_problem, modules) if p]
    assert not problems, "; ".join(problems) + " (run: npm --prefix frontend run build)"
    bundles = {p.name for p in (STATIC / "bundle").glob("*.js")}
    assert bundles == set(modules)


def test_every_bundle_names_the_helpers_its_module_imports() -> None:
    """The sources the header lists are the module and every ./helper it imports."""
    for name in _base.widget_modules():
        text = (STATIC / name).read_text(encoding="utf-8")
        imported = set(re.findall(r'from "\./([\w-]+\.js)"', text))
        header = (STATIC / "bundle" / name).read_text(encoding="utf-8").splitlines()[1]
        assert header.startswith("// sources: ")
        assert set(header.removeprefix("// sources: ").split()) >= {name, *imported}, name


@pytest.fixture
def static_copy(tmp_path, monkeypatch) -> Path:
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    monkeypatch.setattr(_base, "STATIC", copy)
    monkeypatch.setattr(_base, "BUNDLE", copy / "bundle")
    return copy


def test_an_edited_helper_makes_every_bundle_that_imports_it_stale(static_copy: Path) -> None:
    assert _base.bundle_problem("board.js") is None
    dom = static_copy / "dom.js"
    dom.write_text(dom.read_text() + "\n// one more line\n")
    assert "older than board.js, dom.js" in _base.bundle_problem("board.js")
    assert "older than" in _base.bundle_problem("tuner.js")


def test_a_new_widget_module_without_a_bundle_is_reported_and_refused(static_copy: Path) -> None:
    (static_copy / "newcomer.js").write_text('import { h } from "./dom.js";\nexport default {};\n')
    assert "newcomer.js" in _base.widget_modules()
    assert "has no bundle" in _base.bundle_problem("newcomer.js")
    with pytest.raises(FileNotFoundError, match="npm --prefix frontend ci"):
        _base.esm("newcomer.js")


def test_a_bundle_without_its_header_is_reported(static_copy: Path) -> None:
    path = static_copy / "bundle" / "tuner.js"
    path.write_text("export default {};\n")
    assert "no sources header" in _base.bundle_problem("tuner.js")


def test_the_package_ships_the_bundles() -> None:
    tomllib = pytest.importorskip("tomllib")
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "widgets/static/bundle/*.js" in data["tool"]["setuptools"]["package-data"]["kit"]
    assert "kit/widgets/static" in (ROOT / "MANIFEST.in").read_text()


def test_hot_reload_sends_a_rebuilt_bundle(static_copy: Path, monkeypatch) -> None:
    """With ANYWIDGET_HMR=1 in a source checkout, anywidget watches the bundle a widget loads:
    when `npm run watch` (esbuild) rewrites it, the new text goes to every view."""
    pytest.importorskip("watchfiles", reason="anywidget's hot reload needs watchfiles")
    monkeypatch.setenv("ANYWIDGET_HMR", "1")

    class Hot(anywidget.AnyWidget):
        _esm = _base.esm("tuner.js")

    sent: list[str] = []
    arrived = threading.Event()

    def on_change(text: str) -> None:
        sent.append(text)
        arrived.set()

    Hot._esm.changed.connect(on_change)
    try:
        bundle = static_copy / "bundle" / "tuner.js"
        time.sleep(0.5)  # the watcher thread starts watching
        bundle.write_text(bundle.read_text() + "\n// rebuilt\n")
        assert arrived.wait(10), "no change was sent"
        assert sent[-1].endswith("// rebuilt\n")
    finally:
        Hot._esm.stop_thread()


# ------------------------------------------------------------------------------ script shape
#: Widget modules whose render is still one long closure (to split like board.js and combat.js).
LONG_RENDERS: set[str] = set()
MAX_FUNCTION_LINES = 100


def _function_lengths(text: str) -> dict[str, int]:
    """Each named function's (and each ``render(``'s) length in lines, by brace matching."""
    lines = text.split("\n")
    found: dict[str, int] = {}
    start = re.compile(r"^\s*(?:export )?(?:async )?(?:function (\w+)\s*\(|(render\w*)\s*\(\{)")
    for i, line in enumerate(lines):
        m = start.match(line)
        if not m:
            continue
        depth, opened = 0, False
        for j in range(i, len(lines)):
            depth += lines[j].count("{") - lines[j].count("}")
            opened = opened or "{" in lines[j]
            if opened and depth <= 0:
                break
        found[f"{m.group(1) or m.group(2)}@{i + 1}"] = j - i + 1
    return found


@pytest.mark.parametrize("name", sorted(p.name for p in STATIC.glob("*.js")))
def test_no_function_in_a_widget_script_is_over_100_lines(name: str) -> None:
    lengths = _function_lengths((STATIC / name).read_text(encoding="utf-8"))
    long = {f: n for f, n in lengths.items() if n > MAX_FUNCTION_LINES}
    if name in LONG_RENDERS:
        assert long, f"{name} has no long function any more: take it off LONG_RENDERS"
    else:
        assert not long, f"{name}: {long} (split into named functions, as board.js does)"


def test_the_length_count_sees_a_long_render() -> None:
    body = "\n".join(f"    const x{i} = {i};" for i in range(120))
    text = f"export default {{\n  render({{ model, el }}) {{\n{body}\n  }},\n}};\n"
    assert _function_lengths(text) == {"render@2": 122}
