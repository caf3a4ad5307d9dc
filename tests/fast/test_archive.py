"""The archive job on a real local Dask cluster of two workers equals the pure engine per event."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from distributed import LocalCluster

from bridgescore.cli import app
from bridgescore.core.errors import FileFormatError
from bridgescore.core.pairs.conventions import ShortBoards, SitOutScore
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.scoring.butler import Datum
from bridgescore.fast.archive import MARKER, score_archive
from bridgescore.formats.csv import travellers
from tests.support.generated import event

pytestmark = pytest.mark.filterwarnings("ignore:The inplace keyword")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with LocalCluster(  # type: ignore[no-untyped-call]  # distributed leaves it unannotated
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def _adjusted(frame: pl.DataFrame, row: int, score: str) -> pl.DataFrame:
    """``frame`` with an adjusted score (artificial or weighted) instead of a result on ``row``."""
    played = pl.int_range(pl.len()) != row
    return frame.with_columns(
        *(pl.when(played).then(pl.col(c)).alias(c) for c in ("contract", "declarer", "result")),
        score=pl.when(~played).then(pl.lit(score)),
    )


def _events() -> dict[str, pl.DataFrame]:
    """Four events: a Mitchell with an artificial score, a Howell with a weighted one, ..."""
    return {
        "spring": _adjusted(event(8, 12, seed=21), 5, "A60/40"),
        "summer": _adjusted(event(10, 9, seed=22, howell=True), 30, "60% 4SN= 40% 4SN-1"),
        "autumn": event(6, 14, seed=23).filter(pl.int_range(pl.len()) % 11 != 3),
        "winter": pl.concat(
            [
                event(6, 8, seed=24).with_columns(section=pl.lit("A")),
                event(6, 10, seed=25).with_columns(section=pl.lit("B")),
            ],
            how="diagonal",
        ),
    }


def _dataset(root: Path, events: dict[str, pl.DataFrame]) -> Path:
    """Two files; the autumn event is split across both (so the job must shuffle)."""
    frames = [f.with_columns(event=pl.lit(name)) for name, f in events.items()]
    everything = pl.concat(frames, how="diagonal")
    root.mkdir()
    half = everything.height // 2 + 7
    everything[:half].write_parquet(root / "part-0.parquet")
    everything[half:].write_parquet(root / "part-1.parquet")
    return root


@pytest.mark.parametrize(
    "rules",
    [
        PairsRules(),
        PairsRules(method=PairsMethod.CROSSIMPS),
        # the conventions of other programs: every event by the exact engine (the archive
        # keeps a place and whether it is shared, not how it is written)
        PairsRules(
            board_precision=2,
            short_boards=ShortBoards.ADD_MISSING,
            sit_out=SitOutScore.parse("60%"),
        ),
        PairsRules(method=PairsMethod.BUTLER, datum=Datum.MEDIAN, board_precision=1),
    ],
    ids=["mp", "crossimps", "mp-conventions", "butler-median"],
)
def test_the_archive_equals_the_pure_engine_event_by_event(
    tmp_path: Path, scheduler: str, rules: PairsRules
) -> None:
    events = _events()
    dataset = _dataset(tmp_path / "archive", events)
    result = score_archive(dataset, tmp_path / "out", scheduler=scheduler, rules=rules)
    assert result.events == len(events)
    lines = pl.read_parquet(tmp_path / "out" / "lines")
    for name, frame in events.items():
        csv = tmp_path / f"{name}.csv"
        frame.write_csv(csv)
        pure = score_session(travellers.load(csv), rules)
        assert result.event_rankings(name) == pure.rankings
        assert _points(lines.filter(pl.col("event") == name)) == _pure_points(pure)
    assert lines.height == result.lines == sum(f.height for f in events.values())
    assert pl.read_parquet(tmp_path / "out" / "rankings.parquet").equals(result.rankings)


Points = dict[tuple[str | None, int, str, str], tuple[Fraction, Fraction]]


def _points(lines: pl.DataFrame) -> Points:
    """Each scored line's exact points, by section, board and pairs."""
    return {
        (row.get("section") or None, row["board"], row["ns"], row["ew"]): (
            Fraction(row["ns_points"], row["denominator"]),
            Fraction(row["ew_points"], row["denominator"]),
        )
        for row in lines.iter_rows(named=True)
    }


