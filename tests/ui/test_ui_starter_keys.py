"""The starter's first turn (22 tiles, discard first, no draw): the key bar offers no key
to draw, take or give back, which the table would refuse all turn ("the starter's first
turn has no draw"); from the next turn on they are back."""

from __future__ import annotations

import pytest
from ui_helpers import OPENING_SEED, table_app, wait_for_human

from okey_tui.engine.state import Phase
from okey_tui.ui.widgets.keybar import KeyBar

STARTER_SEED = OPENING_SEED  # the person is the starter
DRAW_KEYS = {"d", "t", "g"}


def bar_keys(screen) -> set[str]:  # type: ignore[no-untyped-def]
    return {key for key, _label in screen.query_one(KeyBar).items()}


def bar_text(screen) -> str:  # type: ignore[no-untyped-def]
    return str(screen.query_one(KeyBar).render())


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_starter_s_first_turn_offers_no_draw_keys(
    language: str, size: tuple[int, int]
) -> None:
    app = table_app(STARTER_SEED)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        await pilot.pause()
        screen = app.screen
        hand = app.session.hand
        assert hand.turn == 0 and hand.phase is Phase.PLAY and len(hand.racks[0]) == 22
        assert hand.is_first_turn()
        keys = bar_keys(screen)
        assert not keys & DRAW_KEYS, keys
        assert {"x", "o", "s"} <= keys, keys
        words = bar_text(screen)
        labels = ("d Draw", "t Take", "g Give") if language == "en" else ("d Çek", "t Al", "g Geri")
        for label in labels:
            assert label not in words, words
        # d still says why, as before.
        await pilot.press("d")
        status = str(screen.query_one("#status").render())
        first = "first turn has no draw" if language == "en" else "ilk turunda taş çekmez"
        assert first in status, status
        assert len(hand.racks[0]) == 22
        # The next turn begins with a draw: d and t are in the bar again.
        await pilot.press("x")
        await wait_for_human(pilot, app)
        assert hand.turn == 0 and hand.phase is Phase.DRAW
        await pilot.pause()
        assert {"d", "t"} <= bar_keys(screen)


async def test_after_a_draw_the_draw_keys_stay_in_the_bar_greyed() -> None:
    """Not the starter's first turn: after a draw d is greyed (the bar keeps its place),
    not left out."""
    app = table_app(STARTER_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        await pilot.press("x")
        await wait_for_human(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        hand = app.session.hand
        assert hand.phase is Phase.PLAY and not hand.is_first_turn()
        entries = {key: on for key, _label, on in screen.query_one(KeyBar).entries()}
        assert entries.get("d") is False and entries.get("t") is False, entries


async def test_at_a_network_table_the_starter_s_first_turn_offers_no_draw_keys() -> None:
    """The host sits at seat 0 and starts (seed 5): the table at the other end of the line
    says the turn has no draw, and the bar leaves d, t and g out there too."""
    from okey_tui.engine.match import first_starter
    from okey_tui.engine.rules import RuleSet
    from okey_tui.net.server import TableServer
    from okey_tui.ui.remote import RemoteApp, Seat
    from okey_tui.ui.screens.table import TableScreen
    from tests.net.net_helpers import shows, until

    seed = 5
    assert first_starter(seed) == 0
    server = TableServer(RuleSet(hands=1), seed, ("easy",) * 4, host="127.0.0.1", port=0)
    app = RemoteApp(Seat("", name="Host", join_line="Join code {port}"), server=server)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        await pilot.press("enter")
        await until(pilot, lambda: shows(app, TableScreen), "the table screen")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await until(pilot, lambda: screen.rack.count() == 22, "the starter's rack")
        assert screen.view.phase is Phase.PLAY
        await until(pilot, lambda: not bar_keys(screen) & DRAW_KEYS, "d, t and g left out")
        assert {"x", "o"} <= bar_keys(screen)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_bar_keeps_the_room_of_the_draw_keys_so_the_rack_stays(
    size: tuple[int, int],
) -> None:
    """Left out on the first turn, d, t and g come back on the next: the bar keeps the
    lines it takes with them, so the rack does not move a row when they do."""
    app = table_app(STARTER_SEED)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        await pilot.pause()
        screen = app.screen
        bar = screen.query_one(KeyBar)
        assert not bar_keys(screen) & DRAW_KEYS
        rack = screen.query_one("#rack").region
        lines = bar.size.height
        await pilot.press("x")
        await wait_for_human(pilot, app)
        await pilot.pause()
        assert {"d", "t"} <= bar_keys(screen)
        assert bar.size.height == lines
        assert screen.query_one("#rack").region == rack
