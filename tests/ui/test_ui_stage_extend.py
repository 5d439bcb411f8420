"""o on tiles that make no meld alone but complete or lengthen a staged meld adds them to
it: with the set R11 Y11 B11 staged, o on K11 said "a run or set needs at least three
tiles", and only Esc and staging again took it in."""

from __future__ import annotations

import pytest
from ui_helpers import OPENING_SEED, at_position, select_tiles, set_rows, status_text, table_app

from tests.positions import position

RACK = "R11 Y11 B11 R1 R2 R3 R4 K5 Y6 K11 B2"


def staged_tiles(screen) -> list[str]:  # type: ignore[no-untyped-def]
    """Each staged meld's tiles in sorted words, the melds in sorted order."""
    return sorted(" ".join(sorted(map(str, m.tiles))) for m in screen.staging.melds)


async def test_o_on_a_tile_that_fits_a_staged_meld_adds_it_and_esc_puts_all_back() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([RACK, "", "", ""], phase="p"))
        before = list(screen.rack.slots)
        await select_tiles(pilot, screen, "R11 Y11 B11")
        await pilot.press("o")
        await pilot.pause()
        assert [str(m) for m in screen.staging.melds] == ["R11 Y11 B11"]
        await select_tiles(pilot, screen, "K11")
        await pilot.press("o")
        await pilot.pause()
        (meld,) = screen.staging.melds
        assert sorted(map(str, meld.tiles)) == ["B11", "K11", "R11", "Y11"], meld
        said = status_text(screen)
        assert said.startswith("K11 added to the staged"), said
        assert "(44)" in said and "Opening: 44 / 101" in said, said
        # A tile that fits no staged meld is refused as before.
        await select_tiles(pilot, screen, "K5")
        await pilot.press("o")
        await pilot.pause()
        assert "a run or set needs at least three tiles" in status_text(screen)
        await pilot.press("escape", "escape")  # the selection, then the staged tiles
        await pilot.pause()
        assert not screen.staging.melds and screen.rack.slots == before


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_staging_a_pairs_opening_says_the_rack_then_counts_double(
    size: tuple[int, int],
) -> None:
    """A newcomer who followed the hint's pairs opening learned only from the summary that
    the tiles left counted double (rules §10): the staging line says so. At 80x24, where
    the line has two rows, in fewer words: it was cut at "(rules §11 The end of a"."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        rack = "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R5 K9 Y12"
        screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
        await pilot.press("p", "o")
        await pilot.pause()
        assert screen.staging.pairs and len(screen.staging.melds) == 5
        said = status_text(screen)
        assert "5 / 5 pairs" in said, said
        if size == (120, 40):
            assert (
                "once you open with pairs, what your rack holds at the hand's end counts "
                "double (rules §11 The end of a hand)" in said
            ), said
        else:
            assert said.endswith("a pairs opener's tiles left count double (§11)"), said
            assert screen.status_lines(said) == 2


async def test_an_okey_added_to_a_staged_run_is_read_where_nobody_can_swap_it() -> None:
    """o on the okey after R5 R6 R7 was staged read it as R8, the highest reading, though
    an R8 may still come (+101 to this seat if swapped out); both R4 are in sight. (An
    unopened seat below its floor keeps the highest reading, as s does.)"""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator B7: the okey is B8. Both R4 lie on discard piles.
        hand = position(
            ["R5 R6 R7 B8 K1 K3 Y12 B2", "", "", ""],
            phase="p",
            discards=["", "R4", "R4", ""],
            openings="m101/-/-/-",
        )
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "R5 R6 R7")
        await pilot.press("o")
        await select_tiles(pilot, screen, "B8")
        await pilot.press("o")
        await pilot.pause()
        (meld,) = screen.staging.melds
        assert [str(t) for t in meld.stands_for] == ["R4", "R5", "R6", "R7"], meld


async def test_o_stages_a_meld_and_adds_lone_tiles_to_staged_melds_in_one_step() -> None:
    """R9 Y9 B9 selected with K12 (for the staged R12 Y12 B12), or R9 and K12 for two
    staged melds: o said "K12: a run or set needs at least three tiles"."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R12 Y12 B12 R9 Y9 B9 K12 R6 R7 R8 K1 Y3"
        screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
        await pilot.press("s")
        await select_tiles(pilot, screen, "R12 Y12 B12")
        await pilot.press("o")
        await select_tiles(pilot, screen, "R9 Y9 B9 K12")
        await pilot.press("o")
        await pilot.pause()
        staged = staged_tiles(screen)
        assert staged == ["B12 K12 R12 Y12", "B9 R9 Y9"], staged
        said = status_text(screen)
        assert said.startswith("Staged 1 more group (2 in all) · K12 added to the staged melds"), (
            said
        )
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.staging.melds
        # Two lone tiles for two staged melds.
        await select_tiles(pilot, screen, "R6 R7 R8")
        await pilot.press("o")
        await select_tiles(pilot, screen, "R12 Y12 B12")
        await pilot.press("o")
        await select_tiles(pilot, screen, "R9 K12")
        await pilot.press("o")
        await pilot.pause()
        staged = staged_tiles(screen)
        assert staged == ["B12 K12 R12 Y12", "R6 R7 R8 R9"], staged
        assert status_text(screen).startswith("R9 K12 added to the staged melds"), status_text(
            screen
        )


