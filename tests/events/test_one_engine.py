"""One engine, proved equal: whichever way a pairs file is read (by its format's reader, or in
columns) and its boards compared (the pure functions, or the numpy kernels), the event is the
same: its JSON, its terminal output (rankings and every traveller) and the results site's model,
character for character, on random events of every size, method and convention, in CSV, PBN
and USEBIO, read strictly and leniently.

Two ways are set against each other, forced through :func:`bridgescore.fast.select._forcing`
(a private hook for tests): the file's own reader with the numpy kernels, and the way the
command takes a traveller CSV (read in columns, the pure functions; a PBN file in columns
too, whatever its size). A rule changed on any one way (a reader's score, a kernel's tie)
fails the property.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.events.files import dump, load
from bridgescore.events.pairs import score_file
from bridgescore.fast.select import _forcing
from bridgescore.render.html.model import build_site
from bridgescore.render.terminal.output import printer
from bridgescore.render.terminal.pairs import print_event

CONTRACTS = (("4S", "N", 10), ("3NT", "S", 9), ("2H", "E", 8), ("5DX", "W", 10), ("1C", "N", 7))
"""A few contracts, each reached by many tables, so ties are everywhere."""
ADJUSTED = ("A60/40", "A40/60", "A50/50", "AVE+", "AVE-", "A60/60", "60% 4SN= 40% 4SN-1")


@st.composite
def tables(draw: st.DrawFn) -> int:
    """Tables a board: mostly a club's, now and then a congress's or a huge field's (1,000 or
    5,000, on one board)."""
    size = draw(st.integers(0, 99))
    if size < 86:
        return draw(st.integers(1, 12))
    if size < 98:
        return draw(st.integers(13, 60))
    return draw(st.sampled_from([1000, 5000]))


club_tables = tables()
# (the strategies drawn from below, made once: one made in a draw is made and checked each time)
SECTIONS = st.sampled_from([[""], ["A", "B"]])
MISSING = st.sampled_from([0.0, 0.0, 0.1, 0.3])
ADJUSTED_SHARE = st.sampled_from([0.0, 0.0, 0.05, 0.2])


@st.composite
def traveller_files(draw: st.DrawFn) -> str:
    """A traveller CSV: one or two sections (playing the same boards or not), Mitchell or
    Howell, boards not played everywhere, score-only lines, adjusted and weighted scores,
    leads, pairs that say their direction, now and then a line no reader takes."""
    count = draw(club_tables)
    boards = 1 if count > 60 else draw(st.integers(1, 4))
    sections = [""] if count > 60 else draw(SECTIONS)
    howell = draw(st.booleans())
    suffixed = not howell and draw(st.integers(0, 5)) == 0
    shared = draw(st.booleans())
    rows = ["board,section,ns,ew,contract,declarer,result,score,lead"]
    rng = Random(draw(st.integers(0, 2**32 - 1)))
    missing = draw(MISSING)
    adjusted = draw(ADJUSTED_SHARE)
    for index, section in enumerate(sections):
        for board in range(1, boards + 1):
            number = board if shared or not index else board + boards
            for table in range(count):
                if rng.random() < missing and count > 1:
                    continue
                if howell:
                    ns, ew = (
                        (table * 2 + board) % (2 * count) + 1,
                        (table * 2 + 1 + board) % (2 * count) + 1,
                    )
                else:
                    ns, ew = table + 1, (table + board) % count + 1
                ns_label, ew_label = (f"{ns}NS", f"{ew}EW") if suffixed else (str(ns), str(ew))
                contract, declarer, needed = rng.choice(CONTRACTS)
                result = ["", "", "", ""]
                if rng.random() < adjusted:
                    result = ["", "", "", rng.choice(ADJUSTED)]
                elif rng.random() < 0.05:
                    result = ["", "", "", str(rng.choice([110, 140, 150, -100, -200]))]
                else:
                    tricks = max(0, min(13, needed + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
                    result = [contract, declarer, str(tricks), ""]
                lead = rng.choice(["", "", "SA", "H10"]) if not result[3] else ""
                rows.append(",".join([str(number), section, ns_label, ew_label, *result, lead]))
    if draw(st.integers(0, 39)) == 0:
        rows.append(f"1,{sections[0]},98,99,8NT,N,10,,")  # no reader takes it
    text = "\n".join(rows) + "\n"
    return text.replace("60% 4SN= 40% 4SN-1", '"60% 4SN= 40% 4SN-1"')


CHOICES = {
    name: st.sampled_from(values)
    for name, values in {
        "method": ["mp", "mp", "crossimps", "butler", "total"],
        "scale": ["2/1", "1/0.5"],
        "short_boards": ["neuberg", "unfactored", "sum-of-tops", "add-missing"],
        "cross": ["average", "total", "per-score"],
        "datum": ["mean", "median"],
        "datum_rounding": ["half-up", "even"],
        "sit_out": ["0", "-1"],
        "compare": ["auto", "across", "within"],
        "weighted": ["pool", "apart"],
        "ties": ["equals", "plain"],
    }.items()
}
"""Each setting's values (a value twice is drawn twice as often)."""


