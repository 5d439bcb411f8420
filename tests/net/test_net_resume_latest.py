"""``okey101 host --resume`` opens the table this computer served last, or says why not:
when that table is still served by another okey101, an older one opened in its place
gave its players a join code and port that led nowhere. An older table opens only by
its id (``okey101 host --resume ID``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from okey_tui import storage
from okey_tui.cli import main
from okey_tui.commands import host as host_command
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.net.server import TableServer


def hosted_table(saved_at: float) -> Path:
    """A table served and left mid-match, saved at ``saved_at``; its save's path."""
    path = storage.new_save_path(storage.hosted_dir())
    server = TableServer(RuleSet(hands=3), 3, ("easy",) * 4, port=0, save_path=path)
    server.match = Match(RuleSet(hands=3), 3)
    server.save_now()
    os.utime(path, (saved_at, saved_at))
    return path


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Path | None]:
    """The save of each table ``okey101 host`` went on to serve (nothing is served)."""
    seen: list[Path | None] = []
    monkeypatch.setattr(host_command, "_take_port", lambda server, **_kw: None)
    monkeypatch.setattr(host_command, "_serve", lambda server, **_kw: seen.append(server.save_path))
    return seen


def test_the_latest_table_served_elsewhere_is_said_and_no_older_one_opens(
    opened: list[Path | None],
) -> None:
    older = hosted_table(1_000_000)
    latest = hosted_table(2_000_000)
    lock = storage.MatchLock(latest)  # another okey101 serves it
    try:
        result = CliRunner().invoke(main, ["host", "--resume", "--no-seat"])
    finally:
        lock.release()
    assert result.exit_code == 1, result.output
    assert opened == []  # the older table stays closed
    assert latest.stem in result.output and "serving" in result.output
    assert "okey101 host --resume ID" in result.output and "okey101 saves" in result.output
    assert "Traceback" not in result.output
    # By its id, the older table opens.
    result = CliRunner().invoke(main, ["host", "--resume", older.stem, "--no-seat"])
    assert result.exit_code == 0, result.output
    assert opened == [older]


def test_resume_without_an_id_opens_the_latest_and_a_wrong_id_exits_2(
    opened: list[Path | None],
) -> None:
    hosted_table(1_000_000)
    latest = hosted_table(2_000_000)
    result = CliRunner().invoke(main, ["host", "--resume", "--no-seat"])
    assert result.exit_code == 0, result.output
    assert opened == [latest]
    result = CliRunner().invoke(main, ["host", "--resume", "19990101-000000", "--no-seat"])
    assert result.exit_code == 2, result.output
    assert "19990101-000000" in result.output and "okey101 saves" in result.output
    assert "Traceback" not in result.output and opened == [latest]


def test_the_table_named_by_its_id_served_elsewhere_is_said(opened: list[Path | None]) -> None:
    older = hosted_table(1_000_000)
    hosted_table(2_000_000)
    lock = storage.MatchLock(older)
    try:
        result = CliRunner().invoke(main, ["host", "--resume", older.stem, "--no-seat"])
    finally:
        lock.release()
    assert result.exit_code == 1, result.output
    assert older.stem in result.output and "serving" in result.output and opened == []
