"""A choice is taken by its English word or by its name in the player's language, and the
options play, host and simulate share are said one way."""

from __future__ import annotations

import json
from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner, Result

from okey_tui import i18n
from okey_tui.cli import main
from okey_tui.commands.host import host
from okey_tui.commands.play import play
from okey_tui.commands.simulate import simulate

SIMULATE = ["simulate", "--matches", "1", "--hands", "1", "--seed", "3"]


@pytest.fixture
def turkish() -> Iterator[None]:
    i18n.set_language("tr")
    try:
        yield
    finally:
        i18n.set_language("en")


def run(*args: str) -> Result:
    try:
        result = CliRunner().invoke(main, list(args), env={"COLUMNS": "80"})
    finally:
        i18n.set_language("en")
    assert "Traceback" not in result.output, result.output
    return result


def _type_given(command: click.Command, word: str) -> object:
    """The game type ``command --type word`` asks for (the arguments read, nothing run)."""
    with command.make_context(command.name or "", ["--type", word]) as ctx:
        return ctx.params["game_type"]


@pytest.mark.parametrize(
    ("word", "game_type"),
    [
        ("klasik", "classic"),
        ("KLASİK", "classic"),  # Turkish upper case: İ, not I
        ("Yükselen", "rising"),
        ("düello", "challenge"),
        ("51", "51"),
        ("Challenge", "challenge"),  # the English words still
    ],
)
@pytest.mark.usefixtures("turkish")
def test_play_and_host_take_a_game_type_by_its_turkish_name(word: str, game_type: str) -> None:
    """The Turkish help said "classic (klasik)", but --type klasik was refused."""
    assert _type_given(play, word) == game_type
    assert _type_given(host, word) == game_type


def test_simulate_takes_a_game_type_by_its_turkish_name() -> None:
    result = run("--lang", "tr", *SIMULATE, "--type", "DÜELLO", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rules"].startswith("challenge/")


def test_a_wrong_game_type_is_refused_with_both_names() -> None:
    result = run("--lang", "tr", *SIMULATE, "--type", "hızlı")
    assert result.exit_code == 2, result.output
    for names in ("hızlı", "classic (klasik)", "rising (yükselen)", "challenge (düello)", "51"):
        assert names in result.output, result.output
    # In English the refusal lists the English words (the types have no other name there).
    result = run(*SIMULATE, "--type", "hızlı")
    assert result.exit_code == 2, result.output
    assert "hızlı" in result.output and "classic, rising, challenge" in result.output


def test_a_turkish_name_is_taken_whatever_language_the_game_speaks() -> None:
    """The README's `--type klasik` (and `--bots kolay,zor,uzman`) was refused by a game
    speaking English: a Turkish player at an English terminal typed what they knew."""
    result = run(*SIMULATE, "--type", "klasik", "--seats", "kolay,zor,uzman,normal", "--json")
    assert result.exit_code == 0, result.output
    said = json.loads(result.output)
    assert said["rules"].startswith("classic/")
    assert [seat["bot"] for seat in said["seats"]] == ["easy", "hard", "expert", "normal"]


@pytest.mark.usefixtures("turkish")
def test_play_refuses_a_wrong_game_type_with_both_names() -> None:
    with pytest.raises(click.BadParameter) as refused:
        _type_given(play, "speed")
    said = refused.value.format_message()
    assert "speed" in said and "rising (yükselen)" in said, said


def test_a_wrong_bot_level_is_refused_with_both_names() -> None:
    """play --bots listed only the English words of the levels it takes in Turkish; simulate
    --seats said it another way."""
    for args in (["play", "--bots", "foo"], [*SIMULATE, "--seats", "foo,easy,easy,easy"]):
        result = run("--lang", "tr", *args)
        assert result.exit_code == 2, result.output
        for names in ("foo", "easy (kolay)", "hard (zor)", "expert (uzman)"):
            assert names in result.output, result.output
    said = [
        run(*args).output
        for args in (["play", "--bots", "foo"], [*SIMULATE, "--seats", "foo,easy,easy,easy"])
    ]
    assert all("no bot level is called foo" in out for out in said), said


def test_host_names_the_bot_seats_as_play_does() -> None:
    """host --help said "three for seats 2-4", play --help "(right, across, left)"."""
    out = " ".join(run("host", "--help").output.split())
    assert "seats 2-4" not in out
    assert "right, across, left of the host's seat" in out, out
    assert "(right, across, left)" in " ".join(run("play", "--help").output.split())


SHARED = ("game_type", "hands", "seed", "partners", "no_penalty")


def _helps(command: click.Command) -> dict[str, str | None]:
    """Each shared option's help as written (in English): a command run in another language
    earlier in the same process has its helps translated until it is run again."""
    return {
        p.name: p.__dict__.get("_okey101_english", getattr(p, "help", None))
        for p in command.params
        if p.name in SHARED
    }


def test_simulate_says_the_options_it_shares_with_play_as_play_does() -> None:
    """simulate --seed said "Seed: the same seed, the same games.", --type only "The game
    type.", --partners and --no-penalty and --hands other words again."""
    assert _helps(simulate) == _helps(play), (_helps(simulate), _helps(play))
    assert len(_helps(simulate)) == len(SHARED)
    result = run(*SIMULATE, "--hands", "4")
    assert result.exit_code == 2
    assert "a match is 1, 3, 5, 7, 9, 11 or 13 hands, not 4" in result.output, result.output
    assert "--seats LEVEL,LEVEL,LEVEL,LEVEL" in run("simulate", "--help").output


@pytest.mark.parametrize("command", ["play", "host", "join"])
def test_a_name_is_refused_in_the_same_words_at_every_command(command: str) -> None:
    """host and join said "a name is 1-16 characters" of an empty name and of a long one,
    where play said what was wrong; a name of 5000 characters was printed back whole."""
    before = [command] + (["127.0.0.1:9", "ABC123"] if command == "join" else [])
    empty = run(*before, "--name", " ")
    assert empty.exit_code == 2 and "give a name, like Ayşe" in empty.output, empty.output
    long = run(*before, "--name", "x" * 5000)
    said = " ".join(long.output.split())
    assert long.exit_code == 2, long.output
    assert f"{'x' * 20}… is 5000 characters: give a name of at most 16" in said, said
    assert "x" * 21 not in said
    shown = run(*before, "--name", "Abdurrahmangazi Yılmaz")
    assert "Abdurrahmangazi Yılmaz is 22 characters" in " ".join(shown.output.split())


def test_host_resume_of_a_match_at_home_points_to_play_resume() -> None:
    """host --resume with the id of a match played at a table at home said only "there is no
    hosted table": it says where that match is resumed."""
    from okey_tui import storage
    from okey_tui.settings import TableSettings
    from tests.ui.ui_helpers import _session

    session = _session(TableSettings(bots=("easy", "easy", "easy")), 3)
    path = storage.new_save_path()
    storage.save(session.match, session.save_extra(), path)
    match_id = path.stem
    result = run("host", "--resume", match_id[:12])
    said = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert f"okey101 play --resume {match_id} goes on with it" in said, said
