"""A scored pairs event on the terminal (its tables, printed in the ``--format`` asked for); its
JSON is the event's own :meth:`~bridgescore.core.pairs.event.PairsEvent.to_dict`."""

from __future__ import annotations

__all__ = ["print_event", "ranking_table", "traveller_table"]

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from bridgescore.core.pairs.event import FieldRanking, PairsEvent, PairStanding
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.pairs.rules import PairsMethod
from bridgescore.core.pairs.standings import Figures, RankedRows
from bridgescore.core.table.seats import Side
from bridgescore.render.terminal.output import Printer
from bridgescore.render.terminal.table import Grouped, Table
from bridgescore.render.text import field_title, figures, method_detail, points, result_cells

if TYPE_CHECKING:
    from bridgescore.core.pairs.scored import ScoredBoard


def ranking_table(event: PairsEvent, ranking: FieldRanking) -> Table:
    """One field's ranking: rank, pair, names, score, percentage or scaled score, boards."""
    mp = event.rules.method is PairsMethod.MP
    entries = ranking.entries
    table = Table(field_title(ranking))
    table.add_column("Rank", justify="right")
    table.add_column("Player" if ranking.players else "Pair", justify="right")
    shared: Sequence[Figures | PairStanding]
    if isinstance(entries, RankedRows):  # a huge field: each group's cells made once
        shared, pairs, names = entries.figures, entries.labels, entries.names
        ranks = entries.rank_texts()
        if ranking.overall and entries.sections is not None:
            pairs = [
                f"{section} {label}" if section else label
                for section, label in zip(entries.sections, pairs, strict=True)
            ]
    else:
        shared, ranks = entries, [e.rank_text for e in entries]
        pairs, names = [_ranked(ranking, e.pair) for e in entries], [e.names for e in entries]
    named = names is not None and any(names)
    if named:
        table.add_column("Names")
    table.add_column(event.rules.method.unit, justify="right")
    columns = [figures(entry.score for entry in shared)]
    if mp:
        table.add_column("Max", justify="right")
        table.add_column("%", justify="right")
        columns.append(figures(entry.max for entry in shared))
        columns.append(["" if e.percent is None else f"{float(e.percent):.2f}" for e in shared])
    if len({e.boards for e in shared}) > 1:
        table.add_column("Scaled", justify="right")
        columns.append(figures(entry.scaled for entry in shared))
    table.add_column("Boards", justify="right")
    columns.append([str(entry.boards) for entry in shared])
    heads = [ranks, pairs]
    if named:
        heads.append([name or "" for name in names or ()])
    if isinstance(entries, RankedRows):  # each group's cells written once for its rows
        groups = entries.groups
        table.add_body(
            [
                Grouped(ranks, groups),
                pairs,
                *heads[2:],
                *(Grouped(column, groups) for column in columns),
            ]
        )
    else:
        table.add_rows(zip(*heads, *columns, strict=True))
    return table


def traveller_table(event: PairsEvent, board: ScoredBoard) -> Table:
    """One board's traveller, best NS score first."""
    table = _traveller_heads(event, board.board, board.section, board.top, board.datum)
    points = [scored.ns_points for scored in board.lines]
    place = {value: -n for n, value in enumerate(sorted(set(points)))}  # (each value once)
    order = sorted(range(len(points)), key=[place[value] for value in points].__getitem__)
    lines = [board.lines[index] for index in order]
    shown = figures([s.ns_points for s in lines] + [s.ew_points for s in lines])
    for row, index in enumerate(order):
        scored = board.lines[index]
        cells = [*(_pair(board, scored.pair(side)) for side in Side), *result_cells(board, index)]
        table.add_row(*cells, shown[row], shown[len(order) + row])
    return table


def _traveller_heads(
    event: PairsEvent, number: int, section: str | None, top: Fraction | None, datum: int | None
) -> Table:
    """A traveller's title and headings."""
    title = f"Board {number}" + (f", section {section}" if section else "")
    extra = []
    if top is not None:
        extra.append(f"top {points(top)}")
    if datum is not None:
        extra.append(f"datum {datum:+d}")
    if extra:
        title += f" ({', '.join(extra)})"
    table = Table(title)
    unit = event.rules.method.unit
    for heading in ("NS", "EW", "Contract", "By", "Result", "NS score", "EW score"):
        table.add_column(heading, justify="left" if heading in _WORDS else "right")
    table.add_column(f"NS {unit}", justify="right")
    table.add_column(f"EW {unit}", justify="right")
    return table


_WORDS = ("Contract", "By", "Result")


def _ranked(ranking: FieldRanking, pair: PairId) -> str:
    """A pair in a ranking: with its section in an overall ranking of several sections."""
    return f"{pair.section} {pair.label}" if ranking.overall and pair.section else pair.label


def _pair(board: ScoredBoard, pair: PairId) -> str:
    """A pair on a traveller: with its section on a board compared across the field."""
    return f"{pair.section} {pair.label}" if board.section is None and pair.section else pair.label


def print_event(event: PairsEvent, console: Printer, *, travellers: bool = False) -> None:
    """The rankings, and with ``travellers`` every board first."""
    info = event.session.info
    heading = info.title or event.session.source or "Pairs event"
    console.print(heading, style="bold")
    where = ", ".join(part for part in (info.club, info.date) if part)
    if where:
        console.print(where)
    console.print(method_detail(event.rules))
    sections = {r.section or "" for r in event.rankings} | ({""} if event.across else set())
    if event.across and len(sections) > 2:
        shown = ", ".join(sorted(s for s in sections if s))
        console.print(f"Sections {shown} compared across the field")
    for section, reason in sorted(event.fields.reasons.items(), key=lambda kv: kv[0] or ""):
        console.print(
            f"Section {section}: {reason}" if section else reason[:1].upper() + reason[1:]
        )
    if travellers:
        for board in event.boards:
            console.print(traveller_table(event, board))
    for ranking in event.rankings:
        console.print(ranking_table(event, ranking))
