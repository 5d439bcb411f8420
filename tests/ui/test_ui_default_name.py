"""The default name follows the language, and is kept as the untranslated default.

A table played in Turkish (the settings' name "You", shown "Sen"), then Language set to
English on the new-table screen and Enter: the player's panel said "▶ Sen" in English,
settings.json kept "Sen" as a name of its own, and ``okey101 stats`` listed the player
as "Sen", split off from the earlier hands recorded under "You".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from ui_helpers import wait_for_screen

from okey_tui import i18n, stats, storage
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.settings import DEFAULT_NAME, TableSettings, load_settings, save_settings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.setup import NewTableScreen, OptionRow
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.session import summarise_save
from okey_tui.ui.widgets.board import PlayerPanel


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


async def switch_language_and_start(start: str, typed: str | None) -> str:
    """The new-table screen in ``start``'s language, the name box typed over with
    ``typed`` (None: left with the default), the language changed, then Enter: the
    title of the player's panel at the table."""
    save_settings(TableSettings(bots=("easy", "easy", "easy"), language=start))
    i18n.set_language(start)
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        box = screen.query_one("#opt-name", Input)
        assert box.value == i18n._(DEFAULT_NAME)
        if typed is not None:
            box.value = typed
        screen.query_one("#opt-lang", OptionRow).focus()
        await pilot.press("left" if start == "tr" else "right")
        await pilot.pause()
        assert i18n.current_language() != start
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        await pilot.pause()
        panels = [p for p in app.screen.query(PlayerPanel) if p.seat == 0]
        return str(panels[0].border_title)


@pytest.mark.parametrize(("start", "shown"), [("tr", "You"), ("en", "Sen")])
async def test_the_default_name_follows_a_new_language(start: str, shown: str) -> None:
    title = await switch_language_and_start(start, None)
    assert title.removeprefix("▶ ") == shown, title
    assert load_settings().name == DEFAULT_NAME
    assert '"name": "You"' in load_settings_text()


async def test_a_typed_name_stays_as_typed_when_the_language_changes() -> None:
    title = await switch_language_and_start("tr", "Ayşe")
    assert title.removeprefix("▶ ") == "Ayşe", title
    assert load_settings().name == "Ayşe"


def load_settings_text() -> str:
    from okey_tui.settings import settings_path

    return settings_path().read_text(encoding="utf-8")


def test_hands_recorded_under_the_translated_default_count_with_the_default() -> None:
    """Hands written under "Sen" (by the screen that kept the Turkish word) and under
    "You" are one player's: ``okey101 stats`` sums them under the default name."""
    record = {
        "type": "classic",
        "seats": [
            {"name": "You", "kind": "human", "score": 12, "opened": None},
            {"name": "Sen", "kind": "easy", "score": 40, "opened": None},
        ],
    }
    turkish = {**record, "seats": [{**record["seats"][0], "name": "Sen"}, record["seats"][1]]}
    typed = {**record, "seats": [{**record["seats"][0], "name": "Ayşe"}, record["seats"][1]]}
    players = stats.summarise([record, turkish, typed])
    assert sorted(players) == ["Ayşe", "You"]
    assert players["You"].hands == 2


async def start_two_people(typed: str | None) -> Path:
    """An English new-table screen set to two people, the names line typed over with
    ``typed`` (None: left with the default), then Enter: the match saved as it stands."""
    save_settings(TableSettings(bots=("easy", "easy", "easy"), language="en"))
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        screen.query_one("#opt-people", OptionRow).focus()
        await pilot.press("right")
        await pilot.pause()
        if typed is not None:
            screen.query_one("#opt-name", Input).value = typed
        await pilot.press("enter")
        # The first person is asked to take the terminal: the table is behind that screen.
        await wait_for_screen(pilot, app, PrivacyScreen)
        session = app.session
        assert session is not None and len(session.humans) == 2
        path = storage.save_path_for("20261201-100000-aaaa")
        path.parent.mkdir(parents=True, exist_ok=True)
        storage.save(session.match, session.save_extra(), path)
        return path


def people_named(path: Path, language: str) -> list[str]:
    """The people of the match saved at ``path`` as the list of saves names them in
    ``language``."""
    i18n.set_language(language)
    saved = storage.load(path)
    assert saved is not None
    summary = summarise_save(storage.SaveEntry(path.stem, path, saved))
    return [name for _seat, name, _score in summary.people_scores]


async def test_default_names_at_a_shared_terminal_are_said_alike_in_any_language() -> None:
    """Two people at an English table, the name left as it was: the save kept the first
    person's name as the English "Player 1" and the second's as none, so a Turkish list
    of saves read "Player 1 0, Oyuncu 2 0". Both are said in the language of the screen."""
    path = await start_two_people(None)
    assert people_named(path, "en") == ["Player 1", "Player 2"]
    assert people_named(path, "tr") == ["Oyuncu 1", "Oyuncu 2"]


@pytest.mark.parametrize(
    ("typed", "named"),
    [("Ayşe, Mehmet", ["Ayşe", "Mehmet"]), ("Player 7, Can", ["Player 7", "Can"])],
)
async def test_a_typed_name_at_a_shared_terminal_stays_as_typed(
    typed: str, named: list[str]
) -> None:
    path = await start_two_people(typed)
    assert people_named(path, "tr") == named


@pytest.mark.parametrize("kept", ["Player 1", "Oyuncu 1"])
def test_a_save_that_kept_player_1_still_loads_and_reads_alike(kept: str) -> None:
    """A save of an older okey101 holds the first person's default name as words of its
    day ("Player 1", "Oyuncu 1"): it loads, and says both people in one language."""
    path = storage.save_path_for("20261201-100000-aaaa")
    path.parent.mkdir(parents=True, exist_ok=True)
    extra = {"name": kept, "humans": [0, 2], "human_names": [], "levels": ["easy"] * 3}
    storage.save(Match(RuleSet(hands=3), seed=3), extra, path)
    assert people_named(path, "tr") == ["Oyuncu 1", "Oyuncu 2"]
    assert people_named(path, "en") == ["Player 1", "Player 2"]
