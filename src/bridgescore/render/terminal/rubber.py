"""The rubber score pad for the terminal (We/They, above and below the line) and as JSON.

Also the pieces the Chicago sheet shares: how a deal, an entry and a side are shown.
"""

from __future__ import annotations

__all__ = [
    "add_columns",
    "cell",
    "deal_json",
    "entry_json",
    "final_line",
    "played_columns",
    "print_rubber_sheet",
    "rubber_json",
    "rubber_pad",
    "side_name",
]

from collections.abc import Sequence
from itertools import zip_longest
from typing import Any

from bridgescore.core.rubber.rubber import Rubber, RubberSheet
from bridgescore.core.rubber.sheet import Entry, ScoredDeal, SideTotals
from bridgescore.core.table.seats import Side
from bridgescore.render.terminal.output import Printer
from bridgescore.render.terminal.table import Table

WE_THEY = {Side.NS: "We (NS)", Side.EW: "They (EW)"}
_WE_THEY_SHORT = {Side.NS: "We", Side.EW: "They"}


def side_name(side: Side | None) -> str:
    """``We (NS)``, ``They (EW)``, or ``nobody``."""
    return "nobody" if side is None else WE_THEY[side]


def _note(entry: Entry) -> str:
    return str(entry.reason) if entry.deal is None else f"{entry.reason} (deal {entry.deal})"


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "deal": entry.deal,
        "side": str(entry.side),
        "points": entry.points,
        "reason": str(entry.reason),
        "below": entry.below,
        "game": entry.game,
    }


def deal_json(scored: ScoredDeal) -> dict[str, Any]:
    """A scored deal: what was played, at what vulnerability, and what it wrote."""
    deal, result = scored.deal, scored.deal.result
    return {
        "deal": scored.number,
        "contract": str(result.contract),
        "declarer": None if result.declarer is None else str(result.declarer),
        "tricks": result.tricks,
        "result": result.result_text,
        "passed_out": deal.is_pass,
        "honours": None if deal.honours is None else str(deal.honours),
        "vulnerability": str(scored.vulnerability),
        "scores": scored.totals.as_dict(),
        "entries": [entry_json(e) for e in scored.entries],
    }


def played_columns(scored: ScoredDeal) -> tuple[str, str, str, str]:
    """Contract, declarer, tricks and result as shown in a deal log."""
    result = scored.deal.result
    if scored.deal.is_pass:
        return ("passed out", "", "", "")
    return (result.contract.symbol, str(result.declarer), str(result.tricks), result.result_text)


def cell(points: int) -> str:
    """A figure in a table, blank for 0."""
    return str(points) if points else ""


def add_columns(table: Table, names: Sequence[str], right: Sequence[str] = ()) -> None:
    """Columns by name, those in ``right`` right-justified (figures)."""
    for name in names:
        table.add_column(name, justify="right" if name in right else "left")


def _rubber_log(sheet: RubberSheet) -> Table:
    """Every deal as read and scored: what was played, vulnerability, points for each side."""
    table = Table("Deals")
    names = ("Deal", "Rubber", "Contract", "By", "Tricks", "Result", "Vul", "Honours", "We", "They")
    add_columns(table, names, right=("Deal", "Rubber", "Tricks", "We", "They"))
    for rubber in sheet.rubbers:
        for scored in rubber.deals:
            honours = scored.deal.honours
            table.add_row(
                str(scored.number),
                str(rubber.number),
                *played_columns(scored),
                str(scored.vulnerability),
                "" if honours is None else str(honours),
                cell(scored.totals.ns),
                cell(scored.totals.ew),
            )
    return table


def _rubber_title(rubber: Rubber) -> str:
    if rubber.winner is not None:
        score = f"{rubber.games_won(rubber.winner)}-{rubber.games_won(rubber.winner.opponent)}"
        bonus = rubber.bonus.of(rubber.winner)
        return (
            f"Rubber {rubber.number}: {side_name(rubber.winner)} won {score}, rubber bonus {bonus}"
        )
    games = f"games We {rubber.games_won(Side.NS)}, They {rubber.games_won(Side.EW)}"
    return f"Rubber {rubber.number}: unfinished when play stopped ({games})"


def _add_pairs(table: Table, label: str, ns: Sequence[Entry], ew: Sequence[Entry]) -> None:
    first = True
    for left, right in zip_longest(ns, ew):
        table.add_row(
            label if first else "",
            "" if left is None else str(left.points),
            "" if left is None else _note(left),
            "" if right is None else str(right.points),
            "" if right is None else _note(right),
        )
        first = False
    if first:
        table.add_row(label, "", "", "", "")


