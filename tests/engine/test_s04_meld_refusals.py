"""RULES.md sections 5 and 9: each meld rule refuses with its own code and names what broke it.

Callers (the screens, a translation) read ``exc.code`` and ``exc.params``, never the
message, so each refusal is checked for both.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from okey_tui.engine.errors import ErrorCode, MeldError, NotationError
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    best_reading,
    extend,
    make_meld,
    parse_meld,
    swap_okey,
    wild_changes,
)
from okey_tui.engine.tiles import Tile, parse_tiles
from okey_tui.messages import describe

OKEY = Tile.parse("B8")  # indicator B7


def meld(text: str) -> Meld:
    return parse_meld(text, OKEY)


def tile(text: str) -> Tile:
    return Tile.parse(text)


@pytest.mark.parametrize(
    ("attempt", "code", "params"),
    [
        (
            lambda: extend(meld("R5R5"), tile("R5"), None, OKEY),
            ErrorCode.NOTHING_ADDS_TO_A_PAIR,
            {"tile": tile("R5")},
        ),
        (
            lambda: extend(meld("R1R2R3"), tile("R13"), None, OKEY),
            ErrorCode.TILE_DOES_NOT_FIT,
            {"tile": tile("R13"), "meld": meld("R1R2R3"), "okey": OKEY},
        ),
        (
            lambda: extend(meld("R9Y9B9K9"), tile("R9"), None, OKEY),
            ErrorCode.SET_IS_FULL,
            {"tile": tile("R9"), "meld": meld("R9Y9B9K9"), "okey": OKEY},
        ),
        (
            lambda: extend(meld("R9Y9B9"), tile("R9"), None, OKEY),
            ErrorCode.TILE_DOES_NOT_FIT,
            {"tile": tile("R9"), "meld": meld("R9Y9B9"), "okey": OKEY},
        ),
        (lambda: swap_okey(meld("R5*R5"), [tile("R5")], OKEY), ErrorCode.NO_SWAP_FROM_A_PAIR, {}),
        (
            lambda: swap_okey(meld("R1R2R3"), [tile("R2")], OKEY),
            ErrorCode.NO_OKEY_TO_SWAP,
            {"meld": meld("R1R2R3"), "okey": OKEY},
        ),
        (lambda: swap_okey(meld("R1*R2R3"), [OKEY], OKEY), ErrorCode.SWAP_WITH_AN_OKEY, {}),
        (
            lambda: swap_okey(meld("R5Y5*B5"), [tile("B5")], OKEY),
            ErrorCode.SWAP_NEEDS_BOTH_COLOURS,
            {"meld": meld("R5Y5*B5"), "wanted": (tile("B5"), tile("K5")), "okey": OKEY},
        ),
        (
            lambda: swap_okey(meld("R1*R2R3"), parse_tiles("R2 R2"), OKEY),
            ErrorCode.SWAP_ONE_FOR_ONE,
            {},
        ),
        (
            lambda: swap_okey(meld("R1*R2R3"), [tile("R4")], OKEY),
            ErrorCode.SWAP_NEEDS_THE_TILE,
            {"meld": meld("R1*R2R3"), "wanted": (tile("R2"),), "okey": OKEY},
        ),
        (
            lambda: make_meld(parse_tiles("R1 R2"), parse_tiles("R1"), OKEY),
            ErrorCode.READING_MISMATCH,
            {},
        ),
        (
            lambda: make_meld([OKEY, tile("R1")], [tile("F"), tile("R1")], OKEY),
            ErrorCode.STANDS_FOR_FALSE_OKEY,
            {},
        ),
        (
            lambda: make_meld(parse_tiles("R1 R2 R3"), parse_tiles("R1 R2 R4"), OKEY),
            ErrorCode.TILE_CANNOT_COUNT_AS,
            {"tile": tile("R3"), "counts_as": tile("R3"), "meant": tile("R4")},
        ),
        (
            lambda: make_meld([OKEY, OKEY, OKEY], parse_tiles("R1 R2 R3"), OKEY),
            ErrorCode.ONLY_OKEYS,
            {},
        ),
        (
            lambda: meld("R5Y5"),
            ErrorCode.NOT_A_PAIR,
            {"tiles": (tile("R5"), tile("Y5")), "okey": OKEY},
        ),
        (
            lambda: meld("R5"),
            ErrorCode.TOO_FEW_TILES,
            {"count": 1, "tiles": (tile("R5"),), "okey": OKEY},
        ),
        (
            lambda: meld("R1R2R4"),
            ErrorCode.NOT_A_RUN,
            {"tiles": tuple(parse_tiles("R1 R2 R4")), "okey": OKEY},
        ),
        (
            lambda: meld("R9R9B9"),
            ErrorCode.NOT_A_SET,
            {"tiles": tuple(parse_tiles("R9 R9 B9")), "okey": OKEY},
        ),
        (
            lambda: meld("R9Y9B10"),
            ErrorCode.NOT_A_RUN_OR_SET,
            {"tiles": tuple(parse_tiles("R9 Y9 B10")), "okey": OKEY},
        ),
        (lambda: best_reading([OKEY, OKEY], OKEY), ErrorCode.ONLY_OKEYS, {}),
        (
            # The okey (B8) is named as laid, not as the R1 it was read as ("R1 R1 Y2").
            lambda: best_reading(parse_tiles("R1 Y2 B8"), OKEY),
            ErrorCode.NOT_A_RUN_OR_SET,
            {"tiles": tuple(parse_tiles("R1 B8 Y2")), "okey": OKEY},
        ),
    ],
)
def test_each_meld_rule_refuses_with_its_code_and_names_what_broke_it(
    attempt: Callable[[], object], code: ErrorCode, params: dict[str, object]
) -> None:
    with pytest.raises(MeldError) as caught:
        attempt()
    assert caught.value.code is code
    assert caught.value.params == params


@pytest.mark.parametrize(
    ("text", "params"),
    [
        ("R1*FR3", {"text": "R1*FR3"}),
        ("R7B8R9", {"text": "R7B8R9", "okey": OKEY}),
        ("R1R2R3x", {"text": "R1R2R3x"}),
    ],
)
def test_a_meld_text_that_cannot_be_read_is_refused_with_its_code(
    text: str, params: dict[str, object]
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_meld(text, OKEY)
    assert caught.value.code in (ErrorCode.NOT_A_MELD, ErrorCode.NOT_A_TILE_LIST)
    if caught.value.code is ErrorCode.NOT_A_MELD:
        assert caught.value.params == params


def test_refusals_name_the_meld_and_the_rule() -> None:
    with pytest.raises(
        MeldError,
        match=r"^R13 does not fit the run R1 R2 R3: a run takes the next tile of its colour at either end$",
    ):
        extend(meld("R1R2R3"), tile("R13"), None, OKEY)
    with pytest.raises(MeldError, match=r"^The set R9 Y9 B9 K9 already has all four colours$"):
        extend(meld("R9Y9B9K9"), tile("R9"), None, OKEY)
    with pytest.raises(
        MeldError, match=r"^The okey in R1 R2 R3 stands for R2: you need that tile to take it$"
    ):
        swap_okey(meld("R1*R2R3"), [tile("R4")], OKEY)


def test_the_best_reading_keeps_to_the_kinds_asked_for() -> None:
    with pytest.raises(MeldError):
        best_reading(parse_tiles("R1 R2 R3"), OKEY, [MeldKind.PAIR])
    assert best_reading(parse_tiles("R1 R2 R3"), OKEY, [MeldKind.RUN]).kind is MeldKind.RUN


def test_a_false_okey_is_named_as_laid_and_explained_as_the_tile_it_plays_as() -> None:
    # The refusal names the tiles as the rack shows them, the okey beside them: the false
    # okey is F✦ (B8), not a B8 the player cannot find on the rack.
    with pytest.raises(MeldError) as caught:
        best_reading(parse_tiles("F R1"), OKEY, [MeldKind.PAIR])
    assert caught.value.code is ErrorCode.NOT_A_PAIR
    assert caught.value.params == {"tiles": (tile("R1"), tile("F")), "okey": OKEY}
    assert describe(caught.value) == "R1 F✦ (B8) are not a pair: a pair is two identical tiles"
    # Where a run or set may be laid as well, two tiles that make neither are no meld.
    with pytest.raises(MeldError) as caught:
        best_reading(parse_tiles("F R1"), OKEY)
    assert caught.value.code is ErrorCode.TWO_TILES_NO_MELD
    assert caught.value.params == {"tiles": (tile("F"), tile("R1")), "okey": OKEY}
    assert describe(caught.value).startswith("F✦ (B8) R1 make no meld")


def test_an_okey_in_tiles_that_make_no_meld_is_named_as_the_okey_wherever_it_lies() -> None:
    # R7 ★ Y9 (the okey laid between them) was refused as "Y9 can only count as Y9, not R7":
    # the okey's place was paired with another tile's reading.
    for laid in ("R7 B8 Y9", "B8 R7 Y9", "R7 Y9 B8"):
        with pytest.raises(MeldError) as caught:
            best_reading(parse_tiles(laid), OKEY)
        assert caught.value.code is ErrorCode.NOT_A_RUN_OR_SET, laid
        assert describe(caught.value).startswith("R7 B8★ Y9 is neither a run"), laid


def test_two_okeys_alone_are_refused_saying_why() -> None:
    with pytest.raises(MeldError, match="^A meld needs at least one tile that is not an okey$"):
        best_reading([OKEY, OKEY], OKEY)


@pytest.mark.parametrize(
    ("old", "change", "freed", "placed"),
    [
        ("R1*R2R3", lambda m: swap_okey(m, [tile("R2")], OKEY), ["R2"], []),
        ("R1*R2R3", lambda m: extend(m, OKEY, tile("R4"), OKEY), [], ["R4"]),
        ("R5Y5*B5", lambda m: extend(m, tile("B5"), None, OKEY), ["B5"], ["K5"]),
        ("R1*R2R3", lambda m: extend(m, tile("R4"), None, OKEY), [], []),
    ],
)
def test_a_table_change_reports_what_its_okeys_stopped_and_started_standing_for(
    old: str, change: Callable[[Meld], Meld], freed: list[str], placed: list[str]
) -> None:
    before = meld(old)
    after = change(before)
    assert wild_changes(before, after, OKEY) == (
        [tile(t) for t in freed],
        [tile(t) for t in placed],
    )


def test_a_false_okey_takes_an_okey_standing_for_the_okey_tile() -> None:
    assert swap_okey(meld("B7*B8B9"), [tile("F")], OKEY).text(OKEY) == "B7FB9"


def test_a_run_with_two_okeys_gives_up_the_one_the_tile_stands_for() -> None:
    assert swap_okey(meld("*R1R2*R3"), [tile("R3")], OKEY).text(OKEY) == "*R1R2R3"
    with pytest.raises(MeldError, match=r"^The okey in R1 R2 R3 stands for R1, R3: you need"):
        swap_okey(meld("*R1R2*R3"), [tile("R4")], OKEY)


@pytest.mark.parametrize(
    ("text", "given", "message"),
    [
        ("R5*R5", "R5", "Okeys are never taken from pairs"),
        ("R1*R2R3", "B8", "Swap an okey with a real tile, not with the other okey"),
        ("R1*R2R3", "R2 R2", "Swap one okey with one tile"),
    ],
)
def test_a_refused_swap_says_why(text: str, given: str, message: str) -> None:
    with pytest.raises(MeldError, match=f"^{message}$"):
        swap_okey(meld(text), parse_tiles(given), OKEY)


def test_a_false_okey_read_as_another_tile_is_refused_naming_the_okeys_tile() -> None:
    laid = parse_tiles("F R6 R7")
    with pytest.raises(MeldError) as caught:
        make_meld(laid, parse_tiles("R5 R6 R7"), OKEY)
    assert caught.value.code is ErrorCode.TILE_CANNOT_COUNT_AS
    assert caught.value.params == {"tile": laid[0], "counts_as": OKEY, "meant": Tile.parse("R5")}


@pytest.mark.parametrize(
    ("attempt", "message"),
    [
        (lambda: meld("R5"), "R5: a run or set needs at least three tiles"),
        (
            lambda: meld("R1R2R4"),
            "R1 R2 R4 is not a run: a run is consecutive numbers of one colour, and 1 only "
            "comes before 2",
        ),
        (
            lambda: meld("R9R9B9"),
            "R9 R9 B9 is not a set: a set is 3 or 4 tiles of one number, each a different colour",
        ),
        (
            lambda: make_meld(parse_tiles("R9 Y9 B9 K9 R9"), parse_tiles("R9 Y9 B9 K9 R9"), OKEY),
            "R9 R9 Y9 B9 K9 is not a set: a set is 3 or 4 tiles of one number, each a different "
            "colour",
        ),
        (
            lambda: meld("R9Y9B10"),
            "R9 Y9 B10 is neither a run (one colour, consecutive numbers) nor a set (one "
            "number, different colours)",
        ),
        (
            lambda: extend(meld("R9Y9B9"), tile("R9"), None, OKEY),
            "R9 does not fit the set R9 Y9 B9: a set takes its missing colour",
        ),
        (
            lambda: best_reading(parse_tiles("Y3 Y5"), OKEY, [MeldKind.RUN, MeldKind.SET]),
            "Y3 Y5: a run or set needs at least three tiles",
        ),
        (
            lambda: best_reading(parse_tiles("Y3 Y5"), OKEY),
            "Y3 Y5 make no meld: a pair is two identical tiles, a run or set at least three",
        ),
        (
            lambda: best_reading(parse_tiles("R1 R2 R3"), OKEY, [MeldKind.PAIR]),
            "R1 R2 R3 are not a pair: a pair is two identical tiles",
        ),
        (
            lambda: best_reading(parse_tiles("R5 Y5 B5"), OKEY, [MeldKind.RUN]),
            "R5 Y5 B5 make no run",
        ),
        (
            lambda: best_reading(parse_tiles("R5 Y5 B5"), OKEY, [MeldKind.PAIR, MeldKind.RUN]),
            "R5 Y5 B5 make no run or pair",
        ),
        (
            lambda: make_meld(parse_tiles("R1 R2"), parse_tiles("R1"), OKEY),
            "Each tile needs one reading",
        ),
        (
            lambda: make_meld([OKEY, tile("R1")], [tile("F"), tile("R1")], OKEY),
            "A tile cannot stand for a false okey",
        ),
        (
            lambda: make_meld([OKEY, OKEY, OKEY], parse_tiles("R1 R2 R3"), OKEY),
            "A meld needs at least one tile that is not an okey",
        ),
        (
            lambda: extend(meld("R5R5"), tile("R5"), None, OKEY),
            "Nothing can be added to a pair",
        ),
    ],
)
def test_each_refusal_says_its_rule_in_words_naming_the_tiles(
    attempt: Callable[[], object], message: str
) -> None:
    """The engine's own words (a log, a bot's trace, a caller with no translation)."""
    with pytest.raises(MeldError) as caught:
        attempt()
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("tiles", "kinds", "code", "params"),
    [
        # Two tiles where only runs and sets go: too few, however they read.
        (
            "Y3 Y5",
            [MeldKind.RUN, MeldKind.SET],
            ErrorCode.TOO_FEW_TILES,
            {"count": 2, "tiles": (tile("Y3"), tile("Y5")), "okey": OKEY},
        ),
        # Three tiles are enough: what is wrong is their numbers, as make_meld says it.
        (
            "R1 R2 R4",
            [MeldKind.RUN, MeldKind.SET],
            ErrorCode.NOT_A_RUN,
            {"tiles": tuple(parse_tiles("R1 R2 R4")), "okey": OKEY},
        ),
        # Where only pairs go, three tiles or one are no pair.
        (
            "R1 R2 R3",
            [MeldKind.PAIR],
            ErrorCode.NOT_A_PAIR,
            {"tiles": tuple(parse_tiles("R1 R2 R3")), "okey": OKEY},
        ),
        ("R1", [MeldKind.PAIR], ErrorCode.NOT_A_PAIR, {"tiles": (tile("R1"),), "okey": OKEY}),
        # A set where only runs go.
        (
            "R5 Y5 B5",
            [MeldKind.RUN],
            ErrorCode.NOT_A_RUN_OR_SET,
            {"tiles": tuple(parse_tiles("R5 Y5 B5")), "okey": OKEY},
        ),
    ],
)
def test_the_best_reading_refuses_by_the_kinds_asked_for(
    tiles: str, kinds: list[MeldKind], code: ErrorCode, params: dict[str, object]
) -> None:
    with pytest.raises(MeldError) as caught:
        best_reading(parse_tiles(tiles), OKEY, kinds)
    assert caught.value.code is code
    assert caught.value.params == params
