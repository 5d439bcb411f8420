"""Saves, statistics and names that come back damaged or cannot be written: never a
crash, never a word lost, never a terminal's escape sequence shown as a name."""

from __future__ import annotations

import errno
import json
import math
import random
from pathlib import Path

import pytest
from saved_matches import unfinished

from okey_tui import stats, storage
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.view import legal_actions
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.session import Session, summarise_save

# -- a save's time that no date can show -------------------------------------------------------


@pytest.mark.parametrize(
    "saved_at",
    [1e300, -1e20, math.nan, math.inf, -math.inf, 10**400, True, "2026"],
    ids=["1e300", "-1e20", "nan", "inf", "-inf", "huge-int", "true", "text"],
)
def test_a_save_time_no_date_can_show_stands_for_unknown(saved_at: object) -> None:
    """``saved_at`` of 1e300, NaN or Infinity ended ``okey101 saves`` (and the deleting of
    any match) in an OverflowError or a ValueError: it is unknown now, the file's own time
    stands for it, and the match is listed and described with the others."""
    path = unfinished("20990101-000000-bad1", saved_at=saved_at)
    other = unfinished("20990101-000000-good")
    found = storage.list_saves()
    assert found.problems == [] and {e.id for e in found.entries} == {path.stem, other.stem}
    entry = found.find(path.stem)
    assert entry is not None and entry.saved.saved_at == 0.0
    assert entry.saved_at == path.stat().st_mtime
    summary = summarise_save(entry)
    assert summary.played == storage.local_time(path.stat().st_mtime) != ""
    assert path.stem in summary.id and summary.line()


@pytest.mark.parametrize("seconds", [1e300, -1e20, 1e17, math.nan, math.inf])
def test_a_moment_out_of_range_is_no_date(seconds: float) -> None:
    assert storage.local_time(seconds) == ""


def test_version_true_is_not_version_1() -> None:
    """``"version": true`` was read as version 1 (true == 1 in Python): set aside, as
    ``"version": "1"`` is."""
    path = unfinished("20990101-000000-vers", version=True)
    with pytest.raises(storage.SaveError) as caught:
        storage.load(path)
    assert caught.value.moved_to is not None and caught.value.why is storage.Unusable.DAMAGED
    assert "save version True" in caught.value.detail  # for a bug report
    assert not isinstance(caught.value, storage.NewerSaveError)


@pytest.mark.parametrize(
    ("extra", "seats"),
    [
        ({"name": 123}, "You"),
        ({"name": None}, "You"),
        ({"name": ""}, "You"),
        ({"name": "A\x1b[31mB\nC"}, "A [31mB C"),
        ({"name": "Ay\u200bşe\u202e"}, "Ay şe"),
        ({"name": "Ayşe", "humans": [0, 2], "human_names": [5]}, "Player 2"),
        ({"name": "Ayşe", "humans": [0, 2], "human_names": ["Meh\x1bmet"]}, "Meh met"),
    ],
    ids=["number", "null", "empty", "escape", "invisible", "number-2", "escape-2"],
)
def test_names_of_a_save_are_shown_as_a_table_shows_names(
    extra: dict[str, object], seats: str
) -> None:
    """A save's names were shown as they were: ``123``, ``None``, and an escape sequence
    that turned the terminal red. A name that is not text is the default one; a name with
    control or invisible characters is cleaned as a table on the network cleans it."""
    path = unfinished("20990101-000000-name", extra={"levels": ["easy"] * 3, **extra})
    (entry,) = storage.list_saves().entries
    session = Session.resume(entry.saved, path)
    names = [session.seat_name(s) for s in range(4)]
    assert seats in names
    for name in names:
        assert name.isprintable() and name not in ("123", "None", "5", "")
    summary = summarise_save(entry)
    assert all(text.isprintable() for text in (*summary.seats, *summary.seat_texts))


@pytest.mark.parametrize(
    ("extra", "practice", "tips"),
    [
        ({"practice": "no", "tips": "no"}, False, True),
        ({"practice": 1, "tips": 0}, False, True),
        ({"practice": True, "tips": False}, True, False),
    ],
    ids=["text", "numbers", "booleans"],
)
def test_yes_or_no_of_a_save_that_is_neither_is_the_default(
    extra: dict[str, object], practice: bool, tips: bool
) -> None:
    """``"practice": "no"`` made a practice table (any text was yes)."""
    unfinished("20990101-000000-flag", extra={"levels": ["easy"] * 3, **extra})
    (entry,) = storage.list_saves().entries
    session = Session.resume(entry.saved, None)
    assert (session.practice, session.tips) == (practice, tips)


def test_names_in_the_settings_file_are_cleaned_too() -> None:
    cleaned = TableSettings(name="A\x1b[31mB", human_names=("x\u202ey", "\x07")).checked()
    assert cleaned.name == "A [31mB" and cleaned.human_names == ("x y", "")


# -- the lock file of a save set aside ---------------------------------------------------------


