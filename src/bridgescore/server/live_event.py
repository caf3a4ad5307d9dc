"""A live event: the session file a director gave, its movements laid out as slots, its hand
record, and the results folded from the log made into traveller lines and scored by the same
library calls as ``bridgescore score session.toml``.

The API takes the session file as JSON (what its TOML reads to) with the results left out: the
server gathers them. What the file would name as other files comes inline under the key
``server``: ``movements`` (a section's movement JSON, by letter, ``""`` for one unnamed
section), ``hands`` (the hand record as PBN text) and ``feedback`` (what a table sees after a
board: ``off``, ``own``, ``traveller`` or ``round-end``).

>>> body = {"title": "Club night", "sections": [{"tables": 3, "movement": "howell", "boards": "1-10"}]}
>>> record = event_record(body)
>>> live = LiveEvent.from_row(1, "new", record)
>>> live.title, live.tables[:2], live.layout.table_round("A", 1, 1)
('Club night', [('A', 1), ('A', 2)], (1, '6', '1', (1, 2)))
"""

from __future__ import annotations

__all__ = ["FEEDBACK", "LiveEvent", "bare", "check_hands", "event_record", "read_fields"]

import functools
import hashlib
import json
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.movements.movement import Movement, members
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.events.session import plan_results, score_plan, section_movement
from bridgescore.formats import session as session_file
from bridgescore.formats.csv.traveller_line import LineError, read_line
from bridgescore.formats.session import SessionFile
from bridgescore.server.errors import Unfit
from bridgescore.server.fold import FoldedLog, Layout, TableRound

FEEDBACK = ("off", "own", "traveller", "round-end")
"""What a table sees of a board once its result is confirmed (the director's choice)."""

_FILES = {
    "results": "the server gathers the results: leave out results",
    "names": "give the names with the pairs of each section (pairs = [...])",
    "hands": 'send the hand record as PBN text in "server": {"hands": "..."}',
}


def _settings(extra: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(extra) - {"movements", "hands", "feedback"})
    if unknown:
        raise Unfit(f"server: unknown key {unknown[0]!r} (movements, hands, feedback)")
    feedback = extra.get("feedback", "traveller")
    if feedback not in FEEDBACK:
        raise Unfit(f"server.feedback is one of {', '.join(FEEDBACK)}, not {feedback!r}")
    return {"feedback": feedback}


def _movements(file: SessionFile, given: Mapping[str, Any]) -> dict[str, Any]:
    """Each section's movement (JSON), given inline or made from its name."""
    movements: dict[str, Any] = {}
    for section in file.sections:
        key = section.letter or ""
        if key in given:
            try:
                movement = Movement.from_dict(given[key])
            except BridgeScoreError as error:
                raise Unfit(f"server.movements[{key!r}]: {error}") from None
        elif section.movement.lower().endswith(".json"):
            raise Unfit(
                f"section {key or 'A'}: movement {section.movement!r} is a file: send it in "
                '"server": {"movements": {...}}'
            )
        else:
            try:
                movement = section_movement(section, file)
            except BridgeScoreError as error:
                raise Unfit(str(error)) from None
        movements[key] = movement.to_dict()
    return movements


def event_record(body: object) -> dict[str, str | None]:
    """The columns of a new event from the API's body (see the module docstring), checked:
    the session file as the CLI reads it, each section's movement made, the hand record read."""
    if not isinstance(body, dict):
        raise Unfit("the event is a JSON object: the session file as JSON")
    data = dict(body)
    extra = data.pop("server", {})
    if not isinstance(extra, dict):
        raise Unfit('"server" is an object: movements, hands, feedback')
    for key, message in _FILES.items():
        if key in data:
            raise Unfit(f"{key}: {message}")
    try:
        file = session_file.from_dict(data, source="the event", results_required=False)
    except BridgeScoreError as error:
        raise Unfit(str(error)) from None
    if not file.sections:
        raise Unfit("sections: missing (each section's tables and movement)")
    movements = _movements(file, extra.get("movements", {}))
    hands = extra.get("hands")
    if hands is not None:
        _deals(str(hands))
    return {
        "session": json.dumps(data),
        "movements": json.dumps(movements),
        "hands": None if hands is None else str(hands),
        "settings": json.dumps(_settings(extra)),
    }


