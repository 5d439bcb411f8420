"""The seats' panels around the table: one layout for every seat, the score said for what it is."""

from __future__ import annotations

import dataclasses

import pytest
from rich.text import Text
from ui_helpers import OPENING_SEED, table_app, wait_for_human

from okey_tui.ui.widgets.board import PlayerPanel


def panel_lines(app, counts, totals) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Each panel's lines, shown for a view with these tile counts and match totals."""
    screen = app.screen
    view = dataclasses.replace(screen.view, rack_counts=counts, match_totals=totals)
    seats = screen.table.seats()
    shown = {}
    for panel in screen.query(PlayerPanel):
        panel.show(seats, view)
        shown[str(panel.id)] = str(panel.render()).splitlines()
    return shown


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_panels_of_one_size_lay_out_the_tiles_and_the_score_alike(
    size: tuple[int, int],
) -> None:
    """One seat's box showed "21 tiles / score 124" on two lines while its neighbour, of the
    same width, showed "6 tiles · score 22" on one: each box broke its own line by its own
    numbers. Now a box puts the score beside the tile count only where every seat's would
    fit, so boxes of one size show every seat alike."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        shown = panel_lines(app, (6, 21, 21, 6), (24, 124, -101, 22))
        widths: dict[int, set[bool]] = {}
        for panel in app.screen.query(PlayerPanel):
            lines = shown[str(panel.id)]
            assert "tiles" in lines[0], lines
            together = "·" in lines[0]
            widths.setdefault(panel.content_size.width, set()).add(together)
            # The score is in sight whole, on the first line or the one under it.
            score = str((24, 124, -101, 22)[panel.seat])
            assert any(score in line.split() for line in lines[:2]), lines
        assert len(widths) < 4, widths  # the side boxes share a width
        assert all(len(kinds) == 1 for kinds in widths.values()), widths


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_partners_table_says_a_panels_score_is_the_teams(size: tuple[int, int]) -> None:
    """At a partners table a seat's panel said "score 422": the team's total, not the
    player's own. It says "team score 422" where there is room ("team 0" alone read as a
    team's number), "team 422" where there is not (80x24)."""
    app = table_app(OPENING_SEED, partners=True)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        shown = panel_lines(app, (22, 21, 21, 21), (422, -101, 422, -101))
        for panel in app.screen.query(PlayerPanel):
            text = " ".join(shown[str(panel.id)])
            total = (422, -101, 422, -101)[panel.seat]
            # The short form only where a panel lacks the room (a tip over the table).
            said = [f"team score {total}"] + ([f"team {total}"] if size == (80, 24) else [])
            assert any(s in text for s in said), (panel.id, text)
            assert text.count("score") <= 1, (panel.id, text)
    solo = table_app(OPENING_SEED)
    async with solo.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, solo)
        shown = panel_lines(solo, (22, 21, 21, 21), (24, 124, -101, 22))
        assert "score 124" in " ".join(shown["seat-1"]) and "team" not in str(shown)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_pairs_opening_never_reads_as_points(size: tuple[int, int]) -> None:
    """In a side panel at 80x24 "opened 5 pairs" broke over two lines, and a short panel
    showed "opened 5" alone: read as an opening of 5 points. It reads "5 pairs" there."""
    from okey_tui.engine.state import Opening, OpeningKind

    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        view = dataclasses.replace(screen.view, openings=(Opening(OpeningKind.PAIRS, 5),) * 4)
        seats = screen.table.seats()
        for panel in screen.query(PlayerPanel):
            panel.show(seats, view)
            text = Text(str(panel.render()))
            width = panel.content_size.width  # as the panel draws it: wrapped to its width
            lines = [line.plain.strip() for line in text.wrap(app.console, width)]
            assert any("5 pairs" in line for line in lines), (panel.id, lines)
            assert not any(line.endswith("opened 5") for line in lines), (panel.id, lines)


