"""Score an archive of pairs events, a partitioned Parquet dataset, on a Dask cluster.

The dataset has the traveller columns (``board, ns, ew, contract, declarer, result`` and any of
``score, section, lead, round, table``) plus ``event``. Every event must sit in one partition to
be ranked; when one does not, the job runs again on the lines shuffled by event. Each worker checks its
partition's lines as the CSV reader would (problems located by event and result number), scores
every (event, section, board) with the numpy kernels (an event with an adjusted score, artificial
or weighted, with the exact engine, as ``bridgescore score`` would), writes its scored lines to
Parquet, ranks each field of its events on exact totals and sends back only the rankings. The
scored lines and the rankings land in the output directory together or not at all.

Output: ``OUT/lines/part-N.parquet`` (each line with every column of the dataset, as given, and
its points: ``ns_points``/``ew_points`` numerators over ``denominator``, and their float values) and ``OUT/rankings.parquet`` (``event, section, field,
rank, tied, pair, names, score, max, percent, scaled, boards``; exact values as text such as
``43/5``, with ``*_value`` float columns beside them), and the file ``OUT/.bridgescore-archive``
that marks OUT as archive output, which a later run may replace; a run never writes over anything
else, nor into, onto or around the dataset.
"""

from __future__ import annotations

__all__ = ["ArchiveError", "ArchiveResult", "score_archive"]

import logging
import math
import os
import shutil
import socket
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

from bridgescore.core.errors import (
    ArchiveError,
    FileFormatError,
    Problem,
    ScoringError,
)
from bridgescore.core.pairs.event import FieldRanking, PairsEvent, PairStanding
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session
from bridgescore.fast.columnar import pair_table, rank_pairs, score_frame
from bridgescore.fast.travellers import check_frame
from bridgescore.formats.atomic import atomic_directory
from bridgescore.formats.csv.traveller_line import COLUMNS, REQUIRED, read_line

_UNITS = ("event", "section")
MARKER = ".bridgescore-archive"
"""The file that marks a directory as archive output, which a later run may replace."""
_EXTENSIONS = (".parquet", ".parq", ".pq")  # the files Dask reads in a dataset directory
CONNECT_TIMEOUT = 5
"""Seconds to wait for a Dask scheduler to answer."""
_RANKING_SCHEMA = {
    "event": pl.String,
    "section": pl.String,
    "field": pl.String,
    "rank": pl.Int64,
    "tied": pl.Boolean,
    "pair": pl.String,
    "names": pl.String,
    "score": pl.String,
    "score_value": pl.Float64,
    "max": pl.String,
    "percent": pl.String,
    "percent_value": pl.Float64,
    "scaled": pl.String,
    "scaled_value": pl.Float64,
    "boards": pl.Int64,
}


@dataclass(frozen=True, slots=True)
class ArchiveResult:
    """What an archive run scored and where it wrote it; ``rankings`` as written to Parquet."""

    out: Path
    events: int
    lines: int
    rankings: pl.DataFrame

    def event_rankings(self, event: str) -> tuple[FieldRanking, ...]:
        """One event's rankings, as :func:`bridgescore.core.pairs.score.score_session` gives them."""
        rows = self.rankings.filter(pl.col("event") == event)
        fields: dict[tuple[str | None, str], list[PairStanding]] = {}
        for row in rows.iter_rows(named=True):
            field = row["field"]
            pair = PairId(row["pair"], None if field == "ALL" else Side(field), row["section"])
            fields.setdefault((row["section"], field), []).append(
                PairStanding(
                    pair,
                    row["names"],
                    Fraction(row["score"]),
                    row["boards"],
                    None if row["max"] is None else Fraction(row["max"]),
                    None if row["percent"] is None else Fraction(row["percent"]),
                    Fraction(row["scaled"]),
                    row["rank"],
                    row["tied"],
                )
            )
        return tuple(
            FieldRanking(section, field, tuple(entries))  # type: ignore[arg-type]
            for (section, field), entries in fields.items()
        )


