"""RULES.md section 11: penalties during the hand, and who pays them."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import parse_action
from okey_tui.engine.scoring import penalties_by_seat, score_hand
from okey_tui.engine.state import Penalty, PenaltyCost, PenaltyReason
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def paid(hand) -> list[tuple[int, int, str]]:  # noqa: ANN001
    return [(p.seat, p.points, p.reason.value) for p in hand.penalties]


def test_discarding_an_okey_costs_101(pos) -> None:
    hand = pos(["B8 K1", "", "", ""])
    events = act(hand, "discard B8")
    assert paid(hand) == [(0, 101, "okey-discard")]
    assert [e.text for e in events if e.kind == "penalty"] == ["+101: discarded an okey"]


def test_an_okey_as_the_finishing_discard_is_no_penalty(pos) -> None:
    hand = pos(["B8", "", "", ""], openings="m101/-/-/-")
    act(hand, "discard B8")
    assert hand.is_over and paid(hand) == []


def test_discarding_a_playable_tile_costs_101(pos) -> None:
    hand = pos(["R6 K1", "", "", ""], openings="m101/-/-/-", table=["1:R3R4R5"])
    act(hand, "discard R6")
    assert paid(hand) == [(0, 101, "playable-discard")]


@pytest.mark.parametrize("tile", ["R2", "K9"])
def test_a_tile_that_fits_a_set_or_either_end_is_playable(pos, tile: str) -> None:
    hand = pos([f"{tile} Y1", "", "", ""], table=["1:R3R4R5", "2:R9Y9B9"])
    act(hand, f"discard {tile}")
    assert paid(hand) == [(0, 101, "playable-discard")]


def test_a_tile_that_fits_only_a_pair_is_not_playable(pos) -> None:
    hand = pos(["R5 Y1", "", "", ""], table=["1:Y5Y5"])
    act(hand, "discard R5")
    assert paid(hand) == []


def test_the_playable_tile_penalty_applies_to_unopened_players_too(pos) -> None:
    """(decision) The penalty is for feeding the table, opened or not."""
    hand = pos(["R6 K1", "", "", ""], table=["1:R3R4R5"])
    act(hand, "discard R6")
    assert paid(hand) == [(0, 101, "playable-discard")]


def test_a_playable_finishing_discard_is_no_penalty(pos) -> None:
    hand = pos(["R6 R7 R8 R9", "", "", ""], openings="m101/-/-/-", table=["1:R3R4R5"])
    act(hand, "lay R6R7R8")
    act(hand, "discard R9")  # R9 would fit the new run, but it finishes the hand
    assert hand.is_over and paid(hand) == []


def test_an_unplayable_discard_is_free(pos) -> None:
    hand = pos(["K13 K1", "", "", ""], table=["1:R3R4R5"])
    act(hand, "discard K13")
    assert paid(hand) == []


def test_taking_back_costs_101(pos) -> None:
    hand = pos(["R1 R2 R3 K1", "", "", ""], openings="m101/-/-/-")
    act(hand, "lay R1R2R3")
    act(hand, "takeback")
    assert paid(hand) == [(0, 101, "take-back")]


def test_the_player_whose_okey_is_swapped_out_pays_101(pos) -> None:
    hand = pos(["R4 K1 K2 K3 K9", "", "", ""], openings="m101/-/-/-", table=["1:R3*R4R5"])
    act(hand, "swap 0 R4")
    assert paid(hand) == [(1, 101, "okey-taken")]


def test_the_seat_that_added_the_okey_pays_not_the_melds_owner(pos) -> None:
    hand = pos(["R6 K1 K2 K3 K9", "", "", ""], openings="m101/-/-/-", table=["1:R3R4R5*R6@3"])
    act(hand, "swap 0 R6")
    assert paid(hand) == [(3, 101, "okey-taken")]


def test_an_okey_keeps_its_placer_when_a_set_re_reads_it(pos) -> None:
    hand = pos(["Y9 K9 K1 K2 K3", "", "", ""], openings="m101/-/-/-", table=["1:R9*Y9@3B9"])
    act(hand, "add Y9>0")
    assert hand.table[0].okey_owners == ((Tile.parse("K9"), 3),)
    act(hand, "swap 0 K9")
    assert paid(hand) == [(3, 101, "okey-taken")]


def test_swapping_your_own_okey_is_free(pos) -> None:
    hand = pos(["R4 K1 K2 K3 K9", "", "", ""], openings="m101/-/-/-", table=["0:R3*R4R5"])
    act(hand, "swap 0 R4")
    assert paid(hand) == []


def test_swapping_your_partners_okey_is_free(pos) -> None:
    hand = pos(
        ["R4 K1 K2 K3 K9", "", "", ""],
        rules="classic/11+p",
        openings="m101/-/-/-",
        table=["2:R3*R4R5"],
    )
    act(hand, "swap 0 R4")
    assert paid(hand) == []


def test_swapping_an_opponents_okey_at_a_partners_table_costs_them_101(pos) -> None:
    hand = pos(
        ["R4 K1 K2 K3 K9", "", "", ""],
        rules="classic/11+p",
        openings="m101/-/-/-",
        table=["3:R3*R4R5"],
    )
    act(hand, "swap 0 R4")
    assert paid(hand) == [(3, 101, "okey-taken")]


@pytest.mark.parametrize(
    ("rack", "table", "plays"),
    [
        ("B8 K1", [], ["discard B8"]),
        ("R6 K1", ["1:R3R4R5"], ["discard R6"]),
        ("R1 R2 R3 K1", [], ["lay R1R2R3", "takeback"]),
        ("R4 K1 K2 K3 K9", ["1:R3*R4R5"], ["swap 0 R4"]),
    ],
    ids=["okey discard", "playable discard", "take back", "okey taken"],
)
def test_no_penalty_is_written_at_a_no_penalty_table(
    pos, rack: str, table: list[str], plays: list[str]
) -> None:
    hand = pos([rack, "", "", ""], rules="classic/11+n", openings="m101/-/-/-", table=table)
    for text in plays:
        act(hand, text)
    assert paid(hand) == []


def test_penalties_paid_during_the_hand_are_added_to_the_hand_score(pos) -> None:
    hand = pos(["B8 K1", "", "", ""], penalties="2:101:take-back", rest="rack3")
    act(hand, "discard B8")
    hand.apply(parse_action("draw", OKEY))  # seat 1 meets an empty middle
    result = score_hand(hand)
    assert [s.penalties for s in result.seats] == [101, 0, 101, 0]
    assert result.seats[0].total == 202 + 101  # not opened, plus the okey discard
    assert penalties_by_seat(hand.penalties) == [101, 0, 101, 0]
    assert hand.penalties[0] == Penalty(2, 101, PenaltyReason.TAKE_BACK)


# -- one rule: what penalty_for says is what apply charges ---------------------------------


def _charged(hand, action) -> list[tuple[int, int, PenaltyReason]]:  # noqa: ANN001
    work = hand.copy()
    before = len(work.penalties)
    work.apply(action)
    return [(p.seat, p.points, p.reason) for p in work.penalties[before:]]


@pytest.mark.parametrize(
    ("rack", "table", "rules"),
    [
        ("B8 R6 K2 Y13 F", ["1:R3R4R5", "1:K9Y9B9"], "classic/11"),
        ("B8 R6 K2 R2 R7", ["1:R3R4R5", "1:*R2R3R4"], "classic/11"),
        ("B8 R6 K2 Y13", ["1:R3R4R5"], "classic/11+n"),
        ("B8 R6", ["1:R3R4R5"], "classic/11"),
        ("R6", ["1:R3R4R5"], "classic/11"),
    ],
)
def test_penalty_for_says_what_each_discard_costs(pos, rack, table, rules) -> None:
    """The warning and the charge are one rule: every discard costs what penalty_for says."""
    hand = pos([rack, "", "", ""], table=table, openings="-/m101/-/-", rules=rules)
    for tile in sorted(set(hand.racks[0]), key=Tile.sort_key):
        action = parse_action(f"discard {tile}", OKEY)
        cost = hand.penalty_for(action)
        expected = [] if cost is None else [(cost.seat, cost.points, cost.reason)]
        assert _charged(hand, action) == expected, tile


def test_penalty_for_names_the_meld_a_playable_discard_fits(pos) -> None:
    hand = pos(["B8 R6 K2", "", "", ""], table=["1:K9Y9B9", "1:R3R4R5"], openings="-/m101/-/-")
    cost = hand.penalty_for(parse_action("discard R6", OKEY))
    assert cost is not None and cost.reason is PenaltyReason.PLAYABLE_DISCARD
    assert (cost.seat, cost.points, cost.tile, cost.target, cost.rule) == (
        0,
        101,
        Tile.parse("R6"),
        1,
        12,
    )
    assert hand.penalty_for(parse_action("discard K2", OKEY)) is None


def test_penalty_for_a_swap_names_the_okeys_placer(pos) -> None:
    hand = pos(["R4 K1 K2", "", "", ""], table=["1:R3*R4R5"], openings="m101/m101/-/-")
    cost = hand.penalty_for(parse_action("swap 0 R4", OKEY))
    assert cost is not None and (cost.seat, cost.reason) == (1, PenaltyReason.OKEY_TAKEN)
    assert _charged(hand, parse_action("swap 0 R4", OKEY)) == [(1, 101, PenaltyReason.OKEY_TAKEN)]


def test_a_seat_sees_what_its_discard_would_cost_before_making_it(pos) -> None:
    from okey_tui.engine.actions import Discard
    from okey_tui.engine.state import PenaltyCost
    from okey_tui.engine.view import PlayerView

    hand = pos(["R6 B8 K9", "", "", ""], table=["2:Y1Y2Y3", "1:R3R4R5"], openings="-/m101/m101/-")
    view = PlayerView.of(hand, 0)
    r6 = Tile.parse("R6")
    cost = view.penalty_for(Discard(r6))
    assert cost == PenaltyCost(0, 101, PenaltyReason.PLAYABLE_DISCARD, r6, 1)
    assert cost == hand.penalty_for(Discard(r6))
    assert view.penalty_for(Discard(OKEY)) == PenaltyCost(0, 101, PenaltyReason.OKEY_DISCARD, OKEY)
    assert view.penalty_for(Discard(Tile.parse("K9"))) is None
    last = PlayerView.of(pos(["R6", "", "", ""], table=["1:R3R4R5"], openings="m101/m101/-/-"), 0)
    assert last.penalty_for(Discard(r6)) is None  # the finishing throw
    free = pos(["R6 K9", "", "", ""], rules="classic/11+n", table=["1:R3R4R5"])
    assert PlayerView.of(free, 0).penalty_for(Discard(r6)) is None


def test_a_tile_is_playable_when_it_fits_some_table_meld(pos) -> None:
    hand = pos(["K9 K10", "", "", ""], table=["1:R3R4R5", "2:Y7B7K7"])
    tiles = ("R6", "R2", "R7", "B8", "R4", "K8", "F")
    playable = [t for t in tiles if hand.playable_on_table(Tile.parse(t))]
    assert playable == ["R6", "R2", "R7", "B8"]  # B8 is the okey: it fits anywhere


def test_penalty_for_a_swap_from_no_such_meld_is_nothing(pos) -> None:
    from okey_tui.engine.actions import SwapOkey

    hand = pos(["R4 K1 K2", "", "", ""], table=["1:R3*R4R5"], openings="m101/m101/-/-")
    r4 = (Tile.parse("R4"),)
    assert hand.penalty_for(SwapOkey(0, r4)) is not None
    assert hand.penalty_for(SwapOkey(1, r4)) is None
    assert hand.penalty_for(SwapOkey(-1, r4)) is None


def test_a_swapped_out_okey_takes_its_placer_off_the_meld_and_leaves_the_others(pos) -> None:
    hand = pos(
        ["R4 R6 K1 K2", "", "", ""],
        table=["1:R3*R4@2R5*R6@3"],
        openings="m101/m101/-/-",
    )
    assert hand.table[0].okey_owners == ((Tile.parse("R4"), 2), (Tile.parse("R6"), 3))
    act(hand, "swap 0 R4")
    assert hand.table[0].okey_owners == ((Tile.parse("R6"), 3),)
    assert paid(hand) == [(2, 101, "okey-taken")]
    act(hand, "swap 0 R6")
    assert hand.table[0].okey_owners == ()
    assert paid(hand) == [(2, 101, "okey-taken"), (3, 101, "okey-taken")]


def test_a_set_re_reading_one_okey_keeps_every_other_okeys_placer(pos) -> None:
    hand = pos(["Y7 K1 K2", "", "", ""], table=["1:R7*Y7@2*B7@3"], openings="m101/m101/-/-")
    act(hand, "add Y7>0")
    assert hand.table[0].meld.text(OKEY) == "R7Y7*B7*K7"
    assert hand.table[0].okey_owners == ((Tile.parse("K7"), 2), (Tile.parse("B7"), 3))


def test_an_owner_adding_an_okey_keeps_the_other_placers(pos) -> None:
    hand = pos(["B8 K1 K2", "", "", ""], table=["0:R3*R4@2R5"], openings="m101/m101/-/-")
    act(hand, "add *R6>0")
    assert hand.table[0].meld.text(OKEY) == "R3*R4R5*R6"
    assert hand.table[0].okey_owners == ((Tile.parse("R4"), 2),)


def test_swapping_the_okey_of_the_seat_across_costs_it_at_a_table_without_partners(pos) -> None:
    hand = pos(["R4 K1 K2", "", "", ""], table=["2:R3*R4R5"], openings="m101/-/m101/-")
    cost = hand.penalty_for(parse_action("swap 0 R4", OKEY))
    assert cost == PenaltyCost(2, 101, PenaltyReason.OKEY_TAKEN, None, 0)


def test_a_swap_cost_names_the_meld_the_okey_leaves(pos) -> None:
    hand = pos(
        ["R4 K1 K2", "", "", ""], table=["2:Y1Y2Y3", "1:R3*R4R5"], openings="m101/m101/m101/-"
    )
    cost = hand.penalty_for(parse_action("swap 1 R4", OKEY))
    assert cost == PenaltyCost(1, 101, PenaltyReason.OKEY_TAKEN, None, 1)


def test_drawing_opening_laying_adding_and_declaring_cost_nothing(pos) -> None:
    hand = pos(
        ["R4 R5 R6 K1 K2 K3 Y4", "", "", ""],
        rules="challenge/11",
        table=["2:Y1Y2Y3"],
        openings="m101/-/m101/-",
    )
    for text in ("draw", "take", "lay R4R5R6", "add Y4>0", "pairs", "open K1K2K3"):
        assert hand.penalty_for(parse_action(text, OKEY)) is None, text
