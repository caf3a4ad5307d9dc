"""Rubber bridge sheets worked by hand from the Laws of Rubber Bridge (reference §1.2).

Each test writes out the arithmetic in its comments: trick points below the line, everything else
above; a side is vulnerable once it has won a game; 700 for a 2-0 rubber, 500 for 2-1.
"""

from __future__ import annotations

import pytest

from bridgescore import ScoringError, Side, Vulnerability
from bridgescore.core.rubber.rubber import Rubber, RubberSheet, score_rubber
from bridgescore.core.rubber.sheet import PlayedDeal, Reason


def play(*lines: str, partscore_bonus: int = 100) -> RubberSheet:
    return score_rubber([PlayedDeal.parse(line) for line in lines], partscore_bonus=partscore_bonus)


def written(rubber: Rubber, side: Side, *, below: bool) -> list[tuple[int | None, int, str]]:
    """(deal, points, reason) of one side's entries above or below the line, in order."""
    return [
        (e.deal, e.points, str(e.reason))
        for e in rubber.entries
        if e.side is side and e.below is below
    ]


def test_two_nil_rubber() -> None:
    sheet = play(
        "2H S 8",  # 1: NS 2H=: 60 below. Nobody vulnerable.
        "3C E 10",  # 2: EW 3C+1: 60 below, 20 above.
        "2S N 9",  # 3: NS 2S+1: 60 below (60+60 = 120: game for NS), 30 above.
        "4S W 9",  # 4: EW 4S-1, EW not vulnerable: 50 to NS.
        "4H N 11",  # 5: NS (vulnerable) 4H+1: 120 below, game and rubber; 30 above; 700 (EW no game)
    )
    (rubber,) = sheet.rubbers
    assert rubber.winner is Side.NS
    assert [g.winner for g in rubber.games] == [Side.NS, Side.NS]
    assert [(e.deal, e.side, e.points) for e in rubber.games[0].entries] == [
        (1, Side.NS, 60),
        (2, Side.EW, 60),
        (3, Side.NS, 60),
    ]
    assert written(rubber, Side.NS, below=False) == [
        (3, 30, "overtricks"),
        (4, 50, "undertricks"),
        (5, 30, "overtricks"),
        (5, 700, "rubber bonus"),
    ]
    assert written(rubber, Side.EW, below=False) == [(2, 20, "overtricks")]
    assert [d.vulnerability for d in rubber.deals] == [Vulnerability.NONE] * 3 + [
        Vulnerability.NS
    ] * 2
    # NS 60 + 60 + 30 + 50 + 120 + 30 + 700 = 1050; EW 60 + 20 = 80
    assert rubber.totals.as_dict() == {"NS": 1050, "EW": 80}
    assert rubber.bonus.as_dict() == {"NS": 700, "EW": 0}
    assert sheet.difference == 970


def test_two_one_rubber_with_doubled_and_redoubled_contracts() -> None:
    sheet = play(
        "1NTXX N 7",  # 1: 1NTXX= NV: 160 below (game NS), 100 for making it redoubled
        "3DX E 10",  # 2: 3DX+1 NV: 120 below (game EW), 100 doubled overtrick NV, 50 insult
        "2S N 8",  # 3: both vulnerable now. NS 60 below
        "3HX W 7",  # 4: EW vul, doubled, two down: 200 + 300 = 500 to NS
        "2NT E 9",  # 5: EW 70 below, 30 above; NS keep their 60
        "1C S 7",  # 6: NS 20 below: 80, still short of game
        "2H W 8",  # 7: EW 60 below: 130, game and rubber 2-1: 500
    )
    (rubber,) = sheet.rubbers
    assert rubber.winner is Side.EW
    assert [g.winner for g in rubber.games] == [Side.NS, Side.EW, Side.EW]
    assert rubber.games[2].totals.as_dict() == {"NS": 80, "EW": 130}
    assert written(rubber, Side.NS, below=False) == [(1, 100, "insult"), (4, 500, "undertricks")]
    assert written(rubber, Side.EW, below=False) == [
        (2, 100, "overtricks"),
        (2, 50, "insult"),
        (5, 30, "overtricks"),
        (7, 500, "rubber bonus"),
    ]
    # NS 160 + 100 + 60 + 500 + 20 = 840; EW 120 + 100 + 50 + 70 + 30 + 60 + 500 = 930
    assert rubber.totals.as_dict() == {"NS": 840, "EW": 930}
    assert rubber.bonus.as_dict() == {"NS": 0, "EW": 500}