def _strings(frame: pl.DataFrame) -> pl.DataFrame:
    """The traveller columns as stripped text, missing ones empty, ``line`` = result number."""
    present = [c for c in ("event", *COLUMNS) if c in frame.columns]
    frame = frame.select(
        [pl.col(c).cast(pl.String).str.strip_chars().fill_null("") for c in present]
    )
    frame = frame.with_columns(pl.lit("").alias(c) for c in COLUMNS if c not in present)
    return frame.with_columns(line=(pl.int_range(pl.len()).over("event") + 1).cast(pl.Int64))


def _problems(frame: pl.DataFrame, source: str) -> list[tuple[str, int | None, str]]:
    """Every event's problems, each located as ``SOURCE [event NAME]:N``."""
    problems: list[tuple[str, int | None, str]] = []
    for (event,), lines in frame.group_by("event", maintain_order=True):
        try:
            check_frame(lines, _where(source, event), units=_UNITS, keep_adjusted=True)
        except FileFormatError as error:
            problems.extend((p.path or source, p.line, p.message) for p in error.problems)
    return problems


def _where(source: str, event: object) -> str:
    return f"{source} [event {event}]"


_POINTS = {
    "line": pl.Int64,
    "ns_score": pl.Int64,
    "ns_pair": pl.String,
    "ew_pair": pl.String,
    "direction_ns": pl.String,
    "direction_ew": pl.String,
    "ns_points": pl.Int64,
    "ew_points": pl.Int64,
    "denominator": pl.Int64,
    "top": pl.Int64,
}
"""What a scored line has beside its given columns (and ``ns_value``, ``ew_value``)."""


def _score_part(part: Any, rules: PairsRules, directory: str, number: int, source: str) -> Any:
    """In a worker: check, score and write one partition; return its rankings or problems.

    Events with an adjusted score (artificial or weighted) are scored by the exact engine, the
    others all together by the kernels.
    """
    given = pl.from_pandas(part)
    frame = _strings(given)
    if frame.height == 0:
        return [], [], None
    events = frame["event"].unique().to_list()
    try:
        lines = check_frame(frame, source, units=_UNITS, keep_adjusted=True)
    except FileFormatError:
        return events, _problems(frame, source), None
    adjusted = pl.col("event").is_in(lines.filter("adjusted")["event"].unique().implode())
    points, rankings = _score_fast(lines.filter(~adjusted).drop("adjusted"), rules)
    problems = []
    for (event,), rows in frame.filter(adjusted).group_by("event", maintain_order=True):
        try:
            scored = _score_exact(rows, rules)
        except ScoringError as error:
            problems.append((_where(source, event), None, str(error)))
            continue
        points.append(_exact_points(str(event), scored))
        rankings[str(event)] = scored.rankings
    if problems:
        return events, problems, None
    path = Path(directory) / "lines" / f"part-{number:05d}.parquet"
    try:
        _scored_lines(given, frame, pl.concat(points)).write_parquet(path)
    except OSError as error:  # not a problem in the dataset: say where the worker could not write
        raise ArchiveError(f"cannot write {path}: {_first_line(error)}") from None
    return events, [], _rankings_frame(rankings).to_arrow()


def _score_fast(
    lines: pl.DataFrame, rules: PairsRules
) -> tuple[list[pl.DataFrame], dict[str, tuple[FieldRanking, ...]]]:
    """Clean lines of whole events scored by the kernels: their points and rankings by event."""
    if lines.height == 0:
        return [], {}
    scored, _ = score_frame(lines, rules, _UNITS)
    ranked = rank_pairs(pair_table(scored, _UNITS), rules, None, _UNITS)
    points = scored.select("event", *(pl.col(name).cast(kind) for name, kind in _POINTS.items()))
    return [points], {str(key[0]): value for key, value in ranked.items()}


