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


def same_ranking(ours: Sequence[tuple[str, float]], theirs: Sequence[tuple[str, str]]) -> bool:
    """Whether the two rankings are the same: the same pairs with the same scores (ours rounded
    as salliere prints it) in the same order, pairs whose printed scores tie in any order."""
    if len(ours) != len(theirs):
        return False
    printed = dict(theirs)
    for pair, score in ours:
        shown = printed.get(pair)
        if shown is None:
            return False
        places = len(shown.partition(".")[2])
        if abs(round(score, places) - float(shown)) > 10**-places / 2 + 1e-9:
            return False
    scores = [float(score) for _, score in theirs]
    our_order = [float(printed[pair]) for pair, _ in ours]
    return scores == sorted(scores, reverse=True) and our_order == scores