def test_the_lock_file_of_a_save_set_aside_goes_with_it() -> None:
    path = unfinished("20990101-000000-lock")
    storage.MatchLock(path).release()  # a match once played: its lock file stays
    lock_file = storage.lock_path(path)
    assert lock_file.exists()
    legacy = storage.legacy_lock_path(path)
    legacy.touch()  # an older okey101's, beside the save
    path.write_text("garbage", "utf-8")
    (problem,) = storage.list_saves().problems
    assert problem.moved_to is not None and problem.moved_to.exists()
    assert not lock_file.exists() and not legacy.exists()


def test_the_lock_file_of_a_save_set_aside_stays_while_it_is_held() -> None:
    path = unfinished("20990101-000000-held")
    lock = storage.MatchLock(path)
    try:
        path.write_text("garbage", "utf-8")
        assert len(storage.list_saves().problems) == 1
        assert storage.lock_path(path).exists()
    finally:
        lock.release()


def test_the_saves_folder_holds_only_saves_after_a_match_is_played() -> None:
    """The lock file of a match stayed beside its save after a clean quit (filelock
    leaves it on Unix), a ``<id>.json.lock`` of zero bytes in the saves folder: it lives
    in ``locks/`` of the data dir, and stays there, so that no two okey101 ever lock two
    different files for one match."""
    path = unfinished("20990101-000000-only")
    hosted = storage.new_save_path(storage.hosted_dir())
    hosted.parent.mkdir(parents=True)
    hosted.write_bytes(path.read_bytes())
    for save in (path, hosted):
        storage.MatchLock(save).release()
        assert list(save.parent.iterdir()) == [save]
        assert storage.lock_path(save).exists()
        assert storage.lock_path(save).parent == storage.data_dir() / "locks" / save.parent.name
        with storage.exclusive(save), pytest.raises(storage.SaveInUseError):
            storage.MatchLock(save)
    assert storage.in_use(path) is False
    assert storage.lock_path(path) != storage.lock_path(hosted)


def test_a_match_an_older_okey101_plays_is_refused() -> None:
    """An older okey101 locks the file beside the save: while it holds that one, this
    one refuses the match as before (holding only its own file, both would play it)."""
    from filelock import FileLock

    path = unfinished("20990101-000000-oldv")
    older = FileLock(str(storage.legacy_lock_path(path)), timeout=0)
    older.acquire()
    try:
        with pytest.raises(storage.SaveInUseError):
            storage.MatchLock(path)
        assert storage.in_use(path)
    finally:
        older.release()
    with storage.exclusive(path):  # its lock file, left, is held too while this one plays
        held = FileLock(str(storage.legacy_lock_path(path)), timeout=0)
        with pytest.raises(TimeoutError):
            held.acquire()
    storage.MatchLock(path).release()
    # Never listed, and gone with the match's own when the match is deleted.
    assert [e.id for e in storage.list_saves().entries] == [path.stem]
    storage.discard(path)
    assert list(path.parent.iterdir()) == []
    assert not storage.lock_path(path).exists()


# -- a match that cannot be written goes on ----------------------------------------------------


def session_saved_at(path: Path) -> Session:
    session = Session(RuleSet(hands=1), seed=125, save_path=path)
    session.fresh = True
    session.autosave()
    return session


def play_to_the_end(session: Session) -> None:
    """The hand played out (the person's moves at random, seeded), then scored."""
    rng = random.Random(1)
    while not session.hand.is_over:
        session.play_bots()
        if session.human_to_play:
            session.act(rng.choice(legal_actions(session.view(0))))
    session.finish_hand()


def human_move(session: Session) -> None:
    session.play_bots()
    session.act(legal_actions(session.view(0))[0])


def test_a_save_that_cannot_be_written_is_told_once_and_the_match_goes_on() -> None:
    """An OSError of the write (a full disk, a file that may not be replaced) ended the
    game in a traceback: the match goes on, the players are told once, and the match is
    saved again as soon as a write works."""
    path = storage.new_save_path()
    session = session_saved_at(path)
    assert session.save_problem == "" and session.take_news() == []
    path.unlink()
    path.mkdir()  # a folder in the save's place: nothing can replace it
    human_move(session)
    human_move(session)
    # The save it concerns, not the temporary file written beside it.
    assert session.save_problem == f"a folder is in the way: {path}"
    (news,) = session.take_news()
    assert news.startswith("The match cannot be saved (") and "is not being saved" in news
    human_move(session)
    assert session.take_news() == []  # once
    note = session.unsaved_note()
    assert note is not None and "could not be saved" in note and "is saved" not in note
    path.rmdir()
    human_move(session)
    assert session.save_problem == "" and session.take_news() == ["The match is saved again."]
    assert session.unsaved_note() is None and storage.load(path) is not None


