"""RULES.md section 8: new melds, lay-offs and the okey swap after opening."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import AddTile, SwapOkey, parse_action
from okey_tui.engine.errors import ErrorCode, IllegalActionError, MeldError
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, legal_actions, okeys_for_held_tiles

OKEY = Tile.parse("B8")
OPENED = "m101/-/-/-"


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def test_an_opened_player_lays_new_melds_with_no_minimum(pos) -> None:
    hand = pos(["R1 R2 R3 K9", "", "", ""], openings=OPENED)
    act(hand, "lay R1R2R3")
    assert str(hand.table[0].meld) == "R1 R2 R3" and hand.table[0].owner == 0


def test_an_unopened_player_cannot_lay(pos) -> None:
    hand = pos(["R1 R2 R3 K9", "", "", ""])
    with pytest.raises(IllegalActionError, match="Open first"):
        act(hand, "lay R1R2R3")


def test_a_pairs_opener_lays_only_pairs(pos) -> None:
    hand = pos(["R1 R2 R3 K9 K9 Y1", "", "", ""], openings="p5/-/-/-")
    with pytest.raises(IllegalActionError, match="only pairs"):
        act(hand, "lay R1R2R3")
    act(hand, "lay K9K9")


def test_a_melds_opener_lays_no_pairs(pos) -> None:
    hand = pos(["K9 K9 Y1", "", "", ""], openings=OPENED)
    with pytest.raises(IllegalActionError, match="pairs are only for pairs openers"):
        act(hand, "lay K9K9")


@pytest.mark.parametrize(("tile", "after"), [("R2", "R2 R3 R4 R5"), ("R6", "R3 R4 R5 R6")])
def test_a_tile_is_added_at_either_end_of_a_run(pos, tile: str, after: str) -> None:
    hand = pos([f"{tile} K9", "", "", ""], openings=OPENED, table=["2:R3R4R5"])
    act(hand, f"add {tile}>0")
    assert str(hand.table[0].meld) == after and hand.table[0].owner == 2


def test_a_run_does_not_grow_past_13_or_below_1(pos) -> None:
    hand = pos(["R1 K9 K8", "", "", ""], openings=OPENED, table=["1:R11R12R13", "1:K1K2K3"])
    with pytest.raises(MeldError, match="does not fit the run"):
        act(hand, "add R1>0")
    assert legal_actions(PlayerView.of(hand, 0)).count(AddTile(Tile.parse("R1"), 0)) == 0


def test_a_tile_in_the_middle_of_a_run_does_not_fit(pos) -> None:
    hand = pos(["R4 K9", "", "", ""], openings=OPENED, table=["1:R3R4R5"])
    with pytest.raises(MeldError):
        act(hand, "add R4>0")


def test_a_three_tile_set_takes_its_missing_colour(pos) -> None:
    hand = pos(["K9 Y1", "", "", ""], openings=OPENED, table=["1:R9Y9B9"])
    act(hand, "add K9>0")
    assert str(hand.table[0].meld) == "R9 Y9 B9 K9"


def test_a_full_set_takes_nothing(pos) -> None:
    hand = pos(["K9 Y1", "", "", ""], openings=OPENED, table=["1:R9Y9B9K9"], rest="rack1")
    with pytest.raises(MeldError, match="all four colours"):
        hand.apply(AddTile(Tile.parse("K9"), 0))


def test_a_set_takes_the_real_tile_of_the_colour_its_okey_stands_for(pos) -> None:
    """(decision) Which missing colour a set's okey stands for does not matter."""
    hand = pos(["Y9 K1", "", "", ""], openings=OPENED, table=["1:R9*Y9B9"])
    act(hand, "add Y9>0")
    meld = hand.table[0].meld
    assert meld.value == 36 and sorted(map(str, meld.stands_for)) == ["B9", "K9", "R9", "Y9"]
    fresh = pos(["Y9 K1", "", "", ""], openings=OPENED, table=["1:R9*Y9B9"])
    assert AddTile(Tile.parse("Y9"), 0) in legal_actions(PlayerView.of(fresh, 0))


