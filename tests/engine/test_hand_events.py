"""The events a hand records: what the game log shows and a replay reads, for every action.

Each event names its kind, the seat, its line of text (the English log line), the tiles
it is about and a value (points opened, a penalty's points)."""

from __future__ import annotations

from okey_tui.engine.actions import Action, parse_action
from okey_tui.engine.melds import Meld, parse_meld
from okey_tui.engine.state import EndKind, Event, Hand, Outcome
from okey_tui.engine.tiles import Tile, parse_tiles

OKEY = Tile.parse("B8")


def events(hand: Hand, text: str) -> list[Event]:
    action: Action = parse_action(text, OKEY)
    return hand.apply(action)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


def melds(*texts: str) -> tuple[Meld, ...]:
    return tuple(parse_meld(t, OKEY) for t in texts)


def test_drawing_taking_and_giving_back_are_logged_with_their_tile(pos) -> None:
    hand = pos(["", "K1 K2", "", ""], turn=1, phase="d", discards=["R7", "", "", ""], middle="Y3")
    assert events(hand, "take") == [Event("take", 1, "took R7 from the left", tiles("R7"))]
    assert events(hand, "giveback") == [
        Event("giveback", 1, "gave back R7", tiles("R7")),
        Event("draw", 1, "drew from the middle", tiles("Y3")),
    ]


def test_an_empty_middle_ends_the_hand_in_the_log(pos) -> None:
    hand = pos(["", "K1 K2", "", ""], turn=1, phase="d", rest="rack2")
    assert events(hand, "draw") == [
        Event("empty", 1, "The middle is empty: the hand ends"),
        Event("end", None, "The hand is over (the middle ran out)"),
    ]


def test_opening_and_laying_are_logged_with_the_tiles_and_the_points(pos) -> None:
    hand = pos(["K10 K11 K12 K13 Y10 Y11 Y12 Y13 R1 R2 R3 R4 B1 B2 B3 Y5 Y6 Y7 F", "", "", ""])
    assert events(hand, "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4") == [
        Event(
            "open",
            0,
            "opened with 102 points",
            tiles("K10 K11 K12 K13 Y10 Y11 Y12 Y13 R1 R2 R3 R4"),
            102,
            melds=melds("K10K11K12K13", "Y10Y11Y12Y13", "R1R2R3R4"),  # for the log to name
        )
    ]
    assert events(hand, "lay B1B2B3 Y5Y6Y7") == [
        Event(
            "lay",
            0,
            "laid B1 B2 B3, Y5 Y6 Y7",
            tiles("B1 B2 B3 Y5 Y6 Y7"),
            melds=melds("B1B2B3", "Y5Y6Y7"),
        )
    ]


def test_a_pairs_opening_is_logged_in_pairs(pos) -> None:
    hand = pos(["R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 K9", "", "", ""])
    assert events(hand, "open R1R1 R2R2 R3R3 R4R4 R5R5") == [
        Event(
            "open",
            0,
            "opened with 5 pairs",
            tiles("R1 R1 R2 R2 R3 R3 R4 R4 R5 R5"),
            5,
            melds=melds("R1R1", "R2R2", "R3R3", "R4R4", "R5R5"),
        )
    ]


def test_a_swap_of_two_tiles_is_logged_with_both(pos) -> None:
    hand = pos(["B7 K7 Y9 Y10", "", "", ""], openings="m101/-/-/-", table=["0:R7Y7*B7"])
    assert events(hand, "swap 0 B7K7") == [
        Event(
            "swap",
            0,
            "took the okey from R7 Y7 B7 for B7 K7",
            tiles("B7 K7"),
            melds=melds("R7Y7*B7", "R7Y7B7K7"),
        )
    ]


def test_adding_swapping_and_taking_back_are_logged(pos) -> None:
    hand = pos(["R4 R6 K9 K10", "", "", ""], openings="m101/-/-/-", table=["1:R3*R4R5"])
    assert events(hand, "swap 0 R4") == [
        Event(
            "swap",
            0,
            "took the okey from R3 R4 R5 for R4",
            tiles("R4"),
            melds=melds("R3*R4R5", "R3R4R5"),
        ),
        Event("penalty", 1, "+101: an okey they placed was taken", (), 101, code="okey-taken"),
    ]
    assert events(hand, "add R6>0") == [
        Event("add", 0, "added R6 to R3 R4 R5", tiles("R6"), melds=melds("R3R4R5", "R3R4R5R6"))
    ]
    assert events(hand, "takeback") == [
        Event("takeback", 0, "took back this turn's melds"),
        Event("penalty", 0, "+101: took back their melds", (), 101, code="take-back"),
    ]


