"""Practice hints from the expert bot: `h` shows its choice for the moment and what the
alternatives would cost."""

from __future__ import annotations

import pytest
from textual.widgets import Static
from ui_helpers import OPENING_SEED, table_app, wait_for_human

from okey_tui.engine.actions import Discard
from okey_tui.engine.notation import parse_position
from okey_tui.engine.state import Hand
from okey_tui.engine.view import PlayerView
from okey_tui.practice import expert_hint
from okey_tui.ui.widgets.hints import HintPanel
from tests.bots.test_expert import (
    AHEAD,
    BEHIND,
    FAR_FROM_STRAIGHT,
    NEAR_STRAIGHT,
    near_opponent_view,
)
from tests.positions import position

# The human has drawn: a run, a set of nines and loose tiles to choose a discard from.
RACK = "R3 R4 R5 K9 Y9 B9 Y11 Y12 K1 R13 B2 B5 Y7 K6 R10"


async def test_the_hint_panel_shows_the_experts_discard_and_its_alternatives():
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        hand = app.session.hand
        hand.restore(position([RACK, "R1 R2 Y1 Y2 K2 K3", "B1 B3 B4 Y3", "K4 K5 K7 K8 R8"]))
        app.screen.new_hand()
        await pilot.pause()
        advice = expert_hint(PlayerView.of(hand, 0))
        assert advice is not None and isinstance(advice.action, Discard)
        await pilot.press("h")
        await pilot.pause()
        text = str(app.screen.query_one(HintPanel).query_one("#hints-text", Static).render())
        assert "The expert's choice\n" + advice.headline + "\n" in text
        assert advice.headline == f"Discard {advice.action.tile}"
        assert "of the 8 guesses the expert made at the tiles you cannot see" in text
        assert "instead" in text or "would do about as well" in text
        # The discard keeps the run and the set.
        assert str(advice.action.tile) not in {"R3", "R4", "R5", "K9", "Y9", "B9"}


