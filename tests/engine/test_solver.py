"""The solver (RULES.md sections 4, 7, 8, 10): exact against a brute force, and worked examples."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.melds import Meld, MeldKind, make_meld, parse_meld, readings
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import (
    Arrangement,
    MeldsSearch,
    arrange,
    best_melds,
    best_pairs,
    can_cover,
    finish_plan,
    lay_offs,
    least_left,
    melds_outline,
    okey_swaps,
    opening_check,
)
from okey_tui.engine.tiles import FALSE_OKEY, Tile, full_set, parse_tiles

B8 = Tile.parse("B8")  # the okey whenever the indicator is B7
_KINDS = (MeldKind.RUN, MeldKind.SET)


def brute_force(hand: list[Tile], okey: Tile) -> int:
    """Try every way to cut the hand into groups; each group at its best reading."""

    @cache
    def go(rest: tuple[Tile, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = go(others)  # the first tile stays in hand
        places = range(len(others))
        for size in range(2, len(others) + 1):
            for chosen in combinations(places, size):
                found = readings([first, *(others[i] for i in chosen)], okey, _KINDS)
                if found:
                    left = tuple(others[i] for i in places if i not in chosen)
                    best = max(best, found[0].value + go(left))
        return best

    return go(tuple(sorted(hand, key=Tile.sort_key)))


def check_arrangement(found: Arrangement, hand: list[Tile], okey: Tile) -> None:
    """Melds valid, disjoint and drawn from the hand; value adds up."""
    used: Counter[Tile] = Counter()
    for meld in found.melds:
        assert make_meld(meld.tiles, meld.stands_for, okey) == meld
        used.update(meld.tiles)
    assert used + Counter(found.leftover) == Counter(hand)
    assert found.value == sum(m.value for m in found.melds)


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[list[Tile], Tile]:
    """Up to 9 tiles from a narrow window of numbers, so that melds are likely."""
    okey = draw(st.sampled_from([Tile.parse(t) for t in ("R5", "K13", "B1", "Y8", "B8")]))
    low = draw(st.integers(1, 9))
    pool = [t for t in full_set() if t.is_false_okey or low <= t.number <= low + 4 or t == okey]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=3, max_size=9, unique=True))
    return [pool[i] for i in picks], okey


@given(small_hands())
@settings(max_examples=250, deadline=None)
def test_best_melds_equals_brute_force(case: tuple[list[Tile], Tile]) -> None:
    hand, okey = case
    found = best_melds(hand, okey)
    assert found.value == brute_force(hand, okey)
    check_arrangement(found, hand, okey)
    assert all(m.kind is not MeldKind.PAIR for m in found.melds)


@given(st.randoms(use_true_random=False))
@settings(max_examples=40, deadline=None)
def test_full_hands_are_valid(rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    tiles = full_set()
    rng.shuffle(tiles)
    indicator = next(t for t in tiles[22:] if not t.is_false_okey)
    okey = indicator.next_in_colour()
    hand = tiles[:22]
    for found in (best_melds(hand, okey), least_left(hand, okey), best_pairs(hand, okey)):
        check_arrangement(found, hand, okey)
    assert sorted(arrange(hand, okey), key=Tile.sort_key) == sorted(hand, key=Tile.sort_key)
    assert least_left(hand, okey).leftover_sum <= best_melds(hand, okey).leftover_sum


def dealt(rng: object, size: int) -> tuple[list[Tile], Tile, list[Tile]]:
    """A shuffled hand of ``size`` tiles (now and then with an okey more), its okey, and
    the tiles not dealt."""
    import random

    assert isinstance(rng, random.Random)
    tiles = full_set()
    rng.shuffle(tiles)
    okey = next(t for t in tiles[size:] if not t.is_false_okey)
    return tiles[:size] + [okey] * rng.randint(0, 1), okey, tiles[size:]


@given(st.randoms(use_true_random=False), st.integers(0, 34))
@settings(max_examples=60, deadline=None)
def test_the_outline_is_what_the_best_melds_come_to(rng: object, size: int) -> None:
    """Value, tiles used and loose tiles as the built melds give them, at any hand size,
    okeys and false okeys included."""
    hand, okey, _rest = dealt(rng, size)
    found = best_melds(hand, okey)
    shape = melds_outline(hand, okey)
    assert shape.value == found.value
    assert shape.tiles_used == found.tiles_used
    assert shape.loose == frozenset(found.leftover)


@given(st.randoms(use_true_random=False), st.integers(1, 30))
@settings(max_examples=60, deadline=None)
def test_a_search_s_variants_are_what_the_best_melds_of_those_hands_come_to(
    rng: object, size: int
) -> None:
    """A hand less a few of its tiles (okeys among them) and plus a few others: the
    value and tiles used from the shared search are a fresh search's."""
    import random

    hand, okey, rest = dealt(rng, size)
    assert isinstance(rng, random.Random)
    search = MeldsSearch(hand, okey)
    for _ in range(4):
        less = rng.sample(hand, rng.randint(0, min(3, len(hand))))
        more = rng.sample(rest, rng.randint(0, 2))
        changed = list(hand)
        for tile in less:
            changed.remove(tile)
        found = best_melds(changed + more, okey)
        assert search.variant(less, more) == (found.value, found.tiles_used)


