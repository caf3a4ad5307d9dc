"""A live event: the session file a director gave, its movements laid out as slots, its hand
record, and the results folded from the log made into traveller lines and scored by the same
library calls as ``bridgescore score session.toml``.

The API takes the session file as JSON (what its TOML reads to) with the results left out: the
server gathers them. What the file would name as other files comes inline under the key
``server``: ``movements`` (a section's movement JSON, by letter, ``A`` for one unnamed
section), ``hands`` (the hand record as PBN text) and ``feedback`` (what a table sees after a
board: ``off``, ``own``, ``traveller`` or ``round-end``).

>>> body = {"title": "Club night", "sections": [{"tables": 3, "movement": "howell", "boards": "1-10"}]}
>>> live = LiveEvent.from_row(1, "new", event_record(body))
>>> live.title, live.layout.places[:2], live.layout.table_round(Place("A", 1), 1)
('Club night', [Place(section='A', table=1), Place(section='A', table=2)], TableRound(number=1, ns='6', ew='1', boards=(1, 2)))
"""

from __future__ import annotations

__all__ = ["FEEDBACK", "LiveEvent", "bare", "event_record", "read_fields", "read_hands"]

import functools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.movements.check import check_movement
from bridgescore.core.movements.movement import Movement, members
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.kept import KeptBoards
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.events.rules import with_hands
from bridgescore.events.sections import check_sections
from bridgescore.events.session import SessionPlan, plan_results, score_plan, section_movement
from bridgescore.formats import session as session_file
from bridgescore.formats.csv.traveller_line import LineError, read_line
from bridgescore.formats.session import SessionFile
from bridgescore.server.domain.errors import NotFound, Unfit
from bridgescore.server.domain.fold import Slot
from bridgescore.server.domain.kinds import SlotState
from bridgescore.server.domain.layout import Layout, Place, SlotKey, TableRound, section_key

FEEDBACK = ("off", "own", "traveller", "round-end")
"""What a table sees of a board once its result is confirmed (the director's choice)."""


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
        key = section_key(section.letter)
        inline = given.get(key, given.get("")) if section.letter is None else given.get(key)
        if inline is not None:
            try:
                movement = Movement.from_dict(inline)
            except BridgeScoreError as error:
                raise Unfit(f"server.movements[{key!r}]: {error}") from None
        elif section.movement.lower().endswith(".json"):
            raise Unfit(
                f"section {key}: movement {section.movement!r} is a file: send it in "
                '"server": {"movements": {...}}'
            )
        else:
            try:
                movement = section_movement(section, file)
            except BridgeScoreError as error:
                raise Unfit(str(error)) from None
        movements[key] = movement.to_dict()
    return movements


def event_record(body: object, *, source: str = "the event") -> dict[str, str | None]:
    """The columns of a new event from the API's body (see the module docstring), checked:
    the session file as the CLI reads it (its mistakes said with ``source``), each section's
    movement made and its pairs checked against it, the hand record read."""
    if not isinstance(body, dict):
        raise Unfit("the event is a JSON object: the session file as JSON")
    data = dict(body)
    extra = data.pop("server", {})
    if not isinstance(extra, dict):
        raise Unfit('"server" is an object: movements, hands, feedback')
    try:
        file = session_file.from_dict(data, source=source, results_required=False)
    except BridgeScoreError as error:
        raise Unfit(str(error)) from None
    if not file.sections:
        raise Unfit("sections: missing (each section's tables and movement)")
    movements = _movements(file, extra.get("movements", {}))
    try:  # each section's pairs against its movement, as bridgescore score checks them
        check_sections(
            file,
            {s.letter: Movement.from_dict(movements[section_key(s.letter)]) for s in file.sections},
        )
    except BridgeScoreError as error:
        raise Unfit(str(error)) from None
    hands = extra.get("hands")
    if hands is not None:
        read_hands(str(hands))
    record = {
        "session": json.dumps(data),
        "movements": json.dumps(movements),
        "hands": None if hands is None else str(hands),
        "settings": json.dumps(_settings(extra)),
    }
    _scores_at_all(LiveEvent.from_row(0, "new", record))
    return record


def _scores_at_all(live: LiveEvent) -> None:
    """Refuse an event the server could not score once played: a movement that breaks a hard
    rule (as ``movement check`` says), or scoring settings the library refuses (the event is
    scored as if every board were passed out)."""
    for key, movement in live.movements.items():
        found = check_movement(movement)
        if not found.ok:
            raise Unfit(f"section {key}: the movement fails its check: {'; '.join(found.problems)}")
    passed = Slot(SlotState.CONFIRMED, {"contract": "PASS"})
    lines = (live.line(key, passed) for key in live.layout.slots())
    try:
        live.score(line for line in lines if line is not None)
    except BridgeScoreError as error:
        raise Unfit(f"the event could not be scored: {error}") from None


