"""The Chicago sheet for the terminal (a table per chukker) and as JSON."""

from __future__ import annotations

__all__ = ["chicago_json", "print_chicago_sheet", "rules_text"]

from typing import Any

from bridgescore.core.rubber.chicago import (
    DEALS_PER_CHUKKER,
    ChicagoDeal,
    ChicagoRules,
    ChicagoSheet,
    Chukker,
)
from bridgescore.core.rubber.sheet import Reason
from bridgescore.render.terminal.output import Printer
from bridgescore.render.terminal.rubber import (
    add_columns,
    cell,
    deal_json,
    final_line,
    played_columns,
)
from bridgescore.render.terminal.table import Table

_SHORT = {
    Reason.TRICK_SCORE: "tricks",
    Reason.OVERTRICKS: "overtricks",
    Reason.INSULT: "insult",
    Reason.SLAM: "slam",
    Reason.UNDERTRICKS: "undertricks",
    Reason.HONOURS: "honours",
    Reason.GAME_PREMIUM: "game",
    Reason.PARTSCORE_PREMIUM: "partscore",
}


def rules_text(rules: ChicagoRules) -> str:
    """The rules in one sentence, for the foot of the sheet."""
    if rules.duplicate_style:
        how = "Duplicate style: each deal scored as duplicate board 1-4"
    elif rules.dealer_vulnerable:
        how = "ACBL rules: dealer's side vulnerable on deals 2-3"
    else:
        how = "ACBL rules: the side not dealing vulnerable on deals 2-3"
    honours = "honours counted" if rules.honours else "honours not counted"
    return f"{how}, {honours}, {rules.first_dealer.name.title()} deals first."


def _how(deal: ChicagoDeal) -> str:
    if deal.redealt:
        return "redealt, not counted"
    declaring = deal.deal.declaring_side
    parts = []
    for entry in deal.entries:
        whose = "" if entry.side is declaring else f" {entry.side}"
        parts.append(f"{_SHORT[entry.reason]}{whose} {entry.points}")
    return ", ".join(parts)


def _carried(deal: ChicagoDeal) -> str:
    """Partscores carried towards game after the deal, We/They (blank when none)."""
    if deal.redealt or deal.position == DEALS_PER_CHUKKER:
        return ""
    carried = deal.carried
    return "" if not (carried.ns or carried.ew) else f"{carried.ns}/{carried.ew}"


def _played(deal: ChicagoDeal) -> str:
    contract, by, tricks, result = played_columns(deal)
    return contract if deal.redealt else f"{contract} {by} {tricks} ({result})"


def _chukker_table(chukker: Chukker, rules: ChicagoRules) -> Table:
    state = "" if chukker.complete else f" (incomplete: {chukker.played} of 4 deals played)"
    table = Table(f"Chukker {chukker.number}{state}")
    names = ["Deal", "Dealer", "Vul", "Played", "We", "They", "Scored"]
    names += [] if rules.duplicate_style else ["Carried"]
    add_columns(table, names, right=("Deal", "We", "They", "Carried"))
    for deal in chukker.deals:
        row = [str(deal.number), str(deal.dealer), str(deal.vulnerability), _played(deal)]
        row += [cell(deal.totals.ns), cell(deal.totals.ew), _how(deal)]
        if not rules.duplicate_style:
            row.append(_carried(deal))
        table.add_row(*row, style="dim" if deal.redealt else None)
    table.add_section()
    totals = chukker.totals
    table.add_row("", "", "", "chukker total", str(totals.ns), str(totals.ew), style="bold")
    return table


def print_chicago_sheet(sheet: ChicagoSheet, console: Printer) -> None:
    """Each chukker's deals and totals, then the session's totals and difference."""
    for index, chukker in enumerate(sheet.chukkers):
        if index:
            console.print()
        console.print(_chukker_table(chukker, sheet.rules))
    console.print()
    console.print(rules_text(sheet.rules))
    if sheet.ignored_honours:
        deals = ", ".join(str(n) for n in sheet.ignored_honours)
        console.print(f"Honours recorded on deal(s) {deals} are not counted (use --honours).")
    unfinished = [c for c in sheet.chukkers if not c.complete]
    for chukker in unfinished:
        console.print(
            f"Chukker {chukker.number} is incomplete ({chukker.played} of 4 deals): "
            "scored as far as it went."
        )
    console.print(final_line(sheet.totals), style="bold")


def chicago_json(sheet: ChicagoSheet) -> dict[str, Any]:
    """The session as one JSON-ready object."""
    rules = sheet.rules
    totals = sheet.totals
    return {
        "scoring": "chicago",
        "rules": {
            "dealer_vulnerable": rules.dealer_vulnerable and not rules.duplicate_style,
            "honours": rules.honours,
            "duplicate_style": rules.duplicate_style,
            "first_dealer": str(rules.first_dealer),
        },
        "chukkers": [
            {
                "number": c.number,
                "complete": c.complete,
                "played": c.played,
                "totals": c.totals.as_dict(),
                "deals": [
                    {
                        **deal_json(d),
                        "position": d.position,
                        "dealer": str(d.dealer),
                        "redealt": d.redealt,
                        "carried": d.carried.as_dict(),
                    }
                    for d in c.deals
                ],
            }
            for c in sheet.chukkers
        ],
        "complete": sheet.complete,
        "totals": totals.as_dict(),
        "difference": totals.difference,
        "leader": None if totals.leader is None else str(totals.leader),
    }
