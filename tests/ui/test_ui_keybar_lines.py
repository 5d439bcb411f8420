"""The table's key bar on as few lines as hold its keys, the lines as even as can be.

At 120 columns in Turkish the bar filled its first line and put "q Çık" alone on a second
one; at 80 columns in English "? Help  q Quit" and a few more went under a full line.
Now the keys share the lines: no key stands alone on a line while another has keys to
spare, and no line is longer than it needs to be."""

from __future__ import annotations

import doctest
from collections.abc import Iterator

import pytest
from ui_helpers import table_app, wait_for_human

from okey_tui import i18n
from okey_tui.ui.widgets import keybar
from okey_tui.ui.widgets.keybar import KeyBar, key_lines


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_the_line_maker_examples() -> None:
    failed, tried = doctest.testmod(keybar)
    assert tried and not failed


def test_the_lines_are_as_few_and_as_even_as_can_be() -> None:
    """Against every split of the keys in order into lines: the same number of lines
    as the fewest that hold them, and a longest line no longer than any such split's."""
    import itertools

    def used(widths: list[int], line: list[int], gap: int) -> int:
        return 1 + sum(widths[i] for i in line) + gap * (len(line) - 1)

    for widths in ([6, 6, 6, 6, 6, 6, 6], [9, 4, 11, 4, 7, 6, 5, 8], [12, 3, 3, 3, 3, 5]):
        for width in range(14, 50):
            for gap in (1, 2):
                lines = key_lines(widths, width, gap)
                assert [i for line in lines for i in line] == list(range(len(widths)))
                assert all(used(widths, line, gap) <= width for line in lines), (widths, width)
                longest = max(used(widths, line, gap) for line in lines)
                best = None
                for cuts in range(len(widths)):
                    for at in itertools.combinations(range(1, len(widths)), cuts):
                        bounds = [0, *at, len(widths)]
                        split = [list(range(a, b)) for a, b in itertools.pairwise(bounds)]
                        if all(used(widths, line, gap) <= width for line in split):
                            best = best or (len(split), longest)
                            if len(split) == best[0]:
                                size = max(used(widths, line, gap) for line in split)
                                best = (best[0], min(best[1], size))
                    if best is not None:
                        break
                assert best is not None
                assert (len(lines), longest) == best, (widths, width, gap, lines)


