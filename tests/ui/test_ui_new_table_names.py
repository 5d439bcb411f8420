"""The new-table screen's names line: a name for every person here, as ``play --names``
asks."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from okey_tui import i18n
from okey_tui.settings import load_settings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.setup import NewTableScreen, OptionRow


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


async def choose_people(pilot, screen: NewTableScreen, steps: int) -> None:
    """People here stepped ``steps`` times to the right from where it is."""
    screen.query_one("#opt-people", OptionRow).focus()
    await pilot.press(*["right"] * steps)
    await pilot.pause()


async def type_names(pilot, screen: NewTableScreen, names: str) -> None:
    box = screen.query_one("#opt-name", Input)
    box.focus()
    box.value = ""
    await pilot.press(*names)
    await pilot.pause()


def about(screen: NewTableScreen) -> str:
    return str(screen.query_one("#new-table-about").render())


@pytest.mark.parametrize(
    ("steps", "names", "said"),
    [
        (3, "Ali,Veli", "2 names for 3 people (People here): give every person a name"),
        (4, "Ali", "1 name for 4 people (People here): give every person a name"),
        (
            1,
            "Ali,Veli,Cem",
            "3 names for 2 people (People here): give 2 names, one for each person",
        ),
        (0, "Ali,Veli", "2 names for 1 person (People here): give one name"),
    ],
)
async def test_names_for_other_than_the_people_here_are_refused_and_not_remembered(
    steps: int, names: str, said: str
) -> None:
    """People here 3 and the names Ali,Veli: the match started with a third person called
    "Player 3", no word said (play --humans 3 --names Ali,Veli refuses it), and humans 3
    with the one name Veli was remembered. Enter refuses it, says why on the toast and
    under the form, and Esc leaves the remembered people as they were."""
    before = load_settings()
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        await choose_people(pilot, screen, steps)
        await type_names(pilot, screen, names)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and app.session is None  # not started
        assert about(screen).startswith(said), about(screen)
        assert any(n.message.startswith(said) for n in app._notifications)
        assert app.focused is screen.query_one("#opt-name")
        await pilot.press("escape")
        await pilot.pause()
    after = load_settings()
    assert (after.humans, after.name, after.human_names) == (
        before.humans,
        before.name,
        before.human_names,
    )


async def test_a_name_for_every_person_starts_and_is_remembered() -> None:
    """The names line said wrong is said so until it changes; with a name for each of the
    three people the match starts with them, and they are remembered."""
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        await choose_people(pilot, screen, 3)
        await type_names(pilot, screen, "Ali,Veli")
        await pilot.press("enter")
        await pilot.pause()
        assert "2 names for 3 people" in about(screen)
        await pilot.press(*",Cem")
        await pilot.pause()
        assert "names for" not in about(screen)  # the line's meaning again
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None
        assert [app.session.seat_name(seat) for seat in app.session.humans] == [
            "Ali",
            "Veli",
            "Cem",
        ]
    remembered = load_settings()
    assert (remembered.humans, remembered.name, remembered.human_names) == (
        3,
        "Ali",
        ("Veli", "Cem"),
    )


async def test_the_untouched_name_line_seats_every_person_by_their_seat() -> None:
    """The names line left as it was (the default name) gives no names: three people are
    called by their seats, as play --humans 3 calls them."""
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        await choose_people(pilot, screen, 3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None
        assert [app.session.seat_name(seat) for seat in app.session.humans] == [
            "Player 1",
            "Player 2",
            "Player 3",
        ]


async def test_a_names_line_refused_is_kept_as_typed_in_another_language() -> None:
    """The form is made anew in another language: a names line Enter refuses keeps every
    name typed (the one past the people was gone, and Enter then took the rest)."""
    app = make_app(ask=True, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        await choose_people(pilot, screen, 1)  # 2 across
        await type_names(pilot, screen, "Ali,Veli,Cem")
        screen.query_one("#opt-lang", OptionRow).focus()
        await pilot.press("right")
        await pilot.pause()
        assert i18n.current_language() == "tr"
        assert screen.query_one("#opt-name", Input).value == "Ali,Veli,Cem"
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is None
