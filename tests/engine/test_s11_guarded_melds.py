"""RULES.md sections 8 and 11: an okey at the end of a run can stand for either end's tile,
and whoever holds that tile can swap it out (+101 to the seat that laid it).
``guarded_melds`` reads each okey where nobody else can take it, when another reading of
the same tiles allows that, and never so that an opening falls short of its floor or of
its big opening bonus."""

from __future__ import annotations

from okey_tui.engine.melds import Meld, parse_meld
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, exposed_okeys, guarded_melds

OKEY = Tile.parse("B8")  # the indicator is B7
BOTH_R2_SEEN = ("R2", "", "R2", "")


def melds(*texts: str) -> list[Meld]:
    return [parse_meld(text, OKEY) for text in texts]


def read(view: PlayerView, laid: list[Meld], before: list[Meld] | None = None) -> list[str]:
    """Each meld's tiles as the okeys stand, ``R3 R4 *R5`` for an okey as R5."""
    return [
        " ".join(
            f"*{meant}" if tile == OKEY else str(tile)
            for tile, meant in zip(meld.tiles, meld.stands_for, strict=True)
        )
        for meld in guarded_melds(view, laid, before or [])
    ]


def opened(pos, rack: str, discards=BOTH_R2_SEEN) -> PlayerView:  # noqa: ANN001
    return PlayerView.of(pos([rack, "", "", ""], discards=discards, openings="m101/-/-/-"), 0)


def test_an_opened_seats_okey_goes_to_the_end_nobody_can_swap(pos) -> None:
    """R5 unseen, both R2 in sight: R3 R4 ★ is laid as R2 R3 R4, which nobody can take."""
    view = opened(pos, "R3 R4 B8 K1 K5 K13")
    run = melds("R3R4*R5")
    assert [str(t) for t, _ in exposed_okeys(view, run)] == ["R5"]
    assert read(view, run) == ["*R2 R3 R4"]
    assert exposed_okeys(view, guarded_melds(view, run)) == []


def test_nothing_changes_when_no_reading_is_safer_or_the_okey_is_safe(pos) -> None:
    # One R2 in sight: R2 and R5 are both exposed, and the higher reading stays.
    assert read(opened(pos, "R3 R4 B8 K1 K5 K13", ("R2", "", "", "")), melds("R3R4*R5")) == [
        "R3 R4 *R5"
    ]
    # Both R5 in sight: the okey as R5 is safe already.
    assert read(opened(pos, "R3 R4 B8 K1 K5 K13", ("R5", "R5", "", "")), melds("R3R4*R5")) == [
        "R3 R4 *R5"
    ]
    # An okey in the middle of a run stands for one tile only.
    view = opened(pos, "R3 R5 B8 K1 K5 K13 B8")
    assert read(view, melds("R3*R4R5")) == ["R3 *R4 R5"]


def test_a_lay_that_finishes_is_left_as_it_is(pos) -> None:
    """Laying all but the finishing discard: nobody swaps anything afterwards."""
    view = opened(pos, "R3 R4 B8 K1")
    assert read(view, melds("R3R4*R5")) == ["R3 R4 *R5"]


OPENING = "K11 K12 K13 Y11 Y12 Y13 R3 R4 B8 K1 K2"


def unopened(pos, rack: str, rules: str = "classic/11") -> PlayerView:  # noqa: ANN001
    return PlayerView.of(pos([rack, "", "", ""], discards=BOTH_R2_SEEN, rules=rules), 0)


def test_an_opening_takes_the_safe_reading_while_it_still_reaches_the_floor(pos) -> None:
    # 36 + 36 + 33 + 12 = 117: as R2 R3 R4 it is 114, over 101.
    view = unopened(pos, f"{OPENING} B10 B11 B12")
    laid = melds("K11K12K13", "Y11Y12Y13", "B10B11B12", "R3R4*R5")
    assert read(view, laid)[-1] == "*R2 R3 R4"
    # 36 + 36 + 18 + 12 = 102: the safe reading (99) would not open; the okey stays as R5.
    view = unopened(pos, f"{OPENING} B5 B6 B7")
    laid = melds("K11K12K13", "Y11Y12Y13", "B5B6B7", "R3R4*R5")
    assert read(view, laid)[-1] == "R3 R4 *R5"


def test_melds_staged_before_count_towards_the_floor_and_are_not_read_again(pos) -> None:
    view = unopened(pos, f"{OPENING} B10 B11 B12")
    before = melds("K11K12K13", "Y11Y12Y13", "B10B11B12")
    assert read(view, melds("R3R4*R5"), before) == ["*R2 R3 R4"]
    # Alone, 12 points are far from the floor: more melds may come, and the higher stays.
    assert read(view, melds("R3R4*R5")) == ["R3 R4 *R5"]


def test_an_opening_keeps_its_big_opening_bonus(pos) -> None:
    """Rising: 150 points take 101 off the opener's hand score; 147 do not."""
    rack = f"{OPENING} B10 B11 B12 R10 R11 R12"
    laid = melds("K11K12K13", "Y11Y12Y13", "B10B11B12", "R10R11R12", "R3R4*R5")
    assert sum(m.value for m in laid) == 150
    assert read(unopened(pos, rack, "rising/11"), laid)[-1] == "R3 R4 *R5"
    # No bonus at a Classic table: the okey goes where nobody can take it.
    assert read(unopened(pos, rack), laid)[-1] == "*R2 R3 R4"
