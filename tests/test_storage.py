"""Saved matches: round trips, atomic writes, one file per match, bad files set aside,
one writer per match."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from okey_tui import storage
from okey_tui.engine.match import Match
from okey_tui.engine.notation import format_position
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.view import PlayerView, legal_actions


def play_some(match: Match, steps: int, rng: random.Random) -> None:
    """Random legal single-step play, across hand ends."""
    for _ in range(steps):
        hand = match.hand
        if hand.is_over:
            if not match.hand_scored:
                match.finish_hand()
            if match.is_over:
                return
            match.next_hand()
            continue
        actions = legal_actions(PlayerView.of(hand, hand.turn))
        hand.apply(rng.choice(actions))


@pytest.fixture
def save_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OKEY101_DATA_DIR", str(tmp_path))
    storage.saves_dir().mkdir(parents=True)
    return storage.new_save_path()


@pytest.mark.parametrize("steps", [0, 7, 60, 400])
def test_a_saved_match_loads_back_identically(save_file: Path, steps: int) -> None:
    rules = RuleSet(game_type=GameType.CHALLENGE, hands=3)
    match = Match(rules, seed=11)
    play_some(match, steps, random.Random(steps))
    storage.save(match, {"names": ["Ayşe", "a", "b", "c"]}, save_file)
    loaded = storage.load(save_file)
    assert loaded is not None
    again = loaded.match
    assert again.rules == rules
    assert again.seed == 11
    assert again.starters == match.starters
    assert format_position(again.hand) == format_position(match.hand)
    assert again.totals() == match.totals()
    assert loaded.extra == {"names": ["Ayşe", "a", "b", "c"]}


def test_a_resumed_match_continues_like_the_original(save_file: Path) -> None:
    match = Match(RuleSet(hands=3), seed=4)
    play_some(match, 90, random.Random(1))
    storage.save(match, None, save_file)
    loaded = storage.load(save_file)
    assert loaded is not None
    play_some(match, 500, random.Random(2))
    play_some(loaded.match, 500, random.Random(2))
    assert format_position(loaded.match.hand) == format_position(match.hand)
    assert loaded.match.totals() == match.totals()


def test_no_save_loads_as_none(save_file: Path) -> None:
    assert storage.load(save_file) is None
    assert storage.list_saves().entries == []


def good_text() -> str:
    return storage.match_to_json(Match(RuleSet(hands=1), seed=3))


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: t[: len(t) // 2],  # truncated
        lambda t: "not json at all",
        lambda t: json.dumps({**json.loads(t), "version": 0}),  # no version okey101 wrote
        lambda t: json.dumps({**json.loads(t), "format": "something-else"}),
        lambda t: json.dumps(
            {**json.loads(t), "hand": "classic/1 B7 0p - - -/-/-/- - -/-/-/- - - -"}
        ),
        lambda t: json.dumps(
            {**json.loads(t), "hand": json.loads(t)["hand"].replace("R1", "R2", 1)}
        ),
        lambda t: json.dumps({**json.loads(t), "starters": [7]}),
        lambda t: json.dumps([1, 2, 3]),
        lambda t: "[" * 100_000 + "]" * 100_000,  # nested past Python's recursion limit
    ],
    ids=[
        "truncated",
        "not-json",
        "version",
        "format",
        "short-position",
        "third-copy",
        "starters",
        "list",
        "nested",
    ],
)
def test_a_bad_save_is_set_aside_never_overwritten(save_file: Path, damage) -> None:  # type: ignore[no-untyped-def]
    bad = damage(good_text())
    save_file.write_text(bad, encoding="utf-8")
    with pytest.raises(storage.SaveError) as caught:
        storage.load(save_file)
    moved = caught.value.moved_to
    assert moved is not None and moved.name.startswith(f"{save_file.name}.corrupt-")
    assert moved.read_text(encoding="utf-8") == bad
    assert not save_file.exists()
    assert "kept as" in str(caught.value)
    # A new match can start and be saved where the bad one was.
    storage.save(Match(RuleSet(hands=1), seed=5), None, save_file)
    assert storage.load(save_file) is not None
    assert moved.read_text(encoding="utf-8") == bad


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "file.json"
    storage.atomic_write(target, "one")
    storage.atomic_write(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_one_match_has_one_writer_and_two_matches_have_two(save_file: Path) -> None:
    other = storage.new_save_path()
    assert other != save_file
    with (
        storage.exclusive(save_file),
        pytest.raises(storage.SaveInUseError, match="Another okey101"),
        storage.exclusive(save_file),
    ):
        pass
    with storage.exclusive(save_file), storage.exclusive(other):
        assert storage.in_use(save_file) and storage.in_use(other)
    assert not storage.in_use(save_file)


def test_the_lock_holds_across_processes(save_file: Path) -> None:
    """A second okey101 (another process) is refused while the first plays the match."""
    code = (
        "import sys, time; from pathlib import Path; from okey_tui import storage; "
        "lock = storage.MatchLock(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(save_file)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(storage.SaveInUseError):
            storage.MatchLock(save_file)
    finally:
        holder.kill()
        holder.wait()
    storage.MatchLock(save_file).release()  # the dead process holds nothing


def saved_match(seed: int, steps: int = 0) -> Match:
    match = Match(RuleSet(hands=3), seed=seed)
    play_some(match, steps, random.Random(seed))
    return match


def test_every_unfinished_match_has_its_own_file(save_file: Path) -> None:
    paths = []
    for seed in (1, 2, 3):
        path = storage.new_save_path()
        storage.save(saved_match(seed, 10), {"started": f"s{seed}"}, path)
        paths.append(path)
        time.sleep(0.01)
    found = storage.list_saves()
    assert [e.path for e in found.entries] == paths[::-1]  # the latest played first
    assert [e.saved.match.seed for e in found.entries] == [3, 2, 1]
    assert found.problems == []
    # Playing the oldest makes it the latest.
    storage.save(saved_match(1, 20), {}, paths[0])
    assert storage.list_saves().entries[0].path == paths[0]


def test_a_bad_file_is_set_aside_and_reported_and_never_blocks_the_others(
    save_file: Path,
) -> None:
    good = storage.new_save_path()
    storage.save(saved_match(4, 5), {}, good)
    bad = storage.saves_dir() / "20200101-000000-dead.json"
    bad.write_text("{not json", encoding="utf-8")
    found = storage.list_saves()
    assert [e.path for e in found.entries] == [good]
    assert len(found.problems) == 1
    moved = found.problems[0].moved_to
    assert moved is not None and moved.read_text(encoding="utf-8") == "{not json"
    assert "20200101-000000-dead" in str(found.problems[0])
    assert storage.list_saves().problems == []  # reported once, kept aside


def test_a_bad_file_that_cannot_be_set_aside_is_reported_where_it_is(
    save_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder okey101 may not write (read-only): the damaged save could not be renamed
    and was left out of the list without a word, at every listing. It is reported, each
    time, with where it is; nothing is changed."""
    good = storage.new_save_path()
    storage.save(saved_match(4, 5), {}, good)
    bad = storage.saves_dir() / "20200101-000000-dead.json"
    bad.write_text("{not json", encoding="utf-8")

    def read_only(path: Path) -> Path:
        raise PermissionError(13, "Permission denied", str(path))

    with monkeypatch.context() as patch:
        patch.setattr(storage, "set_aside", read_only)
        for _ in range(2):
            found = storage.list_saves()
            assert [e.path for e in found.entries] == [good]
            (problem,) = found.problems
            said = str(problem)
            assert said.startswith("The saved match 20200101-000000-dead is unusable:"), said
            assert "could not be set aside (permission denied" in said and str(bad) in said
            assert problem.moved_to is None
    assert bad.read_text(encoding="utf-8") == "{not json"