def test_a_search_refuses_to_take_away_a_tile_the_hand_does_not_hold() -> None:
    search = MeldsSearch(parse_tiles("R3 R4 R5"), Tile.parse("B1"))
    with pytest.raises(SetupError) as refused:
        search.variant([Tile.parse("K9")])
    assert refused.value.code is ErrorCode.BAD_ARGUMENT
    assert refused.value.params == {"less": ["K9"]}  # which tile, for the caller's words
    # An okey too many is refused the same way, naming the tiles asked for.
    with pytest.raises(SetupError) as refused:
        search.variant([Tile.parse("R3"), Tile.parse("B1")])
    assert refused.value.params == {"less": ["R3", "B1"]}


def test_the_outline_names_a_tile_loose_when_one_copy_of_two_is_out() -> None:
    okey = Tile.parse("B1")
    hand = parse_tiles("R3 R4 R5 R5 K9 Y9 B9 F")
    shape = melds_outline(hand, okey)
    assert (shape.value, shape.tiles_used) == (12 + 27, 6)
    assert shape.loose == {Tile.parse("R5"), FALSE_OKEY}


def test_melds_are_listed_runs_first_then_sets_each_by_its_first_tile() -> None:
    # The rack is arranged in this order too: a black run before a red set, and the
    # set led by red before the one led by yellow, whatever their numbers.
    hand = parse_tiles("Y3 B3 K3 R7 B7 K7 K10 K11 K12 R1")
    found = best_melds(hand, B8)
    assert [m.text(B8) for m in found.melds] == ["K10K11K12", "R7B7K7", "Y3B3K3"]
    assert arrange(hand, B8) == parse_tiles("K10 K11 K12 R7 B7 K7 Y3 B3 K3 R1")


# -- RULES.md section 7: the worked opening ------------------------------------------------


def test_rules_example_opening_is_exactly_101() -> None:
    hand = parse_tiles("R3 R4 R5 R6 R7 K10 K11 K12 K13 R10 Y10 B10 Y1")
    check = opening_check(hand, B8)
    assert check.value == 101
    assert check.can_open_melds
    assert check.melds.leftover == (Tile.parse("Y1"),)


def test_below_the_floor_cannot_open() -> None:
    hand = parse_tiles("R3 R4 R5 R6 R7 K10 K11 K12 K13 R9 Y9 B9")
    assert best_melds(hand, B8).value == 98
    assert not opening_check(hand, B8).can_open_melds
    assert opening_check(hand, B8, floor=51).can_open_melds


def test_okey_counts_as_the_tile_it_replaces() -> None:
    # R12 R13 + okey = R11 R12 R13 = 36 (RULES.md section 4)
    found = best_melds(parse_tiles("R12 R13 B8"), B8)
    assert found.value == 36
    assert found.melds[0].stands_for == tuple(parse_tiles("R11 R12 R13"))


