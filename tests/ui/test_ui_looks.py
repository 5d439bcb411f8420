"""How the table looks: the footer's keys at any width, and colours that can be told apart."""

from __future__ import annotations

from ui_helpers import last_hand_report, table_app

from okey_tui.ui.widgets.keybar import KeyBar


async def test_the_key_bar_never_runs_past_the_edge_at_any_width():
    """A key whose label ends one cell past the edge went on the line (the two spaces before
    it were not counted) and the terminal broke it: "l" on one line, "Log" on the next (a
    practice table at 97 columns: a phone in the browser)."""
    app = table_app(practice=True)
    async with app.run_test(size=(80, 30)) as pilot:
        bar = app.screen.query_one("#keys", KeyBar)
        for width in range(80, 131):
            await pilot.resize_terminal(width, 30)
            await pilot.pause()
            lines = str(bar.render()).split("\n")
            assert all(len(line) <= width for line in lines), (width, lines)
            assert all(end <= width for _line, _start, end, _key in bar._spans), width


# The felt's greens (okey.tcss): the dark look shows none of them.
FELT = {"#0F3D2A", "#13492F", "#1D5C3C", "#3F7A5C"}


def luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def shown(app) -> list:  # type: ignore[type-arg]
    return [w for w in app.screen.walk_children() if w.display and w.visible]


def colours(widget) -> set[str]:  # type: ignore[no-untyped-def]
    """The background and border colours a widget shows."""
    styles = widget.styles
    found = {styles.background.hex} if styles.background.a else set()
    for kind, colour in (styles.border_top, styles.border_left):
        if kind:
            found.add(colour.hex)
    return found


def title_colour(widget) -> str:  # type: ignore[no-untyped-def]
    """A box's title colour: its own, else its border's (as Textual draws it)."""
    styles = widget.styles
    if styles.has_rule("border_title_color"):
        return styles.border_title_color.hex
    return styles.border_top[1].hex