def _pure_points(pure: PairsEvent) -> Points:
    return {
        (s.line.section, s.line.board, s.line.ns, s.line.ew): (s.ns_points, s.ew_points)
        for board in pure.boards
        for s in board.lines
    }


def test_a_bad_line_stops_the_job_and_writes_nothing(tmp_path: Path, scheduler: str) -> None:
    frame = event(4, 6, seed=26).with_columns(event=pl.lit("club"))
    bad = frame.with_columns(
        contract=pl.when(pl.int_range(pl.len()) == 5).then(pl.lit("8NT")).otherwise("contract")
    )
    (tmp_path / "bad").mkdir()
    bad.write_parquet(tmp_path / "bad" / "part-0.parquet")
    with pytest.raises(FileFormatError) as error:
        score_archive(tmp_path / "bad", tmp_path / "out", scheduler=scheduler)
    assert str(error.value).endswith(
        "[event club]:6: board 1: 8NT is not a contract: a contract's level is 1 to 7"
    )
    assert not (tmp_path / "out").exists()


def test_the_archive_command(tmp_path: Path, scheduler: str) -> None:
    dataset = _dataset(tmp_path / "archive", {"one": event(5, 7, seed=27)})
    out = tmp_path / "scored"
    args = ["archive", "score", str(dataset), "--out", str(out), "--scheduler", scheduler]
    result = CliRunner().invoke(app, [*args, "--method", "butler"])
    assert result.exit_code == 0, result.output
    assert result.output == f"1 events, 35 results scored into {out}\n"
    again = CliRunner().invoke(app, [*args, "--method", "total"])
    assert again.exit_code == 0, again.output
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "lines", "rankings.parquet"]
    # a program's preset: the exact engine's figures (each board rounded to one decimal)
    rounded = CliRunner().invoke(app, [*args, "--method", "crossimps", "--rules", "scorebridge"])
    assert rounded.exit_code == 0, rounded.output
    values = pl.read_parquet(out / "lines")["ns_value"].to_list()
    assert all(round(v, 1) == v for v in values) and any(v != int(v) for v in values)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def _refused(*args: str) -> str:
    """The one line ``archive score`` prints for bad input: exit status 2, no traceback."""
    result = CliRunner().invoke(app, ["archive", "score", *args])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ")
    assert result.output.count("\n") == 1, result.output
    return result.output.removeprefix("error: ").removesuffix("\n")


def _club(root: Path) -> Path:
    """A dataset of one small event in one file."""
    root.mkdir()
    event(4, 6, seed=28).with_columns(event=pl.lit("club")).write_parquet(root / "part-0.parquet")
    return root


def test_a_file_that_is_not_parquet_is_named(tmp_path: Path, scheduler: str) -> None:
    dataset = _club(tmp_path / "archive")
    (dataset / "part-1.parquet").write_text("board,ns,ew\n1,1,2\n")
    message = _refused(str(dataset), "--out", str(tmp_path / "out"), "--scheduler", scheduler)
    assert message.startswith(f"{dataset / 'part-1.parquet'}: not a Parquet file: ")
    assert not (tmp_path / "out").exists()


def test_a_parquet_file_with_damaged_pages_is_named(tmp_path: Path, scheduler: str) -> None:
    dataset = _club(tmp_path / "archive")
    damaged = bytearray((dataset / "part-0.parquet").read_bytes())
    damaged[4:200] = bytes(196)  # the footer is whole: only reading the pages finds it out
    (dataset / "part-1.parquet").write_bytes(bytes(damaged))
    message = _refused(str(dataset), "--out", str(tmp_path / "out"), "--scheduler", scheduler)
    assert message.startswith(f"{dataset / 'part-1.parquet'}: cannot read it: ")
    assert not (tmp_path / "out").exists()