async def test_the_new_table_screen_offers_the_expert():
    """Each bot seat steps through easy, normal, hard and expert."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import OptionRow

    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#opt-bot-1", OptionRow)
        assert [v for _, v in row.values] == ["easy", "normal", "hard", "expert"]
        row.focus()
        await pilot.press("right", "right")
        await pilot.pause()
        assert row.value == "expert"


# 21 tiles before the draw: Y13, which the left seat has thrown, makes the only opening.
WITHOUT_Y13 = FAR_FROM_STRAIGHT.replace("Y13 ", "")
MIDDLE = "R1 K2 Y3 B4 R5 K6 Y7 B9 R9 K10 Y12 B13"


def y13_on_the_left() -> Hand:
    """Seat 1's draw, with Y13 (its only opening) the left seat's discard."""
    return position(
        [WITHOUT_Y13, "", "", ""],
        phase="d",
        middle=MIDDLE,
        discards=("", "", "", "Y13"),
        rest="rack1",
    )


def test_a_hint_to_hold_the_opening_back_says_why() -> None:
    view = PlayerView.of(position([NEAR_STRAIGHT, "", "", ""], middle=MIDDLE, rest="rack1"), 0)
    advice = expert_hint(view)
    assert advice is not None and isinstance(advice.action, Discard)
    assert advice.headline == f"Hold your opening back: discard {advice.action.tile}"
    # What the expert does and why, then opening now as the safer alternative (a learner
    # was given none, then read "the safe choice" under the hold as a second answer).
    assert advice.lines[0].startswith(
        "The expert holds the opening back to go out in one turn later (a straight out)"
    )
    assert "404" in advice.lines[0] and "Opening now instead is safer" in advice.lines[0]
    assert "you go out in one turn before the middle runs out in" in advice.lines[1]


def test_a_hint_to_hold_past_an_opponent_near_going_out_says_how_likely_that_is() -> None:
    """Seat 2 has opened and holds 4 tiles, but its melds are full sets that take no tile."""
    full_sets = ("2:R13K13Y13B13", "2:R12K12Y12B12", "2:R11K11Y11B11")
    advice = expert_hint(near_opponent_view("K4 Y5 B6 R7", full_sets))
    assert advice is not None and isinstance(advice.action, Discard)
    assert advice.headline == f"Hold your opening back: discard {advice.action.tile}"
    assert advice.lines[1] == (
        "An opponent who has opened is down to 4 tiles, but goes out on the next turn "
        "in none of the 16 guesses the expert made at the tiles you cannot see."
    )
    # The safer choice it weighs names who could go out first (a learner read "if an
    # opponent goes out" with no word of who had opened).
    assert "Opening now instead is safer" in advice.lines[0]
    assert advice.lines[0].endswith(
        "as a hand never opened. The player across from you has opened and holds 4 tiles."
    ), advice.lines[0]
    # With nobody near going out, the hint has no such line; nobody has opened either.
    calm = expert_hint(
        PlayerView.of(position([NEAR_STRAIGHT, "", "", ""], middle=MIDDLE, rest="rack1"), 0)
    )
    assert calm is not None and not any(line.startswith("An opponent") for line in calm.lines)
    assert not any("has opened and holds" in line for line in calm.lines)


def test_a_hint_to_hold_past_a_real_risk_says_the_match_is_why() -> None:
    """Seat 2 can go out on long open runs in a third of the deals: a seat ahead in the
    match would open, one behind holds, and the hint says it is the match score (a level
    match: tests/ui/test_ui_hold_hint_words.py)."""
    runs = ("2:R1R2R3R4R5R6R7R8R9", "2:K2K3K4K5K6K7K8K9", "2:Y1Y2Y3Y4Y5Y6Y7Y8")
    advice = expert_hint(near_opponent_view("Y9", runs, BEHIND))
    assert advice is not None and isinstance(advice.action, Discard)
    assert advice.headline == f"Hold your opening back: discard {advice.action.tile}"
    line = next(line for line in advice.lines if line.startswith("An opponent"))
    assert line.startswith("An opponent who has opened is down to 1 tile and goes out")
    assert line.endswith(
        "the expert holds on all the same: you are behind in the match, and a straight out "
        "is your way back."
    )


def test_a_hint_to_hold_names_a_discard_that_would_leave_it_further_from_going_out() -> None:
    """No deal goes straight out here, so the discards tie on that; the hint says the one
    chosen leaves the rest fewest tiles short of it, and names one that leaves more."""
    view = PlayerView.of(position([FAR_FROM_STRAIGHT, "", "", ""], middle=MIDDLE, rest="rack1"), 0)
    advice = expert_hint(view)
    assert advice is not None and isinstance(advice.action, Discard)
    # None of its guesses went straight out: the hint says first why the expert holds all
    # the same and that opening now is the safer alternative, without saying it twice.
    assert advice.lines[0].startswith(
        "In none of the 8 guesses the expert made at the tiles you cannot see do you go out in one turn"
    )
    assert sum(line.count("open now") for line in advice.lines) == 0
    assert sum(line.count("instead is safer") for line in advice.lines) == 1
    line = advice.lines[1]
    assert line.startswith(
        "Of the discards as good, it keeps you nearest to a straight out: about "
    )
    words = line.split()
    short, further = int(words[words.index("about") + 1]), int(line.split("(")[1].split()[0])
    assert short < further
    other = line.rstrip(").").split()[-1]
    assert other != str(advice.action.tile) and other in FAR_FROM_STRAIGHT.split()


def test_a_hint_to_draw_instead_of_a_take_that_opens_says_why() -> None:
    """Y13 makes the seat's only opening: the hint said "Hold the opening back" to a
    learner who held no opening. It says to wait for one of their own drawing."""
    advice = expert_hint(PlayerView.of(y13_on_the_left(), 0))
    assert advice is not None and advice.headline == "Draw from the middle"
    assert advice.lines[0].startswith("Taking Y13 would make your only opening and force it")
    assert "wait for an opening you draw yourself and hold it back" in advice.lines[0]
    assert not any("is pairs" in line for line in advice.lines)  # Y13 makes runs and sets


# Seed 554008 after three turns: seat 0 (84 in runs and sets, five pairs) to draw, R13
# (which pairs with the okey) the left seat's discard.
PAIRS_IN_HAND = (
    "classic/11 B5 0d B6Y4Y6B10B12R2R1K3R3R5B4Y4B9K4R1Y6B7R7K4Y3K7"
    "/Y13K7B11FR3K13R4K8K13B10B9R10B11Y9B7K12Y7B8R10R11Y12/K5K5Y3B4Y5K3Y13B13F/K1K1B5B1R6K6"
    " Y5R4R8B13Y10Y7B3K6Y1K9 Y11B1K9/K2Y2B3/Y1B2/R9K10R13"
    " 2:R5R6R7R8R9,2:Y8Y9Y10,2:K10K11K12,2:R11Y11K11,3:*R11R12R13,3:R2Y2B2K2,3:R12Y12B12,"
    "3:Y8B8K8 -/-/m117/m104 - - -"
)


def test_a_hint_to_draw_with_only_pairs_in_hand_does_not_say_hold_the_opening_back() -> None:
    """The hint said "Taking R13 would force you to open now ... Hold the opening back to go
    out in one turn later" beside "84 / 101: 17 points short": the only opening in hand was
    five pairs, which never go out in one turn. It says the take forces the pairs down, how
    far the runs and sets are, and that the pairs can still go down after the draw."""
    view = PlayerView.of(parse_position(PAIRS_IN_HAND), 0)
    advice = expert_hint(view)
    assert advice is not None and advice.headline == "Draw from the middle"
    text = "\n".join(advice.lines)
    assert "Hold the opening back" not in text, text
    assert advice.lines[0] == (
        "Taking R13 would force you to open with pairs now (a taken tile is laid this turn)."
    )
    assert advice.lines[1].startswith("Your runs and sets come to 84 of 101: if your draw"), text
    assert "you can still open with pairs after the draw" in advice.lines[1], text
    # The pairs can go down after the draw: taking R13 is not a safer way to open.
    assert "instead is safer" not in text, text


def test_the_left_discard_line_does_not_say_take_it_against_the_experts_draw() -> None:
    """Y13 makes the opening, so the rule of thumb would say "take it"; the expert draws to
    hold the opening back. The panel states what the tile does, not "take it", and says
    the expert's choice is the gamble, taking the tile and opening the safer play ("looks
    further ahead" read to a learner as a second answer)."""
    from dataclasses import replace

    from okey_tui.practice import hint_for
    from okey_tui.ui.widgets.hints import hint_text

    view = PlayerView.of(y13_on_the_left(), 0)
    hint = hint_for(view)
    assert hint.left is not None and hint.left.worth
    # Alone, the rule of thumb says take it.
    assert "Take it:" in hint_text(replace(hint, expert=None)).plain
    expert = expert_hint(view)
    assert expert is not None and expert.headline == "Draw from the middle"
    text = hint_text(replace(hint, expert=expert)).plain
    assert "Take it:" not in text
    assert hint.left.reason in text
    assert expert.gamble
    said = " ".join(text.split())
    assert (
        "The expert's choice above gambles on a straight out; taking it and opening now is "
        "the safer play." in said
    ), said
    assert "looks further ahead" not in said


