"""Chicago sequences worked by hand from the ACBL rules (reference §1.3) and the worked
example of reference §9.7."""

from __future__ import annotations

import pytest

from bridgescore import Seat, Side, Vulnerability
from bridgescore.core.rubber.chicago import ChicagoRules, ChicagoSheet, score_chicago
from bridgescore.core.rubber.sheet import PlayedDeal


def play(*lines: str, rules: ChicagoRules | None = None) -> ChicagoSheet:
    return score_chicago([PlayedDeal.parse(line) for line in lines], rules or ChicagoRules())


def per_deal(sheet: ChicagoSheet) -> list[tuple[int, int]]:
    return [(d.totals.ns, d.totals.ew) for d in sheet.deals]


def test_reference_worked_example_9_7() -> None:
    sheet = play(
        "2H N 8",  # deal 1, nobody vul: NS 2H= 60, no premium (carried 60)
        "2S S 8",  # deal 2, dealer E, EW vul: NS 2S= 60 completes game (120), NS not vul: 360
        "3NT E 8",  # deal 3, dealer S, NS vul: EW not vul, one down: 50 to NS
        "2C E 9",  # deal 4, both vul: EW 2C+1 completes no game: 40 + 20 + 100 = 160
    )
    assert per_deal(sheet) == [(60, 0), (360, 0), (50, 0), (0, 160)]
    assert [str(d.vulnerability) for d in sheet.deals] == ["None", "EW", "NS", "Both"]
    assert [str(d.dealer) for d in sheet.deals] == ["N", "E", "S", "W"]
    assert sheet.totals.as_dict() == {"NS": 470, "EW": 160}
    assert sheet.complete


def test_non_dealer_vulnerable_option() -> None:
    sheet = play(
        "2H N 8", "2S S 8", "3NT E 8", "2C E 9", rules=ChicagoRules(dealer_vulnerable=False)
    )
    # deal 2 (dealer E) now has NS vulnerable: the game NS complete there is worth 500
    # deal 3 (dealer S) has EW vulnerable: one down is 100
    assert [str(d.vulnerability) for d in sheet.deals] == ["None", "NS", "EW", "Both"]
    assert per_deal(sheet) == [(60, 0), (560, 0), (100, 0), (0, 160)]


def test_game_premium_follows_the_vulnerability_of_the_side_completing_it() -> None:
    # EW 60 on deal 1; EW complete game on deal 2 (dealer E: EW vulnerable): 60 + 500
    assert per_deal(play("2S E 8", "2H W 8")) == [(0, 60), (0, 560)]
    # the same partscores completed on deal 3 (dealer S: NS vulnerable, EW not): 60 + 300
    assert per_deal(play("2S E 8", "3NT N 8", "2H W 8")) == [(0, 60), (0, 50), (0, 360)]


def test_a_game_wipes_both_sides_partscores() -> None:
    sheet = play(
        "2S N 8",  # deal 1: NS 60 carried
        "4H E 10",  # deal 2: EW (vul) game: 120 + 500; NS's 60 no longer counts
        "2D S 8",  # deal 3: NS 40: only 40 carried, no game
        "1NT W 7",  # deal 4: EW 40, a partscore on deal 4 completing no game: +100
    )
    assert per_deal(sheet) == [(60, 0), (0, 620), (40, 0), (0, 140)]
    assert [d.carried.as_dict() for d in sheet.deals[:3]] == [
        {"NS": 60, "EW": 0},
        {"NS": 0, "EW": 0},
        {"NS": 40, "EW": 0},
    ]


def test_fourth_deal_partscore_bonus_whoever_has_a_partscore() -> None:
    # NS carry 60; EW make a partscore on deal 4 that completes no game: 100 regardless
    assert per_deal(play("2S N 8", "3NT E 8", "3NT E 8", "1C W 7"))[3] == (0, 120)
    # a deal-4 partscore that completes a game gets the game premium (both vul: 500), not 100
    assert per_deal(play("2S N 8", "3NT E 8", "3NT E 8", "2H S 8"))[3] == (560, 0)


def test_no_partscore_premium_on_deals_one_to_three() -> None:
    assert per_deal(play("1C N 7", "1D E 7", "1H S 7")) == [(20, 0), (0, 20), (30, 0)]


def test_partscores_do_not_carry_into_the_next_chukker() -> None:
    sheet = play("3NT E 8", "3NT E 8", "3NT E 8", "2S N 8", "2S N 8")
    # deal 4: NS 60 + 100; deal 5 is deal 1 of chukker 2: 60 again, no game
    assert per_deal(sheet)[3:] == [(160, 0), (60, 0)]
    assert [c.number for c in sheet.chukkers] == [1, 2]
    assert not sheet.complete and sheet.chukkers[1].played == 1