def test_an_empty_dataset_has_no_results(tmp_path: Path, scheduler: str) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("nothing yet")
    message = _refused(str(tmp_path / "empty"), "--out", str(tmp_path / "out"))
    assert message == (
        f"no results in {tmp_path / 'empty'}: it holds no Parquet files (.parquet, .parq, .pq)"
    )
    no_rows = _club(tmp_path / "no-rows")
    pl.read_parquet(no_rows / "part-0.parquet").clear().write_parquet(no_rows / "part-0.parquet")
    message = _refused(str(no_rows), "--out", str(tmp_path / "out"), "--scheduler", scheduler)
    assert message == f"no results in {no_rows}: its Parquet files have no rows"
    assert not (tmp_path / "out").exists()


def test_missing_columns_are_named(tmp_path: Path) -> None:
    dataset = _club(tmp_path / "archive")
    frame = pl.read_parquet(dataset / "part-0.parquet")
    frame.drop("ns", "contract").write_parquet(dataset / "part-0.parquet")
    message = _refused(str(dataset), "--out", str(tmp_path / "out"))
    assert message.startswith(f"{dataset}: missing column(s) ns, contract (or score) (the columns")


def test_a_scheduler_that_does_not_answer(tmp_path: Path) -> None:
    dataset = _club(tmp_path / "archive")
    out = str(tmp_path / "out")
    message = _refused(str(dataset), "--out", out, "--scheduler", "tcp://127.0.0.1:1")
    assert message == "cannot reach the Dask scheduler at tcp://127.0.0.1:1 (connection refused)"
    message = _refused(str(dataset), "--out", out, "--scheduler", "nowhere")
    assert message.startswith("'nowhere' is not a Dask scheduler address: ")
    assert not (tmp_path / "out").exists()


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_the_output_never_lands_on_the_dataset(tmp_path: Path, scheduler: str) -> None:
    dataset = _club(tmp_path / "archive")
    before = _snapshot(tmp_path)
    for out, clash in [
        (dataset, "is the dataset"),
        (dataset / "scored", f"is inside the dataset {dataset}"),
        (tmp_path, f"holds the dataset {dataset}"),
        (dataset / "part-0.parquet" / "..", "is the dataset"),
    ]:
        message = _refused(str(dataset), "--out", str(out), "--scheduler", scheduler)
        assert message == f"{out} {clash}: the scored archive goes to a directory apart"
    assert _snapshot(tmp_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["archive"]


def test_the_output_replaces_only_an_earlier_output(tmp_path: Path, scheduler: str) -> None:
    dataset = _club(tmp_path / "archive")
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("the director's notes")
    (tmp_path / "file").write_text("a file")
    args = [str(dataset), "--scheduler", scheduler, "--out"]
    assert _refused(*args, str(precious)) == (
        f"{precious} already holds files and is not the output of an earlier archive run "
        "(it has no .bridgescore-archive): choose a new or empty directory"
    )
    assert (precious / "notes.txt").read_text() == "the director's notes"
    message = _refused(*args, str(tmp_path / "file"))
    assert message == f"{tmp_path / 'file'} is a file, not a directory for the scored archive"
    assert (tmp_path / "file").read_text() == "a file"
    empty = tmp_path / "empty"
    empty.mkdir()
    score_archive(dataset, empty, scheduler=scheduler)
    assert (empty / MARKER).is_file()
    (empty / "lines" / "stale.parquet").write_bytes(b"from an earlier run")
    score_archive(dataset, empty, scheduler=scheduler)  # an earlier output is replaced whole
    assert sorted(p.name for p in (empty / "lines").iterdir()) == ["part-00000.parquet"]


def test_the_output_follows_the_umask(tmp_path: Path, scheduler: str) -> None:
    dataset = _club(tmp_path / "archive")
    old = os.umask(0o002)  # a group of scorers sharing the archive
    try:
        score_archive(dataset, tmp_path / "out", scheduler=scheduler)
    finally:
        os.umask(old)
    modes = {
        str(p.relative_to(tmp_path)): stat.S_IMODE(p.stat().st_mode)
        for p in [tmp_path / "out", *(tmp_path / "out").rglob("*")]
    }
    assert modes == {
        "out": 0o775,
        "out/lines": 0o775,
        "out/lines/part-00000.parquet": 0o664,
        "out/rankings.parquet": 0o664,
        f"out/{MARKER}": 0o664,
    }


def test_the_scored_lines_keep_every_column_of_the_dataset(tmp_path: Path, scheduler: str) -> None:
    played = event(5, 7, seed=29)
    given = played.with_columns(
        event=pl.lit("club"),
        lead=pl.lit("SA"),
        round=pl.when(pl.col("board") > 1).then((pl.col("board") + 1) // 2).cast(pl.Int32),
        table=pl.col("ns").cast(pl.Int16),
        played_on=pl.date(2024, 5, 1),
        director=pl.lit("J. Smith"),
    )
    (tmp_path / "archive").mkdir()
    given.write_parquet(tmp_path / "archive" / "part-0.parquet")
    score_archive(tmp_path / "archive", tmp_path / "out", scheduler=scheduler)
    lines = pl.read_parquet(tmp_path / "out" / "lines")
    assert lines.select(given.columns).equals(given)  # each column as given: values and types
    assert lines.columns == [
        *given.columns,
        "line",
        "ns_score",
        "ns_pair",
        "ew_pair",
        "direction_ns",
        "direction_ew",
        "ns_points",
        "ew_points",
        "denominator",
        "top",
        "ns_value",
        "ew_value",
    ]
    assert lines["line"].to_list() == list(range(1, given.height + 1))
    played.write_csv(tmp_path / "club.csv")
    assert _points(lines) == _pure_points(score_session(travellers.load(tmp_path / "club.csv")))


def test_an_event_the_exact_engine_cannot_score_is_located(tmp_path: Path, scheduler: str) -> None:
    (tmp_path / "archive").mkdir()
    club = _adjusted(event(4, 6, seed=30), 7, "A60/40").with_columns(event=pl.lit("club"))
    club.write_parquet(tmp_path / "archive" / "part-0.parquet")
    total = PairsRules(method=PairsMethod.TOTAL)
    with pytest.raises(FileFormatError) as error:
        score_archive(tmp_path / "archive", tmp_path / "out", scheduler=scheduler, rules=total)
    assert str(error.value) == (
        f"{tmp_path / 'archive'} [event club]:8: board 2: total-points scoring needs an "
        "assigned score, not an artificial one (A60/40)"
    )
    assert not (tmp_path / "out").exists()


def test_a_pair_playing_a_board_twice_in_two_rounds_is_located_in_its_event(
    tmp_path: Path, scheduler: str
) -> None:
    """Each line passes the reader (a board may come back in another round), but the engine
    refuses the event: NS 1 and EW 3 meet board 1 again in round 2. The problems name the event
    and its result numbers, and nothing is written."""
    rows = [
        (1, "1", "1", "4S", "N", "=", 1),
        (1, "2", "2", "4S", "N", "+1", 1),
        (1, "3", "3", "4S", "N", "-1", 1),
        (1, "1", "3", "3NT", "N", "=", 2),
    ]
    columns = ["board", "ns", "ew", "contract", "declarer", "result", "round"]
    club = pl.DataFrame(rows, schema=columns, orient="row").with_columns(event=pl.lit("club"))
    good = event(4, 6, seed=31).with_columns(event=pl.lit("good"))
    (tmp_path / "archive").mkdir()
    pl.concat([good, club], how="diagonal").write_parquet(tmp_path / "archive" / "part-0.parquet")
    with pytest.raises(FileFormatError) as error:
        score_archive(tmp_path / "archive", tmp_path / "out", scheduler=scheduler)
    where = f"{tmp_path / 'archive'} [event club]"
    assert str(error.value).splitlines() == [
        f"{where}:4: board 1: NS pair 1 plays the board twice (also line 1)",
        f"{where}:4: board 1: EW pair 3 plays the board twice (also line 3)",
    ]
    assert not (tmp_path / "out").exists()
