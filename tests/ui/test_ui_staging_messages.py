"""Rules §5 and §9: a group that is no meld is refused in the words of what the player may
lay. A melds opener cannot lay pairs, so two tiles are "too few for a run or set" (as one
tile is), never "not a pair"; a pairs opener, or a player who could still open with
pairs, hears about pairs.

Staging Y3 Y5 after a melds opening once said "Y3 Y5 are not a pair: a pair is two
identical tiles (rules §5 Melds)"."""

from __future__ import annotations

import pytest
from rendered import screen_text
from textual import events
from textual.widgets import Static
from ui_helpers import (
    OPENING_SEED,
    at_position,
    goto,
    select_tiles,
    set_rows,
    slot_of,
    status_text,
    table_app,
    wait_for_human,
)

from okey_tui.engine.errors import ErrorCode, MeldError
from okey_tui.engine.melds import MeldKind, best_reading
from okey_tui.engine.tiles import Tile, parse_tiles
from tests.positions import position

OKEY = Tile.parse("B8")
RUN_SET = [MeldKind.RUN, MeldKind.SET]


@pytest.mark.parametrize(
    ("tiles", "kinds", "code"),
    [
        ("Y3 Y5", RUN_SET, ErrorCode.TOO_FEW_TILES),  # a melds opener: no pairs
        ("Y3 Y3", RUN_SET, ErrorCode.TOO_FEW_TILES),  # a pair, but not for a melds opener
        ("Y3", RUN_SET, ErrorCode.TOO_FEW_TILES),
        # May still open with pairs or with runs and sets: either may have been meant.
        ("Y3 Y5", None, ErrorCode.TWO_TILES_NO_MELD),
        ("R5 Y5", None, ErrorCode.TWO_TILES_NO_MELD),
        ("Y3 Y5", [MeldKind.PAIR], ErrorCode.NOT_A_PAIR),  # a pairs opener
        ("R1 R2 R3", [MeldKind.PAIR], ErrorCode.NOT_A_PAIR),  # a run, but only pairs go
    ],
)
def test_the_refusal_speaks_of_the_kinds_the_player_may_lay(
    tiles: str, kinds: list[MeldKind] | None, code: ErrorCode
) -> None:
    with pytest.raises(MeldError) as caught:
        best_reading(parse_tiles(tiles), OKEY, kinds)
    assert caught.value.code is code
    assert caught.value.rule == 5


async def staged_status(pilot, app, tiles: str, openings: str) -> str:  # type: ignore[no-untyped-def]
    """What the status line says when ``tiles`` are selected and ``o`` pressed."""
    rack = "Y3 Y5 K1 K2 K3 R9 R10 R11 B12"
    screen = await at_position(pilot, app, position([rack, "", "", ""], openings=openings))
    await select_tiles(pilot, screen, tiles)
    await pilot.press("o")
    await pilot.pause()
    return str(screen.query_one("#status", Static).render())


async def two_tiles_after_a_melds_opening_are_too_few_not_a_pair(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The refusal names the tiles: "A run or set needs at least three tiles" alone did not
    say which (o on a lone R12)."""
    status = await staged_status(pilot, app, "Y3 Y5", "m101/-/-/-")
    assert "Y3 Y5: a run or set needs at least three tiles" in status, status
    assert "pair" not in status
    # The same words as for one tile.
    one = await staged_status(pilot, app, "Y3", "m101/-/-/-")
    assert "Y3: a run or set needs at least three tiles" in one, one


async def test_a_pair_after_a_melds_opening_hears_the_rule_not_the_count() -> None:
    """R1 R1 staged after a melds opening said "R1 R1: a run or set needs at least three
    tiles": true, but the reason is that a melds opener lays no pairs (rules §9)."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R1 R1 K1 K2 K3 R9 R10 R11 B12"
        hand = position([rack, "", "", ""], openings="m101/-/-/-")
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "R1 R1")
        await pilot.press("o")
        await pilot.pause()
        status = str(screen.query_one("#status", Static).render())
        said = (
            "R1 R1 is a pair, but you opened with runs and sets: pairs are only for pairs openers"
        )
        assert said in status, status
        assert "rules §9" in status, status  # the practice table names the rule
        assert "three tiles" not in status, status
        assert not screen.staging.melds


