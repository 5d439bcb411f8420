"""Nothing the player made is lost, and nothing is lost without a word: a save set aside
stays listed (and can be deleted) until the player deletes it, a save of a newer okey101
is left untouched, and hand-edited settings that cannot be used are said and kept."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from saved_matches import unfinished

from okey_tui import settings, storage
from okey_tui.cli import main
from okey_tui.ui.app import OkeyApp


def run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=stdin, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    return result


def newer_save(match_id: str) -> tuple[Path, bytes]:
    """A save written by a newer okey101 (its version above this one's)."""
    path = unfinished(match_id)
    document = json.loads(path.read_text("utf-8"))
    document["version"] = 99
    path.write_text(json.dumps(document), "utf-8")
    return path, path.read_bytes()


# -- saves set aside: listed until deleted -------------------------------------------------


def test_a_save_set_aside_stays_listed_with_when_and_why() -> None:
    """The run that sets a save aside says so; later runs of ``saves`` listed nothing of
    it (``"set_aside": []``) while the file lay in saves/."""
    bad = storage.save_path_for("20200101-000000-bad0")
    bad.parent.mkdir(parents=True)
    bad.write_text("garbage\n", "utf-8")
    first = run("saves")
    assert "kept as 20200101-000000-bad0.json.corrupt-" in first.stderr
    later = run("saves")  # nothing newly set aside: still listed
    assert later.exit_code == 0 and later.stderr == ""
    assert "20200101-000000-bad0.json.corrupt-" in later.stdout
    assert "the file is damaged" in later.stdout  # why, in a player's words
    assert "not JSON" not in later.stdout and "Expecting" not in later.stdout
    assert "saves --delete FILE" in later.stdout
    document = json.loads(run("saves", "--json").stdout)
    (aside,) = document["set_aside"]
    assert aside["file"].startswith("20200101-000000-bad0.json.corrupt-")
    assert Path(aside["path"]).read_text("utf-8") == "garbage\n"
    # The JSON says why as a code, and the technical words of it for a bug report.
    assert aside["why"] == "damaged" and aside["detail"].startswith("not JSON")
    assert aside["set_aside"][:4].isdigit()


def test_saves_delete_deletes_a_save_set_aside_after_asking() -> None:
    good = unfinished("20200101-000000-good")
    bad = storage.save_path_for("20200101-000000-bad0")
    bad.write_text("{", "utf-8")
    run("saves")  # sets it aside
    (kept,) = storage.saves_dir().glob("*.corrupt-*")
    answer = run("saves", "--delete", kept.name, stdin="n\n")
    assert answer.exit_code == 0 and "Nothing deleted" in answer.output and kept.exists()
    assert kept.name in answer.output and "could not be used" in answer.output
    # The start of its name is enough, as for a match.
    done = run("saves", "--delete", "20200101-000000-bad0", "-y")
    assert done.exit_code == 0 and f"Deleted {kept.name}." in done.output
    assert not kept.exists() and good.exists()
    assert json.loads(run("saves", "--json").stdout)["set_aside"] == []


def damaged(path: Path) -> None:
    """Bytes written over a save: no text."""
    path.write_bytes(b"\xff\xfe\x00 garbage")


def not_a_save(path: Path) -> None:
    path.write_text('{"tables": [1, 2]}', "utf-8")


def impossible(path: Path) -> None:
    document = json.loads(path.read_text("utf-8"))
    document["hand"] = "nonsense"
    path.write_text(json.dumps(document), "utf-8")


def older(path: Path) -> None:
    document = json.loads(path.read_text("utf-8"))
    document["version"] = 0
    path.write_text(json.dumps(document), "utf-8")


@pytest.mark.parametrize(
    ("spoil", "code", "reason", "technical"),
    [
        (damaged, "damaged", "the file is damaged", "codec"),
        (not_a_save, "not-a-save", "not a saved match of okey101", "not an okey101 save"),
        (impossible, "impossible", "the match in it is damaged", "impossible match (A position"),
        (older, "old-version", "saved in a form this okey101 does not read", "save version 0"),
    ],
    ids=["damaged", "not-a-save", "impossible", "older"],
)
def test_why_a_save_was_set_aside_is_said_in_a_players_words(
    spoil: Callable[[Path], None], code: str, reason: str, technical: str
) -> None:
    """Why a save was set aside was the reader's own words ("'utf-8' codec can't decode
    byte 0xff in position 0", "an impossible match (A position has 11 fields before any
    '|', not 1)"): the run that sets it aside, the list of ``saves`` and the question of
    ``--delete`` say it in a player's words; the JSON keeps the technical words, for a
    bug report, beside a code."""
    path = unfinished("20200101-000000-bad0")
    spoil(path)
    first = run("saves")
    assert f"20200101-000000-bad0 is unusable: {reason}" in first.stderr, first.stderr
    assert technical not in first.stderr
    later = run("saves")
    assert reason in later.stdout and technical not in later.stdout, later.stdout
    (aside,) = json.loads(run("saves", "--json").stdout)["set_aside"]
    assert aside["why"] == code and technical in aside["detail"], aside
    asked = run("saves", "--delete", aside["file"], stdin="n\n")
    assert reason in asked.output and technical not in asked.output


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        # No starter: listed as "Hand 0/3", and the table stopped at the end of the hand.
        ({"starters": []}, "the hands and their starters do not match"),
        ({"rules": "51/3"}, "a hand is played by other rules than the match"),
        ({"starters": [0, 1, 2]}, "the hands and their starters do not match"),
    ],
    ids=["no-starter", "other-rules", "starters-too-many"],
)
def test_a_save_whose_parts_make_no_match_is_set_aside(
    changes: dict[str, object], said: str
) -> None:
    """A hand in progress with no starter was accepted: the table stopped when the hand
    ended (no summary, nothing recorded); a save whose rules are not its hand's was listed
    as a 51 match of 3 hands and played as Classic of 3."""
    path = unfinished("20200101-000000-bad0", **changes)
    first = run("saves")
    assert "20200101-000000-bad0 is unusable: the match in it is damaged" in first.stderr
    (aside,) = json.loads(run("saves", "--json").stdout)["set_aside"]
    assert aside["why"] == "impossible" and said in aside["detail"], aside
    assert not path.exists()


