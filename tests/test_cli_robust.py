"""The command line with damaged files and hostile input: ``saves``, ``stats`` and
``play`` say what is wrong, exit with a status that says so, never a traceback; a refused
command changes nothing."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from click.testing import CliRunner, Result
from saved_matches import unfinished

from okey_tui import settings, stats, storage
from okey_tui.cli import main
from okey_tui.ui.app import OkeyApp


def run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=stdin, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    # An exit, never an exception (a traceback the runner caught).
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result


# -- a save time out of range ------------------------------------------------------------------


@pytest.mark.parametrize("saved_at", [1e300, math.nan, math.inf, -1e20])
def test_saves_lists_and_deletes_beside_a_save_time_out_of_range(saved_at: float) -> None:
    bad = unfinished("20990101-000016-pppp", saved_at=saved_at)
    good = unfinished("20990101-000017-qqqq")
    listed = run("saves")
    assert listed.exit_code == 0, listed.output
    assert bad.stem in listed.stdout and good.stem in listed.stdout
    document = json.loads(run("saves", "--json").stdout)
    assert {s["id"] for s in document["saves"]} == {bad.stem, good.stem}
    deleted = run("saves", "--delete", "20990101-000016", "-y")
    assert deleted.exit_code == 0 and f"Deleted the unfinished match {bad.stem}." in deleted.stdout
    assert not bad.exists() and good.exists()


def test_saves_never_prints_a_saved_name_s_escape_sequence() -> None:
    unfinished("20990101-000018-rrrr", extra={"name": "A\x1b[31mB\nC", "started": "x\x1b[0m"})
    listed = run("saves")
    assert listed.exit_code == 0 and "\x1b" not in listed.stdout
    assert "A [31mB C" in listed.stdout
    (match,) = json.loads(run("saves", "--json").stdout)["saves"]
    assert match["seats"][0] == "A [31mB C" and match["started"] == "2099-01-01 00:00"


def test_saves_delete_of_a_save_that_cannot_be_deleted_says_so() -> None:
    """A save that may not be deleted (here a folder in its place, full) ended in a
    traceback: said, exit 1, nothing deleted."""
    path = unfinished("20990101-000019-ssss")
    entry = storage.list_saves().find(path.stem)
    assert entry is not None
    from okey_tui.commands.saves import _delete_locked

    path.unlink()
    path.mkdir()
    (path / "inside").write_text("x", "utf-8")
    with pytest.raises(SystemExit) as caught:
        _delete_locked(path, "Delete?", yes=True)
    assert caught.value.code == 1 and path.is_dir()


# -- a refused play leaves the settings alone --------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["--no-tips"],
        ["--resume", "--seed", "4"],
        ["--resume", "nosuchmatch"],
        ["--hands", "4"],
        ["--name", "A\x1bB"],
    ],
    ids=["no-tips", "resume-flags", "resume-unknown", "hands", "name"],
)
@pytest.mark.parametrize(
    "written",
    ['{"version": 1, "table": {"hands": 4, "theme": "neon"}}', "garbage\n"],
    ids=["values", "garbage"],
)
def test_a_refused_play_leaves_the_settings_file_as_it_was(
    monkeypatch: pytest.MonkeyPatch, args: list[str], written: str
) -> None:
    """``play`` with a bad argument (exit 2) rewrote or renamed the settings file first,
    and never said so."""
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(written, "utf-8")
    result = run("play", *args)
    assert result.exit_code == 2, result.output
    assert built == []
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]
    assert path.read_text("utf-8") == written


def test_resume_refused_by_the_lock_changes_no_setting_and_says_what_it_set_aside() -> None:
    """Refused because another okey101 plays the match (exit 1), ``play --resume ID`` had
    set the settings file aside and said nothing of it, nor of a save it set aside."""
    path = unfinished("20990101-000020-tttt")
    broken = storage.save_path_for("20990101-000070-lost")
    broken.write_text("{", "utf-8")
    settings_file = settings.settings_path()
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("garbage\n", "utf-8")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from okey_tui import storage; "
            "lock = storage.MatchLock(Path(sys.argv[1])); print('held', flush=True); "
            "sys.stdin.read()",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        result = run("play", "--resume", "20990101-000020")
    finally:
        holder.communicate("")
    assert result.exit_code == 1
    assert "Another okey101 is playing this match" in result.stderr
    assert "20990101-000070-lost is unusable" in result.stderr  # said, not only done
    assert settings_file.read_text("utf-8") == "garbage\n"
    assert [p.name for p in settings_file.parent.iterdir()] == ["settings.json"]


def test_the_latest_match_played_elsewhere_says_the_others_can_be_resumed() -> None:
    """``play --resume`` (no ID) with the latest match open in another okey101: refused,
    and the older unfinished match was not mentioned."""
    unfinished("20990101-000010-olde")
    latest = unfinished("20990101-000020-newr")
    with storage.exclusive(latest):
        result = run("play", "--resume")
        alone = run("play", "--resume", "20990101-000020")  # asked for by its id: no hint
    assert result.exit_code == 1
    assert "Another okey101 is playing this match" in result.stderr
    assert "To resume another unfinished match: okey101 play --resume ID" in result.stderr
    assert alone.exit_code == 1 and "To resume another" not in alone.stderr


# -- the saves folder is a file ----------------------------------------------------------------


async def test_play_with_a_file_in_place_of_the_saves_folder_plays_unsaved_and_says_so() -> None:
    """``okey101 play`` ended in a FileExistsError traceback as the match started."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.table import TableScreen

    folder = storage.saves_dir()
    folder.parent.mkdir(parents=True)
    folder.write_text("i am a file\n", "utf-8")
    app = make_app(settings=TableSettings(bots=("easy",) * 3), ask=False, seed=125, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        session = app.session
        assert session is not None and session.save_path is None
        assert session.save_problem.startswith(
            ("something of that name is already there: ", "a file is in the way of a folder: ")
        ), session.save_problem
        for _ in range(100):
            if app.screen.query_one("#status").has_class("-error"):
                break
            await pilot.pause(0.01)
        status = str(app.screen.query_one("#status").render())
        assert "The match cannot be saved" in status and "is not being saved" in status
        assert app.leave_note() is None  # nobody played it: not kept anyway, nothing to say
        await pilot.press("x")  # the starter's first discard
        await pilot.pause()
        note = app.leave_note()
    assert note is not None and "could not be saved" in note and "not kept" in note
    assert folder.read_text("utf-8") == "i am a file\n"


def test_saves_with_a_file_in_place_of_the_data_folder_says_so_not_none(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """A file where the data folder should be: ``saves`` said "No unfinished matches" (exit
    0), as if the matches were gone; ``stats`` said what was wrong. It says so too."""
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder\n", "utf-8")
    monkeypatch.setenv("OKEY101_DATA_DIR", str(blocker / "data"))
    result = run("saves")
    assert result.exit_code == 1, result.output
    assert "No unfinished matches" not in result.output
    # Once: the hosted tables' folder, in the same place, said the same words again.
    assert result.stderr.count("Your saved matches could not be read") == 1, result.stderr
    deleted = run("saves", "--delete", "abc", "-y")
    assert deleted.exit_code == 2, deleted.output
    assert "unfinished: none" not in deleted.output, deleted.output
    assert "the saved matches could not be read" in deleted.output, deleted.output
    assert blocker.read_text("utf-8") == "not a folder\n"


# -- damaged statistics ------------------------------------------------------------------------


def test_stats_leaves_out_lines_it_cannot_read_and_says_how_many() -> None:
    path = stats.stats_path()
    path.parent.mkdir(parents=True)
    good = {"seats": [{"kind": "human", "name": "Ayşe", "score": 12}], "type": "classic"}
    lines = [
        json.dumps(good),
        '{"seats":[{"kind":"human","name":"Big","score":' + "9" * 400 + "}]}",
        '{"seats":[{"kind":"human","name":"Big","score":' + "9" * 5000 + "}]}",
    ]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    shown = run("stats")
    assert shown.exit_code == 0 and "Ayşe" in shown.stdout and "Big" not in shown.stdout
    assert "2 lines of" in shown.stderr and "left out" in shown.stderr
    document = json.loads(run("stats", "--json").stdout)
    assert list(document["players"]) == ["Ayşe"]


def test_stats_on_a_folder_in_place_of_the_file_says_so() -> None:
    path = stats.stats_path()
    path.mkdir(parents=True)
    for args in (["stats"], ["stats", "--json"], ["stats", "--reset", "-y"]):
        result = run(*args)
        assert result.exit_code == 1, args
        assert "a folder is in the way" in result.stderr and result.stdout == ""
    assert path.is_dir()  # not ours to delete


# -- names with control characters -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--name", "A\x1b[31mB"], "U+001B"),
        (["--name", "A\nB"], "U+000A"),
        (["--name", "Ay\u202ese"], "U+202E"),
        (["--name", "Ay\u200bse"], "U+200B"),
        (["--names", "Ayşe,Meh\u200dmet"], "U+200D"),
        (["--humans", "2", "--names", "Ayşe,\x07Mehmet"], "U+0007"),
    ],
    ids=["escape", "newline", "bidi", "zero-width", "names-joiner", "names-bell"],
)
def test_a_name_with_a_control_or_invisible_character_is_refused(
    monkeypatch: pytest.MonkeyPatch, args: list[str], code: str
) -> None:
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    result = run("play", "--seed", "3", *args)
    assert result.exit_code == 2 and built == []
    assert code in result.output and "control or invisible character" in result.output
    assert args[-2] in result.output
    assert "\x1b" not in result.output