async def a_pair_with_runs_staged_before_opening_hears_they_never_mix(pilot, app) -> None:  # type: ignore[no-untyped-def]
    rack = "R1 R1 K1 K2 K3 R9 R10 R11 B12"
    screen = await at_position(pilot, app, position([rack, "", "", ""]))
    await select_tiles(pilot, screen, "K1 K2 K3")
    await pilot.press("o")
    await select_tiles(pilot, screen, "R1 R1")
    await pilot.press("o")
    await pilot.pause()
    status = str(screen.query_one("#status", Static).render())
    assert "R1 R1 is a pair, and runs or sets are staged" in status, status
    assert "three tiles" not in status, status
    assert len(screen.staging.melds) == 1


def test_an_opening_of_one_pair_is_said_in_the_singular() -> None:
    """ "Your opening is 1 pairs; this table needs 5": one pair, in every language."""
    from okey_tui import i18n
    from okey_tui.engine.errors import OkeyError
    from okey_tui.engine.state import OpeningKind
    from okey_tui.messages import describe

    def said(value: int) -> str:
        error = OkeyError("", code=ErrorCode.OPENING_BELOW_FLOOR)
        error.params = {"value": value, "floor": 5, "kind": OpeningKind.PAIRS}
        return describe(error)

    assert said(1) == "Your opening is 1 pair; this table needs 5"
    assert said(3) == "Your opening is 3 pairs; this table needs 5"
    i18n.set_language("tr")
    try:
        assert "1 çift" in said(1), said(1)
    finally:
        i18n.set_language("en")


