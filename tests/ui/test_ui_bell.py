"""The terminal's bell rings as the player's turn comes after a long wait for the others (a
friend's slow turns at a network table, while the player looked at another window), as
the new-table screen's "Bell on your turn" asks; never after a short wait, never when it
is off, never at a table several people share (they are all there)."""

from __future__ import annotations

import pytest
from ui_helpers import at_the_table, table_app

from okey_tui.bots.driver import safe_action
from okey_tui.settings import TableSettings, load_settings
from okey_tui.ui.screens import table as table_screen


async def turns_rung(monkeypatch: pytest.MonkeyPatch, wait: float, **changes: object) -> int:
    """How many times the bell rang as the people's turns came, twice each after the bots'
    turns (the first turn, the deal's, comes after no wait), with the bell due after
    ``wait`` seconds."""
    monkeypatch.setattr(table_screen, "BELL_AFTER", wait)
    app = table_app(**changes)
    rung: list[None] = []
    monkeypatch.setattr(app, "bell", lambda: rung.append(None))
    async with app.run_test(size=(120, 40)) as pilot:
        for turn in range(3):
            screen = await at_the_table(pilot, app)
            assert not app.session.hand.is_over
            if turn == 2:
                break
            while app.session.human_to_play:
                await screen.act(safe_action(screen.view))
    return len(rung)


async def test_a_turn_after_a_long_wait_rings_the_bell_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert await turns_rung(monkeypatch, 0.0) == 2


async def test_no_bell_after_a_short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    assert await turns_rung(monkeypatch, 60.0) == 0


async def test_no_bell_when_the_player_turned_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert await turns_rung(monkeypatch, 0.0, bell=False) == 0


async def test_no_bell_at_a_table_two_people_share(monkeypatch: pytest.MonkeyPatch) -> None:
    assert await turns_rung(monkeypatch, 0.0, humans=2, human_names=("Ayşe",)) == 0


def test_the_bell_is_on_by_default_and_remembered_off() -> None:
    from okey_tui.settings import save_settings

    assert TableSettings().bell
    save_settings(TableSettings(bell=False))
    assert load_settings().bell is False
    assert load_settings().own_choices().bell is False  # at a friend's table too


async def test_b_turns_the_bell_off_and_on_and_the_choice_is_remembered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B at the table (keys only, like c): off, then no bell after a long wait; on again.
    Real play keeps the choice for the next table."""
    from ui_helpers import status_text

    from okey_tui.ui.app import make_app

    monkeypatch.setattr(table_screen, "BELL_AFTER", 0.0)
    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=125, bot_delay=0, remember=True)
    rung: list[None] = []
    monkeypatch.setattr(app, "bell", lambda: rung.append(None))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_table(pilot, app)
        await pilot.press("B")
        assert status_text(screen) == "Bell off: B turns it on again"
        assert app.settings.bell is False and load_settings().bell is False
        while app.session.human_to_play:
            await screen.act(safe_action(screen.view))
        await at_the_table(pilot, app)
        assert rung == []
        await pilot.press("B")
        assert status_text(screen).startswith("Bell on: it rings as your turn comes after 0 s")
        assert app.settings.bell is True and load_settings().bell is True


async def test_k_okey_marks_are_remembered_for_the_next_table() -> None:
    """k marked the okeys for this table alone: the next start had them off again, where
    c and B are kept."""
    from okey_tui.ui.app import make_app

    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=125, bot_delay=0, remember=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_table(pilot, app)
        assert not screen.practice.mark_okeys
        await pilot.press("k")
        assert screen.practice.mark_okeys and load_settings().mark_okeys is True
    again = make_app(settings=load_settings(), ask=False, seed=125, bot_delay=0, remember=True)
    async with again.run_test(size=(120, 40)) as pilot:
        screen = await at_the_table(pilot, again)
        assert screen.practice.mark_okeys
        await pilot.press("k")
        assert not screen.practice.mark_okeys and load_settings().mark_okeys is False