def _split(entries: Sequence[Entry]) -> tuple[list[Entry], list[Entry]]:
    return [e for e in entries if e.side is Side.NS], [e for e in entries if e.side is Side.EW]


def rubber_pad(rubber: Rubber, running: SideTotals) -> Table:
    """One rubber as on a score pad: premiums above the line (the earliest nearest the line),
    trick points below it, a line after each game, then the totals."""
    table = Table(_rubber_title(rubber))
    table.add_column("")
    table.add_column(WE_THEY[Side.NS], justify="right")
    table.add_column("", style="dim")
    table.add_column(WE_THEY[Side.EW], justify="right")
    table.add_column("", style="dim")
    ns_above, ew_above = _split(rubber.above)
    _add_pairs(table, "above the line", ns_above[::-1], ew_above[::-1])
    table.add_section()
    for game in rubber.games:
        won = "unfinished" if game.winner is None else f"{_WE_THEY_SHORT[game.winner]} won"
        _add_pairs(table, f"game {game.number}: {won}", *_split(game.entries))
        table.add_section()
    totals = rubber.totals
    table.add_row("rubber total", str(totals.ns), "", str(totals.ew), "", style="bold")
    table.add_row("running total", str(running.ns), "", str(running.ew), "")
    return table


def _summary(sheet: RubberSheet) -> Table:
    table = Table("Rubbers")
    for name in ("Rubber", "Winner", "Games", "Bonus We", "Bonus They", "We", "They"):
        table.add_column(name, justify="left" if name == "Winner" else "right")
    table.add_column("Running We", justify="right")
    table.add_column("Running They", justify="right")
    for rubber, running in zip(sheet.rubbers, sheet.running_totals, strict=True):
        winner = side_name(rubber.winner) if rubber.finished else "unfinished"
        games = f"{rubber.games_won(Side.NS)}-{rubber.games_won(Side.EW)}"
        table.add_row(
            str(rubber.number),
            winner,
            games,
            str(rubber.bonus.ns),
            str(rubber.bonus.ew),
            str(rubber.totals.ns),
            str(rubber.totals.ew),
            str(running.ns),
            str(running.ew),
        )
    return table


def final_line(totals: SideTotals) -> str:
    """``Final: We (NS) 2310, They (EW) 890. We (NS) win by 1420 points.``"""
    head = f"Final: We (NS) {totals.ns}, They (EW) {totals.ew}."
    if totals.leader is None:
        return f"{head} All square."
    return f"{head} {side_name(totals.leader)} win by {abs(totals.difference)} points."


def print_rubber_sheet(sheet: RubberSheet, console: Printer) -> None:
    """The whole session: the deals, each rubber's pad, the rubbers in a row, the difference."""
    console.print(_rubber_log(sheet))
    for rubber, running in zip(sheet.rubbers, sheet.running_totals, strict=True):
        console.print()
        console.print(rubber_pad(rubber, running))
    console.print()
    console.print(_summary(sheet))
    last = sheet.rubbers[-1] if sheet.rubbers else None
    if last is not None and not last.finished:
        console.print(
            f"Rubber {last.number} unfinished: 300 for the only game won, "
            f"{sheet.partscore_bonus} for each partscore in the game in progress."
        )
    console.print(final_line(sheet.totals), style="bold")


def rubber_json(sheet: RubberSheet) -> dict[str, Any]:
    """The session as one JSON-ready object."""
    rubbers = []
    for rubber, running in zip(sheet.rubbers, sheet.running_totals, strict=True):
        rubbers.append(
            {
                "number": rubber.number,
                "winner": None if rubber.winner is None else str(rubber.winner),
                "finished": rubber.finished,
                "games": [
                    {
                        "number": g.number,
                        "winner": None if g.winner is None else str(g.winner),
                        "below": g.totals.as_dict(),
                    }
                    for g in rubber.games
                ],
                "bonus": rubber.bonus.as_dict(),
                "totals": rubber.totals.as_dict(),
                "running_totals": running.as_dict(),
                "deals": [deal_json(d) for d in rubber.deals],
                "end_of_play": [entry_json(e) for e in rubber.entries if e.deal is None],
            }
        )
    totals = sheet.totals
    return {
        "scoring": "rubber",
        "partscore_bonus": sheet.partscore_bonus,
        "rubbers": rubbers,
        "totals": totals.as_dict(),
        "difference": totals.difference,
        "leader": None if totals.leader is None else str(totals.leader),
    }