def test_honours_go_to_the_side_holding_them_and_ignore_doubling() -> None:
    sheet = play(
        "4S E 10 honours=NS:100",  # 1: EW 120 below (game); defender North held 4 trump honours
        "3NT N 9 honours=EW:150",  # 2: NS 100 below (game); a defender held the four aces
        "4HX W 9 honours=EW:150",  # 3: EW vul 4HX-1: 200 to NS; declarer's 5 honours still count
        "5DX N 11 honours=NS:100",  # 4: 200 below, game and rubber (500); insult 50; honours 100
    )
    (rubber,) = sheet.rubbers
    assert written(rubber, Side.NS, below=False) == [
        (1, 100, "honours"),
        (3, 200, "undertricks"),
        (4, 50, "insult"),
        (4, 100, "honours"),
        (4, 500, "rubber bonus"),
    ]
    assert written(rubber, Side.EW, below=False) == [(2, 150, "honours"), (3, 150, "honours")]
    # NS 100 + 100 + 200 + 200 + 50 + 100 + 500 = 1250; EW 120 + 150 + 150 = 420
    assert rubber.totals.as_dict() == {"NS": 1250, "EW": 420}


def test_grand_slam_ends_a_rubber() -> None:
    sheet = play(
        "3NT S 9",  # 1: NS 100 below: game; NS vulnerable
        "1S E 8",  # 2: EW 30 below, 30 above
        "7NT N 13",  # 3: NS 220 below: game and rubber 2-0 (700); grand slam vulnerable 1500
    )
    (rubber,) = sheet.rubbers
    assert written(rubber, Side.NS, below=False) == [(3, 1500, "slam"), (3, 700, "rubber bonus")]
    # NS 100 + 220 + 1500 + 700 = 2520; EW 30 + 30 = 60
    assert rubber.totals.as_dict() == {"NS": 2520, "EW": 60}


def test_doubled_small_slam_with_overtrick_ends_a_three_game_rubber() -> None:
    sheet = play(
        "4H N 10",  # 1: NS 120: game
        "5C W 11",  # 2: EW 100: game; both vulnerable
        "6SX S 13",  # 3: 360 below (game, rubber 2-1: 500), overtrick X vul 200, insult 50, slam 750
    )
    (rubber,) = sheet.rubbers
    assert written(rubber, Side.NS, below=False) == [
        (3, 200, "overtricks"),
        (3, 50, "insult"),
        (3, 750, "slam"),
        (3, 500, "rubber bonus"),
    ]
    # NS 120 + 360 + 200 + 50 + 750 + 500 = 1980; EW 100
    assert rubber.totals.as_dict() == {"NS": 1980, "EW": 100}


@pytest.mark.parametrize(("bonus", "ns", "ew"), [(100, 560, 140), (50, 510, 90)])
def test_unfinished_rubber_game_and_partscores(bonus: int, ns: int, ew: int) -> None:
    sheet = play(
        "4H N 10",  # 1: NS 120: game; NS vulnerable
        "2C E 8",  # 2: EW 40 below
        "1NT S 7",  # 3: NS 40 below. Play stops.
        partscore_bonus=bonus,
    )
    (rubber,) = sheet.rubbers
    assert rubber.winner is None and not rubber.finished
    assert [g.winner for g in rubber.games] == [Side.NS, None]
    # NS: 300 for the only completed game, `bonus` for the partscore; EW: `bonus` for theirs
    assert written(rubber, Side.NS, below=False) == [
        (None, 300, "unfinished rubber: game"),
        (None, bonus, "unfinished rubber: partscore"),
    ]
    assert written(rubber, Side.EW, below=False) == [(None, bonus, "unfinished rubber: partscore")]
    # NS 120 + 40 + 300 + bonus; EW 40 + bonus
    assert rubber.totals.as_dict() == {"NS": ns, "EW": ew}
    assert rubber.bonus.as_dict() == {"NS": 300 + bonus, "EW": bonus}


