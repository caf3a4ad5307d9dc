"""Write the club server's hostile corpus (``tests/data/hostile/server.jsonl``): one case a line,
a request (or a few) a stranger, a table or a director might send, and the status it must get.
``tests/server/test_server_corpus.py`` runs every case on SQLite and on PostgreSQL and checks,
besides the status, that nothing was stored, nothing leaked and nothing answered 500.

Run it again after changing a rule below (``python -m tests.support.server_corpus``); each
status follows from the rule its case is made by (who may call the route, what its body must
hold), and was read case by case on the first run.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from tests.support.paths import DATA

HERE = DATA / "hostile" / "server.jsonl"
E = "{event}"
"""Stands for the corpus event's number in a path or a body."""

DIRECTOR_ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("GET", "/api/events", None),
    ("POST", "/api/events", {"sections": [{"tables": 3, "movement": "howell"}]}),
    ("POST", f"/api/events/{E}/start", None),
    ("POST", f"/api/events/{E}/end", None),
    ("POST", f"/api/events/{E}/settings", {"feedback": "off"}),
    ("POST", f"/api/events/{E}/results/correct", {"table": 1, "round": 1, "board": 1}),
    (
        "POST",
        f"/api/events/{E}/results/adjust",
        {"table": 1, "round": 1, "board": 1, "score": "AVE"},
    ),
    ("POST", f"/api/events/{E}/results/erase", {"table": 1, "round": 1, "board": 1}),
    ("POST", f"/api/events/{E}/results/not-played", {"table": 1, "round": 1, "board": 1}),
    ("POST", f"/api/events/{E}/rounds/close", {"round": 1}),
    ("POST", f"/api/events/{E}/calls/answer", {"table": 1}),
    ("POST", f"/api/events/{E}/tables/unlock", {"table": 1}),
    ("POST", f"/api/events/{E}/publish", {"mid_session": True}),
    ("GET", f"/api/events/{E}/grid", None),
    ("GET", f"/api/events/{E}/audit", None),
    ("GET", f"/api/events/{E}/travellers.csv", None),
    ("GET", f"/api/events/{E}/results.pbn", None),
    ("GET", f"/api/events/{E}/results.xml", None),
    ("GET", f"/api/events/{E}/names.csv", None),
]
TABLE_ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("GET", "/api/tables/rounds", None),
    ("GET", "/api/tables/boards/1", None),
    ("POST", "/api/tables/call", None),
    (
        "POST",
        "/api/results",
        {"id": "corpus-entry-1", "round": 1, "board": 1, "ns": "6", "ew": "1"},
    ),
    ("POST", "/api/results/not-played", {"id": "corpus-np-0001", "round": 1, "board": 1}),
    ("POST", "/api/results/corpus-entry-1/confirm", None),
    ("POST", "/api/results/corpus-entry-1/reject", None),
]
RESULT = {
    "id": "corpus-entry-9",
    "round": 1,
    "board": 1,
    "ns": "6",
    "ew": "1",
    "contract": "4S",
    "declarer": "N",
    "result": "=",
}
"""A good result for table A1's round 1 (its pairs 6 and 1): each body case spoils one field."""
CHANGE = {
    "section": "A",
    "table": 1,
    "round": 1,
    "board": 1,
    "contract": "4S",
    "declarer": "N",
    "result": "=",
}
BAD_NUMBERS: list[Any] = [
    True,
    None,
    "",
    "1.5",
    1.5,
    -1,
    0,
    10**30,
    "²",
    "٣",
    "1e3",
    [1],
    {"a": 1},
    "0x10",
]
BAD_TEXTS: list[Any] = [
    True,
    12.5,
    [],
    {},
    "A\u0000",
    "Ann\u001b[2J",
    "x\u202eevil",
    "y" * 300,
    "\u0007",
]
UNREADABLE = ["", "{", "null", "[]", "1", '"text"', '{"a": }', "\u0000", "{" * 5000]


