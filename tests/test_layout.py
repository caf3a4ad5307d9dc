"""The test suite's own layout: a test module imports bridgescore, libraries and the helpers in
``tests.support``, never another test module, a conftest or the benchmarks (``bench``, which
the tests may only run as commands); and only ``tests.support.paths`` finds files from where it
sits, so a test can move."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support.paths import ROOT

TESTS = ROOT / "tests"
PATHS = TESTS / "support" / "paths.py"


def module_name(path: Path) -> str:
    """``tests/cli/test_score_cmd.py`` -> ``tests.cli.test_score_cmd``; a package is its folder."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module a ``from ... import`` names, relative imports resolved from ``module``."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def allowed(name: str) -> bool:
    """Whether a test may import the module ``name``."""
    parts = name.split(".")
    if parts[0] == "bench" or parts[-1] == "conftest":
        return False
    return parts[0] != "tests" or parts[:2] == ["tests", "support"] or parts == ["tests"]


def imported(node: ast.AST, module: str, is_package: bool) -> list[str]:
    """The modules an import statement, or an ``import_module("...")`` call, names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        base = absolute(node, module, is_package)
        if base == "tests":  # from tests import cli: the names are modules
            return [f"tests.{alias.name}" for alias in node.names]
        return [base]
    if isinstance(node, ast.Call) and node.args:
        called = node.func.attr if isinstance(node.func, ast.Attribute) else None
        if isinstance(node.func, ast.Name):
            called = node.func.id
        first = node.args[0]
        if called in ("import_module", "__import__") and isinstance(first, ast.Constant):
            return [str(first.value)]
    return []


def forbidden_imports(
    source: str, module: str, *, is_package: bool = False
) -> list[tuple[int, str]]:
    """(line, module) of each import of another test module, a conftest or bench in ``source``,
    the text of the module ``module``; ``importlib.import_module("...")`` counts too."""
    return [
        (node.lineno, name)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.stmt | ast.expr)
        for name in imported(node, module, is_package)
        if not allowed(name)
    ]


def finds_files_from_its_place(source: str) -> list[int]:
    """Lines that use ``__file__`` (a path worked out from where the module sits)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Name) and node.id == "__file__"
    ]


def modules() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


def test_the_suite_is_found() -> None:
    found = {path.relative_to(TESTS).as_posix() for path in modules()}
    assert {"test_layout.py", "support/paths.py", "cli/test_score_cmd.py", "conftest.py"} <= found


def test_no_test_imports_another_test_module_a_conftest_or_bench() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for path in modules()
        for line, name in forbidden_imports(
            path.read_text(encoding="utf-8"), module_name(path), is_package=path.stem == "__init__"
        )
    ]
    assert problems == []


def test_only_the_paths_helper_finds_files_from_its_own_place() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line}: uses __file__; use tests.support.paths"
        for path in modules()
        if path != PATHS
        for line in finds_files_from_its_place(path.read_text(encoding="utf-8"))
    ]
    assert problems == []


@pytest.mark.parametrize(
    ("source", "module", "expected"),
    [
        ("from tests.cli.test_rubber_cmd import run\n", "tests.cli.test_x", [(1, "tests.cli.test_rubber_cmd")]),
        ("import os\nimport tests.core.teams.test_events\n", "tests.x", [(2, "tests.core.teams.test_events")]),
        ("from tests.cli import test_rubber_cmd\n", "tests.x", [(1, "tests.cli")]),
        ("from tests import cli, support\n", "tests.x", [(1, "tests.cli")]),
        ("from bench.generate import event\n", "tests.fast.test_x", [(1, "bench.generate")]),
        ("import bench\n", "tests.x", [(1, "bench")]),
        ("from . import test_match\n", "tests.core.teams.test_x", [(1, "tests.core.teams")]),
        ("from .test_match import helper\n", "tests.core.teams.test_x", [(1, "tests.core.teams.test_match")]),
        ("from ..conftest import x\n", "tests.render.html.test_x", [(1, "tests.render.conftest")]),
        ("from tests.render.html.conftest import site\n", "tests.x", [(1, "tests.render.html.conftest")]),
        ("importlib.import_module('bench.common')\n", "tests.x", [(1, "bench.common")]),
        ("from .support.paths import ROOT\n", "tests.test_x", []),
        ("from .paths import ROOT\n", "tests.support.cli", []),
        ("from tests.support.paths import ROOT\nimport tests.support\n", "tests.x", []),
        ("from bridgescore import Contract\nimport benchmark\n", "tests.x", []),
    ],
)  # fmt: skip
def test_the_import_check_names_what_it_should(
    source: str, module: str, expected: list[tuple[int, str]]
) -> None:
    assert forbidden_imports(source, module) == expected


def test_the_place_check_names_the_line() -> None:
    assert finds_files_from_its_place("import x\nHERE = Path(__file__).parent\n") == [2]