def test_what_is_not_a_file_in_the_saves_folder_is_left_alone() -> None:
    """A folder named "photos.json" in the saves folder was renamed "….corrupt-…" and then
    listed nowhere (the same for a folder where an older okey101 kept its one save, moved
    into the saves folder first, and a link that leads to itself)."""
    good = unfinished("20200101-000000-good")
    folder = storage.saves_dir() / "photos.json"
    folder.mkdir()
    (folder / "a.txt").write_text("mine", "utf-8")
    loop = storage.saves_dir() / "loop.json"
    loop.symlink_to(loop)
    legacy = storage.legacy_save_path()
    legacy.mkdir(parents=True)
    first = run("saves")
    assert first.exit_code == 0 and "unusable" not in first.output + first.stderr
    listed = json.loads(run("saves", "--json").stdout)
    assert [s["id"] for s in listed["saves"]] == [good.stem] and listed["set_aside"] == []
    assert (folder / "a.txt").read_text("utf-8") == "mine" and loop.is_symlink()
    assert legacy.is_dir()
    assert sorted(p.name for p in storage.saves_dir().iterdir()) == sorted(
        [good.name, "photos.json", "loop.json"]
    )


def test_a_save_with_the_mark_some_editors_put_first_is_read() -> None:
    """A save opened and saved in Notepad starts with a byte order mark: it was set aside
    as damaged ("Unexpected UTF-8 BOM")."""
    path = unfinished("20200101-000000-note")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    listed = json.loads(run("saves", "--json").stdout)
    assert [s["id"] for s in listed["saves"]] == ["20200101-000000-note"]
    assert listed["set_aside"] == [] and path.exists()
    assert storage.load(path) is not None


def test_a_save_that_may_not_be_read_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save whose permissions forbid reading it: said so, not in the system's words
    alone, with its code and the system's words beside; left where it is."""
    path = unfinished("20200101-000000-bad0")
    read_text = Path.read_text

    def refuse(self: Path, *args: Any, **kwargs: Any) -> str:
        if self.name.startswith(path.name):
            raise PermissionError(13, "Permission denied", str(self))
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", refuse)
    found = storage.list_saves()
    (problem,) = found.problems
    assert "could not be read (permission denied: " in str(problem), str(problem)
    assert "Permission denied" not in str(problem)
    assert problem.why is storage.Unusable.NO_PERMISSION and "Permission denied" in problem.detail
    assert found.set_aside == [] and problem.moved_to is None


