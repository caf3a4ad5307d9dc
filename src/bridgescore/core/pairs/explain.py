"""How one pair's score on one board was reached, step by step, for the director or the player.

The figures are the engine's own (each line's :class:`~bridgescore.core.pairs.scored.Working`,
the board's datum, A and E); what is written here is the presentation: which scores were
beaten, tied or lost, and each comparison by the engine's own rules.

>>> from bridgescore.core.pairs.score import score_session
>>> from bridgescore.core.table.traveller import Session, TravellerLine
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

from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.conventions import ShortBoards, WeightedScores
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.scored import ScoredBoard, ScoredLine
from bridgescore.core.scoring.butler import Datum
from bridgescore.core.scoring.crossimps import CrossNorm, imps_against
from bridgescore.core.scoring.imps import imps
from bridgescore.core.scoring.matchpoints import Scale, matchpoints_against
from bridgescore.core.table.seats import Side


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
        (b for b in event.boards if b.board == board and b.section in (pair_id.section, None)),
        None,
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
        steps.extend(_rounded(event.rules, line))
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


_WITHOUT = {
    ShortBoards.NEUBERG: "and Neuberg-factored",
    ShortBoards.ADD_MISSING: "and it counts as a missing result",
    ShortBoards.UNFACTORED: "out of their own top",
    ShortBoards.SUM_OF_TOPS: "out of their own top",
}


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
            f"The board's real results are compared without it {_WITHOUT[rules.short_boards]}.",
        ]
    return [f"Artificial score at IMPs: {_num(average)} IMPs."]


def _rounded(rules: PairsRules, line: ScoredLine) -> list[str]:
    """The rounding of the board's points, where the rules round them and it changed them."""
    assert line.working is not None
    exact = line.working.factored
    if rules.method is PairsMethod.MP:
        exact = (rules.scale.points(exact[0]), rules.scale.points(exact[1]))
    if rules.board_precision is None or exact == (line.ns_points, line.ew_points):
        return []
    places = rules.board_precision
    return [
        f"Rounded to {places} decimal{'s' if places != 1 else ''}: NS {float(exact[0]):.4f} "
        f"-> {_num(line.ns_points)}, EW {float(exact[1]):.4f} -> {_num(line.ew_points)}."
    ]


Spread = tuple[tuple[Fraction, int], ...]
"""A result as weighted NS scores from the pair's side: ``((1, 420),)`` for a table result."""


def _spread(line: ScoredLine, sign: int) -> Spread | None:
    table = line.line
    if table.weighted_score is not None:
        return tuple((c.weight, sign * c.ns_score) for c in table.weighted_score.components)
    if table.ns_score is None:
        return None
    return ((Fraction(1), sign * table.ns_score),)


def _shown(spread: Spread) -> str:
    if len(spread) == 1:
        return f"{spread[0][1]:+d}"
    return " ".join(f"{_num(w * 100)}% {v:+d}" for w, v in spread)


def _others(board: ScoredBoard, line: ScoredLine, sign: int) -> list[Spread]:
    found = (_spread(other, sign) for other in board.lines if other is not line)
    return [spread for spread in found if spread is not None]


def _method_steps(rules: PairsRules, board: ScoredBoard, line: ScoredLine, side: Side) -> list[str]:
    sign = 1 if side is Side.NS else -1
    own = _spread(line, sign)
    assert own is not None and line.working is not None
    compared, factored = line.working.of(side)
    others = _others(board, line, sign)
    if rules.weighted is WeightedScores.APART:  # compared with the table results only
        others = [other for other in others if len(other) == 1]
    among = line.working.among or board.actual
    steps = []
    if len(own) > 1:
        steps.append(
            f"A weighted score: each part ({_shown(own)}) is scored against the other results "
            "and the weights combine them."
        )
    if rules.method is PairsMethod.MP:
        return steps + _mp_steps(rules, (board, among), own, others, (compared, factored))
    if rules.method is PairsMethod.CROSSIMPS:
        return steps + _cross_steps(rules, (board, among), own, others, (compared, factored))
    if rules.method is PairsMethod.BUTLER:
        datum = (board.datum or 0) * sign
        dropped = ", ".join(f"{s:+d}" for s in board.dropped) or "none"
        detail = "; ".join(
            f"{v:+d} - {datum:+d} = {v - datum:+d}: {imps(v - datum):+d}" for _, v in own
        )
        of = (
            "the median of the NS scores (the mean of the middle two of an even number)"
            if rules.datum is Datum.MEDIAN
            else f"the mean of the NS scores without the highest and lowest (dropped: {dropped})"
        )
        return [
            *steps,
            f"Datum {board.datum:+d} (NS): {of}, rounded to 10.",
            f"Against the datum from {side}'s side: {detail}; {_num(compared)} IMPs.",
        ]
    return [*steps, f"Total points: NS {_num(compared * sign)}."]