@pytest.mark.parametrize(
    ("language", "width"),
    [("tr", 120), ("tr", 100), ("tr", 80), ("en", 120), ("en", 80)],
    indirect=["language"],
)
async def test_no_key_stands_alone_on_a_line_of_the_bar(language: str, width: int) -> None:
    app = table_app()
    async with app.run_test(size=(width, 40 if width > 80 else 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        bar = screen.query_one("#keys", KeyBar)
        for keys in ((), ("d",), ("s",)):  # the keys change as the turn goes on
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            text = str(bar.render()).split("\n")
            rows: dict[int, list[str]] = {}
            for line, _start, _end, key in bar._spans:
                rows.setdefault(line, []).append(key)
            assert all(len(line) <= width for line in text), text
            if len(rows) > 1:
                lone = [keys for keys in rows.values() if len(keys) == 1]
                assert not lone, text
                # As few lines as hold the keys: the bar never takes a line more than that.
                widths = [end - start for _line, start, end, _key in bar._spans]
                assert len(rows) == len(key_lines(widths, width, 2)) or len(rows) == len(
                    key_lines(widths, width, 1)
                ), text


@pytest.mark.parametrize("practice", [False, True])
@pytest.mark.parametrize("language", ["tr"], indirect=True)
async def test_the_turkish_key_bar_keeps_to_one_line_at_120_columns(
    language: str, practice: bool
) -> None:
    """At 120 columns the Turkish bar took two lines once u (undo) came, where the English
    bar takes one: greyed labels of two words ("g Geri ver") kept every key two spaces
    apart. Now one space between keys, two beside such a label, and (at a practice table,
    h there too) one greyed key left out; ? still lists every key."""
    from textual.binding import Binding

    from okey_tui.ui.screens.help import HelpScreen

    app = table_app(practice=practice, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        bar = app.screen.query_one("#keys", KeyBar)
        seen: set[str] = set()
        for keys in ((), ("s",), ("o", "enter")):  # u comes after a move
            await pilot.press(*keys)
            await pilot.pause()
            text = str(bar.render()).rstrip("\n")
            assert "\n" not in text and bar.size.height == 1, text
            assert len(text) <= 120, text
            shown = [key for _line, _start, _end, key in bar._spans]
            entries = bar.entries()
            seen |= {key for key, _label, _on in entries}
            left_out = [(key, on) for key, _label, on in entries if key not in shown]
            assert len(left_out) <= 1 and not any(on for _key, on in left_out), (left_out, text)
            # Two spaces either side of a greyed label of two words: never run together.
            for key, label, on in entries:
                if key in shown and not on and label.plain.count(" ") > 1:
                    at = text.index(label.plain)
                    before, after = text[at - 2 : at], text[at + len(label.plain) :][:2]
                    assert before == "  " and after in ("  ", ""), text
        assert "u" in seen
        await pilot.press("question_mark")
        await pilot.pause()
        helped = app.screen
        assert isinstance(helped, HelpScreen)
        listed = {
            key.strip()
            for b in helped.table_bindings
            if isinstance(b, Binding)
            for key in b.key.split(",")
        }
        assert seen <= listed, seen - listed


@pytest.mark.parametrize("language", ["tr"], indirect=True)
async def test_the_turkish_bar_keeps_one_line_at_120_columns_with_e_and_u(language: str) -> None:
    """At a practice table with the hints naming a move ("e Uygula") and a move to undo
    ("u Adım geri") the Turkish bar took two lines at 120 columns: two greyed keys are left
    out now (? lists them), never a key usable now, and e and u show."""
    app = table_app(practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        bar = app.screen.query_one("#keys", KeyBar)
        await pilot.press("h")
        await pilot.press("s")
        await pilot.pause()
        text = str(bar.render()).rstrip("\n")
        shown = [key for _line, _start, _end, key in bar._spans]
        assert "e" in shown and "u" in shown, text
        assert "\n" not in text and bar.size.height == 1 and len(text) <= 120, text
        left_out = [(key, on) for key, _label, on in bar.entries() if key not in shown]
        assert len(left_out) <= 2 and not any(on for _key, on in left_out), (left_out, text)


@pytest.mark.parametrize("language", ["tr"], indirect=True)
async def test_the_bar_goes_back_to_one_line_when_the_keys_fit_again(language: str) -> None:
    """Once the bar took two lines at a width (e and u both shown), it stayed on two lines,
    two spaces apart, on later turns even without e: it goes back to one line."""
    app = table_app(practice=True, tips=False)
    async with app.run_test(size=(105, 40)) as pilot:
        await wait_for_human(pilot, app)
        bar = app.screen.query_one("#keys", KeyBar)
        await pilot.press("h")
        await pilot.press("s")
        await pilot.pause()
        shown = [key for _line, _start, _end, key in bar._spans]
        assert "e" in shown and "u" in shown
        assert "\n" in str(bar.render()).rstrip("\n")  # too many for one line here
        await pilot.press("h")  # the hints hidden: no e
        await pilot.pause()
        text = str(bar.render())
        assert "e Uygula" not in text and "u Adım geri" in text
        assert "\n" not in text.rstrip("\n") and bar.size.height == 1, text


@pytest.mark.parametrize("language", ["en", "tr"], indirect=True)
async def test_at_80_columns_the_bar_is_the_same_whatever_the_status_line_takes(
    language: str,
) -> None:
    """At 80x24 the bar showed every key, d t g greyed after a draw, while the status took
    one line, and only the keys usable now while a message took two (the bar lent it a
    line): after a or e it switched back and forth. Below LEAVE_TWO_OUT columns it leaves
    out the greyed keys always, keeps ? and q, and keeps its lines: the rack stays put."""
    app = table_app(practice=True, tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        bar = screen.query_one("#keys", KeyBar)
        await pilot.press("d")
        await pilot.pause()
        entries = bar.entries()
        greyed = {key for key, _label, on in entries if not on}
        usable = [key for key, _label, on in entries if on]
        assert greyed and {"question_mark", "q"} <= set(usable), entries
        rack = screen.query_one("#rack").region
        drawn: list[list[str]] = []
        for said in ("a short message", "a refusal that says which tile and what to do " * 2):
            screen.set_status(said.strip(), True)
            await pilot.pause()
            lines = str(bar.render()).rstrip("\n").split("\n")
            assert all(len(line) <= 80 for line in lines), lines
            drawn.append([key for _line, _start, _end, key in bar._spans])
            assert screen.query_one("#rack").region == rack
        assert drawn[0] == drawn[1] == usable, (drawn, usable)


@pytest.mark.parametrize("language", ["tr"], indirect=True)
async def test_a_bar_of_one_line_leaves_out_the_keys_that_can_wait_not_got_it(
    language: str,
) -> None:
    """In Turkish at 80x24, with a taken tile and a tip, the usable keys took two lines; while
    a message took two lines the bar of one line cut them off at its end, and n (the tip's
    "got it") went. It leaves out the log, pairs, hints and sorting first."""
    app = table_app(practice=True, tips=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        bar = screen.query_one("#keys", KeyBar)
        await pilot.press("d")
        await pilot.pause()
        # Every key of the table usable at once: more than one line holds.
        entries = [(key, label, True) for key, label, _on in bar.entries()]
        assert "n" in {key for key, _label, _on in entries}, entries  # a tip is shown
        assert sum(label.cell_len + 1 for _key, label, _on in entries) > 80
        bar._draw_one_line(entries, 80)
        shown = [key for _line, _start, _end, key in bar._spans]
        assert str(bar.render()).strip("\n").count("\n") == 0
        assert len(str(bar.render()).rstrip()) <= 80
        assert {"n", "question_mark", "q"} <= set(shown), shown
        assert "l" not in shown, shown