def test_the_saves_set_aside_read_whole_at_80_columns() -> None:
    """At 80 columns the long file name and the moment it was set aside left its reason
    a dozen cells: four lines for one reason. The moment (the name ends with it) goes
    there, and the reason reads on one line; and the title of a narrow list (the matches
    of a newer okey101, in Turkish) was broken in two at the width of its two columns."""
    not_a_save(unfinished("20200101-000000-bad0"))
    newer_save("20200101-000000-new9")
    run("saves")  # sets it aside
    narrow = CliRunner().invoke(main, ["saves"], env={"COLUMNS": "80"}).stdout
    line = next(line for line in narrow.splitlines() if line.startswith("20200101-000000-bad0"))
    assert line.rstrip().endswith("not a saved match of okey101"), narrow
    wide = run("saves").stdout  # 200 columns: the moment too
    for text, shown in ((wide, True), (narrow, False)):
        header = next(line for line in text.splitlines() if line.startswith("File"))
        assert ("Set aside" in header) is shown, header
    turkish = CliRunner().invoke(main, ["--lang", "tr", "saves"], env={"COLUMNS": "80"}).stdout
    assert "Daha yeni bir okey101 ile kaydedilen oyunlar\n" in turkish, turkish


# -- a save of a newer okey101: left as it is ------------------------------------------------


def test_a_save_of_a_newer_okey101_is_left_untouched_and_listed() -> None:
    path, before = newer_save("20200101-000000-new9")
    with pytest.raises(storage.NewerSaveError) as caught:
        storage.load(path)
    assert caught.value.moved_to is None and caught.value.version == 99
    found = storage.list_saves()
    assert found.problems == [] and found.entries == [] and found.set_aside == []
    assert [(n.id, n.version) for n in found.newer] == [("20200101-000000-new9", 99)]
    listed = run("saves")
    assert listed.stderr == "" and "20200101-000000-new9" in listed.stdout
    assert "newer okey101" in listed.stdout
    document = json.loads(run("saves", "--json").stdout)
    assert document["newer"] == [{"id": path.stem, "path": str(path), "version": 99}]
    assert document["set_aside"] == []
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_resuming_a_save_of_a_newer_okey101_says_update_once_and_exits_2() -> None:
    path, before = newer_save("20200101-000000-new9")
    result = run("play", "--resume", "20200101-000000-new9")
    assert result.exit_code == 2
    assert "newer okey101" in result.stderr and "update okey101" in result.stderr
    assert "unusable" not in result.stderr and "no unfinished match" not in result.stderr
    assert result.stderr.count("newer okey101") == 1
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_a_match_damaged_again_is_said_set_aside_again_not_missing() -> None:
    """The same save damaged twice: the second --resume said "there is no unfinished
    match", though the file had just been set aside a second time."""
    bad = storage.save_path_for("20200101-000000-bad0")
    bad.parent.mkdir(parents=True)
    for time in ("first", "second"):
        bad.write_text("garbage\n", "utf-8")
        result = run("play", "--resume", "20200101-000000-bad0")
        assert result.exit_code == 2, (time, result.output)
        assert "the match '20200101-000000-bad0' was set aside as" in result.stderr, (
            time,
            result.stderr,
        )
        assert "no unfinished match" not in result.stderr, (time, result.stderr)
    assert len(list(bad.parent.glob("20200101-000000-bad0.json.corrupt-*"))) == 2


def test_a_start_of_several_ids_one_a_newer_okey101s_asks_for_more_of_it() -> None:
    """``--resume 2020`` started the ids of two matches, one saved by a newer okey101: it
    said "update okey101 to continue it", where more of the id was all it needed."""
    newer_save("20200101-000000-new9")
    unfinished("20200102-000000-old1")
    result = run("play", "--resume", "2020")
    assert result.exit_code == 2
    assert "'2020' starts the ids of 2 unfinished matches" in result.stderr, result.stderr
    assert "20200101-000000-new9" in result.stderr and "20200102-000000-old1" in result.stderr
    assert "update okey101" not in result.stderr, result.stderr
    # The newer okey101's whole id still says what it is.
    result = run("play", "--resume", "20200101-000000-new9")
    assert result.exit_code == 2 and "update okey101" in result.stderr


def test_a_save_of_a_newer_okey101_can_be_deleted_after_asking() -> None:
    path, _ = newer_save("20200101-000000-new9")
    kept = run("saves", "--delete", "20200101-000000-new9", stdin="n\n")
    assert "Nothing deleted" in kept.output and path.exists()
    assert run("saves", "--delete", "20200101-000000-new9", "-y").exit_code == 0
    assert not path.exists()


