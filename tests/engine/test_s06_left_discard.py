"""RULES.md section 6: taking the left discard, using it this turn, giving it back."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import GiveBack, parse_action
from okey_tui.engine.errors import IllegalActionError, OpeningError
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, legal_actions

OKEY = Tile.parse("B8")
BIG = "K10 K11 K12 K13 Y10 Y11 Y12 Y13 R1 R2 R3"  # with R4 from the left: 102


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def offered(pos, rack: str, tile: str, table=(), opening: str = "m101", **fields):  # noqa: ANN001, ANN201
    """Seat 0, with ``rack`` and ``opening`` (seat 2 opened with runs and sets), to draw;
    ``tile`` on its left pile and ``table`` laid."""
    return pos(
        [rack, "", "", ""],
        turn=0,
        phase="d",
        discards=["", "", "", tile],
        table=list(table),
        openings=f"{opening}/-/m101/-",
        **fields,
    )


def taken_r4(pos, rack: str, **kw):  # noqa: ANN001, ANN003, ANN201
    hand = pos(
        ["", rack, "", ""],
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        middle="Y1",
        rest="rack2",
        **kw,
    )
    act(hand, "take")
    return hand


def test_a_taken_discard_blocks_the_discard_until_it_is_used(pos) -> None:
    hand = taken_r4(pos, BIG + " K1")
    with pytest.raises(IllegalActionError, match="must be used this turn or given back"):
        act(hand, "discard K1")
    with pytest.raises(IllegalActionError, match="must be used this turn"):
        act(hand, "discard R4")


def test_a_taken_discard_used_in_the_opening_frees_the_discard(pos) -> None:
    hand = taken_r4(pos, BIG + " K1 K2")
    act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4")
    act(hand, "discard K1")
    assert hand.turn == 2


def test_giving_it_back_returns_the_tile_and_draws_from_the_middle_without_penalty(pos) -> None:
    hand = taken_r4(pos, "K1 K5")
    hand.apply(GiveBack())
    assert hand.discards[0] == [Tile.parse("R4")]
    assert pos.names(hand.racks[1]) == pos.names("K1 K5 Y1")
    assert hand.penalties == []
    act(hand, "discard K1")


def test_give_back_is_offered_only_while_the_tile_is_pending(pos) -> None:
    hand = taken_r4(pos, "K1 K5")
    assert GiveBack() in legal_actions(PlayerView.of(hand, 1))
    hand = pos(["", "K1 K5", "", ""], turn=1)
    with pytest.raises(IllegalActionError, match="no taken discard"):
        hand.apply(GiveBack())


def test_an_unopened_player_may_use_it_only_in_an_opening_made_this_turn(pos) -> None:
    hand = taken_r4(pos, BIG + " Y9 K1")
    with pytest.raises(OpeningError, match="must be part of your opening"):
        act(hand, "open K10K11K12K13 Y9Y10Y11Y12Y13 R1R2R3")
    # opened with other tiles, it cannot go to a later meld of the same turn
    hand = taken_r4(pos, "K9 K10 K11 K12 K13 Y10 Y11 Y12 Y13 R5 R6 K1")
    with pytest.raises(OpeningError, match="must be part of your opening"):
        act(hand, "open K9K10K11K12K13 Y10Y11Y12Y13")


def test_an_opened_player_may_use_it_in_a_new_meld(pos) -> None:
    hand = taken_r4(pos, "R5 R6 K1 K2", openings="-/m101/-/-")
    act(hand, "lay R4R5R6")
    assert hand.taken is None  # used: the lock is released
    act(hand, "discard K1")
    assert [(tm.owner, tm.meld.text(OKEY)) for tm in hand.table] == [(1, "R4R5R6")]
    assert hand.racks[1] == [Tile.parse("K2")] and hand.discards[1] == [Tile.parse("K1")]
    assert hand.discards[0] == [] and hand.turn == 2 and hand.penalties == []


def test_an_opened_player_may_add_it_to_a_table_meld(pos) -> None:
    hand = taken_r4(pos, "K1 K2", openings="-/m101/-/-", table=["3:R1R2R3"])
    act(hand, "add R4>0")
    assert hand.taken is None  # used: the lock is released
    act(hand, "discard K1")
    assert [(tm.owner, tm.meld.text(OKEY)) for tm in hand.table] == [(3, "R1R2R3R4")]
    assert hand.racks[1] == [Tile.parse("K2")] and hand.discards[1] == [Tile.parse("K1")]
    assert hand.discards[0] == [] and hand.turn == 2 and hand.penalties == []


def test_the_tile_must_be_used_this_turn_not_kept(pos) -> None:
    hand = taken_r4(pos, "K1 K2", openings="-/m101/-/-", table=["3:Y1Y2Y3"])
    with pytest.raises(IllegalActionError):
        act(hand, "discard K2")


def test_giving_back_after_laying_needs_a_take_back_first(pos) -> None:
    hand = taken_r4(pos, "K1 K2 K3 K4", openings="-/m101/-/-")
    act(hand, "lay K1K2K3")
    with pytest.raises(IllegalActionError, match="Take back"):
        hand.apply(GiveBack())
    act(hand, "takeback")
    hand.apply(GiveBack())
    assert hand.discards[0][-1] == Tile.parse("R4")


def test_the_left_discard_may_be_taken_when_the_middle_is_empty(pos) -> None:
    hand = pos(
        ["", "R5 R6 K1 K2", "", ""],
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-/m101/-/-",
        rest="rack2",
    )
    act(hand, "take")
    act(hand, "lay R4R5R6")
    act(hand, "discard K1")
    assert not hand.is_over


def test_giving_back_with_an_empty_middle_ends_the_hand(pos) -> None:
    hand = pos(["", "K5 K1", "", ""], turn=1, phase="d", discards=["R4", "", "", ""], rest="rack2")
    act(hand, "take")
    hand.apply(GiveBack())
    assert hand.is_over and hand.outcome is not None and hand.outcome.finisher is None


def test_the_left_discard_is_offered_only_when_there_is_one(pos) -> None:
    from okey_tui.engine.actions import DrawMiddle, TakeDiscard

    with_pile = pos(
        ["", "K1", "", ""], turn=1, phase="d", discards=["R4", "", "", ""], rest="rack2"
    )
    assert legal_actions(PlayerView.of(with_pile, 1)) == [DrawMiddle(), TakeDiscard()]
    bare = pos(["", "K1", "", ""], turn=1, phase="d", discards=["", "", "", "R4"], rest="rack2")
    assert legal_actions(PlayerView.of(bare, 1)) == [DrawMiddle()]


def test_no_discard_is_offered_while_the_taken_tile_waits_to_be_used(pos) -> None:
    from okey_tui.engine.actions import Discard

    hand = pos(
        ["", "R5 R6 K1 K2", "", ""],
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-/m101/-/-",
        rest="rack2",
    )
    act(hand, "take")
    actions = legal_actions(PlayerView.of(hand, 1))
    assert GiveBack() in actions
    assert not [a for a in actions if isinstance(a, Discard)]
    assert all(hand.is_legal(a) for a in actions)


def test_the_left_discard_is_the_top_of_the_left_neighbours_pile(pos) -> None:
    hand = pos(["K1 K2", "", "", ""], discards=["R1", "R2 R3", "", "Y4 Y5"], rest="rack2")
    assert hand.left_discard() == Tile.parse("Y5")  # seat 0 to play: seat 3 is on its left
    assert hand.left_discard(2) == Tile.parse("R3")
    assert hand.left_discard(1) == Tile.parse("R1")
    assert hand.left_discard(3) is None


def test_a_lock_whose_tile_has_left_the_hand_has_nothing_to_give_back(pos) -> None:
    from okey_tui.engine.errors import ErrorCode

    # The lock counts two R4 right after the take; one has gone since.
    hand = pos(["R4 K1 K2", "", "", ""], openings="m101/-/-/-", locks="take:R4:2:o")
    assert not hand.taken_pending()
    with pytest.raises(IllegalActionError) as caught:
        act(hand, "giveback")
    assert (caught.value.code, caught.value.params) == (ErrorCode.NOTHING_TO_GIVE_BACK, {})


def test_a_lock_whose_tile_has_left_the_hand_does_not_hold_up_the_discard(pos) -> None:
    hand = pos(["R4 K1 K2", "", "", ""], openings="m101/-/-/-", locks="take:R4:2:o")
    act(hand, "discard K1")
    assert hand.turn == 1 and hand.taken is None


@pytest.mark.parametrize(
    ("rack", "table", "opening", "tile", "usable"),
    [
        ("R10 Y1 K9", ["2:K5K6K7K8"], "m101", "K7", False),  # in the run already: nowhere
        ("R10 Y1 K9", ["2:K5K6K7K8"], "m101", "K4", True),  # extends the table's run
        ("R10 Y1 K9", ["2:K11*K12K13"], "m101", "K12", True),  # swaps the run's okey out
        ("R10 Y1 K9", ["2:R7Y7*B7"], "m101", "B7", True),  # the set's fourth colour
        ("R10 Y1 K9", ["2:K11*K12K13"], "p5", "K12", False),  # a pairs opener swaps no okey
        ("R10 Y1 K6", ["2:K7K8K9"], "m101", "K5", True),  # once K6 is added to the run
        ("R10 Y1 B3", ["2:K7K8K9"], "m101", "K5", False),  # K6 is missing
        ("R10 Y1 B8", ["2:K7K8K9"], "m101", "K5", True),  # the okey (B8) added as K6 first
        ("R10 Y1 K12", ["2:K11*K12K13"], "m101", "R12", True),  # R10 R12 + the swapped okey
        ("K11 Y1", ["2:K10*K11K12"], "m101", "Y11", False),  # K11 goes for the okey
        ("R5", ["2:K11*K12K13"], "m101", "K12", True),  # the okey to the run's end, R5 kept
        ("R1 Y3", ["2:R7Y7B7*K7"], "m101", "K7", False),  # the freed okey has no place
        ("Y1 Y2 R13", ["2:R7Y7B7*K7"], "m101", "K7", True),  # Y1 Y2 and the freed okey
        ("R10 Y1 K9", [], "m101", "Y10", False),  # no meld with one R10: a set needs three
        ("R10 K10 K9", [], "m101", "Y10", True),  # a set with R10 and K10
        ("R10 K12 K9", [], "m101", "K11", False),  # K9 K11 K12 is no run: K10 is missing
        ("R10 K12 K13", [], "m101", "K11", True),  # a run with K12 and K13
        ("R10 Y1 K9", [], "p5", "Y1", True),  # a pairs opener pairs it with its twin
        ("R10 Y1 K9", ["2:K5K6K7K8"], "p5", "K4", False),  # a pairs opener may not add it
        ("R10 Y2 B8", [], "m101", "K2", True),  # a set with Y2 and the okey (B8)
        ("R10 Y1 K9", [], "-", "K2", False),  # before the opening: no opening with it
        ("R11 R12 R13 Y11 Y12 Y13", [], "-", "B12", False),  # 72 with it: under 101
        ("R11 R12 R13 Y11 Y12 Y13 B12 B13", [], "-", "B11", True),  # with it, 108: opens
    ],
)
def test_whether_a_left_discard_could_be_laid_this_turn(
    pos, rack: str, table: list[str], opening: str, tile: str, usable: bool
) -> None:  # noqa: ANN001
    """A taken discard must be laid this turn: the view says, before the take, whether
    the tile could be (the table asks before taking one that could not)."""
    hand = offered(pos, rack, tile, table, opening)
    view = PlayerView.of(hand, 0)
    assert view.left_discard == Tile.parse(tile)
    assert view.can_use_taken(Tile.parse(tile)) is usable


@pytest.mark.parametrize(
    ("rack", "opening", "tile", "usable"),
    [
        ("R10 K1 K9", "p5", "Y1", False),  # a pairs opener's Y1 has no twin: not with itself
        ("R10 Y1 K9", "p5", "Y1", True),  # its twin makes the pair
        ("R10 Y1 K9", "m101", "R11", False),  # no run or set with it
        ("R10 R12 K9", "m101", "R11", True),  # R10 R11 R12
    ],
)
def test_whether_a_discard_taken_this_turn_can_still_be_laid(
    pos, rack: str, opening: str, tile: str, usable: bool
) -> None:  # noqa: ANN001
    """After the take the view says, of the rest of the rack, whether the taken tile can
    still go down this turn (before it, ``can_use_taken`` says it of the tile on offer):
    the table's line offers only g for a tile that cannot."""
    hand = pos(
        [rack, "", "", ""],
        turn=0,
        phase="d",
        discards=["", "", "", tile],
        openings=f"{opening}/-/m101/-",
    )
    assert PlayerView.of(hand, 0).taken_still_usable()  # nothing taken yet
    act(hand, "take")
    view = PlayerView.of(hand, 0)
    assert view.taken is not None and view.taken.tile == Tile.parse(tile)
    assert view.taken_still_usable() is usable


