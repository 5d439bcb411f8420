"""A take-back (b) after a resume puts the laid tiles back in the slots they left.

The rack's memory of where the tiles laid this turn left from was not kept with the match:
melds laid, the match left (q y) and resumed, b brought the tiles back as new ones spread
over a row, while the line said they were back in their slots. The memory is now kept with
the rack order, for the turn it was kept in only; a save without it, or with one that does
not fit the table, resumes as before, with no memory.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from ui_helpers import OPENING_SEED, at_the_table, goto

from okey_tui import storage
from okey_tui.engine.tiles import Tile
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.table import TableScreen

PRACTICE = TableSettings(bots=("easy",) * 3, hands=3, practice=True, tips=False)
PLAIN = PRACTICE.with_changes(practice=False)
HOTSEAT = PRACTICE.with_changes(humans=2, human_names=("Mehmet",), name="Ayşe")


async def arranged_by_hand(pilot, screen: TableScreen) -> list[Tile | None]:  # type: ignore[no-untyped-def]
    """The rack sorted into groups, then the last tile of the lower row moved a slot left
    and the first tile of the upper row moved to the row's end: an arrangement of the
    player's own, which no sort or new-tile placement would give."""
    rack = screen.rack
    await pilot.press("s")
    last = max(i for i, t in enumerate(rack.slots) if t is not None)
    await goto(pilot, screen, last)
    await pilot.press("space", "shift+left", "escape")
    await goto(pilot, screen, min(i for i, t in enumerate(rack.slots) if t is not None))
    await pilot.press("space", "end", "escape")
    await pilot.pause()
    return list(rack.slots)


async def opened_and_left(settings: TableSettings, size: tuple[int, int]) -> list[Tile | None]:
    """Arrange the rack, lay the opening (o Enter), quit keeping the match (q y): the rack
    as it was before the opening."""
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await at_the_table(pilot, app)
        seat = app.session.viewer
        arranged = await arranged_by_hand(pilot, screen)
        await pilot.press("o", "enter")
        await pilot.pause()
        assert app.session.hand.openings[seat] is not None
        assert screen.rack.count() < sum(1 for t in arranged if t is not None)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    return arranged


async def taken_back_after_resume(
    settings: TableSettings, size: tuple[int, int]
) -> tuple[list[Tile | None], str, int]:
    """Resume the save and press b: the rack's slots, the status line, and how many
    tiles the rack remembered as gone before b."""
    again = make_app(settings=settings, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=size) as pilot:
        screen = await at_the_table(pilot, again)
        remembered = len(screen.rack.left)
        await pilot.press("b")
        if isinstance(again.screen, ConfirmScreen):  # a practice table asks first
            await pilot.press("y")
        await pilot.pause()
        assert again.session.hand.openings[again.session.viewer] is None, "taken back"
        status = str(screen.query_one("#status").render())
        return list(screen.rack.slots), status, remembered


@pytest.mark.parametrize(
    ("settings", "size"),
    [(PRACTICE, (80, 24)), (PLAIN, (120, 40)), (HOTSEAT, (80, 24))],
    ids=["practice 80x24", "plain 120x40", "hot-seat"],
)
async def test_a_take_back_after_a_resume_puts_every_tile_in_the_slot_it_left(
    settings: TableSettings, size: tuple[int, int]
) -> None:
    arranged = await opened_and_left(settings, size)
    slots, _status, remembered = await taken_back_after_resume(settings, size)
    assert remembered > 0
    assert slots == arranged


# The practice table at 80x24 opened and left, once a process: its arrangement and the
# files it left in the data dir (each damaged-save case below starts from a copy).
_LEFT: dict[str, object] = {}


async def opened_and_left_once() -> list[Tile | None]:
    """As ``opened_and_left(PRACTICE, (80, 24))``, played once a process: later calls copy
    the files it left into this test's own data dir."""
    data = Path(os.environ["OKEY101_DATA_DIR"])
    if not _LEFT:
        _LEFT["arranged"] = await opened_and_left(PRACTICE, (80, 24))
        _LEFT["files"] = {
            f.relative_to(data): f.read_bytes() for f in data.rglob("*") if f.is_file()
        }
    else:
        files = _LEFT["files"]
        assert isinstance(files, dict)
        for relative, content in files.items():
            (data / relative).parent.mkdir(parents=True, exist_ok=True)
            (data / relative).write_bytes(content)
    arranged = _LEFT["arranged"]
    assert isinstance(arranged, list)
    return arranged


