"""A player who has not opened tries to touch the table: the refusal says so first (before
the draw it said "draw a tile first", and after the draw that only an opener may), and
the way there, at this table's floors."""

from __future__ import annotations

from ui_helpers import at_position, goto, slot_of, status_text, table_app

from okey_tui.engine.tiles import Tile
from tests.positions import position


def said(screen) -> str:  # type: ignore[no-untyped-def]
    return " ".join(status_text(screen).split())


async def test_an_add_before_opening_says_how_to_open_at_this_table() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K5 R4 R6 K1 B6", "", "", ""], phase="d", table=("3:K6K7K8",))
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("K5")))
        await pilot.press("a")
        await pilot.pause()
        text = said(screen)
        assert text.startswith("Only a player who has opened may add tiles to the table"), text
        floor = screen.view.melds_floor
        # A pairs opener may not add here: pairs are no way to it.
        assert f"open first: {floor} points in runs and sets" in text, text
        assert "pairs" not in text.split("·")[-1], text


async def test_where_a_pairs_opener_may_add_the_pairs_are_named_too() -> None:
    app = table_app(pairs_opener_lays_off=True)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K5 R4 R6 K1 B6", "", "", ""], phase="d", table=("3:K6K7K8",), rules="classic/11+l"
        )
        screen = await at_position(pilot, app, hand)
        assert screen.view.rules.pairs_opener_lays_off
        await goto(pilot, screen, slot_of(screen, Tile.parse("K5")))
        await pilot.press("a")
        await pilot.pause()
        view = screen.view
        want = (
            f"open first: {view.melds_floor} points in runs and sets, or {view.pairs_floor} pairs"
        )
        assert want in said(screen), said(screen)


async def test_a_swap_before_the_draw_says_not_opened_first() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K5 R4 R6 K1 B6", "", "", ""], phase="d", table=("3:R3*R4R5",))
        screen = await at_position(pilot, app, hand)
        await pilot.press("w")
        await pilot.pause()
        text = said(screen)
        assert text.startswith("Only a player who has opened may take okeys"), text
        assert "draw a tile first" not in text, text
