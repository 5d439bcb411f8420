"""The expert bot: sampled worlds, a fixed amount of work, a time cap, the level everywhere."""

from __future__ import annotations

import pytest

from okey_tui.bots import LEVELS, make_bot
from okey_tui.bots.expert import ExpertBot, unseen_tiles
from okey_tui.engine.actions import Action, Discard
from okey_tui.engine.budget import Deadline
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.tiles import Tile
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