def edit_save(change) -> None:  # type: ignore[no-untyped-def]
    """Change the extra of the one save on disk (as a hand-edited or damaged file would)."""
    entry = storage.list_saves().entries[0]
    extra = dict(entry.saved.extra)
    change(extra)
    storage.save(entry.saved.match, extra, entry.path)


def shifted_turn(extra: dict[str, object]) -> None:
    """The memory said to be of a turn before this one (one discard fewer)."""
    departures = extra["departures"]
    assert isinstance(departures, dict)
    memory = departures["0"]
    assert isinstance(memory, dict) and isinstance(memory["turn"], int)
    departures["0"] = {**memory, "turn": memory["turn"] + 1}


def not_on_the_table(extra: dict[str, object]) -> None:
    """One remembered tile swapped for one the table does not show off the racks."""
    departures = extra["departures"]
    assert isinstance(departures, dict)
    memory = departures["0"]
    assert isinstance(memory, dict) and isinstance(memory["left"], list)
    laid = {Tile.parse(t) for _, t in memory["left"]}
    stranger = next(
        t for c in "RYBK" for n in range(1, 14) if (t := Tile.parse(f"{c}{n}")) not in laid
    )
    memory["left"][0] = [memory["left"][0][0], str(stranger)]


def off_the_rack(extra: dict[str, object]) -> None:
    departures = extra["departures"]
    assert isinstance(departures, dict) and isinstance(departures["0"], dict)
    departures["0"]["left"][0][0] = 79


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda extra: extra.pop("departures"), id="a save from before"),
        pytest.param(lambda extra: extra.update(departures="junk"), id="not a mapping"),
        pytest.param(lambda extra: extra.update(departures={"0": [1, 2]}), id="not a memory"),
        pytest.param(
            lambda extra: extra.update(departures={"0": {"hand": 0, "turn": 0, "left": [[3]]}}),
            id="a broken slot",
        ),
        pytest.param(
            lambda extra: extra["departures"]["0"]["left"].append([2, "X99"]), id="not a tile"
        ),
        pytest.param(shifted_turn, id="another turn"),
        pytest.param(not_on_the_table, id="a tile the table does not show"),
        pytest.param(off_the_rack, id="a slot off the rack"),
    ],
)
async def test_a_save_without_a_memory_that_fits_resumes_with_none(change) -> None:  # type: ignore[no-untyped-def]
    """Nothing is made up: the rack resumes in its saved order with no memory, and b still
    takes the melds back (in as new tiles, the only places known)."""
    arranged = await opened_and_left_once()
    saved = storage.list_saves().entries[0].saved.extra
    assert json.dumps(saved["departures"]["0"]["left"])  # the memory is kept with the save
    edit_save(change)
    slots, _status, remembered = await taken_back_after_resume(PRACTICE, (80, 24))
    assert remembered == 0
    assert sorted(map(str, filter(None, slots))) == sorted(map(str, filter(None, arranged)))
    assert slots != arranged  # without the memory the tiles come in where new tiles go


async def test_the_memory_is_kept_for_the_turn_only() -> None:
    """After the take-back and a discard, the saved memory is empty: a new turn starts with
    none, as it does without a resume."""
    await opened_and_left_once()
    again = make_app(settings=PRACTICE, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot, again)
        assert screen.rack.left
        events = len(again.session.events)
        await pilot.press("x")  # discard the tile under the cursor: the turn ends
        await pilot.pause()
        if isinstance(again.screen, ConfirmScreen):
            await pilot.press("y")
            await pilot.pause()
        ended = again.session.events[events:]
        assert any(e.kind == "discard" and e.seat == 0 for e in ended), ended
        kept = again.session.departures.get(0)
        assert kept is not None and kept.left == () and kept.back == ()
