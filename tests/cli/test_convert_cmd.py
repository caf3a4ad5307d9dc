"""``bridgescore convert``: formats from extensions and content, warnings, errors, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from bridgescore.formats import dispatch, pbn
from bridgescore.formats.csv import travellers
from tests.support.docs import page_text
from tests.support.paths import DATA, SEED

CSV = "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,10,\n1,3,4,,,,AVE+\n2,1,2,3NT,S,8,\n"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "100"})


@pytest.mark.skipif(not SEED.exists(), reason=f"the seed file {SEED} is not here")
def test_the_seed_lin_teaching_file_converts_with_warnings(tmp_path: Path) -> None:
    target = tmp_path / "seed.pbn"
    result = run("convert", SEED, target)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{SEED} (BBO LIN) -> {target} (PBN): 5 games, 13 warnings\n"
    warnings = result.stderr.splitlines()
    assert len(warnings) == 13 and all(w.startswith(f"warning: {SEED}:") for w in warnings)
    assert f"warning: {SEED}:921: board 5 (Exercise D): West's hand has 1 card (SK), not 13: " \
        "written as unknown" in warnings  # fmt: skip
    file = pbn.load(target)
    assert len(file.games) == 5 and file.problems == ()
    assert sum(game.deal is not None and not game.deal.is_complete for game in file.games) == 4


def test_lin_by_extension_to_golden_pbn(tmp_path: Path) -> None:
    target = tmp_path / "match.pbn"
    result = run("convert", DATA / "lin" / "match.lin", target)
    assert result.exit_code == 0 and result.stderr == ""
    assert target.read_bytes() == (DATA / "lin" / "match.pbn").read_bytes()


def test_csv_to_pbn_and_back(tmp_path: Path) -> None:
    source = tmp_path / "club.csv"
    source.write_text(CSV)
    middle, back = tmp_path / "club.pbn", tmp_path / "back.csv"
    first = run("convert", source, middle)
    assert first.exit_code == 0 and first.stdout.endswith("(PBN): 2 games\n")
    second = run("convert", middle, back)
    assert second.exit_code == 0 and second.stdout.endswith("(traveller CSV): 3 traveller lines\n")
    assert back.read_text() == travellers.dumps(travellers.loads(CSV))


def test_content_decides_when_the_extension_does_not(tmp_path: Path) -> None:
    source = tmp_path / "results.txt"
    source.write_text(CSV)
    result = run("convert", source, tmp_path / "out.pbn")
    assert result.exit_code == 0 and "(traveller CSV) ->" in result.stdout
    pbn_text = tmp_path / "hands.dat"
    pbn_text.write_bytes((DATA / "pbn" / "import.pbn").read_bytes())
    result = run("convert", pbn_text, tmp_path / "again.pbn")
    assert result.exit_code == 0 and "(PBN) ->" in result.stdout


def test_strict_by_default_lenient_on_request(tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text('[Board "1"]\n[Deal "N:AKQJT.T98.765.432 - - -"]\n\n[Board "2"]\n')
    target = tmp_path / "out.csv"
    result = run("convert", source, target)
    assert result.exit_code == 2
    assert result.stderr == f"error: {source}:2: [Deal]: North's hand has 14 cards, not 13\n"
    assert not target.exists()
    result = run("convert", source, target, "--lenient")
    assert result.exit_code == 0
    assert result.stderr == f"warning: {source}:2: [Deal]: North's hand has 14 cards, not 13\n"
    assert result.stdout.endswith("0 traveller lines, 1 warning\n")


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("notes.txt", "nothing to see here\n", "not a file bridgescore reads (USEBIO, PBN, BBO LIN, traveller CSV)"),
        ("empty.lin", "pn|a,b,c,d|", "no deal (md|...|) found: this is not a LIN file"),
    ],
)  # fmt: skip
def test_unreadable_inputs(tmp_path: Path, name: str, content: str, message: str) -> None:
    source = tmp_path / name
    source.write_text(content)
    result = run("convert", source, tmp_path / "out.pbn")
    assert result.exit_code == 2
    assert result.stderr == f"error: {source}: {message}\n"


def test_unknown_output_extension(tmp_path: Path) -> None:
    result = run("convert", DATA / "lin" / "match.lin", tmp_path / "out.docx")
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"error: {tmp_path / 'out.docx'}: cannot write this kind of file (write .xml, .pbn, .csv)\n"
    )


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.pbn"
    target.write_text("old")

    def broken(data: object) -> str:
        raise RuntimeError("disk full")

    monkeypatch.setattr(pbn, "dumps", broken)
    with pytest.raises(RuntimeError):
        dispatch.convert(DATA / "lin" / "match.lin", target)
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pbn"]


def test_the_dispatch_table_can_grow() -> None:
    assert list(dispatch.FORMATS) == ["xml", "pbn", "lin", "csv", "bws"]
    assert dispatch.output_format("x.PBN").name == "pbn"
    assert dispatch.FORMATS["bws"].dump is None and dispatch.FORMATS["bws"].binary
    assert dispatch.FORMATS["lin"].dump is None and dispatch.FORMATS["lin"].warns


def test_the_docs_show_the_real_pbn() -> None:
    page = page_text("formats")
    shown = page[page.index("```\n% PBN 2.1") + 4 :]
    shown = shown[: shown.index("```")]
    golden = (DATA / "lin" / "match.pbn").read_bytes().decode().replace("\r\n", "\n")
    assert golden.startswith(shown)


def test_the_help_texts_name_every_format_of_the_dispatch_table() -> None:
    runner = CliRunner()
    convert = " ".join(runner.invoke(app, ["convert", "--help"]).output.split())
    report = " ".join(runner.invoke(app, ["report", "--help"]).output.split())
    for file_format in dispatch.FORMATS.values():
        extension = f".{file_format.extensions[0]}"
        if file_format.load is not None:
            assert file_format.title in report
            assert extension in convert.split("else from its content")[0]
        if file_format.dump is not None:
            assert extension in convert.split("else from its content")[1]
        else:
            assert extension not in convert.split("else from its content")[1]
    assert (
        "reads USEBIO, PBN, BBO LIN, traveller CSV or Bridgemate BWS; writes USEBIO, PBN or "
        "traveller CSV"
    ) in convert