# Seed 164 at a Challenge table (easy bots): at the human's first draw, the rack holds
# enough pairs and few melds, and the expert declares Going Pairs.
GOING_PAIRS_SEED = 164


async def test_at_a_challenge_table_the_hint_can_be_to_declare_going_pairs_and_p_does_it():
    app = table_app(GOING_PAIRS_SEED, practice=True, tips=False, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        await pilot.press("h")
        await pilot.pause()
        text = str(screen.query_one(HintPanel).query_one("#hints-text", Static).render())
        assert "The expert's choice\nDeclare Going Pairs (P), then draw" in text
        assert "enough to open with pairs" in text
        assert "you score 404" in text
        await pilot.press("P", "y")
        await pilot.pause()
        assert screen.view.going_pairs[screen.view.seat]


async def test_the_best_opening_in_the_hints_breaks_between_melds_never_inside_one():
    """Beside the board at 120x40 the hint panel is narrow: "R13 Y13 ★13" stayed whole
    only by luck of the width; the melds line now breaks between melds."""
    app = table_app(41, practice=True, tips=False, bots=("normal", "normal", "normal"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("d")
        await pilot.press("h")
        for _ in range(3):  # shown, then laid out again at the panel's width
            await pilot.pause()
        shown = app.screen.query_one("#hints-text", Static)
        lines = shown.render().plain.splitlines()  # type: ignore[union-attr]
        start = lines.index("Best opening on your rack") + 1
        end = next(i for i in range(start, len(lines)) if "/ 101" in lines[i])
        melds = lines[start:end]
        assert "R13 Y13 ★13" in "\n".join(melds), "seed 41: the opening's last set"
        # Every line fits the panel as laid out: nothing is left to wrap inside a meld.
        assert all(len(line) <= shown.content_size.width for line in melds)
        assert all(not line.startswith(" ") for line in melds)


def test_safest_discards_that_leave_out_the_experts_discard_say_why_the_two_differ() -> None:
    """A learner read "The expert would: Discard B5" and then "Safest discards: K3 K4 B1":
    two answers. When the expert's discard is not among them, the list says it judges
    each tile alone; when it is, nothing more is said."""
    from dataclasses import replace

    from okey_tui.engine.tiles import Tile
    from okey_tui.practice import DiscardTip, ExpertHint, hint_for
    from okey_tui.ui.widgets.hints import hint_text

    hint = hint_for(PlayerView.of(y13_on_the_left(), 0))
    safe = (DiscardTip(Tile.parse("K3"), "no one can use it"),)
    note = "These judge each tile alone; the expert's choice above looks further ahead."
    for tile, said in (("B5", True), ("K3", False)):
        expert = ExpertHint(Discard(Tile.parse(tile)), f"Discard {tile}", ())
        text = hint_text(replace(hint, discards=safe, expert=expert)).plain
        assert (note in text) is said, (tile, text)


@pytest.mark.parametrize(
    ("totals", "reason"),
    [
        ((0, 0, 0, 0), "over many hands, its straight outs"),
        (BEHIND, "You are 100 points behind in the match: a straight out is your way back."),
        (AHEAD, "over many hands, its straight outs"),
    ],
)
def test_a_hold_no_guess_took_out_says_why_the_expert_holds_all_the_same(
    totals: tuple[int, int, int, int], reason: str
) -> None:
    """ "Hold your opening back: discard Y6" above "holding it back is the expert's gamble:
    in none of the 8 guesses did you go out" read as a contradiction: the hint now says
    the real reason, what holding pays over many hands (and, to a seat really behind in
    the match, that a straight out is its way back), and not what came in none of them."""
    hand = position([FAR_FROM_STRAIGHT, "", "", ""], middle=MIDDLE, rest="rack1")
    view = PlayerView.of(hand, 0, totals)
    advice = expert_hint(view)
    assert advice is not None and isinstance(advice.action, Discard)
    assert advice.headline.startswith("Hold your opening back")  # what the expert does
    first = advice.lines[0]
    assert first.startswith(
        "In none of the 8 guesses the expert made at the tiles you cannot see do you go out in one "
        "turn before the middle runs out, but the expert holds anyway"
    ), first
    assert reason in first and "Opening now instead is safer" in first, first
    assert "gamble" not in " ".join(advice.lines)
    # The reason once: no second line saying it holds anyway.
    assert sum("holds anyway" in line or "It holds" in line for line in advice.lines) == 1


def test_the_lay_offs_list_every_one_the_experts_first() -> None:
    """The panel listed the first six lay-offs only: the expert's "Lay off K12 on meld 13
    now" named a tile the list left out. Every lay-off is listed, the expert's first."""
    from dataclasses import replace

    from okey_tui.engine.actions import AddTile
    from okey_tui.engine.melds import parse_meld
    from okey_tui.engine.solver import LayOff
    from okey_tui.engine.tiles import Tile
    from okey_tui.practice import ExpertHint, hint_for
    from okey_tui.ui.widgets.hints import hint_text

    hand = position(["R1 Y5 K9", "", "", ""], phase="p", openings="m101/-/-/-")
    hint = hint_for(PlayerView.of(hand, 0))
    okey = hand.okey
    offs = tuple(
        LayOff(Tile.parse(tile), n, parse_meld(meld, okey))
        for n, (tile, meld) in enumerate(
            [
                ("R10", "R7R8R9R10"),
                ("Y5", "Y2Y3Y4Y5"),
                ("Y8", "Y8Y9Y10Y11"),
                ("Y8", "R8Y8K8"),
                ("B9", "B9B10B11B12"),
                ("R1", "R1Y1B1"),
                ("K12", "K9K10K11K12"),
                ("K1", "K1R1Y1"),
            ]
        )
    )
    expert = ExpertHint(AddTile(Tile.parse("K12"), 6), "Lay off K12 on meld 7 now", ())
    text = hint_text(replace(hint, lay_offs=offs, expert=expert)).plain
    listed = text.split("Lay-offs", 1)[1].split("Safest discards", 1)[0]
    lines = [line for line in listed.splitlines() if line.strip()]
    assert len(lines) == 8, listed  # all eight, not six
    assert "K12" in lines[0] and "meld 7" in lines[0], lines
    assert "meld 8" in lines[-1] and "K1" in lines[-1], lines  # the rest in their order


async def test_the_hints_say_first_who_has_opened_and_is_near_going_out() -> None:
    """The hints said nothing while the player on the right, opened, held one tile: a
    coach's first words at that moment. Each such opponent (not a partner) is named first,
    with their place, their tiles and what their going out costs."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        hand = app.session.hand
        hand.restore(
            position([RACK, "R1 Y1 B1 K1 R2", "B1 B3 B4 Y3", "K4"], openings="-/m101/-/m101")
        )
        app.screen.new_hand()
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        text = str(app.screen.query_one(HintPanel).query_one("#hints-text", Static).render())
        names = [app.screen.seat_name(seat) for seat in range(4)]
        first, second, third = text.split("\n")[:3]
        assert first == (
            f"{names[3]} (on your left) has opened and holds 1 tile: if they go out before "
            "you open, you score 202."
        ), text
        assert second == (
            f"{names[1]} (on your right, next to play) has opened and holds 5 tiles: if they "
            "go out before you open, you score 202."
        ), text
        assert third == "" and "The expert's choice" in text  # the seat across has not opened
        assert names[2] not in text.split("The expert's choice")[0]


def test_the_near_going_out_line_of_an_opened_seat_speaks_of_its_rack() -> None:
    from okey_tui.practice import hint_for, near_going_out
    from okey_tui.ui.widgets.hints import near_out_line

    hand = position(["R1 Y5 K9", "R1 R2", "B3 B4 Y3", "K4"], openings="m101/m101/-/-")
    view = PlayerView.of(hand, 0)
    assert near_going_out(view) == ((1, 2, 1),)  # seat 3 holds one tile but has not opened
    assert hint_for(view).not_opened is None
    assert near_out_line(1, 2, 1, None) == (
        "The player on your right, next to play, has opened and holds 2 tiles: if they go "
        "out, the tiles left on your rack count against you."
    )


def test_the_best_opening_says_which_of_its_okeys_could_be_swapped_out() -> None:
    """The staging line warned "★Y6: +101 to you if it is swapped out"; the hints' best
    opening showed Y5 ★Y6 Y7 with no word of it, and a learner who laid it paid at once."""
    from dataclasses import replace

    from okey_tui.practice import hint_for
    from okey_tui.ui.widgets.hints import hint_text

    rack = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 Y5 B8 Y7 K1 K3 K9 R2"  # B8: the okey
    hand = position([rack, "", "", ""], phase="p")
    hint = hint_for(PlayerView.of(hand, 0))
    assert hint.check is not None and hint.check.can_open_melds
    assert hint.swappable == ("Y6",)
    text = hint_text(replace(hint, expert=None)).plain
    opening = text.split("Best opening on your rack", 1)[1]
    assert "★Y6: +101 to you if it is swapped out" in opening, text
    free = position([rack, "", "", ""], phase="p", rules="classic/11+n")  # no penalties
    assert hint_for(PlayerView.of(free, 0)).swappable == ()
