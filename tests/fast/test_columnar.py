"""The columnar path scores and ranks generated events exactly as the reference does."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import FileFormatError, ScoringError
from bridgescore.core.pairs.fields import natural_order
from bridgescore.core.pairs.rules import CompareMode, FieldMode, PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.pairs.standings import RankedRows
from bridgescore.fast.columnar import ColumnarEvent, _naturally_first, score_file
from bridgescore.fast.travellers import ExactEngineNeeded
from bridgescore.formats.csv import travellers
from tests.support.generated import RULES, event, thin, write_frame


def _check(path: Path, rules: PairsRules) -> ColumnarEvent:
    """The columnar rankings are the pure engine's, entry for entry."""
    got = score_file(path, rules)
    want = score_session(travellers.load(path), rules)
    assert got.rankings == want.rankings
    assert got.fields == want.fields
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
    assert result.boards == 16


def test_a_howell_is_one_field(tmp_path: Path) -> None:
    path = write_frame(tmp_path, thin(event(20, 15, seed=5, howell=True), seed=6))
    result = _check(path, PairsRules())
    assert [r.field for r in result.rankings] == ["ALL"]
    assert _check(path, PairsRules(field=FieldMode.TWO)).fields.is_two_field(None)


def test_sections_are_scored_apart(tmp_path: Path) -> None:
    a = event(12, 20, seed=7).with_columns(section=pl.lit("A"))
    b = event(12, 14, seed=8).with_columns(section=pl.lit("B"))
    path = write_frame(tmp_path, pl.concat([a, b]))
    within = PairsRules(method=PairsMethod.CROSSIMPS, compare=CompareMode.WITHIN)
    result = _check(path, within)
    assert [(r.section, r.field) for r in result.rankings] == [
        ("A", "NS"),
        ("A", "EW"),
        ("B", "NS"),
        ("B", "EW"),
    ]


def test_sections_sharing_boards_across_the_field_go_to_the_exact_engine(
    tmp_path: Path,
) -> None:
    a = event(6, 8, seed=7).with_columns(section=pl.lit("A"))
    b = event(6, 8, seed=8).with_columns(section=pl.lit("B"))
    path = write_frame(tmp_path, pl.concat([a, b]))
    with pytest.raises(ExactEngineNeeded, match="across the field"):
        score_file(path, PairsRules())
    apart = a.with_columns(board=pl.col("board") + 100)
    assert score_file(write_frame(tmp_path, pl.concat([apart, b])), PairsRules()).rankings


def test_suffixed_pairs_are_two_fields(tmp_path: Path) -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1NS,1EW,4S,N,=\n1,2NS,2EW,4S,N,+1\n2,1NS,2EW,3NT,S,=\n2,2NS,1EW,3NT,S,=\n"
    path = tmp_path / "suffix.csv"
    path.write_text(text)
    result = _check(path, PairsRules())
    assert [(r.field, [e.pair.label for e in r.entries]) for r in result.rankings] == [
        ("NS", ["2", "1"]),
        ("EW", ["1", "2"]),
    ]


