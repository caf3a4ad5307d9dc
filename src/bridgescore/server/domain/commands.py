"""What the tables and the director ask the server to do, as typed, strictly checked values
(pydantic models): the JSON API's request bodies and the pages' forms are read by the same
models, so a form and a program are held to the same rules.

>>> body = ResultBody.model_validate({"id": "a1b2c3d4e5", "round": "2", "board": 3, "ns": 5,
...     "ew": "12", "contract": "4S", "declarer": "N", "result": "="})
>>> body.round, body.ns, body.fields()
(2, '5', {'contract': '4S', 'declarer': 'N', 'result': '='})
>>> Settings.model_validate({"fixed_averages": "false"})
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Settings
fixed_averages
  Input should be a valid boolean [type=bool_type, input_value='false', input_type=str]
...
"""

from __future__ import annotations

__all__ = [
    "AnswerCall",
    "CloseRound",
    "DirectorChange",
    "DirectorLogin",
    "NotPlayedBody",
    "Publish",
    "ResultBody",
    "Settings",
    "TableLogin",
    "read",
    "unreadable",
]

import re
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, ValidationError
from pydantic_core import PydanticCustomError

from bridgescore.server.domain.errors import Unfit

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{7,63}")


def _whole(value: object) -> object:
    """A whole number, given as a number or as plain ASCII digits (a form sends text)."""
    if isinstance(value, bool):
        raise PydanticCustomError("whole", "a whole number, not true or false")
    if isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 9):
            raise PydanticCustomError("whole", "{value!r} is not a whole number", {"value": value})
        return int(text)
    return value


def _text(limit: int) -> Any:
    """A short line of printable text (a number given is read as its digits)."""

    def check(value: object) -> object:
        if isinstance(value, bool):
            raise PydanticCustomError("text", "text, not true or false")
        if isinstance(value, int):
            value = str(value)
        if isinstance(value, str):
            value = value.strip()
            if len(value) > limit:
                raise PydanticCustomError("text", "at most {limit} characters", {"limit": limit})
            if not value.isprintable():
                raise PydanticCustomError("text", "control characters are not allowed")
        return value

    return BeforeValidator(check)


def _client_id(value: object) -> object:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise PydanticCustomError(
            "id", "not an id (a UUID the device makes: 8 to 64 letters, digits, - or _)"
        )
    return value


Number = Annotated[int, BeforeValidator(_whole), Field(ge=1, le=9999)]
"""A round, board, table or event number."""
ClientId = Annotated[str, BeforeValidator(_client_id)]
"""The id a device gives an entry, so that sending it again stores it once."""
Section = Annotated[str, _text(8), Field(min_length=1)]
Short = Annotated[str, _text(24)]
Reason = Annotated[str, _text(200)]


class _Body(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class DirectorLogin(_Body):
    name: Annotated[str, _text(80), Field(min_length=1)]
    password: Annotated[str, Field(min_length=1, max_length=200)]


class TableLogin(_Body):
    event: Number
    section: Section = "A"
    table: Number
    code: Annotated[str, _text(16), Field(min_length=1)]


class _Result(_Body):
    contract: Short | None = None
    declarer: Short | None = None
    result: Short | None = None
    lead: Short | None = None

    def fields(self) -> dict[str, str]:
        """The result's fields as a traveller line has them (the lead in capitals)."""
        given = {k: getattr(self, k) for k in ("contract", "declarer", "result", "lead")}
        fields = {key: value for key, value in given.items() if value}
        if "lead" in fields:
            fields["lead"] = fields["lead"].upper()
        return fields


class ResultBody(_Result):
    """A table's result for a board of its round."""

    id: ClientId
    round: Number
    board: Number
    ns: Short
    ew: Short


class NotPlayedBody(_Body):
    """A table says a board of its round was not played."""

    id: ClientId
    round: Number
    board: Number


class DirectorChange(_Result):
    """A director's change to one board at one table: a result, a score, or none."""

    section: Section = "A"
    table: Number
    round: Number
    board: Number
    score: Short | None = None
    reason: Reason | None = None


class CloseRound(_Body):
    section: Section = "A"
    round: Number


class AnswerCall(_Body):
    section: Section = "A"
    table: Number


class Publish(_Body):
    """Publish the results site before the session ends (the boards still in play left out)."""

    mid_session: StrictBool = False


class Settings(_Body):
    """What the tables see after a board, how artificial scores count, and whether the live
    page shows the travellers of finished boards."""

    feedback: Literal["off", "own", "traveller", "round-end"] | None = None
    fixed_averages: StrictBool | None = None
    live_travellers: StrictBool | None = None


def unreadable(errors: Iterable[Mapping[str, Any]]) -> str:
    """What is wrong with a request, field by field (pydantic's errors said plainly).

    >>> try:
    ...     NotPlayedBody.model_validate({"id": "x", "round": 1, "board": 2})
    ... except ValidationError as error:
    ...     print(unreadable(error.errors()))
    the request cannot be read: id: not an id (a UUID the device makes: 8 to 64 letters, digits, - or _)
    """
    problems = "; ".join(
        f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
        for e in errors
    )
    return f"the request cannot be read: {problems}"


Model = TypeVar("Model", bound=BaseModel)


def read(model: type[Model], data: Mapping[str, Any]) -> Model:
    """``data`` (a page's form, say) read as ``model``, or a clear refusal."""
    try:
        return model.model_validate(dict(data))
    except ValidationError as error:
        raise Unfit(unreadable(error.errors())) from None