def test_nothing_is_added_to_a_pair(pos) -> None:
    hand = pos(["R5 K9", "", "", ""], openings=OPENED, table=["1:Y5Y5"])
    with pytest.raises(MeldError, match="Nothing can be added to a pair"):
        act(hand, "add R5>0")


def test_tiles_are_added_onto_any_players_melds(pos) -> None:
    hand = pos(["R6 Y6 K1", "", "", ""], openings=OPENED, table=["1:R3R4R5", "3:Y3Y4Y5"])
    act(hand, "add R6>0")
    act(hand, "add Y6>1")
    assert [tm.owner for tm in hand.table] == [1, 3]


def test_an_unopened_player_may_not_add(pos) -> None:
    hand = pos(["R6 K9", "", "", ""], table=["1:R3R4R5"])
    with pytest.raises(IllegalActionError, match="Only a player who has opened"):
        act(hand, "add R6>0")


def test_an_okey_is_added_standing_for_the_tile_the_player_names(pos) -> None:
    hand = pos(["B8 K9", "", "", ""], openings=OPENED, table=["1:R3R4R5"])
    act(hand, "add *R6>0")
    assert hand.table[0].meld.text(OKEY) == "R3R4R5*R6"
    assert hand.table[0].okey_owners == ((Tile.parse("R6"), 0),)


def test_there_is_no_table_meld_beyond_the_last(pos) -> None:
    hand = pos(["R6 K9", "", "", ""], openings=OPENED)
    with pytest.raises(IllegalActionError, match="no table meld number 3"):
        act(hand, "add R6>3")


def test_the_okey_is_swapped_out_of_a_run_for_the_tile_it_stands_for(pos) -> None:
    hand = pos(["R4 K1 K2 K3 K9", "", "", ""], openings=OPENED, table=["1:R3*R4R5"])
    act(hand, "swap 0 R4")
    assert str(hand.table[0].meld) == "R3 R4 R5" and hand.table[0].meld.wild_places(OKEY) == []
    assert OKEY in hand.racks[0]


def test_a_swap_needs_the_very_tile_the_okey_stands_for(pos) -> None:
    hand = pos(["R6 K9", "", "", ""], openings=OPENED, table=["1:R3*R4R5"])
    with pytest.raises(MeldError, match="stands for R4"):
        act(hand, "swap 0 R6")


def test_from_a_four_tile_set_the_okey_goes_for_the_missing_colour(pos) -> None:
    hand = pos(["K9 K1 K2 K3 Y1", "", "", ""], openings=OPENED, table=["1:R9Y9B9*K9"])
    act(hand, "swap 0 K9")
    assert str(hand.table[0].meld) == "R9 Y9 B9 K9"


def test_from_a_three_tile_set_both_missing_colours_are_given_at_once(pos) -> None:
    hand = pos(["B9 K9 K1 K2 K3 Y1", "", "", ""], openings=OPENED, table=["1:R9Y9*B9"])
    with pytest.raises(MeldError, match="both missing colours at once: B9 and K9"):
        act(hand, "swap 0 B9")
    act(hand, "swap 0 B9K9")
    assert str(hand.table[0].meld) == "R9 Y9 B9 K9" and OKEY in hand.racks[0]
    assert SwapOkey(0, (Tile.parse("B9"), Tile.parse("K9"))) not in legal_actions(
        PlayerView.of(hand, 0)
    )


def test_a_three_tile_set_swap_is_listed_as_a_legal_action(pos) -> None:
    hand = pos(["B9 K9 K1 Y1", "", "", ""], openings=OPENED, table=["1:R9Y9*B9"])
    actions = legal_actions(PlayerView.of(hand, 0))
    assert SwapOkey(0, (Tile.parse("B9"), Tile.parse("K9"))) in actions


