"""Layering: the engines load without plotly, ipywidgets or anywidget, start fast, and the import
graph inside the kit has no cycles and points downward only."""

import ast
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

HEAVY = ("plotly", "ipywidgets", "anywidget")


@pytest.mark.parametrize(
    "module", ["kit", "kit.regulus", "kit.dice", "kit.boards", "kit.successors", "kit.players"]
)
def test_engine_imports_stay_light(module):
    code = (
        f"import sys, {module}; print(','.join(sorted(m for m in {HEAVY!r} if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} loaded {out.stdout.strip()}"


def test_successors_does_not_load_networkx():
    code = "import sys, kit.successors; print('networkx' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_static_files_ship_with_the_package():
    from importlib.resources import files

    static = files("kit") / "widgets" / "static"
    names = {p.name for p in static.iterdir()}
    assert {
        "kit.css",
        "dom.js",
        "job_table.js",
        "job_table.css",
        "board.js",
        "combat.js",
        "stars.js",
        "entity_builder.js",
        "fleet_builder.js",
        "ship_designer.js",
    } <= names


def test_no_widget_script_parses_text_as_html():
    """User text must reach the page through textContent; no script uses innerHTML or outerHTML."""
    from importlib.resources import files

    for path in (files("kit") / "widgets" / "static").iterdir():
        if path.name.endswith(".js"):
            text = path.read_text()
            assert (
                "innerHTML" not in text
                and "outerHTML" not in text
                and "insertAdjacentHTML" not in text
            ), path.name


def _widget_classes() -> list[type]:
    import anywidget

    import kit.widgets as widgets

    found: dict[str, type] = {}
    for name in widgets.__all__:
        obj = getattr(widgets, name)
        if isinstance(obj, type) and issubclass(obj, anywidget.AnyWidget) and hasattr(obj, "_esm"):
            found[obj.__name__] = obj
    return list(found.values())


def test_every_widget_script_is_an_es_module_importing_the_shared_helpers():
    """Each widget's script file imports the helpers (dom.js) as a module; what anywidget sends
    is its esbuild bundle: no import left, the helpers' declarations once."""
    from anywidget._file_contents import FileContents

    from kit.widgets._base import BUNDLE, STATIC

    classes = _widget_classes()
    assert len(classes) >= 9, [c.__name__ for c in classes]
    for cls in classes:
        script = cls._esm
        assert isinstance(script, FileContents), cls.__name__
        bundle = Path(script._path)
        assert bundle.parent == BUNDLE, cls.__name__
        source = (STATIC / bundle.name).read_text()
        assert 'from "./dom.js";' in source and "function h(" not in source, cls.__name__
        sent = str(script)
        assert not re.search(r"^import ", sent, re.M), cls.__name__
        assert sent.count("function h(") == 1, cls.__name__


def test_every_render_returns_its_cleanup():
    """A render that subscribes to the model or the page returns the function that undoes it."""
    from kit.widgets._base import STATIC

    for path in STATIC.glob("*.js"):
        text = path.read_text()
        if "export default" not in text:
            continue  # a helper module
        ons = len(re.findall(r"model\.on\(", text))
        offs = len(re.findall(r"model\.off\(", text))
        assert ons and offs >= ons, (path.name, ons, offs)
        assert re.search(r"return \(\) => \{.*?root\.remove\(\)", text, re.S), path.name


# --- The import graph, read from the source (no imports executed) ---------------------------
#
# Every import counts: module level, class bodies, ``try``/``if`` blocks and imports inside a
# function or method alike (a lazy import still ties the two modules together: it only moves the
# failure to first use). Only imports under ``if TYPE_CHECKING:`` are left out, since they never
# run. Two tests read the graph: no circles of modules, and layers import downward only, with no
# exception for an engine object's display methods (engines never draw; DESIGN.md 11).


KIT = Path(__file__).resolve().parents[1] / "kit"
WATCHED_LIBS = ("plotly", "ipywidgets", "anywidget", "networkx")

FOUNDATION = (
    "kit.dice",
    "kit.errors",
    "kit.validate",
    "kit.store",
    "kit.atomic",
    "kit.log",
    "kit.rng",
    "kit.limits",
    "kit.advising",
    "kit.registry",
    "kit.audience",
    "kit.boot",
    "kit.lazy",
)
ENGINES = ("kit.regulus", "kit.boards", "kit.successors", "kit.players")
LAYERS = {"foundation": 0, "engine": 1, "figures": 2, "widgets": 3, "app": 4}
"""Rank of each layer; a module imports only from its own rank or below."""


@dataclass(frozen=True)
class Imp:
    """One import statement's target, as found in a module's source."""

    source: str
    target: str
    line: int
    lazy: bool
    type_only: bool
    function: str | None


def _kit_modules() -> dict[str, tuple[Path, bool]]:
    modules = {}
    for path in KIT.rglob("*.py"):
        parts = list(path.relative_to(KIT.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        modules[".".join(parts)] = (path, is_package)
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(module: str, path: Path, is_package: bool, modules: dict) -> list[Imp]:
    package = module if is_package else module.rpartition(".")[0]
    found: list[Imp] = []

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [alias.name for alias in node.names]
        if node.level:
            base_parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join(base_parts + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        # `from pkg import sub` imports the submodule when there is one, else a name of pkg.
        return [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]

    def visit(node: ast.AST, lazy: bool, type_only: bool, function: str | None) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.extend(
                Imp(module, target, node.lineno, lazy, type_only, function)
                for target in targets(node)
            )
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            name = getattr(node, "name", "<lambda>")
            for child in ast.iter_child_nodes(node):
                visit(child, True, type_only, function or name)
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, lazy, True, function)
            for child in node.orelse:
                visit(child, lazy, type_only, function)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, lazy, type_only, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), False, False, None)
    return found


def _kit_target(target: str, modules: dict) -> str | None:
    """The kit module an import loads (the longest known prefix), or None outside the kit."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or None


def _layer(module: str) -> str:
    def under(prefixes: tuple[str, ...]) -> bool:
        return any(module == p or module.startswith(p + ".") for p in prefixes)

    if under(FOUNDATION):
        return "foundation"
    if under(ENGINES):
        return "engine"
    if under(("kit.figures",)):
        return "figures"
    if under(("kit.widgets",)):
        return "widgets"
    return "app"  # kit itself, campaign, handouts, the command line: they may use every layer


def _all_imports() -> tuple[dict, list[Imp]]:
    modules = _kit_modules()
    imports = [
        imp
        for name, (path, pkg) in sorted(modules.items())
        for imp in _imports(name, path, pkg, modules)
    ]
    return modules, imports


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module, or a module importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_cycle_finder_finds_a_known_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_import_graph_resolves_relative_imports():
    modules, imports = _all_imports()
    edges = {(i.source, _kit_target(i.target, modules)) for i in imports}
    # kit/dice.py says `from .errors import ...`; the graph must see kit.dice -> kit.errors.
    assert ("kit.dice", "kit.errors") in edges


def _packages_entered(source: str, target: str) -> list[str]:
    """Packages whose ``__init__`` importing ``target`` runs first, from ``source``'s side.

    Importing ``kit.a.b.c`` executes ``kit.a`` and ``kit.a.b`` first; the packages that contain
    ``source`` itself are already being imported, and ``kit`` is always loaded.
    """
    parts = target.split(".")
    mine = source.split(".")
    return [
        ".".join(parts[:i])
        for i in range(2, len(parts))
        if ".".join(parts[:i]) != ".".join(mine[:i])
    ]


def _import_graph() -> dict[str, set[str]]:
    """Module -> the kit modules it imports (at import time or inside a function) and the
    packages whose ``__init__`` those imports run."""
    modules, imports = _all_imports()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for imp in imports:
        target = _kit_target(imp.target, modules)
        if target and not imp.type_only and target != imp.source:
            graph[imp.source].add(target)
            graph[imp.source].update(_packages_entered(imp.source, target))
    return graph


def test_importing_a_submodule_enters_its_packages():
    assert _packages_entered("kit.figures.stars", "kit.successors.stars.system") == [
        "kit.successors",
        "kit.successors.stars",
    ]
    assert _packages_entered("kit.successors.sector.routes", "kit.successors.ranks") == []


def test_no_import_cycles_inside_the_kit():
    cycles = _cycles(_import_graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_the_modules_order_in_layers():
    """With no circles the import graph orders every module: each one after all it imports."""
    import graphlib

    graph = _import_graph()
    order = list(graphlib.TopologicalSorter(graph).static_order())
    assert len(order) == len(_kit_modules())
    placed: dict[str, int] = {}
    for module in order:  # a module's imports come before it, and none is of a higher layer
        placed[module] = LAYERS[_layer(module)]
        for target in graph[module]:
            assert placed[target] <= placed[module], (module, target)


def test_layers_import_downward_only():
    modules, imports = _all_imports()
    wrong = []
    for imp in imports:
        if imp.type_only:
            continue
        mine = _layer(imp.source)
        target = _kit_target(imp.target, modules)
        if target is not None:
            if LAYERS[_layer(target)] > LAYERS[mine]:
                wrong.append(
                    f"{imp.source}:{imp.line} ({mine}) imports {target} ({_layer(target)})"
                )
        elif mine in ("foundation", "engine") and imp.target.split(".")[0] in WATCHED_LIBS[:3]:
            wrong.append(f"{imp.source}:{imp.line} ({mine}) imports {imp.target}")
    assert not wrong, "\n".join(wrong)


def test_figures_never_import_widgets_even_lazily():
    _, imports = _all_imports()
    wrong = [
        f"{i.source}:{i.line} imports {i.target}"
        for i in imports
        if _layer(i.source) == "figures"
        and (i.target.split(".")[0] in ("ipywidgets", "anywidget") or _layer(i.target) == "widgets")
        and i.target.startswith(("kit", "ipywidgets", "anywidget"))
    ]
    assert not wrong, "\n".join(wrong)


def test_a_relative_import_cycle_in_source_is_found(tmp_path):
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("from .a import thing\n\ndef later():\n    from . import c\n")
    (tmp_path / "c.py").write_text("from .b import later\n")
    modules = {f"pkg.{n}": (tmp_path / f"{n}.py", False) for n in "abc"}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, pkg) in modules.items():
        for imp in _imports(name, path, pkg, modules):
            if not imp.lazy:
                graph[name].add(_kit_target(imp.target, modules) or imp.target)
    assert _cycles(graph) == [["pkg.a", "pkg.b"]]  # b -> c is lazy, so c is not in a cycle


def test_dir_of_kit_lists_the_subsystems_without_loading_them():
    code = (
        "import sys, kit; names = dir(kit); "
        "heavy = [m for m in ('plotly', 'ipywidgets', 'anywidget', 'networkx') if m in sys.modules]; "
        "loaded = [n for n in ('regulus', 'boards', 'successors', 'figures', 'widgets') "
        "if 'kit.' + n in sys.modules]; "
        "print(','.join(names)); print(','.join(heavy)); print(','.join(loaded))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    names, heavy, loaded = out.stdout.splitlines()
    wanted = {"regulus", "boards", "successors", "figures", "widgets", "campaign", "handouts"}
    assert wanted | {"dice", "Campaign", "KitError"} <= set(names.split(","))
    assert heavy == "" and loaded == ""
    # every name dir() offers can be reached
    import kit

    for name in wanted:
        assert getattr(kit, name).__name__ == f"kit.{name}"


# --- The registry's wiring: typed objects, no strings, no circle of any kind ----------------

_PATH_STRING = re.compile(r"^kit(\.\w+)+:[A-Za-z_][\w.]*$")


def _wiring_strings(path: Path) -> list[tuple[int, str]]:
    """String constants of ``path`` that name a kit object as ``"module:attribute"`` (docstrings
    left out: they may show an old file's alias)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and _PATH_STRING.match(node.value)
    ]


def test_the_wiring_names_no_object_by_a_module_attribute_string(tmp_path):
    found = [
        f"{name}:{line} {text!r}"
        for name, (path, _) in sorted(_kit_modules().items())
        for line, text in _wiring_strings(path)
    ]
    assert not found, "objects named by string: " + ", ".join(found)
    # the check itself finds one
    (tmp_path / "w.py").write_text(
        '"""A doc: kit.a:B"""\nHOOK = "kit.widgets.boards:BoardWidget"\n'
    )
    assert _wiring_strings(tmp_path / "w.py") == [(2, "kit.widgets.boards:BoardWidget")]


def test_no_import_circle_even_through_type_checking_imports():
    """A circle that only type checkers follow (a mixin naming the class that inherits it) is
    still a circle: reading the code by its imports goes round it."""
    modules, imports = _all_imports()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for imp in imports:
        target = _kit_target(imp.target, modules)
        if target and target != imp.source:
            graph[imp.source].add(target)
            graph[imp.source].update(_packages_entered(imp.source, target))
    cycles = _cycles(graph)
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_the_registry_and_the_kinds_do_not_import_each_other():
    _, imports = _all_imports()
    edges = {(i.source, i.target) for i in imports}
    assert not any(s == "kit.registry" and t.startswith("kit.kinds") for s, t in edges)
    assert any(s == "kit.kinds" and t == "kit.registry" for s, t in edges)
