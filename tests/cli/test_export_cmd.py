"""``bridgescore export``: a scored event written to USEBIO and CSV, read back the same."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from bridgescore.core.pairs.score import score_session
from bridgescore.formats import usebio
from bridgescore.formats.csv import travellers
from bridgescore.formats.scored import pair_key
from tests.support.paths import EXAMPLES, TESTDATA

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
    ours = score_session(travellers.load(SESSION).with_names(travellers.load_names(NAMES)))
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
    assert [line.ns_score for line in travellers.load(out).lines] == [
        line.ns_score for line in travellers.load(SESSION).lines
    ]


def test_export_needs_somewhere_to_write() -> None:
    result = run("export", SESSION)
    assert result.exit_code == 2
    assert "say where to write: --usebio FILE, --pbn FILE or --csv FILE" in result.output


def real_usebio(name: str) -> Path:
    """A real USEBIO file of ../shared/testdata (the test is skipped when ../shared is absent)."""
    path = TESTDATA / "usebio" / name
    if not path.exists():
        pytest.skip(f"{path} is missing: ../shared is absent")
    return path


def test_score_takes_the_method_from_a_usebio_file() -> None:
    path = real_usebio("butler_mitchell.xml")
    payload = json.loads(run("score", str(path), "--json").output)
    assert payload["method"] == "butler"
    assert payload["boards"][0]["datum"] == -30
    forced = json.loads(run("score", str(path), "--method", "mp", "--json").output)
    assert forced["method"] == "mp"


def test_pbn_export_reads_back_as_the_same_event(tmp_path: Path) -> None:
    from bridgescore.formats import pbn

    out = tmp_path / "club.pbn"
    assert run("export", SESSION, "--names", NAMES, "--pbn", str(out)).exit_code == 0
    written = pbn.load(out)
    first_game = written.games[0]
    assert first_game.tag("Scoring") == "MP"
    score_table = first_game.table("ScoreTable")
    assert score_table is not None
    # Board 1, table 1: 3C by N with 10 tricks, +130; of the 11 other NS scores six are +100
    # and two +110 (beaten), one +130 (tied), +140 and +300 better: 2 x 8 + 1 = 17 of 22.
    assert (
        score_table.records()[0]["MP_NS"] == "17"
        and score_table.records()[0]["Percentage_NS"] == "77.27"
    )
    totals = first_game.table("TotalScoreTable")
    assert totals is not None and totals.records()[0]["PairId"] == "12NS"
    assert totals.records()[0]["TotalMP"] == "300.15"
    # Scoring the PBN file (the method from its Scoring tag) gives the same event as the CSV.
    again = json.loads(run("score", str(out), "--json").output)
    first = json.loads(run("score", SESSION, "--names", NAMES, "--json").output)
    assert again["rankings"] == first["rankings"]
    assert [b["results"] for b in again["boards"]] == [b["results"] for b in first["boards"]]


def test_butler_pbn_export_carries_imps_and_datums(tmp_path: Path) -> None:
    from bridgescore.formats import pbn

    out = tmp_path / "butler.pbn"
    assert run("export", SESSION, "--method", "butler", "--pbn", str(out)).exit_code == 0
    game = pbn.load(out).games[0]
    assert game.tag("Scoring") == "IMP;Butler-2"
    table = game.table("ScoreTable")
    assert table is not None
    record = table.records()[0]
    assert set(record) >= {"IMP_NS", "IMP_EW", "ButlerDatum"}
    again = json.loads(run("score", str(out), "--json").output)
    assert again["method"] == "butler"
    first = json.loads(run("score", SESSION, "--method", "butler", "--json").output)
    assert again["rankings"] == first["rankings"]


def test_hands_add_the_deals_and_the_event_details() -> None:
    from bridgescore.events.pairs import score_file

    event = score_file(SESSION, hands=EXAMPLES / "club-hands.pbn")
    assert len(event.session.deals) == 26 and event.session.deals[1].is_complete
    assert (event.session.info.title, event.session.info.club) == (
        "Club pairs",
        "Riverside Bridge Club",
    )
    result = run("score", SESSION, "--hands", SESSION)
    assert result.exit_code == 2
    assert result.output == f"error: {SESSION}: the file has no hand records\n"


def test_export_writes_every_file_or_none(tmp_path: Path) -> None:
    first = tmp_path / "club.pbn"
    result = run(
        "export", SESSION, "--pbn", str(first), "--usebio", str(tmp_path / "nodir" / "x.xml")
    )
    assert result.exit_code == 2
    assert f"cannot write: the directory {tmp_path / 'nodir'} does not exist" in result.output
    assert not first.exists()


def test_exporting_a_usebio_file_keeps_its_ids(tmp_path: Path) -> None:
    path = real_usebio("mp_pairs_howell.xml")
    out = tmp_path / "again.xml"
    assert run("export", str(path), "--usebio", str(out)).exit_code == 0
    original, written = usebio.load(path), usebio.load(out)
    assert (written.club_id, written.event_id) == (original.club_id, original.event_id)
    assert written.figures.pairs["6"].place == 1


def test_pbn_export_with_hands_keeps_every_double_dummy_tag(tmp_path: Path) -> None:
    from bridgescore.formats import pbn

    out = tmp_path / "club.pbn"
    hands = EXAMPLES / "club-hands.pbn"
    assert run("export", SESSION, "--hands", str(hands), "--pbn", str(out)).exit_code == 0
    record = {game.board: game for game in pbn.load(hands).games}
    written = pbn.load(out).games
    assert len(written) == 26
    for game in written:
        original = record[game.board]
        for tag in ("DoubleDummyTricks", "OptimumScore", "ParContract"):
            assert game.tags[tag] == original.tags[tag], (game.board, tag)
        assert game.table("OptimumResultTable") == original.table("OptimumResultTable")
        assert game.table("ScoreTable") is not None