async def two_unlike_tiles_before_opening_make_no_meld_of_either_kind(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Not opened: the player may open with pairs or with runs and sets, and two tiles that
    differ may be a run's first two as well as a wrong pair. "Y3 Y5 are not a pair" told a
    player building a run about pairs only."""
    status = await staged_status(pilot, app, "Y3 Y5", "-/-/-/-")
    assert (
        "Y3 Y5 make no meld: a pair is two identical tiles, a run or set at least three" in status
    ), status


async def two_lone_tiles_from_different_groups_are_one_meld_meant(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """After s, two tiles a player meant as a pair or a run's start stand in groups of
    their own: o staged each as a meld of its own and said "Y3: a run or set needs at
    least three tiles", naming one tile. Lone tiles are read as one meld meant."""
    rack = "Y3 Y5 K1 K2 K3 R9 R10 R11 B12"
    screen = await at_position(pilot, app, position([rack, "", "", ""]))
    row = "Y3 . K1 K2 K3 . Y5 . R9 R10 R11 . B12"
    slots: list = [None] * len(screen.rack.slots)
    for col, name in enumerate(row.split(" ")):
        slots[col] = None if name == "." else Tile.parse(name)
    screen.rack.slots[:] = slots
    screen.render_all()
    await select_tiles(pilot, screen, "Y3 Y5")
    await pilot.press("o")
    await pilot.pause()
    said = str(screen.query_one("#status", Static).render())
    assert said.startswith("Y3 Y5 make no meld"), said
    assert not screen.staging.melds


async def a_pairs_opener_hears_about_pairs(pilot, app) -> None:  # type: ignore[no-untyped-def]
    status = await staged_status(pilot, app, "Y3 Y5", "p5/-/-/-")
    assert "Y3 Y5 are not a pair" in status


async def a_pairs_opener_with_no_pair_on_the_rack_hears_that_only_pairs_go(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """After a pairs opening, o with runs and sets between gaps said "No group on the rack
    is a meld: put runs and sets between gaps", and the lay-down box "lay more melds": a
    pairs opener lays only pairs, and both now say so."""
    rack = "Y3 Y5 K1 K2 K3 R9 R10 R11 B12"
    screen = await at_position(pilot, app, position([rack, "", "", ""], openings="p5/-/-/-"))
    await pilot.press("s", "o")
    await pilot.pause()
    status = str(screen.query_one("#status", Static).render())
    assert "you may lay only pairs" in status, status
    assert "put runs and sets" not in status, status
    shown = screen_text(app)  # the box breaks "lay more pairs" over two lines
    assert "You opened 5 pairs: lay" in shown and "more pairs" in shown, shown
    assert "more melds" not in shown, shown


async def a_pair_laid_after_a_pairs_opening_is_called_a_pair(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """A pairs opener laying one more pair was told "You laid down 1 meld"."""
    rack = "R9 R9 K1 K2 K3 Y5 B12"
    screen = await at_position(pilot, app, position([rack, "", "", ""], openings="p5/-/-/-"))
    for _ in range(2):
        await goto(pilot, screen, slot_of(screen, Tile.parse("R9")))
        await pilot.press("space")
    await pilot.press("o", "enter")
    await pilot.pause()
    status = str(screen.query_one("#status", Static).render())
    assert status.startswith("You laid down 1 pair:"), status
    assert app.session.hand.table[-1].meld.kind.value == "pair"


async def an_okey_standing_for_its_own_value_is_taken_by_the_false_okey(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """With R1 the okey, staged R1★ Y1 K1 said "a player holding R1 and B1 can take this
    okey": both R1 are okeys, and only the false okey plays as R1."""
    hand = position(["R1 Y1 K1 K5 K6 K7 Y9", "", "", ""], indicator="R13")
    screen = await at_position(pilot, app, hand)
    for tile in ("R1", "Y1", "K1"):
        await goto(pilot, screen, slot_of(screen, Tile.parse(tile)))
        await pilot.press("space")
    await pilot.press("o")
    await pilot.pause()
    from okey_tui.ui.widgets.board import LayDownArea

    shown = " ".join(screen.query_one(LayDownArea).text.plain.split())
    assert "a player holding F✦ and B1 takes this okey" in shown, shown


async def an_okey_another_seat_could_swap_out_is_said_before_it_is_laid(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Sorted, staged and laid as the first-hand tip says, R8 ★R9 R10 went down, and a bot
    holding R9 took the okey: +101, with no word before. The lay-down box says it while
    the meld is staged (at a penalty table, while a copy of R9 is unseen)."""
    cases = [  # (the table's rules, the discards, whether the okey is warned of)
        ("classic/11", ("", "", "", ""), True),  # a copy of R9 unseen
        ("classic/11+n", ("", "", "", ""), False),  # no penalties
        ("classic/11", ("R9 R9", "", "", ""), False),  # both copies seen
        # Partners: the partner's swap costs nothing, so "a player" is "an opponent".
        ("classic/11+p", ("", "", "", ""), True),
    ]
    for rules, discards, warned in cases:
        penalties = not rules.endswith("+n")
        partners = rules.endswith("+p")
        who, swap = (
            ("an opponent", "an opponent swaps it out")
            if partners
            else (
                "a player",
                "it is swapped out",
            )
        )
        hand = position(
            ["R8 B8 R10 K1 K2 K3 Y5", "", "", ""],
            openings="m101/-/-/-",
            discards=discards,
            rules=rules,
        )
        screen = await at_position(pilot, app, hand)
        for tile in ("R8", "B8", "R10"):
            await goto(pilot, screen, slot_of(screen, Tile.parse(tile)))
            await pilot.press("space")
        await pilot.press("o")
        await pilot.pause()
        assert screen.staging.melds, (discards, status_text(screen))
        from okey_tui.ui.widgets.board import LayDownArea

        shown = " ".join(screen.query_one(LayDownArea).text.plain.split())
        said = f"★R9: +101 to you if {who} holding R9 takes this okey"
        assert (said in shown) == warned, (penalties, discards, shown)
        # The status line says it too: on a small terminal the box's melds leave no room.
        status = str(screen.query_one("#status", Static).render())
        assert (f"★R9: +101 to you if {swap}" in status) == warned, (
            penalties,
            discards,
            status,
        )


async def test_at_80x24_a_tip_gives_way_to_the_staged_melds() -> None:
    """At 80x24 with a first-hand tip shown, the lay-down box left lines out (a fourth
    staged meld, the okey's warning): the player had to press PgDn, or n to put the tip
    away, to see what Enter would lay. While melds are staged the tip now gives way (n is
    not offered for a tip out of sight); it comes back once they are put back."""
    from okey_tui.ui.tiles import meld_chips
    from okey_tui.ui.widgets.board import LayDownArea

    app = table_app(practice=True, tips=True)
    async with app.run_test(size=(80, 24)) as pilot:
        rack = "Y4 Y5 Y6 Y7 Y8 Y9 B8 B9 B10 K10 K11 K12 Y13 B13 K13 R1 R5"
        screen = await at_position(pilot, app, position([rack, "", "", ""]))
        tip = screen.query_one("#tip")
        assert screen.practice.tip_shown and tip.region.height, "a tip over the table"
        await pilot.press("s", "o")
        await pilot.pause()
        await pilot.pause()
        box = screen.query_one(LayDownArea)
        assert len(screen.staging.melds) == 4
        shown = box_lines(app, box)
        assert box.hidden_lines == 0 and "▼" not in str(box.border_subtitle), shown
        assert shown[0].startswith("Opening: "), shown
        for meld in screen.staging.melds:
            chips = meld_chips(meld, screen.view.okey).plain
            assert any(chips in line for line in shown), (chips, shown)
        assert not tip.region.height, "the tip out of sight while the melds are staged"
        assert not screen.check_action("next_tip", ()), "n is for a tip in sight"
        await pilot.press("escape")  # the melds back on the rack: the tip comes back
        await pilot.pause()
        await pilot.pause()
        assert screen.practice.tip_shown and tip.region.height
        assert screen.check_action("next_tip", ())


# Five melds one to a line in the 80x24 box, an okey (B8 as R6) another seat could take.
MANY_MELDS = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 K10 K11 K12 K13 B10 B11 B12 B13 R5 B8 R7 R8 Y1 K3"


def box_lines(app, box) -> list[str]:  # type: ignore[no-untyped-def]
    """The lines inside the lay-down box's frame, as the screen shows them."""
    inside = box.content_region
    lines = screen_text(app).splitlines()
    return [lines[y][inside.x : inside.right].rstrip() for y in range(inside.y, inside.bottom)]


async def at_80x24_every_staged_meld_and_the_okey_warning_can_be_seen(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """At 80x24 five staged melds and the okey's warning wanted ten rows and the box had
    eight: the last melds and the warning were cut off, with no way to see them before
    Enter laid them. The total and the warning stay at the top; the melds under them page
    with PgDn and PgUp, the border saying how many lines are out of sight; the rack is
    where it was."""
    from okey_tui.ui.tiles import meld_chips
    from okey_tui.ui.widgets.board import LayDownArea

    screen = await at_position(pilot, app, position([MANY_MELDS, "", "", ""]))
    rack = screen.query_one("#rack").region
    await pilot.press("s", "o")
    await pilot.pause()
    box = screen.query_one(LayDownArea)
    assert len(screen.staging.melds) == 5
    melds = {meld_chips(m, screen.view.okey).plain for m in screen.staging.melds}
    shown = box_lines(app, box)
    assert box.hidden_lines > 0, shown  # the case: more lines than the box has
    assert str(box.border_subtitle).startswith("▼"), box.border_subtitle
    seen: set[str] = set()
    for _ in range(5):
        shown = box_lines(app, box)
        # Whichever melds show, the total and the warning are in sight above them.
        assert shown[0].startswith("Opening: 210 / 101"), shown
        assert "★R6: +101" in shown[1] and "swapped out" in shown[2], shown
        seen |= {m for line in shown for m in line.split("  ") if m in melds}
        if not box.hidden_lines:
            break
        await pilot.press("pagedown")
        await pilot.pause()
    assert seen == melds, (seen, melds)
    assert str(box.border_subtitle).startswith("▲"), box.border_subtitle
    await pilot.press("pageup")
    await pilot.pause()
    assert box.lines_above == 0
    # The rack did not give way: every tile still on it, where it was.
    assert screen.query_one("#rack").region == rack
    assert rack.bottom <= screen.query_one("#status").region.y
    await pilot.press("enter")
    await pilot.pause()
    assert app.session.hand.openings[0] is not None


async def at_120x40_the_same_melds_and_warning_show_whole(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """A large terminal has the rows: every staged meld and the warning in its long form
    (who could take the okey), nothing to scroll."""
    from okey_tui.ui.tiles import meld_chips
    from okey_tui.ui.widgets.board import LayDownArea

    screen = await at_position(pilot, app, position([MANY_MELDS, "", "", ""]))
    await pilot.press("s", "o")
    await pilot.pause()
    box = screen.query_one(LayDownArea)
    shown = box_lines(app, box)
    assert not box.hidden_lines and "▼" not in str(box.border_subtitle), shown
    text = " ".join(" ".join(shown).split())
    assert "★R6: +101 to you if a player holding R6 takes this okey" in text
    for meld in screen.staging.melds:
        assert meld_chips(meld, screen.view.okey).plain in shown, shown


async def the_wheel_scrolls_the_staged_melds_and_more_staged_shows_the_new(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The mouse wheel over the box scrolls the melds as PgDn does; melds staged on top of
    others bring the box down to them (the new ones are what the player looks for)."""
    from okey_tui.ui.widgets.board import LayDownArea

    screen = await at_position(pilot, app, position([MANY_MELDS, "", "", ""]))
    await pilot.press("s", "o")
    await pilot.pause()
    box = screen.query_one(LayDownArea)
    below = box.hidden_lines
    assert below > 0
    box.post_message(events.MouseScrollDown(box, 1, 1, 0, 0, 0, False, False, False))
    await pilot.pause()
    assert (box.lines_above, box.hidden_lines) == (1, below - 1)
    box.post_message(events.MouseScrollUp(box, 1, 1, 0, 0, 0, False, False, False))
    await pilot.pause()
    assert (box.lines_above, box.hidden_lines) == (0, below)
    # Put back, then one meld staged first and the others after it: the box shows
    # the last ones, with the lines above said on its border.
    await pilot.press("escape")
    await pilot.pause()
    assert not screen.staging.melds
    for tile in ("R5", "B8", "R7", "R8"):
        await goto(pilot, screen, slot_of(screen, Tile.parse(tile)))
        await pilot.press("space")
    await pilot.press("o")
    await pilot.pause()
    assert len(screen.staging.melds) == 1 and not box.lines_above
    await pilot.press("o")
    await pilot.pause()
    assert len(screen.staging.melds) == 5
    assert box.lines_above > 0 and not box.hidden_lines, box_lines(app, box)
    assert str(box.border_subtitle).startswith("▲"), box.border_subtitle


async def the_lay_down_box_offers_enter_only_once_enter_can_lay(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """The box under staged melds said "⏎ lay down" before the draw too, where Enter only
    brought "You cannot open yet: draw a tile first": it says to draw first, then Enter.
    At 80x24 it said "⏎ · Esc", the words left out of a frame they fit in."""
    from okey_tui.engine.state import Phase
    from okey_tui.ui.widgets.board import LayDownArea

    rack = "R1 R2 R3 K10 K11 K12 K13 B12 B12 Y12 B5 Y6 K7 R9 R8 B1 Y1 K1 K5 Y7 B9"
    screen = await at_position(pilot, app, position([rack, "", "", ""], phase="d"))
    box = screen.query_one(LayDownArea)
    await select_tiles(pilot, screen, "K10 K11 K12 K13")
    await pilot.press("o")
    await pilot.pause()
    assert screen.staging.melds
    assert str(box.border_subtitle) == "d draw first · Esc", (box.border_subtitle, box.size)
    await pilot.press("d")
    await pilot.pause()
    assert screen.staging.melds and screen.view.phase is Phase.PLAY
    assert str(box.border_subtitle) == "⏎ lay down · Esc back", box.border_subtitle


async def esc_on_staged_melds_says_what_the_turn_goes_on_with(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Esc put the staged tiles back and said only that: a newcomer did not know the
    turn went on with a discard."""
    rack = "R1 R2 R3 K10 K11 K12 K13 B12 B12 Y12 B5 Y6 K7 R9 R8 B1 Y1 K1 K5 Y7 B9"
    screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
    await select_tiles(pilot, screen, "K10 K11 K12 K13")
    await pilot.press("o")
    await pilot.pause()
    assert screen.staging.melds
    await pilot.press("escape")
    await pilot.pause()
    said = status_text(screen)
    assert said == (
        "The staged tiles are back in their slots · open if you can (o), then x discards "
        "the tile under the cursor"
    ), said


async def an_opening_short_of_the_floor_says_esc_puts_it_back(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Enter on a 46-point opening said only that the table needs 101: a newcomer did not
    know how to get the tiles back."""
    rack = "R1 R2 R3 K10 K11 K12 K13 B12 B12 Y12 B5 Y6 K7 R9 R8 B1 Y1 K1 K5 Y7 B9"
    screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
    await select_tiles(pilot, screen, "K10 K11 K12 K13")
    await pilot.press("o", "enter")
    await pilot.pause()
    assert screen.staging.melds and app.session.hand.openings[0] is None
    said = status_text(screen)
    assert said.startswith("Your opening is 46 points; this table needs 101"), said
    assert said.endswith(" · Esc puts the staged tiles back"), said


async def after_an_opening_short_of_the_floor_the_turn_line_says_so(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Enter refused a 46-point opening, then Esc: the line offered "open if you can (o)"
    again, as if the player had not just been told these melds do not open. It says so
    in the refusal's words, on Esc and whenever the turn's line comes back this turn."""
    from okey_tui.engine.state import Phase

    rack = "R1 R2 R3 K10 K11 K12 K13 B12 B12 Y12 B5 Y6 K7 R9 R8 B1 Y1 K1 K5 Y7 B9"
    others = ["R5 Y3 B7 K2 R11 Y9 B3 K9 R13 Y4", "R6 Y2 B10 K3 R12 Y8", "R4 Y10 B2 K6 R7 Y13"]
    screen = await at_position(pilot, app, position([rack, *others], phase="p"))
    await select_tiles(pilot, screen, "K10 K11 K12 K13")
    await pilot.press("o", "enter")
    await pilot.pause()
    assert status_text(screen).startswith("Your opening is 46 points; this table needs 101")
    short = (
        "46 points do not open (this table needs 101): arrange more melds (o), "
        "or x discards the tile under the cursor"
    )
    await pilot.press("space")  # the first change after the refusal: the turn's line
    await pilot.pause()
    assert status_text(screen) == "Your turn: " + short, status_text(screen)
    await pilot.press("escape", "escape")  # the selection, then the staged melds
    await pilot.pause()
    said = status_text(screen)
    assert said == "The staged tiles are back in their slots · " + short, said
    # The next turn is another: an opening may come with the tiles it brings.
    await pilot.press("x")
    await wait_for_human(pilot, app)
    await pilot.press("d")
    await pilot.pause()
    assert screen.view.opening is None and screen.view.phase is Phase.PLAY
    assert screen.turn_steps().startswith("open if you can (o)"), screen.turn_steps()


async def after_a_pairs_opening_short_of_the_floor_the_line_speaks_of_pairs(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Four pairs staged, Enter refused, Esc: the line said "4 points do not open (this
    table needs 5): arrange more melds (o)" (the refusal's kind, passed on as text, was
    not read as pairs)."""
    rack = "R1 R1 Y2 Y2 B3 B3 K4 K4 R9 Y11 B13 K7 R6 Y8"
    screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
    await pilot.press("p", "o", "enter")
    await pilot.pause()
    assert status_text(screen).startswith("Your opening is 4 pairs; this table needs 5")
    await pilot.press("escape")
    await pilot.pause()
    said = status_text(screen)
    short = (
        "4 pairs do not open (this table needs 5): arrange more pairs (o), "
        "or x discards the tile under the cursor"
    )
    assert said.endswith(short), said


async def after_a_refusal_the_line_comes_back_to_the_staged_melds(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """With melds staged, a refusal (or a note on a tile slid along the rack) goes at the next
    key as ever, and the line comes back to what was staged, with Enter's step: it came back
    to "Your turn: …", the staged total gone while the melds were still staged."""
    rack = "Y3 Y5 K1 K2 K3 R9 R10 R11 B12"
    hand = position([rack, "", "", ""], openings="m101/-/-/-")
    screen = await at_position(pilot, app, hand)
    await select_tiles(pilot, screen, "K1 K2 K3")
    await pilot.press("o")
    await pilot.pause()
    staged = status_text(screen)
    assert "Lay down" in staged and "Enter lays them down" in staged, staged
    await pilot.press("t")  # refused: the turn's tile is drawn already
    await pilot.pause()
    assert status_text(screen) != staged
    # The next key that changes something: the cursor to a tile beside it (← → stop at
    # the row's ends).
    moves = screen.rack.next_tile(screen.cursor, 1) != screen.cursor
    await pilot.press("right" if moves else "left")
    await pilot.pause()
    assert screen.staging.melds
    assert status_text(screen) == staged


async def a_refused_discard_with_the_taken_tile_staged_points_to_enter(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """With the taken tile staged in an opening, x (refused: the taken tile must be used
    first) said "o stages it in your opening, g gives it back", and o answered "Staged
    already". It says what is staged and that Enter lays it, as t's refusal does."""
    rack = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 K10 K11 K12 K13 B1 Y5 K3 R2 B9 Y1 K6 R4"
    hand = position([rack, "", "", ""], phase="d", discards=["", "", "", "B4 B10"])
    screen = await at_position(pilot, app, hand)
    await pilot.press("t")
    await pilot.pause()
    assert screen.view.taken is not None, status_text(screen)
    await select_tiles(pilot, screen, "B10 R10 Y10 K10")
    await pilot.press("o")
    await pilot.pause()
    await pilot.press("s", "o")
    await pilot.pause()
    assert any(Tile.parse("B10") in m.tiles for m in screen.staging.melds)
    staged = status_text(screen)
    await goto(pilot, screen, slot_of(screen, Tile.parse("B1")))
    await pilot.press("x")
    await pilot.pause()
    said = status_text(screen)
    assert "o stages it" not in said, said
    assert "Enter lays them down" in said, said
    await pilot.press("t")  # refused too: the line goes on the same way
    await pilot.pause()
    assert "Enter lays them down" in status_text(screen), status_text(screen)
    assert staged


async def test_what_staging_says_each_position_in_turn_at_one_120x40_table() -> None:
    """One 120x40 table (seed 125), put at one position after another, each check's
    docstring saying what it looks at: two tiles after a melds opening are too few (not
    a pair), two unlike tiles before opening make no meld of either kind, a pairs opener
    hears about pairs (and, with no pair on the rack, that only pairs go), a pair with
    runs staged hears they never mix, two lone tiles from different groups are one meld
    meant, a pair laid after a pairs opening is called a pair, an okey standing for its
    own value is taken by the false okey, an okey another seat could swap out is said
    before it is laid (three tables), the 80x24 case's melds and warning show whole,
    the lay-down box offers Enter only once Enter can lay, Esc on staged melds says what
    the turn goes on with, an opening short of the floor says Esc puts it back, after a
    refusal the line comes back to the staged melds, a refused discard with the taken
    tile staged points to Enter, and after an opening short of the floor the turn line
    says so (last: it plays on to the next turn)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        for check in (
            two_tiles_after_a_melds_opening_are_too_few_not_a_pair,
            two_unlike_tiles_before_opening_make_no_meld_of_either_kind,
            a_pairs_opener_hears_about_pairs,
            a_pair_with_runs_staged_before_opening_hears_they_never_mix,
            two_lone_tiles_from_different_groups_are_one_meld_meant,
            a_pairs_opener_with_no_pair_on_the_rack_hears_that_only_pairs_go,
            a_pair_laid_after_a_pairs_opening_is_called_a_pair,
            an_okey_standing_for_its_own_value_is_taken_by_the_false_okey,
            an_okey_another_seat_could_swap_out_is_said_before_it_is_laid,
            at_120x40_the_same_melds_and_warning_show_whole,
            the_lay_down_box_offers_enter_only_once_enter_can_lay,
            esc_on_staged_melds_says_what_the_turn_goes_on_with,
            an_opening_short_of_the_floor_says_esc_puts_it_back,
            after_a_refusal_the_line_comes_back_to_the_staged_melds,
            a_refused_discard_with_the_taken_tile_staged_points_to_enter,
            after_an_opening_short_of_the_floor_the_turn_line_says_so,
            after_a_pairs_opening_short_of_the_floor_the_line_speaks_of_pairs,
        ):
            await check(pilot, app)


async def test_the_lay_down_box_at_one_80x24_table() -> None:
    """One 80x24 table (seed 125), a position put for each check: every staged meld and
    the okey's warning can be seen (PgDn, PgUp, the border's arrows; the melds laid), the
    wheel scrolls the staged melds and more staged shows the new, and the lay-down box
    offers Enter only once Enter can lay ("d draw first · Esc", then "⏎ lay down · Esc
    back": the words fit the small frame)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        for check in (
            at_80x24_every_staged_meld_and_the_okey_warning_can_be_seen,
            the_wheel_scrolls_the_staged_melds_and_more_staged_shows_the_new,
            the_lay_down_box_offers_enter_only_once_enter_can_lay,
        ):
            await check(pilot, app)


async def test_a_pairs_opener_who_may_lay_off_is_told_so_in_the_lay_down_box() -> None:
    """At a table where a pairs opener may add to runs and sets, the lay-down box said only
    "You opened 5 pairs: lay more pairs"; adding worked, unsaid. It says both."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(160, 40)) as pilot:
        rack = "Y3 Y5 K1 K2 K3 R9 R10 R11 B12"
        hand = position([rack, "", "", ""], openings="p5/-/-/-", rules="classic/11+l")
        assert hand.rules.pairs_opener_lays_off
        await at_position(pilot, app, hand)
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "lay more pairs, or add to runs and sets" in shown, shown


async def test_o_puts_the_tile_taken_from_the_left_in_the_staged_meld_it_fits() -> None:
    """The line said "You took Y3: set 12 with R3 B3 K3", Y3 stood apart (no room beside
    the set), and o staged every group but Y3: the opening fell short, and the taken tile
    must be in it. o puts it in the staged set."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R3 B3 K3 R10 R11 R12 R13 B10 B11 B12 B13 K1 Y6 R7", "", "", ""],
            phase="d",
            discards=["", "", "", "Y3"],
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("t")
        await pilot.pause()
        assert app.session.hand.taken is not None
        set_rows(
            screen,
            "R3 B3 K3 . R10 R11 R12 R13 . B10 B11 B12 B13 . K1",
            ". Y6 . R7 . . Y3",
        )
        await pilot.press("o")
        await pilot.pause()
        staged = [sorted(str(t) for t in m.tiles) for m in screen.staging.melds]
        assert ["B3", "K3", "R3", "Y3"] in staged, staged
        said = status_text(screen)
        assert "Staged 3 groups · Y3 added to the staged" in said, said
        assert "Y3" not in [str(t) for t in screen.rack.slots if t is not None]


async def test_o_leaves_a_going_pairs_players_discard_out_of_staged_runs_and_sets() -> None:
    """A Going Pairs player's discard, taken, makes only pairs (rules §13): o put B11 in
    the staged set R11 Y11 K11, and Enter was then refused."""
    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R11 Y11 K11 R5 R6 R7 B2 B3 B4 K9", "", "", ""],
            phase="d",
            rules="challenge/11",
            openings="-/-/-/-!",
            discards=["", "", "", "B11"],
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("t")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
            await pilot.pause()
        assert app.session.hand.taken is not None
        set_rows(screen, "R11 Y11 K11 . R5 R6 R7 . B2 B3 B4 . K9 . B11")
        await pilot.press("o")
        await pilot.pause()
        staged = [sorted(str(t) for t in m.tiles) for m in screen.staging.melds]
        assert all("B11" not in m for m in staged), staged
        assert "B11 added" not in status_text(screen), status_text(screen)


async def test_o_with_no_group_staged_points_to_p_when_the_pairs_open() -> None:
    """t said "with it you can open: 5 pairs", and o answered "No group on the rack is a
    meld: put runs and sets between gaps (s sorts them)", with no word of p."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R1 R1 Y2 Y2 B3 B3 K4 K4 R9 R9 K12"
        screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
        set_rows(screen, rack)  # one block, no group o stages
        await pilot.press("o")
        await pilot.pause()
        said = status_text(screen)
        assert said.startswith("No group on the rack is a meld, and your pairs open: p sorts"), said
