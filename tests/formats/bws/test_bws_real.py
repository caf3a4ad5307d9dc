"""The real Bridgemate file (../shared/testdata/bws): 12 tables, 24 pairs, 24 boards, two
arbitral scores. The ranking bridgescore gives is checked against a reference worked here from
the file's rows as ``mdb-export`` prints them (not through the reader under test): every board
matchpointed 2/1/0 by hand, Neuberg-factored where an arbitral score leaves 11 real results,
the arbitral scores given as Law 12C2 says (EBU: the better of 60 % and the pair's own
percentage on its other boards for Ave+, the worse of 40 % and it for Ave-)."""

from __future__ import annotations

import csv
import io
import json
import struct
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.core.table.board import Board
from bridgescore.core.table.result import Result
from bridgescore.events.files import load
from bridgescore.formats import bws
from bridgescore.formats.usebio import UsebioEvent
from tests.support import paths
from tests.support.cli import run

BWS = "bws/12tables1section.bws"
TOP = 22  # 12 results expected on each board: 2 x (12 - 1)


def _export(path: Path, table: str) -> list[dict[str, str]]:
    printed = subprocess.run(
        ["mdb-export", str(path), table], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    return list(csv.DictReader(io.StringIO(printed)))


def _reference(path: Path) -> dict[str, Fraction]:
    """Each pair's matchpoints, worked from the rows ``mdb-export`` prints."""
    boards: dict[int, list[tuple[str, str, int | None, tuple[int, int] | None]]] = {}
    score: int | None
    given: tuple[int, int] | None
    for row in _export(path, "ReceivedData"):
        board = int(row["Board"])
        if row["Contract"]:
            written = row["Contract"].replace(" ", "")
            result = (
                Result.passed_out()
                if written == "PASS"
                else Result.parse(written + row["NS/EW"] + row["Result"])
            )
            score = result.ns_score(Board(board).vulnerability)
            boards.setdefault(board, []).append((row["PairNS"], row["PairEW"], score, None))
        else:  # "40%-60%": NS 40 %, EW 60 %
            ns, ew = row["Remarks"].replace("%", "").split("-")
            given = (int(ns), int(ew))
            boards.setdefault(board, []).append((row["PairNS"], row["PairEW"], None, given))
    real_points: dict[str, list[Fraction]] = {}
    artificial: list[tuple[str, int]] = []
    for lines in boards.values():
        scores = [score for _, _, score, _ in lines if score is not None]
        for ns, ew, score, given in lines:
            if given is not None:
                artificial += [(ns, given[0]), (ew, given[1])]
                continue
            assert score is not None
            raw = sum(2 if score > other else 1 if score == other else 0 for other in scores) - 1
            factored = (Fraction(raw) + 1) * Fraction(12, len(scores)) - 1  # Neuberg
            real_points.setdefault(ns, []).append(factored)
            real_points.setdefault(ew, []).append(TOP - factored)
    totals = {pair: sum(points, Fraction(0)) for pair, points in real_points.items()}
    for pair, percent in artificial:
        own = totals[pair] * 100 / (TOP * len(real_points[pair]))
        worth = max(Fraction(60), own) if percent == 60 else min(Fraction(40), own)
        totals[pair] += worth * TOP / 100
    return totals


def test_the_ranking_is_the_reference_worked_from_mdb_export() -> None:
    path = paths.real_file(BWS)
    reference = _reference(path)
    result = run("score", str(path), "--json")
    assert result.exit_code == 0, result.output
    (ranking,) = json.loads(result.stdout)["rankings"]
    entries = ranking["entries"]
    assert len(entries) == 24 and {e["boards"] for e in entries} == {24}
    assert [e["pair"] for e in entries] == sorted(reference, key=lambda p: -reference[p])
    for entry in entries:
        assert entry["score"] == pytest.approx(float(reference[entry["pair"]]), abs=1e-9)
        assert entry["percent"] == pytest.approx(float(reference[entry["pair"]] * 100 / 528))
    # By hand: pair 12 first with 330.09 MPs of 528 (62.52 %); pair 14 last, 192.55 (36.47 %).
    assert (entries[0]["pair"], round(entries[0]["percent"], 2)) == ("12", 62.52)
    assert (entries[-1]["pair"], round(entries[-1]["percent"], 2)) == ("14", 36.47)


def test_the_arbitral_scores_are_a40_60_and_a60_60() -> None:
    """Table 7, round 7: NS 7 v EW 24 on boards 1 and 2, remarks 40%-60% and 60%-60%.

    Pair 7 has 236 MPs on its other 22 boards (48.76 %): its Ave- on board 1 is 40 % of 22 =
    8.8 (below its own 48.76 %), its Ave+ on board 2 60 % = 13.2; 236 + 8.8 + 13.2 = 258.
    Pair 24 has 194 MPs (40.08 %): Ave+ twice, 13.2 each: 220.4."""
    path = paths.real_file(BWS)
    session = bws.load(path)
    given = {(line.board, line.ns, line.ew): str(line.adjusted) for line in session.lines}
    assert given[1, "7", "24"] == "A40/60" and given[2, "7", "24"] == "A60/60"
    assert [line.adjusted is not None for line in session.lines].count(True) == 2
    data = json.loads(run("score", str(path), "--json").stdout)
    points = {
        (board["board"], line["ns"]): (line["ns_points"], line["ew_points"])
        for board in data["boards"]
        for line in board["results"]
    }
    assert points[1, "7"] == pytest.approx((8.8, 13.2)) and points[2, "7"] == pytest.approx(
        (13.2, 13.2)
    )
    # Board 1's top: NS 11 v EW 21 +500, above the 10 other real results: 20 of 20,
    # Neuberg (20 + 1) x 12/11 - 1 = 21.909
    assert points[1, "11"][0] == pytest.approx(21 * 12 / 11 - 1)
    totals = {e["pair"]: e["score"] for e in data["rankings"][0]["entries"]}
    assert totals["7"] == pytest.approx(258) and totals["24"] == pytest.approx(220.4)


def test_every_row_is_read_and_the_movement_is_the_files() -> None:
    """288 ReceivedData rows (12 tables x 12 rounds x 2 boards), 144 RoundData rows; the
    row whose Declarer disagrees with its seat (ID 213: pair 7 sits NS, East declared 2S+4,
    as every other East on board 6 played spades) is scored by the seat, with a warning."""
    path = paths.real_file(BWS)
    session = bws.load(path)
    assert len(session.lines) == len(_export(path, "ReceivedData")) == 288
    (movement,) = bws.movements(path).values()
    assert len(movement.schedule) == len(_export(path, "RoundData")) == 144
    assert (movement.title, movement.winners, len(movement.pairs)) == (
        "Mitchell, 12 tables, 12 rounds of 2 boards",
        1,
        24,
    )
    assert session.info.date == "2005-05-09"
    (warning,) = session.problems
    assert str(warning) == (
        f"{path}: ReceivedData ID 213: board 6, NS 7 v EW 22: declarer pair 7 does not sit "
        "East (pair 22 does): scored as 2SE+4, the seat the table entered"
    )
    line = next(found for found in session.lines if (found.board, found.ns) == (6, "7"))
    assert (str(line.result), line.ns_score) == ("2SE+4", -230)  # 2S+4 by EW, NS -230


def test_the_movement_is_shown(tmp_path: Path) -> None:
    path = paths.real_file(BWS)
    shown = run("movement", "show", str(path))
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("Mitchell, 12 tables, 12 rounds of 2 boards\n")
    assert "hard rules: passed" in shown.stdout
    written = run("movement", "show", str(path), "--out", str(tmp_path / "m.json"))
    assert written.exit_code == 0, written.output
    checked = run("movement", "check", str(tmp_path / "m.json"))
    assert checked.exit_code == 0 and "24 pairs, 24 boards" in checked.stdout


def test_every_command_reads_it(tmp_path: Path) -> None:
    """convert, export, report and a session file: the same 288 results."""
    path = paths.real_file(BWS)
    converted = run("convert", str(path), str(tmp_path / "club.csv"))
    assert converted.exit_code == 0, converted.output
    assert "288 traveller lines, 1 warning" in converted.stdout
    exported = run("export", str(path), "--usebio", str(tmp_path / "club.xml"))
    assert exported.exit_code == 0, exported.output
    again = json.loads(run("score", str(tmp_path / "club.xml"), "--json").stdout)
    first = json.loads(run("score", str(path), "--json").stdout)
    assert again["rankings"] == first["rankings"]
    session = tmp_path / "night.toml"
    session.write_text(f'title = "Club night"\nresults = ["{path}"]\n')
    scored = json.loads(run("score", str(session), "--json").stdout)
    assert scored["rankings"] == first["rankings"]
    report = run("report", str(path), "--html", str(tmp_path / "site"))
    assert report.exit_code == 0, report.output
    assert (tmp_path / "site" / "index.html").exists()
    loaded = load(path)  # bridgescore.load: the players' numbers come with it, as USEBIO has them
    assert isinstance(loaded, UsebioEvent) and len(loaded.session.lines) == 288


def test_a_result_the_movement_does_not_expect_is_located(tmp_path: Path) -> None:
    """The real file with one value changed in place (ID 153, the Ave-/Ave+ table's first row:
    board 1 made board 3, which table 7 does not play in round 7): refused naming the row;
    leniently the row is left out, and board 1 at that table has no result."""
    data = paths.real_file(BWS).read_bytes()
    row = struct.pack("<ihhhhhhh", 153, 1, 7, 7, 1, 7, 24, 7)  # ID, section ... declarer
    assert data.count(row) == 1
    at = data.index(row) + 10  # after ID (4 bytes), Section, Table and Round (2 bytes each)
    bad = tmp_path / "club.bws"
    bad.write_bytes(data[:at] + struct.pack("<h", 3) + data[at + 2 :])
    strict = run("score", str(bad))
    assert (strict.exit_code, strict.output) == (
        2,
        f"error: {bad}: ReceivedData ID 153: table 7 plays boards 1-2 in round 7, not board 3\n",
    )
    lenient = run("score", str(bad), "--lenient", "--json")
    assert lenient.exit_code == 0
    assert (
        f"warning: {bad}: ReceivedData ID 153: table 7 plays boards 1-2 in round 7, not board 3 "
        "(skipped)"
    ) in lenient.stderr
    assert f"{bad}: ReceivedData: board 1, NS 7 v EW 24 (round 7, table 7): no result" in (
        lenient.stderr
    )
