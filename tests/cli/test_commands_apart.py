"""The commands are thin and apart: no command module imports another command's module (what
they share lives in the option modules and the application layer, :mod:`bridgescore.events`)."""

from __future__ import annotations

import ast

from bridgescore.cli import COMMANDS
from tests.support.paths import ROOT

CLI = ROOT / "src" / "bridgescore" / "cli"


def imported(source: str) -> set[str]:
    """Every module a module imports, at the top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_command_module_imports_another() -> None:
    commands = {target.partition(":")[0] for target in COMMANDS.values()}
    assert len(commands) == 11
    for module in sorted(commands):
        path = CLI / f"{module.rpartition('.')[2]}.py"
        others = imported(path.read_text(encoding="utf-8")) & (commands - {module})
        assert others == set(), f"{module} imports {sorted(others)}"
