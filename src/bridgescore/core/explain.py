"""How one pair's score on one board was reached, step by step, for the director or the player.

>>> from bridgescore.core.pairs import score_session
>>> from bridgescore.core.traveller import Session, TravellerLine
>>> lines = [TravellerLine(1, str(n), str(n + 10), ns_score=s) for n, s in enumerate([620, 620, 170, -100], 1)]
>>> event = score_session(Session(tuple(lines)))
>>> print(explain(event, 1, "3").text)
Board 1: pair 3 NS sat NS; NS score +170.
Compared with the 3 other results: 1 beaten, 0 tied, 2 lost (-100 beaten; 620, 620 lost).
Matchpoints: 2 x 1 beaten + 0 tied = 2 of 6 (33.33%).
Result: NS 2 (EW 4).
"""

from __future__ import annotations

__all__ = ["Explanation", "explain"]

from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.crossimps import CrossNorm
from bridgescore.core.errors import ScoringError
from bridgescore.core.imps import imps
from bridgescore.core.pairs import PairsEvent, ScoredBoard, ScoredLine
from bridgescore.core.pairs_rules import PairsMethod, PairsRules
from bridgescore.core.seats import Side


def _num(value: Fraction | int) -> str:
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


@dataclass(frozen=True, slots=True)
class Explanation:
    """The steps, one sentence each."""

    board: int
    pair: str
    steps: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.steps)


def explain(event: PairsEvent, board: int, pair: str) -> Explanation:
    """Explain the score of ``pair`` (as the user writes it: ``3``, ``3NS``) on ``board``."""
    pair_id = event.find_pair(pair)
    scored = next(
        (b for b in event.boards if b.board == board and b.section == pair_id.section), None
    )
    if scored is None:
        raise ScoringError(f"board {board} was not played")
    found = scored.line_of(pair_id)
    if found is None:
        raise ScoringError(f"pair {pair_id.full} did not play board {board}")
    line, side = found
    steps = [_header(line, side)]
    average = line.ns_average if side is Side.NS else line.ew_average
    if average is not None:
        steps.extend(_artificial(event.rules, scored, average))
    else:
        steps.extend(_method_steps(event.rules, scored, line, side))
    steps.append(f"Result: NS {_num(line.ns_points)} (EW {_num(line.ew_points)}).")
    return Explanation(board, pair_id.full, tuple(steps))


def _header(line: ScoredLine, side: Side) -> str:
    pair = line.pair(side)
    table = line.line
    if table.artificial_score is not None:
        what = f"artificial adjusted score {table.artificial_score}"
    elif table.weighted_score is not None:
        what = f"weighted score {table.weighted_score}"
    elif table.result is not None:
        what = f"{table.result}, NS score {table.ns_score:+d}"
    else:
        what = f"NS score {table.ns_score:+d}"
    return f"Board {table.board}: pair {pair.full} sat {side}; {what}."


def _artificial(rules: PairsRules, board: ScoredBoard, average: Fraction) -> list[str]:
    if rules.method is PairsMethod.MP:
        rule = (
            "flat 60/50/40 %"
            if rules.fixed_averages
            else "Law 12C2: Ave+ 60 % or the pair's percentage on its other boards if higher, "
            "Ave- 40 % or that percentage if lower"
        )
        return [
            f"Artificial score ({rule}): {_num(average)} % of the top {_num(board.top or 0)}.",
            "The board's real results are compared without it and Neuberg-factored.",
        ]
    return [f"Artificial score at IMPs: {_num(average)} IMPs."]


def _others(board: ScoredBoard, line: ScoredLine) -> list[int]:
    return [
        other.line.ns_score
        for other in board.lines
        if other is not line and other.line.ns_score is not None
    ]


def _method_steps(rules: PairsRules, board: ScoredBoard, line: ScoredLine, side: Side) -> list[str]:
    own = line.line.ns_score
    if own is None:  # a weighted score: the components are compared one by one
        return [
            "Each component of the weighted score is compared with the other results; "
            "the weights combine the outcomes."
        ]
    sign = 1 if side is Side.NS else -1
    others = _others(board, line)
    if rules.method is PairsMethod.MP:
        return _mp_steps(rules, board, own * sign, [o * sign for o in others])
    if rules.method is PairsMethod.CROSSIMPS:
        gains = [imps(sign * (own - o)) for o in others]
        detail = ", ".join(f"{sign * o:+d}: {g:+d}" for o, g in zip(others, gains, strict=True))
        total = sum(gains)
        steps = [f"IMPs against each other result ({detail}); total {total:+d}."]
        n = board.actual
        if rules.cross is CrossNorm.AVERAGE and n > 1:
            steps.append(f"Per comparison: {total:+d} / {n - 1} = {_num(Fraction(total, n - 1))}.")
        elif rules.cross is CrossNorm.PER_SCORE:
            steps.append(f"Per score: {total:+d} / {n} = {_num(Fraction(total, n))}.")
        elif n != board.expected and n > 1:
            steps.append(
                f"Factored to {board.expected - 1} comparisons: x {board.expected - 1}/{n - 1}."
            )
        return steps
    if rules.method is PairsMethod.BUTLER:
        dropped = ", ".join(f"{s:+d}" for s in board.dropped) or "none"
        difference = own - (board.datum or 0)
        return [
            f"Datum {board.datum:+d}: the mean of the NS scores without the highest and lowest "
            f"(dropped: {dropped}), rounded to 10.",
            f"Difference {own:+d} - {board.datum:+d} = {difference:+d}: {imps(difference):+d} IMPs for NS.",
        ]
    return [f"Total points: NS {own:+d}."]


def _mp_steps(rules: PairsRules, board: ScoredBoard, own: int, others: list[int]) -> list[str]:
    beaten = sorted((o for o in others if o < own), reverse=True)
    tied = [o for o in others if o == own]
    lost = sorted((o for o in others if o > own), reverse=True)
    listing = "; ".join(
        f"{', '.join(map(str, group))} {word}"
        for group, word in ((beaten, "beaten"), (tied, "tied"), (lost, "lost"))
        if group
    )
    units = 2 * len(beaten) + len(tied)
    top = 2 * (len(others))
    steps = [
        f"Compared with the {len(others)} other results: {len(beaten)} beaten, {len(tied)} tied, "
        f"{len(lost)} lost ({listing}).",
    ]
    percent = f" ({float(Fraction(units, top) * 100):.2f}%)" if top else ""
    steps.append(
        f"Matchpoints: 2 x {len(beaten)} beaten + {len(tied)} tied = {units} of {top}{percent}."
    )
    if board.actual != board.expected:
        e, a = board.expected, board.actual
        steps.append(
            f"Neuberg: {a} results where {e} were expected: ({units} + 1) x {e}/{a} - 1 = "
            f"{_num((units + 1) * Fraction(e, a) - 1)} of {2 * (e - 1)}."
        )
    if rules.scale.value == "1/0.5":
        steps.append("On the 1/0.5 scale: half of that.")
    return steps
