"""The help (``?``) says what the mouse does, and names the colour-blind mode.

It said "(or click it)" in a few places only: a mouse player could not learn that a tile
dropped on their own pile is discarded, on the lay-down box staged, on a table meld added,
that a click on the middle draws and on the left pile takes; and ``c`` read "shapes on
the tiles", never saying they are for colour-blind players.
"""

from __future__ import annotations

import pytest
from rich.console import Console
from ui_helpers import table_app

from okey_tui import i18n
from okey_tui.ui.screens.help import HelpScreen, key_rows, mouse_legend

# Each mouse action, in the words the help says it in each language: (the gesture, what
# it does).
MOUSE = {
    "en": [
        ("click a tile", "select or unselect"),
        ("click a group's value", "whole group"),
        ("drag a tile", "move it on the rack"),
        ("drop it on your pile", "discard"),
        ("drop it on the lay-down box", "stage"),
        ("drop it on a table meld", "add it to that meld"),
        ("click the middle", "draw"),
        ("click a pile", "the left pile: take"),
        ("click a key in the key bar", "pressing it"),
        ("the wheel", "scroll"),
    ],
    "tr": [
        ("taşa tıkla", "seç ya da bırak"),
        ("öbeğin değerine tıkla", "bütün öbeği"),
        ("taşı sürükle", "ıstakada"),
        ("kendi yerine (attığın taşların üstüne) bırak", "taşı at"),
        ("indirme kutusuna bırak", "hazırla"),
        ("masadaki bir perin üstüne bırak", "o pere işle"),
        ("ortaya tıkla", "ortadan çek"),
        ("atılan taşlara tıkla", "soldakinin yeri: taşını al"),
        ("tuş çubuğunda", "basmakla aynı"),
        ("fare tekerleği", "kaydır"),
    ],
}
COLOUR_BLIND = {"en": "colour-blind players", "tr": "renk körü oyuncular"}


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "tr"])
async def test_the_help_has_a_mouse_part_and_names_the_colour_blind_mode(language: str) -> None:
    i18n.set_language(language)
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert screen.query("#mouse-legend")  # the part is on the page
        rows = dict((what, keys) for keys, what in key_rows(screen.table_bindings, {}))
        colour = [what for what, keys in rows.items() if keys == "c"]
        assert len(colour) == 1 and COLOUR_BLIND[language] in colour[0], colour
    console = Console(width=200, record=True, color_system=None)
    console.print(mouse_legend())
    lines = [" ".join(line.split()) for line in console.export_text().splitlines()]
    assert lines[0] == i18n._("Mouse")
    for gesture, does in MOUSE[language]:
        line = next((line for line in lines if gesture in line), None)
        assert line is not None, (gesture, lines)
        assert does in line, (gesture, does, line)


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "◆ red, ✚ yellow, ■ blue, ● black"), ("tr", "◆ kırmızı, ✚ sarı, ■ mavi, ● siyah")],
)
def test_the_help_says_which_shape_is_which_colour(language: str, said: str) -> None:
    """The colour-blind tiles carry ◆ ✚ ■ ● beside their letter, and the help's "Reading
    the rack" listed every other mark but not these."""
    line, lines = legend_line(language, "◆ ✚ ■ ●")
    assert line is not None and said in line, lines


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "R red, Y yellow, B blue, K black"), ("tr", "R kırmızı, Y sarı, B mavi, K siyah")],
)
def test_the_help_says_which_letter_is_which_colour(language: str, said: str) -> None:
    """The letters stay R Y B K in Turkish (the rule book's decision), and a Turkish
    player read K as kırmızı (red): the help's "Reading the rack" says each letter's colour."""
    line, lines = legend_line(language, "R Y B K")
    assert line is not None and said in line, lines


def legend_line(language: str, start: str) -> tuple[str | None, list[str]]:
    """The line of the help's "Reading the rack" that starts with ``start``, in
    ``language`` (None when there is none), and all its lines."""
    from okey_tui.ui.screens.help import rack_legend

    i18n.set_language(language)
    console = Console(width=200, record=True, color_system=None)
    console.print(rack_legend())
    lines = [" ".join(line.split()) for line in console.export_text().splitlines()]
    return next((line for line in lines if line.startswith(start)), None), lines
