"""§15 the match, rebuilt from saved parts: the engine says whether they make one match
(a save's hand of other rules, no starter, a starter too many), by code."""

from __future__ import annotations

import random

import pytest

from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.match import Match
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.view import PlayerView, legal_actions


def played(seed: int) -> Match:
    """A match of 3 hands with its first hand played out and scored, the second dealt."""
    match = Match(RuleSet(hands=3), seed=seed)
    rng = random.Random(seed)
    while not match.hand.is_over:
        hand = match.hand
        hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
    match.finish_hand()
    match.next_hand()
    return match


def test_the_parts_of_a_match_make_it_again() -> None:
    match = played(4)
    again = Match.restore(
        match.rules, match.seed, match.starters, match.results, match.finished_hands, match.hand
    )
    assert again.starters == match.starters and again.hand is match.hand
    assert again.totals() == match.totals()


@pytest.mark.parametrize(
    ("change", "part"),
    [
        ({"starters": []}, "starters"),
        ({"starters": "extra"}, "starters"),
        ({"rules": RuleSet(GameType.RISING, hands=3)}, "rules"),
        ({"rules": RuleSet(hands=1), "finished": 2}, "hands"),
    ],
    ids=["no-starter", "a-starter-too-many", "other-rules", "more-hands-than-the-match"],
)
def test_parts_that_make_no_match_are_refused_by_code(change: dict[str, object], part: str) -> None:
    match = played(5)
    rules = change.get("rules", match.rules)
    starters = change.get("starters", match.starters)
    if starters == "extra":
        starters = [*match.starters, 0]
    times = change.get("finished", 1)
    assert isinstance(rules, RuleSet) and isinstance(starters, list) and isinstance(times, int)
    results, finished = match.results * times, match.finished_hands * times
    if times > 1:  # a starter for each hand: only the count of hands is wrong
        starters = [*starters, *starters][: len(finished) + 1]
    with pytest.raises(SetupError) as refused:
        Match.restore(rules, match.seed, starters, results, finished, match.hand)
    assert refused.value.code is ErrorCode.NOT_A_MATCH
    assert refused.value.params["part"] == part
