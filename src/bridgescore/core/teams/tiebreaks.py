"""Tie-break steps of the conditions of contest, as data, and how a tie is broken with them.

A tie-break order is a tuple of step names (:data:`TIE_BREAK_STEPS`), e.g. the EBU order
:data:`EBU_TIE_BREAKS`. Teams level on total are compared by the first step that applies; when
it splits them, each part still level starts again from the first step (so a three-way tie
that becomes a two-way tie is settled by the match between those two). A step that does not
apply (the tied teams did not all meet; tie-break points in an all-play-all) is skipped.

>>> tie_break_order("ebu")
('head-to-head', 'head-to-head-imps', 'tie-break-points', 'imp-difference', 'point-a-board')
"""

from __future__ import annotations

__all__ = [
    "EBU_TIE_BREAKS",
    "TIE_BREAK_ORDERS",
    "TIE_BREAK_STEPS",
    "WBF_TIE_BREAKS",
    "TiedTeams",
    "break_ties",
    "check_steps",
    "tie_break_order",
]

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from bridgescore.core.errors import ScoringError, quoted
from bridgescore.core.teams.rows import MatchLine, StandingsRow

_ZERO = Fraction(0)

_Key = Fraction | tuple[int, Fraction]


@dataclass(frozen=True, slots=True)
class _Event:
    rows: Mapping[str, StandingsRow]
    all_play_all: bool

    def among(self, group: Sequence[str]) -> dict[str, list[MatchLine]] | None:
        """The matches within the group, or None unless every pair in it has met."""
        members = set(group)
        lines = {
            team: [m for m in self.rows[team].matches if m.opponent in members] for team in group
        }
        for team in group:
            if {m.opponent for m in lines[team]} != members - {team}:
                return None
        return lines


def _head_to_head(event: _Event, group: Sequence[str]) -> dict[str, _Key] | None:
    lines = event.among(group)
    if lines is None:
        return None
    return {team: sum((m.points for m in lines[team]), _ZERO) for team in group}


def _head_to_head_margin(event: _Event, group: Sequence[str]) -> dict[str, _Key] | None:
    lines = event.among(group)
    if lines is None:
        return None
    return {team: sum((m.margin for m in lines[team]), _ZERO) for team in group}


def _tie_break_points(event: _Event, group: Sequence[str]) -> dict[str, _Key] | None:
    """The opponents' final totals per match played, so that a team with a bye (one opponent
    fewer) is compared on an equal basis (White Book: percentages when the numbers of matches
    differ); with equal numbers of matches this orders the teams as the plain sums do. A team
    that has played no match has no basis, and the step does not apply."""
    if event.all_play_all:
        return None
    rows = event.rows
    if any(not rows[t].matches for t in group):
        return None
    return {
        t: sum((rows[m.opponent].total for m in rows[t].matches), _ZERO) / len(rows[t].matches)
        for t in group
    }


def _imp_quotient(event: _Event, group: Sequence[str]) -> dict[str, _Key] | None:
    keys: dict[str, _Key] = {}
    for team in group:
        row = event.rows[team]
        quotient = row.imp_quotient
        # nothing lost: above every finite quotient (or level at 1 when nothing won either)
        keys[team] = (0, quotient) if quotient is not None else (int(row.imps_for > 0), Fraction(1))
    return keys


def _imp_difference(event: _Event, group: Sequence[str]) -> dict[str, _Key] | None:
    return {t: event.rows[t].imps_for - event.rows[t].imps_against for t in group}


def _point_a_board(event: _Event, group: Sequence[str]) -> dict[str, _Key] | None:
    return {t: event.rows[t].pab for t in group}


_Step = Callable[[_Event, Sequence[str]], dict[str, _Key] | None]

