"""RULES.md section 12: Classic, Rising, Challenge and 51, column by column."""

from __future__ import annotations

import random

import pytest

from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import IllegalActionError, OpeningError
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.scoring import big_opening_bonus, opening_bonus, penalty_notes, score_hand
from okey_tui.engine.state import Hand, Opening, OpeningKind
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")
TYPES = ["classic", "rising", "challenge", "51"]


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


@pytest.mark.parametrize(
    ("code", "dealt"), [("classic", 21), ("rising", 21), ("challenge", 21), ("51", 14)]
)
def test_tiles_dealt(code: str, dealt: int) -> None:
    hand = Hand.deal(RuleSet(game_type=GameType(code)), random.Random(0), 3)
    assert [len(r) for r in hand.racks] == [dealt, dealt, dealt, dealt + 1]


FLOOR_OPENINGS = {
    # floor: (rack, an opening one short of it, an opening worth exactly the floor)
    101: (
        "K10 K11 K12 K13 Y10 Y11 Y12 Y13 R1 R2 R3 R4 Y1 Y2",
        "K10K11K12K13 Y10Y11Y12Y13 R1R2R3",
        "K10K11K12K13 Y10Y11Y12Y13 R2R3R4",
    ),
    51: ("K11 K12 K13 R3 R4 R5 R6 Y1 Y2", "K11K12K13 R3R4R5", "K11K12K13 R4R5R6"),
}


@pytest.mark.parametrize(
    ("code", "floor"), [("classic", 101), ("rising", 101), ("challenge", 101), ("51", 51)]
)
def test_melds_floor(pos, code: str, floor: int) -> None:
    rack, below, exact = FLOOR_OPENINGS[floor]
    hand = pos([rack, "", "", ""], rules=f"{code}/11")
    assert hand.rules.melds_floor == floor
    with pytest.raises(OpeningError, match=f"this table needs {floor}"):
        act(hand, f"open {below}")
    act(hand, f"open {exact}")
    assert hand.openings[0] == Opening(OpeningKind.MELDS, floor)


@pytest.mark.parametrize(
    ("code", "rises"), [("classic", False), ("rising", True), ("challenge", True), ("51", True)]
)
def test_melds_floor_rises_one_over_the_highest_opening(pos, code: str, rises: bool) -> None:
    hand = pos(["K1 K2", "", "", ""], rules=f"{code}/11", openings="-/m120/m105/-")
    base = RuleSet.from_code(code).melds_floor
    assert hand.floor(0, OpeningKind.MELDS) == (max(base, 121) if rises else base)
    assert hand.floor(0, OpeningKind.PAIRS) == RuleSet.from_code(code).pairs_floor


def test_a_rising_opening_below_the_risen_floor_is_refused_naming_it(pos) -> None:
    hand = pos(
        ["K10 K11 K12 K13 Y10 Y11 Y12 Y13 R2 R3 R4 K1 K2", "", "", ""],
        rules="rising/11",
        openings="-/m101/-/-",
    )
    with pytest.raises(
        OpeningError, match="101 points; this table needs 102 \\(one more than the highest"
    ):
        act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4")