def case(name: str, steps: list[dict[str, Any]], stores: bool = False) -> dict[str, Any]:
    return {"name": name, "steps": steps, "stores": stores}


def step(who: str, method: str, path: str, status: int, **sent: Any) -> dict[str, Any]:
    return {"as": who, "method": method, "path": path, "status": status, **sent}


def _who_may() -> Iterator[dict[str, Any]]:
    """Every director's route refused to strangers (401) and tables (403); every table's route
    refused to strangers (401) and directors (403)."""
    for method, path, body in DIRECTOR_ROUTES:
        sent = {} if body is None else {"json": body}
        slug = path.replace(E, "E").strip("/").replace("/", "-")
        yield case(f"stranger-{method}-{slug}", [step("anyone", method, path, 401, **sent)])
        yield case(f"table-{method}-{slug}", [step("table", method, path, 403, **sent)])
    for method, path, body in TABLE_ROUTES:
        sent = {} if body is None else {"json": body}
        slug = path.strip("/").replace("/", "-")
        yield case(f"stranger-{method}-{slug}", [step("anyone", method, path, 401, **sent)])
        yield case(f"director-{method}-{slug}", [step("director", method, path, 403, **sent)])


def _bodies() -> Iterator[dict[str, Any]]:
    """Each field of a body spoilt in turn: the request cannot be read (422), nothing stored."""
    for field in ("round", "board"):
        for n, bad in enumerate(BAD_NUMBERS):
            body = {**RESULT, field: bad}
            yield case(
                f"result-{field}-{n}", [step("table", "POST", "/api/results", 422, json=body)]
            )
    for field in ("ns", "ew", "contract", "declarer", "result", "lead"):
        for n, bad in enumerate(BAD_TEXTS):
            body = {**RESULT, field: bad}
            yield case(
                f"result-{field}-{n}", [step("table", "POST", "/api/results", 422, json=body)]
            )
    for n, bad in enumerate(
        ["", "x", "a" * 65, "../../etc", "id with space", "ïd-unicode-1", 12345678]
    ):
        body = {**RESULT, "id": bad}
        yield case(f"result-id-{n}", [step("table", "POST", "/api/results", 422, json=body)])
    for field in ("section", "table", "round", "board"):
        for n, bad in enumerate(BAD_NUMBERS[:8] if field != "section" else BAD_TEXTS):
            body = {**CHANGE, field: bad}
            path = f"/api/events/{E}/results/correct"
            yield case(f"change-{field}-{n}", [step("director", "POST", path, 422, json=body)])
    for n, bad in enumerate(["", "wrong", "A70/30", "120%", "50% 4SN=", "1e9%"]):
        body = {**CHANGE, "score": bad}
        path = f"/api/events/{E}/results/adjust"
        yield case(f"adjust-score-{n}", [step("director", "POST", path, 422, json=body)])
    for n, bad in enumerate(["false", 1, "yes", None, []]):
        path = f"/api/events/{E}/settings"
        status = 200 if bad is None else 422
        yield case(
            f"settings-averages-{n}",
            [step("director", "POST", path, status, json={"fixed_averages": bad})],
        )
    for n, bad in enumerate(["everything", "", 3, True]):
        path = f"/api/events/{E}/settings"
        yield case(
            f"settings-feedback-{n}", [step("director", "POST", path, 422, json={"feedback": bad})]
        )
    extras: list[dict[str, Any]] = [{"admin": True}, {"__proto__": {}}, {"id2": "x"}]
    for n, extra in enumerate(extras):
        yield case(
            f"result-extra-{n}",
            [step("table", "POST", "/api/results", 422, json={**RESULT, **extra})],
        )
    for n, text in enumerate(UNREADABLE):
        yield case(f"result-unreadable-{n}", [step("table", "POST", "/api/results", 422, raw=text)])
        yield case(f"login-unreadable-{n}", [step("anyone", "POST", "/api/login", 422, raw=text)])


