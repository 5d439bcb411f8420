"""The finishing search at its edges (RULES.md sections 8 and 10).

The smallest hands, the okey thrown to finish (looked for before any other throw),
the kind of melds a player who has opened may still lay, and the deadline handed to
every stage of the search.
"""

from __future__ import annotations

from typing import Any

import pytest

from okey_tui.engine import solver
from okey_tui.engine.budget import Deadline
from okey_tui.engine.melds import MeldKind, parse_meld
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import finish_plan
from okey_tui.engine.tiles import Tile, parse_tiles

B8 = Tile.parse("B8")  # the okey whenever the indicator is B7
# A full red run whose okey stands for R2: it takes no tile, and giving R2 frees the okey.
FULL_RUN = parse_meld("R1*R2R3R4R5R6R7R8R9R10R11R12R13", B8)


@pytest.mark.parametrize("opened", [None, OpeningKind.MELDS, OpeningKind.PAIRS])
def test_an_empty_hand_has_no_finish(opened: OpeningKind | None) -> None:
    assert finish_plan([], B8, [FULL_RUN], opened) is None
    assert finish_plan([], B8, [], opened, floor=101, pairs_floor=5) is None


def test_the_smallest_straight_out_is_one_pair_and_the_throw() -> None:
    plan = finish_plan(parse_tiles("R5 R5 K1"), B8, [], None)
    assert plan is not None and plan.kind is OpeningKind.PAIRS
    assert [m.text(B8) for m in plan.melds] == ["R5R5"] and plan.discard == Tile.parse("K1")
    # Two tiles are a pair with nothing to throw, or a throw and one tile left.
    assert finish_plan(parse_tiles("R5 R5"), B8, [], None) is None
    assert finish_plan(parse_tiles("R5 K1"), B8, [], None) is None


def test_a_player_who_opened_with_melds_never_goes_out_with_pairs() -> None:
    # Two pairs and an okey to throw: a straight out with pairs, but not for a melds
    # opener, even though throwing the okey is looked for first.
    hand = parse_tiles("R5 R5 Y2 Y2 B8")
    assert finish_plan(hand, B8, [], OpeningKind.MELDS) is None
    plan = finish_plan(hand, B8, [], OpeningKind.PAIRS)
    assert plan is not None and plan.kind is OpeningKind.PAIRS and plan.with_okey
    assert [m.kind for m in plan.melds] == [MeldKind.PAIR, MeldKind.PAIR]


def test_a_player_who_opened_with_pairs_never_goes_out_with_runs() -> None:
    hand = parse_tiles("R5 R6 R7 Y2 Y3 Y4 B8")
    assert finish_plan(hand, B8, [], OpeningKind.PAIRS) is None
    plan = finish_plan(hand, B8, [], OpeningKind.MELDS)
    assert plan is not None and plan.kind is OpeningKind.MELDS and plan.with_okey


def test_a_passed_deadline_stops_the_search_for_an_okey_throw_too() -> None:
    hand = parse_tiles("R5 R6 R7 B8")
    plan = finish_plan(hand, B8, [], None)
    assert plan is not None and plan.with_okey  # R5 R6 R7 down, the okey thrown
    deadline = Deadline(steps=0)
    assert finish_plan(hand, B8, [], None, deadline=deadline) is None
    assert deadline.ran_out


def test_an_okey_thrown_after_a_swap_doubles_the_hand() -> None:
    # R2 frees the table's okey; K10 K11 K12 take it as K13 (or K9), and the okey
    # held from the start is the throw.
    plan = finish_plan(parse_tiles("B8 R2 K10 K11 K12"), B8, [FULL_RUN], OpeningKind.MELDS)
    assert plan is not None
    assert [s.given for s in plan.swaps] == [(Tile.parse("R2"),)]
    assert plan.okey == B8 and plan.discard == B8 and plan.with_okey


def test_every_throw_filter_of_a_finish_search_is_given_its_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The search weighs throws at each stage (before okey swaps and after them);
    # a deadline handed to the search must reach every one of those filters.
    seen: list[Deadline | None] = []
    relaxed = solver._relaxed

    def spy(*args: Any, **kwargs: Any) -> list[Tile]:
        seen.append(args[6] if len(args) > 6 else kwargs.get("deadline"))
        return relaxed(*args, **kwargs)

    monkeypatch.setattr(solver, "_relaxed", spy)
    deadline = Deadline(steps=10**6)
    plan = finish_plan(
        parse_tiles("R2 K10 K11 K12 Y1"), B8, [FULL_RUN], OpeningKind.MELDS, deadline=deadline
    )
    assert plan is not None and len(plan.swaps) == 1
    assert len(seen) >= 2 and all(d is deadline for d in seen)


def test_a_dead_end_after_laying_off_on_one_meld_does_not_hide_the_finish() -> None:
    # Laying Y3-Y6 (the okey as Y6) below the yellow run leaves B8 and a Y4 that go
    # nowhere: a dead end. The finish lays nothing there: Y3 Y4 Y5 down, the okey
    # as B9 and then B8 below the black run, the other Y4 thrown.
    okey = Tile.parse("R7")
    table = [parse_meld("Y7Y8Y9Y10Y11", okey), parse_meld("B10B11B12B13", okey)]
    plan = finish_plan(parse_tiles("Y3 Y4 Y4 Y5 B8 R7"), okey, table, OpeningKind.MELDS)
    assert plan is not None
    assert [m.text(okey) for m in plan.melds] == ["Y3Y4Y5"]
    assert [(x.tile, x.index) for x in plan.lay_offs] == [(okey, 1), (Tile.parse("B8"), 1)]
    assert plan.lay_offs[-1].result.text(okey) == "B8*B9B10B11B12B13"
    assert plan.discard == Tile.parse("Y4")
