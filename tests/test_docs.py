"""The documentation (README.md and docs/): every command and option is in it, its Python examples
run, and every console run it shows prints what it shows."""

from __future__ import annotations

import doctest
import importlib.util
import re
from collections.abc import Callable
from pathlib import Path

import click
import pytest

from bridgescore.cli import COMMANDS, app
from tests.support.docs import (
    ConsoleRun,
    all_text,
    check_run,
    console_runs,
    needs_shared,
    pages,
    scratch_checkout,
)
from tests.support.paths import ROOT, SHARED


def _commands() -> list[tuple[str, click.Command]]:
    context = click.Context(app)
    found: list[tuple[str, click.Command]] = []
    for name in sorted(COMMANDS):
        command = app.get_command(context, name)
        assert command is not None
        found.append((name, command))
        if isinstance(command, click.Group):
            sub_context = click.Context(command)
            for sub in command.list_commands(sub_context):
                sub_command = command.get_command(sub_context, sub)
                assert sub_command is not None
                found.append((f"{name} {sub}", sub_command))
    return found


@pytest.mark.parametrize(("name", "command"), _commands(), ids=str)
def test_every_command_and_option_is_documented(name: str, command: click.Command) -> None:
    text = all_text()
    assert re.search(rf"bridgescore {re.escape(name)}\b", text), (
        f"`bridgescore {name}` is in neither README.md nor docs/"
    )
    for parameter in command.params:
        if isinstance(parameter, click.Option):
            longs = [o for o in parameter.opts + parameter.secondary_opts if o.startswith("--")]
            for option in longs:
                if option == "--help":
                    continue
                assert option in text, (
                    f"`bridgescore {name} {option}` is in neither README nor docs"
                )


@pytest.mark.parametrize("page", list(pages()))
def test_the_python_examples_run(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples read examples/ as a reader at the root would
    failures, _ = doctest.testfile(
        str(pages()[page]), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert failures == 0


def test_the_docs_have_python_examples_and_console_runs() -> None:
    tried = 0
    for path in pages().values():
        parser = doctest.DocTestParser()
        tried += len(parser.get_examples(path.read_text(encoding="utf-8")))
    assert tried > 40
    assert len(console_runs()) > 40
    assert {run.page for run in console_runs()} >= {"README", "contract", "pairs", "teams"}


def test_the_hooks_of_the_docs_build_pass_their_doctests() -> None:
    """``docs/hooks.py``: the pages' table cells and the docstrings, read as Markdown."""
    spec = importlib.util.spec_from_file_location("hooks", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    failures, tried = doctest.testmod(module)
    assert tried > 0
    assert failures == 0


def test_every_console_line_is_a_bridgescore_run() -> None:
    """Other commands (make, python) are shown in ``sh`` blocks, which are not run."""
    for run in console_runs():
        assert run.command.startswith("bridgescore "), str(run)


@pytest.fixture(scope="module")
def checkouts(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """The scratch checkout of a page, made at its first run and shared by the page's runs (as
    a reader's checkout is)."""
    made: dict[str, Path] = {}

    def checkout(page: str) -> Path:
        if page not in made:
            made[page] = scratch_checkout(tmp_path_factory.mktemp("docs"))
        return made[page]

    return checkout


@pytest.mark.parametrize("run", console_runs(), ids=str)
def test_the_docs_show_the_real_output(run: ConsoleRun, checkouts: Callable[[str], Path]) -> None:
    if needs_shared(run) and not SHARED.exists():
        pytest.skip(f"{SHARED} is not here")
    check_run(run, checkouts(run.page))


def test_a_run_shown_without_output_must_still_succeed_and_write_its_files(
    tmp_path: Path,
) -> None:
    checkout = scratch_checkout(tmp_path)
    writes = ConsoleRun("page", 3, "bridgescore export examples/board1.csv --csv build/b.csv", "")
    check_run(writes, checkout)
    assert (checkout / "build" / "b.csv").read_text(encoding="utf-8").startswith("board,")
    refused = ConsoleRun("page", 5, "bridgescore score examples/board1-typos.csv", "")
    with pytest.raises(AssertionError, match="14 tricks taken"):
        check_run(refused, checkout)


def test_a_run_is_compared_line_by_line_with_what_the_page_shows(tmp_path: Path) -> None:
    checkout = scratch_checkout(tmp_path)
    shown = "Board 7: dealer South, vulnerable: both\n"
    check_run(ConsoleRun("page", 1, "bridgescore board 7", shown), checkout)
    check_run(ConsoleRun("page", 1, "bridgescore board 23", shown.replace("7", "23")), checkout)
    with pytest.raises(AssertionError):
        check_run(ConsoleRun("page", 1, "bridgescore board 8", shown), checkout)
    error = "error: '8S+1': a contract's level is 1 to 7\n"
    check_run(ConsoleRun("page", 1, "bridgescore contract 8S+1", error), checkout)
    elided = '{\n  ...\n  "vulnerability": "Both"\n}\n'
    check_run(ConsoleRun("page", 1, "bridgescore board 7 --json", elided), checkout)