@pytest.mark.parametrize(
    ("command", "name", "code"),
    [
        # A name typed in bytes that are not UTF-8 reaches Python as a lone surrogate: the
        # friend's game could not send it, and ended in a traceback.
        (["join", "127.0.0.1:9", "ABCD"], "A\udcffB", "U+DCFF"),
        (["join", "127.0.0.1:9", "ABCD"], "A\x1b[31mB", "U+001B"),
        (["host", "--port", "0"], "A\udcffB", "U+DCFF"),
        (["host", "--port", "0"], "Ay\u202ese", "U+202E"),
    ],
    ids=["join-not-utf8", "join-escape", "host-not-utf8", "host-bidi"],
)
def test_a_friend_or_host_name_with_a_character_a_table_cannot_show_is_refused(
    monkeypatch: pytest.MonkeyPatch, command: list[str], name: str, code: str
) -> None:
    from okey_tui.net.server import TableServer

    opened: list[object] = []
    monkeypatch.setattr(TableServer, "__init__", lambda self, *a, **k: opened.append(self))
    result = run(*command, "--name", name)
    assert result.exit_code == 2 and opened == []
    assert code in result.output and "control or invisible character" in result.output
    assert "--name" in result.output


def test_names_of_letters_spaces_and_punctuation_still_sit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    assert run("play", "--seed", "3", "--name", "Ayşe K.").exit_code == 0
    assert run("play", "--seed", "3", "--names", "Ayşe, Ümit-Can").exit_code == 0
    assert [app.settings.name for app in built] == ["Ayşe K.", "Ayşe"]


