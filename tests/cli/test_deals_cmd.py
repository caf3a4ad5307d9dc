"""``bridgescore deals``: generate (random, committed, revealed), verify, analyse (checked
against endplay called directly, on a handful of deals), convert."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.board import Board
from bridgescore.core.table.deal import Deal
from bridgescore.fast.double_dummy import CACHE_SETTING, forget
from bridgescore.formats import hands, pbn
from tests.support.endplay_oracle import endplay, known, par_of, solve
from tests.support.paths import real_file


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, ["deals", *map(str, args)])


def deals_of(path: Path) -> list[tuple[int, Deal]]:
    return [(r.board, r.deal) for r in hands.load(path).records]


def test_generate_twice_gives_two_sets(tmp_path: Path) -> None:
    assert run("generate", tmp_path / "a.pbn").exit_code == 0
    assert run("generate", tmp_path / "b.pbn").exit_code == 0
    first, second = deals_of(tmp_path / "a.pbn"), deals_of(tmp_path / "b.pbn")
    assert [b for b, _ in first] == list(range(1, 33))
    assert {d for _, d in first}.isdisjoint({d for _, d in second})
    record = hands.load(tmp_path / "a.pbn").records[0]
    assert pbn.load(tmp_path / "a.pbn").games[0].tags["DealId"] == record.deal_id


def test_commit_reveal_and_verify_reproduce_a_set_exactly(tmp_path: Path) -> None:
    secret = tmp_path / "congress.secret"
    made = run("generate", "--commit", secret)
    assert made.exit_code == 0, made.output
    published = made.output.split("sha256 ")[1].strip()
    public = "FTSE 100 close 2026-11-19: 8123.4"
    common: list[str | Path] = [
        "--boards",
        "1-28",
        "--sets",
        "2",
        "--reveal",
        secret,
        "--public",
        public,
    ]
    assert run("generate", tmp_path / "set.pbn", *common).exit_code == 0
    assert run("generate", tmp_path / "again.dup", *common).exit_code == 0
    for number in (1, 2):
        dealt = tmp_path / f"set-{number}.pbn"
        assert published in dealt.read_text(encoding="latin-1")
        assert deals_of(dealt) == deals_of(tmp_path / f"again-{number}.dup")
        checked = run("verify", dealt, "--reveal", secret)
        assert checked.exit_code == 0, checked.output
        assert f"all 28 boards are set {number}'s deals" in checked.output
    assert deals_of(tmp_path / "set-1.pbn") != deals_of(tmp_path / "set-2.pbn")
    # The machine's file has no header: the set and public value are given.
    checked = run(
        "verify", tmp_path / "again-2.dup", "--reveal", secret, "--public", public, "--set", "2"
    )
    assert checked.exit_code == 0, checked.output


def test_verify_catches_a_changed_board_a_wrong_secret_and_a_wrong_set(tmp_path: Path) -> None:
    secret = tmp_path / "s"
    run("generate", "--commit", secret)
    run("generate", tmp_path / "set.pbn", "--boards", "1-4", "--reveal", secret, "--public", "x")
    read = pbn.load(tmp_path / "set.pbn")
    swapped = replace(read, games=(read.games[1], read.games[0], *read.games[2:]))
    pbn.dump(
        replace(
            swapped,
            games=tuple(
                replace(g, tags={**g.tags, "Board": str(i + 1)})
                for i, g in enumerate(swapped.games)
            ),
        ),
        tmp_path / "tampered.pbn",
    )
    done = run("verify", tmp_path / "tampered.pbn", "--reveal", secret)
    assert done.exit_code == 2
    assert "boards 1, 2 are not set 1's deals of this secret and 'x'" in done.output
    other = "ab" * 32
    done = run("verify", tmp_path / "set.pbn", "--reveal", other)
    assert done.exit_code == 2 and "not this secret's hash" in done.output
    assert run("verify", tmp_path / "set.pbn", "--reveal", secret, "--set", "2").exit_code == 2


def test_generate_refuses_half_a_protocol(tmp_path: Path) -> None:
    assert run("generate", tmp_path / "x.pbn", "--public", "y").exit_code == 2
    assert run("generate").exit_code == 2
    run("generate", "--commit", tmp_path / "s")
    again = run("generate", "--commit", tmp_path / "s")
    assert again.exit_code == 2 and "a secret is made once" in again.output


def test_analyse_agrees_with_endplay_called_directly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight deals solved here (four of the Ruter file, four generated; not read from the test
    run's folder of solved tables, nor from this process's memo): every table and par is what
    endplay, called directly, gave for them (``oracle.json``), two of them solved again here by
    endplay itself, and reading the written tags back gives the same."""
    monkeypatch.delenv(CACHE_SETTING, raising=False)
    forget()
    endplay()
    ruter = pbn.load(real_file("pbn/ruter71_butler_pairs.pbn"))
    pbn.dump(replace(ruter, games=ruter.games[:4]), tmp_path / "ruter.pbn")
    oracle = {(k.group, k.board): k for k in known()}
    generated = [
        HandRecord(k.board, Deal.parse(k.deal)) for k in known() if k.group == "generated"
    ][:4]
    hands.dump(generated, tmp_path / "generated.pbn")
    for group, name in (("ruter71", "ruter.pbn"), ("generated", "generated.pbn")):
        done = run("analyse", tmp_path / name, tmp_path / f"dd-{name}")
        assert done.exit_code == 0, done.output
        assert "4 deals analysed" in done.output
        for record in hands.load(tmp_path / f"dd-{name}").records:
            expected = oracle[group, record.board]
            assert record.table == expected.table
            assert record.par is not None and record.par.score == expected.par_score
    record = hands.load(tmp_path / "dd-ruter.pbn").records[0]
    assert record.table == solve(record.deal.to_pbn())
    assert record.par is not None
    assert record.par.score == par_of(record.table, 1, Board(1).dealer)[0]
    kept = run("analyse", tmp_path / "dd-ruter.pbn", tmp_path / "same.pbn")
    assert "0 deals analysed, 4 kept their table" in kept.output
    written = pbn.load(tmp_path / "dd-ruter.pbn").games[0]
    assert written.tags["Competition"] == "Pairs" and written.table("ScoreTable") is not None