def _hands_file(text: str) -> Path:
    folder = Path(tempfile.gettempdir()) / "bridgescore-server"
    folder.mkdir(exist_ok=True)
    path = folder / f"{hashlib.sha256(text.encode()).hexdigest()[:20]}.pbn"
    if not path.exists():
        temporary = path.with_suffix(".tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    return path


def check_hands(text: str) -> None:
    """Refuse a hand record the CLI would refuse (a located error)."""
    _deals(text)


@functools.lru_cache(maxsize=8)
def _deals(text: str) -> dict[int, Deal]:
    from bridgescore.events.hands import hand_record

    try:
        return dict(hand_record(_hands_file(text)).deals)
    except BridgeScoreError as error:
        raise Unfit(f"the hand record: {error}") from None


def _label(sitter: Any) -> str | None:
    """A side's pair (or two players) as the movement writes it; ``None`` for a sit-out."""
    names = members(sitter)
    return "+".join(names) if names else None


def bare(movement: Movement, name: str, side: Side) -> str:
    """A pair as the travellers write it: ``3`` for ``3NS`` in a two-winner movement.

    >>> from bridgescore.core.movements.mitchell import mitchell
    >>> bare(mitchell(3), "3NS", Side.NS), bare(mitchell(3), "2EW", Side.EW)
    ('3', '2')
    """
    if movement.winners == 2 and name.upper().endswith(str(side)):
        return name[: -len(str(side))]
    return name


def _layout(movements: Mapping[str, Movement]) -> Layout:
    rounds: dict[tuple[str, int], list[TableRound]] = {}
    for key, movement in movements.items():
        for sitting in sorted(movement.schedule, key=lambda s: (s.table, s.round)):
            ns, ew = _label(sitting.holding(Side.NS)), _label(sitting.holding(Side.EW))
            boards = movement.boards_of(sitting)
            rounds.setdefault((key or "A", sitting.table), []).append(
                (sitting.round, ns, ew, boards)
            )
    return Layout({place: tuple(found) for place, found in rounds.items()})


def read_fields(fields: Mapping[str, str], board: int) -> TravellerLine:
    """The traveller line of an entry's fields, read exactly as the CSV reader reads a row."""
    try:
        return read_line({**fields, "board": str(board)}, 0)
    except (LineError, BridgeScoreError) as error:
        raise Unfit(str(error)) from None


@dataclass(frozen=True)
class LiveEvent:
    """An event as the server runs it (see the module docstring)."""

    id: int
    state: str
    file: SessionFile
    data: Mapping[str, Any]
    movements: Mapping[str, Movement]
    layout: Layout
    hands: str | None
    settings: Mapping[str, Any]

    @classmethod
    def from_row(cls, event_id: int, state: str, record: Mapping[str, Any]) -> LiveEvent:
        data = json.loads(record["session"])
        file = session_file.from_dict(data, source="the event", results_required=False)
        movements = {
            key: Movement.from_dict(value) for key, value in json.loads(record["movements"]).items()
        }
        settings = json.loads(record["settings"])
        layout = _layout(movements)
        return cls(event_id, state, file, data, movements, layout, record["hands"], settings)

    @property
    def title(self) -> str:
        return self.file.title or f"Event {self.id}"

    @property
    def tables(self) -> list[tuple[str, int]]:
        return sorted(self.layout.rounds)

    def movement(self, section: str) -> Movement:
        """The movement of a server section (``A`` is the unnamed one)."""
        return self.movements.get(section) or self.movements[""]

    def letter(self, section: str) -> str | None:
        """The session file's letter of a server section (``A`` is the unnamed one)."""
        return section if section in self.movements else None

    def names(self, section: str, label: str | None, side: Side) -> str:
        """The players' names of the pair the travellers write ``label`` on ``side``."""
        if label is None:
            return ""
        letter = self.letter(section)
        for entry in self.file.sections:
            if entry.letter != letter:
                continue
            for pair in entry.pairs:
                if pair.pair.upper() in (label.upper(), f"{label}{side}".upper()):
                    return pair.text
        return ""

    def deals(self) -> dict[int, Deal]:
        return {} if self.hands is None else _deals(self.hands)

    def lines(self, state: FoldedLog) -> list[TravellerLine]:
        """The traveller lines of every confirmed or adjusted result, in table order."""
        lines = []
        for (section, table, number, board), slot in sorted(state.slots.items()):
            if slot.status not in ("confirmed", "adjusted") or slot.fields is None:
                continue
            found = self.layout.table_round(section, table, number)
            if found is None or found[1] is None or found[2] is None:
                continue
            movement = self.movement(section)
            ns, ew = bare(movement, found[1], Side.NS), bare(movement, found[2], Side.EW)
            fields = {**slot.fields, "ns": ns, "ew": ew}
            fields.update(round=str(number), table=str(table))
            if self.letter(section) is not None:
                fields["section"] = section
            lines.append(read_fields(fields, board))
        return lines

    def score(self, state: FoldedLog) -> PairsEvent | None:
        """The event scored on the results so far (``None`` before the first)."""
        lines = self.lines(state)
        if not lines:
            return None
        results = Session(tuple(lines), source=f"event {self.id}")
        movements = {self.letter(key): movement for key, movement in self.movements.items()}
        plan = plan_results(self.file, movements, [results], average_missing=False)
        plan = replace(plan, missing=())  # a live session: the boards not yet played are no news
        hands = None if self.hands is None else _hands_file(self.hands)
        if "field" in self.file.scoring:
            return score_plan(plan, hands=hands)
        # The movement says how many winners: a Howell half-played is still one field.
        winners = {movement.winners for movement in self.movements.values()}
        return score_plan(plan, hands=hands, field="one" if winners == {1} else "two")
