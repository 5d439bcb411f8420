"""Make the pictures in screenshots/: SVG from Textual, PNG when cairosvg is installed.

    python scripts/screenshots.py [OUTDIR [NAME ...]]

NAME picks some of the pictures (``table-tr``); without, all are made.

Fixed seeds and sizes, so the pictures change only when the UI does. The
settings file goes to a temporary dir: your own choices are not touched.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

os.environ.setdefault("OKEY101_CONFIG_DIR", tempfile.mkdtemp(prefix="okey101-shots-"))

from okey_tui import i18n  # noqa: E402
from okey_tui.bots.driver import safe_action as fallback_action  # noqa: E402
from okey_tui.engine import solver  # noqa: E402
from okey_tui.engine.actions import Discard  # noqa: E402
from okey_tui.settings import TableSettings  # noqa: E402
from okey_tui.ui.app import OkeyApp, make_app  # noqa: E402

SIZE = (120, 40)
Driver = Callable[[OkeyApp, object], Awaitable[None]]


def table(seed: int) -> OkeyApp:
    settings = TableSettings(bots=("normal", "normal", "normal"), name="You")
    return make_app(settings=settings, ask=False, seed=seed, bot_delay=0, remember=False)


async def stage(pilot: object, screen: object, melds: object) -> None:
    """Select each meld's tiles on the rack and stage it with o."""
    for meld in melds:  # type: ignore[attr-defined]
        for tile in meld.tiles:
            slots = screen.rack.slots  # type: ignore[attr-defined]
            index = next(
                i
                for i, t in enumerate(slots)
                if t == tile and i not in screen.selected  # type: ignore[attr-defined]
            )
            await goto(pilot, screen, index)
            await pilot.press("space")  # type: ignore[attr-defined]
        await pilot.press("o")  # type: ignore[attr-defined]


async def settle(app: OkeyApp, pilot: object) -> None:
    session = app.session
    assert session is not None
    for _ in range(2000):
        if session.hand.is_over or session.human_to_play:
            break
        await pilot.pause(0.01)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def goto(pilot: object, screen: object, index: int) -> None:
    """The cursor to the tile in slot ``index`` as a player moves it: ↑ ↓ to its row, then
    ← → from tile to tile (they pass the empty slots)."""
    rack = screen.rack  # type: ignore[attr-defined]
    row, target = rack.row_of(screen.cursor), rack.row_of(index)  # type: ignore[attr-defined]
    if row != target:
        await pilot.press(*(["down" if target > row else "up"] * abs(target - row)))  # type: ignore[attr-defined]
    key = "right" if rack.place(index)[1] >= rack.place(screen.cursor)[1] else "left"  # type: ignore[attr-defined]
    for _ in range(rack.cols):
        if screen.cursor == index:  # type: ignore[attr-defined]
            break
        await pilot.press(key)  # type: ignore[attr-defined]


async def nothing(app: OkeyApp, pilot: object) -> None:
    await pilot.pause()  # type: ignore[attr-defined]


def last_free_discard(screen: object) -> int:
    """The rightmost tile whose discard costs no penalty (a penalty would ask first)."""
    view = screen.view  # type: ignore[attr-defined]
    slots = screen.rack.slots  # type: ignore[attr-defined]
    filled = [i for i, t in enumerate(slots) if t is not None]
    free = [i for i in filled if view.penalty_for(Discard(slots[i])) is None]
    return (free or filled)[-1]


async def mid_hand(app: OkeyApp, pilot: object) -> None:
    """Seed 125: open with 105, discard, let the bots play a round, draw."""
    screen = app.screen
    hand = app.session.hand  # type: ignore[union-attr]
    best = solver.best_melds(hand.racks[0], hand.okey)
    await pilot.press("s")  # type: ignore[attr-defined]
    await stage(pilot, screen, best.melds)
    await pilot.press("enter")  # type: ignore[attr-defined]
    await goto(pilot, screen, last_free_discard(screen))
    await pilot.press("x")  # type: ignore[attr-defined]
    for _ in range(2):
        await settle(app, pilot)
        await pilot.press("d")  # type: ignore[attr-defined]
        await goto(pilot, screen, last_free_discard(screen))
        await pilot.press("x")  # type: ignore[attr-defined]
    await settle(app, pilot)
    await pilot.press("d")  # type: ignore[attr-defined]


async def lay_down(app: OkeyApp, pilot: object) -> None:
    screen = app.screen
    hand = app.session.hand  # type: ignore[union-attr]
    best = solver.best_melds(hand.racks[0], hand.okey)
    await pilot.press("s")  # type: ignore[attr-defined]
    await stage(pilot, screen, best.melds[:3])


async def sorted_rack(app: OkeyApp, pilot: object) -> None:
    await pilot.press("s")  # type: ignore[attr-defined]


async def summary(app: OkeyApp, pilot: object) -> None:
    session = app.session
    assert session is not None
    for _ in range(60):
        await settle(app, pilot)
        if session.hand.is_over:
            break
        table = app.screen.table  # type: ignore[attr-defined]
        await table.act(fallback_action(table.view()))
        if session.human_to_play:
            await table.act(fallback_action(table.view()))
    await pilot.pause(0.2)  # type: ignore[attr-defined]


async def help_screen(app: OkeyApp, pilot: object) -> None:
    await pilot.press("question_mark")  # type: ignore[attr-defined]
    await pilot.pause(0.2)  # type: ignore[attr-defined]