_STEPS: dict[str, tuple[_Step, str]] = {
    "head-to-head": (
        _head_to_head,
        "event points (VPs) scored in the matches among the tied teams, if they all met",
    ),
    "head-to-head-imps": (
        _head_to_head_margin,
        "the margin (IMPs, or the match's own method) of the matches among the tied teams",
    ),
    "tie-break-points": (
        _tie_break_points,
        "the final totals of the opponents met, per match played (never in an all-play-all)",
    ),
    "imp-quotient": (_imp_quotient, "IMPs won ÷ IMPs lost, board by board, over all matches"),
    "imp-difference": (_imp_difference, "IMPs won − IMPs lost over all boards of the event"),
    "point-a-board": (_point_a_board, "point-a-board count-back over all boards (2/1/0)"),
}

TIE_BREAK_STEPS: Mapping[str, str] = MappingProxyType({k: v[1] for k, v in _STEPS.items()})
"""Every tie-break step by name, with what it compares."""

EBU_TIE_BREAKS = (
    "head-to-head",
    "head-to-head-imps",
    "tie-break-points",
    "imp-difference",
    "point-a-board",
)
"""EBU White Book §143.7.1 (rules-and-formats §7): (a) the match between them, in VPs then in
IMPs; (b) tie-break points, never in an all-play-all; (c) the basic method (IMPs) over all
boards; (d) point-a-board count-back; (e) otherwise the tie stands."""

WBF_TIE_BREAKS = ("head-to-head", "head-to-head-imps", "imp-quotient")
"""The WBF-style order (CBAI, rules-and-formats §7): the match(es) between the tied teams in VPs
then IMPs, then the IMP quotient over all matches."""

TIE_BREAK_ORDERS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"ebu": EBU_TIE_BREAKS, "wbf": WBF_TIE_BREAKS, "none": ()}
)


def tie_break_order(text: str) -> tuple[str, ...]:
    """``ebu``, ``wbf``, ``none`` or step names separated by commas.

    >>> tie_break_order("wbf")
    ('head-to-head', 'head-to-head-imps', 'imp-quotient')
    >>> tie_break_order("head-to-head, imp-quotient")
    ('head-to-head', 'imp-quotient')
    """
    key = text.strip().lower()
    if key in TIE_BREAK_ORDERS:
        return TIE_BREAK_ORDERS[key]
    steps = tuple(step.strip() for step in key.split(",") if step.strip())
    check_steps(steps, text)
    return steps


def check_steps(steps: Sequence[str], text: object) -> None:
    for step in steps:
        if step not in _STEPS:
            raise ScoringError(
                f"{quoted(text)}: {quoted(step)} is not a tie-break step "
                f"({', '.join(TIE_BREAK_STEPS)}; or one of {', '.join(TIE_BREAK_ORDERS)})"
            )


@dataclass(frozen=True, slots=True)
class TiedTeams:
    """Teams in their final order within a group level on total; ``tied`` when a step could
    not separate them; ``decided_by`` the step that last split them off."""

    teams: tuple[str, ...]
    decided_by: str | None

    @property
    def tied(self) -> bool:
        return len(self.teams) > 1


def break_ties(
    group: Sequence[str],
    rows: Mapping[str, StandingsRow],
    steps: Sequence[str],
    *,
    all_play_all: bool,
) -> list[TiedTeams]:
    """Order a group of teams level on total; the result lists the teams best first, with
    teams no step could separate kept together."""
    check_steps(steps, ",".join(steps))
    return _split(tuple(group), _Event(rows, all_play_all), tuple(steps), None)


def _split(
    group: tuple[str, ...], event: _Event, steps: tuple[str, ...], decided_by: str | None
) -> list[TiedTeams]:
    if len(group) < 2:
        return [TiedTeams(group, decided_by)]
    for name in steps:
        keys = _STEPS[name][0](event, group)
        if keys is None:
            continue
        levels = sorted(set(keys.values()), reverse=True)
        if len(levels) == 1:
            continue
        parts: list[TiedTeams] = []
        for level in levels:
            part = tuple(team for team in group if keys[team] == level)
            parts.extend(_split(part, event, steps, name))
        return parts
    return [TiedTeams(group, decided_by)]