def test_okeys_are_never_taken_from_pairs(pos) -> None:
    hand = pos(["R5 K9", "", "", ""], openings=OPENED, table=["1:R5*R5"])
    with pytest.raises(MeldError, match="never taken from pairs"):
        act(hand, "swap 0 R5")


@pytest.mark.parametrize(
    "openings", ["p5/m101/-/-", "-/m101/-/-"], ids=["pairs-opener", "unopened"]
)
def test_a_pairs_okey_is_refused_as_never_taken_before_who_may_touch_the_table(
    pos, openings: str
) -> None:
    """A pairs opener (or a seat not yet opened) trying for the okey of a pair was told
    that runs and sets were closed to them (or that they had not opened): the reason that
    holds for everyone comes first."""
    hand = pos(["R13 K9", "", "", ""], openings=openings, table=["1:R13*R13"])
    with pytest.raises(MeldError, match="never taken from pairs") as refused:
        act(hand, "swap 0 R13")
    assert refused.value.code is ErrorCode.NO_SWAP_FROM_A_PAIR


def test_a_swap_needs_an_okey_in_the_meld(pos) -> None:
    hand = pos(["R4 K9", "", "", ""], openings=OPENED, table=["1:R3R4R5"])
    with pytest.raises(MeldError, match="no okey"):
        act(hand, "swap 0 R4")


def test_an_okey_is_not_swapped_for_the_other_okey(pos) -> None:
    hand = pos(["B8 K9", "", "", ""], openings=OPENED, table=["1:R3*R4R5"])
    with pytest.raises(MeldError, match="real tile"):
        hand.apply(SwapOkey(0, (OKEY,)))


def test_a_taken_okey_cannot_be_kept_or_discarded(pos) -> None:
    hand = pos(["R4 K1 K2 K9", "", "", ""], openings=OPENED, table=["1:R3*R4R5"])
    act(hand, "swap 0 R4")
    with pytest.raises(IllegalActionError, match="lay it on the table again"):
        act(hand, "discard K9")
    with pytest.raises(IllegalActionError, match="lay it on the table again"):
        hand.apply(parse_action("discard B8", OKEY))


def test_a_taken_okey_used_again_on_the_table_frees_the_discard(pos) -> None:
    hand = pos(["R4 K1 K2 K9 Y1", "", "", ""], openings=OPENED, table=["1:R3*R4R5"])
    act(hand, "swap 0 R4")
    act(hand, "lay K1K2*K3")
    act(hand, "discard K9")
    assert hand.turn == 1


def test_an_okey_already_held_is_not_owed(pos) -> None:
    hand = pos(["R4 B8 K1 K2 K9", "", "", ""], openings=OPENED, table=["1:R3*R4R5"])
    act(hand, "swap 0 R4")
    assert hand.racks[0].count(OKEY) == 2 and hand.okeys_owed() == 1
    act(hand, "add *R6>0")
    assert hand.okeys_owed() == 0
    act(hand, "discard K9")  # the okey held before the swap may stay in hand
    assert hand.turn == 1 and hand.discards[0] == [Tile.parse("K9")]
    assert sorted(map(str, hand.racks[0])) == ["B8", "K1", "K2"]
    assert hand.table[0].meld.text(OKEY) == "R3R4R5*R6"
    assert [(p.seat, p.points) for p in hand.penalties] == [(1, 101)]  # the okey's placer


def test_only_an_opened_player_swaps(pos) -> None:
    hand = pos(["R4 K9", "", "", ""], table=["1:R3*R4R5"])
    with pytest.raises(IllegalActionError, match="Only a player who has opened"):
        act(hand, "swap 0 R4")


def test_a_pairs_opener_may_not_lay_off_onto_runs_and_sets(pos) -> None:
    hand = pos(["R6 R4 K9", "", "", ""], openings="p5/-/-/-", table=["1:R3*R4R5"])
    with pytest.raises(IllegalActionError, match="pairs opener may not"):
        act(hand, "add R6>0")
    with pytest.raises(IllegalActionError, match="pairs opener may not"):
        act(hand, "swap 0 R4")