def test_passed_out_deal_is_redealt_by_the_same_dealer_at_the_same_vulnerability() -> None:
    sheet = play("2H N 8", "pass", "pass", "2S S 8", "3NT E 8", "2C E 9")
    assert [(d.position, str(d.dealer), str(d.vulnerability)) for d in sheet.deals] == [
        (1, "N", "None"),
        (2, "E", "EW"),
        (2, "E", "EW"),
        (2, "E", "EW"),
        (3, "S", "NS"),
        (4, "W", "Both"),
    ]
    assert [d.redealt for d in sheet.deals] == [False, True, True, False, False, False]
    # the same figures as the worked example: passed-out deals change nothing
    assert sheet.totals.as_dict() == {"NS": 470, "EW": 160}
    assert sheet.complete and len(sheet.chukkers) == 1


def test_honours_only_when_asked() -> None:
    lines = ("4S N 10 honours=EW:100", "3NT E 9 honours=NS:150")
    plain = play(*lines)
    assert per_deal(plain) == [(420, 0), (0, 600)]
    assert plain.ignored_honours == (1, 2)
    counted = play(*lines, rules=ChicagoRules(honours=True))
    # defenders' honours count for them: EW 100 on deal 1, NS 150 (four aces) on deal 2
    assert per_deal(counted) == [(420, 100), (150, 600)]
    assert counted.ignored_honours == ()


def test_slams_doubles_and_penalties_as_at_duplicate() -> None:
    sheet = play("3NT E 8", "3NT E 8", "3NT E 8", "6SX N 13")
    # deal 4 both vul: 6SX+1 = 360 + 200 + 50 + 750 slam + 500 game = 1860 (as Law 77)
    assert per_deal(sheet)[3] == (1860, 0)
    sheet = play("4HXX S 5")  # deal 1 NV: 5 down redoubled: 2 x (100 + 200 + 200 + 300 + 300)
    assert per_deal(sheet) == [(0, 2200)]


def test_duplicate_style_scores_each_deal_as_duplicate_boards_one_to_four() -> None:
    lines = ("2H N 8", "2S S 8", "pass", "3NT E 8", "2C E 9", "1NT W 8")
    sheet = play(*lines, rules=ChicagoRules(duplicate_style=True))
    # board 1 none: 110; board 2 NS vul: 110 (no carry); board 3 EW vul: 100 to NS;
    # board 4 both: EW 2C+1 = 40 + 20 + 50 = 110; next chukker board 1: EW 1NT+1 = 120
    assert per_deal(sheet) == [(110, 0), (110, 0), (0, 0), (100, 0), (0, 110), (0, 120)]
    # boards 1-4 as at duplicate: dealer N E S W; vulnerable none, NS, EW, both (the passed-out
    # deal is redealt as board 3)
    assert [(d.position, str(d.dealer), str(d.vulnerability)) for d in sheet.deals] == [
        (1, "N", "None"),
        (2, "E", "NS"),
        (3, "S", "EW"),
        (3, "S", "EW"),
        (4, "W", "Both"),
        (1, "N", "None"),
    ]


def test_duplicate_style_with_honours() -> None:
    sheet = play("4S N 10 honours=NS:150", rules=ChicagoRules(duplicate_style=True, honours=True))
    assert per_deal(sheet) == [(420 + 150, 0)]


@pytest.mark.parametrize(
    ("first", "dealers", "vuls"),
    [
        (Seat.NORTH, "NESW", ["None", "EW", "NS", "Both"]),
        (Seat.EAST, "ESWN", ["None", "NS", "EW", "Both"]),
        (Seat.WEST, "WNES", ["None", "NS", "EW", "Both"]),
    ],
)
def test_first_dealer(first: Seat, dealers: str, vuls: list[str]) -> None:
    sheet = play(
        "pass", "1C N 7", "1C N 7", "1C N 7", "1C N 7", rules=ChicagoRules(first_dealer=first)
    )
    assert "".join(str(d.dealer) for d in sheet.deals[1:]) == dealers
    assert [str(d.vulnerability) for d in sheet.deals[1:]] == vuls
    assert sheet.deals[0].dealer is first


def test_rules_vulnerability_helpers() -> None:
    rules = ChicagoRules()
    assert rules.vulnerability(2).is_vulnerable(Side.EW)  # dealer East's side
    assert ChicagoRules(duplicate_style=True).vulnerability(2) is Vulnerability.NS