def read_hands(text: str) -> Session:
    """The hand record (PBN text) as a session without lines, as the CLI reads a PBN file;
    one it would refuse is refused (a located error)."""
    from bridgescore.formats import pbn
    from bridgescore.formats.dispatch import as_session

    try:
        record = as_session(pbn.loads(text, source="the hand record"))
    except BridgeScoreError as error:
        raise Unfit(f"the hand record: {error}") from None
    if not record.deals:
        raise Unfit("the hand record: it has no deals")
    return record


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
    rounds: dict[Place, list[TableRound]] = {}
    for key, movement in movements.items():
        for sitting in sorted(movement.schedule, key=lambda s: (s.table, s.round)):
            ns, ew = (members(sitting.holding(side)) for side in (Side.NS, Side.EW))
            boards = tuple(movement.boards_of(sitting)) if sitting.plays else ()
            rounds.setdefault(Place(key, sitting.table), []).append(
                TableRound(sitting.round, "+".join(ns) or None, "+".join(ew) or None, boards)
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
    revision: int = 0
    """How many times the event's row has changed (a new hand record, settings, state)."""

    @classmethod
    def from_row(cls, event_id: int, state: str, record: Mapping[str, Any]) -> LiveEvent:
        data = json.loads(record["session"])
        file = session_file.from_dict(data, source="the event", results_required=False)
        movements = {
            section_key(key or None): Movement.from_dict(value)
            for key, value in json.loads(record["movements"]).items()
        }
        settings = json.loads(record["settings"])
        layout = _layout(movements)
        revision = int(record.get("revision") or 0)
        hands = record["hands"]
        return cls(event_id, state, file, data, movements, layout, hands, settings, revision)

    @property
    def title(self) -> str:
        return self.file.title or f"Event {self.id}"

    @property
    def feedback(self) -> str:
        return str(self.settings.get("feedback", "traveller"))

    @property
    def published(self) -> Mapping[str, Any] | None:
        """When the results site was last published: the log's entry then, and whether the
        session was still running (``None``: never)."""
        found = self.settings.get("published")
        return found if isinstance(found, dict) else None

    @property
    def live_travellers(self) -> bool:
        """Whether the live page shows the travellers of the boards every table has played
        (the director's choice; the rankings alone by default)."""
        return bool(self.settings.get("live_travellers", False))

    @property
    def fixed_averages(self) -> bool:
        return bool(self.data.get("scoring", {}).get("fixed_averages", False))

    def section(self, given: str) -> str:
        """The section a request names, in any case (``a`` for ``A``)."""
        wanted = given.strip().upper()
        for section in self.layout.sections:
            if section.upper() == wanted:
                return section
        raise NotFound(f"there is no section {given} in this event")

    def letter(self, section: str) -> str | None:
        """The session file's letter of a server section (``None`` for the unnamed one)."""
        named = {s.letter for s in self.file.sections}
        return section if section in named else None

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

    def hand_record(self) -> Session | None:
        return None if self.hands is None else _hand_record(self.hands)

    def deals(self) -> Mapping[int, Deal]:
        record = self.hand_record()
        return {} if record is None else record.deals

    def line(self, key: SlotKey, slot: Slot) -> TravellerLine | None:
        """The traveller line of a slot that holds a result or an adjustment, else ``None``."""
        if not slot.state.scored or slot.fields is None:
            return None
        found = self.layout.plays(key)
        if found is None or found.ns is None or found.ew is None:
            return None
        movement = self.movements[key.section]
        fields = {**slot.fields, "ns": bare(movement, found.ns, Side.NS)}
        fields.update(ew=bare(movement, found.ew, Side.EW), round=str(key.round))
        fields["table"] = str(key.table)
        if self.letter(key.section) is not None:
            fields["section"] = key.section
        return read_fields(fields, key.board)

    @functools.cached_property
    def _plan(self) -> SessionPlan:
        """The session file's plan without results: its names, details and movements."""
        movements = {self.letter(key): movement for key, movement in self.movements.items()}
        return plan_results(self.file, movements, [], average_missing=False)

    def score(
        self, lines: Iterable[TravellerLine], kept: KeptBoards | None = None
    ) -> PairsEvent | None:
        """The event scored on these lines (the slots' lines, in slot order) as
        ``bridgescore score`` scores the session file with them; ``None`` before the first.
        ``kept``: the boards of the last scoring, given again where their results are the same."""
        found = tuple(lines)
        if not found:
            return None
        plan = self._plan
        # The lines come from the movement's own slots: they fit it, as check_results checks.
        session = replace(plan.session, lines=found, source=f"event {self.id}")
        record = self.hand_record()
        if record is not None:
            session = with_hands(session, record)
        plan = replace(plan, session=session, missing=())  # a live session: no news
        if "field" in self.file.scoring:
            return score_plan(plan, kept=kept)
        # The movement says how many winners: a Howell half-played is still one field.
        winners = {movement.winners for movement in self.movements.values()}
        return score_plan(plan, field="one" if winners == {1} else "two", kept=kept)


_RECORDS: dict[str, Session] = {}


def _hand_record(text: str) -> Session:
    """The hand record of ``text``, read once (a few events' records are kept)."""
    found = _RECORDS.get(text)
    if found is None:
        found = read_hands(text)
        if len(_RECORDS) >= 8:
            _RECORDS.pop(next(iter(_RECORDS)))
        _RECORDS[text] = found
    return found
