"""``bridgescore movement``: the generators print a grid or the JSON of the schema, write a
file, and ``check`` reads it back and reports."""

from __future__ import annotations

import json
from pathlib import Path

from bridgescore.core.movements import Movement, howell, mitchell
from tests.support.cli import as_json, run
from tests.support.docs import page_text


def test_the_json_is_the_generators_movement() -> None:
    assert Movement.from_dict(as_json("movement", "mitchell", "--tables", "7")) == mitchell(7)
    data = as_json("movement", "howell", "--tables", "5", "--rounds", "7", "--boards", "21")
    assert Movement.from_dict(data) == howell(5, rounds=7, boards=21)
    half = as_json("movement", "mitchell", "--tables", "6.5")
    assert half["tables"] == 7 and "7NS" not in half["pairs"]


def test_the_grid_shows_every_round_and_the_checkers_findings() -> None:
    result = run("movement", "mitchell", "--tables", "4", "--style", "relay")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Mitchell, 4 tables, 4 rounds of 7 boards"
    assert "│     1 │ 1NS v 1EW │ 2NS v 2EW │ 3NS v 3EW │ 4NS v 4EW │" in lines
    assert "shared: tables 1 and 4 share a set in rounds 1-4" in lines
    switched = run("movement", "mitchell", "--tables", "5", "--winners", "1").output
    assert "↔ arrow switch: the EW pair plays the NS cards" in switched
    assert "comparisons (one winner): compared" in switched


def test_out_writes_a_file_check_reads(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    result = run("movement", "howell", "--tables", "4", "--out", str(path))
    assert result.exit_code == 0 and result.output == f"wrote {path}\n"
    checked = run("movement", "check", str(path))
    assert checked.exit_code == 0
    assert (
        checked.output.splitlines()[0]
        == "Howell, 4 tables, 7 rounds of 4 boards: 8 pairs, 28 boards"
    )
    report = as_json("movement", "check", str(path))
    assert report["ok"] is True and report["comparisons"]["balance"] == 100.0


def test_a_movement_that_breaks_the_rules_fails_the_check(tmp_path: Path) -> None:
    data = mitchell(3).to_dict()
    data["schedule"][3]["set"] = data["schedule"][0]["set"]  # round 2, table 1 replays set 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("movement", "check", str(path))
    assert result.exit_code == 2
    assert "1NS plays boards 1-9 twice: in rounds 1 and 2" in result.output
    assert f"error: {path} breaks the hard rules" in result.output


def test_bad_input_is_one_error_line(tmp_path: Path) -> None:
    result = run("movement", "howell", "--tables", "16")
    assert result.exit_code == 2
    assert result.output == "error: a complete Howell is made for 3 to 15 tables, not 16\n"
    bad = tmp_path / "m.json"
    bad.write_text('{"kind": "howell"}', encoding="utf-8")
    refused = run("movement", "check", str(bad))
    assert refused.exit_code == 2 and "m.json: tables: missing" in refused.output
    assert run("movement", "mitchell", "--tables", "seven").output.startswith("error: 'seven'")


def test_multiple_teams_for_ten_teams_in_matches_of_three_boards() -> None:
    """40 matches: each team meets 8 others (all but the team five tables away), in 8 rounds
    of 3 boards; --multiple is --style multiple."""
    made = as_json("movement", "teams", "--teams", "10", "--multiple", "--boards-per-match", "3")
    assert (made["tables"], made["rounds"], made["boards"]) == (10, 8, 30)
    matches = {frozenset((s["ns"], s["ew"])) for s in made["schedule"]}
    assert len(matches) == 40
    same = as_json(
        "movement", "teams", "--teams", "10", "--style", "multiple", "--boards-per-match", "3"
    )
    assert same == made
    shown = run("movement", "teams", "--teams", "10", "--multiple", "--boards-per-match", "3")
    assert "meetings: teams meet: 5 couples 0 times, 40 couples 1 time" in shown.output
    robin = as_json("movement", "teams", "--teams", "6", "--boards-per-match", "4")
    assert (robin["rounds"], robin["boards"]) == (5, 20)


def test_the_library_is_listed_and_each_name_shown() -> None:
    listed = run("movement", "list")
    assert listed.exit_code == 0, listed.output
    assert "howell-9-3q" in listed.output and "mitchell-13-rover" in listed.output
    names = [entry["name"] for entry in as_json("movement", "list")]
    assert names[0] == "howell-3" and "mitchell-20-web" in names
    shown = run("movement", "show", "howell-9-3q")
    assert shown.exit_code == 0, shown.output
    assert shown.output.splitlines()[0] == "Howell, 9 tables, 13 rounds of 2 boards"
    assert "boards: every board is played 9 times" in shown.output
    data = as_json("movement", "show", "mitchell-10-skip", "--boards", "18")
    assert Movement.from_dict(data) == mitchell(10, style="skip", boards=18)
    unknown = run("movement", "show", "howell-99")
    assert unknown.exit_code == 2 and unknown.output.startswith("error: there is no movement")


def test_cards_take_a_library_name(tmp_path: Path) -> None:
    result = run("movement", "cards", "howell-3-mini", "--html", str(tmp_path / "cards"))
    assert result.exit_code == 0, result.output
    page = (tmp_path / "cards" / "index.html").read_text(encoding="utf-8")
    assert " then " in page  # two mini-sets a round, in play order


def _balance_rows() -> list[tuple[str, float, float | None]]:
    """The balance table of the movements page: the command that makes each movement, the
    balance it says bridgescore's has, and the best published figure (``None``: none)."""
    text = page_text("movements").split("### The balance table", 1)[1].split("\n\n|", 1)[1]
    rows = []
    for line in ("|" + text).split("\n\n", 1)[0].splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        published = cells[4].split()[0].rstrip("%")
        rows.append(
            (
                cells[2].strip("`"),
                float(cells[3].rstrip("%")),
                None if published == "—" else float(published),
            )
        )
    return rows


def test_movement_check_reports_at_least_the_published_balance_of_every_row(
    tmp_path: Path,
) -> None:
    """The docs' balance table, row by row: ``movement check --json`` on the movement the row
    names gives the balance the row says, at least the best published figure."""
    rows = _balance_rows()
    assert len(rows) > 60
    for command, ours, published in rows:
        path = tmp_path / "m.json"
        made = run("movement", *command.split(), "--out", str(path))
        assert made.exit_code == 0, (command, made.output)
        report = as_json("movement", "check", str(path))
        balance = report["comparisons"]["balance"]
        assert round(balance, 1) == ours, command
        assert published is None or round(balance, 1) >= published, command
        if "howell" in command:  # three-quarter and complete Howells: equal play
            assert len(set(report["plays"].values())) == 1, command