def test_a_file_where_the_locks_go_is_said_with_its_folder_and_what_to_do() -> None:
    """A file in the place of the locks folder ended ``play --resume`` with only
    "okey101: [Errno 20] Not a directory: '…/locks/saves'"; the match is untouched."""
    path = unfinished("20990101-000040")
    locks = storage.data_dir() / storage.LOCKS
    locks.write_text("not a folder\n", "utf-8")
    before = path.read_bytes()
    result = run("play", "--resume", "20990101-000040")
    assert result.exit_code == 1, result.output
    said = result.stderr
    assert "cannot be locked against a second okey101 in" in said and str(locks) in said, said
    assert "OKEY101_DATA_DIR" in said
    assert path.read_bytes() == before and locks.read_text("utf-8") == "not a folder\n"


def test_output_a_terminal_cannot_write_is_written_with_a_stand_in() -> None:
    """Where the output is Latin-1 (or ASCII), "Ayşe" in the list of saves and the
    Turkish rules ended in a traceback (UnicodeEncodeError): written with "?" instead."""
    import os

    unfinished("20990101-000030")  # Ayşe's, against Mehmet, Zeynep and Can
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    written = []
    for args in (["saves"], ["--lang", "tr", "rules"]):
        done = subprocess.run(
            [sys.executable, "-m", "okey_tui", *args],
            env=env,
            capture_output=True,
            timeout=60,
        )
        assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr[-500:]
        written.append(done.stdout)
    assert b"Ay?e" in written[0] and b"Okey" in written[1]


