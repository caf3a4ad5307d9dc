"""Building teams matches from IMPs for tests: each board gets a real net that earns those IMPs."""

from __future__ import annotations

from bridgescore.core.scoring.imps import IMP_BAND_LOWER_BOUNDS
from bridgescore.core.teams.match import Method, TeamsBoard, TeamsMatch


def net_for(imps: int) -> int:
    """The smallest net (home's view) earning ``imps`` IMPs: 10 -> 430, -4 -> -130, 0 -> 0."""
    if imps == 0:
        return 0
    net = IMP_BAND_LOWER_BOUNDS[abs(imps) - 1]
    return net if imps > 0 else -net


def imp_match(
    round_: int | None, home: str, away: str, *board_imps: int, method: Method = Method.IMPS
) -> TeamsMatch:
    """A match whose boards earn these IMPs for the home team (table 1 NS scores the net)."""
    boards = tuple(TeamsBoard(n, net_for(i), 0) for n, i in enumerate(board_imps, start=1))
    return TeamsMatch(home, away, boards, method, round_)


def margin_match(round_: int | None, home: str, away: str, margin: int) -> TeamsMatch:
    """A two-board match won by ``margin`` IMPs (home's view): one board earns the margin and
    the other is flat; past 24 IMPs both boards are won (24, then the rest)."""
    size = abs(margin)
    sign = 1 if margin >= 0 else -1
    first, second = (size, 0) if size <= 24 else (24, size - 24)
    return imp_match(round_, home, away, sign * first, sign * second)