@pytest.mark.parametrize(
    ("rack", "staged", "said"),
    [
        (
            "R8 Y8 B8 K8 R1 R2 R3 Y10 Y11 Y12 K1 B5",
            "R8 Y8 B8 K8",
            "Sorted: 39 points in runs and sets (71 with the staged melds) · an opening needs 101",
        ),
        (
            "R13 Y13 B13 K13 R10 R11 R12 Y10 Y11 Y12 B10 B11 B12 K1",
            "R13 Y13 B13 K13",
            "Sorted: 99 points in runs and sets (151 with the staged melds) · o stages the groups",
        ),
    ],
    ids=["short", "opens"],
)
async def test_s_with_melds_staged_counts_and_judges_the_opening_with_them(
    rack: str, staged: str, said: str
) -> None:
    """s while R8 Y8 B8 K8 (32) was staged said "39 points in runs and sets · an opening
    needs 101", the rack's points alone read as the opening's; with 52 staged it said so of
    a rack whose 99 made 151 with them."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
        await select_tiles(pilot, screen, staged)
        await pilot.press("o", "s")
        await pilot.pause()
        assert status_text(screen) == said, status_text(screen)


async def test_lone_tiles_go_in_whatever_order_places_them_all() -> None:
    """R9 and R8 apart, R5 R6 R7 staged: o took R9 first (its slot came first), found it no
    place, and refused both; and with K8 Y8 B8 staged too, R8 went to the set (more points)
    and R9 was left with nowhere to go."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R5 R6 R7 K8 Y8 B8 R9 R8 K1 Y3"
        screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
        set_rows(screen, "R5 R6 R7 . K8 Y8 B8 . K1 . Y3", ". . R9 . . . R8")
        await select_tiles(pilot, screen, "R5 R6 R7")
        await pilot.press("o")
        await select_tiles(pilot, screen, "K8 Y8 B8")
        await pilot.press("o")
        await select_tiles(pilot, screen, "R9 R8")
        await pilot.press("o")
        await pilot.pause()
        staged = staged_tiles(screen)
        assert staged == ["B8 K8 Y8", "R5 R6 R7 R8 R9"], (staged, status_text(screen))