def test_resume_with_nothing_saved_leaves_the_new_matchs_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--resume`` with nothing to resume opens a new table; a match left unfinished
    there says how to continue it once the game closes, as ``okey101 play`` does (the
    note was lost with the screen)."""
    from okey_tui.ui import app

    class Played:
        def __init__(self, **kwargs: object) -> None:
            self.message = kwargs.get("message")

        def run(self) -> None:
            pass

        def leave_note(self) -> str:
            return "The match is saved. This continues it: okey101 play --resume X"

    monkeypatch.setattr(app, "make_app", Played)
    result = run("play", "--resume")
    assert result.exit_code == 0, result.output
    assert "This continues it: okey101 play --resume X" in result.output


@pytest.mark.parametrize(
    ("args", "saved"),
    [
        (["play", "--seed", "3"], False),
        (["play", "--resume"], True),
        # Nothing to resume: a new table, which ended in a traceback with no terminal.
        (["play", "--resume"], False),
        (["join", "127.0.0.1:9", "ABCD"], False),
    ],
    ids=["play", "resume", "resume-nothing-saved", "join"],
)
def test_with_its_input_a_file_or_a_pipe_the_game_says_so_and_exits(
    monkeypatch: pytest.MonkeyPatch, args: list[str], saved: bool
) -> None:
    """``okey101 play < /dev/null`` spun a core for ten minutes: Textual read the end of
    the input as keys again and again. It exits 1 saying why; nothing is saved."""
    from okey_tui import web

    monkeypatch.delenv(web.WEB_ENV, raising=False)
    if saved:
        unfinished("20990101-000001")
    before = {p.name: p.read_bytes() for p in storage.saves_dir().glob("*.json")}
    result = run(*args, stdin="")
    assert result.exit_code == 1, result.output
    assert "reads its keys from a terminal" in result.output
    assert {p.name: p.read_bytes() for p in storage.saves_dir().glob("*.json")} == before


def test_a_start_refused_for_no_terminal_remembers_none_of_its_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``play --type rising --hands 3 --remember < /dev/null`` was refused, and the next
    start found Rising and 3 hands remembered for a table that never opened."""
    from okey_tui import settings, web

    monkeypatch.delenv(web.WEB_ENV, raising=False)
    before = settings.load_settings()
    result = run("play", "--type", "rising", "--hands", "3", "--remember", stdin="")
    assert result.exit_code == 1, result.output
    assert "reads its keys from a terminal" in result.output
    after = settings.load_settings()
    assert (after.game_type, after.hands) == (before.game_type, before.hands)
    # A file of choices already there is left byte for byte as it was.
    settings.save_settings(settings.TableSettings(hands=5, name="Ayşe"))
    written = settings.settings_path().read_bytes()
    result = run("play", "--type", "rising", "--hands", "3", "--remember", stdin="")
    assert result.exit_code == 1, result.output
    assert settings.settings_path().read_bytes() == written


