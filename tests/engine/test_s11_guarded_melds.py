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
BOTH_R9_SEEN = ("R9", "", "R9", "")


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


def unopened(pos, rack: str, rules: str = "classic/11", discards=BOTH_R2_SEEN) -> PlayerView:  # noqa: ANN001
    return PlayerView.of(pos([rack, "", "", ""], discards=discards, rules=rules), 0)


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


def test_a_lower_reading_with_no_safer_one_is_kept_not_raised(pos) -> None:
    """★ R3 R4 given as R2 R3 R4, R2 and R5 both unseen: as R5 it is no safer, and the
    points it would add are no reason here to move the okey."""
    view = opened(pos, "R3 R4 B8 K1 K5 K13", ("", "", "", ""))
    assert read(view, melds("*R2R3R4")) == ["*R2 R3 R4"]


def test_of_the_safe_readings_the_highest(pos) -> None:
    """R5 with two okeys as R5 R6 R7, R7 unseen: R4 R5 R6 and R3 R4 R5 are both safe (R3,
    R4 and R6 seen twice); the higher is laid."""
    view = opened(pos, "R5 B8 B8 K1 K5 K13", ("R3 R3 R4", "R4 R6", "R6", ""))
    assert read(view, melds("R5*R6*R7")) == ["*R4 R5 *R6"]


def test_a_reading_of_another_kind_is_never_taken(pos) -> None:
    """R5 with two okeys as a run, R4 and R6 unseen: every run reading leaves an okey
    exposed. As a set (Y5, B5 and K5 all seen twice) nobody could swap them, but a run is
    laid as a run."""
    view = opened(pos, "R5 B8 B8 K1 K5 K13", ("Y5 Y5 B5", "B5 K5", "R3 R3", "R7 R7"))
    assert read(view, melds("R5*R6*R7")) == ["R5 *R6 *R7"]


FLOOR_RACK = "K11 K12 K13 Y11 Y12 Y13 K2 K3 K4 K5 K6 R3 R4 B8 Y1 B1"


def test_an_opening_at_its_floor_takes_a_safe_reading_that_adds_points(pos) -> None:
    """36 + 36 + 20 + 9 = 101, ★ R3 R4 as R2 R3 R4 with both R2 unseen: as R3 R4 R5 (both
    R5 in sight) it is safe, and 104."""
    view = unopened(pos, FLOOR_RACK, discards=("R5", "", "R5", ""))
    laid = melds("K11K12K13", "Y11Y12Y13", "K2K3K4K5K6", "*R2R3R4")
    assert sum(m.value for m in laid) == 101
    assert read(view, laid)[-1] == "R3 R4 *R5"


def test_a_safe_reading_that_leaves_the_floor_exactly_is_taken(pos) -> None:
    """36 + 36 + 20 + 12 = 104: as R2 R3 R4 it is 101, the floor itself."""
    view = unopened(pos, FLOOR_RACK)
    laid = melds("K11K12K13", "Y11Y12Y13", "K2K3K4K5K6", "R3R4*R5")
    assert sum(m.value for m in laid) == 104
    assert read(view, laid)[-1] == "*R2 R3 R4"


R2_Y2_SEEN = ("R2 R2", "", "Y2 Y2", "")


def test_the_cheapest_re_reading_goes_first_while_the_floor_allows(pos) -> None:
    """A run of four loses 4 points read the other way, a run of three 3. With 4 points
    over the floor the run of three is re-read, not the run of four that comes first."""
    rack = "K11 K12 K13 R13 Y13 B13 Y3 Y4 Y5 R3 R4 B8 B8 K1 K2"
    view = unopened(pos, rack, discards=R2_Y2_SEEN)
    laid = melds("K11K12K13", "R13Y13B13", "Y3Y4Y5*Y6", "R3R4*R5")
    assert sum(m.value for m in laid) == 105
    assert read(view, laid)[2:] == ["Y3 Y4 Y5 *Y6", "*R2 R3 R4"]


def test_re_readings_add_up_against_the_floor(pos) -> None:
    """Two runs of three, each 3 points less read the other way: 7 points over the floor,
    both are re-read; 4 points over, only the first."""
    rack = "K11 K12 K13 R13 Y13 B13 K1 K2 K3 K4 Y3 Y4 R3 R4 B8 B8 K7 K9"
    view = unopened(pos, rack, discards=R2_Y2_SEEN)
    seven_over = melds("K11K12K13", "R13Y13B13", "K2K3K4", "Y3Y4*Y5", "R3R4*R5")
    assert sum(m.value for m in seven_over) == 108
    assert read(view, seven_over)[3:] == ["*Y2 Y3 Y4", "*R2 R3 R4"]
    four_over = melds("K11K12K13", "R13Y13B13", "K1K2K3", "Y3Y4*Y5", "R3R4*R5")
    assert sum(m.value for m in four_over) == 105
    assert read(view, four_over)[3:] == ["*Y2 Y3 Y4", "R3 R4 *R5"]