@pytest.mark.parametrize(
    "tiles",
    ["Y8 K8 B8", "R5 K5 B8", "Y13 B8 B8", "R1 R2 R3 Y9 B9 B8", "Y8 B8 K8 K9 K10 K11 B8"],
)
def test_a_set_s_okeys_stand_for_the_colours_staging_gives_them(tiles: str) -> None:
    """The hint listed an opening as Y8 B8 ★K8 while o staged the same tiles as ★R8 Y8 B8:
    the solver's sets now read their okeys as the player's staging does."""
    hand = parse_tiles(tiles)
    found = best_melds(hand, B8)
    sets = [m for m in found.melds if m.kind is MeldKind.SET]
    assert sets
    for meld in sets:
        assert meld.stands_for == readings(meld.tiles, B8, (MeldKind.SET,))[0].stands_for


def test_okey_goes_where_it_is_worth_most() -> None:
    # R5 + two okeys: 5-6-7 (18) beats 3-4-5, 4-5-6 and a set of 5s.
    assert best_melds(parse_tiles("R5 B8 B8"), B8).value == 18
    # The okey extends the higher run rather than the lower one.
    found = best_melds(parse_tiles("R1 R2 R3 K10 K11 K12 B8"), B8)
    assert found.value == 6 + 33 + 13


def test_false_okey_plays_as_the_okey_tile() -> None:
    found = best_melds(parse_tiles("B6 B7 F"), B8)
    assert found.value == 21
    assert found.melds[0].tiles[-1] == FALSE_OKEY
    assert best_melds(parse_tiles("R8 Y8 F"), B8).value == 24


def test_no_wrap_around_runs() -> None:
    assert best_melds(parse_tiles("R12 R13 R1"), B8).value == 0


def test_two_okeys_alone_make_nothing() -> None:
    assert best_melds(parse_tiles("B8 B8"), B8).value == 0
    # With one real tile they make a meld: K2 *K3 *K4 = 9 beats a set of 2s (6).
    found = best_melds(parse_tiles("B8 B8 K2"), B8)
    assert found.value == 9 == brute_force(parse_tiles("B8 B8 K2"), B8)


def test_three_runs_of_one_colour_at_once() -> None:
    # R10, R11 x2, R12 x2, R13 x2 and two okeys: a set of 13s is not possible
    # without more colours, so the best packs three red runs over 11-12.
    hand = parse_tiles("R10 R11 R11 R12 R12 R13 R13 B8 B8")
    assert best_melds(hand, B8).value == brute_force(hand, B8)


def test_leftover_sum_counts_false_okey_and_not_real_okey() -> None:
    found = Arrangement((), tuple(parse_tiles("F B8 R3")), B8)
    assert found.leftover_sum == 8 + 0 + 3


def test_least_left_keeps_low_tiles_out() -> None:
    hand = parse_tiles("R11 R12 R13 K1 Y1 B1 R1 K13")
    found = least_left(hand, B8)
    assert found.leftover_sum == 13
    check_arrangement(found, hand, B8)


# -- pairs (sections 4 and 7) -----------------------------------------------------------------


def test_pairs_identical_and_with_okey() -> None:
    found = best_pairs(parse_tiles("R1 R1 Y2 Y2 K5 B8 K9 K9 F F Y13"), B8)
    assert found.pairs == 5  # R1 R1, Y2 Y2, K9 K9, F F, okey + Y13
    assert Tile.parse("K5") in found.leftover
    assert opening_check(parse_tiles("R1 R1 Y2 Y2 K5 B8 K9 K9 F F Y13"), B8).can_open_pairs


def test_two_okeys_are_not_a_pair() -> None:
    assert best_pairs(parse_tiles("B8 B8"), B8).pairs == 0
    # With a real pair to split, two okeys make one more pair.
    assert best_pairs(parse_tiles("B8 B8 R4 R4"), B8).pairs == 2


def test_pairs_prefer_high_tiles_for_the_okey() -> None:
    found = best_pairs(parse_tiles("R2 K12 B8"), B8)
    assert found.pairs == 1 and found.value == 24


# -- table play (section 8) -------------------------------------------------------------------


def table() -> list[Meld]:
    return [parse_meld(t, B8) for t in ("R4R5R6", "Y9B9K9", "K1*K2K3", "R7R7")]


