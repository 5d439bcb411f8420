"""Hot-seat tables: the log names every person, never "You" (several people read it).

At the hand's end the shared log read "You drew from the middle: R1", "You" being the
bottom seat, the person who played last."""

from __future__ import annotations

import re

from test_ui_hotseat import hotseat_app, play_to_summary, to_mehmets_turn
from textual.widgets import RichLog
from ui_helpers import late_app

from okey_tui.ui.screens.table import TableScreen

PEOPLE: dict[str, object] = {"humans": 2, "human_names": ("Mehmet",), "name": "Ayşe"}


def log_text(app) -> str:  # type: ignore[no-untyped-def]
    """The table's log, its wrapped lines joined."""
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    lines = table.query_one("#log", RichLog).lines
    return " ".join(" ".join(line.text for line in lines).split())


async def test_during_the_hand_the_log_names_the_person_at_the_terminal() -> None:
    """Mehmet draws: his line names him ("Mehmet drew from the middle: R5", the tile his
    alone, as the log is written again for each person), and Ayşe's throw names her."""
    app = hotseat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await to_mehmets_turn(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        drawn = app.screen.rack.slots[app.screen.cursor]
        assert drawn is not None
        log = log_text(app)
        assert f"Mehmet drew from the middle: {drawn}" in log, log
        assert "Ayşe discarded" in log, log
        assert not re.search(r"\byou\b", log, re.IGNORECASE), log


async def test_at_the_hands_end_the_shared_log_names_every_person() -> None:
    app = late_app(7, **PEOPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_summary(pilot, app)
        session = app.session
        last = session.seat_name(session.viewer)
        log = log_text(app)
        assert f"{last} drew from the middle" in log or f"{last} took" in log, log
        # Nor "the middle ran out as you were to draw": by name, as the summary says it.
        assert not re.search(r"\byou\b", log, re.IGNORECASE), log
