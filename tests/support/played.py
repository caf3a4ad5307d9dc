"""A session played by its movement: a session file and the travellers of every table that
plays (or of the rounds played, for a curtailed one), written for the tests of session files.

Each result is 3NT by North making ``=``, ``+1`` or ``-1`` as board and table fall, so that the
pairs do not all tie; the figures are never the point of these tests.
"""

from __future__ import annotations

from pathlib import Path

from bridgescore.core.movements.movement import Movement, members
from bridgescore.events.movements import make_movement

RESULTS = ("=", "+1", "-1")


def travellers(movement: Movement, *, rounds: int | None = None) -> str:
    """The traveller CSV of the movement's tables, rounds 1 to ``rounds`` (all by default),
    the pairs bare (``3``, not ``3NS``) as a scorer types them."""
    rows = ["board,ns,ew,contract,declarer,result,round,table"]
    for sitting in movement.schedule:
        if not sitting.plays or (rounds is not None and sitting.round > rounds):
            continue
        ns, ew = (members(sitter)[0] for sitter in (sitting.ns, sitting.ew))
        ns, ew = ns.removesuffix("NS"), ew.removesuffix("EW")
        for board in movement.boards_of(sitting):
            result = RESULTS[(board + sitting.table) % 3]
            rows.append(f"{board},{ns},{ew},3NT,N,{result},{sitting.round},{sitting.table}")
    return "\n".join(rows) + "\n"


def session_folder(
    where: Path,
    *,
    tables: str = "9",
    movement: str = "mitchell",
    pairs: list[str] | None = None,
    rounds: int | None = None,
    extra: str = "",
) -> Path:
    """A session file ``club.toml`` in ``where`` with its travellers ``club.csv`` (rounds 1 to
    ``rounds``): one section of ``tables`` playing the named ``movement`` as a director would
    choose it, listing ``pairs`` (each named ``Ann Archer & Bob Baker`` by its position), with
    ``extra`` lines at the top level; its path."""
    made = make_movement(movement, tables=tables)
    (where / "club.csv").write_text(travellers(made, rounds=rounds), encoding="utf-8")
    listed = "".join(
        f'  {{pair = "{pair}", names = ["Player {2 * i + 1}", "Player {2 * i + 2}"]}},\n'
        for i, pair in enumerate(pairs or [])
    )
    text = (
        f'title = "Club night"\nresults = "club.csv"\n{extra}\n[[sections]]\n'
        f'tables = "{tables}"\nmovement = "{movement}"\nboards = "1-{made.boards}"\n'
        f"pairs = [\n{listed}]\n"
    )
    path = where / "club.toml"
    path.write_text(text, encoding="utf-8")
    return path
