"""The public API: every name importable from ``bridgescore``, each shown by a doctest, and the
application layer's answers equal to what the installed console script prints."""

from __future__ import annotations

import importlib
import inspect
import re
import types
import typing
from typing import Any

import pytest

import bridgescore
from tests.support.console import bridgescore_json
from tests.support.paths import ROOT


def test_the_club_session_is_what_bridgescore_score_prints() -> None:
    event = bridgescore.score_file("examples/club-session.csv", names="examples/club-names.csv")
    printed = bridgescore_json(
        "score", "examples/club-session.csv", "--names", "examples/club-names.csv"
    )
    assert event.to_dict() == printed


def test_the_teams_event_is_what_bridgescore_teams_prints() -> None:
    scored = bridgescore.score_teams_file(
        "examples/teams.csv", teams="examples/teams-names.csv", vp="wbf"
    )
    printed = bridgescore_json(
        "teams", "examples/teams.csv", "--teams", "examples/teams-names.csv", "--vp", "wbf"
    )
    assert scored.to_dict() == printed


def test_every_public_name_is_shown_by_a_doctest() -> None:
    package_examples = " ".join(
        line
        for line in (bridgescore.__doc__ or "").splitlines()
        if line.startswith((">>> ", "... "))
    )
    shown = set(re.findall(r"\w+", package_examples))
    missing = [
        name
        for name in bridgescore.__all__
        if name != "__version__"
        and name not in shown
        and ">>>" not in (inspect.getdoc(getattr(bridgescore, name)) or "")
    ]
    assert missing == []


def test_the_lazy_names_are_the_application_layers() -> None:
    from bridgescore.events import files, pairs, teams

    assert bridgescore.score_file is pairs.score_file
    assert bridgescore.score_teams_file is teams.score_teams_file
    assert (bridgescore.load, bridgescore.dump) == (files.load, files.dump)
    assert bridgescore.vp_scale is teams.vp_scale
    assert {"score_file", "score_archive", "PbnFile"} <= set(dir(bridgescore))
    with pytest.raises(AttributeError, match="module 'bridgescore' has no attribute 'nothing'"):
        bridgescore.nothing  # noqa: B018


def test_the_public_names_are_listed_once() -> None:
    """The package's ``if TYPE_CHECKING:`` imports are the one list: ``__all__``, ``dir()`` and
    the names themselves come from it, and each is the object of the module it names; the
    core exports nothing of its own."""
    import bridgescore.core
    from bridgescore.core.lazy import public_names

    listed = public_names(bridgescore.__file__)
    assert bridgescore.__all__ == sorted([*listed, "__version__"])
    assert set(listed) <= set(dir(bridgescore))
    for name, (module, attribute) in listed.items():
        assert getattr(bridgescore, name) is getattr(importlib.import_module(module), attribute)
    assert not hasattr(bridgescore.core, "__all__") and not hasattr(bridgescore.core, "Contract")
    namespace: dict[str, Any] = {}
    exec("from bridgescore import *", namespace)
    assert {*namespace} - {"__builtins__"} == set(bridgescore.__all__)


ENTRY_POINTS = (
    "PairsRules",
    "analyse",
    "dump",
    "dump_hands",
    "load",
    "load_hands",
    "loads",
    "score_file",
    "score_session",
    "score_teams_file",
)
"""The application layer's entry points: each shows itself at work in its own docstring."""


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_each_entry_point_has_its_own_doctest(name: str) -> None:
    assert ">>>" in (inspect.getdoc(getattr(bridgescore, name)) or "")


def _types(annotation: object, found: set[type]) -> None:
    """The bridgescore classes an annotation names."""
    if typing.get_origin(annotation) is not None or isinstance(annotation, types.UnionType):
        for argument in typing.get_args(annotation):
            _types(argument, found)
    elif isinstance(annotation, type) and annotation.__module__.startswith("bridgescore."):
        found.add(annotation)


def _returned(thing: object) -> set[type]:
    """The bridgescore classes a public function returns, or a public class's methods and
    properties return, its settings' types for a class of rules."""
    names = {name: getattr(bridgescore, name) for name in bridgescore.__all__}
    names["Loaded"] = bridgescore.Session | bridgescore.PbnFile | bridgescore.UsebioEvent
    members = [thing] if inspect.isfunction(thing) else [m for _, m in inspect.getmembers(thing)]
    found: set[type] = set()
    for member in members:
        function = member.fget if isinstance(member, property) else member
        function = getattr(function, "__func__", function)
        if not inspect.isfunction(function) or function.__name__.startswith("_"):
            continue
        hints = typing.get_type_hints(function, {**function.__globals__, **names})
        _types(hints.get("return"), found)
    if thing is bridgescore.PairsRules:
        for hint in typing.get_type_hints(thing).values():
            _types(hint, found)
    return found


def test_every_type_the_api_returns_is_exported() -> None:
    """What a public function returns, what a public class's methods give back (and so on),
    and the types of the pairs rules' settings: all importable from ``bridgescore``."""
    exported = {getattr(bridgescore, name) for name in bridgescore.__all__}
    seen: set[type] = set()
    todo = [thing for thing in exported if inspect.isfunction(thing) or inspect.isclass(thing)]
    missing = []
    while todo:
        for found in _returned(todo.pop()) - seen:
            seen.add(found)
            todo.append(found)
            if found not in exported:
                missing.append(f"{found.__module__}.{found.__qualname__}")
    assert sorted(missing) == []


def test_the_api_reference_documents_the_public_names_and_only_them() -> None:
    """Each page of ``docs/api`` documents names of ``bridgescore`` (``::: bridgescore.NAME``),
    every public name once, and no module beneath it."""
    documented = []
    for page in sorted((ROOT / "docs" / "api").glob("*.md")):
        for target in re.findall(r"^::: (\S+)$", page.read_text(encoding="utf-8"), re.MULTILINE):
            assert target == "bridgescore" or target.count(".") == 1, f"{page.name}: {target}"
            documented.append(target.removeprefix("bridgescore").removeprefix("."))
    public = sorted(set(bridgescore.__all__) - {"__version__"})
    assert sorted(name for name in documented if name) == public
