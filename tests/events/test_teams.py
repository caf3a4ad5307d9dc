"""``score_teams_file`` scores a teams event exactly as ``bridgescore teams`` does (its ``to_dict()``
is what the installed console script prints with ``--json``), and ``teams_event`` gives the Swiss
draw its event, round 1 from the teams file alone included."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError, NotationError, ScoringError
from bridgescore.core.scoring.vp import WBF
from bridgescore.core.teams.match import Method
from bridgescore.core.teams.standings import ByeScore
from bridgescore.core.teams.tiebreaks import WBF_TIE_BREAKS
from bridgescore.events.teams import score_teams_file, teams_conditions, teams_event, vp_scale
from tests.support.console import bridgescore_json, run_bridgescore

EVENT = "examples/teams.csv"
NAMES = "examples/teams-names.csv"


def test_the_bundled_event_is_what_the_command_prints() -> None:
    scored = score_teams_file(EVENT, teams=NAMES, vp="wbf")
    assert scored.to_dict() == bridgescore_json("teams", EVENT, "--teams", NAMES, "--vp", "wbf")
    assert scored.to_dict() == score_teams_file(EVENT, teams=NAMES).to_dict()  # wbf by default
    first = scored.standings.rows[0]
    assert (scored.event.label(first.team), first.total) == ("Ashdown", Fraction(489, 5))


@pytest.mark.parametrize(
    ("options", "keywords"),
    [
        (["--vp", "none"], {"vp": None}),
        (["--vp", "none"], {"vp": "none"}),
        (["--vp", "acbl", "--tie-break", "wbf"], {"vp": "acbl", "tie_break": "wbf"}),
        (["--vp", "seed-7-boards", "--bye-score", "average"], {"vp": "seed-7-boards", "bye_score": "average"}),
        (["--method", "bam"], {"method": "bam", "vp": None}),
        (["--method", "pab", "--tie-break", "none"], {"method": "pab", "vp": None, "tie_break": "none"}),
        (
            ["--penalty", "3=2", "--withdrawn", "2", "--carry-over", "1:1=3", "--imp-penalty", "2:4=1"],
            {
                "penalties": [("3", 2)],
                "withdrawn": ["2"],
                "carry_overs": [(1, "1", 3)],
                "imp_penalties": [(2, "4", 1)],
            },
        ),
        (["--penalty", "Dunmore=1.5"], {"penalties": [("Dunmore", Fraction(3, 2))]}),
    ],
)  # fmt: skip
def test_each_option_scores_as_the_command_does(options: list[str], keywords: object) -> None:
    assert isinstance(keywords, dict)
    expected = bridgescore_json("teams", EVENT, "--teams", NAMES, *options)
    assert score_teams_file(EVENT, teams=NAMES, **keywords).to_dict() == expected


def test_the_conditions_of_contest() -> None:
    imps = teams_conditions()
    assert (imps.scale, str(imps.bye), imps.tie_breaks[0]) == (WBF, "12", "head-to-head")
    bam = teams_conditions(method="bam", vp=None, bye_score="12-or-average", tie_break="wbf")
    assert (bam.scale, bam.bye, bam.tie_breaks) == (
        None,
        ByeScore(Fraction(12), average=True),
        WBF_TIE_BREAKS,
    )
    steps = teams_conditions(tie_break=["imp-quotient"]).tie_breaks
    assert steps == ("imp-quotient",)
    with pytest.raises(ScoringError, match="a VP scale turns IMP margins into VPs"):
        teams_conditions(method=Method.BAM)  # the WBF scale is for IMP matches
    with pytest.raises(NotationError, match="scored by imps, bam, pab or total"):
        teams_conditions(method="rubber")
    with pytest.raises(ScoringError, match="'nosuch' is not a VP scale"):
        teams_conditions(vp="nosuch")


def test_round_one_is_drawn_from_the_teams_file_alone(tmp_path: Path) -> None:
    event = teams_event(None, teams=NAMES, round_one=True)
    assert [t.label for t in event.teams][:3] == ["Ashdown", "Brampton", "Carrick"]
    assert (len(event.teams), event.matches) == (8, ())
    empty = tmp_path / "empty.csv"
    empty.write_text("board,ns,ew,contract,declarer,result,score,round,table\n")
    assert teams_event(empty, teams=NAMES, round_one=True).teams == event.teams
    with pytest.raises(FileFormatError, match="no results"):
        teams_event(empty, teams=NAMES)
    with pytest.raises(ScoringError, match=r"give the teams with --teams TEAMS\.csv"):
        teams_event(None, round_one=True)
    # the command draws round 1 from this event: first v second, third v fourth, ...
    draw = event.draw(teams_conditions())
    printed = bridgescore_json("swiss-draw", "--teams", NAMES)
    assert printed["tables"] == [
        {"table": t.number, "home": event.label(t.home), "away": event.label(t.away)}
        for t in draw.tables
    ]
    assert printed["tables"][0] == {"table": 1, "home": "Ashdown", "away": "Brampton"}


def test_director_errors_name_the_team() -> None:
    with pytest.raises(ScoringError, match="there is no team Nobody"):
        score_teams_file(EVENT, withdrawn=["Nobody"])
    with pytest.raises(ScoringError, match="team 1 has no match in round 99"):
        score_teams_file(EVENT, imp_penalties=[(99, "1", 3)])
    done = run_bridgescore("teams", EVENT, "--withdrawn", "Nobody")
    assert (done.returncode, done.stderr) == (2, "error: there is no team Nobody\n")


def test_every_scale_the_command_lists_is_a_vp_scale(tmp_path: Path) -> None:
    listed = bridgescore_json("vp", "--scales")["scales"]
    assert {"wbf", "wbf-discrete", "acbl"} <= {s["name"] for s in listed}
    for entry in listed:
        scale = vp_scale(entry["name"])
        assert scale.name == entry["name"]
        printed = bridgescore_json("vp", "10", "--boards", "7", "--vp", entry["name"])
        assert [float(v) for v in scale.vp(10, boards=7)] == [printed["winner"], printed["loser"]]
    path = tmp_path / "club.csv"
    path.write_text("# Club scale\nmin_imps,max_imps,winner,loser\n0,2,10,10\n3,,20,0\n")
    assert vp_scale(path).vp(3, boards=8) == (Fraction(20), Fraction(0))
    assert vp_scale(str(path)).name == "club"