def test_a_re_reading_that_earns_a_bigger_bonus_is_taken(pos) -> None:
    """Rising, 147 points with ★ R3 R4 as R2 R3 R4 (R2 unseen, both R5 in sight): as
    R3 R4 R5 it is safe, and its 150 earn the big opening bonus too."""
    rack = "K11 K12 K13 Y11 Y12 Y13 B11 B12 B13 K10 Y10 B10 R3 R4 B8 K1 Y1"
    view = unopened(pos, rack, "rising/11", discards=("R5", "", "R5", ""))
    laid = melds("K11K12K13", "Y11Y12Y13", "B11B12B13", "K10Y10B10", "*R2R3R4")
    assert sum(m.value for m in laid) == 147
    assert read(view, laid)[-1] == "R3 R4 *R5"


def test_the_sorts_guard_on_random_racks_keeps_tiles_melds_and_the_floor() -> None:
    """``guarded_melds(..., shorten=True)`` (the sort's: a run may give up end tiles, an
    okey may move to another meld) on 300 random racks, with random tiles in sight: every
    meld it returns is a meld of its tiles, it uses only tiles the melds given held, it
    exposes no more okeys than they did, and an unopened opening over the floor stays
    over it (and keeps its big opening bonus)."""
    import random
    from collections import Counter

    from okey_tui.engine import solver
    from okey_tui.engine.melds import readings
    from okey_tui.engine.rules import RuleSet
    from okey_tui.engine.scoring import opening_bonus
    from okey_tui.engine.state import OpeningKind
    from okey_tui.engine.tiles import full_set
    from tests.positions import position

    rng = random.Random(11)
    changed = 0
    for _ in range(300):
        tiles = full_set()
        tiles.remove(Tile.parse("B7"))  # the indicator's
        rng.shuffle(tiles)
        okey_rack = [OKEY] * rng.choice((1, 2))
        rack = [t for t in tiles if t != OKEY][:20] + okey_rack
        seen = [t for t in tiles if t not in rack][: rng.choice((30, 60))]
        half = len(seen) // 2
        piles = (" ".join(map(str, seen[:half])), "", " ".join(map(str, seen[half:])), "")
        view = PlayerView.of(
            position([" ".join(map(str, rack)), "", "", ""], phase="p", discards=piles), 0
        )
        found = solver.best_melds(list(view.rack), OKEY).melds
        guarded = guarded_melds(view, found, shorten=True)
        for meld in guarded:
            assert meld in readings(meld.tiles, OKEY, [meld.kind]), meld
        used = Counter(t for m in guarded for t in m.tiles)
        given = Counter(t for m in found for t in m.tiles)
        assert not used - given, (found, guarded)
        assert len(exposed_okeys(view, guarded)) <= len(exposed_okeys(view, found))
        value, before = sum(m.value for m in guarded), sum(m.value for m in found)
        rules = RuleSet()
        if before >= view.melds_floor:
            assert value >= view.melds_floor, (found, guarded)
            bonus = opening_bonus(rules, OpeningKind.MELDS, before)
            assert opening_bonus(rules, OpeningKind.MELDS, value) <= bonus
        changed += tuple(guarded) != tuple(found)
    assert changed >= 5, changed


def test_the_sort_moves_an_exposed_okey_to_a_run_it_is_safe_in_above_the_floor(pos) -> None:
    """★ Y11 Y12 Y13 (the okey a Y10 anyone holding one could take): with both R9 in
    sight the okey goes to R6 R7 R8 as R9, Y11 Y12 Y13 staying a run; not where the
    opening would fall below its floor, nor where R9 is not safe, nor without ``shorten``
    (melds the player chose)."""
    rack = "R1 R2 R3 R4 R6 R7 R8 B8 Y11 Y12 Y13 K10 K11 K12 K13 B1 Y2 R13"
    laid = melds("R1R2R3R4", "R6R7R8", "*Y10Y11Y12Y13", "K10K11K12K13")  # 123
    view = unopened(pos, rack, discards=BOTH_R9_SEEN)
    moved = [
        " ".join(
            f"*{meant}" if tile == OKEY else str(tile)
            for tile, meant in zip(meld.tiles, meld.stands_for, strict=True)
        )
        for meld in guarded_melds(view, laid, shorten=True)
    ]
    assert moved == ["R1 R2 R3 R4", "R6 R7 R8 *R9", "Y11 Y12 Y13", "K10 K11 K12 K13"], moved
    assert exposed_okeys(view, guarded_melds(view, laid, shorten=True)) == []
    assert read(view, laid) == ["R1 R2 R3 R4", "R6 R7 R8", "*Y10 Y11 Y12 Y13", "K10 K11 K12 K13"]
    # At the floor exactly (101): the move (100) would leave the opening short.
    at_floor = melds("R6R7R8", "*Y10Y11Y12Y13", "K7K8K9K10")
    view = unopened(pos, "R6 R7 R8 B8 Y11 Y12 Y13 K7 K8 K9 K10 B1 Y2 R13", discards=BOTH_R9_SEEN)
    kept = guarded_melds(view, at_floor, shorten=True)
    assert sum(m.value for m in kept) == 101 and tuple(kept) == tuple(at_floor)
    # One R9 in sight: the okey as R9 is no safer; it stays.
    view = unopened(pos, rack, discards=("R9", "", "", ""))
    assert tuple(guarded_melds(view, laid, shorten=True)) == tuple(laid)