# -- play --resume says what it set aside, on the table -----------------------------------


def test_resume_passes_a_save_it_set_aside_to_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --resume`` set the latest save aside and opened another match with "Match
    resumed…" and nothing more: the table is now told (in the player's language), and
    the terminal keeps it once the game closes."""
    other = unfinished("20200101-000000-aaaa")
    bad = storage.save_path_for("20300101-000000-bad0")
    bad.write_text("garbage\n", "utf-8")
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    result = run("play", "--resume")
    assert result.exit_code == 0, result.output
    (app,) = built
    assert app.resume_first == other.stem
    assert "20300101-000000-bad0 is unusable" in app.first_message
    assert "kept as 20300101-000000-bad0.json.corrupt-" in app.first_message
    assert "20300101-000000-bad0 is unusable" in result.stderr


# -- settings with values that cannot be used -------------------------------------------------


def write_settings(table: dict[str, object]) -> tuple[Path, bytes]:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "table": table}), "utf-8")
    return path, path.read_bytes()


def test_a_pace_by_name_in_the_settings_is_used_as_the_command_line_takes_it() -> None:
    """ "bot_delay": "fast" was said unusable, and the normal pace (0.6) used."""
    path, written = write_settings({"bot_delay": "Fast", "name": "Ayşe"})
    loaded = settings.load_settings()
    assert settings.take_problems() == []
    assert loaded.bot_delay == 0.3 and loaded.name == "Ayşe"
    assert not list(path.parent.glob("settings.json.corrupt-*"))
    write_settings({"bot_delay": "turbo"})
    settings.load_settings()
    (problem,) = settings.take_problems()
    assert 'bot_delay: "turbo" cannot be used; 0.6 is used instead' in problem, problem
    # In the player's language too, as --bot-delay takes it.
    from okey_tui import i18n

    write_settings({"bot_delay": "Yavaş"})
    i18n.set_language("tr")
    try:
        loaded = settings.load_settings()
        # An English name read in Turkish ("I" lowers to a dotless ı there) and a Turkish
        # one read in English: the file works whatever language reads it.
        write_settings({"bot_delay": "Instant"})
        instant = settings.load_settings()
    finally:
        i18n.set_language("en")
    write_settings({"bot_delay": "hızlı"})
    fast = settings.load_settings()
    assert settings.take_problems() == []
    assert (loaded.bot_delay, instant.bot_delay, fast.bot_delay) == (1.2, 0.0, 0.3)


@pytest.mark.parametrize(
    ("table", "said"),
    [
        (
            {"hands": 4, "theme": "neon", "name": "Ayşe"},
            ["hands: 4 cannot be used; 11 is used instead", 'theme: "neon" cannot be used'],
        ),
        ({"hands": "9", "name": "Ayşe"}, ['hands: "9" cannot be used; 11 is used instead']),
        ({"name": 5}, ['name: 5 cannot be used; "You" is used instead']),
        ({"penalties": "false"}, ['penalties: "false" cannot be used; true is used instead']),
        ({"bot_delay": 99}, ["bot_delay: 99 cannot be used; 10.0 is used instead"]),
        # Python's json reads NaN: it was kept as the delay, said again at every start, and
        # a copy of the file set aside each time.
        ({"bot_delay": float("nan")}, ["bot_delay: NaN cannot be used; 0.6 is used instead"]),
        (
            {"bot_delay": float("-inf")},
            ["bot_delay: -Infinity cannot be used; 0.0 is used instead"],
        ),
        # An integer of 310 digits or more: float() overflows (every command ended in a
        # traceback, --help and --version too).
        ({"bot_delay": 10**400}, ["bot_delay: 1000", "cannot be used; 0.6 is used instead"]),
        ({"handz": 5}, ["handz: not a setting of okey101; ignored"]),
    ],
    ids=[
        "hands-theme",
        "hands-text",
        "name-number",
        "bool-text",
        "delay-too-long",
        "delay-nan",
        "delay-minus-infinity",
        "delay-huge-integer",
        "unknown",
    ],
)
def test_settings_that_cannot_be_used_are_said_and_the_file_kept(
    table: dict[str, object], said: list[str]
) -> None:
    """They were put back to the defaults without a word, and the file rewritten later
    with no copy kept (a name that was a number ended the command in a traceback)."""
    path, written = write_settings(table)
    assert settings.load_settings(keep_aside=False) == settings.load_settings(keep_aside=False)
    assert settings.take_problems() == [] and path.read_bytes() == written  # a peek: untouched
    loaded = settings.load_settings()
    (problem,) = settings.take_problems()
    assert problem.startswith("Some of your settings cannot be used")
    for text in said:
        assert text in problem, problem
    (kept,) = path.parent.glob("settings.json.corrupt-*")
    assert kept.read_bytes() == written and kept.name in problem
    assert loaded.hands in (1, 3, 5, 7, 9, 11, 13) and loaded.theme in settings.THEMES
    if table.get("name") == "Ayşe":
        assert loaded.name == "Ayşe"  # what could be used is kept
    # What is in use now is written in its place: said once, read back the same.
    assert settings.load_settings() == loaded and settings.take_problems() == []
    assert len(list(path.parent.glob("settings.json.corrupt-*"))) == 1


def test_a_huge_value_and_many_keys_are_said_in_a_few_words_and_the_file_kept() -> None:
    """A theme of two million characters was quoted whole in the message on the new-table
    screen, and every key of a file full of them listed."""
    table: dict[str, object] = {"theme": "x" * 2_000_000}
    table.update({f"key{n}": n for n in range(50)})
    path, written = write_settings(table)
    settings.load_settings()
    (problem,) = settings.take_problems()
    assert 'theme: "' + "x" * 38 + "…" + " cannot be used" in problem, problem[:200]
    (kept,) = path.parent.glob("settings.json.corrupt-*")
    words = problem.replace(str(kept), "")  # the copy's path, whole, as long as the folder's
    assert "and 47 more" in problem and len(words) < 400, problem[:500]
    assert kept.read_bytes() == written


def test_settings_saved_by_an_editor_that_marks_utf8_are_read() -> None:
    """Notepad starts UTF-8 text with a byte order mark: the file was set aside as
    unreadable and every choice in it went back to its default."""
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": 1, "table": {"hands": 5, "name": "Ayşe"}}, ensure_ascii=False)
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    loaded = settings.load_settings()
    assert settings.take_problems() == []
    assert (loaded.hands, loaded.name) == (5, "Ayşe")
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]


def test_settings_okey101_wrote_are_read_without_a_word() -> None:
    chosen = settings.TableSettings(
        hands=5, bots=("easy", "hard", "expert"), bot_delay=1.0, name="Ayşe", humans=2
    )
    settings.save_settings(chosen)
    assert settings.load_settings() == chosen and settings.take_problems() == []
    path, _ = write_settings({"bot_delay": 1, "hands": 3})  # 1 for 1.0: the same choice
    assert settings.load_settings().bot_delay == 1.0 and settings.take_problems() == []
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]


def test_play_with_flags_says_unusable_settings_on_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    write_settings({"hands": 4})
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    result = run("play", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "hands: 4 cannot be used" in result.stderr
    (app,) = built
    assert "hands: 4 cannot be used" in app.first_message


def test_settings_of_a_newer_okey101_are_left_as_they_are_and_said_once() -> None:
    """A settings file written by a newer okey101 was set aside as unreadable and replaced:
    going back to that okey101 found its settings gone. It is left untouched, as a newer
    okey101's saves are, never written over, and said once a run."""
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 2, "table": {"hands": 5, "halo": 1}}), "utf-8")
    written = path.read_bytes()
    assert settings.load_settings() == settings.TableSettings()
    (problem,) = settings.take_problems()
    assert "written by a newer okey101 (settings version 2; this one reads 1)" in problem
    assert settings.load_settings() == settings.TableSettings()
    assert settings.take_problems() == []  # said once
    why = settings.save_settings(settings.TableSettings(hands=5))
    assert "newer okey101" in why
    assert path.read_bytes() == written
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]


