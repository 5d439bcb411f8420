"""Opening with pairs and finishing in the same turn (RULES.md sections 7 and 10).

The opening goes down first: a pair holding an okey swapped off the table after it
does not count toward the pairs floor and is laid later; a pair holding the
player's own okey counts. Each case is small and its plan is checked whole.
"""

from __future__ import annotations

import pytest

from okey_tui.engine.budget import Deadline
from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.melds import parse_meld
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import finish_plan
from okey_tui.engine.tiles import Tile, parse_tiles

B8 = Tile.parse("B8")  # the okey whenever the indicator is B7
FOUR_PAIRS = "K1 K1 K2 K2 K3 K3 K4 K4"


def _texts(melds: tuple[object, ...]) -> list[str]:
    return sorted(m.text(B8) for m in melds)  # type: ignore[attr-defined]


def test_a_pair_with_the_players_own_okey_counts_toward_the_pairs_floor() -> None:
    table = [parse_meld("R1R2R3", B8)]
    hand = parse_tiles(f"{FOUR_PAIRS} Y9 B8 R4 Y13")
    plan = finish_plan(hand, B8, table, None, True, pairs_floor=5)
    assert plan is not None
    assert _texts(plan.melds) == ["K1K1", "K2K2", "K3K3", "K4K4", "Y9*Y9"]
    assert plan.later == () and plan.swaps == () and plan.discard == Tile.parse("Y13")
    assert [x.result.text(B8) for x in plan.lay_offs] == ["R1R2R3R4"]


def test_a_pair_with_a_swapped_okey_is_laid_after_the_opening_and_does_not_count() -> None:
    table = [parse_meld("R5*R6R7", B8)]
    hand = parse_tiles(f"{FOUR_PAIRS} Y9 R6 Y13")
    assert finish_plan(hand, B8, table, None, True, pairs_floor=5) is None
    plan = finish_plan(hand, B8, table, None, True, pairs_floor=4)
    assert plan is not None
    assert _texts(plan.melds) == ["K1K1", "K2K2", "K3K3", "K4K4"]
    assert _texts(plan.later) == ["Y9*Y9"]
    assert [s.given for s in plan.swaps] == [(Tile.parse("R6"),)]
    assert plan.discard == Tile.parse("Y13")


def test_throwing_the_own_okey_leaves_the_swapped_one_in_a_later_pair() -> None:
    table = [parse_meld("R5*R6R7", B8)]
    hand = parse_tiles(f"{FOUR_PAIRS} Y9 R6 B8")
    plan = finish_plan(hand, B8, table, None, True, pairs_floor=4)
    assert plan is not None and plan.with_okey
    assert _texts(plan.melds) == ["K1K1", "K2K2", "K3K3", "K4K4"]
    assert _texts(plan.later) == ["Y9*Y9"]


def test_throwing_one_of_two_own_okeys_leaves_the_other_counting_in_a_pair() -> None:
    table = [parse_meld("R1R2R3", B8)]
    hand = parse_tiles(f"{FOUR_PAIRS} Y9 B8 R4 B8")
    plan = finish_plan(hand, B8, table, None, True, pairs_floor=5)
    assert plan is not None and plan.with_okey
    assert _texts(plan.melds) == ["K1K1", "K2K2", "K3K3", "K4K4", "Y9*Y9"]
    assert plan.later == ()


def test_a_step_budget_also_bounds_the_search_for_a_pairs_opening() -> None:
    table = [parse_meld("R1R2R3", B8)]
    hand = parse_tiles(f"{FOUR_PAIRS} Y9 B8 R4 Y13")
    # The same hand with no pairs opening allowed: the steps spent before that search.
    before = Deadline(steps=10**9)
    assert finish_plan(hand, B8, table, None, True, deadline=before) is None
    counted = Deadline(steps=10**9)
    plan = finish_plan(hand, B8, table, None, True, pairs_floor=5, deadline=counted)
    assert plan is not None and not counted.ran_out
    assert counted.used > before.used + 1  # the pairs opening search counts its steps
    short = Deadline(steps=counted.used - 1)
    assert finish_plan(hand, B8, table, None, True, pairs_floor=5, deadline=short) is None
    assert short.ran_out


def test_a_straight_out_in_pairs_with_melds_on_the_table() -> None:
    # Not opened: no table play, so R4 R4 stays a pair although R4 fits the run.
    hand = parse_tiles(f"{FOUR_PAIRS} Y9 Y9 R4 R4 B5 B5 Y13")
    plan = finish_plan(hand, B8, [parse_meld("R1R2R3", B8)], None)
    assert plan is not None and plan.kind is OpeningKind.PAIRS
    assert len(plan.melds) == 7 and plan.lay_offs == () and plan.swaps == ()
    assert plan.discard == Tile.parse("Y13")


def test_a_pairs_opener_takes_a_table_okey_to_pair_it() -> None:
    table = [parse_meld("R5*R6R7", B8)]
    plan = finish_plan(parse_tiles("R6 Y9 K1 K1 Y13"), B8, table, OpeningKind.PAIRS, True)
    assert plan is not None and plan.kind is OpeningKind.PAIRS
    assert [s.given for s in plan.swaps] == [(Tile.parse("R6"),)]
    assert _texts(plan.melds) == ["K1K1", "Y9*Y9"] and plan.discard == Tile.parse("Y13")
    # Without table play the okey stays on the table, and Y9 has no partner.
    hand = parse_tiles("R6 Y9 K1 K1 Y13")
    assert finish_plan(hand, B8, table, OpeningKind.PAIRS, can_lay_off=False) is None


def test_a_pairs_opener_may_lay_off_unless_told_otherwise() -> None:
    table = [parse_meld("R5*R6R7", B8)]
    hand = parse_tiles("R6 Y9 K1 K1 Y13")
    assert finish_plan(hand, B8, table, OpeningKind.PAIRS) == finish_plan(
        hand, B8, table, OpeningKind.PAIRS, can_lay_off=True
    )
    assert finish_plan(hand, B8, table, OpeningKind.PAIRS) is not None


def test_an_opening_kind_that_is_not_one_is_refused_with_its_code() -> None:
    with pytest.raises(SetupError) as refused:
        finish_plan(parse_tiles("R6 Y9 K1"), B8, [], "melds")  # type: ignore[arg-type]
    assert refused.value.code is ErrorCode.BAD_ARGUMENT
    assert refused.value.params == {"opened": "melds"}
    assert "not 'melds'" in str(refused.value)
