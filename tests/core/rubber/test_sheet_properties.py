"""Invariants of rubber and Chicago sheets, checked on random sessions (hypothesis)."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Seat, Side, Strain
from bridgescore.core.rubber.chicago import ChicagoRules, score_chicago
from bridgescore.core.rubber.rubber import score_rubber
from bridgescore.core.rubber.sheet import Entry, Honours, PlayedDeal, Reason, SideTotals
from tests.support.law77 import duplicate, law77_of, without_premiums
from tests.support.strategies import results

sides = st.sampled_from(list(Side))


@st.composite
def deals(draw: st.DrawFn) -> PlayedDeal:
    """A possible deal: any result (passed out now and then), honours sometimes."""
    result = draw(results())
    honours = None
    if not result.contract.is_pass and draw(st.booleans()):
        points = (
            150 if result.contract.strain is Strain.NOTRUMP else draw(st.sampled_from([100, 150]))
        )
        honours = Honours(draw(sides), points)
    return PlayedDeal(result, honours)


sessions = st.lists(deals(), max_size=30)
chicago_rules = st.builds(
    ChicagoRules,
    dealer_vulnerable=st.booleans(),
    honours=st.booleans(),
    duplicate_style=st.booleans(),
    first_dealer=st.sampled_from(list(Seat)),
)

_PREMIUMS = (Reason.RUBBER_BONUS, Reason.UNFINISHED_GAME, Reason.UNFINISHED_PARTSCORE)


@given(sessions, st.sampled_from([100, 50]))
def test_rubber_totals_are_the_sum_of_the_entries(session: list[PlayedDeal], bonus: int) -> None:
    sheet = score_rubber(session, partscore_bonus=bonus)
    assert sheet.totals == SideTotals.of_entries(sheet.entries)
    assert sheet.totals == sum((r.totals for r in sheet.rubbers), SideTotals())
    assert sheet.totals == sum((d.totals for d in sheet.deals), SideTotals()) + sum(
        (SideTotals.of_entries(e for e in r.entries if e.deal is None) for r in sheet.rubbers),
        SideTotals(),
    )
    if sheet.rubbers:
        assert sheet.running_totals[-1] == sheet.totals
    assert [d.number for d in sheet.deals] == list(range(1, len(session) + 1))
    assert all(e.points > 0 for e in sheet.entries)


@given(sessions)
def test_a_rubber_winner_gets_exactly_one_bonus_of_500_or_700(session: list[PlayedDeal]) -> None:
    sheet = score_rubber(session)
    for index, rubber in enumerate(sheet.rubbers):
        bonuses = [e for e in rubber.entries if e.reason in _PREMIUMS]
        if rubber.winner is None:
            assert index == len(sheet.rubbers) - 1  # only the last rubber can be unfinished
            assert all(e.reason is not Reason.RUBBER_BONUS for e in bonuses)
            continue
        loser_games = rubber.games_won(rubber.winner.opponent)
        assert rubber.games_won(rubber.winner) == 2 and loser_games in (0, 1)
        assert [(e.side, e.points, e.reason) for e in bonuses] == [
            (rubber.winner, 700 if loser_games == 0 else 500, Reason.RUBBER_BONUS)
        ]
        assert bonuses[0].deal == rubber.deals[-1].number


@given(sessions)
def test_games_are_won_at_100_below_the_line(session: list[PlayedDeal]) -> None:
    for rubber in score_rubber(session).rubbers:
        for game in rubber.games:
            assert all(
                e.reason is Reason.TRICK_SCORE and e.game == game.number for e in game.entries
            )
            totals = game.totals
            if game.winner is None:
                assert totals.ns < 100 and totals.ew < 100
            else:
                assert totals.of(game.winner) >= 100 > totals.of(game.winner.opponent)
        assert all(not e.below for e in rubber.above)


@given(sessions)
def test_unfinished_rubber_bonuses(session: list[PlayedDeal]) -> None:
    sheet = score_rubber(session, partscore_bonus=50)
    for rubber in sheet.rubbers:
        if rubber.finished:
            continue
        game_bonus = [e for e in rubber.entries if e.reason is Reason.UNFINISHED_GAME]
        completed = [g for g in rubber.games if g.winner is not None]
        assert [e.side for e in game_bonus] == (
            [completed[0].winner] if len(completed) == 1 else []
        )
        in_progress = [g for g in rubber.games if g.winner is None]
        with_partscore = {e.side for g in in_progress for e in g.entries}
        partscores = [e for e in rubber.entries if e.reason is Reason.UNFINISHED_PARTSCORE]
        assert {e.side for e in partscores} == with_partscore
        assert all(e.points == 50 for e in partscores)


def side_of(seat: Seat) -> Side:
    return Side.NS if seat in (Seat.NORTH, Seat.SOUTH) else Side.EW


def ns_view(entries: Iterable[Entry]) -> int:
    """NS's points less EW's."""
    return sum(e.points if e.side is Side.NS else -e.points for e in entries)


def rubber_vulnerability(session: list[PlayedDeal]) -> list[set[Side]]:
    """The sides vulnerable at each deal, worked from the rules of rubber bridge: a side is
    vulnerable once it has won a game of the rubber; a game is 100 trick points below the line
    (then both sides' partscores start afresh) and two games win the rubber."""
    games = dict.fromkeys(Side, 0)
    below = dict.fromkeys(Side, 0)
    vulnerable: list[set[Side]] = []
    for deal in session:
        vulnerable.append({side for side in Side if games[side]})
        result = deal.result
        if result.declarer is None:
            continue
        side = side_of(result.declarer)
        below[side] += law77_of(result.contract, result.tricks, side in vulnerable[-1])["tricks"]
        if below[side] >= 100:
            games[side] += 1
            below = dict.fromkeys(Side, 0)
            if games[side] == 2:
                games = dict.fromkeys(Side, 0)
    return vulnerable


@given(sessions)
def test_each_rubber_deal_is_law_77_without_game_and_partscore_premiums(
    session: list[PlayedDeal],
) -> None:
    sheet = score_rubber(session)
    for scored, vulnerable in zip(sheet.deals, rubber_vulnerability(session), strict=True):
        assert {side for side in Side if scored.vulnerability.is_vulnerable(side)} == vulnerable
        result = scored.deal.result
        plain = [e for e in scored.entries if e.reason not in (*_PREMIUMS, Reason.HONOURS)]
        if result.declarer is None:
            assert scored.entries == ()
            continue
        side = side_of(result.declarer)
        law = law77_of(result.contract, result.tricks, side in vulnerable)
        assert ns_view(plain) == without_premiums(law) * (1 if side is Side.NS else -1)


@given(sessions, st.integers(min_value=0, max_value=30), st.sampled_from(["rubber", "chicago"]))
def test_a_passed_out_deal_changes_nothing(
    session: list[PlayedDeal], where: int, kind: str
) -> None:
    with_pass = [*session[:where], PlayedDeal.parse("pass"), *session[where:]]
    if kind == "rubber":
        assert score_rubber(with_pass).totals == score_rubber(session).totals
    else:
        assert score_chicago(with_pass).totals == score_chicago(session).totals


def chicago_vulnerability(
    session: list[PlayedDeal], rules: ChicagoRules
) -> list[tuple[int, set[Side]]]:
    """Each deal's place in its chukker (1-4) and the sides vulnerable, worked from the rules of
    Chicago: the deal goes round clockwise from the first dealer; deal 1 nobody vulnerable, 2
    and 3 the dealer's side (the other side by agreement, and always in duplicate style), 4 both;
    a passed-out deal is redealt by the same dealer at the same vulnerability."""
    clockwise = [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    first = clockwise.index(rules.first_dealer)
    played = 0
    places: list[tuple[int, set[Side]]] = []
    for deal in session:
        position = played % 4 + 1
        dealing = side_of(clockwise[(first + position - 1) % 4])
        not_dealing = Side.EW if dealing is Side.NS else Side.NS
        if position == 1:
            places.append((position, set()))
        elif position == 4:
            places.append((position, set(Side)))
        elif rules.dealer_vulnerable and not rules.duplicate_style:
            places.append((position, {dealing}))
        else:
            places.append((position, {not_dealing}))
        if not deal.is_pass:
            played += 1
    return places


@settings(max_examples=200)
@given(sessions, chicago_rules)
def test_chicago_deals_are_law_77_apart_from_the_premiums(
    session: list[PlayedDeal], rules: ChicagoRules
) -> None:
    sheet = score_chicago(session, rules)
    assert sheet.totals == SideTotals.of_entries(sheet.entries)
    assert sheet.totals == sum((c.totals for c in sheet.chukkers), SideTotals())
    for scored, (position, vulnerable) in zip(
        sheet.deals, chicago_vulnerability(session, rules), strict=True
    ):
        assert scored.position == position
        assert {side for side in Side if scored.vulnerability.is_vulnerable(side)} == vulnerable
        result = scored.deal.result
        if result.declarer is None:
            assert scored.entries == ()
            continue
        premiums = [
            e.points
            for e in scored.entries
            if e.reason in (Reason.GAME_PREMIUM, Reason.PARTSCORE_PREMIUM)
        ]
        honours = ns_view([e for e in scored.entries if e.reason is Reason.HONOURS])
        side = side_of(result.declarer)
        sign = 1 if side is Side.NS else -1
        law = law77_of(result.contract, result.tricks, side in vulnerable)
        if rules.duplicate_style:
            # exactly the duplicate score of board 1-4, plus honours when counted
            assert ns_view(scored.entries) - honours == duplicate(law) * sign
        else:
            assert len(premiums) <= 1 and set(premiums) <= {100, 300, 500}
            assert (
                ns_view(scored.entries) - honours == (without_premiums(law) + sum(premiums)) * sign
            )
            if law["game"]:  # a game contract on its own always earns the game premium
                assert premiums == [law["game"]]
        if not rules.honours:
            assert honours == 0
    for chukker in sheet.chukkers[:-1]:
        assert chukker.complete


@given(deals())
def test_a_deal_round_trips_through_its_notation(deal: PlayedDeal) -> None:
    assert PlayedDeal.parse(str(deal)) == deal
