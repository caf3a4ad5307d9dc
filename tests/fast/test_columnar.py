"""The columnar path scores and ranks generated events exactly as the reference does."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from bench.generate import event

from bridgescore.core.crossimps import ButlerDrop, CrossNorm, DatumRounding
from bridgescore.core.errors import FileFormatError
from bridgescore.core.matchpoints import Scale
from bridgescore.core.ranking import rank
from bridgescore.fast.columnar import EventResult, PairKey, score_file
from bridgescore.fast.methods import FastRules
from bridgescore.fast.travellers import ExactEngineNeeded
from bridgescore.formats import traveller_csv
from tests.fast import reference


def _write(tmp_path: Path, frame: pl.DataFrame, name: str = "event.csv") -> Path:
    path = tmp_path / name
    frame.write_csv(path)
    return path


def _thin(frame: pl.DataFrame, seed: int, share: float = 0.05) -> pl.DataFrame:
    """Leave out some results (boards not played everywhere: Neuberg)."""
    keep = np.random.default_rng(seed).random(frame.height) >= share
    return frame.filter(pl.Series(keep))


def _check(path: Path, rules: FastRules) -> EventResult:
    got = score_file(path, rules)
    want = reference.score(traveller_csv.load(path), rules)
    assert {(f.section, f.field) for f in got.fields} == set(want)
    for field in got.fields:
        figures = want[(field.section, field.field)]
        mine = {k: (p.total, p.boards, p.percentage) for k, p in field.pairs.items()}
        assert mine == figures
        values = {k: (pct if pct is not None else total) for k, (total, _, pct) in figures.items()}
        expected_ranking = rank(values, order=PairKey.sort_key)
        assert [(r.key, r.rank, r.tied) for r in field.ranking] == [
            (r.key, r.rank, r.tied) for r in expected_ranking
        ]
    return got


RULES = [
    FastRules(),
    FastRules(scale=Scale.ACBL),
    FastRules(expected=40),
    FastRules(method="crossimps"),
    FastRules(method="crossimps", cross=CrossNorm.PER_SCORE),
    FastRules(method="crossimps", cross=CrossNorm.TOTAL),
    FastRules(method="butler"),
    FastRules(
        method="butler",
        butler_drop=ButlerDrop(percent=Fraction(10)),
        datum_rounding=DatumRounding.EVEN,
    ),
    FastRules(method="total"),
]


@pytest.mark.parametrize(
    "rules", RULES, ids=lambda r: f"{r.method}-{r.scale}-{r.cross}-{r.expected}"
)
def test_a_mitchell_with_missing_results_is_the_reference(tmp_path: Path, rules: FastRules) -> None:
    path = _write(tmp_path, _thin(event(16, 30, seed=3), seed=4))
    result = _check(path, rules)
    assert [f.field for f in result.fields] == ["NS", "EW"]
    assert result.boards == 16


def test_a_howell_is_one_field(tmp_path: Path) -> None:
    path = _write(tmp_path, _thin(event(20, 15, seed=5, howell=True), seed=6))
    result = _check(path, FastRules())
    assert [f.field for f in result.fields] == ["ALL"]


def test_sections_are_scored_apart(tmp_path: Path) -> None:
    a = event(12, 20, seed=7).with_columns(section=pl.lit("A"))
    b = event(12, 14, seed=8).with_columns(section=pl.lit("B"))
    path = _write(tmp_path, pl.concat([a, b]))
    result = _check(path, FastRules(method="crossimps"))
    assert [(f.section, f.field) for f in result.fields] == [
        ("A", "NS"),
        ("A", "EW"),
        ("B", "NS"),
        ("B", "EW"),
    ]


def test_suffixed_pairs_are_two_fields(tmp_path: Path) -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1NS,1EW,4S,N,=\n1,2NS,2EW,4S,N,+1\n2,1NS,2EW,3NT,S,=\n2,2NS,1EW,3NT,S,=\n"
    path = tmp_path / "suffix.csv"
    path.write_text(text)
    result = score_file(path)
    assert [(f.field, [str(r.key) for r in f.ranking]) for f in result.fields] == [
        ("NS", ["2", "1"]),
        ("EW", ["1", "2"]),
    ]


BAD = """board,ns,ew,contract,declarer,result,score,lead
1,1,2,4S,N,=,,SA
1,3,4,8NT,N,=,,
x,5,6,4S,N,=,,
2,1,2,4S,N,=,999,
2,3,3,4S,N,+1,,
2,1,4,3NT,S,=,,
3,1,2,4S,,=,,
3,5,6,4S,N,=,,Z9
# a comment
,,,,,,,

3,7,8,,,,620,
"""


def test_bad_lines_are_located_as_the_small_reader_does(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(BAD)
    with pytest.raises(FileFormatError) as small:
        traveller_csv.load(path)
    with pytest.raises(FileFormatError) as fast:
        score_file(path)
    assert fast.value.problems == small.value.problems
    assert len(fast.value.problems) == 7


def test_header_problems_and_empty_files(tmp_path: Path) -> None:
    path = tmp_path / "header.csv"
    path.write_text("board,ns,ew,contract,declarer,result,colour\n1,1,2,4S,N,=,red\n")
    with pytest.raises(FileFormatError, match="unknown column"):
        score_file(path)
    path.write_text("board,ns,ew,contract,declarer,result\n")
    with pytest.raises(FileFormatError, match="no results"):
        score_file(path)
    with pytest.raises(FileFormatError, match="cannot read the file"):
        score_file(tmp_path / "missing.csv")


def test_what_only_the_exact_engine_reads(tmp_path: Path) -> None:
    path = tmp_path / "adjusted.csv"
    path.write_text("board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,\n1,3,4,,,,A60/40\n")
    with pytest.raises(ExactEngineNeeded, match="adjusted"):
        score_file(path)
    path.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=,extra\n")
    with pytest.raises(ExactEngineNeeded):
        score_file(path)