def test_the_quit_note_says_the_last_moves_were_not_saved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The terminal kept "The match is saved" after the last write had failed."""
    app = make_app(settings=TableSettings(), ask=False, seed=125)
    path = storage.new_save_path()
    app.session = session_saved_at(path)
    human_move(app.session)
    assert (app.leave_note() or "").startswith("The match is saved. This continues it:")

    def refuse(path: Path, text: str) -> None:
        raise PermissionError(1, "Operation not permitted", str(path))

    monkeypatch.setattr(storage, "atomic_write", refuse)
    human_move(app.session)
    note = app.leave_note()
    assert note is not None and not note.startswith("The match is saved")
    assert "permission denied" in note
    assert f"okey101 play --resume {path.stem}" in note and "from its last save" in note


def test_a_full_disk_is_said_in_the_language_of_the_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The system's own words are English ("[Errno 28] No space left on device: '…'"):
    a Turkish screen said "Oyun kaydedilemiyor ([Errno 28] No space left on device …)".
    What went wrong is said by its code, in the player's language, with the file."""
    from okey_tui import i18n

    path = storage.new_save_path()
    session = session_saved_at(path)

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(storage, "atomic_write", full)
    try:
        i18n.set_language("tr")
        human_move(session)
        (news,) = session.take_news()
    finally:
        i18n.set_language("en")
    assert news == f"Oyun kaydedilemiyor (disk dolu: {path}): oyun sürüyor, ama kaydedilmiyor."
    assert session.save_problem == f"disk dolu: {path}"


def test_a_finished_match_whose_save_cannot_be_deleted_ends_all_the_same() -> None:
    path = storage.new_save_path()
    session = session_saved_at(path)
    path.unlink()
    path.mkdir()
    (path / "inside").write_text("x", "utf-8")  # a folder that unlink() cannot delete
    play_to_the_end(session)
    assert session.match.is_over and path.is_dir()


# -- a hand's statistics that cannot be written ------------------------------------------------


def test_statistics_that_cannot_be_written_are_told() -> None:
    """They were dropped without a word (and the match's save deleted after it)."""
    stats.stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats.stats_path().mkdir()  # a folder where the statistics go
    session = Session(RuleSet(hands=1), seed=125, record_stats=True)
    play_to_the_end(session)
    (news,) = session.take_news()
    assert news.startswith("The statistics of this hand could not be written (")
    assert "a folder is in the way: " in news and "okey101 stats will not count it" in news
    assert f"{stats.stats_path()})" in news  # the file it concerns


# -- a statistics file that cannot be read -----------------------------------------------------


def test_statistics_lines_that_are_no_hand_are_left_out_and_counted() -> None:
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    good = {"seats": [{"kind": "human", "name": "Ayşe", "score": 12}], "type": "classic"}
    lines = [
        json.dumps(good),
        '{"seats":[{"kind":"human","name":"Big","score":' + "9" * 400 + "}]}",
        '{"seats":[{"kind":"human","name":"Big","score":' + "9" * 5000 + "}]}",
        "[1, 2]",
        "garbage",
        "",
    ]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    found = stats.read_file()
    assert found.records == [good] and found.skipped == 4 and found.problem == ""
    players = stats.summarise(found.records)
    assert players["Ayşe"].as_dict()["mean_hand_score"] == 12.0


def test_a_statistics_file_that_cannot_be_read_is_said() -> None:
    stats.stats_path().mkdir(parents=True)
    found = stats.read_file()
    assert found.records == [] and "a folder is in the way" in found.problem
    assert stats.read() == []


@pytest.mark.parametrize(
    "text", ["[" * 5000 + "]" * 5000, "not JSON", '["a list"]', '{"ws://h:1 AB": 5}']
)
def test_a_seats_file_that_cannot_be_read_keeps_no_token_and_is_written_again(text: str) -> None:
    """The tokens ``okey101 join`` keeps to take a seat back: a file nested past what
    Python reads ended join in a RecursionError; any unreadable file holds no token, and
    the next seat taken writes it again."""
    storage.data_dir().mkdir(parents=True, exist_ok=True)
    storage.seats_path().write_text(text, encoding="utf-8")
    assert storage.seat_token("ws://h:1 AB") is None
    storage.keep_seat_token("ws://h:1 AB", "o-AXE-vWepCWDa7g")
    assert storage.seat_token("ws://h:1 AB") == "o-AXE-vWepCWDa7g"


def test_a_bot_level_no_bot_has_falls_back_for_that_seat_alone() -> None:
    """A hand-edited save with levels ["god", "easy", "hard"] made all three bots normal."""
    path = unfinished("20990101-000000-lvls", extra={"levels": ["god", "easy", "hard"]})
    (entry,) = storage.list_saves().entries
    session = Session.resume(entry.saved, path)
    assert session.levels == ("normal", "easy", "hard")


def test_a_text_that_cannot_be_written_leaves_no_temporary_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A lone surrogate (a name given as bytes that are not UTF-8) made atomic_write fail
    with its temporary file left beside the save."""
    import pytest

    from okey_tui.storage import atomic_write

    path = tmp_path / "save.json"
    with pytest.raises(UnicodeEncodeError):
        atomic_write(path, "name \udcff")
    assert list(tmp_path.iterdir()) == []
