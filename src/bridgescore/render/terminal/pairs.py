"""A scored pairs event on the terminal (rich tables); its JSON is the event's own
:meth:`~bridgescore.core.pairs.event.PairsEvent.to_dict`."""

from __future__ import annotations

__all__ = [
    "field_title",
    "method_detail",
    "print_event",
    "ranking_table",
    "result_cells",
    "traveller_table",
]

from rich.console import Console
from rich.table import Table

from bridgescore.core.pairs.event import FieldRanking, PairsEvent, ScoredBoard
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.render.terminal.console import points


def field_title(ranking: FieldRanking) -> str:
    """``North-South``, ``East-West``, ``All pairs``, with the section when there is one."""
    field = {"NS": "North-South", "EW": "East-West", "ALL": "All pairs"}[ranking.field]
    return f"Section {ranking.section}: {field}" if ranking.section else field


def ranking_table(event: PairsEvent, ranking: FieldRanking) -> Table:
    """One field's ranking: rank, pair, names, score, percentage or scaled score, boards."""
    mp = event.rules.method is PairsMethod.MP
    table = Table(title=field_title(ranking), title_justify="left")
    table.add_column("Rank", justify="right")
    table.add_column("Pair", justify="right")
    table.add_column("Names")
    table.add_column(event.rules.method.unit, justify="right")
    if mp:
        table.add_column("Max", justify="right")
        table.add_column("%", justify="right")
    unequal = len({e.boards for e in ranking.entries}) > 1
    if unequal:
        table.add_column("Scaled", justify="right")
    table.add_column("Boards", justify="right")
    for entry in ranking.entries:
        row = [entry.rank_text, entry.pair.label, entry.names or "", points(entry.score)]
        if mp:
            row.append(points(entry.max) if entry.max is not None else "")
            row.append(f"{float(entry.percent):.2f}" if entry.percent is not None else "")
        if unequal:
            row.append(points(entry.scaled))
        row.append(str(entry.boards))
        table.add_row(*row)
    return table


def result_cells(board: ScoredBoard, index: int) -> list[str]:
    """Contract, declarer, result, NS score and EW score of one traveller line, as text."""
    line = board.lines[index].line
    if line.artificial_score is not None:
        score = line.artificial_score
        return [str(score), "", "", str(score.ns), str(score.ew)]
    if line.weighted_score is not None:
        return [str(line.weighted_score), "", "", "", ""]
    ns = line.ns_score or 0
    ns_text, ew_text = (str(ns), "") if ns > 0 else ("", str(-ns)) if ns < 0 else ("0", "0")
    if line.result is None:
        return ["", "", "", ns_text, ew_text]
    result = line.result
    contract = "PASS" if result.contract.is_pass else str(result.contract)
    declarer = "" if result.declarer is None else str(result.declarer)
    return [
        contract,
        declarer,
        "" if result.contract.is_pass else result.result_text,
        ns_text,
        ew_text,
    ]


def traveller_table(event: PairsEvent, board: ScoredBoard) -> Table:
    """One board's traveller, best NS score first."""
    title = f"Board {board.board}" + (f", section {board.section}" if board.section else "")
    extra = []
    if board.top is not None:
        extra.append(f"top {points(board.top)}")
    if board.datum is not None:
        extra.append(f"datum {board.datum:+d}")
    if extra:
        title += f" ({', '.join(extra)})"
    table = Table(title=title, title_justify="left")
    for heading, justify in (
        ("NS", "right"),
        ("EW", "right"),
        ("Contract", "left"),
        ("By", "left"),
        ("Result", "left"),
        ("NS score", "right"),
        ("EW score", "right"),
        (f"NS {event.rules.method.unit}", "right"),
        (f"EW {event.rules.method.unit}", "right"),
    ):
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    order = sorted(range(len(board.lines)), key=lambda i: -board.lines[i].ns_points)
    for index in order:
        scored = board.lines[index]
        cells = [
            scored.ns_pair.label,
            scored.ew_pair.label,
            *result_cells(board, index),
            points(scored.ns_points),
            points(scored.ew_points),
        ]
        table.add_row(*cells)
    return table


def method_detail(rules: PairsRules) -> str:
    """The scoring method in words: ``Matchpoints, scale 2/1``, ``Cross-IMPs, average``."""
    detail = rules.method.title
    if rules.method is PairsMethod.MP:
        detail += f", scale {rules.scale}"
    elif rules.method is PairsMethod.CROSSIMPS:
        detail += f", {rules.cross}"
    return detail


def print_event(event: PairsEvent, console: Console, *, travellers: bool = False) -> None:
    """The rankings, and with ``travellers`` every board first."""
    info = event.session.info
    heading = info.title or event.session.source or "Pairs event"
    console.print(heading, style="bold")
    console.print(method_detail(event.rules))
    for section, reason in sorted(event.fields.reasons.items(), key=lambda kv: kv[0] or ""):
        console.print(
            f"Section {section}: {reason}" if section else reason[:1].upper() + reason[1:]
        )
    if travellers:
        for board in event.boards:
            console.print(traveller_table(event, board))
    for ranking in event.rankings:
        console.print(ranking_table(event, ranking))