def test_the_run_a_left_discard_reaches_after_tiles_of_the_rack(pos) -> None:
    """K5 fits the table's K8 K9 K10 once K7 and K6 go on before it: K7 from the okey (B8),
    K6 from the rack, nearest the run first; with fewer tiles left than that, no run."""
    hand = offered(pos, "R10 Y1 K6 B8 B7", "K5", ["2:K8K9K10", "2:B4B5B6"])
    view = PlayerView.of(hand, 0)
    assert view.run_reached(Tile.parse("K5")) == (0, (Tile.parse("B8"), Tile.parse("K6")))
    assert view.run_reached(Tile.parse("K11")) is None  # it fits the run at once
    assert view.run_reached(Tile.parse("K7")) is None  # at either end
    assert view.run_reached(Tile.parse("K9")) is None  # in the run already
    assert view.run_reached(Tile.parse("K5"), [Tile.parse("K6"), Tile.parse("B8")]) is None
    assert view.run_reached(Tile.parse("B8")) is None  # an okey: not as B8 after the B7


def test_the_run_reached_is_looked_for_in_every_run_and_the_false_okey_plays_as_its_tile(
    pos,
) -> None:
    """The melds before the one it reaches do not stop the look (another colour, a set, a
    run of its colour the rack cannot reach); the false okey (F) plays as B8, the okey."""
    hand = offered(pos, "R10 Y1 F K1", "B7", ["2:R5R6R7", "2:K4Y4R4", "2:B2B3B4", "2:B9B10B11"])
    view = PlayerView.of(hand, 0)
    assert view.run_reached(Tile.parse("B7")) == (3, (Tile.parse("F"),))


