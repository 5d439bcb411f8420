"""The screens in Turkish: the new-table screen, the hand summary and help, at 120x40 and 80x24.

"Nothing cut" is read from the screen as a person sees it: every label, value
and footer key of these screens appears whole.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.markdown import Markdown
from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from rendered import screen_text  # noqa: E402
from test_ui_snapshots import to_summary  # noqa: E402
from ui_helpers import OPENING_SEED, late_app, table_app, wait_for_human  # noqa: E402

from okey_tui import i18n  # noqa: E402
from okey_tui.settings import TableSettings, load_settings  # noqa: E402
from okey_tui.ui.app import make_app  # noqa: E402
from okey_tui.ui.screens.help import HelpScreen  # noqa: E402
from okey_tui.ui.screens.setup import LABEL_WIDTH, VALUE_WIDTH, NewTableScreen, OptionRow  # noqa: E402
from okey_tui.ui.screens.summary import HandSummaryScreen  # noqa: E402

SIZES = [(120, 40), (80, 24)]


@pytest.fixture
def turkish() -> None:
    i18n.set_language("tr")


@pytest.mark.parametrize("size", SIZES)
async def test_new_table_screen_in_turkish_nothing_cut(
    turkish: None, size: tuple[int, int]
) -> None:
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        for _ in range(100):  # the footer fills in once the screen's keys are known
            text = screen_text(app)
            if all(word in text.splitlines()[-1] for word in ("Başla", "Çık")):
                break
            await pilot.pause(0.01)
        assert "101 Okey — yeni masa" in text
        for word in ("Başla", "Çık"):
            assert word in text.splitlines()[-1], word  # the footer, whole
        for row in screen.query(OptionRow):
            row.focus()  # scrolls the row into view, animated, once laid out
            shown = row.values[row.position][0]
            for _ in range(100):
                await pilot.wait_for_scheduled_animations()
                text = screen_text(app)
                if row.label in text and shown in text:
                    break
                await pilot.pause(0.01)
            assert len(row.label) <= LABEL_WIDTH and all(
                len(v) <= VALUE_WIDTH for v, _ in row.values
            )
            assert row.label in text and shown in text, (row.label, shown)
        names = {row.label for row in screen.query(OptionRow)}
        assert {"Oyun türü", "Cezalar", "El sayısı", "Sağdaki bot", "Dil"} <= names
        assert "Game type" not in screen_text(app)


async def test_switching_the_language_on_the_new_table_screen_is_remembered() -> None:
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        screen.query_one("#opt-lang", OptionRow).focus()
        await pilot.press("right")
        await pilot.pause()
        assert i18n.current_language() == "tr"
        assert "101 Okey — yeni masa" in screen_text(app)
        assert app.focused is not None and app.focused.id == "opt-lang"
        await pilot.press("enter")
        await pilot.pause()
    assert load_settings().language == "tr"


async def test_an_untouched_language_line_leaves_the_choice_to_the_environment() -> None:
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert load_settings().language == ""


async def test_hand_summary_in_turkish(turkish: None) -> None:
    """The end of hand 1 (from a late position of seed 7), read at 120x40 and at 80x24."""
    app = late_app(7)
    async with app.run_test(size=SIZES[0]) as pilot:
        await to_summary(pilot)
        assert isinstance(app.screen, HandSummaryScreen)
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            text = screen_text(app)
            assert "El 1/" in text and "ortadaki taşlar bitti" in text
            assert "202 (el açmadın)" in text  # the player's own seat, said to them
            assert "Enter: sonraki el · q: çık" in text
            footer = text.splitlines()[-1]
            assert "Sonraki el" in footer and "Çık" in footer
            if size == (120, 40):
                assert "Puan tablosu" in text and "Toplam" in text
            assert "not opened" not in text and "Score sheet" not in text


async def test_help_in_turkish(turkish: None) -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rules = app.screen.query_one("#rules", Static)
        page = getattr(rules.content, "renderable", None)  # the page, drawn in its own theme
        assert isinstance(page, Markdown)
        assert "okey101'in oynadığı kurallar" in page.markup
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            text = screen_text(app)
            assert "Birkaç tuşla bir tur" in text  # a turn's keys, then every key (Tuşlar)
            assert "Kapat" in text.splitlines()[-1]
        # Keys named by a word are named in Turkish, as the tips name them ("boşluk seçer").
        await pilot.resize_terminal(*SIZES[0])
        await pilot.pause()
        # The full list of keys, after a turn's keys, as drawn (paging to it raced the
        # scroll on a busy machine).
        keys = app.screen.query_one("#help-keys", Static)
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(keys.content)
        rows = [line.strip() for line in console.export_text().splitlines()]
        assert any(row.startswith("boşluk ") and "seç" in row for row in rows), rows
        assert not any(row.startswith("space ") for row in rows), rows


@pytest.mark.parametrize("size", SIZES)
async def test_the_table_in_turkish_nothing_cut(turkish: None, size: tuple[int, int]) -> None:
    """The table after a sort: Turkish words in the panels, the status line and the
    footer, every key of the footer whole, no English left."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        assert "Gösterge" in text and "Orta:" in text and "El 1/" in text
        assert "Sen" in text and "Senin" in text  # the player who gave no name, and their pile
        assert "Dizildi: seri ve gruplarda 105 puan · o öbekleri hazırlar" in text
        footer = "\n".join(lines[-2:])
        # (The starter's first turn: no draw, so no d Çek, t Al or g Geri ver. Below 100
        # columns the bar leaves out the greyed keys: a İşle, w Okey al, b Geri al.)
        greyed = ("İşle", "Okey al", "Geri al")
        for label in ("Aç", *greyed, "At", "Diz", "Çiftler", "Yardım"):
            shown = f" {label} " in f" {footer} ".replace("\n", " ")
            assert shown == (label not in greyed or size[0] >= 100), (label, footer)
        for word in ("Indicator", "Middle", "Draw", "Sorted", "pile", "You"):
            assert word not in text, word
        # The pile panels' subtitles fit their borders (no "…").
        assert "…" not in text