def test_an_add_and_a_swap_name_their_table_meld_by_its_place(pos) -> None:
    """The event's value is the table meld's place: the hand's summary reads whose meld a
    tile went on from it (the finisher's tiles added to others' melds)."""
    hand = pos(
        ["R4 R6 B4 K9 K10", "", "", ""],
        openings="m101/m101/m101/-",
        table=["2:K1K2K3", "1:R3*R4R5", "2:B1B2B3"],
    )
    swap = events(hand, "swap 1 R4")[0]
    assert (swap.kind, swap.value) == ("swap", 1)
    add = events(hand, "add R6>1")[0]
    assert (add.kind, add.value, add.tiles) == ("add", 1, tiles("R6"))
    add = events(hand, "add B4>2")[0]
    assert (add.kind, add.value, add.tiles) == ("add", 2, tiles("B4"))


def test_going_pairs_is_logged(pos) -> None:
    hand = pos(["R1 K9", "", "", ""], rules="challenge/11")
    assert events(hand, "pairs") == [Event("pairs", 0, "declared Going Pairs")]


def test_a_discard_and_its_penalty_are_logged(pos) -> None:
    hand = pos(["R6 K9 K10", "", "", ""], openings="-/m101/-/-", table=["1:R3R4R5"])
    assert events(hand, "discard R6") == [
        Event("discard", 0, "discarded R6", tiles("R6")),
        Event("penalty", 0, "+101: discarded a playable tile", (), 101, code="playable-discard"),
    ]


def test_a_finish_is_logged_with_the_finisher_and_how(pos) -> None:
    hand = pos(["R5", "", "", ""], openings="m101/-/-/-")
    assert events(hand, "discard R5") == [
        Event("discard", 0, "discarded R5", tiles("R5")),
        Event("finish", 0, "finished: normal finish"),
        Event("end", None, "The hand is over (normal finish)"),
    ]


def test_a_finish_says_each_doubling_it_earned() -> None:
    def said(**flags: bool) -> str:
        return Outcome(EndKind.FINISH, 0, **flags).describe()

    assert said() == "normal finish"
    assert said(straight=True) == "straight out"
    assert said(pairs=True) == "with pairs"
    assert said(okey=True) == "with an okey"
    assert said(okey=True, straight=True, pairs=True) == "straight out, with pairs, with an okey"
    assert Outcome(EndKind.EMPTY_MIDDLE).describe() == "the middle ran out"


def test_the_deal_is_logged_with_the_indicator_and_the_okey() -> None:
    import random

    from okey_tui.engine.rules import RuleSet

    hand = Hand.deal(RuleSet(), random.Random(2), 1)
    ind = hand.indicator
    assert hand.events == [Event("deal", 1, f"Indicator {ind}: the okey is {hand.okey}", (ind,))]


def test_a_hand_reads_back_equal_from_its_position_after_a_turn_and_at_the_end(pos) -> None:
    passed = pos(["R5 K1", "", "", ""], openings="m101/-/-/-")
    passed.apply(parse_action("discard K1", OKEY))
    assert passed.turn_start is None and passed.turn_actions == []
    assert Hand.from_position(passed.position()) == passed
    finished = pos(["R5", "", "", ""], openings="m101/-/-/-")
    finished.apply(parse_action("discard R5", OKEY))
    ran_out = pos(["", "K1", "", ""], turn=1, phase="d", rest="rack2")
    ran_out.apply(parse_action("draw", OKEY))
    for hand in (finished, ran_out):
        assert hand.is_over and hand.turn_start is None and hand.turn_actions == []
        assert Hand.from_position(hand.position()) == hand


def test_a_snapshot_is_the_hand_without_its_history_and_plays_on(pos) -> None:
    hand = pos(["R4 R5 R6 K1 K2", "", "", ""], openings="m101/-/-/-")
    hand.apply(parse_action("lay R4R5R6", OKEY))
    snap = hand.snapshot()
    assert (snap.turn_start, snap.turn_actions, snap.events) == (None, [], [])
    assert "|" not in snap.position()  # no turn actions of its own to write
    assert snap.racks == hand.racks and snap.table == hand.table
    assert Hand.from_position(snap.position()).racks == hand.racks
    assert snap.apply(parse_action("discard K1", OKEY)) == [
        Event("discard", 0, "discarded K1", tiles("K1"))
    ]
    assert len(hand.racks[0]) == 2 and hand.turn == 0