def _listed_swaps(hand) -> list[SwapOkey]:  # noqa: ANN001
    swaps = [a for a in legal_actions(PlayerView.of(hand, 0)) if isinstance(a, SwapOkey)]
    assert all(hand.is_legal(a) for a in swaps)
    return swaps


@pytest.mark.parametrize(
    ("meld", "rack", "given"),
    [
        ("1:R3*R4R5", "R4 K1 K2 K9", ["R4"]),  # a 3-tile run: one tile, not a set's two
        ("1:R3*R4*R5R6", "R5 K1 K2 K9", ["R5"]),  # the first okey's tile missing, the second's held
        ("1:B7*B8B9", "F K1 K2 K9", ["F"]),  # an okey standing for its own tile: the false okey
        ("1:B7*B8B9", "B8 K1 K2 K9", []),  # ... never the other okey
        ("1:R8Y8*K8", "R1 K8 F K2", ["K8 F"]),  # a 3-tile set: the false okey as the okey's colour
        ("1:R8Y8*K8", "R1 K8 B8 K2", []),  # ... never the other okey as that colour
    ],
)
def test_the_okey_swaps_listed_are_the_tiles_that_free_it(
    pos, meld: str, rack: str, given: list[str]
) -> None:
    hand = pos([rack, "", "", ""], openings=OPENED, table=[meld])
    expected = [SwapOkey(0, tuple(Tile.parse(t) for t in g.split())) for g in given]
    assert _listed_swaps(hand) == expected


def test_a_view_sees_which_tiles_the_table_would_take(pos) -> None:
    hand = pos(["K9 K1", "", "", ""], openings=OPENED, table=["1:R3R4R5"])
    view = PlayerView.of(hand, 0)
    playable = [t for t in ("R2", "R6", "B8", "R7", "K9") if view.playable_on_table(Tile.parse(t))]
    assert playable == ["R2", "R6", "B8"]  # B8 is the okey: it goes anywhere


def test_an_okey_is_offered_for_each_tile_it_can_stand_for_at_either_end(pos) -> None:
    hand = pos(["B8 R6 K1 K2", "", "", ""], openings=OPENED, table=["1:R3R4R5"])
    adds = [a for a in legal_actions(PlayerView.of(hand, 0)) if isinstance(a, AddTile)]
    r2, r6 = Tile.parse("R2"), Tile.parse("R6")
    assert adds == [AddTile(r6, 0), AddTile(OKEY, 0, r2), AddTile(OKEY, 0, r6)]
    assert all(hand.is_legal(a) for a in adds)


def test_no_lay_off_is_offered_from_a_last_tile(pos) -> None:
    from okey_tui.engine.actions import Discard

    hand = pos(["R6", "", "", ""], openings=OPENED, table=["1:R3R4R5"], rest="rack1")
    assert legal_actions(PlayerView.of(hand, 0)) == [Discard(Tile.parse("R6"))]


def test_tiles_for_one_meld_are_laid_off_in_an_order_that_fits(pos) -> None:
    from okey_tui.engine.view import plan_adds

    hand = pos(["R7 R6 Y8 K9 K1 K2", "", "", ""], openings=OPENED, table=["1:R3R4R5", "1:Y5Y6Y7"])
    before = hand.position()
    r6, r7, y8, k9 = (Tile.parse(t) for t in ("R6", "R7", "Y8", "K9"))
    assert plan_adds(hand, [r7, r6], 0) == ([AddTile(r6, 0), AddTile(r7, 0)], None)
    assert plan_adds(hand, [r7, k9, r6], 0) == ([AddTile(r6, 0), AddTile(r7, 0)], k9)
    assert plan_adds(hand, [y8], 0) == ([], y8)  # it fits the other meld, not this one
    assert plan_adds(hand, [y8, r6], 1) == ([AddTile(y8, 1)], r6)
    assert plan_adds(hand, [], 0) == ([], None)
    assert hand.position() == before  # planned on a copy
    steps, _ = plan_adds(hand, [r7, r6], 0)
    for step in steps:
        hand.apply(step)
    assert str(hand.table[0].meld) == "R3 R4 R5 R6 R7"


