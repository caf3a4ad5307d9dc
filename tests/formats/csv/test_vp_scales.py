"""VP scale CSV files: parsing, located errors, the shipped named scales, ``--vp`` names."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError, ScoringError
from bridgescore.core.scoring.vp import ACBL, WBF, WBF_DISCRETE
from bridgescore.core.scoring.vp_bands import BandedScale
from bridgescore.formats.csv.vp_scales import load, load_named, loads, named_scales, resolve_scale

HEADER = "min_imps,max_imps,winner,loser\n"


def problems(text: str) -> list[tuple[int | None, str]]:
    with pytest.raises(FileFormatError) as caught:
        loads(text, name="test", source="club.csv")
    assert all(p.path == "club.csv" for p in caught.value.problems)
    return [(p.line, p.message) for p in caught.value.problems]


def test_a_scale_with_comments_decimals_and_negative_vps() -> None:
    text = (
        "# Half-VP club scale\n"
        "\n"
        "# second comment\n"
        "Min_IMPs, max_imps, winner, loser\n"
        "0,3,10,10\n"
        "4,9,12.5,7.5\n"
        "10,19,20,0\n"
        "20,,20,-2.25\n"
    )
    scale = loads(text, name="half")
    assert scale.name == "half"
    assert scale.description == "Half-VP club scale"
    assert scale.places == 2
    assert scale.vp(Fraction(39, 4), 8) == (Fraction(25, 2), Fraction(15, 2))
    assert scale.vp(25, 8) == (Fraction(20), Fraction(-9, 4))


def test_a_missing_band_is_located() -> None:
    assert problems(HEADER + "0,2,10,10\n5,,20,0\n") == [
        (3, "margins of 3-4 IMPs are in no band (the band before ends at 2)")
    ]


def test_overlapping_bands_are_located() -> None:
    assert problems(HEADER + "0,2,10,10\n2,5,12,8\n6,,20,0\n") == [
        (3, "2-5 IMPs overlap the band before (0-2)")
    ]


def test_the_first_band_must_start_at_zero() -> None:
    assert problems(HEADER + "1,2,10,10\n3,,20,0\n") == [
        (2, "margins of 0 IMPs are in no band (the first band starts at 1)")
    ]


def test_open_ended_bands() -> None:
    assert problems(HEADER + "0,2,10,10\n3,,15,5\n9,,20,0\n") == [
        (3, "only the last band can be open-ended (blank max_imps)")
    ]
    assert problems(HEADER + "0,2,10,10\n3,9,20,0\n") == [
        (3, "the last band must be open-ended (leave max_imps blank) so every margin earns VPs")
    ]


def test_every_bad_number_is_reported_with_its_line() -> None:
    text = HEADER + "0,2,ten,10\n3,x,15,5\n-1,4,15,5\n5,,20\n"
    assert problems(text) == [
        (2, "winner 'ten' is not a number of VPs"),
        (3, "max_imps 'x' is not a whole number of IMPs (or blank)"),
        (4, "min_imps '-1' is not a whole number of IMPs (0 or more)"),
        (5, "a band has 4 fields (min_imps,max_imps,winner,loser), this line has 3"),
    ]


def test_scales_that_make_no_sense() -> None:
    assert problems(HEADER + "0,2,11,9\n3,,20,0\n") == [
        (2, "a margin of 0 IMPs is a draw: winner and loser get the same VPs, not 11 and 9")
    ]
    assert problems(HEADER + "0,2,10,10\n3,5,14,6\n6,,13,7\n") == [
        (4, "the winner's VPs fall from 14 to 13 as the margin grows"),
        (4, "the loser's VPs rise from 6 to 7 as the margin grows"),
    ]
    assert problems(HEADER + "0,2,10,10\n3,4,5,15\n5,,20,0\n") == [
        (3, "the winner gets fewer VPs than the loser (5 and 15)"),
        (3, "the winner's VPs fall from 10 to 5 as the margin grows"),
        (3, "the loser's VPs rise from 10 to 15 as the margin grows"),
    ]
    assert problems(HEADER + "0,4,10,10\n7,5,12,8\n8,,20,0\n")[0] == (
        3,
        "the band 7-5 ends below where it starts",
    )


def test_header_and_empty_files() -> None:
    assert problems("low,high,w,l\n0,,10,10\n") == [
        (1, "the header must be min_imps,max_imps,winner,loser, not 'low,high,w,l'")
    ]
    assert problems("# nothing\n") == [(None, "no header line (min_imps,max_imps,winner,loser)")]
    assert problems(HEADER) == [(None, "the scale has no bands")]


def test_banded_scale_checks_its_bands_without_a_file() -> None:
    from bridgescore.core.scoring.vp_bands import VpBand

    with pytest.raises(ScoringError, match="VP scale 'x': band 1: margins of 0 IMPs"):
        BandedScale("x", [VpBand(1, None, Fraction(20), Fraction(0))])


def test_load_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "club-scale.csv"
    path.write_text("\ufeff" + HEADER + "0,4,10,10\n5,,20,0\n", encoding="utf-8")
    scale = load(path)
    assert scale.name == "club-scale"
    assert scale.vp(5, 3) == (Fraction(20), Fraction(0))
    assert resolve_scale(str(path)) == scale
    with pytest.raises(FileFormatError, match=r"nothing\.csv: no such VP scale file"):
        resolve_scale(str(tmp_path / "nothing.csv"))


def test_named_scales() -> None:
    names = named_scales()
    assert list(names) == sorted(names)
    assert set(names) == {
        "wbf",
        "wbf-discrete",
        "acbl",
        "seed-7-boards",
        "seed-old-20",
        "negative-20-5",
    }
    assert all(names.values())
    assert resolve_scale("wbf") is WBF
    assert resolve_scale("wbf-discrete") is WBF_DISCRETE
    assert resolve_scale("acbl") is ACBL
    assert resolve_scale("seed-old-20") == load_named("seed-old-20")
    assert "7-board" in names["seed-7-boards"]


def test_unknown_scales() -> None:
    with pytest.raises(ScoringError, match="'wbf2' is not a VP scale: use one of acbl, "):
        resolve_scale("wbf2")
    with pytest.raises(ScoringError, match="'x' is not a shipped VP scale"):
        load_named("x")