async def test_a_refusal_and_a_long_status_in_turkish(turkish: None) -> None:
    """The engine's refusal in Turkish from its code; a status longer than the screen
    takes a second line at 80x24 instead of being cut."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")  # the starter has 22 tiles: no draw on the first turn
        await pilot.pause()
        text = screen_text(app)
        assert "başlayan oyuncu ilk turunda taş çekmez" in text
        assert "per indir ya da taş at" in " ".join(text.split())  # the end of it, not cut


async def test_the_practice_hint_panel_in_turkish(turkish: None) -> None:
    """The hint panel of a practice table: the expert's choice and its reasons in Turkish."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        for _ in range(50):  # the expert thinks in a worker
            await pilot.pause(0.05)
            if "Uzmanın seçimi" in screen_text(app):
                break
        text = screen_text(app)
        assert "Uzmanın seçimi" in text and "Istakandaki en iyi açılış" in text
        assert "İpuçları açık: h gizler" in text
        assert "The expert" not in text


@pytest.mark.parametrize("size", SIZES)
async def test_piles_are_titled_by_whose_they_are_in_turkish(
    turkish: None, size: tuple[int, int]
) -> None:
    """A narrow pile box is titled with the name in the genitive (Zeynep'in), never the bare
    name that titles the player's own box beside it."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        titles = [w.border_title for w in app.screen.query(".player, .pile")]
        assert len(titles) == len(set(titles)) == 8
        piles = {w.seat: w.border_title for w in app.screen.query(".pile")}
        names = [seat.name for seat in app.screen.table.seats()]
        assert {piles[1], piles[2], piles[3]} <= {
            "Ayşe'nin",
            "Mehmet'in",
            "Zeynep'in",
            *(f"{n} — atılanlar" for n in names),
        }


async def test_the_hot_seat_recap_since_your_last_turn_speaks_to_the_player(
    turkish: None,
) -> None:
    """The privacy screen's heading over what happened since the incoming person's last turn
    says "your" turn in Turkish: "Son turundan beri" could read as "since his/her last turn"."""
    from rich.text import Text
    from textual.app import App

    from okey_tui.ui.screens.privacy import PrivacyScreen

    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(PrivacyScreen("Mehmet", Text("Ayşe R5 attı")))
        await pilot.pause()
        text = screen_text(app)
        assert "Son sırandan beri" in text
        assert "Son turundan beri" not in text


async def test_the_key_bar_keeps_the_line_the_undo_key_needed(turkish: None) -> None:
    """At a Turkish practice table, 120 columns: u (undo) comes after a move and took
    the key bar to a second line; it went back to one line when u went, and the whole
    table moved a row down and up again, turn after turn. Then the bar kept two lines at
    120 columns, where the English bar takes one. Now it keeps to one line (one space
    between keys, a greyed key left out at most), with u and without, so the rack stays
    where it is."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#keys")
        rack = app.screen.query_one("#rack")
        assert bar.size.height == 1 and "x At" in str(bar.render())
        where = rack.region
        await pilot.press("s", "o", "enter")  # the opening: a move, so u comes
        await pilot.pause()
        assert "u " in str(bar.render()) and bar.size.height == 1
        assert rack.region == where
        await pilot.press("x")
        await wait_for_human(pilot, app)  # a new turn: nothing to undo, u has gone
        assert "u " not in str(bar.render())
        assert bar.size.height == 1 and rack.region == where


def test_turkish_lines_inflect_a_persons_name() -> None:
    """ "Ekranı Ayşe oyuncusuna ver" and "Sıra Mehmet oyuncusunda" went round the name:
    Turkish puts the case on the name itself, by its sound (and English leaves it)."""
    names = ("Ayşe", "Mehmet", "Can", "Oya", "Zeynep", "Umut", "Gül", "Bot 2", "Bot 3")
    assert [i18n.to_name(n) for n in names[:4]] == ["Ayşe", "Mehmet", "Can", "Oya"]
    i18n.set_language("tr")
    assert [i18n.to_name(n) for n in names] == [
        "Ayşe'ye", "Mehmet'e", "Can'a", "Oya'ya", "Zeynep'e", "Umut'a", "Gül'e", "Bot 2'ye",
        "Bot 3'e",
    ]  # fmt: skip
    assert [i18n.at_name(n) for n in names] == [
        "Ayşe'de", "Mehmet'te", "Can'da", "Oya'da", "Zeynep'te", "Umut'ta", "Gül'de",
        "Bot 2'de", "Bot 3'te",
    ]  # fmt: skip


async def test_the_terminal_passes_to_a_name_said_in_turkish(turkish: None) -> None:
    app = table_app(OPENING_SEED, humans=2, human_names=("Mehmet",), name="Ayşe")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            if "Ekranı" in screen_text(app):
                break
            await pilot.pause(0.01)
        text = screen_text(app)
        assert "Ekranı Ayşe'ye ver — hazır olunca Enter" in text, text
