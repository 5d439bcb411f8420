"""First-hand tips teach the basics: a newcomer who could never open saw one tip in three
hands, and nothing said the okey is wild, what runs and sets are, what an opening needs
or why a hand never opened scores 202. On the first turn, after the tip about the draw,
two tips say so; the first time a tile of the player's can be laid off, a tip says how."""

from __future__ import annotations

import pytest
from positions import position

from okey_tui.engine.actions import AddTile, DeclarePairs
from okey_tui.engine.tiles import Tile, okey_for, parse_tiles
from okey_tui.engine.view import PlayerView
from okey_tui.ui.tips import FIRST_DRAW, FIRST_START, GOING_PAIRS, Walkthrough, meld_examples

RACK = "R2 R3 R6 R6 R7 R9 Y3 Y6 Y10 B1 B2 B4 B9 B10 B10 B11 K1 K10 K10 K11 K12"


def draw_view(indicator: str = "B7", rules: str = "classic/11", rack: str = RACK) -> PlayerView:
    """Seat 0's first turn, to draw (nobody has discarded to it yet)."""
    return PlayerView.of(
        position([rack, "", "", ""], indicator=indicator, phase="d", rules=rules), 0
    )


def test_the_first_turn_teaches_the_okey_melds_and_the_opening_floor() -> None:
    view = draw_view()
    walkthrough = Walkthrough()
    tips = walkthrough.due(view)
    assert [tip.text for tip in tips][:1] == [FIRST_DRAW]  # the draw first: it is the move now
    assert len(tips) == 3, [tip.text for tip in tips]
    okey, floor = tips[1].text, tips[2].text
    # The okey, named as the rack marks it, is wild; runs and sets, each with an example.
    assert okey.startswith("B8★ is this hand's okey: a wild tile that stands for any tile"), okey
    assert "runs, three or more tiles of one colour in a row (R3 R4 R5)" in okey
    assert "sets, one number in three or four colours (K7 R7 B7)" in okey
    # And what the letters are (K is black: no colour's initial in either language).
    assert okey.endswith("The letters: R red, Y yellow, B blue, K black."), okey
    # The floor, what a hand never opened scores and where 202 comes from.
    assert "the opening floor: 101 points of runs and sets, or 5 pairs" in floor, floor
    assert "you score 202 (twice 101)" in floor and "lowest total wins" in floor
    assert "rises" not in floor  # Classic: the floor never rises
    # Said once: the next turn brings none of them again.
    again = walkthrough.due(draw_view())
    assert not any("okey" in tip.text or "floor" in tip.text for tip in again)


def test_the_starter_reads_the_basics_after_the_tip_about_the_22_tiles() -> None:
    starter = PlayerView.of(position([RACK + " Y1", "", "", ""], phase="p"), 0)
    tips = Walkthrough().due(starter)
    texts = [tip.text for tip in tips]
    assert texts[0] == FIRST_START.format(n=22)
    assert "is this hand's okey" in texts[1] and "opening floor" in texts[2], texts


def test_the_examples_never_hold_the_okey() -> None:
    """A run of the okey's colour around its number, or a set of its number, would show a
    wild tile as an ordinary one: the examples move away from it."""
    for indicator in ("R3", "R2", "Y6", "K6", "B4"):
        okey = okey_for(Tile.parse(indicator))
        run, group = meld_examples(okey)
        assert okey not in parse_tiles(run) + parse_tiles(group), (okey, run, group)
        assert len(parse_tiles(run)) == len(parse_tiles(group)) == 3
    assert meld_examples(Tile.parse("R4")) == ("Y3 Y4 Y5", "K7 R7 B7")
    assert meld_examples(Tile.parse("B7")) == ("R3 R4 R5", "K8 R8 B8")


def test_a_false_okey_in_the_rack_is_explained_with_the_okey() -> None:
    tips = Walkthrough().due(draw_view(rack=RACK.replace("R2 ", "F ")))
    okey = next(tip.text for tip in tips if "this hand's okey" in tip.text)
    assert "F✦ (false okey) is not wild: it plays as B8." in okey, okey
    plain = Walkthrough().due(draw_view())
    assert not any("false okey" in tip.text for tip in plain)


def test_the_basics_name_the_tables_floor_and_whether_it_rises() -> None:
    fifty_one = Walkthrough().due(draw_view(rules="51/11"))
    floor = next(tip.text for tip in fifty_one if "opening floor" in tip.text)
    assert "51 points of runs and sets, or 4 pairs" in floor
    assert "the points floor rises" in floor  # 51: the pairs floor does not
    rising = Walkthrough().due(draw_view(rules="rising/11"))
    floor = next(tip.text for tip in rising if "opening floor" in tip.text)
    assert "101 points" in floor and "a first opening must beat the best one of its kind" in floor