async def test_the_dark_look_leaves_no_felt_green_behind():
    """The "dark" look is a plain dark table: the boxes' frames, the tip, the hints panel,
    a chooser and the new-table screen's name field were still the felt's greens."""
    from okey_tui.ui.screens.dialogs import ChooserScreen
    from okey_tui.ui.screens.setup import NewTableScreen

    app = table_app(theme="dark", practice=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h")  # the hints panel, beside the first-hand tip
        await pilot.pause()
        ids = {w.id for w in shown(app)}
        assert {"tip", "hints", "seat-1", "pile-3"} <= ids
        green = {(w.id, c) for w in shown(app) for c in colours(w) & FELT}
        assert not green, green
        app.push_screen(ChooserScreen("?", [("one", 1), ("two", 2)]))
        await pilot.pause()
        green = {(w.id, c) for w in shown(app) for c in colours(w) & FELT}
        assert not green, green
        app.pop_screen()
        app.push_screen(NewTableScreen(app.settings, []))
        await pilot.pause()
        green = {(w.id, c) for w in shown(app) for c in colours(w) & FELT}
        assert not green, green


async def test_the_boxes_titles_are_readable_in_every_look():
    """Who sits where and whose pile is whose are the boxes' titles: at the frames' own dim
    green (2:1 on the felt) they could hardly be read. Every title and subtitle on the table
    now has a contrast of at least 4.5 with its box, in both looks."""
    for theme in ("felt", "dark"):
        app = table_app(theme=theme)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            boxes = [w for w in shown(app) if w.border_title or w.border_subtitle]
            assert len(boxes) >= 9, [w.id for w in boxes]
            for box in boxes:
                background = box.styles.background.hex
                ratio = contrast(title_colour(box), background)
                assert ratio >= 4.5, (theme, box.id, title_colour(box), background, ratio)
                styles = box.styles
                subtitle = (
                    styles.border_subtitle_color.hex
                    if styles.has_rule("border_subtitle_color")
                    else styles.border_bottom[1].hex
                )
                assert contrast(subtitle, background) >= 4.5, (theme, box.id, subtitle)


def test_the_racks_faces_stay_apart_in_a_256_colour_terminal():
    """tmux and many terminals show 256 colours: there the tile just drawn (an orange face)
    took the cursor's yellow, and two tiles looked like the cursor. Every face the rack
    shows keeps a colour of its own there, and every tile's ink stays readable on it."""
    from rich.color import Color, ColorSystem

    from okey_tui.ui import tiles

    faces = {
        "plain": tiles.FACE,
        "cursor": tiles.FACE_CURSOR,
        "selected": tiles.FACE_SELECTED,
        "cursor on a selected tile": tiles.FACE_CURSOR_SELECTED,
        "just drawn": tiles.FACE_FRESH,
        "marked okey": tiles.FACE_OKEY,
    }
    in_256 = {
        name: Color.parse(face).downgrade(ColorSystem.EIGHT_BIT).number
        for name, face in faces.items()
    }
    assert len(set(in_256.values())) == len(faces), in_256
    # A marked okey was a pale green beside the green of the cursor on a selected tile:
    # players took it for selected. Its face keeps well away from it.
    okey, chosen = (
        Color.parse(tiles.FACE_OKEY).triplet,
        Color.parse(tiles.FACE_CURSOR_SELECTED).triplet,
    )
    assert okey is not None and chosen is not None
    assert sum((a - b) ** 2 for a, b in zip(okey, chosen, strict=True)) ** 0.5 > 100
    for name, face in faces.items():
        for ink in [*tiles.INK.values(), tiles.FALSE_INK]:
            assert contrast(ink, face) >= 3, (name, ink, contrast(ink, face))


async def test_the_end_of_match_summary_is_readable_in_every_look():
    """The winner's line and the finisher's name were the terminal's plain green (#008000,
    1.6:1 on the felt) and the penalties its red (2.5:1): hard to read. Every piece of text
    the summary writes on its own background now has a contrast of at least 4.5 with it,
    in both looks (the tiles have faces of their own)."""
    from textual.geometry import Region

    from okey_tui.table import SeatInfo
    from okey_tui.ui.screens.summary import HandSummaryScreen

    seats = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]
    for theme in ("felt", "dark"):
        app = table_app(theme=theme)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.push_screen(HandSummaryScreen(last_hand_report(3), seats, 0))
            await pilot.pause()
            background = app.screen.query_one("#summary").styles.background.hex
            seen = set()
            for widget in app.screen.query("#summary Static"):
                width, height = widget.size
                for strip in widget.render_lines(Region(0, 0, width, height)):
                    for segment in strip:
                        style = segment.style
                        if not (segment.text.strip() and style and style.color):
                            continue
                        if style.bgcolor and style.bgcolor.triplet.hex.upper() != background:
                            continue  # a tile on its face
                        ink = style.color.triplet.hex
                        seen.add(segment.text.strip()[:12])
                        ratio = contrast(ink, background)
                        assert ratio >= 4.5, (theme, widget.id, segment.text, ink, ratio)
            assert {"The match is", "Mehmet", "+101 discard", "12 tiles lef"} <= seen, seen


def test_the_rules_headings_in_the_help_read_on_the_felt() -> None:
    """The help's rules page drew its headings in Rich's magenta: about 2.5:1 on the felt.
    Every heading and quote of the page reads at 4.5:1 or more on the help's green."""
    from rich.console import Console
    from rich.markdown import Markdown

    from okey_tui.commands.rules import rules_text
    from okey_tui.ui.screens.help import HELP_MARKDOWN, Themed

    console = Console(width=100, color_system="truecolor", force_terminal=True)
    page = rules_text()
    segments = list(console.render(Themed(Markdown(page), HELP_MARKDOWN)))
    headings = [seg for seg in segments if seg.text.strip() == "2. Seats and direction"]
    assert headings, "the page has its section 2"
    for seg in segments:
        colour = seg.style.color if seg.style is not None else None
        if colour is None or colour.is_default or seg.style.bgcolor or not seg.text.strip():
            continue  # the default text colour, or text on a background of its own
        hex_colour = colour.get_truecolor().hex  # a terminal's magenta as a browser draws it
        assert contrast(hex_colour, "#13492F") >= 4.5, (seg.text, hex_colour)