def test_remember_that_cannot_write_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--remember`` with the settings file not writable (a folder in its place) did
    nothing, without a word."""
    path = settings.settings_path()
    path.mkdir(parents=True)
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    result = run("play", "--seed", "3", "--hands", "5", "--remember")
    assert result.exit_code == 0, result.output
    said = "Your choices were not remembered: " + str(path) + " could not be written"
    assert said in result.stderr, result.stderr
    (app,) = built
    assert said in app.first_message and app.settings.hands == 5
    assert path.is_dir()


# -- play flags that say what they do -------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--no-tips"], "--no-tips is for practice tables: give --practice too"),
        (["--names", "Ayşe"], "a hot-seat table is 2 to 4 people"),
    ],
)
def test_play_flags_that_would_do_nothing_are_refused(
    monkeypatch: pytest.MonkeyPatch, args: list[str], said: str
) -> None:
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    result = run("play", "--seed", "3", *args)
    assert result.exit_code == 2 and said in result.output, result.output
    assert built == []


def test_no_tips_alone_serves_a_remembered_practice_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Practice is the remembered choice: --no-tips alone plays it without tips."""
    write_settings({"practice": True, "tips": True})
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    result = run("play", "--seed", "3", "--no-tips")
    assert result.exit_code == 0, result.output
    (app,) = built
    assert app.settings.practice and not app.settings.tips


