"""``bridgescore contract`` and ``bridgescore board``."""

from __future__ import annotations

import click

from bridgescore.cli.options import (
    WholeNumber,
    emit_json,
    json_option,
    output_options,
    output_printer,
)
from bridgescore.core.errors import NotationError
from bridgescore.core.table.board import Board
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.result import Result, tricks_from_relative
from bridgescore.core.table.seats import Seat


def _read_result(text: str, tricks: int | None, declarer: str | None) -> Result:
    """The result from ``4HX+1`` or ``4HX`` with ``--tricks``; ``--declarer`` fills the seat."""
    contract, tail = Contract.parse_prefix(text)
    if tricks is not None:
        if tail:
            raise NotationError(text, "give the result in the text or with --tricks, not both")
        result = Result(contract, None, tricks_from_relative(contract, str(tricks), source=text))
    elif contract.is_pass or tail:
        result = Result.parse(text)
    else:
        raise NotationError(text, "the result is missing: write 4HX+1, 4HX= or use --tricks")
    if declarer is not None and not contract.is_pass:
        seat = Seat.parse(declarer)
        if result.declarer is not None and result.declarer is not seat:
            raise NotationError(text, f"declarer is {result.declarer} in the text, not {seat}")
        result = Result(result.contract, seat, result.tricks)
    return result


@click.command()
@click.argument("result")
@click.option(
    "--tricks", type=WholeNumber(), help="Tricks taken by declarer (instead of =, +1, -2)."
)
@click.option("--vul/--nv", "vulnerable", default=None, help="Declarer vulnerable or not.")
@click.option(
    "--board", "board_number", type=WholeNumber(), help="Take vulnerability from this board."
)
@click.option("--declarer", help="Declarer's seat (N, E, S, W), for the NS score.")
@output_options
def contract(
    result: str,
    tricks: int | None,
    vulnerable: bool | None,
    board_number: int | None,
    declarer: str | None,
    output: str,
) -> None:
    """Score one contract, e.g. 4HX+1 --vul, 3NT= , 4S --tricks 8, 4SN-1 --board 7, PASS."""
    played = _read_result(result, tricks, declarer)
    board = Board(board_number) if board_number is not None else None
    if board is not None and played.declarer is None and not played.contract.is_pass:
        raise NotationError(result, "with --board, say who declared (4SN=, or --declarer N)")
    if board is not None and vulnerable is not None:
        raise NotationError(result, "give --board or --vul/--nv, not both")
    if board is not None and played.declarer is not None:
        vulnerable = board.vulnerability.is_vulnerable(played.declarer)
    vulnerable = bool(vulnerable)
    breakdown = played.contract.breakdown(played.tricks, vulnerable)
    ns_score = None
    if played.contract.is_pass:
        ns_score = 0
    elif played.declarer is not None:
        ns_score = breakdown.total * played.declarer.side.sign
    if output == "json":
        emit_json(
            {
                "contract": str(played.contract),
                "declarer": None if played.declarer is None else str(played.declarer),
                "tricks": played.tricks,
                "result": played.result_text,
                "vulnerable": vulnerable,
                "score": breakdown.total,
                "ns_score": ns_score,
                "parts": breakdown.as_dict(),
            }
        )
        return
    from bridgescore.render.terminal.contract import breakdown_table

    vul_text = "vulnerable" if vulnerable else "not vulnerable"
    if played.contract.is_pass:
        title = "Passed out"
    else:
        by = f" by {played.declarer}" if played.declarer is not None else ""
        title = f"{played.contract}{by}, {played.tricks} tricks ({played.result_text}), {vul_text}"
    out = output_printer(output)
    out.print(breakdown_table(title, breakdown))
    if ns_score is not None and not played.contract.is_pass:
        out.print(f"NS score: {ns_score:+d}" if ns_score else "NS score: 0")


@click.command()
@click.argument("number", type=WholeNumber())
@json_option
def board(number: int, as_json: bool) -> None:
    """Dealer and vulnerability of a board number (the 16-board cycle of Law 2)."""
    played = Board(number)
    if as_json:
        emit_json(
            {
                "board": played.number,
                "dealer": str(played.dealer),
                "vulnerability": str(played.vulnerability),
            }
        )
        return
    click.echo(
        f"Board {played.number}: dealer {played.dealer.name.title()}, "
        f"vulnerable: {_vul_words(str(played.vulnerability))}"
    )


def _vul_words(vulnerability: str) -> str:
    return {"None": "none", "Both": "both", "NS": "North-South", "EW": "East-West"}[vulnerability]