def _cross_steps(
    rules: PairsRules,
    board_among: tuple[ScoredBoard, int],
    own: Spread,
    others: list[Spread],
    working: tuple[Fraction, Fraction],
) -> list[str]:
    board, n = board_among
    total, factored = working
    parts = [f"{_shown(other)}: {_num(imps_against(own, other))}" for other in others]
    steps = [f"IMPs against each other result ({', '.join(parts)}); total {_num(total)}."]
    if rules.cross is CrossNorm.AVERAGE and n > 1:
        steps.append(f"Per comparison: {_num(total)} / {n - 1} = {_num(factored)}.")
    elif rules.cross is CrossNorm.PER_SCORE:
        steps.append(f"Per score: {_num(total)} / {n} = {_num(factored)}.")
    elif n != board.expected and n > 1:
        steps.append(
            f"Factored to {board.expected - 1} comparisons: x {board.expected - 1}/{n - 1} = "
            f"{_num(factored)}."
        )
    return steps


def _mp_steps(
    rules: PairsRules,
    board_among: tuple[ScoredBoard, int],
    own: Spread,
    others: list[Spread],
    working: tuple[Fraction, Fraction],
) -> list[str]:
    board, a = board_among
    units, factored = working
    steps = []
    plain = [o[0][1] for o in others if len(o) == 1]
    for weight, value in own:
        beaten = sorted((o for o in plain if o < value), reverse=True)
        tied = [o for o in plain if o == value]
        lost = sorted((o for o in plain if o > value), reverse=True)
        listing = "; ".join(
            f"{', '.join(map(str, group))} {word}"
            for group, word in ((beaten, "beaten"), (tied, "tied"), (lost, "lost"))
            if group
        )
        steps.append(
            f"{'' if len(own) == 1 else f'{_num(weight * 100)}% {value:+d}: '}"
            f"Compared with the {len(plain)} other results: {len(beaten)} beaten, {len(tied)} "
            f"tied, {len(lost)} lost ({listing})."
        )
        for other in (o for o in others if len(o) > 1):
            gained = matchpoints_against(value, other)
            steps.append(f"Against the weighted score {_shown(other)}: {_num(gained)}.")
    top = Scale.EBU.top(a)
    percent = f" ({float(units / top * 100):.2f}%)" if top else ""
    if len(own) == 1 and all(len(o) == 1 for o in others):
        beaten_count = sum(1 for o in others if o[0][1] < own[0][1])
        tied_count = sum(1 for o in others if o[0][1] == own[0][1])
        steps.append(
            f"Matchpoints: 2 x {beaten_count} beaten + {tied_count} tied = {_num(units)} of "
            f"{_num(top)}{percent}."
        )
    else:
        steps.append(f"Matchpoints: {_num(units)} of {_num(top)}{percent}.")
    steps.extend(_short_steps(rules.short_boards, a, board.expected, units, factored))
    if rules.scale.value == "1/0.5":
        steps.append("On the 1/0.5 scale: half of that.")
    return steps


def _short_steps(
    mode: ShortBoards, a: int, e: int, units: Fraction, factored: Fraction
) -> list[str]:
    """How matchpoints among A results where E were expected become the board's points."""
    if a == e:
        return []
    if mode is ShortBoards.NEUBERG:
        return [
            f"Neuberg: {a} results where {e} were expected: ({_num(units)} + 1) x {e}/{a} - 1 = "
            f"{_num(factored)} of {_num(Scale.EBU.top(e))}."
        ]
    if mode is ShortBoards.ADD_MISSING:
        return [
            f"Add missing: {a} results where {e} were expected, each of the {e - a} missing a "
            f"tie: {_num(units)} + {e - a} = {_num(factored)} of {_num(Scale.EBU.top(e))}."
        ]
    return [f"{a} results where {e} were expected: out of the board's own top ({mode})."]
