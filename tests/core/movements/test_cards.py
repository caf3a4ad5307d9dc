"""Table and guide cards, worked by hand on a 3-table Mitchell and the Howells: where each pair
and the boards go next."""

from __future__ import annotations

from bridgescore.core.movements import howell, mitchell
from bridgescore.core.movements.cards import guide_cards, next_move, table_cards


def test_a_mitchell_table_card_sends_ew_up_one_and_the_boards_down_one() -> None:
    card = table_cards(mitchell(3))[1]  # table 2
    assert card.title == "Table 2"
    assert [(r.round, r.ns, r.ew, r.boards) for r in card.rows] == [
        (1, "2NS", "2EW", "10-18"),
        (2, "2NS", "1EW", "19-27"),
        (3, "2NS", "3EW", "1-9"),
    ]
    first, last = card.rows[0], card.rows[-1]
    assert (first.ns_next, first.ew_next, first.boards_next) == ("stays", "table 3 EW", "table 1")
    assert (last.ns_next, last.ew_next, last.boards_next) == ("", "", "")


def test_a_half_table_says_who_sits_out() -> None:
    movement = mitchell(3, phantom=True)
    card = table_cards(movement)[2]
    assert card.rows[0].ns == "-"
    assert next_move(movement, "2EW", 1) == "sits out"  # 2EW goes to table 3 in round 2
    guide = next(g for g in guide_cards(movement) if g.pair == "2EW")
    assert [(r.round, r.table, r.opponents) for r in guide.rows] == [
        (1, 2, "2NS"),
        (2, None, "sits out"),
        (3, 1, "1NS"),
    ]


def test_every_guide_card_of_a_howell_meets_every_other_pair_once() -> None:
    movement = howell(5)
    cards = guide_cards(movement)
    assert [c.pair for c in cards] == [str(p) for p in range(1, 11)]
    for card in cards:
        met = [row.opponents for row in card.rows]
        assert sorted(met, key=int) == [p for p in movement.pairs if p != card.pair]
        assert {row.direction for row in card.rows} <= {"NS", "EW"}


def test_the_stationary_howell_pair_stays_and_boards_go_down_one_or_to_a_relay() -> None:
    movement = howell(4)
    table1 = table_cards(movement)[0]
    assert {r.ns for r in table1.rows} == {"8"} and {r.ns_next for r in table1.rows[:-1]} == {
        "stays"
    }
    boards_next = {r.boards_next for card in table_cards(movement) for r in card.rows[:-1]}
    assert boards_next <= {"table 1", "table 2", "table 3", "relay"}


def test_mini_set_cards_say_the_boards_in_play_order_and_where_each_set_goes() -> None:
    from bridgescore.core.movements.howell import howell_minisets

    movement = howell_minisets(20)
    first = movement.round(1)
    card = table_cards(movement)[0]
    row = card.rows[0]
    one, two = (movement.sets[name] for name in first[0].sets)
    assert row.boards == f"{one[0]}-{one[-1]} then {two[0]}-{two[-1]}"
    # each set goes where it is played next: later in the round at another table, or the
    # tables that hold it in round 2
    parts = row.boards_next.split("; ")
    assert [p.split(": ")[0] for p in parts] == [f"{one[0]}-{one[-1]}", f"{two[0]}-{two[-1]}"]
    for (name, part), slot in zip(zip(first[0].sets, parts, strict=True), (0, 1), strict=True):
        later = [s.table for s in first if name in s.sets[slot + 1 :] and s.table != 1]
        following = [s.table for s in movement.round(2) if name in s.sets]
        expected = later or following
        words = "table " if len(expected) == 1 else "tables "
        said = words + " and ".join(map(str, expected))
        assert part.split(": ")[1] == {(): "relay", (1,): "stay"}.get(tuple(expected), said)
    guide = next(g for g in guide_cards(movement) if g.pair == first[0].ns)
    assert guide.rows[0].boards == row.boards
