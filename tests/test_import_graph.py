"""The import graph of towers_core and towers_qt has no cycle, and the core never imports Qt or the app.

Every `import` written in a module is an edge, wherever it stands: at the top, under
`if TYPE_CHECKING:` (a type-only circle still ties two modules into one) or inside a function.
A function-level import that would close a circle is allowed only when it is listed in DEFERRED
with the reason the two modules cannot be untied.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("towers_core", "towers_qt")
QT = ("PySide6", "shiboken6")

# (importing module, imported module): the deferred imports that may close a circle, each with why.
DEFERRED: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every Python module of the two packages by its dotted name."""
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def imports(path: Path, name: str) -> list[tuple[str, bool]]:
    """(imported name, inside a function) for each import statement of the module; `from a import b`
    yields a.b (a.b is kept only if it is a module, else a)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            deferred = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend((alias.name, in_function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                found.append((base, in_function))
                found.extend((f"{base}.{alias.name}", in_function) for alias in child.names)
            visit(child, deferred)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), False)
    return found


def graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Edges between the packages' own modules, and every name each module imports."""
    mods = modules()
    edges: dict[str, set[str]] = {m: set() for m in mods}
    named: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        for target, in_function in imports(path, mod):
            named[mod].add(target)
            if target in mods and target != mod and not (in_function and (mod, target) in DEFERRED):
                edges[mod].add(target)
    return edges, named


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each as one circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
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
            if len(component) > 1:
                found.append(circle(sorted(component), edges))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return found


def circle(component: list[str], edges: dict[str, set[str]]) -> list[str]:
    """One path through a strongly connected component back to its first module, to print."""
    members = set(component)
    start = component[0]
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges[v] & members):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return [start] + path[::-1][1:] + [start] if len(path) > 1 else [start, v, start]
                if w not in parents:
                    parents[w] = v
                    nxt.append(w)
        frontier = nxt
    return component


def test_no_module_imports_itself_back() -> None:
    found = cycles(graph()[0])
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_core_imports_neither_qt_nor_the_app() -> None:
    _, named = graph()
    bad = sorted(f"{mod} imports {target}" for mod, targets in named.items() if mod.startswith("towers_core")
                 for target in targets if target.split(".")[0] in QT + ("towers_qt",))
    assert not bad, "\n".join(bad)


def test_every_allowed_deferred_import_is_still_there() -> None:
    _, named = graph()
    stale = [pair for pair in DEFERRED if pair[1] not in named.get(pair[0], set())]
    assert not stale, f"DEFERRED lists imports that no longer exist: {stale}"


def test_the_graph_sees_a_circle_and_the_core_rule_sees_qt(tmp_path: Path) -> None:
    """The checks above can fail: a made-up circle is found, a Qt import in a core-named module is named."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    source = tmp_path / "probe.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from x.y import Z\n"
                      "def f():\n    import PySide6.QtCore\n", encoding="utf-8")
    assert imports(source, "probe") == [("typing", False), ("typing.TYPE_CHECKING", False),
                                        ("x.y", False), ("x.y.Z", False), ("PySide6.QtCore", True)]