def _score_exact(rows: pl.DataFrame, rules: PairsRules) -> PairsEvent:
    """One event scored by the exact engine, its lines read by the CSV reader's own rule.

    ``rows`` (:data:`COLUMNS` as text, and ``line``) have passed :func:`check_frame`.
    """
    lines = tuple(
        read_line({name: row[name] for name in COLUMNS}, row["line"])
        for row in rows.iter_rows(named=True)
    )
    return score_session(Session(lines), rules)


def _exact_points(event: str, scored: PairsEvent) -> pl.DataFrame:
    """The exact engine's points on each line, as the kernels give them (over one denominator)."""
    rows = []
    for board in scored.boards:
        for line in board.lines:
            denominator = math.lcm(line.ns_points.denominator, line.ew_points.denominator)
            rows.append(
                (
                    event,
                    line.line.line,
                    line.line.ns_score,
                    line.ns_pair.label,
                    line.ew_pair.label,
                    "" if line.ns_pair.direction is None else "NS",
                    "" if line.ew_pair.direction is None else "EW",
                    int(line.ns_points * denominator),
                    int(line.ew_points * denominator),
                    denominator,
                    0 if board.top is None else int(board.top),
                )
            )
    return pl.DataFrame(rows, schema={"event": pl.String, **_POINTS}, orient="row")


def _scored_lines(given: pl.DataFrame, frame: pl.DataFrame, points: pl.DataFrame) -> pl.DataFrame:
    """Each line as given, every column, with its points (matched on event and result number).

    ``frame`` is ``given`` as text, row for row; a given column named like a points column is
    replaced by it.
    """
    key = "__bridgescore_event"
    points = points.rename({"event": key})
    lines = given.drop(*_POINTS, "ns_value", "ew_value", strict=False).with_columns(
        frame["event"].alias(key), frame["line"]
    )
    lines = lines.join(points, on=[key, "line"], how="left", maintain_order="left").drop(key)
    return lines.with_columns(
        ns_value=pl.col("ns_points") / pl.col("denominator"),
        ew_value=pl.col("ew_points") / pl.col("denominator"),
    )


@contextmanager
def _client(scheduler: str) -> Iterator[Any]:
    from distributed import Client, LocalCluster

    if scheduler == "local":
        with (
            LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=2,
                threads_per_worker=1,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,  # what goes wrong is said once, by the client
            ) as cluster,
            Client(cluster) as client,  # type: ignore[no-untyped-call]
        ):
            yield client
        return
    _probe(scheduler)
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except ValueError as error:
        raise _not_an_address(scheduler, error) from None
    except OSError as error:
        raise ArchiveError(
            f"cannot reach the Dask scheduler at {scheduler} ({_first_line(error)})"
        ) from None
    with client:
        yield client


def _probe(scheduler: str) -> None:
    """Fail at once, saying why, when nothing answers at a TCP scheduler address.

    (The Dask client retries a refused connection until its timeout and then reports only that.)
    """
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(scheduler)
        if scheme not in ("tcp", "tls"):
            return
        host, port = parse_host_port(location)
    except ValueError as error:
        raise _not_an_address(scheduler, error) from None
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except ConnectionRefusedError:
        reason = "connection refused"
    except socket.gaierror:
        reason = f"no host is called {host}"
    except TimeoutError:
        reason = f"no answer within {CONNECT_TIMEOUT} s"
    except (OSError, OverflowError) as error:
        reason = _first_line(error)
    else:
        return
    raise ArchiveError(f"cannot reach the Dask scheduler at {scheduler} ({reason})")


def _not_an_address(scheduler: str, error: ValueError) -> ArchiveError:
    return ArchiveError(f"{scheduler!r} is not a Dask scheduler address: {error}")


def _first_line(error: BaseException) -> str:
    """The first line of an error's message (of the original one, where Dask wraps it).

    >>> _first_line(ValueError("An error occurred while calling the read_parquet method.\\n"
    ...                        "Original Message: Unable to merge: Field event ...\\nmore"))
    'Unable to merge: Field event ...'
    """
    text = str(error).strip()
    _, wrapped, original = text.partition("Original Message: ")
    return ((original if wrapped else text).splitlines() or [type(error).__name__])[0]


