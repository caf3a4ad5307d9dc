"""The dataset an archive run reads, checked before any work is sent to the cluster: the files
Dask reads (each one Parquet), the traveller columns, and which file is to blame when Dask cannot
read it.
"""

from __future__ import annotations

__all__ = ["check_columns", "parquet_files", "unreadable"]

from pathlib import Path

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

from bridgescore.core.errors import ArchiveError, FileFormatError, Problem
from bridgescore.fast.archive.cluster import first_line
from bridgescore.formats.csv.traveller_line import COLUMNS, REQUIRED

_EXTENSIONS = (".parquet", ".parq", ".pq")  # the files Dask reads in a dataset directory


def parquet_files(dataset: Path) -> list[Path]:
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
        return Problem(str(path), None, f"not a Parquet file: {first_line(error)}")
    except (pa.ArrowException, OSError) as error:
        return Problem(str(path), None, f"cannot read it: {first_line(error)}")
    return None


def check_columns(columns: list[str], source: str) -> None:
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


def unreadable(files: list[Path], source: str, error: BaseException) -> FileFormatError:
    """Dask could not read the dataset: name the file when this machine cannot read it either."""
    for path in files:
        if problem := _file_problem(path, whole=True):
            return FileFormatError.from_problems([problem])
    return FileFormatError(source, None, f"Dask cannot read it: {first_line(error)}")