@pytest.mark.parametrize("language", ["en", "tr"])
async def test_at_80x24_a_penalty_never_pushes_the_score_out_of_a_panel(language: str) -> None:
    """At 80x24, once a seat paid +101 (its okey taken) its three-line panel went from
    "4 taş / puan 0 / 141 ile açtı" to "4 taş / 141 ile açtı / +101": the score was gone.
    The penalty goes beside the score when that keeps every line in the panel."""
    from okey_tui import i18n
    from okey_tui.engine.state import Opening, OpeningKind

    i18n.set_language(language)
    try:
        app = table_app(OPENING_SEED)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_human(pilot, app)
            screen = app.screen
            opened = tuple(screen.view.openings)
            view = dataclasses.replace(
                screen.view,
                rack_counts=(21, 4, 21, 21),
                match_totals=(0, 0, 0, 0),
                openings=(opened[0], Opening(OpeningKind.MELDS, 141), *opened[2:]),
                penalty_points=(0, 101, 0, 0),
            )
            seats = screen.table.seats()
            # A side panel as the game showed it then: three lines, 12 cells wide (the
            # middle row now has more rows at 80x24).
            panel = next(p for p in screen.query(PlayerPanel) if p.seat == 1)
            panel.styles.max_height = 3 + 2  # three lines inside the frame
            await pilot.pause()
            assert panel.content_size.height == 3
            panel.show(seats, view)
            text = Text(str(panel.render()))
            width, height = panel.content_size
            lines = [line.plain.strip() for line in text.wrap(app.console, width)]
            shown = " ".join(lines[:height])
            scores = (i18n._("score {score}"), i18n._("{score} pts"))
            assert "+101" in shown and "141" in shown, lines
            assert any(form.format(score=0) in shown for form in scores), (lines, height)
    finally:
        i18n.set_language("en")


async def test_at_100x30_in_turkish_every_panel_keeps_its_score_in_sight() -> None:
    """In Turkish the key bar takes two lines at 100 columns, and the bottom row kept two
    lines: "21 taş · puan 202" did not fit on one, so the player's own score was left out
    of their panel (the melds above had ten empty lines). The row now keeps three there."""
    from okey_tui import i18n

    i18n.set_language("tr")
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.pause()
        totals = (202, 130, 303, 22)
        shown = panel_lines(app, (21, 21, 21, 21), totals)
        for panel in app.screen.query(PlayerPanel):
            lines = shown[str(panel.id)][: panel.content_size.height]
            assert any(str(totals[panel.seat]) in line.split() for line in lines), (
                panel.id,
                lines,
            )


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_big_opening_bonus_shows_on_the_panel_as_a_penalty_does(
    size: tuple[int, int],
) -> None:
    """At a Rising table an opening of 169 takes 101 off its hand's score: only the summary
    said so, while a Challenge payment showed on the panel at once ("+90 penalty"). The
    panel says "-101 big opening" beside the opening, the score kept in sight."""
    from okey_tui.engine.state import Opening, OpeningKind

    app = table_app(OPENING_SEED, game_type="rising")
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        opened = tuple(screen.view.openings)
        view = dataclasses.replace(
            screen.view,
            match_totals=(0, 0, 0, 0),
            openings=(opened[0], Opening(OpeningKind.MELDS, 169), *opened[2:]),
        )
        seats = screen.table.seats()
        panel = next(p for p in screen.query(PlayerPanel) if p.seat == 1)
        panel.show(seats, view)
        text = Text(str(panel.render()))
        width, height = panel.content_size
        lines = [line.plain.strip() for line in text.wrap(app.console, width)]
        shown = " ".join(lines[:height])
        assert "-101 big opening" in shown and "169" in shown, (lines, height)
        assert "score 0" in shown or "0 pts" in shown, (lines, height)
        # Below the bonus's floor, and at a Classic table, nothing of the kind is said.
        small = dataclasses.replace(
            view, openings=(opened[0], Opening(OpeningKind.MELDS, 120), *opened[2:])
        )
        panel.show(seats, small)
        assert "big opening" not in str(panel.render())