def _parquet_files(dataset: Path) -> list[Path]:
    """The files Dask reads from ``dataset``, each checked to be Parquet (its footer read)."""
    if dataset.is_dir():
        found = dataset.rglob("*")
        files = sorted(p for p in found if p.name.endswith(_EXTENSIONS) and p.is_file())
    else:
        files = [dataset]
    if not files:
        raise ArchiveError(
            f"no results in {dataset}: it holds no Parquet files ({', '.join(_EXTENSIONS)})"
        )
    problems = [problem for path in files if (problem := _file_problem(path, whole=False))]
    if problems:
        raise FileFormatError.from_problems(problems)
    return files


def _file_problem(path: Path, *, whole: bool) -> Problem | None:
    """What stops ``path`` being read as Parquet: its footer, or with ``whole`` any page."""
    try:
        pq.read_table(path) if whole else pq.read_metadata(path)
    except pa.ArrowInvalid as error:
        return Problem(str(path), None, f"not a Parquet file: {_first_line(error)}")
    except (pa.ArrowException, OSError) as error:
        return Problem(str(path), None, f"cannot read it: {_first_line(error)}")
    return None


def _check_columns(columns: list[str], source: str) -> None:
    """The traveller reader's rule: board, ns, ew and contract or score; plus event."""
    missing = [name for name in ("event", *REQUIRED) if name not in columns]
    if "contract" not in columns and "score" not in columns:
        missing.append("contract (or score)")
    if missing:
        raise FileFormatError(
            source,
            None,
            f"missing column(s) {', '.join(missing)} (the columns are event, {', '.join(COLUMNS)})",
        )


def _unreadable(files: list[Path], source: str, error: BaseException) -> FileFormatError:
    """Dask could not read the dataset: name the file when this machine cannot read it either."""
    for path in files:
        if problem := _file_problem(path, whole=True):
            return FileFormatError.from_problems([problem])
    return FileFormatError(source, None, f"Dask cannot read it: {_first_line(error)}")


def _run(client: Any, frame: Any, rules: PairsRules, staging: Path, source: str) -> list[Any]:
    """Score every partition; shuffle by event and go again if an event spans partitions."""
    from dask.delayed import delayed

    for attempt in ("as stored", "shuffled"):
        parts = frame.to_delayed()
        tasks = [
            delayed(_score_part)(part, rules, str(staging), n, source)
            for n, part in enumerate(parts)
        ]
        outcomes: list[Any] = client.gather(client.compute(tasks))
        seen = [event for events, _, _ in outcomes for event in events]
        if len(seen) == len(set(seen)) or attempt == "shuffled":
            return outcomes
        shutil.rmtree(staging / "lines")
        (staging / "lines").mkdir()
        frame = frame.shuffle(on="event")
    raise AssertionError("unreachable")  # pragma: no cover


def _rankings_frame(rankings: dict[str, tuple[FieldRanking, ...]]) -> pl.DataFrame:
    """Rankings as rows (exact values as text, floats beside them)."""

    def text(value: Fraction | None) -> str | None:
        return None if value is None else str(value)

    def value(number: Fraction | None) -> float | None:
        return None if number is None else float(number)

    rows = [
        {
            "event": event,
            "section": ranking.section,
            "field": ranking.field,
            "rank": entry.rank,
            "tied": entry.tied,
            "pair": entry.pair.label,
            "names": entry.names,
            "score": text(entry.score),
            "score_value": value(entry.score),
            "max": text(entry.max),
            "percent": text(entry.percent),
            "percent_value": value(entry.percent),
            "scaled": text(entry.scaled),
            "scaled_value": value(entry.scaled),
            "boards": entry.boards,
        }
        for event, event_rankings in rankings.items()
        for ranking in event_rankings
        for entry in ranking.entries
    ]
    return pl.DataFrame(rows, schema=_RANKING_SCHEMA)