def test_names_without_humans_seats_one_person_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    assert run("play", "--seed", "3", "--names", "Ayşe,Mehmet").exit_code == 0
    assert run("play", "--seed", "3", "--practice", "--no-tips").exit_code == 0
    hot, practice = (app.settings for app in built)
    assert hot.humans == 2 and (hot.name, *hot.human_names) == ("Ayşe", "Mehmet")
    assert practice.practice and not practice.tips


def unreadable(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """``path`` cannot be read here (its permissions: root's file, read by a player)."""
    read_bytes = Path.read_bytes

    def refused(self: Path) -> bytes:
        if self == path:
            raise PermissionError(13, "Permission denied", str(path))
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", refused)


def test_settings_that_cannot_be_read_are_said_and_never_written_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A settings file the player may not read (written by ``sudo okey101``) gave the
    defaults without a word, and the next choice wrote over it: its Turkish, its five
    hands and its name were gone, with no copy kept."""
    path, written = write_settings({"language": "tr", "hands": 5, "name": "Ayten"})
    with monkeypatch.context() as refusing:
        unreadable(refusing, path)
        assert settings.load_settings() == settings.TableSettings()
        (problem,) = settings.take_problems()
        assert problem.startswith("Your settings could not be read"), problem
        assert "permission" in problem and str(path) in problem, problem
        assert "left as it is" in problem, problem
        settings.load_settings()
        assert settings.take_problems() == []  # said once a run
        why = settings.save_settings(settings.TableSettings(hands=3))
        assert why and "not written over" in why, why
    assert path.read_bytes() == written
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]


def test_choices_on_the_new_table_screen_not_remembered_are_said_on_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The new-table screen remembers what is chosen there: where the settings cannot be
    written (a folder in the file's place), the choice was dropped without a word."""
    path = settings.settings_path()
    path.mkdir(parents=True)
    app = OkeyApp(remember=True)
    told: list[str] = []
    monkeypatch.setattr(app, "start", lambda chosen: None)
    monkeypatch.setattr(app, "tell", told.append)
    app.start_chosen(settings.TableSettings(hands=5))
    (said,) = told
    assert said.startswith("Your choices were not remembered: " + str(path)), said


def test_bot_delay_with_remember_is_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--remember`` keeps the command's flags as the choices for next time: the pace
    of ``--bot-delay`` was left out (the next start had the old pace)."""
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    result = run("play", "--type", "51", "--bot-delay", "instant", "--remember")
    assert result.exit_code == 0, result.output
    kept = settings.load_settings()
    assert kept.bot_delay == 0.0 and kept.game_type == "51", kept
    result = run("play", "--bot-delay", "slow", "--remember")  # the new-table screen's
    assert result.exit_code == 0, result.output
    assert built[-1].ask
    assert settings.load_settings().bot_delay > 1.0
    result = run("play", "--bot-delay", "fast")  # without --remember: this match only
    assert settings.load_settings().bot_delay > 1.0


def test_a_choice_at_the_table_not_remembered_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """Colour-blind tiles or the bell turned on at the table are remembered too: where the
    settings cannot be written, that went unsaid."""
    path = settings.settings_path()
    path.mkdir(parents=True)
    app = OkeyApp(remember=True)
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda said, **_: told.append(said))
    app.remember_choice(bell=False)
    assert not app.settings.bell  # played so all the same
    (said,) = told
    assert said.startswith("Your choices were not remembered: " + str(path)), said
    # And the next new-table screen says why, as for a damaged file.
    (problem,) = settings.take_problems()
    assert "a folder is where the file should be" in problem, problem


# -- saves that cannot be read here -----------------------------------------------------------


def test_a_save_that_may_not_be_read_is_said_and_left_where_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A save the player may not read (left by ``sudo okey101``) was renamed as damaged:
    once readable again it stayed aside, "why: not known", and --resume found no such
    match. It is said, left where it is, and listed again once it can be read."""
    path = unfinished("20261207-025048-5c59")
    written = path.read_bytes()
    read_text = Path.read_text

    def refused(self: Path, *args: Any, **kwargs: Any) -> str:
        if self == path:
            raise PermissionError(13, "Permission denied", str(path))
        return read_text(self, *args, **kwargs)

    with monkeypatch.context() as monkeypatch:
        monkeypatch.setattr(Path, "read_text", refused)
        found = storage.list_saves()
        assert found.entries == [] and found.set_aside == []
        (problem,) = found.problems
        said = str(problem)
        assert "20261207-025048-5c59" in said and "permission denied" in said, said
        assert "left where it is" in said, said
        result = run("saves")
        assert "left where it is" in result.stderr
        # Asked for by its ID it is not "no unfinished match": it could not be read.
        for args in (["play", "--resume", "20261207-025048"], ["saves", "--delete", "2026"]):
            result = run(*args)
            said = " ".join(result.output.split())
            assert result.exit_code == 2, said
            assert "could not be read (above): once okey101 may read" in said, said
            assert "there is no unfinished match" not in said, said
        # The latest asked for: the new-table screen says the save could not be read (it
        # lists the saves); nothing says there is no saved match to resume.
        built: list[OkeyApp] = []
        monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
        assert run("play", "--resume").exit_code == 0
        (app,) = built
        assert "There is no saved match" not in app.first_message, app.first_message
        assert "left where it is" not in app.first_message  # said once, by the screen
    assert [p.name for p in path.parent.iterdir()] == [path.name]
    assert path.read_bytes() == written
    (entry,) = storage.list_saves().entries
    assert entry.path == path


@pytest.mark.parametrize("way", ["a file in its place", "not readable"])
def test_saves_says_when_it_cannot_read_the_saves_folder(
    monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    """``okey101 saves`` said "No unfinished matches." when the saves folder could not be
    read at all (a file in its place, or no permission): the player thought their matches
    gone. It says so, and exits 1, as ``okey101 stats`` does."""
    folder = storage.saves_dir()
    if way == "a file in its place":
        folder.parent.mkdir(parents=True, exist_ok=True)
        folder.write_text("hi", "utf-8")
    else:
        unfinished("20261207-025048-5c59")
        scandir = storage.os.scandir

        def refused(target: Any) -> Any:
            if Path(target) == folder:
                raise PermissionError(13, "Permission denied", str(folder))
            return scandir(target)

        monkeypatch.setattr(storage.os, "scandir", refused)
    found = storage.list_saves()
    assert found.entries == []
    (problem,) = found.problems
    assert str(folder) in str(problem), str(problem)
    result = run("saves")
    assert result.exit_code == 1, result.output
    assert "No unfinished matches" not in result.output
    assert "could not be read" in result.stderr, result.stderr
    assert run("saves", "--json").exit_code == 1


def test_resuming_a_match_set_aside_says_where_it_went() -> None:
    """``play --resume ID`` of a match set aside said there was no such match, with not a
    word of the file set aside under that ID."""
    not_a_save(unfinished("20261207-025048-5c59"))
    run("saves")  # sets it aside
    result = run("play", "--resume", "20261207-025048")
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "the match '20261207-025048' was set aside as 20261207-025048-5c59.json.corrupt-" in said
    assert "not a saved match of okey101" in said and "okey101 saves lists it" in said, said
    assert "there is no unfinished match" not in said


def test_settings_problems_are_said_in_the_players_words() -> None:
    """Python's words for broken JSON were quoted ("Expecting ',' delimiter: line 2 column
    1 (char 54)"), in Turkish too, and a language that cannot be used was said replaced by
    "" (no language chosen: the system's)."""
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "table": {"hands": 5\n', "utf-8")
    settings.load_settings()
    (problem,) = settings.take_problems()
    assert "its text is broken at line 2, column 1" in problem, problem
    assert "Expecting" not in problem
    write_settings({"language": "xx"})
    settings.load_settings()
    (problem,) = settings.take_problems()
    assert 'language: "xx" cannot be used; the system\'s language is used instead' in problem