def test_analyse_writes_pbn_only_and_needs_whole_deals(tmp_path: Path) -> None:
    run("generate", tmp_path / "set.pbn", "--boards", "1")
    done = run("analyse", tmp_path / "set.pbn", tmp_path / "set.dup")
    assert done.exit_code == 2 and "kept in PBN only" in done.output
    (tmp_path / "part.pbn").write_text('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n')
    done = run("analyse", tmp_path / "part.pbn", tmp_path / "out.pbn")
    assert done.exit_code == 2 and "board 1 has a hand missing" in done.output


@pytest.mark.parametrize("target", ["set.dup", "set.dlm", "set.bri", "set.dge", "set.lin"])
def test_convert(target: str, tmp_path: Path) -> None:
    run("generate", tmp_path / "set.pbn", "--boards", "1-16")
    done = run("convert", tmp_path / "set.pbn", tmp_path / target)
    assert done.exit_code == 0, done.output
    assert done.output.endswith(": 16 deals\n")
    assert deals_of(tmp_path / target) == deals_of(tmp_path / "set.pbn")


def test_print_sheets_of_an_analysed_record_and_a_deal_partly_known(tmp_path: Path) -> None:
    records = [HandRecord(k.board, Deal.parse(k.deal)).with_table(k.table) for k in known()[21:27]]
    records.append(HandRecord(7, Deal.parse("N:AKQJ.T98.765.432 - - -")))
    hands.dump(records, tmp_path / "set.pbn")
    done = run(
        "print", tmp_path / "set.pbn", "--pdf", tmp_path / "set.pdf", "--html", tmp_path / "web",
        "--per-page", "6", "--grid", "--title", "Spring <congress>",
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    assert "analysed" not in done.output  # six tables in the file, the seventh deal not whole
    assert f"hand record PDF: {tmp_path / 'set.pdf'} (2 pages)" in done.output
    page = (tmp_path / "web" / "index.html").read_text("utf-8")
    assert "Spring &lt;congress&gt;" in page and page.count('class="dd-grid"') == 6
    assert run("print", tmp_path / "set.pbn").exit_code == 2
