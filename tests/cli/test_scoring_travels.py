"""The scoring method travels between PBN and USEBIO in each format's own words, through
PairsRules: convert and export write ``IMP;Butler-2`` / ``BUTLER_IMPS`` and so on, never the other
format's words, and scoring the written file gives the same standings as the original."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.pairs.rules import (
    PairsMethod,
    PairsRules,
    pbn_scoring,
    scoring_in,
    scoring_rules,
    usebio_scoring,
)
from bridgescore.core.scoring.butler import ButlerDrop
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale
from bridgescore.formats import pbn, usebio
from bridgescore.formats.usebio.conventions import derive_scoring
from tests.support.paths import EXAMPLES, TESTDATA


def real(name: str) -> Path:
    path = TESTDATA / name
    if not path.exists():
        pytest.skip(f"the real results files are not here ({path} is missing: ../shared is absent)")
    return path


def run(*args: str | Path) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.stdout


def standings(path: Path, *options: str) -> dict[str, Any]:
    """The method and the rankings ``bridgescore score`` gives the file."""
    payload = json.loads(run("score", path, "--json", *options))
    return {"method": payload["method"], "rankings": payload["rankings"]}


def words(path: Path) -> str | tuple[str, str | None]:
    """The scoring words the file holds: PBN's Scoring tag, USEBIO's event type and method."""
    if path.suffix == ".pbn":
        return pbn.load(path).games[0].tag("Scoring") or ""
    event = usebio.load(path)
    return event.event_type, event.session.info.scoring


RULES = [
    PairsRules(),
    PairsRules(scale=Scale.ACBL),
    PairsRules(method=PairsMethod.BUTLER, butler_drop=ButlerDrop(count=0)),
    PairsRules(method=PairsMethod.BUTLER, butler_drop=ButlerDrop(count=1)),
    *(PairsRules(method=PairsMethod.CROSSIMPS, cross=norm) for norm in CrossNorm),
    PairsRules(method=PairsMethod.TOTAL),
]


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_one_mapping_both_ways(rules: PairsRules) -> None:
    pbn_words = pbn_scoring(rules)
    event_type, method = usebio_scoring(rules)
    assert scoring_rules(pbn_words) == rules
    # USEBIO names the method only: scale, drop and cross-IMP normalisation come back default.
    assert scoring_rules(method) == PairsRules(method=rules.method)
    assert scoring_in(pbn_words, "usebio") == method
    assert scoring_in(method, "pbn") == pbn_scoring(PairsRules(method=rules.method))
    assert scoring_in(method, "usebio") == method and scoring_in(pbn_words, "pbn") == pbn_words
    assert scoring_rules(scoring_in(pbn_words, "usebio")) == scoring_rules(method)
    assert scoring_rules(derive_scoring(event_type, None)) == scoring_rules(method)


def test_words_no_method_is_named_by_are_kept() -> None:
    assert scoring_in("IMPS", "pbn") == "IMP" and scoring_in("IMP", "usebio") == "IMPS"
    assert scoring_in("Rubber", "usebio") == "Rubber" and scoring_in("VPS", "pbn") == "VPS"
    assert scoring_in(None, "pbn") is None and scoring_in("", "usebio") == ""
    assert scoring_rules("MP;MP2") == PairsRules(scale=Scale.ACBL)
    assert scoring_rules("Chicago") is None


RUTER = "pbn/ruter71_butler_pairs.pbn"
CONVERSIONS = [
    ("usebio/butler_mitchell.xml", ".pbn", "IMP;Butler-2", ()),
    ("usebio/mp_pairs_howell.xml", ".pbn", "MP", ()),
    ("usebio/mp_pairs_mitchell.xml", ".pbn", "MP", ()),
    ("usebio/butler_mitchell.xml", ".xml", ("BUTLER_PAIRS", "BUTLER_IMPS"), ()),
    ("usebio/mp_pairs_howell.xml", ".xml", ("MP_PAIRS", "MATCH_POINTS"), ()),
    (RUTER, ".xml", ("BUTLER_PAIRS", "BUTLER_IMPS"), ("--field", "one")),
    (RUTER, ".pbn", "IMP;Butler-2;Mean", ("--field", "one")),
]


@pytest.mark.parametrize(("name", "suffix", "expected", "options"), CONVERSIONS)
def test_convert_writes_the_targets_words_and_scores_the_same(
    name: str, suffix: str, expected: object, options: tuple[str, ...], tmp_path: Path
) -> None:
    source = real(name)
    target = tmp_path / f"out{suffix}"
    run("convert", source, target)
    assert words(target) == expected
    assert standings(target, *options) == standings(source, *options)


def test_export_of_a_pbn_butler_event_to_usebio(tmp_path: Path) -> None:
    source, target = real(RUTER), tmp_path / "ruter.xml"
    run("export", source, "--field", "one", "--usebio", target)
    assert words(target) == ("BUTLER_PAIRS", "BUTLER_IMPS")
    assert standings(target, "--field", "one") == standings(source, "--field", "one")


def test_export_of_a_usebio_event_to_pbn(tmp_path: Path) -> None:
    source, target = real("usebio/butler_mitchell.xml"), tmp_path / "butler.pbn"
    run("export", source, "--pbn", target)
    assert words(target) == "IMP;Butler-2"
    assert standings(target) == standings(source)


@pytest.fixture
def no_adjusted(tmp_path: Path) -> Path:
    """The club session without its adjusted lines (total points cannot score them)."""
    lines = (EXAMPLES / "club-session.csv").read_text().splitlines()
    path = tmp_path / "m1.csv"
    path.write_text("\n".join(x for x in lines if "A" not in x and "AVE" not in x) + "\n")
    return path


def test_total_points_export_to_usebio_reads_back_as_total_points(
    no_adjusted: Path, tmp_path: Path
) -> None:
    target = tmp_path / "total.xml"
    run("export", no_adjusted, "--method", "total", "--usebio", target)
    assert words(target) == ("AGGREGATE", "AGGREGATE")
    assert standings(target) == standings(no_adjusted, "--method", "total")
    assert scoring_rules(usebio.load(target).session.info.scoring) == PairsRules(
        method=PairsMethod.TOTAL
    )


@pytest.mark.parametrize("norm", ["total", "per-score"])
def test_cross_imp_normalisation_survives_pbn_and_usebio_keeps_the_default(
    norm: str, no_adjusted: Path, tmp_path: Path
) -> None:
    asked = ("--method", "crossimps", "--cross", norm)
    as_pbn, as_usebio = tmp_path / "x.pbn", tmp_path / "x.xml"
    run("export", no_adjusted, *asked, "--pbn", as_pbn, "--usebio", as_usebio)
    assert words(as_pbn) == {"total": "IMP;Cross", "per-score": "IMP;Cross1"}[norm]
    assert standings(as_pbn) == standings(no_adjusted, *asked)
    # USEBIO has no word for the normalisation: CROSS_IMPS, read back per comparison.
    assert words(as_usebio) == ("CROSS_IMPS", "CROSS_IMPS")
    assert standings(as_usebio) == standings(no_adjusted, "--method", "crossimps")
    assert standings(as_usebio, "--cross", norm) == standings(no_adjusted, *asked)


def test_a_usebio_event_built_with_pbn_words_is_written_in_usebio_words() -> None:
    from bridgescore import EventInfo, Result, Session, TravellerLine

    line = TravellerLine.played(1, "1", "2", Result.parse("4SN="))
    session = Session((line,), info=EventInfo(scoring="IMP;Cross1"))
    text = usebio.dumps(session)
    assert 'EVENT_TYPE="CROSS_IMPS"' in text
    assert "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>" in text