def test_the_false_okey_goes_in_as_its_tile_before_the_okey_itself(pos) -> None:
    """B10 reaches the table's B5 B6 B7 over B8 and B9. The okey (B8) and the false okey
    (F, which plays as B8) could both go in as B8: the false okey does, the wild okey
    stays in hand, wherever each stands on the rack."""
    for rack in ("B8 F B9 R1", "F B8 B9 R1"):
        hand = offered(pos, rack, "B10", ["2:B5B6B7"])
        found = PlayerView.of(hand, 0).run_reached(Tile.parse("B10"))
        assert found == (0, (Tile.parse("F"), Tile.parse("B9"))), rack


def test_the_taken_discard_s_run_is_reached_with_the_rest_of_the_rack(pos) -> None:
    """Taken, K5 reaches the table's K8 K9 K10 over K7 (the okey) and K6 of the rack; before
    it is taken, no discard is the taken one."""
    hand = offered(pos, "R10 Y1 K6 B8 B7", "K5", ["2:K8K9K10"])
    assert PlayerView.of(hand, 0).taken_run_reached() is None
    act(hand, "take")
    view = PlayerView.of(hand, 0)
    assert view.taken_run_reached() == (0, (Tile.parse("B8"), Tile.parse("K6")))


@pytest.mark.parametrize(
    ("tile", "table", "rack", "reached"),
    [
        ("K9", ["2:K8K9K10", "2:K5K6K7"], "K8 R10", (1, "K8")),  # the first run holds K9
        ("K5", ["2:K8K9K10", "2:K7K8K9"], "K6 R10", (1, "K6")),  # too far for two tiles
        ("K5", ["2:K1K2K3", "2:K7K8K9"], "K6 R10", (1, "K6")),  # no K4 for the first
        ("K5", ["2:K8K9K10"], "K6 K7", None),  # K7 K6 would leave no tile to discard
    ],
)
def test_a_run_the_rack_cannot_reach_does_not_end_the_look(
    pos, tile: str, table: list[str], rack: str, reached: tuple[int, str] | None
) -> None:  # noqa: ANN001
    """Every run of the tile's colour is looked at: one before it that holds the tile
    already, is too far for the rack or lacks a tile between does not stop the look."""
    hand = offered(pos, rack, tile, table)
    found = PlayerView.of(hand, 0).run_reached(Tile.parse(tile))
    assert found == (None if reached is None else (reached[0], (Tile.parse(reached[1]),)))


