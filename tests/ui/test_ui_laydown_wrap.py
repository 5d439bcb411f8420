"""The lay-down box breaks its lines between staged melds, never inside one.

At 80x24, melds staged while the log was shown (the box hidden in its place, its width
none) came back as "R9 R10 R11  Y9 Y10 Y11" with "Y12" alone on the next line: the lines
were made for no width, and the box's own wrapping broke the run. Now they are broken
again between melds at the width the box is drawn at. A meld longer than the box's line
(the hints open beside it, or a long run at a small size) has lines of its own: it breaks
between its tiles and the lines after its first are indented by two cells, so that no part
of it reads as a meld of its own."""

from __future__ import annotations

import pytest
from rendered import screen_text
from ui_helpers import OPENING_SEED, at_position, table_app

from okey_tui.engine.melds import parse_meld
from okey_tui.engine.tiles import Tile, okey_for
from okey_tui.ui.tiles import meld_chips
from okey_tui.ui.widgets.board import LayDownArea, melds_text

RACK = "R9 R10 R11 Y9 Y10 Y11 Y12 B1 K5 K2 R1 B13"
STAGED = ["R9 R10 R11", "Y9 Y10 Y11 Y12"]


def box_lines(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The lines inside the lay-down box's frame, as shown."""
    box = app.screen.query_one(LayDownArea)
    region = box.content_region
    rows = screen_text(app).split("\n")[region.y : region.bottom]
    return [row[region.x : region.right].rstrip() for row in rows]


async def staged(size: tuple[int, int], with_log: bool) -> list[str]:
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        hand = position([RACK, "", "", ""], openings="m101/-/-/-", table=("0:K9K10K11",))
        screen = await at_position(pilot, app, hand)
        await pilot.press("s")
        if with_log:
            await pilot.press("l")
        await pilot.press("o")
        if with_log:
            await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        assert len(screen.staging.melds) == len(STAGED), screen.staging.melds
        # The box takes its height after a refresh or two more on a loaded machine (the
        # suite beside other work drew it two lines high once): waited for, a few frames.
        for _ in range(20):
            if all(any(meld in line for line in box_lines(app)) for meld in STAGED):
                break
            await pilot.pause(0.02)
        return box_lines(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("with_log", [False, True], ids=["plain", "staged-with-the-log-shown"])
async def test_each_staged_meld_shows_whole_on_one_line(
    size: tuple[int, int], with_log: bool
) -> None:
    lines = await staged(size, with_log)
    for meld in STAGED:
        assert any(meld in line for line in lines), (meld, lines)
    # No line begins with a tile of a meld begun on the line before.
    shown = [line.strip() for line in lines]
    assert "Y12" not in shown and not any(line.startswith("Y12") for line in shown), lines


@pytest.mark.parametrize("width", [8, 12, 20, 24, 30])
def test_a_meld_longer_than_the_line_has_lines_of_its_own_indented(width: int) -> None:
    okey = okey_for(Tile.parse("K3"))
    melds = ["B1 B2 B3", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", "Y5 B5 K5"]
    chips = [meld_chips(parse_meld(m.replace(" ", ""), okey), okey) for m in melds]
    lines = melds_text(chips, width).plain.split("\n")
    assert all(len(line) <= width for line in lines), lines
    long = melds[1]
    starts = [i for i, line in enumerate(lines) if line.startswith("R1 ")]
    assert len(starts) == 1, lines
    first = starts[0]
    rest = []
    for line in lines[first + 1 :]:
        if not line.startswith("  "):
            break
        rest.append(line.strip())
    # Its tiles in order on its own lines, the lines after the first indented; nothing else.
    assert " ".join([lines[first], *rest]) == long, lines
    assert any(line == "B1 B2 B3" or line.startswith("B1 B2 B3") for line in lines), lines
    assert lines[-1].strip() == "Y5 B5 K5", lines