def test_lay_offs_lists_every_tile_and_place() -> None:
    found = {
        (str(x.tile), x.index, x.result.text(B8))
        for x in lay_offs(parse_tiles("R3 R7 R9 B8 K4"), B8, table())
    }
    assert ("R3", 0, "R3R4R5R6") in found
    assert ("R7", 0, "R4R5R6R7") in found
    assert ("R9", 1, "R9Y9B9K9") in found
    assert ("K4", 2, "K1*K2K3K4") in found
    assert ("B8", 0, "*R3R4R5R6") in found and ("B8", 0, "R4R5R6*R7") in found
    assert all(x.index != 3 for x in found)  # nothing is added to a pair


def test_okey_swaps_need_the_tile_the_okey_stands_for() -> None:
    swaps = okey_swaps(parse_tiles("K2 R3"), B8, table())
    assert [(s.index, s.given) for s in swaps] == [(2, (Tile.parse("K2"),))]
    assert okey_swaps(parse_tiles("K4 R3"), B8, table()) == []


def test_swap_from_three_tile_set_needs_both_colours() -> None:
    tab = [parse_meld("R5Y5*B5", B8)]
    assert okey_swaps(parse_tiles("B5"), B8, tab) == []
    (swap,) = okey_swaps(parse_tiles("B5 K5"), B8, tab)
    assert len(swap.result.tiles) == 4


# -- finishing (section 10) --------------------------------------------------------------------


def test_straight_out_keeps_the_okey_for_the_discard() -> None:
    hand = parse_tiles("R1 R2 R3 K5 K6 K7 Y9 B9 K9 R13 R12 R11 B8")
    plan = finish_plan(hand, B8, [], None)
    assert plan is not None
    assert plan.discard == B8 and plan.with_okey
    assert sum(len(m.tiles) for m in plan.melds) == len(hand) - 1


def test_straight_out_needs_no_floor_but_every_tile_but_one() -> None:
    assert finish_plan(parse_tiles("R1 R2 R3 K5"), B8, [], None) is not None
    assert finish_plan(parse_tiles("R1 R2 R3 K5 Y7"), B8, [], None) is None


def test_pairs_straight_out() -> None:
    plan = finish_plan(parse_tiles("R1 R1 Y2 Y2 K5 K5 R9"), B8, [], None)
    assert plan is not None and plan.kind is OpeningKind.PAIRS
    assert plan.discard == Tile.parse("R9")


def test_opened_player_finishes_with_lay_offs_and_swaps() -> None:
    hand = parse_tiles("R7 R8 R2 R3 R9 K2 K13")
    assert finish_plan(hand, B8, table(), None) is None
    plan = finish_plan(hand, B8, table(), OpeningKind.MELDS)
    assert plan is not None and plan.discard == Tile.parse("K13")
    laid = [t for m in plan.melds for t in m.tiles] + [x.tile for x in plan.lay_offs]
    given = [t for s in plan.swaps for t in s.given]
    okeys_taken = len(plan.swaps)
    assert len(laid) + len(given) - okeys_taken == len(hand) - 1


def test_lay_offs_chain_along_a_run() -> None:
    plan = finish_plan(parse_tiles("R7 R8 R9 R10 K13"), B8, table(), OpeningKind.MELDS)
    assert plan is not None


def test_pairs_opener_lays_off_only_if_allowed() -> None:
    hand = parse_tiles("R7 R8 R9 K13")
    assert finish_plan(hand, B8, table(), OpeningKind.PAIRS, can_lay_off=False) is None
    plan = finish_plan(hand, B8, table(), OpeningKind.PAIRS, can_lay_off=True)
    assert plan is not None and plan.kind is OpeningKind.PAIRS
    plan = finish_plan(parse_tiles("R7 R7 K13"), B8, table(), OpeningKind.PAIRS, can_lay_off=False)
    assert plan is not None and [m.kind for m in plan.melds] == [MeldKind.PAIR]


def test_can_cover_uses_every_tile() -> None:
    assert can_cover(parse_tiles("R1 R2 R3 R4 Y4 B4"), B8) is not None
    assert can_cover(parse_tiles("R1 R2 R3 R4 Y4"), B8) is None
    assert can_cover(parse_tiles("R1 R2 B8"), B8) is not None