def test_an_okey_laid_off_with_other_tiles_may_stand_on_either_side_as_chosen(pos) -> None:
    """B10 and the okey onto B6-B9: the okey may stand for B5 or, once B10 is on, for B11;
    each reading has its plan, and the player's choice decides which (whoever holds B5 or
    B11 may later take the okey)."""
    from okey_tui.engine.view import okey_readings, plan_adds

    hand = pos(["B10 B8 K1 K2 K9", "", "", ""], openings=OPENED, table=["1:B6B7*B8B9"])
    b5, b10, b11 = (Tile.parse(t) for t in ("B5", "B10", "B11"))
    before = hand.position()
    for order in ([b10, OKEY], [OKEY, b10]):
        assert okey_readings(hand, order, 0) == [b5, b11]
        assert plan_adds(hand, order, 0, okey_as=b11) == (
            [AddTile(b10, 0), AddTile(OKEY, 0, meant=b11)],
            None,
        )
        steps, bad = plan_adds(hand, order, 0, okey_as=b5)
        assert bad is None and AddTile(OKEY, 0, meant=b5) in steps
    assert okey_readings(hand, [b10], 0) == []  # no okey: nothing to choose
    assert okey_readings(hand, [OKEY, Tile.parse("K9")], 0) == []  # K9 fits nowhere there
    assert hand.position() == before  # planned on a copy
    steps, _ = plan_adds(hand, [OKEY, b10], 0, okey_as=b11)
    for step in steps:
        hand.apply(step)
    assert hand.table[0].meld.text(OKEY) == "B6B7*B8B9B10*B11"


def test_an_okey_laid_off_without_a_reading_goes_to_the_low_end(pos) -> None:
    hand = pos(["B8 K1 K2 K9", "", "", ""], openings=OPENED, table=["1:R3R4R5"])
    hand.apply(AddTile(OKEY, 0))
    assert hand.table[0].meld.text(OKEY) == "*R2R3R4R5"


def test_an_okey_laid_off_must_stand_for_a_tile_the_meld_can_take(pos) -> None:
    hand = pos(["B8 K1 K2 K9", "", "", ""], openings=OPENED, table=["1:R3R4R5"])
    with pytest.raises(MeldError) as caught:
        hand.apply(AddTile(OKEY, 0, Tile.parse("R4")))  # R4 is in the run already
    assert caught.value.code is ErrorCode.TILE_DOES_NOT_FIT
    hand.apply(AddTile(OKEY, 0, Tile.parse("R6")))
    assert hand.table[0].meld.text(OKEY) == "R3R4R5*R6"


def test_the_okeys_standing_for_held_tiles_are_listed_as_one_tile_swaps(pos) -> None:
    """What w asks the engine about when no swap is legal: each table okey that stands for
    a tile the seat holds (a false okey plays as the okey's tile, B8 here), legal or not."""
    hand = pos(
        ["B9 F K1", "", "", ""],
        openings=OPENED,
        table=["1:R9Y9*B9", "1:B6B7*B8", "1:R3R4R5"],
    )
    found = okeys_for_held_tiles(PlayerView.of(hand, 0))
    assert found == [SwapOkey(0, (Tile.parse("B9"),)), SwapOkey(1, (Tile.parse("F"),))]
    assert not any(a in legal_actions(PlayerView.of(hand, 0)) for a in found[:1])
    assert okeys_for_held_tiles(PlayerView.of(pos(["K1", "", "", ""]), 0)) == []