def score_archive(
    dataset: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    scheduler: str = "local",
    rules: PairsRules | None = None,
) -> ArchiveResult:
    """Score every event of a Parquet dataset on a Dask cluster and write the results to ``out``.

    ``scheduler`` is a scheduler address (``tcp://host:8786``; the workers must see ``out``) or
    ``local`` for a cluster of two workers on this machine. ``out`` must not exist, be empty or
    hold an earlier run's output (which is replaced), and be apart from ``dataset``. Problems in
    any event stop the run (:class:`FileFormatError` listing them) and nothing is written.
    """
    import dask.dataframe as dd

    rules = rules or PairsRules()
    source, target = str(dataset), Path(out)
    if not Path(dataset).exists():
        raise FileFormatError(source, None, "no such dataset")
    _check_out(target, Path(dataset))
    files = _parquet_files(Path(dataset))
    try:
        frame = dd.read_parquet(source, dtype_backend="pyarrow")  # nullable integers stay so
    except (pa.ArrowException, OSError) as error:
        raise _unreadable(files, source, error) from None
    _check_columns(list(frame.columns), source)
    with _client(scheduler) as client:
        try:
            with atomic_directory(target) as staging:
                (staging / "lines").mkdir()  # with the mode the umask leaves of 0o777
                mode = stat.S_IMODE((staging / "lines").stat().st_mode)
                staging.chmod(mode)  # workers, maybe running as other users, write in it
                rankings = _score_into(staging, client, frame, rules, source, files, scheduler)
                (staging / MARKER).write_text(
                    "Scored by bridgescore archive score; the next run may replace it all.\n",
                    encoding="utf-8",
                )
            target.chmod(mode)  # as a directory made with mkdir: not mkdtemp's 0o700
        except OSError as error:
            raise ArchiveError(f"cannot write {target}: {_first_line(error)}") from None
    events = rankings["event"].n_unique()
    lines = int(rankings["boards"].sum()) // 2
    return ArchiveResult(target, events, lines, rankings)


def _score_into(
    staging: Path,
    client: Any,
    frame: Any,
    rules: PairsRules,
    source: str,
    files: list[Path],
    scheduler: str,
) -> pl.DataFrame:
    """Score the dataset, writing the lines and rankings into ``staging``; the rankings."""
    from distributed.comm.core import CommClosedError

    try:
        outcomes = _run(client, frame, rules, staging, source)
    except CommClosedError as error:
        raise ArchiveError(
            f"lost the Dask scheduler at {scheduler} ({_first_line(error)})"
        ) from None
    except (pa.ArrowException, OSError) as error:
        raise _unreadable(files, source, error) from None
    problems = [p for _, found, _ in outcomes for p in found]
    if problems:
        raise FileFormatError.from_problems([Problem(*p) for p in problems])
    tables = [pl.DataFrame(table) for _, _, table in outcomes if table is not None]
    if not tables:
        raise ArchiveError(f"no results in {source}: its Parquet files have no rows")
    rankings = pl.concat(tables)
    rankings.write_parquet(staging / "rankings.parquet")
    return rankings


def _check_out(target: Path, dataset: Path) -> None:
    """Refuse to write where the dataset is, or over anything but an earlier run's output."""
    out, data = target.resolve(), dataset.resolve()
    if out == data:
        clash = "is the dataset"
    elif data in out.parents:
        clash = f"is inside the dataset {dataset}"
    elif out in data.parents:
        clash = f"holds the dataset {dataset}"
    else:
        clash = ""
    if clash:
        raise ArchiveError(f"{target} {clash}: the scored archive goes to a directory apart")
    if target.exists() and not target.is_dir():
        raise ArchiveError(f"{target} is a file, not a directory for the scored archive")
    if target.is_dir() and not (target / MARKER).is_file() and any(target.iterdir()):
        raise ArchiveError(
            f"{target} already holds files and is not the output of an earlier archive run "
            f"(it has no {MARKER}): choose a new or empty directory"
        )