def _logons() -> Iterator[dict[str, Any]]:
    good = {"event": E, "section": "A", "table": 1, "code": "WRONG1"}
    for field, values in (
        ("event", ["²", "⑤", "", -1, True, 10**40, "1 OR 1=1"]),
        ("table", ["³", "⑤", "", 0, 10**40, [1]]),
        ("section", ["", "ABCDEFGHI", "A\u0000", "A' OR '1'='1", {"x": 1}]),
        ("code", ["", "C" * 40, "\u0000", 123.5]),
    ):
        for n, bad in enumerate(values):
            body = {**good, field: bad}
            yield case(
                f"table-login-{field}-{n}",
                [step("anyone", "POST", "/api/tables/login", 422, json=body)],
            )
    for n, (name, password) in enumerate(
        [
            ("ann\u0000", "x"),
            ("", "x"),
            ("ann", ""),
            ("a" * 81, "x"),
            ("ann", "p" * 201),
            (1, 2),
            ("ann' --", "x"),
        ]
    ):
        status = 401 if n == 6 else 422
        body = {"name": name, "password": password}
        yield case(f"director-login-{n}", [step("anyone", "POST", "/api/login", status, json=body)])
    yield case(
        "table-login-wrong-code", [step("anyone", "POST", "/api/tables/login", 401, json=good)]
    )
    yield case(
        "table-login-no-such-section",
        [step("anyone", "POST", "/api/tables/login", 404, json={**good, "section": "Z"})],
    )


def _paths() -> Iterator[dict[str, Any]]:
    for n, bad in enumerate(
        ["0", "-1", "2147483648", "9223372036854775808", "9" * 5000, "abc", "1e3", "٣", "1.0"]
    ):
        for path in (
            f"/api/events/{bad}",
            f"/api/events/{bad}/ranking",
            f"/events/{bad}",
            f"/events/{bad}/live",
        ):
            number = bad.lstrip("-")
            status = (
                422 if not (number.isascii() and number.isdigit()) or len(number) > 4000 else 404
            )
            if bad == "1.0":
                status = 200  # (read as event 1, as pydantic reads a whole number's float)
            slug = path.split("/")[1] + "-" + path.rsplit("/", 1)[-1][:12]
            yield case(f"path-{n}-{slug}", [step("anyone", "GET", path, status)])
    for n, path in enumerate(
        [
            "/sites/../../etc/passwd",
            "/sites/%2e%2e/%2e%2e/etc/passwd",
            "/static/../storage/schema.py",
            "/static/%2e%2e/club.py",
            "/sites/event-1/../../club.db",
            "/api/results/..%2f..%2fetc/confirm",
            "/director/events/1/../../../etc/passwd",
        ]
    ):
        yield case(f"traversal-{n}", [step("anyone", "GET", path, 404)])


def _sizes() -> Iterator[dict[str, Any]]:
    big = "x" * (300 * 1024)
    for n, path in enumerate(
        ["/api/login", "/api/tables/login", "/api/results", f"/api/events/{E}/settings"]
    ):
        yield case(
            f"too-large-{n}", [step("anyone", "POST", path, 413, raw=json.dumps({"name": big}))]
        )
    yield case(
        "unknown-result-file", [step("director", "GET", f"/api/events/{E}/results.exe", 404)]
    )
    yield case(
        "deep-json-event",
        [step("director", "POST", "/api/events", 422, raw="[" * 100_000 + "]" * 100_000)],
    )
    yield case(
        "deep-toml-event",
        [
            step(
                "director",
                "POST",
                "/api/events",
                422,
                json={"title": {"a": {"b": {"c": [[[[]]]]}}}},
            )
        ],
    )


def cases() -> list[dict[str, Any]]:
    found = [*_who_may(), *_bodies(), *_logons(), *_paths(), *_sizes()]
    names = [c["name"] for c in found]
    assert len(names) == len(set(names)), "two cases of one name"
    return found


if __name__ == "__main__":
    with HERE.open("w", encoding="utf-8") as out:
        for item in cases():
            out.write(json.dumps(item, ensure_ascii=True) + "\n")
    print(f"{HERE}: {len(cases())} cases")
