"""Saved matches: versioned JSON built on the position notation, written atomically.

Every unfinished match has its own file, ``saves/<id>.json`` in the data
dir, kept until the match is finished or the player deletes it: starting a
new match never touches another one. A save holds the table rules, the match seed, each hand's starter, the final
position of every finished hand (their scores are recomputed from it), the
current hand's position and whatever the front end adds (names, bot levels,
the rack layout). A file that cannot be read back completely is renamed
aside (``*.corrupt-<time>``) and never overwritten; it never blocks the
other saves, and stays listed (:attr:`SaveList.set_aside`) until the player
deletes it. A save written by a newer okey101 is not damaged: it is left
where it is, untouched, and listed as such (:attr:`SaveList.newer`). One
okey101 at a time may play a match (a lock file of its own, through
``filelock``, so it works on every platform): ``locks/saves/<id>.json.lock``
in the data dir, so that the saves folder holds only saves (filelock leaves the
file on Unix, and deleting it on release would let a second okey101 lock a new
file while a third still held the old one).
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import secrets
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeAlias

from okey_tui.engine.errors import OkeyError
from okey_tui.engine.match import Match
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import score_hand
from okey_tui.engine.state import Event, Hand
from okey_tui.i18n import N_, _, ngettext, os_problem

# A JSON object as the json module writes and reads it: a save's extra data, a line of the
# statistics, a report printed with --json. Any: its values are whatever JSON holds (text,
# numbers, lists, objects); a reader checks the type of each field before it uses it.
JSONObject: TypeAlias = dict[str, Any]

FORMAT = "okey101-save"
VERSION = 1


class Unusable(StrEnum):
    """Why a save could not be used, as a code: :func:`unusable_text` says it in a
    player's words; the technical detail goes with it (:attr:`UnusableSaveError.detail`)."""

    DAMAGED = "damaged"  # not text, not JSON, no version: cut short or overwritten
    NOT_A_SAVE = "not-a-save"  # JSON, but not an okey101 save
    OLD_VERSION = "old-version"  # a save version this okey101 does not read
    NEWER = "newer"  # saved by a newer okey101
    IMPOSSIBLE = "impossible"  # a save whose match cannot be played on
    NO_PERMISSION = "no-permission"  # the file may not be read
    UNREADABLE = "unreadable"  # the file could not be read (another error of the system)


_UNUSABLE_TEXTS = {
    Unusable.DAMAGED: N_("the file is damaged"),
    Unusable.NOT_A_SAVE: N_("not a saved match of okey101"),
    Unusable.OLD_VERSION: N_("saved in a form this okey101 does not read"),
    Unusable.NEWER: N_("saved by a newer okey101"),
    Unusable.IMPOSSIBLE: N_("the match in it is damaged and cannot be played on"),
    Unusable.NO_PERMISSION: N_("the file may not be read (its permissions)"),
    Unusable.UNREADABLE: N_("the file could not be read"),
}


def unusable_text(why: Unusable) -> str:
    """Why a save could not be used, in a player's words (in the language of the screen)."""
    return _(_UNUSABLE_TEXTS[why])


class UnusableSaveError(ValueError):
    """A save's text that cannot be used: ``why`` is the code, the message (``detail``)
    the technical words of it, for a bug report."""

    def __init__(self, why: Unusable, detail: str) -> None:
        super().__init__(detail)
        self.why = why
        self.detail = detail


class SaveError(Exception):
    """A save file that could not be used; ``moved_to`` says where it was put aside,
    ``why`` why (a code) and ``detail`` the technical words of it; ``left`` the save left
    where it is (it could not be read here)."""

    def __init__(
        self,
        message: str,
        moved_to: Path | None = None,
        why: Unusable | None = None,
        detail: str = "",
        left: Path | None = None,
    ) -> None:
        super().__init__(message)
        self.moved_to = moved_to
        self.why = why
        self.detail = detail
        self.left = left


class NewerSaveError(SaveError):
    """A save written by a newer okey101: not damaged, so left where it is, untouched."""

    def __init__(self, message: str, version: int) -> None:
        super().__init__(message, why=Unusable.NEWER)
        self.version = version


class NewerVersionError(UnusableSaveError):
    """The save's version is newer than this okey101 reads (see :class:`NewerSaveError`)."""

    def __init__(self, version: int) -> None:
        super().__init__(
            Unusable.NEWER,
            _("save version {found}; this okey101 reads {version}").format(
                found=version, version=VERSION
            ),
        )
        self.version = version


