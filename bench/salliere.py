"""Salliere, the Java duplicate scorer (Debian package ``salliere``), run on the same events as
bridgescore for the benchmarks: where it is, its input files, its rankings.

Salliere reads a boards CSV (``board,NS,EW,contract with result,declarer``: ``4S=``, ``3NT-1``)
and a names CSV (``pair,name,name``) and, with ``score matchpoint total results`` (or ``ximp``
for cross-IMPs, with ``--ximp``), writes the figures into both files and prints the ranking.
It numbers pairs once for the whole event, so the events compared are Howells (bench.generate
``--howell``), where bridgescore ranks one field too.
"""

from __future__ import annotations

import csv
import glob
import itertools
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

JARS = "/usr/share/salliere/salliere-*.jar"


def command() -> list[str] | None:
    """How to start salliere (``java -jar`` its jar), or ``None`` when Java or salliere is
    missing (``apt-get install salliere`` installs both)."""
    java = shutil.which("java")
    jars = sorted(glob.glob(JARS))
    if java is None or not jars:
        return None
    return [java, "-jar", jars[-1]]


def write_inputs(events_csv: Path, boards: Path, names: Path) -> None:
    """Salliere's two files for a traveller CSV of ``board,ns,ew,contract,declarer,result``."""
    pairs: set[str] = set()
    with events_csv.open(newline="") as source, boards.open("w", newline="") as out:
        for row in csv.DictReader(source):
            out.write(f"{row['board']},{row['ns']},{row['ew']},{row['contract']}{row['result']},")
            out.write(f"{row['declarer']}\n")
            pairs.update((row["ns"], row["ew"]))
    with names.open("w") as out:
        for pair in sorted(pairs, key=int):
            out.write(f"{pair},Player {pair}a,Player {pair}b\n")


def arguments(salliere: Sequence[str], boards: Path, names: Path, method: str) -> list[str]:
    """Salliere's command line for matchpoints (``mp``) or cross-IMPs (``crossimps``)."""
    if method == "mp":
        return [*salliere, "score", "matchpoint", "total", "results", "--", str(boards), str(names)]
    return [*salliere, "--ximp", "score", "ximp", "total", "results", "--", str(boards), str(names)]


@contextmanager
def fresh_copies(boards: Path, names: Path) -> Iterator[tuple[Path, Path]]:
    """Copies of the inputs for one run (salliere writes its figures into the files it reads)."""
    with tempfile.TemporaryDirectory() as where:
        copies = Path(where) / boards.name, Path(where) / names.name
        shutil.copyfile(boards, copies[0])
        shutil.copyfile(names, copies[1])
        yield copies


def ranking(
    salliere: Sequence[str], boards: Path, names: Path, method: str
) -> list[tuple[str, str]]:
    """Salliere's ranking: each pair with its score as printed, best first."""
    with fresh_copies(boards, names) as (b, n):
        done = subprocess.run(
            arguments(salliere, b, n, method), capture_output=True, text=True, check=True
        )
    found = []
    for line in done.stdout.splitlines():
        match = re.match(r"^(\d+)\s+Player \d+a\s+Player \d+b\s+(-?[\d.]+)", line)
        if match:
            found.append((match.group(1), match.group(2)))
    return found


def compare(ours: Sequence[tuple[str, float]], theirs: Sequence[tuple[str, str]]) -> str:
    """Whether the two rankings agree: ``yes`` when every pair has the same score (ours rounded
    as salliere prints it) and salliere lists the pairs in our order; ``yes, N close pairs
    swapped`` when salliere's list departs from the exact order only between pairs whose scores
    differ by less than it prints (it rounds each board's cross-IMPs before adding them up);
    ``NO`` otherwise."""
    printed = dict(theirs)
    if len(ours) != len(theirs) or set(printed) != {pair for pair, _ in ours}:
        return "NO"
    places = max(len(shown.partition(".")[2]) for _, shown in theirs)
    unit = 10.0**-places
    for pair, score in ours:
        if abs(round(score, places) - float(printed[pair])) > unit / 2 + 1e-9:
            return "NO"
    exact = dict(ours)
    gaps = [
        exact[after] - exact[before]
        for (before, _), (after, _) in itertools.pairwise(theirs)
        if exact[after] > exact[before]
    ]
    if not gaps:
        return "yes"
    if max(gaps) < unit / 2:
        return f"yes, {len(gaps)} close pairs swapped"
    return "NO"
