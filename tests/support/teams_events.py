"""The hand-worked teams events from traveller files: an 8-team round robin and a 4-round Swiss of
5 teams (a bye every round) on the seed's 7-board 20-VP scale, for the engine's and the CLI's tests.

Each match is two boards. The files hold NS scores only (the ``score`` column); on each board
table 1 has the home team NS, table 2 the away team NS, and the home team's net is table 1's
NS score minus table 2's. Nets and IMPs (Law 78B) are worked in the comments.
"""

from __future__ import annotations

from fractions import Fraction

from bridgescore.core.table.traveller import Session
from bridgescore.core.teams.event import TeamsEvent
from bridgescore.core.teams.standings import ByeScore, Conditions
from bridgescore.core.teams.tiebreaks import EBU_TIE_BREAKS, WBF_TIE_BREAKS
from bridgescore.core.teams.travellers import build_event
from bridgescore.formats.csv import travellers
from bridgescore.formats.csv.vp_scales import load_named

SEVEN = load_named("seed-7-boards")
# margin 0 10-10, 1-2 11-9, 3-4 12-8, 5-7 13-7, 8-10 14-6, 11-13 15-5, 14-16 16-4, ...
EBU = Conditions(SEVEN, ByeScore(Fraction(12)), EBU_TIE_BREAKS)
WBF = Conditions(SEVEN, ByeScore(Fraction(12)), WBF_TIE_BREAKS)

Match = tuple[int, str, str, tuple[int, int], tuple[int, int]]
"""round, home, away, then for each of the round's two boards: (table 1 NS, table 2 NS)."""


def traveller_file(matches: list[Match]) -> Session:
    """The matches as a traveller CSV (round, table, board, ns, ew, score), read back."""
    rows = ["round,table,board,ns,ew,score"]
    tables: dict[int, int] = {}
    for round_, home, away, *boards in matches:
        table = tables[round_] = tables.get(round_, -1) + 2
        for board, (first, second) in enumerate(boards, start=2 * round_ - 1):
            rows.append(f"{round_},{table},{board},{home},{away},{first}")
            rows.append(f"{round_},{table + 1},{board},{away},{home},{second}")
    return travellers.loads("\n".join(rows) + "\n", source="event.csv")


# -- an 8-team round robin ---------------------------------------------------------------------
# Boards 2r-1 and 2r in round r. The first board decides the match, the second is flat (the
# same score at both tables), except where noted.
ROUND_ROBIN: list[Match] = [
    # round 1: board 1 nobody vulnerable, board 2 NS
    (1, "1", "8", (420, -300), (110, 110)),  # 4S= v 4SX-2: net 720 = 12 IMPs, 15-5
    (1, "2", "7", (140, -50), (620, 620)),  # net 190 = 5, 13-7
    (1, "3", "6", (420, 90), (-110, -110)),  # net 330 = 8, 14-6
    (1, "4", "5", (420, 420), (-100, -100)),  # both flat: 0, 10-10
    # round 2: board 3 EW vulnerable, board 4 both
    (2, "1", "7", (420, -50), (-620, -620)),  # net 470 = 10, 14-6
    (2, "8", "6", (-110, 140), (-100, -200)),  # nets -250 (-6) and +100 (+3): 8 -3, 8-12
    (2, "2", "5", (110, -50), (620, 620)),  # net 160 = 4, 12-8
    (2, "3", "4", (-140, -140), (600, 600)),  # flat: 10-10
    # round 3: board 5 NS vulnerable, board 6 EW
    (3, "1", "6", (620, -420), (110, 110)),  # net 1040 = 14, 16-4
    (3, "7", "5", (600, 660), (-620, -620)),  # net -60 = -2, 9-11
    (3, "8", "4", (-100, 140), (-110, -110)),  # net -240 = -6, 7-13
    (3, "2", "3", (140, -100), (90, 90)),  # net 240 = 6, 13-7
    # round 4: board 7 both vulnerable, board 8 nobody
    (4, "1", "5", (200, 100), (420, 420)),  # net 100 = 3, 12-8
    (4, "6", "4", (-650, -500), (-400, -400)),  # 4S+1 v 5DX-2: net -150 = -4, 8-12
    (4, "7", "3", (-620, -300), (90, 90)),  # net -320 = -8, 6-14
    (4, "8", "2", (-620, -200), (110, 110)),  # net -420 = -9, 6-14
    # round 5: board 9 EW vulnerable, board 10 both
    (5, "1", "4", (420, 90), (-620, -620)),  # net 330 = 8, 14-6
    (5, "5", "3", (110, 170), (600, 600)),  # net -60 = -2, 9-11
    (5, "6", "2", (140, 110), (-100, -100)),  # net 30 = 1, 11-9
    (5, "7", "8", (100, -50), (650, 500)),  # nets 150 and 150: 4 + 4 = 8, 14-6
    # round 6: board 11 nobody vulnerable, board 12 NS
    (6, "1", "3", (400, 490), (140, 140)),  # net -90 = -3, 8-12
    (6, "4", "2", (-50, 140), (-420, -420)),  # net -190 = -5, 7-13
    (6, "5", "8", (140, -50), (620, 620)),  # net 190 = 5, 13-7
    (6, "6", "7", (420, 420), (-100, -100)),  # flat: 10-10
    # round 7: board 13 both vulnerable, board 14 nobody
    (7, "1", "2", (140, -100), (400, 400)),  # net 240 = 6, 13-7
    (7, "3", "8", (140, -100), (-110, -110)),  # net 240 = 6, 13-7
    (7, "4", "7", (620, 170), (420, 420)),  # net 450 = 10, 14-6
    (7, "5", "6", (100, -100), (-50, -50)),  # net 200 = 5, 13-7
]
# VPs, round by round:
#   1: 15 + 14 + 16 + 12 + 14 + 8 + 13 = 92
#   2: 13 + 12 + 13 + 14 + 9 + 13 + 7  = 81
#   3: 14 + 10 + 7 + 14 + 11 + 12 + 13 = 81   2 and 3 level: 2 won their match 13-7
#   4: 10 + 10 + 13 + 12 + 6 + 7 + 14  = 72
#   5: 10 + 8 + 11 + 8 + 9 + 13 + 13   = 72   4 and 5 drew 10-10 with no IMP either way; no
#                                             tie-break points in an all-play-all; IMPs over
#                                             all boards: 4 won 6+4+10 = 20, lost 8+5 = 13,
#                                             +7; 5 won 2+5+5 = 12, lost 4+3+2 = 9, +3
#   6: 6 + 12 + 4 + 8 + 11 + 10 + 7    = 58
#   7: 7 + 6 + 9 + 6 + 14 + 10 + 6     = 58   6 and 7 drew 10-10, 0 IMPs. 6 won 6+1 = 7,
#                                             lost 8+3+14+4+5 = 34 (-27); 7 won 4+4 = 8, lost
#                                             5+10+2+8+10 = 35 (-27). Point-a-board (2 a board
#                                             won, 1 halved): 6 1+2+1+1+3+2+1 = 11, 7
#                                             1+1+1+1+4+2+1 = 11. The tie stands: 6= (EBU).
#                                             IMP quotient (WBF): 7/34 < 8/35, 7 above 6.
#   8: 5 + 8 + 7 + 6 + 6 + 7 + 7       = 46
#   28 matches x 20 VPs = 560 = 92 + 81 + 81 + 72 + 72 + 58 + 58 + 46


