"""A file's scoring description: a method bridgescore does not score is an error, not matchpoints."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.rules import PairsMethod, rules_from_scoring
from bridgescore.formats import pbn
from bridgescore.formats.csv import travellers
from tests.support.paths import ROOT


def scored_as(tmp_path: Path, scoring: str, *options: str) -> tuple[int, str]:
    session = travellers.load(ROOT / "examples" / "club-session.csv")
    path = tmp_path / "club.pbn"
    pbn.dump(
        pbn.session_to_pbn(replace(session, info=replace(session.info, scoring=scoring))), path
    )
    result = CliRunner().invoke(app, ["score", str(path), "--json", *options])
    return result.exit_code, result.output


@pytest.mark.parametrize("scoring", ["Cavendish", "BAM", "Rubber", "Chicago", "Swiss"])
def test_a_method_bridgescore_does_not_score_needs_method(tmp_path: Path, scoring: str) -> None:
    code, output = scored_as(tmp_path, scoring)
    assert (code, output) == (
        2,
        f"error: the file's scoring '{scoring}' is not a pairs method bridgescore scores; "
        "give --method (mp, crossimps, butler or total)\n",
    )
    code, output = scored_as(tmp_path, scoring, "--method", "mp")
    assert code == 0, output
    assert '"method": "mp"' in output


def test_the_methods_bridgescore_scores_are_still_read() -> None:
    assert rules_from_scoring("MatchPoints")["method"] is PairsMethod.MP
    assert rules_from_scoring("IMP;Butler-2;Mean")["method"] is PairsMethod.BUTLER
    assert rules_from_scoring("BUTLER_IMPS")["method"] is PairsMethod.BUTLER
    assert rules_from_scoring("Total")["method"] is PairsMethod.TOTAL
    assert rules_from_scoring("") == rules_from_scoring("?") == {}
    with pytest.raises(ScoringError, match="'BAM'"):
        rules_from_scoring("BAM")
