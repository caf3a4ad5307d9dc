"""A scored pairs event on the terminal (rich tables); its JSON is the event's own
:meth:`~bridgescore.core.pairs.event.PairsEvent.to_dict`."""

from __future__ import annotations

__all__ = [
    "print_event",
    "ranking_table",
    "traveller_table",
]

from rich.console import Console
from rich.table import Table

from bridgescore.core.pairs.event import FieldRanking, PairsEvent, ScoredBoard
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.pairs.rules import PairsMethod
from bridgescore.core.table.seats import Side
from bridgescore.render.text import field_title, method_detail, points, result_cells


def ranking_table(event: PairsEvent, ranking: FieldRanking) -> Table:
    """One field's ranking: rank, pair, names, score, percentage or scaled score, boards."""
    mp = event.rules.method is PairsMethod.MP
    table = Table(title=field_title(ranking), title_justify="left")
    table.add_column("Rank", justify="right")
    table.add_column("Player" if ranking.players else "Pair", justify="right")
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
        label = entry.pair.label
        if ranking.overall and entry.pair.section:
            label = f"{entry.pair.section} {label}"
        row = [entry.rank_text, label, entry.names or "", points(entry.score)]
        if mp:
            row.append(points(entry.max) if entry.max is not None else "")
            row.append(f"{float(entry.percent):.2f}" if entry.percent is not None else "")
        if unequal:
            row.append(points(entry.scaled))
        row.append(str(entry.boards))
        table.add_row(*row)
    return table


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
            *(_pair(board, scored.pair(side)) for side in Side),
            *result_cells(board, index),
            points(scored.ns_points),
            points(scored.ew_points),
        ]
        table.add_row(*cells)
    return table


def _pair(board: ScoredBoard, pair: PairId) -> str:
    """A pair on a traveller: with its section on a board compared across the field."""
    return f"{pair.section} {pair.label}" if board.section is None and pair.section else pair.label


def print_event(event: PairsEvent, console: Console, *, travellers: bool = False) -> None:
    """The rankings, and with ``travellers`` every board first."""
    info = event.session.info
    heading = info.title or event.session.source or "Pairs event"
    console.print(heading, style="bold")
    console.print(method_detail(event.rules))
    sections = sorted(
        {b.section or "" for b in event.boards} | {r.section or "" for r in event.rankings}
    )
    if any(b.section is None for b in event.boards) and len(sections) > 2:
        console.print(f"Sections {', '.join(s for s in sections if s)} compared across the field")
    for section, reason in sorted(event.fields.reasons.items(), key=lambda kv: kv[0] or ""):
        console.print(
            f"Section {section}: {reason}" if section else reason[:1].upper() + reason[1:]
        )
    if travellers:
        for board in event.boards:
            console.print(traveller_table(event, board))
    for ranking in event.rankings:
        console.print(ranking_table(event, ranking))