ROUND_ROBIN_RANKING = [
    ("1", "1", Fraction(92)),
    ("2", "2", Fraction(81)),
    ("3", "3", Fraction(81)),
    ("4", "4", Fraction(72)),
    ("5", "5", Fraction(72)),
    ("6=", "6", Fraction(58)),
    ("6=", "7", Fraction(58)),
    ("8", "8", Fraction(46)),
]
"""Rank, team and VPs with the EBU tie-breaks."""


def round_robin() -> TeamsEvent:
    return build_event(traveller_file(ROUND_ROBIN))


# -- a 4-round Swiss of five teams ---------------------------------------------------------------
# 12 VPs for a bye. Each round was drawn by the Swiss draw from the standings before it; the
# test checks that the draw proposes exactly the matches in the file.
SWISS: list[Match] = [
    # round 1, all level: seeding order 1 v 2, 3 v 4, bye to 5
    (1, "1", "2", (420, 140), (110, 110)),  # net 280 = 7, 13-7
    (1, "3", "4", (-50, 90), (-140, -140)),  # net -140 = -4, 8-12
    # after round 1: 1 13, 4 12, 5 12 (5 has no opponent for tie-break points: 4 above 5 on
    # IMPs, +4 against 0), 3 8, 2 7
    # round 2: bye to 2 (the lowest without one); 1 v 4, 5 v 3
    (2, "1", "4", (140, 110), (620, 620)),  # net 30 = 1, 11-9
    (2, "5", "3", (-110, 300), (-620, -620)),  # 2H= v 4H-3: net -410 = -9, 6-14
    # after round 2: 1 24, 3 22, 4 21, 2 19, 5 18
    # round 3: 2 and 5 have had a bye: bye to 4; 1 v 3, 2 v 5
    (3, "1", "3", (-100, 100), (140, 140)),  # net -200 = -5, 7-13
    (3, "2", "5", (660, 600), (-110, -110)),  # net 60 = 2, 11-9
    # after round 3: 3 35, 4 33, 1 31, 2 30, 5 27
    # round 4: only 1 and 3 have had no bye: bye to 1; 3 and 4 have met: 3 v 2, 4 v 5
    (4, "3", "2", (100, 200), (400, 400)),  # net -100 = -3, 8-12
    (4, "4", "5", (600, 660), (-90, -90)),  # net -60 = -2, 9-11
]
# Final: 1 13+11+7+12 = 43, 2 7+12+11+12 = 42, 3 8+14+13+8 = 43, 4 12+9+12+9 = 42,
#   5 12+6+9+11 = 38 (8 matches x 20 + 4 byes x 12 = 208).
# 1 and 3 are level: 3 won their match 13-7 -> 3 first.
# 2 and 4 are level and have not met. Tie-break points: 2 met 1, 5, 3: 43+38+43 = 124; 4 met
#   3, 1, 5: 124 too (three matches each). IMPs over all boards: 2 won 2+3 = 5, lost 7: -2; 4 won 4, lost 1+2 = 3:
#   +1 -> 4 above 2 (EBU). IMP quotient (WBF): 4/3 against 5/7, the same order.


SWISS_RANKING = [
    ("1", "3", Fraction(43)),
    ("2", "1", Fraction(43)),
    ("3", "4", Fraction(42)),
    ("4", "2", Fraction(42)),
    ("5", "5", Fraction(38)),
]