async def test_a_straight_out_below_the_floor_says_it_needs_no_floor_before_enter() -> None:
    """Every tile but one staged for an opening of 84: the line said "Opening: 84 / 101"
    alone, as if short, and only Enter told that going out needs no floor (rules §8)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R1 R2 R3 Y1 Y2 Y3 K1 K2 K3 R4 R5 R6 Y4 Y5 Y6 K4 K5 K6 R7 Y7 K7 B10"
        screen = await at_position(
            pilot, app, position([rack, "", "", ""], phase="p", indicator="B13")
        )
        await pilot.press("s", "o")
        await pilot.pause()
        said = status_text(screen)
        assert "84 / 101: you go out with it, no floor needed" in said, said
        assert "Enter lays them down" in said, said
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.view(0).opening is not None, status_text(screen)  # below the floor
        await pilot.press("x")  # the last tile: gone straight out
        await pilot.pause()
        assert app.session.match.results, status_text(screen)
        assert app.session.match.results[-1].outcome.finisher == 0


def test_an_opening_below_the_floor_is_no_finish_off_turn_or_without_the_taken_tile() -> None:
    """Staged on another seat's turn, a draw comes before the lay-down (two tiles left, not
    one); with a tile taken from the left, the opening must take it: the line said "you go
    out with it, no floor needed" and Enter was refused."""
    from okey_tui.engine.melds import parse_meld
    from okey_tui.engine.view import PlayerView
    from okey_tui.ui.staging import Staging

    sets = ["R1Y1K1", "R2Y2K2", "R3Y3K3", "R4Y4K4", "R5Y5K5", "R6Y6K6", "R7Y7K7"]
    rack = "R1 R2 R3 Y1 Y2 Y3 K1 K2 K3 R4 R5 R6 Y4 Y5 Y6 K4 K5 K6 R7 Y7 K7"

    def staged(view: PlayerView) -> Staging:
        return Staging([parse_meld(text, view.okey) for text in sets])

    mine = PlayerView.of(position([rack + " B10", "", "", ""], phase="p", indicator="B13"), 0)
    assert staged(mine).finishes(mine) and staged(mine).reached(mine)
    # On the right seat's turn: 20 of 21 tiles staged, one left, but a draw comes first.
    off_turn = "R1 Y1 K1 B1 R2 Y2 K2 B2 R3 Y3 K3 R4 Y4 K4 R5 Y5 K5 R6 Y6 K6 B10"
    theirs = PlayerView.of(
        position([off_turn, "", "", ""], turn=1, phase="p", indicator="K12", rest="rack1"), 0
    )
    four = ["R1Y1K1B1", "R2Y2K2B2", *sets[2:6]]
    early = Staging([parse_meld(text, theirs.okey) for text in four])
    assert len(theirs.rack) - len(early.tiles()) == 1
    assert not early.finishes(theirs) and not early.reached(theirs)
    hand = position([rack, "", "", ""], phase="d", indicator="B13", discards=["", "", "", "B10"])
    from okey_tui.engine.actions import TakeDiscard

    hand.apply(TakeDiscard())
    took = PlayerView.of(hand, 0)
    assert took.taken is not None
    assert not staged(took).finishes(took) and not staged(took).reached(took)


async def test_pairs_staged_are_called_pairs_and_o_is_named_for_them() -> None:
    """Five pairs staged for an opening said "Staged 5 groups" ("5 per" in Turkish, a word
    for runs and sets), and after an opening with pairs the key bar named o "Meld". The
    line says pairs, and o is "Pair" once the seat has opened with pairs."""
    from rendered import screen_text

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R3 R3 Y7 Y7 B9 B9 K10 K10 R12 R12 K1 Y4"
        screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
        await pilot.press("p", "o")
        await pilot.pause()
        said = status_text(screen)
        assert said.startswith("Staged 5 pairs. Opening: 5 / 5 pairs"), said
        opened = position(
            ["R3 R3 Y7 Y7 K1 Y4", "", "", ""],
            phase="p",
            table=("0:R5R5", "0:Y8Y8", "0:B9B9", "0:K10K10", "0:R12R12"),
            openings="p5/-/-/-",
        )
        screen = await at_position(pilot, app, opened)
        for _ in range(20):
            if "o Pair" in screen_text(app):
                break
            await pilot.pause(0.01)
        bar = screen_text(app).splitlines()[-1]
        assert "o Pair" in bar and "o Meld" not in bar, bar
        await pilot.press("p", "o")
        await pilot.pause()
        said = status_text(screen)
        assert said.startswith("Staged 2 pairs. Lay down: 2 pairs"), said