@pytest.mark.parametrize(("rules", "usable"), [("classic/11", True), ("rising/11", False)])
def test_a_left_discard_that_makes_the_fifth_pair_opens_only_where_five_pairs_do(
    pos, rules: str, usable: bool
) -> None:  # noqa: ANN001
    """Unopened, with four pairs and the twin of a fifth on offer: at a Rising table, after
    another player's five pairs, an opening needs six (the pairs floor, not the points')."""
    hand = pos(
        ["R2 R2 Y5 Y5 B9 B9 K12 K12 R7 Y1", "", "", ""],
        rules=rules,
        turn=0,
        phase="d",
        discards=["", "", "", "R7"],
        openings="-/p5/-/-",
    )
    view = PlayerView.of(hand, 0)
    assert view.pairs_floor == (5 if usable else 6)
    assert view.can_use_taken(Tile.parse("R7")) is usable


@pytest.mark.parametrize(
    ("rack", "table", "tile", "swaps"),
    [
        ("R10 Y1 K9", ["0:K11*K12K13"], "K12", True),  # the run's okey stands for it
        ("R10 Y1 K9", ["0:K11K12K13"], "K12", False),  # no okey there
        ("R10 Y1 K7", ["2:R7Y7*B7"], "K7", False),  # a set of three wants both colours
        ("R10 Y1 B7", ["2:R7Y7*B7"], "K7", True),  # K7 with the rack's B7
    ],
)
def test_whether_the_discard_taken_goes_in_for_a_table_okey(
    pos, rack: str, table: list[str], tile: str, swaps: bool
) -> None:  # noqa: ANN001
    """After a take the table's line names w when the taken tile can be given for a table
    okey (rules §8): the view says so of the taken tile, with the rest of the rack."""
    hand = offered(pos, rack, tile, table)
    assert not PlayerView.of(hand, 0).taken_swaps()  # nothing taken yet
    act(hand, "take")
    assert PlayerView.of(hand, 0).taken_swaps() is swaps


