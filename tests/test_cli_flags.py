"""The flags of ``okey101 play`` and the other commands, as a play-tester met them: a name for
every person at a hot-seat table, ``--lang`` after the command too, and a number out of its
range refused in okey101's own words (what it must be, what was given), exit 2."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from okey_tui.cli import COMMANDS, main


class _NoTable:
    """Stands in for the app: a flag that should have been refused must not open a table."""

    opened: list[object] = []

    def __init__(self, **kwargs: object) -> None:
        _NoTable.opened.append(kwargs.get("settings"))

    def run(self) -> None:
        pass

    def leave_note(self) -> str | None:
        return None  # no match was played


@pytest.fixture(autouse=True)
def _no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from okey_tui.ui import app

    _NoTable.opened = []
    monkeypatch.setattr(app, "make_app", _NoTable)


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": "80"}, prog_name="okey101")
    assert "Traceback" not in result.output
    return result


# -- a name for every person --------------------------------------------------------------


@pytest.mark.parametrize(
    ("humans", "names", "said"),
    [
        # The second person sat as "Player 2".
        (
            "2",
            "Ayşe",
            "1 name for 2 people (--humans 2): give every person a name, like Ayşe,Mehmet",
        ),
        (
            "3",
            "Ayşe,Mehmet",
            "2 names for 3 people (--humans 3): give every person a name, like Ayşe,Mehmet",
        ),
        ("4", "Ayşe, Mehmet ,Can", "3 names for 4 people (--humans 4)"),
        # More names than people: refused already, in the same words.
        (
            "2",
            "Ayşe,Mehmet,Can",
            "3 names for 2 people (--humans 2): give 2 names, one for each person",
        ),
    ],
)
def test_humans_takes_exactly_one_name_a_person(humans: str, names: str, said: str) -> None:
    result = run("play", "--humans", humans, "--names", names, "--seed", "3")
    assert result.exit_code == 2, result.output
    assert "Usage: okey101 play" in result.output
    assert "--names" in result.output and said in result.output
    assert _NoTable.opened == []


def test_humans_with_as_many_names_still_seats_them() -> None:
    result = run("play", "--humans", "3", "--names", "Ayşe,Mehmet,Can", "--seed", "3")
    assert result.exit_code == 0, result.output
    (settings,) = _NoTable.opened
    assert settings.humans == 3  # type: ignore[attr-defined]
    assert (settings.name, *settings.human_names) == ("Ayşe", "Mehmet", "Can")  # type: ignore[attr-defined]


def test_humans_without_names_still_seats_players_by_number() -> None:
    """No names at all is no half-named table: the people are Player 1, Player 2."""
    result = run("play", "--humans", "2", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert len(_NoTable.opened) == 1


# -- --lang after the command ---------------------------------------------------------------


def test_lang_after_play_is_taken() -> None:
    """``okey101 play --lang tr`` said "No such option '--lang'"; now it speaks Turkish, as
    ``okey101 --lang tr play`` does."""
    after = run("play", "--lang", "tr", "--hands", "4")
    before = run("--lang", "tr", "play", "--hands", "4")
    assert after.exit_code == before.exit_code == 2
    assert "No such option" not in after.output
    assert "Hata:" in after.output and "el sürer" in after.output
    assert after.output == before.output


def test_lang_after_play_starts_the_table_in_that_language() -> None:
    from okey_tui import i18n

    result = run("play", "--seed", "3", "--lang=tr")
    assert result.exit_code == 0, result.output
    assert len(_NoTable.opened) == 1
    assert i18n.current_language() == "tr"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_takes_lang_after_it(command: str) -> None:
    result = run(command, "--lang", "tr", "--help")
    assert result.exit_code == 0, result.output
    assert "Bu yardımı göster ve çık." in result.output
    assert "--lang [en|tr]" in result.output  # and its help says so
    english = run(command, "--help")
    assert "Show this message and exit." in english.output and "--lang" in english.output


def test_lang_after_a_command_has_the_effect_of_lang_before_it() -> None:
    assert (
        run("rules", "--plain", "--lang", "tr").output
        == run("--lang", "tr", "rules", "--plain").output
    )
    assert run("stats", "--lang", "tr").output == run("--lang", "tr", "stats").output


def test_the_last_lang_given_is_spoken() -> None:
    result = run("--lang", "en", "play", "--lang", "tr", "--hands", "4")
    assert result.exit_code == 2 and "Hata:" in result.output


def test_a_bad_lang_after_the_command_exits_2_naming_it() -> None:
    result = run("play", "--lang", "de")
    assert result.exit_code == 2
    assert "--lang" in result.output and "'de'" in result.output
    assert _NoTable.opened == []


def test_the_groups_help_still_shows_lang() -> None:
    result = run("--help")
    assert result.exit_code == 0 and "--lang [en|tr]" in result.output


# -- numbers out of range -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # Too many hands is told as an even number of hands is.
        (
            ["play", "--hands", "15"],
            "Invalid value for '--hands': a match is 1, 3, 5, 7, 9, 11 or 13 hands, not 15",
        ),
        (["play", "--hands", "0"], "a match is 1, 3, 5, 7, 9, 11 or 13 hands, not 0"),
        (["play", "--hands", "4"], "a match is 1, 3, 5, 7, 9, 11 or 13 hands, not 4"),
        (["play", "--humans", "5"], "Invalid value for '--humans': a number from 1 to 4, not 5"),
        (["play", "--humans", "0"], "a number from 1 to 4, not 0"),
        (
            ["play", "--bot-delay", "-1"],
            "Invalid value for '--bot-delay': a number from 0 to 10, not -1",
        ),
        (["play", "--bot-delay", "11.5"], "a number from 0 to 10, not 11.5"),
        # Python reads "1_0" as 10: a number is written in digits alone.
        (["play", "--bot-delay", "1_0"], "a number from 0 to 10, not 1_0"),
        (["simulate", "--matches", "1_0"], "a whole number, not 1_0"),
        (["host", "--hands", "4"], "a match is 1, 3, 5, 7, 9, 11 or 13 hands, not 4"),
        (["host", "--start-at", "5"], "a number from 1 to 4, not 5"),
        (["host", "--port", "70000"], "a number from 0 to 65535, not 70000"),
        (["web", "--idle-minutes", "0"], "a number from 0.1 to 1440, not 0"),
        (["web", "--max-visitors", "0"], "a number from 1 to 500, not 0"),
        (
            ["hint", "--floor", "-3", "R1"],
            "Invalid value for '--floor': a number from 1 to 286, not -3",
        ),
    ],
)
def test_a_number_out_of_range_is_refused_in_okey101s_words(args: list[str], said: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert said in result.output
    assert "Usage: okey101 " in result.output  # with the usage line, as every bad flag
    assert "not in the range" not in result.output and "<=x<=" not in result.output
    assert _NoTable.opened == []


def test_numbers_in_range_are_taken() -> None:
    result = run("play", "--hands", "13", "--humans", "4", "--bot-delay", "0", "--seed", "1")
    assert result.exit_code == 0, result.output
    (settings,) = _NoTable.opened
    assert settings.hands == 13 and settings.humans == 4  # type: ignore[attr-defined]


def test_the_help_still_shows_each_range() -> None:
    result = run("play", "--help")
    assert "[1<=x<=13]" in result.output and "[1<=x<=4]" in result.output


# -- the command that deals a match again ---------------------------------------------------


@pytest.mark.parametrize(
    "remembered",
    [
        {},
        # A player who remembered other choices than the match's: the command dealt a
        # match of hard bots, or a rising one, where the match had normal bots and was
        # classic, and kept a remembered practice or hot-seat table.
        {"bots": ("hard", "hard", "hard"), "game_type": "rising", "hands": 3},
        {
            "penalties": False,
            "partners": True,
            "practice": True,
            "finisher_scores_zero": True,
            "give_back_penalty": True,
            "humans": 2,
            "human_names": ("Mehmet",),
            "name": "Ayşe",
        },
    ],
)
@pytest.mark.parametrize(
    ("rules", "levels", "practice"),
    [
        ({"hands": 1}, ("normal",) * 3, False),
        (
            {"hands": 5, "game_type": "challenge", "penalties": False},
            ("easy", "hard", "expert"),
            True,
        ),
        (
            {"partners": True, "pairs_opener_lays_off": True, "finish_opening_needs_floor": True},
            ("hard",) * 3,
            False,
        ),
    ],
)
def test_the_command_that_deals_a_match_again_seats_the_same_table_whatever_was_remembered(
    remembered: dict[str, object], rules: dict[str, object], levels: tuple[str, ...], practice: bool
) -> None:
    """The end of a match says the command that deals it again. It left out what was the
    default (normal bots, a classic table, no practice), and the flags it gave were laid
    over the player's remembered choices: after remembering hard bots, it dealt the same
    seed to three hard bots. Whatever is remembered, the command seats the match's table."""
    import shlex

    from okey_tui.engine.rules import GameType, RuleSet
    from okey_tui.settings import TableSettings, replay_command, save_settings

    assert not save_settings(TableSettings().with_changes(**remembered))
    match_rules = RuleSet(**{**rules, "game_type": GameType(rules.get("game_type", "classic"))})
    command = replay_command(42, match_rules, levels=levels, practice=practice)
    words = shlex.split(command)
    assert words[:2] == ["okey101", "play"], command
    result = run(*words[1:])
    assert result.exit_code == 0, result.output
    (settings,) = _NoTable.opened
    assert isinstance(settings, TableSettings)
    assert settings.rules() == match_rules, command
    assert settings.bots == levels, command
    assert settings.practice is practice, command
    assert settings.humans == 1, command
    # The player's own choices stay theirs: the name they go by.
    assert settings.name == remembered.get("name", "You"), command


def test_defaults_start_from_the_built_in_table_choices_and_keep_the_players_own() -> None:
    from okey_tui.settings import TableSettings, save_settings

    kept = TableSettings(
        bots=("hard",) * 3,
        game_type="rising",
        practice=True,
        name="Ayşe",
        bot_delay=1.2,
        theme="dark",
        finisher_scores_zero=True,
    )
    assert not save_settings(kept)
    assert run("play", "--defaults").exit_code == 0  # the flag alone skips the screen too
    assert run("play", "--defaults", "--bots", "easy").exit_code == 0
    alone, easy = _NoTable.opened
    assert alone == TableSettings(name="Ayşe", bot_delay=1.2, theme="dark")
    assert isinstance(easy, TableSettings) and easy.bots == ("easy",) * 3
    assert easy.rules() == TableSettings().rules() and not easy.practice
    result = run("play", "--defaults", "--resume")
    assert result.exit_code == 2 and "--resume" in result.output, result.output
    result = run("play", "--no-practice", "--no-tips")
    assert result.exit_code == 2 and "leave out --no-practice" in result.output, result.output