def test_finished_matches_are_not_offered(save_file: Path) -> None:
    match = Match(RuleSet(hands=1), seed=2)
    play_some(match, 5000, random.Random(0))
    assert match.is_over
    storage.save(match, {}, save_file)
    assert storage.list_saves().entries == []


def test_a_match_is_found_by_its_id_or_a_unique_start_of_it(save_file: Path) -> None:
    a = storage.save_path_for("20261130-101010-aaaa")
    b = storage.save_path_for("20261130-101010-bbbb")
    for path in (a, b):
        storage.save(saved_match(1), {}, path)
    found = storage.list_saves()
    assert found.find("20261130-101010-aaaa") is not None
    entry = found.find("20261130-101010-b")
    assert entry is not None and entry.path == b
    assert found.find("20261130-101010") is None  # ambiguous
    assert found.find("nope") is None


def test_the_one_save_of_older_versions_is_kept_as_a_match_of_its_own(save_file: Path) -> None:
    old = storage.legacy_save_path()
    text = storage.match_to_json(saved_match(6, 12))
    old.write_text(text, encoding="utf-8")
    found = storage.list_saves()
    assert len(found.entries) == 1 and not old.exists()
    assert found.entries[0].path.read_text(encoding="utf-8") == text


def test_a_second_play_of_the_same_match_is_refused(save_file: Path) -> None:
    from click.testing import CliRunner

    from okey_tui.cli import main

    storage.save(saved_match(3, 4), {}, save_file)
    with storage.exclusive(save_file):
        for args in (["--resume"], ["--resume", save_file.stem]):
            result = CliRunner().invoke(main, ["play", *args, "--bot-delay", "0"])
            assert result.exit_code == 1
            assert "Another okey101 is playing this match right now" in result.output
            assert "Traceback" not in result.output
    assert os.path.exists(save_file)
