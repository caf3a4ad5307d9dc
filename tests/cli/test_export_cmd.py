"""``bridgescore export``: a scored event written to USEBIO and CSV, read back the same."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from click.testing import CliRunner, Result

from bridgescore.cli import app
from bridgescore.core.pairs import score_session
from bridgescore.formats import traveller_csv, usebio
from bridgescore.formats.scored import pair_key

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SESSION = str(EXAMPLES / "club-session.csv")
NAMES = str(EXAMPLES / "club-names.csv")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "120"})


def test_usebio_export_carries_our_figures_and_scores_the_same(tmp_path: Path) -> None:
    out = tmp_path / "club.xml"
    result = run("export", SESSION, "--names", NAMES, "--usebio", str(out))
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {out}\n"
    written = usebio.load(out)
    ours = score_session(traveller_csv.load(SESSION).with_names(traveller_csv.load_names(NAMES)))
    assert written.session.info.scoring == "MATCH_POINTS"
    assert written.session.info.movement == "Mitchell"
    for ranking in ours.rankings:
        for entry in ranking.entries:
            figures = written.figures.pairs[pair_key(entry.pair)]
            percent = Decimal(float(entry.percent or 0)).quantize(Decimal("0.01"), ROUND_HALF_UP)
            assert (figures.place, figures.tied, figures.percentage) == (
                entry.rank,
                entry.tied,
                percent,
            )
            assert written.participant(pair_key(entry.pair)) is not None
    # Scoring the written file gives the same ranking as scoring the CSV.
    again = json.loads(run("score", str(out), "--json").output)
    first = json.loads(run("score", SESSION, "--names", NAMES, "--json").output)
    assert again["rankings"] == first["rankings"]


def test_csv_export_round_trips(tmp_path: Path) -> None:
    out = tmp_path / "club.csv"
    assert run("export", SESSION, "--csv", str(out)).exit_code == 0
    assert [line.ns_score for line in traveller_csv.load(out).lines] == [
        line.ns_score for line in traveller_csv.load(SESSION).lines
    ]


def test_export_needs_somewhere_to_write() -> None:
    result = run("export", SESSION)
    assert result.exit_code == 2
    assert "say where to write: --usebio FILE or --csv FILE" in result.output


def test_score_takes_the_method_from_a_usebio_file() -> None:
    path = (
        Path(__file__).resolve().parents[3]
        / "shared"
        / "testdata"
        / "usebio"
        / "butler_mitchell.xml"
    )
    if not path.exists():
        import pytest

        pytest.skip(f"{path} is missing: ../shared is absent")
    payload = json.loads(run("score", str(path), "--json").output)
    assert payload["method"] == "butler"
    assert payload["boards"][0]["datum"] == -30
    forced = json.loads(run("score", str(path), "--method", "mp", "--json").output)
    assert forced["method"] == "mp"