def test_a_going_pairs_discard_pairs_with_an_okey_swapped_off_the_table(pos) -> None:
    """At a Challenge table that lets a pairs opener add to runs and sets, K12 from a player
    Going Pairs may only make a pair (not go in for the okey of K11 ★K12 K13): R5 frees
    the okey of R4 ★R5 R6, and K12 pairs with it. The view says so, and the engine lays it."""
    from okey_tui.engine.actions import Lay, SwapOkey
    from okey_tui.engine.melds import readings

    hand = pos(
        ["R5 Y1", "", "", ""],
        rules="challenge/11+l",
        turn=0,
        phase="d",
        discards=["", "", "", "K12"],
        table=["2:K11*K12K13", "2:R4*R5R6"],
        openings="p5/-/m101/-!",
    )
    assert PlayerView.of(hand, 0).can_use_taken(Tile.parse("K12"))
    act(hand, "take")
    hand.apply(SwapOkey(1, (Tile.parse("R5"),)))
    hand.apply(Lay((readings([Tile.parse("K12"), OKEY], OKEY)[0],)))
    assert hand.taken is None and not hand.okeys_owed() and hand.racks[0] == [Tile.parse("Y1")]


def test_a_pairs_opener_pairs_the_okey_its_take_frees_where_the_table_has_no_place(
    pos,
) -> None:
    """At a table that lets a pairs opener add to runs and sets: K7 goes in for the okey of
    R7 Y7 B7 ★K7, which then fits no table meld (a set of four is full); it pairs with Y1,
    and R13 is left for the discard."""
    hand = offered(pos, "Y1 R13", "K7", ["2:R7Y7B7*K7"], "p5", rules="classic/11+l")
    assert PlayerView.of(hand, 0).can_use_taken(Tile.parse("K7"))


def test_before_the_opening_a_left_discard_is_usable_only_with_it_in_the_opening(pos) -> None:
    """Six pairs opened without K13, which had no twin and no okey to pair with and no
    meld to go in: t took it without a word, and the opening then refused ("it must be
    part of your opening"). Usable only when an opening takes it."""
    pairs = "R1 R1 Y2 Y2 B3 B3 K4 K4 R9 R9 Y11 Y11 B5"
    cases = [
        (pairs, "K13", False),  # no twin, no okey, no meld with it
        (pairs + " K13", "K13", True),  # its twin
        (pairs + " B8", "K13", True),  # the okey (indicator B7) pairs with it
        ("R11 R12 R13 Y11 Y12 Y13 B12 B13 K1", "B11", True),  # 108 with it in a run
    ]
    for rack, left, usable in cases:
        hand = pos(
            [rack, "", "", ""],
            turn=0,
            phase="d",
            discards=["", "", "", left],
        )
        assert PlayerView.of(hand, 0).can_use_taken(Tile.parse(left)) is usable, rack