class _Stream:
    """A standard stream that is a terminal, or is not."""

    def __init__(self, terminal: bool) -> None:
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


@pytest.mark.parametrize("redirected", ["__stdout__", "__stderr__"])
def test_with_its_output_a_file_or_a_pipe_the_game_says_so_and_exits(
    monkeypatch: pytest.MonkeyPatch, redirected: str
) -> None:
    """``okey101 play | cat`` drew at 80x24 whatever the window (Textual reads the size from
    the output) and was deaf to resizes; with ``2> file`` it drew into the file and left
    the screen blank. It exits saying why, before anything is drawn or saved."""
    from okey_tui import web
    from okey_tui.ui.app import NoTerminalError, make_app

    monkeypatch.delenv(web.WEB_ENV, raising=False)
    monkeypatch.delenv("TERM", raising=False)
    monkeypatch.setattr(sys, "stdin", _Stream(True))
    for name in ("__stdout__", "__stderr__"):
        monkeypatch.setattr(sys, name, _Stream(name != redirected))
    app = make_app(ask=False, seed=3, bot_delay=0, remember=False)
    with pytest.raises(NoTerminalError, match="its output here goes to a file or a pipe"):
        app.run()
    assert not list(storage.saves_dir().glob("*.json"))


def test_with_its_errors_redirected_the_refusal_is_said_on_the_terminal_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    """``okey101 play 2> file``: the refusal went into the file alone, and the player saw
    the prompt come back with nothing said. It is written on the terminal too."""
    import click

    from okey_tui import web
    from okey_tui.commands import terminal
    from okey_tui.ui.app import make_app

    monkeypatch.delenv(web.WEB_ENV, raising=False)
    monkeypatch.delenv("TERM", raising=False)
    tty = tmp_path / "tty"
    tty.write_text("")
    monkeypatch.setattr(terminal, "TTY", str(tty))
    monkeypatch.setattr(sys, "stdin", _Stream(True))
    monkeypatch.setattr(sys, "stderr", _Stream(False))
    for name in ("__stdout__", "__stderr__"):
        monkeypatch.setattr(sys, name, _Stream(name == "__stdout__"))
    app = make_app(ask=False, seed=3, bot_delay=0, remember=False)
    with pytest.raises(click.ClickException, match="its output here goes to a file or a pipe"):
        terminal.run_app(app)
    said = tty.read_text()
    assert said.startswith("Error: okey101 draws its screen on the terminal"), said


@pytest.mark.parametrize("args", [["play"], ["play", "--seed", "3"]], ids=["play", "flags"])
def test_in_a_dumb_terminal_the_game_says_so_and_exits(
    monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """In an editor's shell buffer (TERM=dumb) the screen's drawing came out as escape
    codes; the game exits 1 saying why and what to do, nothing saved."""
    from okey_tui import web

    monkeypatch.delenv(web.WEB_ENV, raising=False)
    result = CliRunner().invoke(main, args, env={"TERM": "dumb", "COLUMNS": "200"})
    assert result.exit_code == 1, result.output
    assert "(TERM=dumb)" in result.output and "TERM=xterm-256color okey101 play" in result.output
    assert "Traceback" not in result.output
    assert not list(storage.saves_dir().glob("*.json"))


def test_okey101_alone_shows_the_help_and_exits_0() -> None:
    """click's own no-command answer was the help as a usage error, exit 2."""
    from click.testing import CliRunner

    from okey_tui.cli import main

    result = CliRunner().invoke(main, [])
    assert result.exit_code == 0, result.output
    assert "Commands:" in result.output and "play" in result.output


def test_a_blank_game_type_is_said_as_nothing_given() -> None:
    """--type '' said "no game type is called : the game types are …", a blank named."""
    from click.testing import CliRunner

    from okey_tui.cli import main

    result = CliRunner().invoke(main, ["play", "--type", " "])
    assert result.exit_code == 2
    assert "nothing given: choose one of classic, rising" in result.output, result.output
    assert "called :" not in result.output
