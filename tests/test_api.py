"""The public API: every name importable from ``bridgescore``, each shown by a doctest, and the
application layer's answers equal to what the installed console script prints."""

from __future__ import annotations

import inspect
import re

import pytest

import bridgescore
from tests.support.console import bridgescore_json


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


def test_every_public_name_is_importable() -> None:
    import bridgescore.core

    for module in (bridgescore, bridgescore.core):
        missing = [name for name in module.__all__ if not hasattr(module, name)]
        assert missing == [], f"{module.__name__}.__all__ lists names it does not define"