def practice_table(seed: int) -> OkeyApp:
    settings = TableSettings(bots=("normal", "normal", "normal"), practice=True, tips=False)
    return make_app(settings=settings, ask=False, seed=seed, bot_delay=0, remember=False)


def hotseat_table(seed: int) -> OkeyApp:
    settings = TableSettings(
        bots=("normal", "normal", "normal"), name="Ayşe", humans=2, human_names=("Mehmet",)
    )
    return make_app(settings=settings, ask=False, seed=seed, bot_delay=0, remember=False)


async def hints(app: OkeyApp, pilot: object) -> None:
    """Seed 3 at a practice table: the bots play, then h shows the hint panel."""
    await settle(app, pilot)
    await pilot.press("h")  # type: ignore[attr-defined]
    await pilot.pause(0.2)  # type: ignore[attr-defined]


async def privacy(app: OkeyApp, pilot: object) -> None:
    """Seed 125, Ayşe and Mehmet across: Ayşe throws, the terminal passes to Mehmet."""
    from okey_tui.ui.screens.privacy import PrivacyScreen
    from okey_tui.ui.screens.table import TableScreen

    for kind in (PrivacyScreen, TableScreen):
        for _ in range(500):
            if isinstance(app.screen, kind):
                break
            await pilot.pause(0.01)  # type: ignore[attr-defined]
        if kind is PrivacyScreen:
            await pilot.press("enter")  # type: ignore[attr-defined]
    screen = app.screen
    await goto(pilot, screen, last_free_discard(screen))
    await pilot.press("x")  # type: ignore[attr-defined]
    for _ in range(500):
        if isinstance(app.screen, PrivacyScreen):
            break
        await pilot.pause(0.01)  # type: ignore[attr-defined]
    await pilot.pause(0.2)  # type: ignore[attr-defined]


SHOTS: list[tuple[str, Callable[[], OkeyApp], Driver, tuple[int, int]]] = [
    (
        "new-table",
        lambda: make_app(settings=TableSettings(), ask=True, seed=1, remember=False),
        nothing,
        (100, 30),
    ),
    ("table", lambda: table(125), mid_hand, SIZE),
    ("rack-groups", lambda: table(125), sorted_rack, SIZE),
    ("lay-down", lambda: table(125), lay_down, SIZE),
    ("hand-summary", lambda: table(7), summary, SIZE),
    ("help", lambda: table(125), help_screen, SIZE),
    ("compact-80x24", lambda: table(125), sorted_rack, (80, 24)),
    ("table-80x24", lambda: table(125), mid_hand, (80, 24)),
    # A big terminal: the rack's tiles are drawn larger (5 cells by 3 lines).
    ("rack-groups-200x60", lambda: table(125), sorted_rack, (200, 60)),
    # Seed 2: Zeynep finishes; Ayşe paid 101 when her okey was swapped off the table.
    ("hand-summary-penalty-80x24", lambda: table(2), summary, (80, 24)),
    ("practice-hints", lambda: practice_table(3), hints, SIZE),
    ("hot-seat-privacy", lambda: hotseat_table(125), privacy, SIZE),
    # The same table in Turkish, beside the English one in the README.
    ("table-tr", lambda: table(125), mid_hand, SIZE),
    ("table-tr-80x24", lambda: table(125), mid_hand, (80, 24)),
]
# The pictures in Turkish; the others are in English.
TURKISH = {"table-tr", "table-tr-80x24"}


async def shoot(outdir: Path, only: set[str] | None = None) -> list[Path]:
    from okey_tui.ui.screens import privacy

    # The pass screen takes no Enter for a moment (a key meant for the last turn); the
    # script's keys come at machine speed, as the tests' do.
    privacy.PASS_GUARD = 0.0
    made = []
    for name, build, drive, size in SHOTS:
        if only and name not in only:
            continue
        i18n.set_language("tr" if name in TURKISH else "en")
        app = build()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await drive(app, pilot)
            await pilot.pause()
            path = app.save_screenshot(f"{name}.svg", str(outdir))
        made.append(Path(path))
    return made


# Textual's SVG asks for Fira Code from the web; offline, the converter falls back to a
# proportional font and bold words spill over the next ones ("Mehmetdiscarded"). Draw
# with a monospace font that is installed, so every cell is where the terminal puts it.
PNG_FONT = "DejaVu Sans Mono"


def for_png(svg_text: str) -> str:
    """The SVG with its fonts pointed at an installed monospace font."""
    return (
        svg_text.replace('font-family: "Fira Code";', f'font-family: "{PNG_FONT}";')
        .replace("font-family: Fira Code, monospace;", f'font-family: "{PNG_FONT}", monospace;')
        .replace("font-family: arial;", f'font-family: "{PNG_FONT}";')
    )


def to_png(svg: Path) -> Path | None:
    try:
        import cairosvg  # type: ignore[import-untyped]
    except ImportError:
        return None
    png = svg.with_suffix(".png")
    source = for_png(svg.read_text(encoding="utf-8")).encode("utf-8")
    cairosvg.svg2png(bytestring=source, write_to=str(png), output_width=1600)
    return png


def main() -> None:
    outdir = (
        Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "screenshots"
    )
    outdir.mkdir(parents=True, exist_ok=True)
    for svg in asyncio.run(shoot(outdir, set(sys.argv[2:]))):
        png = to_png(svg)
        print(svg, png or "(no PNG: pip install cairosvg)")


if __name__ == "__main__":
    main()