def _rules(draw: st.DrawFn) -> dict[str, Any]:
    method = draw(CHOICES["method"])
    settings_: dict[str, Any] = {"method": method}
    if method == "mp":
        settings_["scale"] = draw(CHOICES["scale"])
        settings_["short_boards"] = draw(CHOICES["short_boards"])
        settings_["fixed_averages"] = draw(st.booleans())
    if method == "crossimps":
        settings_["cross"] = draw(CHOICES["cross"])
    if method == "butler":
        settings_["datum"] = draw(CHOICES["datum"])
        settings_["datum_rounding"] = draw(CHOICES["datum_rounding"])
    if draw(st.booleans()):
        settings_["board_precision"] = draw(st.integers(0, 2))
    if draw(st.integers(0, 3)) == 0:
        settings_["sit_out"] = "60%" if method == "mp" else draw(CHOICES["sit_out"])
    settings_["compare"] = draw(CHOICES["compare"])
    settings_["weighted"] = draw(CHOICES["weighted"])
    settings_["ties"] = draw(CHOICES["ties"])
    return settings_


rules = st.composite(_rules)


Seen = tuple[Any, ...] | str


def _seen(score: Callable[[], PairsEvent]) -> Seen:
    """What a user sees of the event: its JSON, its terminal output with every traveller and
    the results site's model (a huge field's without its score cards: a card is a pair's view
    of the lines its board pages show); or the one error it stops with."""
    try:
        event = score()
    except BridgeScoreError as error:
        return f"{type(error).__name__}: {error}"
    printed = io.StringIO()
    print_event(event, printer("table", printed), travellers=True)
    cards = len(event.session.lines) <= 1000
    return event.to_dict(), printed.getvalue(), build_site(event, cards=cards)


def _file(folder: Path, text: str, kind: str) -> Path | None:
    """The event as a file of ``kind`` (``csv``, ``pbn``, ``xml``), written by bridgescore's
    own writers from the CSV; ``None`` when the CSV reader refuses it or the format cannot
    hold it."""
    path = folder / "event.csv"
    path.write_text(text, encoding="utf-8")
    if kind == "csv":
        return path
    try:
        session = load(path, lenient=True)
        other = folder / f"event.{kind}"
        dump(session, other, lenient=True)
    except BridgeScoreError:
        return None
    return other


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    text=traveller_files(),
    chosen=rules(),
    kind=st.sampled_from(["csv", "csv", "pbn", "xml"]),
    lenient=st.booleans(),
)
def test_the_event_is_the_same_whichever_way_it_is_read_and_compared(
    tmp_path_factory: Any, text: str, chosen: dict[str, Any], kind: str, lenient: bool
) -> None:
    path = _file(tmp_path_factory.mktemp("event"), text, kind)
    if path is None:
        return

    def score(columnar: bool) -> PairsEvent:
        return score_file(path, columnar=columnar, lenient=lenient, **chosen)

    lines = text.count("\n") - 1
    event(f"{kind}, {'lenient' if lenient else 'strict'}, {chosen['method']}")
    event("lines: " + ("1-40" if lines <= 40 else "41-1,000" if lines <= 1000 else "1,000-5,000"))
    with _forcing(reader="exact", kernels=True):  # the file's own reader, the numpy kernels
        exact = _seen(lambda: score(False))
    kept = exact.split(": ")[-1][:40] if isinstance(exact, str) else "scored"
    event(kept)
    with _forcing(reader="columns", kernels=False):  # in columns, the pure functions
        columns = _seen(lambda: score(True))
    assert columns == exact