BAD = """board,ns,ew,contract,declarer,result,score,lead
1,1,2,4S,N,=,,SA
1,3,4,8NT,N,=,,
x,5,6,4S,N,=,,
2,1,2,4S,N,=,999,
2,3,3,4S,N,+1,,s
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
        travellers.load(path)
    with pytest.raises(FileFormatError) as fast:
        score_file(path)
    assert fast.value.problems == small.value.problems
    assert len(fast.value.problems) == 7


HEADER = "board,ns,ew,contract,declarer,result"


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        (f"{HEADER},colour\n1,1,2,4S,N,=,red\n", FileFormatError, "unknown column"),
        (f"{HEADER}\n", FileFormatError, "no results"),
        (None, FileFormatError, "cannot read the file"),
        (f"{HEADER},score\n1,1,2,4S,N,=,\n1,3,4,,,,A60/40\n", ExactEngineNeeded, "adjusted"),
        (f"{HEADER}\n1,1,2,4S,N,=,extra\n", ExactEngineNeeded, "more fields"),
    ],
)
def test_files_the_columnar_path_refuses(
    tmp_path: Path, text: str | None, error: type[Exception], message: str
) -> None:
    path = tmp_path / "file.csv"
    if text is not None:
        path.write_text(text)
    with pytest.raises(error, match=message):
        score_file(path)


def test_too_many_results_for_the_expected_number(tmp_path: Path) -> None:
    path = write_frame(tmp_path, event(4, 10, seed=2))
    message = "board 1 has 10 results but the expected number is 8"
    with pytest.raises(ScoringError, match=message):
        score_session(travellers.load(path), PairsRules(expected=8))
    with pytest.raises(ScoringError, match=message):
        score_file(path, PairsRules(expected=8))


def test_names_and_the_event_for_the_renderers(tmp_path: Path) -> None:
    path = write_frame(tmp_path, event(6, 8, seed=9))
    names = {"1NS": "Ann & Bob", "3": "Cy & Di"}
    got = score_file(path, PairsRules(), names=names)
    want = score_session(travellers.load(path).with_names(names), PairsRules())
    assert got.rankings == want.rankings
    assert got.pairs_event().rankings == want.rankings
    assert got.lines == 48 and got.boards == 6


def test_a_pair_playing_a_board_twice_is_refused_as_by_the_pairs_engine(tmp_path: Path) -> None:
    path = tmp_path / "rounds.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result,round\n"
        "1,1,2,4S,N,=,1\n1,3,4,4S,N,+1,1\n1,1,4,3NT,S,=,2\n1,3,2,4S,N,-1,2\n2,1,2,4H,N,=,1\n"
    )
    with pytest.raises(ScoringError) as pure:
        score_session(travellers.load(path), PairsRules())
    with pytest.raises(ScoringError) as fast:
        score_file(path)
    assert fast.value.problems == pure.value.problems
    assert [(p.line, p.message) for p in fast.value.problems] == [
        (4, "board 1: NS pair 1 plays the board twice (also line 2)"),
        (4, "board 1: EW pair 4 plays the board twice (also line 3)"),
        (5, "board 1: NS pair 3 plays the board twice (also line 3)"),
        (5, "board 1: EW pair 2 plays the board twice (also line 2)"),
    ]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.from_regex(r"0{0,2}[0-9]{1,4}( ?[A-Cb])?", fullmatch=True), min_size=90, max_size=400
    ),
    st.sampled_from([1, 6]),
)
def test_the_first_labels_in_natural_order_are_those_of_the_whole_sort(
    labels: list[str], count: int
) -> None:
    """The field checks show the first pairs in natural order without sorting every label."""
    assert _naturally_first(labels, count) == natural_order(labels)[:count]


_LABELS = st.one_of(
    st.integers(0, 10**20).map(str),
    st.from_regex(r"0[0-9]{1,3}|[0-9]{1,3}[A-C]|[A-C][0-9]{0,2}", fullmatch=True),
)


@settings(max_examples=25, deadline=None)
@example(labels=["7", "007", "07A", "7a", "10", "9", "A1", "a1"], seed=1)
@example(labels=["123456789012345678901", "2", "0", "00", "1", "3", "4", "5"], seed=2)
@given(labels=st.lists(_LABELS, min_size=8, max_size=8, unique=True), seed=st.integers(0, 99))
def test_any_labels_rank_in_the_pure_engines_order(
    tmp_path_factory: pytest.TempPathFactory, labels: list[str], seed: int
) -> None:
    """Plain numbers, leading zeros (``7`` and ``007`` tie on the natural key), letters: the
    columnar ranking orders pairs that share a place as the pure engine does."""
    frame = event(4, 4, seed=seed % 3 + 1)
    ns = {str(n): labels[n - 1] for n in range(1, 5)}
    ew = {str(n): labels[n + 3] for n in range(1, 5)}
    frame = frame.with_columns(pl.col("ns").replace_strict(ns), pl.col("ew").replace_strict(ew))
    _check(write_frame(tmp_path_factory.mktemp("labels"), frame), PairsRules())


@pytest.mark.parametrize("rules", [RULES[0], RULES[1], RULES[3]], ids=["mp", "acbl", "crossimps"])
def test_a_field_ranked_by_groups_is_the_field_ranked_pair_by_pair(
    tmp_path: Path, rules: PairsRules
) -> None:
    """One board of many results: few totals, many pairs on each; the entries are columns
    (:class:`RankedRows`) and read as the pure engine's standings."""
    path = write_frame(tmp_path, event(1, 300, seed=4))
    got = _check(path, rules)
    assert all(isinstance(r.entries, RankedRows) for r in got.rankings)
    assert all(len(r.entries[0].pair.label) for r in got.rankings)


def test_travellers_are_kept_in_columns_when_asked(tmp_path: Path) -> None:
    """Each board's lines, best NS score first, each pointing at a line with its result."""
    path = write_frame(tmp_path, thin(event(5, 12, seed=5), seed=2, share=0.1))
    got = score_file(path, PairsRules(), travellers=True)
    want = score_session(travellers.load(path), PairsRules())
    assert [(t.board, len(t)) for t in got.travellers] == [
        (b.board, len(b.lines)) for b in want.boards
    ]
    for rows, board in zip(got.travellers, want.boards, strict=True):
        assert rows.top == board.top
        assert list(rows.ns_points) == sorted((s.ns_points for s in board.lines), reverse=True)
        scores = sorted(((s.ns_points, s.line.ns_score) for s in board.lines), reverse=True)
        assert [rows.results[g].ns_score for g in rows.groups] == [s for _, s in scores]
    assert score_file(path, PairsRules()).travellers == ()
    with pytest.raises(ExactEngineNeeded, match="datum"):
        score_file(path, PairsRules(method=PairsMethod.BUTLER), travellers=True)


def test_a_pairs_tops_too_big_for_a_float_are_added_exactly() -> None:
    """Each pair's top is the sum of its boards' tops, in whole numbers whatever their size
    (beyond 2**53 a float would round them)."""
    from bridgescore.fast.ranking import pair_table

    big = 2**53 + 1
    scored = pl.DataFrame(
        {
            "section": ["", "", ""],
            "direction_ns": ["NS"] * 3,
            "direction_ew": ["EW"] * 3,
            "ns_pair": ["1", "1", "2"],
            "ew_pair": ["3", "4", "3"],
            "ns_points": [1, 2, 3],
            "ew_points": [0, 0, 0],
            "denominator": [1, 1, 1],
            "top": [big, big, 7],
        }
    )
    table = pair_table(scored).sort("direction", "pair")
    rows = table.select("direction", "pair", "boards", "top", "numerator").rows()
    assert rows == [
        ("EW", "3", 2, big + 7, 0),
        ("EW", "4", 1, big, 0),
        ("NS", "1", 2, 2 * big, 3),
        ("NS", "2", 1, 7, 3),
    ]
