"""No module reaches into another module's private names (issue 22).

A name starting with one underscore belongs to the module that defines it: its own
classes read it on ``self``/``cls``, its functions read it on any object, since the module
owns the name (an attribute its functions attach to a foreign object, such as a window's
process pool, included). Any other module uses the public API instead. The scan reads
``subword_core`` and ``app`` with :mod:`ast` (nothing is imported, so no Qt here) and finds:

- ``obj._name`` and ``getattr/hasattr/setattr/delattr(obj, "_name")`` where ``obj`` is not
  ``self``/``cls`` and this module defines no ``_name`` (assigning ``obj._name`` defines it,
  unless a class of another module sets ``self._name``: writing a model's table from
  outside is a reach too);
- ``from module import _name`` where ``_name`` is not a module (private modules are how a
  package keeps its internals: importing one is fine, taking its privates from outside
  is not).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("subword_core", "app")
#: (module path, name): reaches that must stay. Keep it empty; each entry needs a why.
ALLOWED: frozenset[tuple[str, str]] = frozenset()
_ATTR_FUNCTIONS = frozenset(("getattr", "hasattr", "setattr", "delattr"))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _self_attributes(tree: ast.Module) -> set[str]:
    """The private attributes this module's classes set on ``self``."""
    return {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and _is_self(node.value) and _private(node.attr)}


def _owned_names(tree: ast.Module, foreign: frozenset[str]) -> set[str]:
    """The private names this module defines: module and class level names, ``__slots__``
    entries and the attributes it assigns on any object, but for ``foreign`` names (set on
    ``self`` by another module's classes)."""
    owned: set[str] = set()

    def scope(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                owned.add(node.name)
            elif isinstance(node, ast.ClassDef):
                owned.add(node.name)
                scope(node.body)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    owned.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
                if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
                    owned.update(c.value for c in ast.walk(node.value)
                                 if isinstance(c, ast.Constant) and isinstance(c.value, str))
            elif isinstance(node, (ast.If, ast.Try)):
                for block in (node.body, node.orelse, getattr(node, "finalbody", []),
                              *(h.body for h in getattr(node, "handlers", []))):
                    scope(block)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                owned.update((a.asname or a.name).split(".")[0] for a in node.names)

    scope(tree.body)
    attached: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
            (owned if _is_self(node.value) else attached).add(node.attr)
        elif _attr_call(node) == "setattr" or _object_setattr(node):
            attached.add(node.args[1].value)
    return owned | (attached - foreign)


def _attr_call(node: ast.AST) -> str | None:
    """``getattr``/``hasattr``/``setattr``/``delattr`` with a constant name, or None."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in _ATTR_FUNCTIONS and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
        return node.func.id
    return None


def _object_setattr(node: ast.AST) -> bool:
    """``object.__setattr__(obj, "name", value)`` (past a class's own ``__setattr__``)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "__setattr__" and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str))


def _is_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id in ("self", "cls")


def _is_module(path: Path, node: ast.ImportFrom, name: str) -> bool:
    """Whether ``from <node.module> import name`` in ``path`` imports a module."""
    if node.level:
        base = path.parent
        for _ in range(node.level - 1):
            base = base.parent
    else:
        base = ROOT
    for part in (node.module or "").split(".") if node.module else []:
        base = base / part
    return (base / f"{name}.py").exists() or (base / name / "__init__.py").exists()


@cache
def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def private_reaches(path: Path, foreign: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """``(line, what)`` for each reach into another module's private name in ``path``;
    ``foreign``: the private attributes other modules' classes set on ``self``."""
    tree = _parse(path)
    owned = _owned_names(tree, foreign)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if _private(node.attr) and not _is_self(node.value) and node.attr not in owned:
                found.append((node.lineno, ast.unparse(node)))
        elif _attr_call(node) is not None:
            name = node.args[1].value
            if _private(name) and not _is_self(node.args[0]) and name not in owned:
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if _private(alias.name) and not _is_module(path, node, alias.name):
                    source = "." * node.level + (node.module or "")
                    found.append((node.lineno, f"from {source} import {alias.name}"))
    return found


def _modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_the_scan_sees_every_kind_of_reach(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        "from .other import _helper, public\n"
        "class Own:\n"
        "    __slots__ = ('_slot',)\n"
        "    def __init__(self):\n"
        "        self._mine = 1\n"
        "    def same(self, other):\n"
        "        return other._mine, other._slot, self._anything\n"
        "def reach(model, window):\n"
        "    window._attached = 1\n"
        "    model._ranks = {}\n"
        "    return model._table, getattr(model, '_rank', None), window._attached, model._ranks\n")
    found = [what for _, what in private_reaches(module, foreign=frozenset({"_ranks"}))]
    assert sorted(found) == sorted(["from .other import _helper", "model._table",
                                    "getattr(model, '_rank', None)", "model._ranks",
                                    "model._ranks"])


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_reaches_into_another_modules_private_names(package: str) -> None:
    modules = _modules()
    self_attributes = {path: _self_attributes(_parse(path)) for path in modules}
    reaches = []
    for path in modules:
        name = path.relative_to(ROOT).as_posix()
        if not name.startswith(package + "/"):
            continue
        foreign = frozenset().union(*(names for other, names in self_attributes.items()
                                      if other != path))
        reaches += [f"{name}:{line}: {what}" for line, what in private_reaches(path, foreign)
                    if (name, what) not in ALLOWED]
    assert not reaches, "private reaches (use or add a public API):\n" + "\n".join(reaches)
