"""The expert bot: sampled worlds, a fixed amount of work, a time cap, the level everywhere."""

from __future__ import annotations

import random

import pytest

from okey_tui.bots import LEVELS, make_bot
from okey_tui.bots.expert import (
    Advice,
    ExpertBot,
    _outline_less,
    _remove_one,
    unseen_tiles,
)
from okey_tui.bots.planner import arrange, outline
from okey_tui.engine.actions import Action, Discard
from okey_tui.engine.budget import Deadline
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.tiles import Tile, full_set
from okey_tui.engine.view import PlayerView, legal_actions
from okey_tui.settings import BOT_LEVELS, TableSettings
from tests.positions import position

# Seat 0 has drawn: two runs, a set and loose tiles to choose a throw from.
RACK = "R3 R4 R5 K9 Y9 B9 Y11 Y12 K1 R13 B2 B5 Y7 K6 R10"


def _view() -> PlayerView:
    hand = position([RACK, "R1 R2 Y1 Y2 K2 K3", "B1 B3 B4 Y3", "K4 K5 K7 K8 R8"])
    return PlayerView.of(hand, 0)


def test_expert_is_a_level_everywhere_a_level_is_chosen() -> None:
    assert "expert" in LEVELS and "expert" in BOT_LEVELS
    assert TableSettings(bots=("expert", "hard", "normal")).checked().bots[0] == "expert"
    bot = make_bot("expert", budget_ms=120)
    assert isinstance(bot, ExpertBot) and bot.budget_ms == 120


def test_the_unseen_tiles_are_the_other_racks_and_the_middle() -> None:
    """Sections 1-3: 106 tiles, less what the seat has seen, lie hidden."""
    view = _view()
    unseen = unseen_tiles(view)
    hidden = sum(view.rack_counts[s] for s in (1, 2, 3)) + view.middle_count
    assert len(unseen) == hidden
    assert all(unseen.count(t) + list(view.rack).count(t) <= 2 for t in set(unseen))


def test_a_throw_is_chosen_over_sampled_worlds_and_repeats_for_the_same_view() -> None:
    view = _view()
    advice = ExpertBot(samples=6, budget_ms=60_000).advise(view)
    assert advice.kind == "discard" and advice.samples == 6
    assert isinstance(advice.action, Discard) and len(advice.options) >= 2
    scores = [o.score for o in advice.options]
    assert scores == sorted(scores, reverse=True)
    # The throw keeps the runs and the set of nines.
    kept = {Tile.parse(t) for t in ["R3", "R4", "R5", "K9", "Y9", "B9"]}
    assert advice.action.tile not in kept
    again = ExpertBot(samples=6, budget_ms=60_000).advise(view)
    assert again == advice


def test_the_number_of_throws_weighed_is_a_setting() -> None:
    """The throws weighed are the best few by the value they keep, plus the hard bot's."""
    view = _view()
    few = ExpertBot(samples=4, budget_ms=60_000, candidates=1).advise(view)
    many = ExpertBot(samples=4, budget_ms=60_000, candidates=6).advise(view)
    assert 1 <= len(few.options) <= 2
    assert len(many.options) >= 6
    assert {o.action for o in few.options} <= {o.action for o in many.options}


def test_the_wall_clock_caps_the_work() -> None:
    """Far more worlds than a budget of 1 ms allows: sampling stops early (or never
    starts, and the hard bot's throw stands)."""
    advice = ExpertBot(samples=100_000, budget_ms=1).advise(_view())
    assert advice.samples < 100_000 and isinstance(advice.action, Discard)


