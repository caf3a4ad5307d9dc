"""The commands are thin and apart: no command module imports another command's module (what
they share lives in the option modules and the application layer, :mod:`bridgescore.events`)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys

from bridgescore.cli import COMMANDS
from tests.support.console import run_bridgescore
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
    commands = {f"bridgescore.cli.{target.partition(':')[0]}" for target, _ in COMMANDS.values()}
    assert len(commands) == 15
    for module in sorted(commands):
        path = CLI / f"{module.rpartition('.')[2]}.py"
        others = imported(path.read_text(encoding="utf-8")) & (commands - {module})
        assert others == set(), f"{module} imports {sorted(others)}"


def test_the_command_list_shows_each_command_whole_and_imports_none() -> None:
    """``bridgescore --help`` lists every command with its line uncut, without importing the
    command modules (a list that imported them all would be slow to show)."""
    code = (
        "import sys\n"
        "from bridgescore.cli import main\n"
        "sys.argv = ['bridgescore', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.endswith('_cmd')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    *listing, loaded = done.stdout.splitlines()
    assert loaded == "[]"
    text = "\n".join(listing).partition("Commands:")[2]
    assert "..." not in text
    for name, (_, line) in COMMANDS.items():
        assert re.search(rf"^  {re.escape(name)} +{re.escape(line.split()[0])}", text, re.M), name
    assert "Score one contract: 4HX+1 --vul, 3NT=, 4S --tricks 8." in text.replace("\n", " ")


def test_percent_signs_are_printed_once() -> None:
    text = run_bridgescore("score", "--help").stdout
    flat = " ".join(text.split())
    assert "%%" not in text
    assert "Ave+/Ave- always 60/40 %," in flat and "e.g. 60% (default:" in flat