def test_arrange_groups_melds_first() -> None:
    hand = parse_tiles("K13 Y13 R2 R1 B13 R3 Y5")
    assert arrange(hand, B8) == parse_tiles("R1 R2 R3 Y13 B13 K13 Y5")
    assert arrange(parse_tiles("R4 Y5 R4"), B8, by=OpeningKind.PAIRS) == parse_tiles("R4 R4 Y5")
    with pytest.raises(ValueError):
        arrange(hand, B8, by="colour")  # type: ignore[arg-type]


def brute_cover(hand: list[Tile], okey: Tile) -> bool:
    """Can every tile of the hand go into runs and sets? (exhaustive)"""

    @cache
    def go(rest: tuple[Tile, ...]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        places = range(len(others))
        for size in range(2, len(others) + 1):
            for chosen in combinations(places, size):
                if readings([first, *(others[i] for i in chosen)], okey, _KINDS):
                    left = tuple(others[i] for i in places if i not in chosen)
                    if go(left):
                        return True
        return False

    return go(tuple(sorted(hand, key=Tile.sort_key)))


@given(small_hands())
@settings(max_examples=80, deadline=None)
def test_can_cover_and_straight_out_match_brute_force(case: tuple[list[Tile], Tile]) -> None:
    hand, okey = case
    covered = can_cover(hand, okey)
    assert (covered is not None) == brute_cover(hand, okey)
    if covered is not None:
        assert sum(len(m.tiles) for m in covered) == len(hand)
    plan = finish_plan(hand, okey, [], None)
    possible = any(
        brute_cover([t for j, t in enumerate(hand) if j != i], okey) for i in range(len(hand))
    )
    if possible:
        assert plan is not None
    if plan is not None and plan.kind is OpeningKind.MELDS:
        assert possible
        rest = Counter(hand)
        rest[plan.discard] -= 1
        assert Counter(t for m in plan.melds for t in m.tiles) == +rest


def test_an_unopened_hand_can_finish_by_opening_then_laying_off() -> None:
    """RULES §5: lay-offs are allowed in the turn of the opening, once it is down."""
    from okey_tui.engine.actions import AddTile, Discard, Open
    from okey_tui.engine.melds import parse_meld
    from okey_tui.engine.notation import parse_position
    from okey_tui.engine.tiles import full_set

    okey = Tile.parse("B13")
    table = [parse_meld("B5B6B7", okey)]
    # R10-R13 (46) + K10-K13 (46) + Y9-Y11 (30) = 122 opens; B8 goes on the
    # table run and K1 is the discard. Without the table there is no finish.
    hand = parse_tiles("R10 R11 R12 R13 K10 K11 K12 K13 Y9 Y10 Y11 B8 K1")
    assert finish_plan(hand, okey, table, None) is None
    plan = finish_plan(hand, okey, table, None, floor=101)
    assert plan is not None and plan.discard == Tile.parse("K1")
    assert sum(m.value for m in plan.melds) == 122
    assert [(lo.tile, lo.index) for lo in plan.lay_offs] == [(Tile.parse("B8"), 0)]
    assert finish_plan(hand, okey, table, None, floor=123) is None

    # The plan is legal in the engine and ends the hand as a straight out.
    rest = list(full_set())
    for t in [*hand, Tile.parse("B12"), *table[0].tiles]:
        rest.remove(t)
    racks = [hand, rest[:21], rest[21:42], rest[42:63]]
    text = (
        f"classic/11 B12 0p {'/'.join(''.join(map(str, r)) for r in racks)} "
        f"{''.join(map(str, rest[63:]))} -/-/-/- 1:B5B6B7 -/m101/-/- - - -"
    )
    game = parse_position(text)
    game.apply(Open(plan.melds))
    for lay_off in plan.lay_offs:
        game.apply(AddTile(lay_off.tile, lay_off.index))
    game.apply(Discard(plan.discard))
    assert game.outcome is not None and game.outcome.finisher == 0 and game.outcome.straight