class _LateClock:
    """A clock that jumps a minute each time it is read: every deadline has passed."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 60.0
        return self.now


@pytest.mark.parametrize("seed", [5, 9])
def test_out_of_time_at_every_step_the_expert_still_plays_legally(seed: int) -> None:
    """A deadline that has always passed: no search answers, the cheaper choice stands,
    and every action is legal (the engine would raise otherwise) for a whole hand."""
    match = Match(RuleSet(hands=1), seed)
    bots = [ExpertBot(clock=_LateClock()) for _ in range(4)]
    hand = match.hand
    steps = 0
    while not hand.is_over:
        advice = bots[hand.turn].advise(PlayerView.of(hand, hand.turn))
        assert advice.samples == 0
        hand.apply(advice.action)
        steps += 1
    assert steps > 20


def test_the_hard_planning_stops_at_a_passed_deadline() -> None:
    """The look-ahead over throws and the finishing search give up at once; a legal throw stands."""
    view = _view()
    brain = ExpertBot().brain
    late = Deadline(steps=0)
    action = brain.choose(view, late)
    assert isinstance(action, Discard) and action in legal_actions(view)


def test_the_collector_is_paused_during_a_decision_and_restored_after() -> None:
    import gc

    seen: list[bool] = []
    bot = ExpertBot(samples=1, budget_ms=60_000)
    brain_choose = bot.brain.choose

    def spy(view: PlayerView, deadline: Deadline | None = None) -> Action:
        seen.append(gc.isenabled())
        return brain_choose(view, deadline)

    bot.brain.choose = spy  # type: ignore[method-assign]  # a spy on the decision
    assert gc.isenabled()
    bot.advise(_view())
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        bot.advise(_view())
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()


# Seat 0 has drawn 22 tiles: melds worth 121 (an opening) over 19 of them, and three
# loose tiles. K1 could join R1 in a set of ones (taking R1 off the run): one draw of
# Y1 or B1 and every tile but one is in melds, a straight out.
NEAR_STRAIGHT = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K11 K12 K13 Y9 Y10 Y11 K1 Y5 B3"


def test_the_expert_holds_an_opening_back_when_a_straight_out_is_likely() -> None:
    """Section 11: going straight out makes everyone else write 404; the seat can open
    on any later turn, so with draws to come it holds the opening and throws a loose tile."""
    middle = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"  # three more draws for the seat
    view = PlayerView.of(position([NEAR_STRAIGHT, "", "", ""], middle=middle, rest="rack1"), 0)
    hard = make_bot("hard").choose(view)
    assert type(hard).__name__ == "Open"  # the hard bot opens at once
    advice = ExpertBot(samples=64, budget_ms=60_000, hold_share=0.05).advise(view)
    assert isinstance(advice.action, Discard)
    assert str(advice.action.tile) in {"Y5", "B3"}  # K1 may still make the set of ones
    chances = {str(o.action.tile): o.score for o in advice.options if isinstance(o.action, Discard)}
    assert chances["K1"] < max(chances.values())


# An opening of 128 points over 11 tiles, and 11 loose tiles: three draws cannot make a
# straight out of it.
FAR_FROM_STRAIGHT = "R10 R11 R12 R13 K10 K11 K12 K13 Y11 Y12 Y13 B2 K5 Y7 R3 B9 K1 Y3 R6 B12 B5 K7"


def _offered(rack: str, left: str, middle: str) -> PlayerView:
    """Seat 0 to draw, with ``left`` on top of its left neighbour's pile and ``middle`` to
    draw from (the other tiles in seat 1's rack)."""
    hand = position(
        [rack, "", "", ""], phase="d", middle=middle, discards=("", "", "", left), rest="rack1"
    )
    return PlayerView.of(hand, 0)


def test_by_default_the_expert_holds_its_opening_while_draws_are_left() -> None:
    """Paired hands against hard bots (docs/expert-research.md) favoured holding the opening back
    whenever draws are left, even in no world a straight out: the default share is 0.
    A share of 2% of the worlds opens here."""
    middle = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"
    view = PlayerView.of(position([FAR_FROM_STRAIGHT, "", "", ""], middle=middle, rest="rack1"), 0)
    assert type(make_bot("hard").choose(view)).__name__ == "Open"
    assert type(ExpertBot(budget_ms=60_000, hold_share=0.02).choose(view)).__name__ == "Open"
    advice = ExpertBot(budget_ms=60_000).advise(view)
    assert advice.kind == "hold" and isinstance(advice.action, Discard)
    assert all(o.finish_rate == 0.0 for o in advice.options)


def test_with_no_straight_out_in_sight_a_hold_keeps_the_rack_nearest_one() -> None:
    """No world goes straight out here. The throw is the loose tile whose loss leaves the
    rest fewest tiles short of a straight out, on average over the worlds; the highest
    loose tile (B12, the throw with ``hold_short`` 0) leaves it further."""
    middle = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"
    view = PlayerView.of(position([FAR_FROM_STRAIGHT, "", "", ""], middle=middle, rest="rack1"), 0)
    b12 = Tile.parse("B12")
    assert ExpertBot(budget_ms=60_000, hold_short=0.0).choose(view) == Discard(b12)
    bot = ExpertBot(budget_ms=60_000)
    advice = bot.advise(view)
    assert isinstance(advice.action, Discard)
    pool = [o.action.tile for o in advice.options if isinstance(o.action, Discard)]
    assert advice.action.tile in pool and b12 in pool

    odds = bot._straight_odds(view, list(view.rack), pool, Deadline())
    assert odds is not None
    chances, shorts = odds
    assert chances == [0.0] * len(pool)
    assert shorts[pool.index(advice.action.tile)] == min(shorts) < shorts[pool.index(b12)]


def test_out_of_time_a_hold_rests_on_the_worlds_scored_in_full_or_throws_the_highest() -> None:
    """The deadline passes inside the fourth world: the shares come from the first three,
    as with three worlds. With no world scored in time the expert holds all the same (the
    default holds whatever the worlds say) and throws its highest loose tile."""
    middle = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"
    view = PlayerView.of(position([FAR_FROM_STRAIGHT, "", "", ""], middle=middle, rest="rack1"), 0)
    rack = list(view.rack)
    throws = [rack[-1], rack[0]]
    reads = 0

    def clock() -> float:
        nonlocal reads
        reads += 1
        return 0.0 if reads <= 3 * (1 + len(throws)) + 2 else 1.0

    bot = ExpertBot(budget_ms=60_000)
    cut = bot._straight_odds(view, rack, throws, Deadline(at=0.5, clock=clock))
    assert cut is not None
    assert cut == ExpertBot(samples=3)._straight_odds(view, rack, throws, Deadline())
    assert cut != bot._straight_odds(view, rack, throws, Deadline())

    bot._straight_odds = lambda *args: None  # type: ignore[method-assign]
    advice = bot.advise(view)
    assert advice.kind == "hold" and advice.options == ()
    assert advice.action == Discard(Tile.parse("B12"))  # the highest loose tile


def test_a_hold_may_decline_only_takes_that_it_could_open_without() -> None:
    """Y13 on the left makes the seat's only opening. By default the expert holds and
    draws; with ``hold_any_take`` off it declines a take only when it could open anyway."""
    rack = FAR_FROM_STRAIGHT.replace("Y13 ", "")
    view = _offered(rack, "Y13", "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13")
    assert len(view.rack) == 21
    assert type(make_bot("hard").choose(view)).__name__ == "TakeDiscard"
    assert type(ExpertBot(budget_ms=60_000).choose(view)).__name__ == "DrawMiddle"
    taker = ExpertBot(budget_ms=60_000, hold_any_take=False)
    assert type(taker.choose(view)).__name__ == "TakeDiscard"


def test_with_few_draws_left_the_expert_takes_the_discard_that_makes_its_only_opening() -> None:
    """Y13 on the left makes the seat's only opening. With 12 tiles in the middle the
    expert declines it for a hold; with 7 (one more draw of its own) another opening
    seldom comes and a hand never opened writes 202, so it takes the tile."""
    rack = FAR_FROM_STRAIGHT.replace("Y13 ", "")
    long, short = (
        _offered(rack, "Y13", "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"),
        _offered(rack, "Y13", "R1 K2 Y3 B4 R5 K6 Y7"),
    )
    assert (long.middle_count, short.middle_count) == (12, 7)
    bot = ExpertBot(budget_ms=60_000)
    assert type(bot.choose(long)).__name__ == "DrawMiddle"
    assert type(bot.choose(short)).__name__ == "TakeDiscard"
    assert (
        type(ExpertBot(budget_ms=60_000, hold_take_middle=0).choose(short)).__name__ == "DrawMiddle"
    )


def test_without_draws_to_come_the_expert_opens() -> None:
    """Three tiles in the middle: the other three seats draw them and the hand ends
    before the seat draws again, so there is nothing to wait for."""
    hand = position([NEAR_STRAIGHT, "", "", ""], middle="Y1 B1 Y4", rest="rack1")
    view = PlayerView.of(hand, 0)
    assert view.middle_count == 3
    action = ExpertBot(samples=16, budget_ms=60_000, hold_share=0.0).choose(view)
    assert type(action).__name__ == "Open"


# Seat 0 ahead of every other seat in the match, and behind seat 2 (across).
AHEAD = (40, 140, 90, 210)
BEHIND = (140, 40, 90, 210)


def near_opponent_view(
    rack2: str, table: tuple[str, ...], totals: tuple[int, ...] = AHEAD
) -> PlayerView:
    """Seat 0 holds an opening; seat 2 (across) has opened and holds few tiles."""
    hand = position(
        [FAR_FROM_STRAIGHT, "", rack2, ""],
        middle="R1 K2 Y4 B4 R5 K6 Y6 B9 R9 K9 Y10 B10",
        rest="rack1",
        openings="-/-/m144/-",
        table=table,
    )
    return PlayerView.of(hand, 0, totals)


def test_an_opponent_near_going_out_ends_a_hold_unless_the_worlds_see_little_risk() -> None:
    """Seat 2 has opened and holds 4 tiles: by the count alone (``hold_risk`` 0) the
    expert opens. Its melds are full sets that take no tile, so it goes out next turn
    only with a four-tile meld in its rack and draw: in no world here, and the expert
    holds. With one tile left and long runs on the table, a third of the worlds let it
    go out, and the expert opens."""
    full_sets = ("2:R13K13Y13B13", "2:R12K12Y12B12", "2:R11K11Y11B11")
    closed = near_opponent_view("K4 Y5 B6 R7", full_sets)
    assert closed.rack_counts[2] == 4 and closed.middle_count == 12
    assert type(ExpertBot(budget_ms=60_000, hold_risk=0.0).choose(closed)).__name__ == "Open"
    bot = ExpertBot(budget_ms=60_000, hold_risk=0.25)
    assert bot._finish_risk(closed, [2], Deadline()) == 0.0
    advice = bot.advise(closed)
    assert advice.kind == "hold" and isinstance(advice.action, Discard)

    runs = ("2:R1R2R3R4R5R6R7R8R9", "2:K2K3K4K5K6K7K8K9", "2:Y1Y2Y3Y4Y5Y6Y7Y8")
    open_ends = near_opponent_view("Y9", runs)
    risk = bot._finish_risk(open_ends, [2], Deadline())
    assert risk is not None and risk > 0.25
    assert type(bot.choose(open_ends)).__name__ == "Open"
    # What seat 2 holds is hidden: another tile there changes nothing.
    assert bot._finish_risk(near_opponent_view("Y10", runs), [2], Deadline()) == risk


@pytest.mark.parametrize("totals", [BEHIND, (90, 90, 120, 300), (0, 0, 0, 0)])
def test_a_seat_not_ahead_in_the_match_holds_past_an_opponent_near_going_out(
    totals: tuple[int, ...],
) -> None:
    """The open-ended table above, where a third of the worlds let seat 2 go out: ahead
    in the match the expert opens, but behind or level (a new match) it holds, since a
    straight out is its way back; the advice says why it held past the risk. Without
    the match rule (``behind_risk`` 0) it opens there too."""
    runs = ("2:R1R2R3R4R5R6R7R8R9", "2:K2K3K4K5K6K7K8K9", "2:Y1Y2Y3Y4Y5Y6Y7Y8")
    view = near_opponent_view("Y9", runs, totals)
    advice = ExpertBot(budget_ms=60_000).advise(view)
    assert advice.kind == "hold" and isinstance(advice.action, Discard)
    assert advice.threat is not None and advice.threat.behind and advice.threat.risk > 0.25
    assert type(ExpertBot(budget_ms=60_000, behind_risk=0.0).choose(view)).__name__ == "Open"


def test_ahead_means_below_every_other_side() -> None:
    """Level with one other seat is not ahead; at a partners table the partner's total
    (the side's, as every seat of it shows) is not an opponent's."""
    from okey_tui.bots.expert import ahead_in_match

    hand = position([RACK, "R1 R2 Y1 Y2 K2 K3", "B1 B3 B4 Y3", "K4 K5 K7 K8 R8"])
    assert ahead_in_match(PlayerView.of(hand, 0, AHEAD))
    assert not ahead_in_match(PlayerView.of(hand, 0, BEHIND))
    assert not ahead_in_match(PlayerView.of(hand, 0, (90, 90, 120, 300)))
    partners = position(
        [RACK, "R1 R2 Y1 Y2 K2 K3", "B1 B3 B4 Y3", "K4 K5 K7 K8 R8"],
        rules="classic/11+p",
    )
    assert ahead_in_match(PlayerView.of(partners, 0, (100, 150, 100, 150)))
    assert not ahead_in_match(PlayerView.of(partners, 0, (150, 100, 150, 100)))


def test_the_pair_count_agrees_with_the_solver() -> None:
    import random

    from okey_tui.bots.expert import _pair_count
    from okey_tui.engine import solver
    from okey_tui.engine.tiles import full_set, okey_for

    rng = random.Random(7)
    tiles = full_set()
    for _ in range(300):
        indicator = rng.choice([t for t in tiles if not t.is_false_okey])
        okey = okey_for(indicator)
        rack = rng.sample(tiles, rng.randint(2, 22))
        assert _pair_count(rack, okey) == len(solver.best_pairs(rack, okey).melds)


# The right seat (1) holds 99 points of melds: K13 or K9 on its run of blacks opens it.
RIGHT_RACK = "K10 K11 K12 R10 Y10 B10 R12 Y12 B12 Y1 Y2 B5 R3"
FEEDER = "K13 R1 R5 R6 R7 Y4 Y6 B1 K2 K4 R11 B11 K7 Y13"


def _feeding_view(opened: str = "-/-/-/-") -> PlayerView:
    """Every tile the seat has not seen is in the right seat's rack (the rest are
    discarded), so each sampled rack of that seat is the real one."""
    hand = position([FEEDER, RIGHT_RACK, "", ""], rest="discard2", openings=opened)
    return PlayerView.of(hand, 0)


def test_a_throw_that_lets_the_right_seat_open_is_counted_as_feeding() -> None:
    view = _feeding_view()
    bot = ExpertBot(budget_ms=60_000, feed_worlds=48)
    thrown = [Tile.parse(t) for t in ("K13", "R1", "Y4")]
    rates = bot._feed_rates(view, thrown, unseen_tiles(view), bot._deadline())
    assert rates == [1.0, 0.0, 0.0]


def test_no_feeding_is_weighed_for_a_right_seat_that_has_opened_or_when_switched_off() -> None:
    thrown = [Tile.parse("K13")]
    bot = ExpertBot(budget_ms=60_000, feed_worlds=48)
    view = _feeding_view("-/m105/-/-")
    assert bot._feed_rates(view, thrown, unseen_tiles(view), bot._deadline()) is None
    off = ExpertBot(budget_ms=60_000, feed_worlds=0)
    view = _feeding_view()
    assert off._feed_rates(view, thrown, unseen_tiles(view), off._deadline()) is None


def test_the_expert_does_not_throw_the_tile_that_opens_the_right_seat() -> None:
    """Opened, the seat sheds its highest loose tile, K13, as the hard bot does, unless
    that tile is the one the right seat needs to open (section 6: it may take it to open)."""
    hand = position(
        ["K13 R1 R5 R7 Y4 K2 K4 R11 B11 K7 Y2", RIGHT_RACK.replace("Y2 ", ""), "", ""],
        rest="discard2",
        openings="m105/-/-/-",
        table=["0:Y7Y8Y9", "0:B2B3B4"],
    )
    view = PlayerView.of(hand, 0)
    assert make_bot("hard").choose(view) == Discard(Tile.parse("K13"))
    blind = ExpertBot(samples=4, budget_ms=60_000, feed_worlds=0).choose(view)
    assert blind == Discard(Tile.parse("K13"))
    advice = ExpertBot(samples=4, budget_ms=60_000, feed_worlds=48).advise(view)
    assert isinstance(advice.action, Discard) and str(advice.action.tile) != "K13"
    fed = {str(o.action.tile): o.feed_rate for o in advice.options if isinstance(o.action, Discard)}
    assert fed["K13"] == 1.0 and fed[str(advice.action.tile)] == 0.0


def test_the_hard_bot_s_throw_stands_unless_the_worlds_beat_it_by_the_margin() -> None:
    view = _view()
    hard = make_bot("hard").choose(view)
    assert ExpertBot(samples=6, budget_ms=60_000, trust=1000.0).choose(view) == hard
    # A margin below zero: the best in the worlds always wins (here it is not the
    # hard bot's throw, which only ties it).
    free = ExpertBot(samples=6, budget_ms=60_000, trust=-0.01).advise(view)
    assert free.action == free.options[0].action != hard
    scores = {o.action: o.score for o in free.options}
    for trust in (0.0, 5.0):
        chosen = ExpertBot(samples=6, budget_ms=60_000, trust=trust).choose(view)
        assert chosen == (hard if scores[hard] + trust >= free.options[0].score else free.action)
    assert ExpertBot().trust == 5.0


def test_with_no_straight_out_in_sight_a_hold_may_throw_what_the_worlds_weigh_best() -> None:
    """``hold_by_worlds``: when no world goes straight out, the held throw is the one the
    ordinary throw search weighs best (it charges for feeding the right seat), as long
    as it is a loose tile; otherwise the default's pick."""
    middle = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"
    view = PlayerView.of(position([FAR_FROM_STRAIGHT, "", "", ""], middle=middle, rest="rack1"), 0)
    weighed: list[Tile] = []

    def throw_search(bot: ExpertBot, tile: str) -> None:
        def answer(view: PlayerView, base: Discard, deadline: object) -> Advice:
            weighed.append(base.tile)
            return Advice(Discard(Tile.parse(tile)), (), 0, "discard")

        bot._throw = answer  # type: ignore[method-assign,assignment]

    default = ExpertBot(budget_ms=60_000).advise(view).action
    assert isinstance(default, Discard) and default != Discard(Tile.parse("K5"))
    loose = ExpertBot(budget_ms=60_000, hold_by_worlds=True)
    throw_search(loose, "K5")
    advice = loose.advise(view)
    assert advice.kind == "hold" and advice.action == Discard(Tile.parse("K5"))
    assert weighed == [default.tile]  # asked with the default's pick
    in_a_meld = ExpertBot(budget_ms=60_000, hold_by_worlds=True)
    throw_search(in_a_meld, "R13")
    assert in_a_meld.advise(view).action == default


# Five pairs and no melds opening (okey R9): the only opening in hand is the pairs one.
PAIRS_ONLY = "R1 R1 R2 R3 R4 R4 R5 R5 R8 R11 Y3 Y5 Y5 Y8 Y11 B1 B7 B8 B12 B12 K1 K8"


def test_with_only_a_pairs_opening_the_expert_opens_at_once() -> None:
    """A seat whose only opening is pairs held it back for a straight out, which 21 tiles
    laid by pairs never make (a practice hint said "hold" though none of its deals went
    out, and a learner who held wrote 202). It opens now; the hint says so."""
    from okey_tui.engine.actions import Open
    from okey_tui.engine.melds import MeldKind
    from okey_tui.practice import expert_hint

    middle = "R7 K2 Y6 B4 R6 K6 Y7"
    hand = position([PAIRS_ONLY, "", "", ""], indicator="R8", middle=middle, rest="rack1")
    view = PlayerView.of(hand, 0)
    bot = ExpertBot(budget_ms=60_000)
    plan = bot.brain._opening(view, list(view.rack))
    assert plan is not None and plan.kind.name == "PAIRS"
    assert view.middle_count // 4 >= 1  # a draw is left: before, it held
    advice = bot.advise(view)
    assert advice.kind == "play" and isinstance(advice.action, Open)
    assert all(m.kind is MeldKind.PAIR for m in advice.action.melds)
    hint = expert_hint(view)
    assert hint is not None and "Hold" not in hint.headline, hint.headline


def test_the_finishing_search_may_run_past_the_other_searches_deadline(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A straight out found is worth far more than the searches after it, and on a crowded
    table an unopened rack's finishing search can need more than the 65% of the budget the
    others stop at: it has until 85%, from the same start."""
    from okey_tui.bots import expert

    class Frozen:
        now = 100.0

        def __call__(self) -> float:
            return self.now

    bot = ExpertBot(budget_ms=200.0, clock=Frozen())
    seen: dict[str, float | None] = {}

    def finish_now(view: PlayerView, deadline: Deadline | None = None):  # type: ignore[no-untyped-def]
        seen["finish"] = None if deadline is None else deadline.at
        return None

    monkeypatch.setattr(bot, "_finish_now", finish_now)
    match = Match(RuleSet(hands=1), 5)
    hand = match.hand
    while not hand.is_over and "finish" not in seen:
        view = PlayerView.of(hand, hand.turn)
        hand.apply(bot.advise(view).action)
    assert seen["finish"] == pytest.approx(100.0 + 0.2 * expert.FINISH_SHARE)
    assert bot._deadline(100.0).at == pytest.approx(100.0 + 0.2 * expert.CAP_SHARE)
    assert expert.CAP_SHARE < expert.FINISH_SHARE <= 0.9


def test_a_world_s_one_search_answers_for_every_throw_it_leaves_loose() -> None:
    """The worlds weigh each throw with one search of the whole rack and its draws, and a
    search of its own only for a throw those melds use: the value and the tiles used are
    always those of a search of the rack less that tile. (The quick test before feeding
    the right seat is weighed, ``solver.could_meld``, is the engine's:
    tests/engine/test_solver_could_meld.py.)"""
    rng = random.Random(17)
    tiles = full_set()
    for _ in range(300):
        rng.shuffle(tiles)
        okey = next(t for t in tiles[34:] if not t.is_false_okey)
        hand = tiles[: rng.randint(3, 34)]
        thrown = rng.choice(hand)
        fresh = outline(_remove_one(hand, thrown), okey)
        assert _outline_less(hand, thrown, okey) == (fresh.value, fresh.tiles_used)
        assert _outline_less(hand, None, okey) == (
            outline(hand, okey).value,
            outline(hand, okey).tiles_used,
        )


def test_unopened_the_expert_keeps_a_tile_that_could_take_an_okey_off_the_table() -> None:
    """A straight out mostly lays the seat's last tiles on the others' melds, and a swap
    there gives it a wild tile as well (section 8: only an opened player swaps, so the
    unopened seat keeps the tile for the turn it goes down). K1 would take the okey out of
    seat 1's run: the hard bot throws it, the expert throws another tile."""
    hand = position(
        [RACK, "R1 R2 Y1 Y2 K2 K3", "B1 B3 B4 Y3", "K4 K5 K7 K8 R8"],
        openings="-/m101/-/-",
        table=["1:*K1K2K3"],
    )
    view = PlayerView.of(hand, 0)
    k1 = Tile.parse("K1")
    assert make_bot("hard").choose(view) == Discard(k1)
    assert ExpertBot(samples=6, budget_ms=60_000, keep_swaps=False).choose(view) == Discard(k1)
    advice = ExpertBot(samples=6, budget_ms=60_000).advise(view)
    assert isinstance(advice.action, Discard) and advice.action.tile != k1
    assert k1 not in [o.action.tile for o in advice.options if isinstance(o.action, Discard)]
    # A three-tile set gives up its okey only for both missing colours at once: K1 alone
    # takes nothing off R1 Y1 and the okey, and may go.
    hand = position(
        [RACK, "R2 Y2 K2 K3", "B1 B3 B4 Y3", "K4 K5 K7 K8 R8"],
        openings="-/m101/-/-",
        table=["1:R1*K1Y1"],
    )
    view = PlayerView.of(hand, 0)
    keep = ExpertBot(samples=6, budget_ms=60_000).advise(view)
    plain = ExpertBot(samples=6, budget_ms=60_000, keep_swaps=False).advise(view)
    assert keep.action == plain.action and keep.options == plain.options


def test_a_hold_keeps_a_tile_that_could_take_an_okey_off_the_table() -> None:
    """Holding, the seat threw B9, the tile that takes the okey out of seat 1's run
    (*B9 B10 B11): on the turn it goes straight out, that swap gives it a wild tile."""
    middle = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"
    hand = position(
        [FAR_FROM_STRAIGHT, "", "", ""],
        middle=middle,
        rest="rack1",
        openings="-/m101/-/-",
        table=["1:*B9B10B11"],
    )
    view = PlayerView.of(hand, 0)
    b9 = Tile.parse("B9")
    plain = ExpertBot(budget_ms=60_000, keep_swaps=False).advise(view)
    assert plain.kind == "hold" and plain.action == Discard(b9)
    advice = ExpertBot(budget_ms=60_000).advise(view)
    assert advice.kind == "hold" and isinstance(advice.action, Discard)
    assert advice.action.tile != b9
    assert b9 not in [o.action.tile for o in advice.options if isinstance(o.action, Discard)]


def test_a_hold_takes_the_discard_when_the_rack_without_it_is_far_from_an_opening() -> None:
    """Y11 on the left makes the seat's only opening (103 points), and without it the rack's
    runs and sets are worth 67, 34 short of the floor: an opening of its own seldom comes
    from that far, so the expert takes the tile (the hard bot's choice). Allowed to decline
    at any distance (``hold_take_short=None``), it holds and draws."""
    rack = "R10 R11 R12 R13 R7 K7 B7 Y12 Y13 B2 K5 R3 B9 K1 Y3 B12 B5 K9 K2 R1 Y8"
    view = _offered(rack, "Y11", "R2 K2 Y4 B4 R5 K6 Y7 B10 R9 K10 Y10 B13")
    assert view.left_discard is not None
    assert arrange(view.rack, view.okey).value == 67
    assert arrange([*view.rack, view.left_discard], view.okey).value >= view.melds_floor
    assert type(make_bot("hard").choose(view)).__name__ == "TakeDiscard"
    assert type(ExpertBot(budget_ms=60_000).choose(view)).__name__ == "TakeDiscard"
    anywhere = ExpertBot(budget_ms=60_000, hold_take_short=None)
    assert type(anywhere.choose(view)).__name__ == "DrawMiddle"
    assert (
        type(ExpertBot(budget_ms=60_000, hold_take_short=40).choose(view)).__name__ == "DrawMiddle"
    )


def test_with_no_draw_left_the_worlds_decide_the_throw() -> None:
    """The hard bot's throw stands by the margin only while the seat has a draw to come: with
    the middle running out before its next turn, its judgement of half-made melds serves
    no later turn, and the best throw in the worlds (the tiles it will hold) is taken.
    Here the hard bot throws K11, keeping R12 beside R13; the worlds find R12 a point
    better (held at the end, K11 scores 11 and R12 12)."""
    hand = position(
        ["R12 K11 Y5 B12 R3 R13", "R1 R2 Y1 Y2 K3", "B1 B3 Y3", "K4 K5 K7 K8 R8"],
        middle="R10 Y13",
        rest="discard1",
        openings="m105/-/-/-",
        table=["0:Y7Y8Y9", "0:B2B3B4"],
    )
    view = PlayerView.of(hand, 0)
    assert view.later_draws == 0
    hard = make_bot("hard").choose(view)
    assert hard == Discard(Tile.parse("K11"))
    free = ExpertBot(samples=6, budget_ms=60_000, trust=-0.01).advise(view)
    assert free.action == Discard(Tile.parse("R12"))
    # A margin of 1000 keeps the hard bot's throw while draws are left, not here.
    assert ExpertBot(samples=6, budget_ms=60_000, trust=1000.0).choose(view) == free.action
    kept = ExpertBot(samples=6, budget_ms=60_000, trust=1000.0, end_trust=1000.0).choose(view)
    assert kept == hard
    assert ExpertBot().end_trust == 0.0
    # The practice hint gives the same throw, with no "keeps to it unless … 5 points".
    from okey_tui.practice import expert_hint

    hint = expert_hint(view)
    assert hint is not None and hint.action == free.action
    assert not any("needs least" in line for line in hint.lines), hint.lines
