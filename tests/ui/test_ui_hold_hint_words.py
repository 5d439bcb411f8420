"""The words of a practice hint to hold the opening back: the match standing said only as it
is (level on every first hand, behind only when another side has fewer points), and opening
now given as the alternative with its trade-off, never as a second recommendation.

A newcomer at 0-0-0-0 read "you are not ahead in the match … a straight out is your way
back" and then "Opening now is the safe choice" under "Hold your opening back": the first
made no sense on a first hand, the second left two answers."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import Discard, Open
from okey_tui.engine.view import PlayerView
from okey_tui.practice import ExpertHint, expert_hint
from tests.bots.test_expert import AHEAD, BEHIND, FAR_FROM_STRAIGHT, near_opponent_view
from tests.positions import position

MIDDLE = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"
# Open-ended runs on the table: seat 2, one tile left, goes out next turn in a third of the
# deals. Ahead in the match the expert opens; level or behind, it holds past that risk.
RUNS = ("2:R1R2R3R4R5R6R7R8R9", "2:K2K3K4K5K6K7K8K9", "2:Y1Y2Y3Y4Y5Y6Y7Y8")
LEVEL = (0, 0, 0, 0)
SAFER = (
    "Opening now instead is safer: if an opponent goes out before you open, you score 202, "
    "as a hand never opened."
)


def never_hold(totals: tuple[int, ...], rules: str = "classic/11") -> ExpertHint:
    """A hold for which none of the guesses went out in one turn, nobody near going out."""
    hand = position([FAR_FROM_STRAIGHT, "", "", ""], middle=MIDDLE, rest="rack1", rules=rules)
    advice = expert_hint(PlayerView.of(hand, 0, tuple(totals)))
    assert advice is not None and isinstance(advice.action, Discard)
    assert advice.headline.startswith("Hold your opening back: discard ")
    return advice


def says_one_answer(advice: ExpertHint) -> None:
    """The expert's hold and why, then opening now as the alternative, once."""
    text = " ".join(advice.lines)
    assert "safe choice" not in text and "gamble" not in text, text
    assert text.count("instead is safer") == 1, text
    first = advice.lines[0]
    assert first.lower().index("the expert holds") < first.index(SAFER), first


@pytest.mark.parametrize("totals", [LEVEL, (90, 90, 120, 300)])
def test_a_level_match_is_not_called_behind(totals: tuple[int, ...]) -> None:
    """Level with another seat (every seat, on the first hand): the expert holds for what
    holding pays over many hands, as it does whatever the score with nobody near going
    out; nothing about being behind or a way back."""
    advice = never_hold(totals)
    text = " ".join(advice.lines)
    for wrong in ("not ahead", "behind", "way back"):
        assert wrong not in text, text
    assert advice.lines[0] == (
        "In none of the 8 guesses the expert made at the tiles you cannot see do you go out in one "
        "turn before the middle runs out, but the expert holds anyway while a draw is left: "
        "over many hands, its straight outs (every tile laid in one turn, none before: each "
        "opponent scores 404, you -202) gain more than opening at once saves. " + SAFER
    )
    says_one_answer(advice)


@pytest.mark.parametrize(
    ("totals", "rules", "behind"),
    [
        (BEHIND, "classic/11", True),
        (AHEAD, "classic/11", False),
        # Partners: the other side's totals count, the partner's (the same side) do not.
        ((150, 100, 150, 100), "classic/11+p", True),
        ((100, 150, 100, 150), "classic/11+p", False),
        ((120, 120, 120, 120), "classic/11+p", False),
        # Two points behind is no reason to gamble on a straight out: not said.
        ((42, 40, 90, 90), "classic/11", False),
    ],
)
def test_only_a_seat_really_behind_is_told_a_straight_out_is_its_way_back(
    totals: tuple[int, ...], rules: str, behind: bool
) -> None:
    advice = never_hold(totals, rules)
    first = advice.lines[0]
    way_back = "points behind in the match: a straight out is your way back."
    assert (way_back in first) is behind, first
    if behind:
        others = [t for s, t in enumerate(totals) if s and (s % 2 or "+p" not in rules)]
        gap = totals[0] - min(others)
        assert f"You are {gap} {way_back}" in first, first
    assert "not ahead" not in first
    says_one_answer(advice)


def test_a_hold_past_an_opponent_near_going_out_names_the_match_as_it_is() -> None:
    """Past a real risk the match score is the expert's reason: a seat behind holds on, and
    the hint says a straight out is its way back."""
    advice = expert_hint(near_opponent_view("Y9", RUNS, BEHIND))
    assert advice is not None and isinstance(advice.action, Discard)
    assert advice.headline.startswith("Hold your opening back: discard ")
    line = next(line for line in advice.lines if line.startswith("An opponent"))
    assert line.startswith("An opponent who has opened is down to 1 tile and goes out"), line
    assert line.endswith(
        "the expert holds on all the same: you are behind in the match, and a straight "
        "out is your way back."
    ), line
    assert "level" not in line and "not ahead" not in line, line
    # The match is said once, in that line.
    assert sum("the match" in line for line in advice.lines) == 1, advice.lines
    assert "instead is safer" in " ".join(advice.lines)
    assert "safe choice" not in " ".join(advice.lines)


def test_a_level_match_opens_past_an_opponent_near_going_out_as_the_tip_says() -> None:
    """The same table in a level match (every first hand): the hint said "Hold your
    opening back" (the expert bot gambles a level match on a straight out) while the tip
    beside it said opening now is the safe choice, and a learner who followed the hint
    scored 202 when that opponent went out. The hint opens, and says why."""
    view = near_opponent_view("Y9", RUNS, LEVEL)
    advice = expert_hint(view)
    assert advice is not None and isinstance(advice.action, Open), advice
    assert advice.headline.startswith("Open now with "), advice.headline
    first = advice.lines[0]
    assert first.startswith("An opponent who has opened is down to 1 tile and goes out"), first
    assert first.endswith(
        "open now rather than hold the opening back for a straight out, or you may score "
        "202, as a hand never opened. The player across from you has opened and holds 1 tile."
    ), first
    assert "Hold" not in " ".join(advice.lines)
    # The expert bot at a table still takes the gamble there (its measured play).
    from okey_tui.bots.expert import ExpertBot

    assert ExpertBot(budget_ms=60_000).advise(view).kind == "hold"


def test_a_hold_with_straight_outs_says_the_experts_choice_then_the_safer_one() -> None:
    """Some guesses went straight out: the hint said "Opening now is the safe choice;
    holding it back is the expert's gamble" under "Hold your opening back"."""
    from tests.bots.test_expert import NEAR_STRAIGHT

    view = PlayerView.of(position([NEAR_STRAIGHT, "", "", ""], middle=MIDDLE, rest="rack1"), 0)
    advice = expert_hint(view)
    assert advice is not None and isinstance(advice.action, Discard)
    assert advice.lines[0] == (
        "The expert holds the opening back to go out in one turn later (a straight out): "
        "each opponent then scores 404, twice what a hand never opened costs, and you "
        "-202. " + SAFER
    )
    says_one_answer(advice)