def _read_problem(exc: OSError | UnicodeDecodeError) -> UnusableSaveError:
    """A save's file that could not be read as text, as a code and the system's words."""
    if isinstance(exc, UnicodeDecodeError):  # no text: bytes written over it
        return UnusableSaveError(Unusable.DAMAGED, str(exc))
    if isinstance(exc, PermissionError):
        return UnusableSaveError(Unusable.NO_PERMISSION, str(exc))
    return UnusableSaveError(Unusable.UNREADABLE, str(exc))


class SaveInUseError(Exception):
    """Another okey101 is playing this match right now."""


class LockFolderError(OSError):
    """The lock of a match cannot be made: its folder is not one (a file in its place), or
    may not be written. Said with the folder and what to do."""


def data_dir() -> Path:
    """Where saves and statistics live (``OKEY101_DATA_DIR`` overrides)."""
    override = os.environ.get("OKEY101_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("okey101", appauthor=False))


def saves_dir(data: Path | None = None) -> Path:
    """One file per unfinished match (in ``data``, by default the data dir)."""
    return (data or data_dir()) / "saves"


def hosted_dir() -> Path:
    """One file per table served with ``okey101 host`` (``host --resume`` looks here)."""
    return data_dir() / "tables"


LOCKS = "locks"


def lock_path(path: Path) -> Path:
    """The lock file of the save at ``path``: ``locks/<folder>/<id>.json.lock`` beside the
    save's folder (``locks/saves/…`` and ``locks/tables/…`` in the data dir). It is never
    deleted while the match may be played: two okey101 would lock two files."""
    return path.parent.parent / LOCKS / path.parent.name / (path.name + ".lock")


def legacy_lock_path(path: Path) -> Path:
    """Where older okey101 kept the save's lock file: beside it (``<id>.json.lock``)."""
    return path.with_name(path.name + ".lock")


def legacy_save_path() -> Path:
    """Where okey101 kept its one saved match before matches had their own files."""
    return data_dir() / "match.json"


def new_match_id() -> str:
    """A new match's id: when it started, and a few random letters so two never clash."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(2)


def save_path_for(match_id: str) -> Path:
    return saves_dir() / f"{match_id}.json"


def new_save_path(folder: Path | None = None) -> Path:
    """The file of a match starting now; never the file of another match."""
    while True:
        match_id = new_match_id()
        path = save_path_for(match_id) if folder is None else folder / f"{match_id}.json"
        if not path.exists():
            return path


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write a whole file or nothing: temporary file, fsync, rename (text as UTF-8, bytes
    as they are)."""
    data = text.encode("utf-8") if isinstance(text, str) else text  # (no file left if not)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
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
    extra: JSONObject = field(default_factory=dict)
    # When it was last written (seconds since the epoch; 0 when unknown).
    saved_at: float = 0.0


def match_to_json(match: Match, extra: JSONObject | None = None) -> str:
    finished = [format_position(h) for h in match.finished_hands]
    document = {
        "format": FORMAT,
        "version": VERSION,
        "saved_at": time.time(),
        "rules": match.rules.code(),
        "seed": match.seed,
        "starters": match.starters,
        "finished": finished,
        "hand": format_position(match.hand),
        "extra": extra or {},
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def match_from_json(text: str) -> SavedMatch:
    """Rebuild a saved match, or raise :class:`UnusableSaveError` saying what is wrong
    (a code, and the technical words of it)."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnusableSaveError(
            Unusable.DAMAGED,
            _("not JSON ({error} at line {line})").format(error=exc.msg, line=exc.lineno),
        ) from None
    except RecursionError:  # nested deeper than Python reads, and than any save
        raise UnusableSaveError(Unusable.NOT_A_SAVE, _("not an okey101 save")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise UnusableSaveError(Unusable.NOT_A_SAVE, _("not an okey101 save"))
    version = document.get("version")
    if type(version) is int and version > VERSION:
        raise NewerVersionError(version)
    if type(version) is not int or version != VERSION:  # true is no version (true == 1)
        # An older number is a form this okey101 does not read; no number at all, damage.
        raise UnusableSaveError(
            Unusable.OLD_VERSION if type(version) is int else Unusable.DAMAGED,
            _("save version {found}; this okey101 reads {version}").format(
                found=repr(document.get("version")), version=VERSION
            ),
        )
    try:
        rules = RuleSet.from_code(str(document["rules"]))
        seed = document["seed"]
        starters = document["starters"]
        finished = document["finished"]
        hand_text = document["hand"]
        extra = document.get("extra", {})
        if not isinstance(seed, int) or not isinstance(hand_text, str):
            raise ValueError(_("bad seed or hand"))
        if not isinstance(starters, list) or not all(s in (0, 1, 2, 3) for s in starters):
            raise ValueError(_("bad starters"))
        if not isinstance(finished, list) or not isinstance(extra, dict):
            raise ValueError(_("bad finished hands"))
        hands = [parse_position(str(t)) for t in finished]
        if any(not h.is_over for h in hands):
            raise ValueError(_("a finished hand that is not over"))
        current = parse_position(hand_text)
        # The engine says whether the parts make one match (its rules, its starters).
        match = Match.restore(rules, seed, starters, [score_hand(h) for h in hands], hands, current)
    except (KeyError, TypeError, OkeyError, ValueError) as exc:
        from okey_tui.messages import describe

        raise UnusableSaveError(
            Unusable.IMPOSSIBLE, _("an impossible match ({error})").format(error=describe(exc))
        ) from None
    return SavedMatch(match, extra, _moment(document.get("saved_at")))


def _moment(value: object) -> float:
    """A save's ``saved_at`` if it is a moment this computer can write as a date, else 0.0
    (unknown: the file's own time stands for it). Only a date in the list of saves: a
    hand-edited one (NaN, 1e300, true) makes the match no less playable."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    try:
        moment = float(value)
    except OverflowError:  # an integer past any float
        return 0.0
    if not math.isfinite(moment) or moment <= 0 or not local_time(moment):
        return 0.0
    return moment


def local_time(seconds: float) -> str:
    """``seconds`` since the epoch as a local date and time (``2026-11-30 20:58``); ""
    for a moment this computer cannot write as a date (out of range, not a number)."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))
    except (OverflowError, OSError, ValueError):
        return ""


def logged_before_load(saved: Sequence[Event], hand: Hand) -> list[Event]:
    """The events kept with a saved ``hand`` (a front end's log of it), less those its
    loading logged again.

    A hand saved in the middle of a turn is rebuilt from the turn's start by replaying
    the turn's actions, which logs their events anew in ``hand.events``; the kept log
    ends with the same events, which would otherwise be told twice.
    """
    again = len(hand.events)
    tail = saved[len(saved) - again :] if again else ()
    if again and len(saved) >= again and _steps(tail) == _steps(hand.events):
        return list(saved[: len(saved) - again])
    return list(saved)


def _steps(events: Sequence[Event]) -> list[tuple[str, int | None]]:
    return [(e.kind, e.seat) for e in events]


# The files this process set aside: already reported by whoever set them aside, so the
# reminder of the files lying aside (:meth:`SaveList.reminders`) leaves them out.
_set_aside_here: set[Path] = set()
ASIDE = ".corrupt-"
_ASIDE_STAMP = re.compile(r"\.corrupt-(\d{8}-\d{6})(?:-\d+)?$")


def aside_path(path: Path) -> Path:
    """A free name beside ``path`` for a copy of it set aside: ``<name>.corrupt-<time>``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}{ASIDE}{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}{ASIDE}{stamp}-{n}")
    return target


def set_aside(path: Path) -> Path:
    """Rename a bad save out of the way; returns the new name."""
    target = aside_path(path)
    path.rename(target)
    _set_aside_here.add(target)
    return target


def _set_save_aside(path: Path) -> Path:
    """Rename a bad save out of the way, and delete its lock files when no okey101 holds
    them: a lock left for a save that is gone locks nothing. Returns the new name."""
    target = set_aside(path)
    lock_files = [lock_path(path), legacy_lock_path(path)]
    if any(f.exists() for f in lock_files):
        try:
            lock = MatchLock(path)
        except (SaveInUseError, OSError):  # played somewhere (or not ours to take): kept
            return target
        try:
            for lock_file in lock_files:
                with contextlib.suppress(OSError):
                    lock_file.unlink()
        finally:
            lock.release()
    return target


def load(path: Path) -> SavedMatch | None:
    """The match saved at ``path``, ``None`` if there is none; a bad file is set aside
    (``SaveError``: why, in a player's words, with the code and the technical detail
    beside), a save of a newer okey101 left in place (``NewerSaveError``), and so is one
    that cannot be read here (``SaveError`` with no ``moved_to``)."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # a mark some editors put first: read past
    except FileNotFoundError:
        return None
    except OSError as exc:
        # Not readable here (root's file after a sudo okey101, a disk error): nothing is
        # known to be wrong with it, so it is left where it is, listed again once readable.
        problem = _read_problem(exc)
        raise SaveError(
            _(
                "The saved match {id} could not be read ({error}): it is left where it is, "
                "and listed again once okey101 can read it"
            ).format(id=path.stem, error=os_problem(exc)),
            None,
            problem.why,
            problem.detail,
            left=path,
        ) from None
    except UnicodeDecodeError as exc:
        problem = _read_problem(exc)
    else:
        try:
            return match_from_json(text)
        except NewerVersionError as exc:  # not damaged: left where it is, for a newer okey101
            raise NewerSaveError(
                _(
                    "The match {id} was saved by a newer okey101 ({error}): "
                    "update okey101 to continue it"
                ).format(id=path.stem, error=exc),
                exc.version,
            ) from None
        except UnusableSaveError as exc:
            problem = exc
    try:
        moved = _set_save_aside(path)
    except FileNotFoundError:
        return None  # gone meanwhile
    except OSError as exc:
        # A folder okey101 may not write (read-only): the file stays, said at each listing
        # (it was left out of the list without a word).
        raise SaveError(
            _(
                "The saved match {id} is unusable: {error}. It could not be set aside "
                "({problem}): it is left as {file}"
            ).format(
                id=path.stem,
                error=unusable_text(problem.why),
                problem=os_problem(exc),
                file=path,
            ),
            None,
            problem.why,
            problem.detail,
        ) from None
    raise SaveError(
        _("The saved match {id} is unusable: {error}. It was kept as {file}").format(
            id=path.stem, error=unusable_text(problem.why), file=moved.name
        ),
        moved,
        problem.why,
        problem.detail,
    ) from None


def save(match: Match, extra: JSONObject | None, path: Path) -> None:
    atomic_write(path, match_to_json(match, extra))


def discard(path: Path) -> None:
    """Delete a finished or unwanted match, and its lock files (their owner is the caller),
    the one an older okey101 left beside it too. A save that cannot be deleted raises
    ``OSError``; a lock file left behind locks nothing, and is no error."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    for lock_file in (lock_path(path), legacy_lock_path(path)):
        with contextlib.suppress(OSError):
            lock_file.unlink()


# -- every unfinished match ----------------------------------------------------------------


@dataclass
class SaveEntry:
    """One unfinished match on disk."""

    id: str
    path: Path
    saved: SavedMatch

    @property
    def saved_at(self) -> float:
        if self.saved.saved_at:
            return self.saved.saved_at
        with contextlib.suppress(OSError):
            return self.path.stat().st_mtime
        return 0.0

    @property
    def started(self) -> str:
        """When the match started, as its front end noted it (else the id's own time)."""
        started = self.saved.extra.get("started")
        if isinstance(started, str) and started.isprintable():  # a date, not a line break
            return started
        try:  # an id begins with its start time: 20261130-205800
            return time.strftime("%Y-%m-%d %H:%M", time.strptime(self.id[:15], "%Y%m%d-%H%M%S"))
        except ValueError:
            return self.id[:15]


@dataclass
class SetAsideFile:
    """A save set aside because it could not be used, still lying in the saves folder."""

    path: Path
    # Why it could not be used, read from it again now (None when it reads well now),
    # and the technical words of it, for a bug report.
    why: Unusable | None = None
    detail: str = ""

    @property
    def reason(self) -> str:
        """Why it could not be used, in a player's words ("not known" if it reads well now)."""
        return unusable_text(self.why) if self.why is not None else _("not known")

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def when(self) -> str:
        """When it was set aside, as its name says (else when it was last changed)."""
        found = _ASIDE_STAMP.search(self.path.name)
        if found:
            with contextlib.suppress(ValueError):
                moment = time.strptime(found.group(1), "%Y%m%d-%H%M%S")
                return time.strftime("%Y-%m-%d %H:%M", moment)
        try:
            return local_time(self.path.stat().st_mtime)
        except OSError:
            return ""

    def as_dict(self) -> JSONObject:
        """For ``okey101 saves --json``: ``why`` is the code (``damaged``; "" when the file
        reads well now), ``detail`` the technical words of it."""
        return {
            "file": self.name,
            "path": str(self.path),
            "set_aside": self.when,
            "why": self.why.value if self.why is not None else "",
            "detail": self.detail,
        }


@dataclass
class NewerSave:
    """An unfinished match saved by a newer okey101: left untouched, for that okey101."""

    id: str
    path: Path
    version: int

    def as_dict(self) -> JSONObject:
        return {"id": self.id, "path": str(self.path), "version": self.version}


@dataclass
class SaveList:
    """The unfinished matches, most recently played first, the files set aside (those
    this reading set aside also in ``problems``, with what was wrong) and the saves of a
    newer okey101."""

    entries: list[SaveEntry] = field(default_factory=list)
    problems: list[SaveError] = field(default_factory=list)
    set_aside: list[SetAsideFile] = field(default_factory=list)
    newer: list[NewerSave] = field(default_factory=list)
    # The folder itself could not be read (a file in its place, no permission): what it
    # holds is not known, so "no unfinished matches" is not said (``problems`` says why).
    unreadable: bool = False

    def find(self, match_id: str) -> SaveEntry | None:
        """The match with this id, or the only one whose id starts with it."""
        exact = [e for e in self.entries if e.id == match_id]
        if exact:
            return exact[0]
        starts = self.starting_with(match_id)
        return starts[0] if len(starts) == 1 else None

    def starting_with(self, match_id: str) -> list[SaveEntry]:
        """The matches whose id starts with ``match_id`` (none for an empty one)."""
        return [e for e in self.entries if match_id and e.id.startswith(match_id)]

    def find_newer(self, match_id: str) -> NewerSave | None:
        """The save of a newer okey101 with this id, or the only one whose id starts with it."""
        exact = [n for n in self.newer if n.id == match_id]
        starts = [n for n in self.newer if match_id and n.id.startswith(match_id)]
        return exact[0] if exact else starts[0] if len(starts) == 1 else None

    def reminders(self) -> list[str]:
        """What the player should know of the saves this okey101 cannot use, said where
        the saves are offered: the files lying aside when any was set aside earlier
        (those set aside by this process alone were said already, each by its own line),
        and the matches of a newer okey101. The count is of every file lying aside: one
        set aside earlier beside one set aside now was "1 save … kept aside", two there."""
        said: list[str] = []
        if any(f.path not in _set_aside_here for f in self.set_aside):
            n = len(self.set_aside)
            said.append(
                ngettext(
                    "{n} save that could not be used is kept aside in {folder}: "
                    "okey101 saves lists it",
                    "{n} saves that could not be used are kept aside in {folder}: "
                    "okey101 saves lists them",
                    n,
                ).format(n=n, folder=self.set_aside[0].path.parent)
            )
        if self.newer:
            said.append(
                ngettext(
                    "The match {ids} was saved by a newer okey101: update okey101 to continue it",
                    "The matches {ids} were saved by a newer okey101: "
                    "update okey101 to continue them",
                    len(self.newer),
                ).format(ids=", ".join(n.id for n in self.newer))
            )
        return said


def adopt_legacy_save() -> None:
    """Move the single save of older versions into the saves dir, under an id of its own."""
    old = legacy_save_path()
    if not old.is_file():  # none, or a folder of someone's by that name: not ours to move
        return
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(old.stat().st_mtime))
    target = save_path_for(f"{stamp}-{secrets.token_hex(2)}")
    target.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        os.replace(old, target)


def list_saves(folder: Path | None = None) -> SaveList:
    """Every unfinished match (in ``folder``, by default the local matches' own); a bad
    file is set aside and reported, the others still listed, and so are the files set
    aside (now or before) and the saves of a newer okey101."""
    found = SaveList()
    if folder is None:
        with contextlib.suppress(OSError):
            adopt_legacy_save()
        folder = saves_dir()
    try:
        if not folder.exists():
            # None made yet, unless a file stands where a folder above it should be (the
            # list said "No unfinished matches" though the matches were only out of reach).
            above = next((p for p in folder.parents if p.exists()), None)
            if above is not None and not above.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(above))
            return found
        if not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
        with os.scandir(folder):
            pass
    except OSError as exc:
        found.unreadable = True
        found.problems.append(
            SaveError(
                _(
                    "Your saved matches could not be read ({error}): nothing was changed, "
                    "and they are listed again once okey101 can read their folder"
                ).format(error=os_problem(exc))
            )
        )
        return found
    for path in sorted(folder.glob("*.json")):
        # Only files: a folder named "photos.json" is someone's, not a save to set aside
        # (it was renamed, then listed nowhere), and a pipe would be read for ever.
        if path.name.startswith(".") or not path.is_file():
            continue
        try:
            saved = load(path)
        except NewerSaveError as exc:
            found.newer.append(NewerSave(path.stem, path, exc.version))
            continue
        except SaveError as exc:
            found.problems.append(exc)
            continue
        except OSError:  # it vanished or cannot be moved: leave it for next time
            continue
        if saved is not None and not saved.match.is_over:
            found.entries.append(SaveEntry(path.stem, path, saved))
    found.entries.sort(key=lambda e: (e.saved_at, e.id), reverse=True)
    found.set_aside = set_aside_files(folder)
    return found


def set_aside_files(folder: Path) -> list[SetAsideFile]:
    """The saves set aside in ``folder`` that are still there (the player deletes them),
    each with why it could not be used, read from it again."""
    files = []
    for path in sorted(folder.glob(f"*.json{ASIDE}*")):
        if path.name.startswith(".") or not path.is_file():
            continue
        problem = _problem(path)
        if problem is None:
            files.append(SetAsideFile(path))
        else:
            files.append(SetAsideFile(path, problem.why, problem.detail))
    return files


def _problem(path: Path) -> UnusableSaveError | None:
    """Why the save at ``path`` cannot be used (None if it can)."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # a mark some editors put first: read past
    except (OSError, UnicodeDecodeError) as exc:
        return _read_problem(exc)
    try:
        match_from_json(text)
    except UnusableSaveError as exc:
        return exc
    return None


# -- one writer per match -------------------------------------------------------------------


class MatchLock:
    """Held while one okey101 plays the match saved at ``path``; others are refused.

    The lock file is :func:`lock_path`'s, out of the saves folder. Where an older okey101
    left one beside the save, that one is held too: an older okey101 playing the match
    holds it, and refuses this one as before."""

    def __init__(self, path: Path) -> None:
        from filelock import FileLock, Timeout

        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        own = lock_path(path)
        self._locks = [FileLock(str(own), timeout=0)]
        legacy = legacy_lock_path(path)
        if legacy.exists():
            self._locks.append(FileLock(str(legacy), timeout=0))
        try:
            own.parent.mkdir(parents=True, exist_ok=True)
            for lock in self._locks:
                lock.acquire()
        except Timeout:
            self.release()
            raise SaveInUseError(
                _("Another okey101 is playing this match right now; finish or quit it there first")
            ) from None
        except OSError as exc:  # "[Errno 20] Not a directory: '…/locks/saves'" said alone
            self.release()
            raise LockFolderError(
                _(
                    "the match cannot be locked against a second okey101 in {folder} ({error}): "
                    "move what is in the way, or set OKEY101_DATA_DIR to another folder"
                ).format(folder=own.parent, error=os_problem(exc))
            ) from None
        except BaseException:
            self.release()
            raise

    def release(self) -> None:
        for lock in reversed(self._locks):
            if lock.is_locked:
                lock.release(force=True)


def in_use(path: Path) -> bool:
    """Whether another okey101 (or this one) is playing the match saved at ``path``."""
    try:
        MatchLock(path).release()
    except SaveInUseError:
        return True
    return False


@contextlib.contextmanager
def exclusive(path: Path) -> Iterator[MatchLock]:
    """Hold the match's lock for as long as the block runs."""
    lock = MatchLock(path)
    try:
        yield lock
    finally:
        lock.release()


# -- seats at tables on other computers ------------------------------------------------------


def seats_path() -> Path:
    return data_dir() / "seats.json"


def _seats() -> dict[str, str]:
    try:
        raw = json.loads(seats_path().read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {str(k): v for k, v in raw.items() if isinstance(v, str)}


def seat_token(table: str) -> str | None:
    """The token of our seat at ``table`` (its address and join code), if we sat there."""
    return _seats().get(table)


def seat_addresses(code: str) -> list[str]:
    """The addresses of the tables with join code ``code`` where we keep a seat (the
    table's address as it was given: ``ws://127.0.0.1:8101``)."""
    return sorted(
        key.removesuffix(f" {code}") for key in _seats() if code and key.endswith(f" {code}")
    )


def keep_seat_token(table: str, token: str | None) -> None:
    """Remember (or, with None, forget) our seat's token at ``table``: a player whose
    terminal closed runs the same ``okey101 join`` again and takes the seat back."""
    seats = _seats()
    if token is None:
        if seats.pop(table, None) is None:
            return
    else:
        seats[table] = token
    with contextlib.suppress(OSError):
        data_dir().mkdir(parents=True, exist_ok=True)
        atomic_write(seats_path(), json.dumps(seats, indent=1, sort_keys=True))