def test_the_basics_are_past_in_another_hand_or_once_opened() -> None:
    okey, floor = Walkthrough().due(draw_view())[1:]
    assert not okey.past(draw_view()) and not floor.past(draw_view())
    assert okey.past(draw_view(indicator="R3")) and floor.past(draw_view(indicator="R3"))
    opened = position([RACK, "", "", ""], phase="p", openings="m101/-/-/-")
    assert floor.past(PlayerView.of(opened, 0)) and okey.past(PlayerView.of(opened, 0))


def test_the_going_pairs_tip_comes_after_the_basics_and_goes_once_declared() -> None:
    view = draw_view(rules="challenge/11")
    tips = Walkthrough().due(view)
    texts = [tip.text for tip in tips]
    assert texts[0] == FIRST_DRAW and "this hand's okey" in texts[1] and "floor" in texts[2]
    pairs = tips[3]
    assert pairs.text.startswith(GOING_PAIRS.split(":")[0]), texts
    hand = position([RACK, "", "", ""], phase="d", rules="challenge/11")
    hand.apply(DeclarePairs())
    assert pairs.past(PlayerView.of(hand, 0))
    assert not pairs.past(view)


# Seat 0 has opened; R6 fits the run R3-R5 that seat 1 laid (meld 2), K9 fits nothing.
def lay_off_hand(rules: str = "classic/11") -> PlayerView:
    hand = position(
        ["R6 K9 Y1 B12", "", "", ""],
        phase="p",
        rules=rules,
        table=["0:Y10Y11Y12Y13", "1:R3R4R5"],
        openings="m101/m101/-/-",
    )
    return PlayerView.of(hand, 0)


def test_the_first_lay_off_that_can_be_made_is_explained_once() -> None:
    walkthrough = Walkthrough()
    walkthrough.shown.update({(0, "basics"), (0, "draw")})
    view = lay_off_hand()
    tips = walkthrough.due(view)
    assert len(tips) == 1, [tip.text for tip in tips]
    text = tips[0].text
    assert text.startswith("You can add R6 to meld 2 on the table: once open, you may lay"), text
    assert "Put the cursor on R6 and press a." in text
    assert "costs +101 at this table" in text  # a penalty table: discarding it costs
    assert not walkthrough.due(view)  # once
    # Past once R6 is on the table (nothing of the rack fits now), or once the turn is over.
    hand = position(
        ["R6 K9 Y1 B12", "", "", ""],
        phase="p",
        table=["0:Y10Y11Y12Y13", "1:R3R4R5"],
        openings="m101/m101/-/-",
    )
    hand.apply(AddTile(Tile.parse("R6"), 1))
    assert tips[0].past(PlayerView.of(hand, 0))
    assert not tips[0].past(view)
    assert tips[0].past(PlayerView.of(hand, 1))  # another seat's turn: not this seat's moment
    no_penalties = Walkthrough()
    no_penalties.shown.update({(0, "basics"), (0, "draw")})
    tips = no_penalties.due(lay_off_hand("classic/11+n"))
    assert tips and "costs" not in tips[0].text


def test_no_lay_off_tip_before_opening() -> None:
    hand = position(
        ["R6 K9 Y1 B12 K1", "", "", ""], phase="p", table=["1:R3R4R5"], openings="-/m101/-/-"
    )
    walkthrough = Walkthrough()
    walkthrough.shown.update({(0, "basics"), (0, "draw")})
    assert not walkthrough.due(PlayerView.of(hand, 0))


@pytest.mark.parametrize(
    ("opens_with", "first", "later", "said", "now_said"),
    [
        # "your rack holds 108 / 101" said 108 turns after the rack came to 123 (the hint
        # and s said the new total).
        (
            "melds",
            "R10 R11 R12 R13 Y10 Y11 Y12 Y13 K10 K11 K12 K13 B1 B3 B5 Y2 Y4 K2 K4 R1 R3",
            "R10 R11 R12 R13 Y10 Y11 Y12 Y13 K10 K11 K12 K13 B10 B11 B12 Y2 Y4 K2 K4 R1 R3",
            "your rack holds 138 / 101",
            "your rack holds 171 / 101",
        ),
        # "You can open with 5 pairs" kept its 5 turns after the rack came to 6.
        (
            "pairs",
            "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R5 Y9 K12 B13 R11",
            "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R5 Y9 Y9 B13 R11",
            "open with 5 pairs",
            "open with 6 pairs",
        ),
    ],
)
def test_the_opening_tip_says_what_the_rack_holds_now(
    opens_with: str, first: str, later: str, said: str, now_said: str
) -> None:
    def view(rack: str) -> PlayerView:
        return PlayerView.of(position([rack, "", "", ""], phase="p", indicator="B7"), 0)

    walkthrough = Walkthrough()
    walkthrough.shown.add((0, "draw"))  # past the first turn's tips
    [tip] = [t for t in walkthrough.due(view(first)) if t.opens_with == opens_with]
    assert said in tip.words(False), tip.words(False)
    for waits in (False, True):
        for short in (False, True):
            now = tip.words(waits, short=short, view=view(later))
            assert now_said in now and said not in now, now