@pytest.mark.parametrize(
    ("code", "floor"), [("classic", 5), ("rising", 5), ("challenge", 5), ("51", 4)]
)
def test_pairs_floor(pos, code: str, floor: int) -> None:
    pairs = ["R1R1", "Y2Y2", "B3B3", "K4K4", "R9R9"][:floor]
    rack = " ".join(p[: len(p) // 2] + " " + p[len(p) // 2 :] for p in pairs) + " K1 K2"
    hand = pos([rack, "", "", ""], rules=f"{code}/11")
    with pytest.raises(OpeningError, match=f"{floor - 1} pairs; this table needs {floor}"):
        act(hand, "open " + " ".join(pairs[:-1]))
    act(hand, "open " + " ".join(pairs))
    assert hand.openings[0] == Opening(OpeningKind.PAIRS, floor)


@pytest.mark.parametrize(
    ("code", "rises"), [("classic", False), ("rising", True), ("challenge", True), ("51", False)]
)
def test_pairs_floor_rises_one_pair_over_the_highest(pos, code: str, rises: bool) -> None:
    hand = pos(["K1 K2", "", "", ""], rules=f"{code}/11", openings="-/p6/p5/m150")
    base = RuleSet.from_code(code).pairs_floor
    assert hand.floor(0, OpeningKind.PAIRS) == (7 if rises else base)


def test_rising_floors_track_melds_and_pairs_separately(pos) -> None:
    hand = pos(["K1 K2", "", "", ""], rules="rising/11", openings="-/p8/-/-")
    assert hand.floor(0, OpeningKind.MELDS) == 101 and hand.floor(0, OpeningKind.PAIRS) == 9
    hand = pos(["K1 K2", "", "", ""], rules="rising/11", openings="-/m170/-/-")
    assert hand.floor(0, OpeningKind.MELDS) == 171 and hand.floor(0, OpeningKind.PAIRS) == 5


@pytest.mark.parametrize(
    ("code", "bonus"), [("classic", False), ("rising", True), ("challenge", True), ("51", False)]
)
def test_big_opening_bonus_column(code: str, bonus: bool) -> None:
    assert RuleSet.from_code(code).big_opening_bonus is bonus


@pytest.mark.parametrize(
    ("opening", "points"),
    [
        (Opening(OpeningKind.MELDS, 149), 0),
        (Opening(OpeningKind.MELDS, 150), -101),
        (Opening(OpeningKind.MELDS, 179), -101),
        (Opening(OpeningKind.MELDS, 180), -202),
        (Opening(OpeningKind.PAIRS, 6), 0),
        (Opening(OpeningKind.PAIRS, 7), -101),
        (Opening(OpeningKind.PAIRS, 8), -101),
        (Opening(OpeningKind.PAIRS, 9), -202),
        (None, 0),
    ],
)
def test_big_opening_bonus_values(opening: Opening | None, points: int) -> None:
    assert big_opening_bonus(opening) == points


@pytest.mark.parametrize(
    ("code", "kind", "value", "points"),
    [
        ("rising", OpeningKind.PAIRS, 7, -101),
        ("challenge", OpeningKind.PAIRS, 9, -202),
        ("rising", OpeningKind.PAIRS, 6, 0),
        ("rising", OpeningKind.MELDS, 150, -101),
        ("challenge", OpeningKind.MELDS, 180, -202),
        ("rising", OpeningKind.MELDS, 149, 0),
        ("classic", OpeningKind.PAIRS, 9, 0),
        ("classic", OpeningKind.MELDS, 180, 0),
        ("51", OpeningKind.MELDS, 180, 0),
        ("51", OpeningKind.PAIRS, 7, 0),
    ],
)
def test_opening_bonus_says_what_an_opening_earns_at_the_table(
    code: str, kind: OpeningKind, value: int, points: int
) -> None:
    """The query a screen asks before and when a player opens: the table's type decides."""
    assert opening_bonus(RuleSet.from_code(code), kind, value) == points


@pytest.mark.parametrize(
    ("code", "bonus"), [("classic", 0), ("rising", -101), ("challenge", -101), ("51", 0)]
)
def test_the_big_opening_bonus_comes_off_the_openers_hand_score(pos, code: str, bonus: int) -> None:
    hand = pos(["R1 R2 R3 K13", "", "R3 K7", ""], rules=f"{code}/11", openings="-/-/m150/-")
    act(hand, "open R1R2R3")
    act(hand, "discard K13")
    line = score_hand(hand).seats[2]
    assert (line.bonus, line.total) == (bonus, 404 + bonus)


@pytest.mark.parametrize(
    ("code", "challenge"),
    [("classic", False), ("rising", False), ("challenge", True), ("51", False)],
)
def test_challenge_rules_column(pos, code: str, challenge: bool) -> None:
    hand = pos(["K1 K2", "", "", ""], rules=f"{code}/11")
    if challenge:
        act(hand, "pairs")
        assert hand.going_pairs[0]
    else:
        with pytest.raises(IllegalActionError, match="Challenge rule"):
            act(hand, "pairs")


def challenge_take(pos, top: str, rack: str, opening: str, rules: str = "challenge/11"):  # noqa: ANN001, ANN201
    hand = pos(
        ["", rack, "", ""],
        rules=rules,
        turn=1,
        phase="d",
        discards=[top, "", "", ""],
        openings=f"-/{opening}/-/-",
    )
    act(hand, "take")
    return hand


@pytest.mark.parametrize(
    ("top", "rack", "opening", "play", "points"),
    [
        ("R4", "R5 R6 K1 K2", "m101", "lay R4R5R6", 40),
        ("R4", "R4 K1 K2", "p5", "lay R4R4", 80),
        ("B8", "R5 R6 K1 K2", "m101", "lay R5R6*R7", 140),
        ("B8", "R7 K1 K2", "p5", "lay R7*R7", 280),
    ],
    ids=["tile in a run x10", "tile in a pair x20", "okey in a run x20", "okey in a pair x40"],
)
def test_challenge_the_discarder_pays_when_the_right_neighbour_uses_the_tile(
    pos, top: str, rack: str, opening: str, play: str, points: int
) -> None:
    hand = challenge_take(pos, top, rack, opening)
    act(hand, play)
    assert [(p.seat, p.points, p.reason.value) for p in hand.penalties] == [
        (0, points, "challenge-discard")
    ]
    # The log names the tile paid for, and an okey's the tile it stood for (its worth).
    paid = [e for e in hand.events if e.kind == "penalty"][-1]
    stood_for = {"lay R5R6*R7": ("R7",), "lay R7*R7": ("R7",)}.get(play, ())
    assert [str(t) for t in paid.tiles] == [top, *stood_for]


def test_challenge_a_tile_added_to_a_table_meld_is_paid_too(pos) -> None:
    hand = pos(
        ["", "K1 K2", "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-/m101/-/-",
        table=["2:R1R2R3"],
    )
    act(hand, "take")
    act(hand, "add R4>0")
    assert [(p.seat, p.points) for p in hand.penalties] == [(0, 40)]


def test_challenge_payments_are_not_written_at_a_no_penalty_table(pos) -> None:
    hand = challenge_take(pos, "R4", "R5 R6 K1 K2", "m101", rules="challenge/11+n")
    act(hand, "lay R4R5R6")
    assert hand.penalties == []


def test_no_challenge_payment_in_the_rising_game(pos) -> None:
    hand = challenge_take(pos, "R4", "R5 R6 K1 K2", "m101", rules="rising/11")
    act(hand, "lay R4R5R6")
    assert hand.penalties == []


def test_going_pairs_forbids_a_melds_opening(pos) -> None:
    hand = pos(
        ["K10 K11 K12 K13 Y10 Y11 Y12 Y13 R2 R3 R4 K1 K2", "", "", ""],
        rules="challenge/11",
        openings="-!/-/-/-",
    )
    with pytest.raises(OpeningError, match="only with pairs"):
        act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4")


def test_going_pairs_is_declared_before_opening_and_once(pos) -> None:
    hand = pos(["K1 K2", "", "", ""], rules="challenge/11", openings="m101/-/-/-")
    with pytest.raises(IllegalActionError, match="before opening"):
        act(hand, "pairs")
    hand = pos(["K1 K2", "", "", ""], rules="challenge/11", openings="-!/-/-/-")
    with pytest.raises(IllegalActionError, match="already declared"):
        act(hand, "pairs")


@pytest.mark.parametrize(("last", "score"), [("K13", 404), ("B8", 808)])
def test_going_pairs_doubles_the_not_opened_score(pos, last: str, score: int) -> None:
    hand = pos([f"R1 R2 R3 {last}", "K1 K2", "", ""], rules="challenge/11", openings="m101/-!/-/-")
    act(hand, "lay R1R2R3")
    act(hand, f"discard {last}")
    assert score_hand(hand).seats[1].finish == score


def r4_from_going_pairs(pos, rack: str, opening: str = "-"):  # noqa: ANN001, ANN201
    """A Challenge table: seat 0 Going Pairs has thrown R4; seat 1, with ``rack`` and
    ``opening``, is to draw."""
    return pos(
        ["", rack, "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings=f"-!/{opening}/-/-",
    )


def test_a_going_pairs_discard_may_not_go_into_a_run(pos) -> None:
    hand = r4_from_going_pairs(pos, "R5 R6 K1 K2", "m101")
    act(hand, "take")
    with pytest.raises(
        IllegalActionError, match="Going Pairs player: it may only make a pair"
    ) as caught:
        act(hand, "lay R4R5R6")
    from okey_tui.messages import describe

    # The refusal says what to do instead.
    assert describe(caught.value).endswith("use it in one or give it back")


def test_a_going_pairs_discard_may_not_open_melds(pos) -> None:
    rack = "K10 K11 K12 K13 Y10 Y11 Y12 Y13 R2 R3 K1"
    hand = r4_from_going_pairs(pos, rack)
    act(hand, "take")
    with pytest.raises(IllegalActionError, match="it may only open pairs"):
        act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4")


def test_a_going_pairs_discard_may_open_pairs_or_lay_a_pair(pos) -> None:
    hand = r4_from_going_pairs(pos, "R4 Y2 Y2 B3 B3 K4 K4 R9 R9 K1")
    act(hand, "take")
    act(hand, "open R4R4 Y2Y2 B3B3 K4K4 R9R9")
    hand = r4_from_going_pairs(pos, "R4 K1 K2", "p5")
    act(hand, "take")
    act(hand, "lay R4R4")
    assert hand.taken is None


@pytest.mark.parametrize(
    ("rack", "opening", "usable"),
    [
        ("R5 R6 K1 K2", "m101", False),  # a run with it, but a melds opener lays no pair
        ("R4 K1 K2", "p5", True),  # a pair with its twin
        ("K10 K11 K12 K13 Y10 Y11 Y12 Y13 R2 R3 K1", "-", False),  # it opens melds only
    ],
)
def test_the_view_says_a_going_pairs_discard_can_only_be_laid_in_a_pair(
    pos, rack: str, opening: str, usable: bool
) -> None:  # noqa: ANN001
    """The table asks before a take whose tile could not be laid this turn: the view said
    a Going Pairs player's discard could go into a run, and the engine then refused it."""
    from okey_tui.engine.view import PlayerView

    hand = r4_from_going_pairs(pos, rack, opening)
    assert PlayerView.of(hand, 1).can_use_taken(Tile.parse("R4")) is usable


def test_legal_actions_offer_no_lay_off_of_a_going_pairs_discard(pos) -> None:
    from okey_tui.engine.actions import AddTile
    from okey_tui.engine.view import PlayerView, legal_actions

    hand = pos(
        ["", "K1 K2", "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-!/m101/-/-",
        table=["2:R1R2R3"],
    )
    act(hand, "take")
    actions = legal_actions(PlayerView.of(hand, 1))
    assert AddTile(Tile.parse("R4"), 0) not in actions
    with pytest.raises(IllegalActionError, match="only make a pair"):
        act(hand, "add R4>0")


@pytest.mark.parametrize(
    ("rules", "openings", "offered"),
    [
        ("challenge/11", "-/-/-/-", True),
        ("challenge/11", "m101/-/-/-", False),  # opened
        ("challenge/11", "-!/-/-/-", False),  # declared already
        ("classic/11", "-/-/-/-", False),  # not a Challenge table
    ],
)
def test_going_pairs_is_offered_only_at_a_challenge_table_before_opening(
    pos, rules: str, openings: str, offered: bool
) -> None:
    from okey_tui.engine.actions import DeclarePairs
    from okey_tui.engine.view import PlayerView, legal_actions

    hand = pos(["K1 K2 R5", "", "", ""], rules=rules, openings=openings)
    assert (DeclarePairs() in legal_actions(PlayerView.of(hand, 0))) is offered


def test_a_swap_without_the_going_pairs_discard_is_still_offered(pos) -> None:
    from okey_tui.engine.actions import SwapOkey
    from okey_tui.engine.view import PlayerView, legal_actions

    hand = pos(
        ["", "K6 K1 K2", "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-!/m101/-/-",
        table=["2:R3*R4R5", "2:K5*K6K7"],
    )
    act(hand, "take")
    swaps = [a for a in legal_actions(PlayerView.of(hand, 1)) if isinstance(a, SwapOkey)]
    assert swaps == [SwapOkey(1, (Tile.parse("K6"),))]  # not the one with the taken R4


def test_challenge_a_tile_swapped_in_for_an_okey_is_paid_too(pos) -> None:
    hand = pos(
        ["", "K1 K2", "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-/m101/m101/-",
        table=["2:R3*R4R5"],
    )
    act(hand, "take")
    act(hand, "swap 0 R4")
    assert hand.taken is None
    assert [(p.seat, p.points, p.reason.value) for p in hand.penalties] == [
        (2, 101, "okey-taken"),
        (0, 40, "challenge-discard"),
    ]


def test_a_going_pairs_discard_opening_melds_is_refused_naming_it(pos) -> None:
    from okey_tui.engine.errors import ErrorCode

    rack = "K10 K11 K12 K13 Y10 Y11 Y12 Y13 R2 R3 K1"
    hand = r4_from_going_pairs(pos, rack)
    act(hand, "take")
    with pytest.raises(IllegalActionError) as caught:
        act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4")
    assert caught.value.code is ErrorCode.GOING_PAIRS_TILE_MAKES_PAIRS
    assert caught.value.params == {"tile": Tile.parse("R4")}


def test_challenge_a_false_okey_used_is_paid_at_the_okeys_number(pos) -> None:
    hand = pos(
        ["", "K1 K2", "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=["F", "", "", ""],
        openings="-/m101/m101/-",
        table=["2:B5B6B7"],
    )
    act(hand, "take")
    act(hand, "add F>0")
    assert [(p.seat, p.points, p.reason.value) for p in hand.penalties] == [
        (0, 80, "challenge-discard")
    ]
    paid = [e for e in hand.events if e.kind == "penalty"][-1]
    assert paid.tiles == (Tile.parse("F"),)  # the tile laid, no okey's reading beside it


def test_a_challenge_payment_is_noted_over_the_taken_tile_not_the_melds_first(pos) -> None:
    """The summary says which discard was paid for: B8 (used as the okey), though the meld
    laid with it starts with R5."""
    hand = challenge_take(pos, "B8", "R5 R6 K1 K2", "m101")
    act(hand, "lay R5R6*R7")
    (note,) = penalty_notes(hand)
    assert (note.seat, note.points, note.tile, note.by) == (0, 140, Tile.parse("B8"), 1)


@pytest.mark.parametrize(("opening", "bonus"), [("p8", -101), ("m160", -101), ("p6", 0)])
def test_a_big_opening_takes_its_bonus_off_the_hand_score(pos, opening: str, bonus: int) -> None:  # noqa: ANN001
    """Rising: seat 1 opened with 8 pairs (7 or more) or 160 points (150 or more); the
    middle runs out as seat 0 is to draw, and the hand's score takes 101 off seat 1's."""
    hand = pos(
        ["K1 K2", "R1 R2", "Y1 Y2", "B1 B2"],
        rules="rising/11",
        phase="d",
        rest="discard1",
        openings=f"-/{opening}/-/-",
    )
    act(hand, "draw")
    assert score_hand(hand).seats[1].bonus == bonus
