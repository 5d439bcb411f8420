"""Saved matches: round trips, atomic writes, bad files set aside, one writer."""

from __future__ import annotations

import json
import random
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
    return tmp_path / "match.json"


@pytest.mark.parametrize("steps", [0, 7, 60, 400])
def test_a_saved_match_loads_back_identically(save_file: Path, steps: int) -> None:
    rules = RuleSet(game_type=GameType.CHALLENGE, hands=3)
    match = Match(rules, seed=11)
    play_some(match, steps, random.Random(steps))
    storage.save(match, {"names": ["Ayşe", "a", "b", "c"]})
    loaded = storage.load()
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
    storage.save(match)
    loaded = storage.load()
    assert loaded is not None
    play_some(match, 500, random.Random(2))
    play_some(loaded.match, 500, random.Random(2))
    assert format_position(loaded.match.hand) == format_position(match.hand)
    assert loaded.match.totals() == match.totals()


def test_no_save_loads_as_none(save_file: Path) -> None:
    assert storage.load() is None


def good_text() -> str:
    return storage.match_to_json(Match(RuleSet(hands=1), seed=3))


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: t[: len(t) // 2],  # truncated
        lambda t: "not json at all",
        lambda t: json.dumps({**json.loads(t), "version": 99}),  # unknown version
        lambda t: json.dumps({**json.loads(t), "format": "something-else"}),
        lambda t: json.dumps(
            {**json.loads(t), "hand": "classic/1 B7 0p - - -/-/-/- - -/-/-/- - - -"}
        ),
        lambda t: json.dumps(
            {**json.loads(t), "hand": json.loads(t)["hand"].replace("R1", "R2", 1)}
        ),
        lambda t: json.dumps({**json.loads(t), "starters": [7]}),
        lambda t: json.dumps([1, 2, 3]),
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
    ],
)
def test_a_bad_save_is_set_aside_never_overwritten(save_file: Path, damage) -> None:  # type: ignore[no-untyped-def]
    bad = damage(good_text())
    save_file.write_text(bad, encoding="utf-8")
    with pytest.raises(storage.SaveError) as caught:
        storage.load()
    moved = caught.value.moved_to
    assert moved is not None and moved.name.startswith("match.json.corrupt-")
    assert moved.read_text(encoding="utf-8") == bad
    assert not save_file.exists()
    assert "kept as" in str(caught.value)
    # A new match can start and be saved where the bad one was.
    storage.save(Match(RuleSet(hands=1), seed=5))
    assert storage.load() is not None
    assert moved.read_text(encoding="utf-8") == bad


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "file.json"
    storage.atomic_write(target, "one")
    storage.atomic_write(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_one_match_has_one_writer(save_file: Path) -> None:
    with (
        storage.exclusive(),
        pytest.raises(storage.SaveInUseError, match="Another okey101"),
        storage.exclusive(),
    ):
        pass
    with storage.exclusive():
        pass


def test_a_second_play_is_told_the_match_is_in_use(save_file: Path) -> None:
    from click.testing import CliRunner

    from okey_tui.cli import main

    with storage.exclusive():
        result = CliRunner().invoke(main, ["play", "--seed", "1", "--bot-delay", "0"])
    assert result.exit_code == 1
    assert "Another okey101 is playing this match right now" in result.output
    assert "Traceback" not in result.output
