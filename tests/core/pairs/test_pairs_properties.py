"""Invariants of board scoring, checked on random boards with many ties."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.pairs.conventions import ShortBoards, WeightedScores
from bridgescore.core.pairs.fields import Contestants, PairId, label_order, natural_order
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.pairs.standings import field_figures, rank_fields
from bridgescore.core.pairs.totals import PairTotal
from bridgescore.core.scoring.crossimps import CrossNorm, cross_imp_totals
from bridgescore.core.scoring.matchpoints import Scale, raw_matchpoints
from bridgescore.core.scoring.ranking import places
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, TravellerLine
from tests.support.imp_scale import imps_by_scale
from tests.support.strategies import weighted_scores

# Few distinct values, so ties are common, spread like real NS scores.
ns_scores = st.sampled_from(
    [-1100, -800, -200, -100, -50, 0, 90, 110, 140, 170, 420, 450, 620, 650, 1430]
)
boards = st.lists(ns_scores, min_size=1, max_size=30)


def session_of(values: list[int]) -> Session:
    return Session(
        tuple(TravellerLine(1, str(n), str(100 + n), ns_score=s) for n, s in enumerate(values))
    )


@given(boards)
def test_matchpoints_2_1_sum_to_n_n_minus_1_and_each_table_shares_the_top(
    values: list[int],
) -> None:
    n = len(values)
    board = score_session(session_of(values)).board(1)
    assert sum(line.ns_points for line in board.lines) == n * (n - 1)
    assert all(line.ns_points + line.ew_points == 2 * (n - 1) for line in board.lines)


@given(boards)
def test_matchpoints_match_the_law_78a_definition(values: list[int]) -> None:
    naive = [
        sum(2 if s > o else 1 if s == o else 0 for j, o in enumerate(values) if j != i)
        for i, s in enumerate(values)
    ]
    assert raw_matchpoints(values) == naive


@given(boards)
def test_cross_imps_match_the_pairwise_definition_and_sum_to_zero(values: list[int]) -> None:
    naive = [
        sum(imps_by_scale(s - o) for j, o in enumerate(values) if j != i)
        for i, s in enumerate(values)
    ]
    assert cross_imp_totals(values) == naive
    for norm in CrossNorm:
        board = score_session(
            session_of(values), PairsRules(method=PairsMethod.CROSSIMPS, cross=norm)
        ).board(1)
        assert sum(line.ns_points for line in board.lines) == 0
        assert all(line.ew_points == -line.ns_points for line in board.lines)


def datum_by_hand(values: list[int]) -> int:
    """The Butler datum by the default rule (rules-and-formats §2.3): with 4 scores or more the
    top and the bottom one are left out; the mean of the rest goes to the nearest 10, a final
    5 away from zero."""
    kept = sorted(values)[1:-1] if len(values) >= 4 else values
    mean = Fraction(sum(kept), len(kept))
    tens = math.floor(abs(mean) / 10 + Fraction(1, 2))
    return 10 * tens if mean >= 0 else -10 * tens


@given(boards)
def test_butler_is_imps_against_the_datum_for_ns_and_their_negation_for_ew(
    values: list[int],
) -> None:
    board = score_session(session_of(values), PairsRules(method=PairsMethod.BUTLER)).board(1)
    datum = datum_by_hand(values)
    assert board.datum == datum
    assert [line.ns_points for line in board.lines] == [imps_by_scale(s - datum) for s in values]
    assert all(line.ew_points == -line.ns_points for line in board.lines)


@settings(max_examples=60)
@given(
    boards,
    st.integers(1, 4),
    st.sampled_from([ArtificialScore.parse(t) for t in ("AVE", "A60/40", "A40/40")]),
)
def test_neuberg_factored_real_results_sum_to_a_times_e_minus_1(
    values: list[int], missing: int, average: ArtificialScore
) -> None:
    lines = list(session_of(values).lines)
    lines += [TravellerLine(1, f"x{i}", f"y{i}", adjusted=average) for i in range(missing)]
    board = score_session(Session(tuple(lines))).board(1)
    a, e = len(values), len(values) + missing
    assert board.expected == e and board.actual == a
    assert sum(line.ns_points for line in board.lines[:a]) == a * (e - 1)
    assert all(line.ns_points + line.ew_points == 2 * (e - 1) for line in board.lines[:a])


@settings(max_examples=60)
@given(boards, st.data())
def test_a_weighted_score_keeps_the_ns_field_total(values: list[int], data: st.DataObject) -> None:
    weighted: WeightedScore = data.draw(weighted_scores(1))
    lines = [*session_of(values).lines, TravellerLine(1, "w", "z", adjusted=weighted)]
    n = len(lines)
    board = score_session(Session(tuple(lines))).board(1)
    assert sum(line.ns_points for line in board.lines) == n * (n - 1)
    cross = score_session(Session(tuple(lines)), PairsRules(method=PairsMethod.CROSSIMPS)).board(1)
    assert sum(line.ns_points for line in cross.lines) == 0
    assert all(isinstance(line.ns_points, Fraction) for line in cross.lines)


@settings(max_examples=60)
@given(boards, st.integers(1, 4), st.sampled_from([Scale.EBU, Scale.ACBL]))
def test_add_missing_results_sum_as_a_times_e_minus_1_on_either_scale(
    values: list[int], missing: int, scale: Scale
) -> None:
    """Each missing result is a tie with every real one: the A real results share A(E-1) 2/1
    matchpoints (half that on 1/0.5), each table the full top."""
    lines = list(session_of(values).lines)
    lines += [
        TravellerLine(1, f"x{i}", f"y{i}", adjusted=ArtificialScore.parse("AVE"))
        for i in range(missing)
    ]
    rules = PairsRules(short_boards=ShortBoards.ADD_MISSING, scale=scale)
    board = score_session(Session(tuple(lines)), rules).board(1)
    a, e = len(values), len(values) + missing
    half = 1 if scale is Scale.EBU else Fraction(1, 2)
    assert sum(line.ns_points for line in board.lines[:a]) == half * a * (e - 1)
    assert all(line.ns_points + line.ew_points == half * 2 * (e - 1) for line in board.lines[:a])
    assert all(line.ns_points >= half * (e - a) for line in board.lines[:a])


@settings(max_examples=60)
@given(
    boards, st.integers(1, 4), st.sampled_from([ShortBoards.UNFACTORED, ShortBoards.SUM_OF_TOPS])
)
def test_unfactored_short_boards_keep_their_own_top(
    values: list[int], missing: int, mode: ShortBoards
) -> None:
    lines = list(session_of(values).lines)
    lines += [
        TravellerLine(1, f"x{i}", f"y{i}", adjusted=ArtificialScore.parse("AVE"))
        for i in range(missing)
    ]
    board = score_session(Session(tuple(lines)), PairsRules(short_boards=mode)).board(1)
    a = len(values)
    assert board.top == 2 * (a - 1)
    assert [line.ns_points for line in board.lines[:a]] == raw_matchpoints(values)


@settings(max_examples=60)
@given(boards, st.integers(0, 3))
def test_rounded_board_points_are_within_half_a_unit_of_the_exact(
    values: list[int], places: int
) -> None:
    lines = [
        *session_of(values).lines,
        TravellerLine(1, "x", "y", adjusted=ArtificialScore.parse("AVE+")),
    ]
    for method in PairsMethod:
        if method is PairsMethod.TOTAL:
            continue
        exact = score_session(Session(tuple(lines)), PairsRules(method=method)).board(1)
        rounded = score_session(
            Session(tuple(lines)), PairsRules(method=method, board_precision=places)
        ).board(1)
        for one, other in zip(exact.lines, rounded.lines, strict=True):
            for side in (one.ns_points - other.ns_points, one.ew_points - other.ew_points):
                assert abs(side) <= Fraction(1, 2 * 10**places)
            assert (other.ns_points * 10**places).denominator == 1


@settings(max_examples=60)
@given(boards, st.data())
def test_a_weighted_score_apart_leaves_the_others_as_if_its_table_had_not_played(
    values: list[int], data: st.DataObject
) -> None:
    weighted: WeightedScore = data.draw(weighted_scores(1))
    lines = [*session_of(values).lines, TravellerLine(1, "w", "z", adjusted=weighted)]
    missing = [
        *session_of(values).lines,
        TravellerLine(1, "w", "z", adjusted=ArtificialScore.parse("AVE")),
    ]
    for method in (PairsMethod.MP, PairsMethod.CROSSIMPS):
        rules = PairsRules(method=method, weighted=WeightedScores.APART)
        apart = score_session(Session(tuple(lines)), rules).board(1)
        without = score_session(Session(tuple(missing)), PairsRules(method=method)).board(1)
        assert [line.ns_points for line in apart.lines[:-1]] == [
            line.ns_points for line in without.lines[:-1]
        ]


@settings(max_examples=60, deadline=None)
@given(
    totals=st.lists(
        st.tuples(st.integers(0, 12), st.integers(1, 3), st.integers(1, 3)),
        min_size=1,
        max_size=14,
    ),
    method=st.sampled_from([PairsMethod.MP, PairsMethod.CROSSIMPS, PairsMethod.TOTAL]),
    seats=st.lists(
        st.tuples(st.sampled_from([None, "A"]), st.sampled_from(list(Side))),
        min_size=14,
        max_size=14,
    ),
)
def test_ranking_groups_of_equal_totals_is_ranking_each_pair(
    totals: list[tuple[int, int, int]], method: PairsMethod, seats: list[tuple[str | None, Side]]
) -> None:
    """:func:`rank_fields` ranks each field by groups of pairs with equal totals: each pair
    gets the place and the figures it gets placed one by one (:func:`places` on every pair's
    value, ties in natural order), whatever the fields."""
    rules = PairsRules(method=method)

    def total(given: tuple[int, int, int]) -> PairTotal:
        score, boards, top = given
        return PairTotal(
            Fraction(score), boards, Fraction(top * boards) if method is PairsMethod.MP else None
        )

    pairs = [PairId(f"{n + 1:0{n % 2 + 1}}", *seats[n][::-1]) for n in range(len(totals))]
    ranked = rank_fields(Contestants.of(pairs), totals, total, rules, {})
    for ranking in ranked:
        members = sorted(
            (
                n
                for n, pair in enumerate(pairs)
                if pair.field == ranking.field and pair.section == ranking.section
            ),
            key=lambda n: pairs[n].sort_key(),
        )
        boards = Counter(totals[n][1] for n in members)
        worked = field_figures([total(totals[n]) for n in members], boards, rules)
        one_by_one = [
            (pairs[members[i]], place, tied, worked[i][0])
            for i, place, tied in places([value for _, value in worked])
        ]
        assert [
            (e.pair, e.rank, e.tied, (e.score, e.boards, e.max, e.percent, e.scaled))
            for e in ranking.entries
        ] == [
            (pair, place, tied, (f.score, f.boards, f.max, f.percent, f.scaled))
            for pair, place, tied, f in one_by_one
        ]


_LABELS = st.one_of(
    st.integers(0, 30).map(str),  # plain numbers, as most pairs are
    st.integers(0, 10**12).map(str),
    st.integers(10**17, 10**25).map(str),  # longer than the labels sorted by value
    st.builds("{}{}".format, st.sampled_from(["0", "00"]), st.integers(0, 30)),  # 07 and 7
    st.text(st.sampled_from("0123456789AbZ -٣é"), max_size=4),  # any other label
)


@given(st.lists(_LABELS, unique=True, max_size=30))
def test_natural_order_is_the_label_order_whatever_the_labels(labels: list[str]) -> None:
    """Plain numbers are sorted by value, which is their natural order; any other list of
    labels (a leading zero, a letter, an empty label, a non-ASCII digit) by the full key."""
    assert natural_order(labels) == sorted(labels, key=label_order)
