"""Saved matches: versioned JSON built on the position notation, written atomically.

A save holds the table rules, the match seed, each hand's starter, the final
position of every finished hand (their scores are recomputed from it), the
current hand's position and whatever the front end adds (names, bot levels,
the rack layout). A file that cannot be read back completely is renamed
aside (``*.corrupt-<time>``) and never overwritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from okey_tui.engine.errors import OkeyError
from okey_tui.engine.match import Match
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import score_hand

FORMAT = "okey101-save"
VERSION = 1


class SaveError(Exception):
    """A save file that could not be used; ``moved_to`` says where it was put aside."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


class SaveInUseError(Exception):
    """Another okey101 is playing this match right now."""


def data_dir() -> Path:
    """Where saves and statistics live (``OKEY101_DATA_DIR`` overrides)."""
    override = os.environ.get("OKEY101_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("okey101", appauthor=False))


def default_save_path() -> Path:
    return data_dir() / "match.json"


def atomic_write(path: Path, text: str) -> None:
    """Write a whole file or nothing: temporary file, fsync, rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


@dataclass
class SavedMatch:
    """A match and the front end's extra data, as stored."""

    match: Match
    extra: dict[str, Any] = field(default_factory=dict)


def match_to_json(match: Match, extra: dict[str, Any] | None = None) -> str:
    finished = [format_position(h) for h in match.finished_hands]
    document = {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.code(),
        "seed": match.seed,
        "starters": match.starters,
        "finished": finished,
        "hand": format_position(match.hand),
        "extra": extra or {},
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def match_from_json(text: str) -> SavedMatch:
    """Rebuild a saved match, or raise ``ValueError`` saying what is wrong."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError("not an okey101 save")
    if document.get("version") != VERSION:
        raise ValueError(f"save version {document.get('version')!r}; this okey101 reads {VERSION}")
    try:
        rules = RuleSet.from_code(str(document["rules"]))
        seed = document["seed"]
        starters = document["starters"]
        finished = document["finished"]
        hand_text = document["hand"]
        extra = document.get("extra", {})
        if not isinstance(seed, int) or not isinstance(hand_text, str):
            raise ValueError("bad seed or hand")
        if not isinstance(starters, list) or not all(s in (0, 1, 2, 3) for s in starters):
            raise ValueError("bad starters")
        if not isinstance(finished, list) or not isinstance(extra, dict):
            raise ValueError("bad finished hands")
        if len(starters) != len(finished) + 1 and len(starters) != len(finished):
            raise ValueError("hand count does not match")
        hands = [parse_position(str(t)) for t in finished]
        if any(not h.is_over for h in hands):
            raise ValueError("a finished hand that is not over")
        current = parse_position(hand_text)
        if len(hands) > rules.hands:
            raise ValueError("more hands than the match has")
    except (KeyError, TypeError, OkeyError, ValueError) as exc:
        raise ValueError(f"an impossible match ({exc})") from None
    match = Match.restore(rules, seed, starters, [score_hand(h) for h in hands], hands, current)
    return SavedMatch(match, extra)


def set_aside(path: Path) -> Path:
    """Rename a bad save out of the way; returns the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    path.rename(target)
    return target


def load(path: Path | None = None) -> SavedMatch | None:
    """The saved match, ``None`` if there is none; a bad file is set aside (``SaveError``)."""
    path = path or default_save_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        moved = set_aside(path)
        raise SaveError(
            f"The saved match could not be read ({exc}); kept as {moved.name}", moved
        ) from None
    try:
        return match_from_json(text)
    except ValueError as exc:
        moved = set_aside(path)
        raise SaveError(
            f"The saved match is unusable: {exc}. It was kept as {moved.name}", moved
        ) from None


def save(match: Match, extra: dict[str, Any] | None = None, path: Path | None = None) -> None:
    atomic_write(path or default_save_path(), match_to_json(match, extra))


def discard(path: Path | None = None) -> None:
    with contextlib.suppress(FileNotFoundError):
        (path or default_save_path()).unlink()


@contextlib.contextmanager
def exclusive(path: Path | None = None) -> Iterator[None]:
    """Hold the match's lock for as long as one okey101 plays it."""
    import fcntl

    path = path or default_save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = path.with_name(path.name + ".lock")
    handle = open(lock_path, "a+")  # noqa: SIM115 - held for the whole block
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise SaveInUseError(
                "Another okey101 is playing this match right now; finish or quit it first"
            ) from None
        yield
    finally:
        handle.close()