def test_unfinished_rubber_at_one_game_all_gets_no_game_bonus() -> None:
    sheet = play("4H N 10", "4S E 10", "2D W 8")
    (rubber,) = sheet.rubbers
    # two completed games, one each: no 300; EW's 40 partscore in the third game: 100
    assert rubber.bonus.as_dict() == {"NS": 0, "EW": 100}
    assert rubber.totals.as_dict() == {"NS": 120, "EW": 120 + 40 + 100}


def test_rubber_that_ends_exactly_when_play_stops_is_not_unfinished() -> None:
    sheet = play("4H N 10", "4S N 10")
    assert [r.finished for r in sheet.rubbers] == [True]
    assert sheet.totals.as_dict() == {"NS": 120 + 120 + 700, "EW": 0}


def test_several_rubbers_reset_vulnerability_and_run_totals() -> None:
    sheet = play(
        "4H N 10",  # rubber 1: NS game
        "3NT S 9",  # NS game, rubber 700. NS: 120 + 100 + 700 = 920
        "4S N 9",  # rubber 2: nobody vulnerable again, so one down is 50 (not 100) to EW
        "5D E 11",  # EW 100: game
        "2S W 8",  # EW 60 below; play stops: EW 300 + 100; NS nothing
    )
    first, second = sheet.rubbers
    assert first.totals.as_dict() == {"NS": 920, "EW": 0}
    assert [d.vulnerability for d in second.deals] == [
        Vulnerability.NONE,
        Vulnerability.NONE,
        Vulnerability.EW,
    ]
    assert written(second, Side.EW, below=False) == [
        (3, 50, "undertricks"),
        (None, 300, "unfinished rubber: game"),
        (None, 100, "unfinished rubber: partscore"),
    ]
    # rubber 2: EW 50 + 100 + 60 + 300 + 100 = 610
    assert [t.as_dict() for t in sheet.running_totals] == [
        {"NS": 920, "EW": 0},
        {"NS": 920, "EW": 610},
    ]
    assert sheet.totals.as_dict() == {"NS": 920, "EW": 610}
    assert sheet.difference == 310


def test_partscore_is_wiped_when_the_other_side_makes_game() -> None:
    sheet = play("2S N 8", "4H E 10", "2S N 8")
    (rubber,) = sheet.rubbers
    # NS's first 60 stays in game 1 (won by EW); the second 60 starts again in game 2: no game
    assert [g.winner for g in rubber.games] == [Side.EW, None]
    assert rubber.games[1].totals.as_dict() == {"NS": 60, "EW": 0}


def test_redoubled_undertricks_not_vulnerable() -> None:
    sheet = play("4SXX N 7")
    # 3 down redoubled NV: 2 x (100 + 200 + 200) = 1000 to EW; nobody has a partscore
    assert sheet.rubbers[0].totals.as_dict() == {"NS": 0, "EW": 1000}


def test_passed_out_deal_scores_nothing_but_keeps_its_number() -> None:
    sheet = play("pass", "4S N 10", "PASS", "2H E 8")
    rubber = sheet.rubbers[0]
    assert [d.number for d in rubber.deals] == [1, 2, 3, 4]
    assert rubber.deals[0].entries == () and rubber.deals[2].entries == ()
    assert [e.deal for e in rubber.below] == [2, 4]


def test_only_passes_make_an_empty_unfinished_rubber() -> None:
    sheet = play("pass")
    assert sheet.rubbers[0].totals.as_dict() == {"NS": 0, "EW": 0}
    assert sheet.rubbers[0].winner is None


def test_partscore_bonus_must_be_100_or_50() -> None:
    with pytest.raises(ScoringError, match="100 or 50"):
        play("4S N 10", partscore_bonus=75)


def test_rubber_bonus_reason_is_written_by_the_deal_that_ends_it() -> None:
    sheet = play("3NT N 9", "3NT N 9")
    bonus = [e for e in sheet.entries if e.reason is Reason.RUBBER_BONUS]
    assert [(e.deal, e.side, e.points) for e in bonus] == [(2, Side.NS, 700)]
    assert sheet.rubbers[0].deals[1].totals.ns == 100 + 700
