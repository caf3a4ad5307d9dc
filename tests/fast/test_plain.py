"""The plain columnar path ranks generated events exactly as the pure engine does, and leaves
to the exact engine every file it cannot vouch for."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import CompareMode, FieldMode, PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.fast import ExactEngineNeeded, plain_columns
from bridgescore.fast.plain import score_file
from bridgescore.formats.csv import travellers
from tests.support.generated import RULES, event, thin, write_frame
from tests.support.paths import EXAMPLES


def _check(path: Path, rules: PairsRules, names: dict[str, str] | None = None) -> PairsEvent:
    """The plain path's rankings, fields and warnings are the pure engine's, entry for entry."""
    got = score_file(path, rules, names)
    session = travellers.load(path)
    want = score_session(session.with_names(names) if names else session, rules)
    assert got.rankings == want.rankings
    assert got.fields == want.fields
    assert got.warnings == want.warnings
    return got


@pytest.mark.parametrize(
    "rules", RULES, ids=lambda r: f"{r.method}-{r.scale}-{r.cross}-{r.expected}-{r.butler_drop}"
)
def test_a_mitchell_with_missing_results_is_the_pure_engine(
    tmp_path: Path, rules: PairsRules
) -> None:
    path = write_frame(tmp_path, thin(event(16, 30, seed=3), seed=4))
    result = _check(path, rules)
    assert [r.field for r in result.rankings] == ["NS", "EW"]


@pytest.mark.parametrize("rules", RULES[:2] + RULES[3:4], ids=str)
def test_a_howell_is_one_field(tmp_path: Path, rules: PairsRules) -> None:
    path = write_frame(tmp_path, thin(event(20, 15, seed=5, howell=True), seed=6))
    assert [r.field for r in _check(path, rules).rankings] == ["ALL"]
    assert _check(path, PairsRules(field=FieldMode.TWO)).fields.is_two_field(None)


def test_sections_suffixes_names_and_a_lonely_board(tmp_path: Path) -> None:
    a = event(12, 20, seed=7).with_columns(section=pl.lit("A"))
    b = event(12, 14, seed=8).with_columns(section=pl.lit("B"))
    lonely = pl.DataFrame(
        {"board": [30], "ns": ["1"], "ew": ["2"], "contract": ["3NT"], "declarer": ["N"]}
    )
    frame = pl.concat([a, b, lonely.with_columns(result=pl.lit("="), section=pl.lit("B"))])
    path = write_frame(tmp_path, frame)
    with pytest.raises(ExactEngineNeeded, match="sections compared across the field"):
        score_file(path, PairsRules(method=PairsMethod.CROSSIMPS))
    within = PairsRules(method=PairsMethod.CROSSIMPS, compare=CompareMode.WITHIN)
    result = _check(path, within, {"A1NS": "Ann & Bob"})
    assert [(r.section, r.field) for r in result.rankings] == [
        ("A", "NS"),
        ("A", "EW"),
        ("B", "NS"),
        ("B", "EW"),
    ]
    assert "board 30 of section B was played once" in result.warnings[0]
    _check(path, within)  # without names: each field ranked by groups
    suffixed = tmp_path / "suffix.csv"
    suffixed.write_text(
        "board,ns,ew,contract,declarer,result\n"
        "1,1NS,1EW,4S,N,=\n1,2NS,2EW,4S,N,+1\n2,1NS,2EW,3NT,S,=\n2,2NS,1EW,3NT,S,=\n"
    )
    assert _check(suffixed, PairsRules()).fields.suffixed == frozenset({None})


def test_the_bundled_session_has_an_adjusted_score_for_the_exact_engine() -> None:
    with pytest.raises(ExactEngineNeeded, match="an adjusted score"):
        score_file(EXAMPLES / "club-session.csv", PairsRules())


HEADER = "board,ns,ew,contract,declarer,result"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (f"{HEADER},score\n1,1,2,4S,N,=,\n1,3,4,,,,A60/40\n", "an adjusted score"),
        (f"{HEADER}\n1,1,2,4S,N,=,extra\n", "more fields"),
        (f"{HEADER}\n1,1,2,8NT,N,=\n", "a result to check"),
        (f"{HEADER}\nx,1,2,4S,N,=\n", "not a number"),
        (f"{HEADER}\n1,,2,4S,N,=\n", "a pair is missing"),
        (f"{HEADER}\n1,1,2,4S,N,=\n1,3,#4,4S,N,=\n", "a pair to check"),
        (f"{HEADER}\n1,1,2,4S,N,=\n1,3NS,3 ns,4S,N,=\n", "a pair to check"),
        (f"{HEADER},lead\n1,1,2,4S,N,=,Z9\n", "a lead"),
        (f'{HEADER}\n1,"1\n",2,4S,N,=\n', "runs over lines"),
        (f"{HEADER}\n1,1\x01,2,4S,N,=\n", "control characters"),
        (f"{HEADER}\n1,1,2,4S,N,=\n1,1,3,4S,N,=\n", "twice"),
        (f"{HEADER},round\n1,1,2,4S,N,=,1\n1,2,1,4S,N,-1,1\n", "teams"),
        (f"{HEADER}\n", "no results"),
    ],
)
def test_what_it_leaves_to_the_exact_engine(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "file.csv"
    path.write_bytes(text.encode("utf-8"))
    with pytest.raises(ExactEngineNeeded, match=why):
        score_file(path, PairsRules())


def test_too_many_results_for_the_expected_number(tmp_path: Path) -> None:
    path = write_frame(tmp_path, event(4, 10, seed=2))
    with pytest.raises(ExactEngineNeeded, match="more results than expected"):
        score_file(path, PairsRules(expected=8))


def test_sections_met_in_any_order_and_suffixed_in_one(tmp_path: Path) -> None:
    """Section B comes first in the file and says its pairs' directions, section A does
    not: each field is ranked by groups as the pure engine ranks it, in section order."""
    path = tmp_path / "sections.csv"
    path.write_text(
        "board,section,ns,ew,contract,declarer,result\n"
        "1,B,1NS,1EW,4S,N,=\n1,B,2NS,2EW,4S,N,+1\n1,A,1,1,3NT,S,=\n1,A,2,2,3NT,S,-1\n"
        "2,B,1NS,2EW,4S,N,=\n2,B,2NS,1EW,4S,N,=\n2,A,1,2,3NT,S,=\n2,A,2,1,3NT,S,=\n"
    )
    result = _check(path, PairsRules(compare=CompareMode.WITHIN))
    assert result.fields.suffixed == frozenset({"B"})
    assert [(r.section, r.field) for r in result.rankings] == [
        ("A", "NS"),
        ("A", "EW"),
        ("B", "NS"),
        ("B", "EW"),
    ]


_CELL = st.text(st.sampled_from('1aN# ,"\r'), max_size=3)


@given(
    st.integers(1, 4).flatmap(
        lambda width: st.tuples(
            st.just(width),
            st.lists(st.lists(_CELL, min_size=width - 1, max_size=width + 1), max_size=6),
            st.sampled_from(["\n", "\r\n"]),
            st.booleans(),
        )
    )
)
@example((2, [["#", "1"], ["2", "3"]], "\n", True))  # a comment row
@example((2, [["1", "2"], ["", ""]], "\r\n", False))  # a row of blank cells
def test_rows_split_at_once_are_the_csv_modules(
    case: tuple[int, list[list[str]], str, bool],
) -> None:
    """However a file's rows are written (quotes, spaces, blank rows, comments, rows too
    short or too long, CR LF), its cells are the csv module's, or the exact engine is asked
    for, whether they are split at once or read by the csv module."""
    width, rows, end, last_end = case
    text = end.join(["h" * width, *(",".join(row) for row in rows)]) + (end if last_end else "")
    if text.count("\r") != text.count("\r\n"):
        return  # (refused before either: a CR alone)
    try:
        slow_rows, slow_numbers = plain_columns._rows(text, "f.csv", width)
        slow: object = ([list(c) for c in zip(*slow_rows, strict=True)], slow_numbers)
    except ExactEngineNeeded:
        slow = "exact"
    try:
        cells, numbers = plain_columns._cells(text, "f.csv", width)
        fast: object = ([list(c) for c in cells], numbers)
    except ExactEngineNeeded:
        fast = "exact"
    assert fast == slow
