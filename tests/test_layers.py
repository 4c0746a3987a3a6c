"""Imports point down the layers: the order is the table in docs/architecture.md ("The layers"),
read here so the document and the check cannot disagree.

Every import is read with ``ast``: at module level, inside functions, under ``TYPE_CHECKING``
and in ``importlib.import_module("cardarcade...")`` calls. A module may import its own package
and the layers below; a package of the same layer counts as sideways, and is refused too.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"

# Imports that point up today, each with what removes it. An entry no longer needed fails
# `test_every_known_exception_is_still_needed`: drop it then.
KNOWN_EXCEPTIONS: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Layer:
    rank: int
    never: frozenset[str]  # libraries the layer never imports


@dataclass(frozen=True)
class Import:
    file: str  # relative to the repository, with forward slashes
    line: int
    module: str  # absolute, dotted


def read_layers(doc: str) -> dict[str, Layer]:
    """Unit name (``rules``, ``cards``, ``__main__``...) -> its layer, from the document's table."""
    section = doc.split("\n## The layers\n", 1)[1].split("\n## ", 1)[0]
    layers = {}
    for rank, units, never in re.findall(r"^\| (\d+) \| ([^|]*) \|[^|]*\|([^|]*)\|$", section, re.MULTILINE):
        layer = Layer(int(rank), frozenset(re.findall(r"`([\w.]+)`", never)))
        for unit in re.findall(r"`([\w.]+)`", units):
            layers[unit] = layer
    return layers


def unit_of_module(module: str) -> str | None:
    """The layer table's name for a module of the package (None: not ours)."""
    parts = module.split(".")
    if parts[0] != "cardarcade":
        return None
    return parts[1] if len(parts) > 1 else "__init__"


def unit_of_file(file: str) -> str:
    parts = file.split("/")  # cardarcade/rules/base.py, cardarcade/cards.py
    return parts[1] if len(parts) > 2 else parts[1].removesuffix(".py")


def _dotted(file: str) -> str:
    return file.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def _imported(node: ast.AST, file: str) -> list[str]:
    """The absolute modules one node imports (none for any other node)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:  # relative: resolved against the importing module's package
            package = _dotted(file).split(".")
            package = package if file.endswith("__init__.py") else package[:-1]
            base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
        if base == "cardarcade":  # from cardarcade import rules: the names are modules
            return [f"cardarcade.{alias.name}" for alias in node.names]
        return [base]
    if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
        first = node.args[0] if node.args else None
        if isinstance(first, ast.JoinedStr) and first.values:
            first = first.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return [first.value.rstrip(".")]
    return []


def imports_in(root: Path) -> Iterator[Import]:
    """Every import of every module under ``root/cardarcade``."""
    for path in sorted((root / "cardarcade").rglob("*.py")):
        file = path.relative_to(root).as_posix()
        found = [
            Import(file, node.lineno, module)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), file))
            for module in _imported(node, file)
        ]
        yield from sorted(found, key=lambda imp: imp.line)


def wrong_way(imports: Iterable[Import], layers: dict[str, Layer]) -> list[tuple[Import, str]]:
    """Each import of another package that is not in a lower layer, with what is wrong with it."""
    found = []
    for imp in imports:
        unit, target = unit_of_file(imp.file), unit_of_module(imp.module)
        if target is None or target == unit or unit not in layers or target not in layers:
            continue  # (a module the table does not place fails its own test)
        here, there = layers[unit].rank, layers[target].rank
        if there >= here:
            way = "up" if there > here else "sideways"
            why = (
                f"{imp.file}:{imp.line}: {unit} (layer {here}) imports {imp.module}, {way} to {target} (layer {there})"
            )
            found.append((imp, why))
    return found


def layers() -> dict[str, Layer]:
    return read_layers(DOC.read_text(encoding="utf-8"))


@functools.cache
def repo_imports() -> tuple[Import, ...]:
    """The package's imports, read once for the tests that share them (parsing takes seconds)."""
    return tuple(imports_in(ROOT))


def test_the_layer_table_places_every_module_and_only_those():
    table = layers()
    units = {unit_of_file(path.relative_to(ROOT).as_posix()) for path in (ROOT / "cardarcade").rglob("*.py")}
    assert sorted(units - set(table)) == [], "modules docs/architecture.md does not place in a layer"
    assert sorted(set(table) - units) == [], "layers in docs/architecture.md name modules that do not exist"


def test_no_import_points_up_or_sideways():
    found = [
        (imp, why) for imp, why in wrong_way(repo_imports(), layers()) if (imp.file, imp.module) not in KNOWN_EXCEPTIONS
    ]
    assert not found, "imports against the layers (docs/architecture.md):\n" + "\n".join(why for _, why in found)


def test_every_known_exception_is_still_needed():
    found = {(imp.file, imp.module) for imp, _ in wrong_way(repo_imports(), layers())}
    stale = [f"{file} -> {module}" for file, module in KNOWN_EXCEPTIONS if (file, module) not in found]
    assert not stale, "no longer imported against the layers: drop from KNOWN_EXCEPTIONS:\n" + "\n".join(stale)


def test_no_layer_imports_a_library_it_must_keep_out_of():
    table = layers()
    found = [
        f"{imp.file}:{imp.line}: imports {imp.module}"
        for imp in repo_imports()
        if imp.module.split(".")[0] in table[unit_of_file(imp.file)].never
    ]
    assert not found, "libraries a layer never imports (docs/architecture.md):\n" + "\n".join(found)


def test_the_check_finds_imports_in_functions_type_checking_blocks_and_import_module(tmp_path):
    rules = tmp_path / "cardarcade" / "rules"
    rules.mkdir(parents=True)
    (rules / "__init__.py").write_text("from . import base\n")
    (rules / "base.py").write_text(
        "import importlib\nfrom typing import TYPE_CHECKING\n\n"
        "from cardarcade.cards import Card\n"
        "if TYPE_CHECKING:\n    from cardarcade.table.table import Table\n\n"
        "def deal():\n    from cardarcade import bots\n"
        "    return importlib.import_module('cardarcade.ui.app')\n"
    )
    found = [why for _, why in wrong_way(imports_in(tmp_path), layers())]
    assert found == [
        "cardarcade/rules/base.py:6: rules (layer 3) imports cardarcade.table.table, up to table (layer 6)",
        "cardarcade/rules/base.py:9: rules (layer 3) imports cardarcade.bots, up to bots (layer 4)",
        "cardarcade/rules/base.py:10: rules (layer 3) imports cardarcade.ui.app, up to ui (layer 7)",
    ]


def test_a_package_of_the_same_layer_is_refused_too(tmp_path):
    store = tmp_path / "cardarcade" / "store"
    store.mkdir(parents=True)
    (store / "saves.py").write_text("from cardarcade.table.clock import Clock\n")
    assert [why for _, why in wrong_way(imports_in(tmp_path), layers())] == [
        "cardarcade/store/saves.py:1: store (layer 6) imports cardarcade.table.clock, sideways to table (layer 6)"
    ]
