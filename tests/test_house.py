"""House rules the import-linter contracts cannot state: no module imports another package's
private name, no module in ``src/`` is longer than 400 lines, and the core imports only itself
and the standard library (the one check of the core's purity: ``sys.stdlib_module_names``, no
list of packages to keep).

A *package* here is one folder: ``bridgescore/formats/csv/travellers.py`` and
``bridgescore/formats/csv/vp_scales.py`` share a package and may use each other's private names;
``bridgescore/fast/csv_columns.py`` may not use ``bridgescore.formats.csv.travellers._read_line``.
A name is private when it starts with one underscore (dunders such as ``__version__`` are not).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.support.paths import ROOT

SRC = ROOT / "src"
LIMIT = 400


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _package_of(path: Path) -> str:
    """The dotted name of the folder holding the module at ``path``."""
    return ".".join(path.parent.relative_to(SRC).parts)


def _imported_module(node: ast.ImportFrom, package: str) -> str:
    """The absolute dotted name ``from ... import`` reads from, relative imports resolved."""
    if node.level == 0:
        return node.module or ""
    parts = package.split(".")
    base = parts[: len(parts) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _folder_of(module: str) -> str:
    """The folder (package) a dotted module name lives in: the module itself when it is a
    package (``__init__.py``), else its parent."""
    path = SRC.joinpath(*module.split("."))
    if path.is_dir():
        return module
    return module.rpartition(".")[0]


def _private_imports(path: Path) -> Iterator[str]:
    package = _package_of(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        source = _imported_module(node, package)
        if not source.startswith("bridgescore") or _folder_of(source) == package:
            continue
        for alias in node.names:
            if _is_private(alias.name):
                where = path.relative_to(ROOT)
                yield f"{where}:{node.lineno} imports {alias.name} from {source}"


def test_no_module_imports_another_packages_private_name() -> None:
    found = [line for path in _modules() for line in _private_imports(path)]
    assert found == [], "private names used across packages:\n" + "\n".join(found)


def test_no_module_is_longer_than_the_house_limit() -> None:
    long = []
    for path in _modules():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LIMIT:
            long.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert long == [], f"modules over {LIMIT} lines:\n" + "\n".join(long)


def test_the_private_import_check_resolves_relative_imports() -> None:
    node = ast.parse("from ..text import _x").body[0]
    assert isinstance(node, ast.ImportFrom)
    assert _imported_module(node, "bridgescore.formats.csv") == "bridgescore.formats.text"
    same = ast.parse("from . import _y").body[0]
    assert isinstance(same, ast.ImportFrom)
    assert _imported_module(same, "bridgescore.formats.csv") == "bridgescore.formats.csv"


def test_the_core_imports_only_the_standard_library_and_itself() -> None:
    core = SRC / "bridgescore" / "core"
    outside = []
    for path in sorted(core.rglob("*.py")):
        package = _package_of(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [_imported_module(node, package)]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if not (name.startswith("bridgescore.core") or top in sys.stdlib_module_names):
                    outside.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert outside == [], "the core reaches outside itself:\n" + "\n".join(outside)
