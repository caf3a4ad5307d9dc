"""The extras as the command line knows them: read from bridgescore's own metadata, the same as
``pyproject.toml`` lists; and a module found missing while a command runs is one line of error
naming its extra. (The light install itself: ``tests/test_light_install.py``.)"""

from __future__ import annotations

import re
import tomllib

import click
from click.testing import CliRunner

from bridgescore.cli import LazyGroup
from bridgescore.cli.extras import extra_of, extras, missing
from tests.support.paths import ROOT


def _listed() -> dict[str, list[str]]:
    """Each extra of ``pyproject.toml`` (but the tools' and ``all``) and its distributions."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {
        extra: sorted(re.match(r"[A-Za-z0-9._-]+", r).group() for r in requirements)  # type: ignore[union-attr]
        for extra, requirements in project["optional-dependencies"].items()
        if extra not in ("test", "docs", "all")
    }


def test_the_extras_are_pyprojects() -> None:
    assert {extra: sorted(names) for extra, names in extras().items()} == _listed()
    assert set(extras()) == {"server", "pdf", "scale", "dd"}


def test_all_is_every_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["optional-dependencies"]["all"] == ["bridgescore[server,pdf,scale,dd]"]


def test_here_every_extra_is_installed() -> None:
    """``make test`` installs ``[all]``."""
    assert {extra: missing(extra) for extra in extras()} == {extra: [] for extra in extras()}
    assert missing("no-such-extra") == []


def test_a_module_is_found_in_its_extra() -> None:
    assert extra_of("polars") == extra_of("dask.dataframe") == "scale"
    assert extra_of("weasyprint") == "pdf"
    assert extra_of("endplay.dds") == "dd"
    assert extra_of("fastapi") == extra_of("sqlalchemy.orm") == "server"
    assert extra_of("click") is None  # (the light install's own)


def _group_running(code: str) -> LazyGroup:
    @click.command("try")
    def command() -> None:
        exec(code)

    group = LazyGroup("bridgescore")
    group.add_command(command)
    return group


def test_a_module_found_missing_while_a_command_runs_is_one_line_naming_what_to_install() -> None:
    group = _group_running("import bridgescore_test_no_such_module")
    done = CliRunner().invoke(group, ["try"])
    assert done.exit_code == 2
    assert done.output == (
        "error: bridgescore try needs bridgescore_test_no_such_module, which is not installed: "
        "pip install 'bridgescore[all]' brings every optional part\n"
    )
    assert done.exception is not None and not isinstance(done.exception, ModuleNotFoundError)


def test_a_missing_module_of_bridgescore_itself_is_a_bug_not_an_install() -> None:
    group = _group_running("import bridgescore.no_such_module")
    done = CliRunner().invoke(group, ["try"])
    assert isinstance(done.exception, ModuleNotFoundError)
