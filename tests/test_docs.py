"""The README documents every command and option, and its Python examples run."""

from __future__ import annotations

import doctest
import re

import click
import pytest

from bridgescore.cli import COMMANDS, app
from tests.support.readme import README


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
def test_every_command_and_option_is_in_the_readme(name: str, command: click.Command) -> None:
    text = README.read_text(encoding="utf-8")
    assert re.search(rf"bridgescore {re.escape(name)}\b", text), (
        f"`bridgescore {name}` is not in the README"
    )
    for parameter in command.params:
        if isinstance(parameter, click.Option):
            longs = [o for o in parameter.opts + parameter.secondary_opts if o.startswith("--")]
            for option in longs:
                if option == "--help":
                    continue
                assert option in text, f"`bridgescore {name} {option}` is not in the README"


def test_readme_python_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 0
    assert failures == 0
