"""Invariants of rubber and Chicago sheets, checked on random sessions (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Seat, Side, Strain
from bridgescore.core.rubber.chicago import ChicagoRules, score_chicago
from bridgescore.core.rubber.rubber import score_rubber
from bridgescore.core.rubber.sheet import Honours, PlayedDeal, Reason, SideTotals
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


@given(sessions)
def test_each_rubber_deal_is_law_77_without_game_and_partscore_premiums(
    session: list[PlayedDeal],
) -> None:
    for scored in score_rubber(session).deals:
        result = scored.deal.result
        plain = [e for e in scored.entries if e.reason not in (*_PREMIUMS, Reason.HONOURS)]
        if result.declarer is None:
            assert scored.entries == ()
            continue
        vulnerable = scored.vulnerability.is_vulnerable(result.declarer)
        parts = result.contract.breakdown(result.tricks, vulnerable)
        expected = (parts.total - parts.game - parts.partscore) * result.declarer.side.sign
        assert SideTotals.of_entries(plain).difference == expected


@given(sessions, st.integers(min_value=0, max_value=30), st.sampled_from(["rubber", "chicago"]))
def test_a_passed_out_deal_changes_nothing(
    session: list[PlayedDeal], where: int, kind: str
) -> None:
    with_pass = [*session[:where], PlayedDeal.parse("pass"), *session[where:]]
    if kind == "rubber":
        assert score_rubber(with_pass).totals == score_rubber(session).totals
    else:
        assert score_chicago(with_pass).totals == score_chicago(session).totals


@settings(max_examples=200)
@given(sessions, chicago_rules)
def test_chicago_deals_are_law_77_apart_from_the_premiums(
    session: list[PlayedDeal], rules: ChicagoRules
) -> None:
    sheet = score_chicago(session, rules)
    assert sheet.totals == SideTotals.of_entries(sheet.entries)
    assert sheet.totals == sum((c.totals for c in sheet.chukkers), SideTotals())
    for scored in sheet.deals:
        result = scored.deal.result
        if result.declarer is None:
            assert scored.entries == ()
            continue
        assert scored.position in (1, 2, 3, 4)
        assert scored.vulnerability is rules.vulnerability(scored.position)
        premiums = [
            e.points
            for e in scored.entries
            if e.reason in (Reason.GAME_PREMIUM, Reason.PARTSCORE_PREMIUM)
        ]
        honours = sum(e.points * e.side.sign for e in scored.entries if e.reason is Reason.HONOURS)
        vulnerable = scored.vulnerability.is_vulnerable(result.declarer)
        parts = result.contract.breakdown(result.tricks, vulnerable)
        if rules.duplicate_style:
            # exactly the duplicate score of board 1-4, plus honours when counted
            assert scored.totals.difference - honours == result.ns_score(scored.vulnerability)
        else:
            assert len(premiums) <= 1 and set(premiums) <= {100, 300, 500}
            base = (parts.total - parts.game - parts.partscore) * result.declarer.side.sign
            assert (
                scored.totals.difference - honours
                == base + sum(premiums) * result.declarer.side.sign
            )
            if parts.game:  # a game contract on its own always earns the game premium
                assert premiums == [parts.game]
        if not rules.honours:
            assert honours == 0
    for chukker in sheet.chukkers[:-1]:
        assert chukker.complete


@given(deals())
def test_a_deal_round_trips_through_its_notation(deal: PlayedDeal) -> None:
    assert PlayedDeal.parse(str(deal)) == deal
